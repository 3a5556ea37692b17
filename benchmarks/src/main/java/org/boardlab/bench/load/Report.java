package org.boardlab.bench.load;

import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

/** The figures of one run, printed in words and as one JSON line. */
final class Report {

    private final Options options;
    String loadAverageAtStart = "";
    String loadAverageAtEnd = "";
    /** When the last game was started: the load the measured window ran under. */
    String loadAverageAtDeadline = "";
    /** The server when idle (before the clients), at its largest while playing, and after the clients left. */
    ServerProbe.Sample serverIdle = ServerProbe.Sample.UNKNOWN;
    ServerProbe.Sample serverAfter = ServerProbe.Sample.UNKNOWN;
    /** Another process: the first look after the clients left, before the heap settled; seconds until it did. */
    ServerProbe.Sample serverAfterFirst = ServerProbe.Sample.UNKNOWN;
    double serverSettledSeconds = Double.NaN;
    int serverPeakJavaThreads = -1;
    int serverPeakOsThreads = -1;
    double serverPeakHeapMb = -1;
    /** Seconds this JVM's JIT compiled during the warm-up and in the measured window. */
    double jitWarmupSeconds;
    double jitWindowSeconds;
    /**
     * CPU seconds (user and system) of a server in its own process in the measured window, and per
     * move through it: the server's cost of a move, which the machine's load changes far less than
     * the latency.
     */
    double serverCpuSeconds = Double.NaN;
    double serverCpuMsPerMove = Double.NaN;
    double loginSeconds;
    double closeSeconds;
    /** Seconds after the clients closed until the server (another process) had closed its side too; NaN unknown. */
    double serverSocketsClosedSeconds = Double.NaN;
    long unfinishedGames;
    long lost;
    /** The first pairs with lost moves. */
    final java.util.List<String> lostIn = new java.util.ArrayList<>();
    /** {@code -1}: not known (the server runs in another process). */
    long tapFrames = -1;
    long tapDropped = -1;
    long tapEventsReceived;
    Boolean tapActive;
    long violations = -1;
    long refusedClients = -1;
    long lobbyLinesDropped;
    /** From the first connect to the clients' close: how long the lobby lines came in. */
    double connectedSeconds;
    final Map<String, Long> serverEndings = new TreeMap<>();
    Map<String, Double> cpuSeconds = Map.of();
    double coresUsed;
    double machineCores;
    String gcAndJit = "";
    Map<String, Map<Thread.State, Integer>> census = Map.of();
    int peakThreads;

    private long connected;
    private long loggedIn;
    private long gamesStarted;
    private long gamesFinished;
    private long gamesNormal;
    private long movesSent;
    private long moves;
    private long movesInWindow;
    private double movesPerSecond;
    private long passes;
    private long declined;
    private long pongs;
    private double maxPingMillis;
    private long errors;
    private Map<String, Long> errorsByKind = Map.of();
    private Iterable<String> firstErrors = java.util.List.of();
    private Latencies.Snapshot latency;
    /** How late the generator's own event loops ran in the measured window ({@link LoopLateness}). */
    Latencies.Snapshot loopLate;

    Report(Options options) {
        this.options = options;
    }

    /** Keeps the largest figures seen while playing. */
    void peak(ServerProbe.Sample s) {
        serverPeakJavaThreads = Math.max(serverPeakJavaThreads, s.javaThreads());
        serverPeakOsThreads = Math.max(serverPeakOsThreads, s.osThreads());
        serverPeakHeapMb = Math.max(serverPeakHeapMb, s.heapUsedMb());
    }

    /** Takes the clients' counts at the end of the run. */
    void take(Stats stats, Schedule schedule) {
        connected = stats.connected.sum();
        loggedIn = stats.loggedIn.sum();
        gamesStarted = stats.gamesStarted.sum();
        gamesFinished = stats.gamesFinished.sum();
        gamesNormal = stats.gamesNormal.sum();
        movesSent = stats.movesSent.sum();
        moves = stats.movesThrough.sum();
        movesInWindow = stats.movesInWindow.sum();
        double windowSeconds = (schedule.deadline() - schedule.windowStart()) / 1e9;
        movesPerSecond = movesInWindow / windowSeconds;
        passes = stats.passes.sum();
        declined = stats.invitationsDeclined.sum();
        pongs = stats.pongs.sum();
        maxPingMillis = stats.maxPingRoundTrip.get() / 1e6;
        errors = stats.errorCount();
        errorsByKind = stats.errors();
        firstErrors = stats.firstErrors();
        latency = stats.latencies.snapshot();
    }

    /** Every client logged in, games were played and all finished, no error, no lost move. */
    boolean clean() {
        return errors == 0 && lost == 0 && loggedIn == options.clients() && gamesFinished > 0 && unfinishedGames == 0;
    }

    String text() {
        StringBuilder b = new StringBuilder();
        b.append(String.format(Locale.ROOT, "%n== load generator: %d " + (options.gomoku() ? "gomoku " : "") + "clients, %d s (%d s warm-up), tap %s, think %s ms, "
                + "time per move %d s, %d client thread(s) ==%n", options.clients(), options.seconds(),
                options.warmupSeconds(), options.tap() ? "on" : "off", think(options), options.timePerMove(),
                options.clientThreads()));
        b.append(String.format(Locale.ROOT, "clients:      %d connected, %d logged in (%.1f s to connect and log in)%n",
                connected, loggedIn, loginSeconds));
        b.append(String.format(Locale.ROOT, "games:        %d started, %d finished (%d normally), %d still under way after the drain (" + (options.gomoku()
                ? "round started or new sent, no win yet" : "invitation sent, no end yet") + ")%n",
                gamesStarted, gamesFinished, gamesNormal, unfinishedGames));
        b.append(String.format(Locale.ROOT, "moves:        %d through the server (%d sent, %d passes); %.0f moves/s in the "
                + "measured window%n", moves, movesSent, passes, movesPerSecond));
        b.append(String.format(Locale.ROOT, "latency:      " + (options.gomoku() ? "place sent -> opponent's update"
                : "CMOV sent -> opponent's SMOV") + ": p50 %.2f ms, p99 %.2f ms, max %.2f ms, "
                + "mean %.2f ms (%d samples)%n", latency.percentileMillis(50), latency.percentileMillis(99),
                latency.maxMillis(), latency.meanMillis(), latency.count()));
        if (loopLate != null && loopLate.count() > 0) {
            b.append(String.format(Locale.ROOT, "              the generator's own event loops ran late by p50 %.2f ms, p99 %.2f ms, max %.2f ms "
                    + "(a latency includes up to that: the generator's delay, not the server's)%n",
                    loopLate.percentileMillis(50), loopLate.percentileMillis(99), loopLate.maxMillis()));
        }
        b.append(String.format(Locale.ROOT, "errors:       %d %s; lost moves: %d%n", errors, errorsByKind, lost));
        for (String e : firstErrors) {
            b.append("              ").append(e).append('\n');
        }
        for (String p : lostIn) {
            b.append("              lost in ").append(p).append('\n');
        }
        b.append(String.format(Locale.ROOT, "server:       tap frames %d, dropped %d, tap active %s, wire events received by "
                + "the listener %d; violations %d; refused clients %d; results %s%n", tapFrames, tapDropped, tapActive,
                tapEventsReceived, violations, refusedClients, serverEndings));
        b.append(String.format(Locale.ROOT, "lobby lines:  %d dropped unparsed by the clients (%.0f per client a minute); %d "
                + "invitations declined and retried; %d pings answered, longest round trip %.0f ms%n", lobbyLinesDropped,
                lobbyLinesPerClientMinute(), declined, pongs, maxPingMillis));
        b.append(String.format(Locale.ROOT, "cpu:          %.2f cores on average while playing (the whole machine: %.2f, so "
                + "other processes %.2f); seconds by threads %s (other includes %s)%n", coresUsed, machineCores,
                machineCores - coresUsed, cpuSeconds, gcAndJit));
        b.append(String.format(Locale.ROOT, "threads:      peak %d; halfway %s%n", peakThreads, census));
        b.append(String.format(Locale.ROOT, "server:       idle: %s%n", serverIdle.text()));
        b.append(String.format(Locale.ROOT, "              playing (largest, every 5 s): %s Java threads, %s threads in the process, "
                + "heap %s MB used%n", serverPeakJavaThreads < 0 ? "?" : serverPeakJavaThreads,
                serverPeakOsThreads < 0 ? "?" : serverPeakOsThreads,
                serverPeakHeapMb < 0 ? "?" : String.format(Locale.ROOT, "%.0f", serverPeakHeapMb)));
        b.append(String.format(Locale.ROOT, "              after the clients left (after a full GC%s): %s%n",
                Double.isNaN(serverSocketsClosedSeconds) ? ""
                        : String.format(Locale.ROOT, ", once the server had closed their connections too, %.1f s after", serverSocketsClosedSeconds),
                serverAfter.text()));
        if (serverAfterFirst != ServerProbe.Sample.UNKNOWN && serverAfterFirst.heapUsedMb() >= 0) {
            b.append(String.format(Locale.ROOT, "              (the heap settled %.0f s after the first look, which read %.0f MB after a full GC)%n",
                    serverSettledSeconds, serverAfterFirst.heapUsedMb()));
        }
        if (!Double.isNaN(jitWindowSeconds)) {
            b.append(String.format(Locale.ROOT, "jit:          the server's JIT compiled %.1f s during the warm-up, %.1f s in the measured window%s%n",
                    jitWarmupSeconds, jitWindowSeconds, jitWindowSeconds > 0.05 * (options.seconds() - options.warmupSeconds())
                            ? " (more than 5 % of the window: a longer --warmup gives steadier figures)" : ""));
        }
        if (!Double.isNaN(serverCpuMsPerMove)) {
            b.append(String.format(Locale.ROOT, "server cpu:   %.1f s in the measured window (%.2f cores), %.3f ms a move%n",
                    serverCpuSeconds, serverCpuSeconds / (options.seconds() - options.warmupSeconds()), serverCpuMsPerMove));
        }
        b.append(String.format(Locale.ROOT, "machine:      load average %s at the start, %s when the last game started, %s at the "
                + "end; %d cores; closing took %.1f s", loadAverageAtStart, loadAverageAtDeadline, loadAverageAtEnd,
                Runtime.getRuntime().availableProcessors(), closeSeconds));
        return b.toString();
    }

    String json() {
        Map<String, Object> m = new java.util.LinkedHashMap<>();
        if (options.gomoku()) {
            m.put("protocol", options.protocol()); // the Othello line stays as it was
        }
        m.put("clients", options.clients());
        m.put("seconds", options.seconds());
        m.put("warmupSeconds", options.warmupSeconds());
        m.put("tap", options.tap() ? "on" : "off");
        m.put("thinkMs", think(options));
        m.put("timePerMoveSeconds", options.timePerMove());
        m.put("clientThreads", options.clientThreads());
        m.put("connected", connected);
        m.put("loggedIn", loggedIn);
        m.put("loginSeconds", round(loginSeconds));
        m.put("gamesStarted", gamesStarted);
        m.put("gamesFinished", gamesFinished);
        m.put("gamesNormal", gamesNormal);
        m.put("unfinishedGames", unfinishedGames);
        m.put("moves", moves);
        m.put("movesSent", movesSent);
        m.put("movesInWindow", movesInWindow);
        m.put("movesPerSecond", round(movesPerSecond));
        m.put("latencySamples", latency.count());
        m.put("latencyP50Ms", round(latency.percentileMillis(50)));
        m.put("latencyP99Ms", round(latency.percentileMillis(99)));
        m.put("latencyMaxMs", round(latency.maxMillis()));
        if (loopLate != null && loopLate.count() > 0) {
            m.put("generatorLoopLateP50Ms", round(loopLate.percentileMillis(50)));
            m.put("generatorLoopLateP99Ms", round(loopLate.percentileMillis(99)));
        }
        m.put("errors", errors);
        m.put("errorsByKind", errorsByKind);
        m.put("lost", lost);
        m.put("tapFrames", tapFrames);
        m.put("tapDropped", tapDropped);
        m.put("tapActive", tapActive);
        m.put("tapEventsReceived", tapEventsReceived);
        m.put("violations", violations);
        m.put("refusedClients", refusedClients);
        m.put("serverResults", serverEndings);
        m.put("lobbyLinesDropped", lobbyLinesDropped);
        m.put("lobbyLinesPerClientMinute", round(lobbyLinesPerClientMinute()));
        m.put("invitationsDeclined", declined);
        m.put("pongs", pongs);
        m.put("maxPingRoundTripMs", round(maxPingMillis));
        m.put("cpuCores", round(coresUsed));
        m.put("machineCores", round(machineCores));
        m.put("cpuSeconds", cpuSeconds);
        m.put("peakThreads", peakThreads);
        m.put("serverIdleJavaThreads", serverIdle.javaThreads());
        m.put("serverIdleThreads", serverIdle.osThreads());
        m.put("serverIdleHeapMb", round(serverIdle.heapUsedMb()));
        m.put("serverPeakJavaThreads", serverPeakJavaThreads);
        m.put("serverPeakThreads", serverPeakOsThreads);
        m.put("serverPeakHeapMb", round(serverPeakHeapMb));
        m.put("serverAfterJavaThreads", serverAfter.javaThreads());
        m.put("serverAfterThreads", serverAfter.osThreads());
        m.put("serverAfterHeapMb", round(serverAfter.heapUsedMb()));
        m.put("serverSocketsClosedSeconds", round(serverSocketsClosedSeconds));
        m.put("serverAfterFirstHeapMb", round(serverAfterFirst.heapUsedMb()));
        m.put("serverSettledSeconds", round(serverSettledSeconds));
        m.put("jitWarmupSeconds", round(jitWarmupSeconds));
        m.put("jitWindowSeconds", round(jitWindowSeconds));
        m.put("serverCpuSeconds", round(serverCpuSeconds));
        m.put("serverCpuMsPerMove", Double.isNaN(serverCpuMsPerMove) ? null : Math.round(serverCpuMsPerMove * 1000) / 1000.0);
        m.put("cores", Runtime.getRuntime().availableProcessors());
        m.put("loadAverageStart", loadAverageAtStart);
        m.put("loadAverageAtDeadline", loadAverageAtDeadline);
        m.put("loadAverageEnd", loadAverageAtEnd);
        return toJson(m);
    }

    /** Lobby lines each client got, on average, per minute connected. */
    double lobbyLinesPerClientMinute() {
        return connectedSeconds <= 0 ? 0 : lobbyLinesDropped / (double) options.clients() / (connectedSeconds / 60);
    }

    private static double round(double v) {
        return Double.isNaN(v) ? v : Math.round(v * 100) / 100.0;
    }

    private static String toJson(Object value) {
        if (value == null) {
            return "null";
        }
        if (value instanceof Map<?, ?> map) {
            return map.entrySet().stream().map(e -> quote(String.valueOf(e.getKey())) + ":" + toJson(e.getValue()))
                    .collect(Collectors.joining(",", "{", "}"));
        }
        if (value instanceof Double d) {
            return d.isNaN() || d.isInfinite() ? "null" : String.valueOf(d);
        }
        if (value instanceof Number || value instanceof Boolean) {
            return String.valueOf(value);
        }
        return quote(String.valueOf(value));
    }

    private static String quote(String s) {
        StringBuilder b = new StringBuilder("\"");
        for (char c : s.toCharArray()) {
            if (c == '"' || c == '\\') {
                b.append('\\').append(c);
            } else if (c < 0x20) {
                b.append(String.format("\\u%04x", (int) c));
            } else {
                b.append(c);
            }
        }
        return b.append('"').toString();
    }

    /** The clients' thinking time as given: {@code T} or {@code LO-HI}. */
    static String think(Options options) {
        return options.thinkMaxMillis() == options.thinkMillis() ? String.valueOf(options.thinkMillis())
                : options.thinkMillis() + "-" + options.thinkMaxMillis();
    }
}
