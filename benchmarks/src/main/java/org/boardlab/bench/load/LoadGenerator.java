package org.boardlab.bench.load;

import io.netty.channel.EventLoopGroup;
import io.netty.channel.nio.NioEventLoopGroup;
import io.netty.util.concurrent.DefaultThreadFactory;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.concurrent.atomic.LongAdder;
import org.boardlab.api.Game;
import org.boardlab.api.event.WireEvent;
import org.boardlab.core.EventBus;
import org.boardlab.game.gomoku.Gomoku;
import org.boardlab.game.othello.Othello;
import org.boardlab.protocol.gomoku.internal.GomokuProtocol;
import org.boardlab.protocol.gomoku.internal.GomokuServerProtocol;
import org.boardlab.protocol.othello.internal.OthelloProtocol;
import org.boardlab.protocol.othello.internal.OthelloServerProtocol;
import org.boardlab.server.EmbeddedServer;
import org.boardlab.server.ServerSettings;

/**
 * A load generator for the embedded server with seed 000's Othello protocol: it starts the server
 * in this JVM on 127.0.0.1 (or loads one given with {@code --host/--port}, which must be on this
 * machine), opens many client connections on one small Netty event-loop group (each an
 * {@link org.boardlab.protocol.othello.OthelloClient} of the protocol bundle), logs them in, pairs
 * them (client 2k invites client 2k+1, which accepts) and lets every pair play random legal games
 * for a fixed time, a new game after each end. Then it lets the games under way finish, and prints
 * what it measured, in words and as one JSON line (the last line of its output):
 * <ul>
 * <li>clients connected and logged in, games started and finished;</li>
 * <li>moves per second through the server: {@code CMOV}s whose {@code SMOV} reached the opponent,
 * in the measured window (after the warm-up, until the deadline);</li>
 * <li>the latency from a {@code CMOV} written by the mover to the opponent's {@code SMOV} read, both
 * on {@link System#nanoTime()} in this JVM: p50, p99, max;</li>
 * <li>errors by kind ({@code SERR}, {@code SMOVERR}, unexpected closes, games that ended other than
 * normally, disagreements between the server and the clients' own rules), and lost moves (sent,
 * never seen by the opponent, not refused);</li>
 * <li>the wire tap's frames and dropped frames, the server's protocol violations, and where the
 * CPU went (per group of threads).</li>
 * </ul>
 * Everything stops by itself: no new game after {@code --seconds}, no new move after the games'
 * drain time, then the connections close. Exit status 0 when there was no error and no lost move.
 *
 * <p>With {@code --protocol gomoku} the same is measured over seed 003's Gomoku GMKU protocol: the
 * clients send {@code join} one after another, so the server pairs client 2k (black) with client
 * 2k+1; latency is from a {@code place} written to the opponent's {@code update} read, and black
 * asks for the next round with {@code new} (see {@link GomokuLoadClient}).
 *
 * <pre>
 * java -cp benchmarks/target/benchmarks.jar org.boardlab.bench.load.LoadGenerator --clients 2000 --seconds 30
 * </pre>
 */
public final class LoadGenerator {

    /** How many connects may be under way at once (the server's backlog is 1,024). */
    private static final int CONNECTS_AT_ONCE = 256;

    /** The wire events a tap listener keeps, as the inspector's log would. */
    private static final int TAP_KEPT = 10_000;

    private final Options options;
    private final Stats stats = new Stats();
    private final Schedule schedule = new Schedule();
    private final Othello othello = new Othello();
    private final Gomoku gomoku = new Gomoku();

    private LoadGenerator(Options options) {
        this.options = options;
    }

    /** Runs the load described by the arguments (see {@code --help}) and prints the results. */
    public static void main(String[] args) throws Exception {
        Options options;
        try {
            options = Options.parse(args);
        } catch (IllegalArgumentException e) {
            if (!e.getMessage().isEmpty()) {
                System.err.println("load generator: " + e.getMessage());
            }
            System.err.print(Options.USAGE);
            System.exit(e.getMessage().isEmpty() ? 0 : 2);
            return;
        }
        Report report = new LoadGenerator(options).run();
        System.out.println(report.text());
        System.out.println(report.json());
        System.out.flush();
        System.exit(report.clean() ? 0 : 1);
    }

    private Report run() throws InterruptedException {
        Report report = new Report(options);
        report.loadAverageAtStart = loadAverage();
        EventBus events = new EventBus();
        EmbeddedServer server = null;
        InetSocketAddress address;
        LongAdder tapEvents = new LongAdder();
        Map<String, LongAdder> serverEndings = new ConcurrentHashMap<>();
        if (options.inProcess()) {
            ServerSettings settings = ServerSettings.defaults()
                    .withMaxClients(Math.max(options.clients() + 16, ServerSettings.defaults().maxClients()))
                    .withTimePerMove(Duration.ofSeconds(options.timePerMove()));
            Game game = options.gomoku() ? gomoku : othello;
            server = new EmbeddedServer(id -> game, events, settings, this::serverLog);
            if (options.gomoku()) {
                server.addProtocol(new GomokuServerProtocol(new GomokuProtocol()));
            } else {
                server.addProtocol(new OthelloServerProtocol(new OthelloProtocol()));
            }
            server.onResult(r -> serverEndings.computeIfAbsent(r.outcome().ending().name(), k -> new LongAdder()).increment());
            if (options.tap()) {
                AtomicReferenceArray<WireEvent> kept = new AtomicReferenceArray<>(TAP_KEPT);
                events.subscribe(e -> {
                    if (e instanceof WireEvent w) {
                        tapEvents.increment();
                        kept.set((int) (w.sequence() % TAP_KEPT), w);
                    }
                });
            }
            address = server.start(options.protocol(), "127.0.0.1", 0);
        } else {
            address = new InetSocketAddress(options.host(), options.port());
        }
        ServerProbe probe = options.inProcess() ? ServerProbe.thisProcess()
                : options.serverPid() > 0 ? ServerProbe.process(options.serverPid()) : ServerProbe.NONE;
        report.serverIdle = probe.sample(true);
        int idleSockets = probe.sockets();
        System.out.println("load generator: " + options.clients() + (options.gomoku() ? " gomoku" : "")
                + " clients against " + (options.inProcess()
                ? "an embedded server on " : "the server on ") + address.getAddress().getHostAddress() + ":"
                + address.getPort() + ", " + options.seconds() + " s (" + options.warmupSeconds() + " s warm-up), tap "
                + (options.tap() ? "on" : "off") + ", think " + Report.think(options) + " ms, load average "
                + report.loadAverageAtStart + ", " + Runtime.getRuntime().availableProcessors() + " cores; server idle: "
                + report.serverIdle.text());

        EventLoopGroup group = new NioEventLoopGroup(options.clientThreads(), new DefaultThreadFactory("load-client", true));
        CpuProfile profile = new CpuProfile();
        List<LoadClient> clients = new ArrayList<>();
        List<GomokuLoadClient> gomokuClients = new ArrayList<>();
        List<GamePair> pairs = new ArrayList<>();
        long connectStart = System.nanoTime();
        try {
            CountDownLatch loggedIn = new CountDownLatch(options.clients());
            if (options.gomoku()) {
                connectGomoku(group, address, gomokuClients, pairs);
                joinInOrder(gomokuClients, loggedIn);
            } else {
                connect(group, address, clients, pairs, loggedIn);
            }
            long loginDeadlineMillis = Math.max(60_000, options.clients() * 30L);
            if (!loggedIn.await(loginDeadlineMillis, TimeUnit.MILLISECONDS)) {
                stats.error("login", (loggedIn.getCount()) + " clients were not logged in after "
                        + loginDeadlineMillis / 1000 + " s");
            }
            report.loginSeconds = (System.nanoTime() - connectStart) / 1e9;
            System.out.printf("connected %d, logged in %d in %.1f s; playing%n", stats.connected.sum(),
                    stats.loggedIn.sum(), report.loginSeconds);

            profile.startRecording();
            Latencies late = new Latencies();
            LoopLateness lateness = new LoopLateness(schedule::inWindow, late::add);
            lateness.start(group);
            schedule.start(TimeUnit.SECONDS.toNanos(options.warmupSeconds()), TimeUnit.SECONDS.toNanos(options.seconds()));
            for (LoadClient client : clients) {
                client.startPlaying();
            }
            for (GomokuLoadClient client : gomokuClients) {
                client.startPlaying();
            }
            play(profile, server, report, probe);
            profile.stopRecording();
            lateness.stop();
            report.loopLate = late.snapshot();
            report.loadAverageAtDeadline = loadAverage();

            // the longest game a pair can still have ahead of it, each move after the longest think:
            // Othello has at most 60 moves (64 with passes), a GMKU round on 15 x 15 at most 225
            long drainMillis = 10_000 + (options.gomoku() ? 225L : 64L) * options.thinkMaxMillis();
            long drainUntil = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(drainMillis);
            while (stats.gamesInProgress.get() > 0 && System.nanoTime() < drainUntil) {
                Thread.sleep(20);
            }
            report.unfinishedGames = stats.gamesInProgress.get();
            schedule.halt();
            long settleUntil = System.nanoTime() + TimeUnit.SECONDS.toNanos(3);
            while (unanswered(pairs) > 0 && System.nanoTime() < settleUntil) {
                Thread.sleep(20);
            }
            report.lost = unanswered(pairs);
            pairs.stream().filter(p -> p.unanswered() != 0).limit(5).forEach(p -> report.lostIn.add(p.toString()));
            if (server != null) {
                report.tapFrames = server.tap().frames();
                report.tapDropped = server.tap().dropped();
                report.violations = server.violations();
                report.refusedClients = server.refusedClients();
                serverEndings.forEach((k, v) -> report.serverEndings.put(k, v.sum()));
            }
            report.tapEventsReceived = tapEvents.sum();
        } finally {
            schedule.shutDown();
            long closeStart = System.nanoTime();
            clients.forEach(LoadClient::close);
            gomokuClients.forEach(GomokuLoadClient::close);
            group.shutdownGracefully(0, 1, TimeUnit.SECONDS).awaitUninterruptibly(10, TimeUnit.SECONDS);
            report.closeSeconds = (System.nanoTime() - closeStart) / 1e9;
            report.connectedSeconds = (closeStart - connectStart) / 1e9;
            report.lobbyLinesDropped = clients.stream().mapToLong(LoadClient::lobbyLinesDropped).sum()
                    + stats.lobbyLines.sum();
            // the clients are gone: what does the server keep? (the generator lets go of its clients first)
            clients.clear();
            gomokuClients.clear();
            pairs.clear();
            awaitEmpty(server);
            // another process: sample once it has closed the clients' connections on its side too, and the heap settled
            ServerProbe.Settled after = probe.sampleSettled(idleSockets, 5, 60, 10);
            report.serverSocketsClosedSeconds = after.socketsClosedSeconds();
            report.serverAfter = after.settled();
            report.serverAfterFirst = after.first();
            report.serverSettledSeconds = after.settledSeconds();
            if (server != null) {
                server.close();
            }
            profile.close();
        }
        report.cpuSeconds = profile.cpuSeconds();
        report.coresUsed = profile.coresUsed();
        report.gcAndJit = profile.gcAndJit();
        report.machineCores = profile.machineCores();
        report.census = profile.census();
        report.peakThreads = profile.peakThreads();
        report.loadAverageAtEnd = loadAverage();
        report.take(stats, schedule);
        return report;
    }

    /** Keeps the server's log lines about closed connections, violations and refusals (the rest is routine). */
    private void serverLog(String line) {
        if (!schedule.shuttingDown() && (line.startsWith("closing ") || line.startsWith("protocol violation")
                || line.startsWith("refused ") || line.contains(" dropped out of "))) {
            stats.error("server log", line);
        }
    }

    /**
     * Opens every connection (at most {@link #CONNECTS_AT_ONCE} under way at a time) and logs it
     * in; {@code loggedIn} is counted down once for each client, logged in or failed.
     */
    private void connect(EventLoopGroup group, InetSocketAddress address, List<LoadClient> clients, List<GamePair> pairs,
            CountDownLatch loggedIn) throws InterruptedException {
        Semaphore underWay = new Semaphore(CONNECTS_AT_ONCE);
        for (int i = 0; i < options.clients(); i++) {
            if (i % 2 == 0) {
                pairs.add(new GamePair("lg" + i, "lg" + (i + 1)));
            }
            String name = "lg" + i;
            LoadClient client = new LoadClient(name, pairs.get(i / 2), othello, stats, schedule, group,
                    options.thinkMillis(), options.thinkMaxMillis(), options.seed() * 1_000_003L + i);
            clients.add(client);
            underWay.acquire();
            client.connect(address, loggedIn::countDown).whenComplete((c, failure) -> {
                underWay.release();
                if (failure != null) {
                    stats.error("connect", name + " could not connect: " + failure);
                    loggedIn.countDown();
                }
            });
        }
    }

    /**
     * Opens every Gomoku connection (at most {@link #CONNECTS_AT_ONCE} under way at a time) and
     * waits until each has connected or failed.
     */
    private void connectGomoku(EventLoopGroup group, InetSocketAddress address, List<GomokuLoadClient> clients,
            List<GamePair> pairs) throws InterruptedException {
        Semaphore underWay = new Semaphore(CONNECTS_AT_ONCE);
        CountDownLatch done = new CountDownLatch(options.clients());
        for (int i = 0; i < options.clients(); i++) {
            if (i % 2 == 0) {
                pairs.add(new GamePair("lg" + i, "lg" + (i + 1)));
            }
            String name = "lg" + i;
            GomokuLoadClient client = new GomokuLoadClient(name, pairs.get(i / 2), gomoku, stats, schedule, group,
                    options.thinkMillis(), options.thinkMaxMillis(), options.seed() * 1_000_003L + i);
            clients.add(client);
            underWay.acquire();
            client.connect(address).whenComplete((c, failure) -> {
                underWay.release();
                if (failure != null) {
                    stats.error("connect", name + " could not connect: " + failure);
                }
                done.countDown();
            });
        }
        done.await(60, TimeUnit.SECONDS);
    }

    /**
     * Sends each client's {@code join} only once the one before has its {@code hello} (it is then in
     * the server's queue), so that the server, which pairs a newcomer with the client that waited
     * longest, pairs client 2k with client 2k+1. A client that is not connected or not answered
     * would shift every pair after it, so joining stops there (counted as a login error).
     */
    private void joinInOrder(List<GomokuLoadClient> clients, CountDownLatch loggedIn) throws InterruptedException {
        for (int i = 0; i < clients.size(); i++) {
            GomokuLoadClient client = clients.get(i);
            boolean joined = client.connected();
            if (joined) {
                client.join();
                joined = client.joined.await(10, TimeUnit.SECONDS);
            }
            if (!joined) {
                stats.error("join", "lg" + i + (client.connected() ? " got no hello in 10 s" : " is not connected")
                        + "; the clients after it do not join");
                while (loggedIn.getCount() > 0) {
                    loggedIn.countDown(); // nobody else will join: the report counts who did
                }
                return;
            }
            loggedIn.countDown();
        }
    }

    /** Waits out the play phase, printing progress every 5 s and taking the thread census halfway. */
    private void play(CpuProfile profile, EmbeddedServer server, Report report, ServerProbe probe)
            throws InterruptedException {
        long start = System.nanoTime();
        double jitAtStart = probe.jitSeconds();
        double jitAtWindow = Double.NaN;
        double cpuAtWindow = Double.NaN;
        long movesAtWindow = 0;
        boolean windowStarted = false;
        long halfway = start + (schedule.deadline() - start) / 2;
        boolean censusTaken = false;
        long nextPrint = start + TimeUnit.SECONDS.toNanos(5);
        long lastMoves = 0;
        long lastTime = start;
        while (System.nanoTime() - schedule.deadline() < 0) {
            long left = schedule.deadline() - System.nanoTime();
            Thread.sleep(Math.max(1, Math.min(100, TimeUnit.NANOSECONDS.toMillis(left))));
            long now = System.nanoTime();
            if (!windowStarted && now - schedule.windowStart() >= 0) {
                windowStarted = true;
                jitAtWindow = probe.jitSeconds();
                cpuAtWindow = probe.cpuSeconds();
                movesAtWindow = stats.movesThrough.sum();
            }
            if (!censusTaken && now - halfway >= 0) {
                censusTaken = true;
                profile.takeCensus();
                if (server != null) {
                    report.tapActive = server.tap().active();
                }
            }
            if (now - nextPrint >= 0 && now - schedule.deadline() < 0) {
                long moves = stats.movesThrough.sum();
                Latencies.Snapshot recent = stats.recent.drain();
                System.out.printf(Locale.ROOT, "  %4.0f s: %,d moves (%,.0f/s now, p99 %.1f ms, max %.1f ms), %,d games finished, %,d under way, %d errors%n",
                        (now - start) / 1e9, moves, (moves - lastMoves) / ((now - lastTime) / 1e9),
                        recent.percentileMillis(99), recent.maxMillis(),
                        stats.gamesFinished.sum(), stats.gamesInProgress.get(), stats.errorCount());
                lastMoves = moves;
                lastTime = now;
                nextPrint += TimeUnit.SECONDS.toNanos(5);
                report.peak(probe.sample(false));
            }
        }
        double jitAtEnd = probe.jitSeconds();
        if (!windowStarted) {
            jitAtWindow = jitAtEnd;
        }
        report.jitWarmupSeconds = jitAtWindow - jitAtStart;
        report.jitWindowSeconds = jitAtEnd - jitAtWindow;
        long windowMoves = stats.movesThrough.sum() - movesAtWindow;
        report.serverCpuSeconds = probe.cpuSeconds() - cpuAtWindow;
        report.serverCpuMsPerMove = windowStarted && windowMoves > 0 ? report.serverCpuSeconds * 1000 / windowMoves : Double.NaN;
    }

    /**
     * Waits (at most 10 s) until the server in this JVM has no connection and no table left: the
     * clients have closed and the server has seen it.
     */
    private static void awaitEmpty(EmbeddedServer server) {
        if (server == null) {
            try {
                Thread.sleep(2000); // another process: give it the time to see the connections close
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return;
        }
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while ((!server.connections().isEmpty() || !server.tables().isEmpty()) && System.nanoTime() - until < 0) {
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    private static long unanswered(List<GamePair> pairs) {
        long n = 0;
        for (GamePair p : pairs) {
            n += Math.max(0, p.unanswered());
        }
        return n;
    }

    /** The 1-, 5- and 15-minute load averages of the machine, as the kernel gives them. */
    private static String loadAverage() {
        try {
            String[] f = Files.readString(Path.of("/proc/loadavg")).trim().split("\\s+");
            return f[0] + " " + f[1] + " " + f[2];
        } catch (IOException | RuntimeException e) {
            return String.format("%.2f", java.lang.management.ManagementFactory.getOperatingSystemMXBean()
                    .getSystemLoadAverage());
        }
    }
}
