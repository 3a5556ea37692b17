package org.boardlab.cli.internal;

import java.io.PrintWriter;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Collectors;
import org.boardlab.api.Move;
import org.boardlab.cli.Cli;
import org.boardlab.core.GameResult;
import org.boardlab.server.EmbeddedServer;
import org.boardlab.server.OpenFiles;
import org.boardlab.server.ServerProtocol;
import org.boardlab.server.ServerSettings;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code boardlab serve}: runs the embedded server headless until interrupted (Ctrl+C), then ends the
 * open games (decided by the scores, clients told) and closes the ports.
 */
@Command(name = "serve", mixinStandardHelpOptions = true,
        description = {"Run the server for networked clients until interrupted (Ctrl+C).",
            "Without --protocol, every loaded protocol listens on its default port. "
                + "Each finished game is printed (one JSON object per line with --json); the server's log goes to standard error."})
public final class ServeCommand implements Callable<Integer> {

    @ParentCommand
    Cli cli;

    @Spec
    CommandSpec spec;

    @Option(names = "--protocol", paramLabel = "P", description = "A protocol to serve, by id (see boardlab list): othello, gomoku, reversi; may be repeated "
        + "(reversi, seed 004's Game Master on three ports, as often as you want Game Masters). "
        + "Without it, every loaded protocol is served on its default port.")
    List<String> protocolIds = new ArrayList<>();

    @Option(names = "--port", paramLabel = "N", description = "The port of the --protocol in the same place (the first --port goes with the first --protocol, ...); "
        + "give one per --protocol, or none for the protocols' default ports; 0 picks a free port. "
        + "reversi opens three: N (black player), N+1 (white player), N+2 (Game Controller), or B,W,G to set each.")
    List<String> portNumbers = new ArrayList<>();

    @Option(names = "--game-masters", paramLabel = "N", defaultValue = "1",
            description = "How many Game Masters each --protocol reversi opens, on consecutive ports from its --port: Game Master k "
                + "(from 0) on P+3k (black player), P+3k+1 (white player) and P+3k+2 (Game Controller); with --port 0 each "
                + "gets free ports (default: ${DEFAULT-VALUE}).")
    int gameMasters;

    @Option(names = "--bind", paramLabel = "ADDR", defaultValue = "127.0.0.1",
            description = "The address to listen on (default: ${DEFAULT-VALUE}, this machine only; 0.0.0.0 for every network).")
    String bind;

    @Option(names = "--max-clients", paramLabel = "N", defaultValue = "10000", description = "Connections allowed at once (default: ${DEFAULT-VALUE}).")
    int maxClients;

    @Option(names = "--lobby-list", paramLabel = "N", defaultValue = "100",
            description = "Players of a game the lobby list shows at most: lobby news is about them only, so what each "
                + "client is sent stays bounded however many log in (default: ${DEFAULT-VALUE}).")
    int lobbyList;

    @Option(names = "--time-per-move", paramLabel = "S", defaultValue = "60", description = "Seconds a client may take for one move (default: ${DEFAULT-VALUE}).")
    double timePerMove;

    @Option(names = "--reconnect-window", paramLabel = "S", defaultValue = "60",
            description = "Seconds a player who dropped out of a game has to log in again and go on (default: ${DEFAULT-VALUE}).")
    double reconnectWindow;

    @Option(names = "--reconnect-any-address",
            description = "Give a dropped player's seat back to a login with its name from any address, as the seeds do "
                    + "(for a lab whose clients all share one address, behind one NAT). Without it, only the address the "
                    + "player played from may take the seat back.")
    boolean reconnectAnyAddress;

    @Option(names = "--idle-timeout", paramLabel = "S", defaultValue = "300",
            description = "Seconds a silent connection is kept (default: ${DEFAULT-VALUE}).")
    double idleTimeout;

    @Option(names = "--trace", paramLabel = "FILE", description = "Write every frame in and out as JSON lines to FILE (the inspector's format).")
    Path trace;

    @Option(names = "--faults", paramLabel = "PROFILE",
            description = "Inject network faults on every connection to the ports served, e.g. 'delay=20ms,to-client:split' "
                + "(the profile form of boardlab proxy --faults; each fault is in the trace and the inspector).")
    String faults;

    @Option(names = "--json", description = "Print each finished game as one JSON object.")
    boolean json;

    @Option(names = "--db", paramLabel = "URL", description = "Store every finished game in this database (jdbc:h2:... or jdbc:postgresql://...); "
        + "default: -Dboardlab.db, else data/boardlab (H2) under the working directory.")
    String db;

    @Option(names = "--no-store", description = "Do not store the games (they are only printed).")
    boolean noStore;

    @Override
    public Integer call() throws Exception {
        if (lobbyList < 1) {
            throw new ParameterException(spec.commandLine(), "--lobby-list must be at least 1, not " + lobbyList);
        }
        if (gameMasters < 1 || gameMasters > MAX_GAME_MASTERS) {
            throw new ParameterException(spec.commandLine(), "--game-masters must be from 1 to " + MAX_GAME_MASTERS
                    + " (three ports each), not " + gameMasters);
        }
        ServerSettings settings = ServerSettings.defaults().withMaxClients(maxClients).withLobbyListSize(lobbyList)
                .withTimePerMove(seconds(timePerMove, "--time-per-move"))
                .withReconnectWindow(seconds(reconnectWindow, "--reconnect-window"))
                .withIdleTimeout(seconds(idleTimeout, "--idle-timeout"))
                .withReconnectAnyAddress(reconnectAnyAddress);
        org.boardlab.server.faults.FaultProfile faultProfile;
        try {
            faultProfile = org.boardlab.server.faults.FaultProfile.parse(faults);
        } catch (IllegalArgumentException e) {
            throw new UsageException("--faults: " + e.getMessage());
        }
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        List<ServerProtocol> protocols = cli.services().serverProtocols();
        if (protocols.isEmpty()) {
            throw new IllegalStateException("no protocol bundle is loaded, so there is nothing to serve");
        }
        TraceWriter traceWriter = trace == null ? null : TraceWriter.open(trace);
        java.util.concurrent.atomic.AtomicBoolean failed = new java.util.concurrent.atomic.AtomicBoolean();
        // looked up once, as the referee and the event bus are: finding it again for each game (a Sisu look-up
        // behind a service tracker) cost the event loops 3 % of their time at 10,000 Onitama clients
        org.boardlab.core.Registry registry = cli.services().registry();
        EmbeddedServer server = new EmbeddedServer(registry::requireGame, cli.services().events(),
                cli.services().referee(), settings, line -> {
                    if (line.contains(" listening on ") || failed.get() && line.contains(" stopped listening")) {
                        return; // said once, on standard output, below; or a port of a start that failed, said in one line
                    }
                    if (line.startsWith("game over (")) {
                        return; // each finished game is printed on standard output (print), once
                    }
                    synchronized (err) {
                        err.println("boardlab server: " + line);
                        err.flush();
                    }
                });
        server.lobby().reserveNames(name -> org.boardlab.store.Seats.namesAPlayer(registry, name));
        protocols.forEach(server::addProtocol);
        // opened once the ports are bound and before they accept (below): an unreachable or newer database stops the
        // server before a client is served, and H2's AUTO_SERVER port, which the system picks, cannot be one of them
        AtomicReference<org.boardlab.store.Store> store = new AtomicReference<>();
        if (!noStore) {
            // committed with the games that end within Store.SERVER_DELAY (fewer, larger transactions), before it is reported
            server.onRecord((result, journal) -> store.get().recordLater(journal, "server", registry,
                    org.boardlab.store.Store.SERVER_DELAY));
        }
        AutoCloseable subscription = traceWriter == null ? null
                : cli.services().events().subscribe(traceWriter, org.boardlab.api.event.WireEvent.class);
        server.onResult(result -> print(result, out));
        CountDownLatch stopped = new CountDownLatch(1);
        Thread hook = new Thread(() -> {
            shutdown(server, subscription, traceWriter, err, true);
            org.boardlab.store.Store st = store.get();
            String writer = st == null ? null : st.writerReport();
            if (writer != null) {
                err.println("boardlab server: the store's writer: " + writer);
                err.flush();
            }
            stopped.countDown();
        }, "boardlab-serve-shutdown");
        try {
            if (!portNumbers.isEmpty() && portNumbers.size() != protocolIds.size()) {
                throw new UsageException("give one --port per --protocol (or none, for the default ports)");
            }
            Map<String, ServerProtocol> byId = new LinkedHashMap<>();
            protocols.forEach(p -> byId.put(p.protocol().id(), p));
            List<Map.Entry<String, int[]>> wanted = new ArrayList<>();
            for (int i = 0; i < protocolIds.size(); i++) {
                String id = protocolIds.get(i);
                ServerProtocol sp = byId.get(id);
                boolean grouped = sp != null && !sp.portRoles().isEmpty();
                if (!grouped && wanted.stream().anyMatch(w -> w.getKey().equals(id))) {
                    throw new UsageException("--protocol " + id + " is given twice");
                }
                wanted.add(Map.entry(id, portNumbers.isEmpty() ? new int[] {-1} : ports(portNumbers.get(i))));
            }
            if (wanted.isEmpty()) {
                for (ServerProtocol p : protocols) {
                    wanted.add(Map.entry(p.protocol().id(), new int[] {-1}));
                }
            }
            if (gameMasters > 1 && wanted.stream().noneMatch(w -> byId.containsKey(w.getKey())
                    && !byId.get(w.getKey()).portRoles().isEmpty())) {
                throw new UsageException("--game-masters goes with --protocol reversi (a protocol with several ports)");
            }
            long seats = 0;
            server.holdAccepting();
            List<Map.Entry<String, int[]>> ownListeners = new ArrayList<>();
            for (Map.Entry<String, int[]> p : wanted) {
                ServerProtocol sp = byId.get(p.getKey());
                if (!faultProfile.none()) {
                    if (sp != null && sp.ownsListener()) {
                        err.println("boardlab server: --faults: " + p.getKey() + " runs its own HTTP listener; no faults are injected there");
                    } else {
                        server.portFaults(p.getKey(), faultProfile);
                    }
                }
                if (sp != null && !sp.portRoles().isEmpty()) {
                    seats += (long) gameMasters * sp.portRoles().size();
                    startGroups(server, sp, p.getValue(), out);
                    continue;
                }
                if (p.getValue().length != 1) {
                    throw new UsageException("--port " + portsText(p.getValue()) + ": " + p.getKey() + " listens on one port");
                }
                if (sp != null && sp.ownsListener()) {
                    ownListeners.add(p); // accepts as soon as it listens: opened after the store
                    continue;
                }
                InetSocketAddress bound = server.start(p.getKey(), bind, p.getValue()[0]);
                out.println("listening: " + p.getKey() + " on " + bound.getAddress().getHostAddress() + ":" + bound.getPort());
            }
            if (!noStore) {
                store.set(cli.services().stores().open(db));
            }
            for (Map.Entry<String, int[]> p : ownListeners) {
                InetSocketAddress bound = server.start(p.getKey(), bind, p.getValue()[0]);
                out.println("listening: " + p.getKey() + " on " + bound.getAddress().getHostAddress() + ":" + bound.getPort());
            }
            server.acceptNow();
            out.flush();
            if (seats > maxClients) {
                err.println("boardlab server: the Game Masters have " + seats + " seats (a player on each player port, a controller "
                        + "on each controller port), more than --max-clients " + maxClients + ": a connection beyond "
                        + maxClients + " is closed at once");
            }
            String files = fileWarning(OpenFiles.open(), seats, maxClients, OpenFiles.limit());
            if (files != null) {
                err.println("boardlab server: " + files);
            }
            err.flush();
        } catch (RuntimeException e) {
            // it never ran: no 'stopped' line before the reason
            failed.set(true);
            shutdown(server, subscription, traceWriter, err, false);
            throw e;
        }
        Runtime.getRuntime().addShutdownHook(hook);
        stopped.await();
        return 0;
    }

    /**
     * Opens {@link #gameMasters} sets of ports of a protocol with several ports: the first on {@code first}
     * ({@code P}, {@code B,W,G}, {@code 0} or the default), the others on the ports that follow it, and prints
     * where they listen: a line a set, or one line for consecutive ports.
     */
    private void startGroups(EmbeddedServer server, ServerProtocol sp, int[] first, PrintWriter out) {
        String id = sp.protocol().id();
        List<String> roles = sp.portRoles();
        if (gameMasters == 1) {
            out.println(listeningLine(id, roles, server.startGroup(id, bind, first)));
            return;
        }
        if (first.length != 1) {
            throw new UsageException("--port " + portsText(first) + ": with --game-masters " + gameMasters
                    + " give one port, the first Game Master's first; the others follow it");
        }
        int base = first[0] >= 0 ? first[0] : Integer.getInteger("boardlab.server.port." + id, sp.protocol().defaultPort());
        long last = base + (long) roles.size() * gameMasters - 1;
        if (base > 0 && last > 65535) {
            throw new UsageException("--game-masters " + gameMasters + " from port " + base + " would need ports up to " + last
                    + "; the last port is 65535");
        }
        List<InetSocketAddress> firstSet = null;
        for (int k = 0; k < gameMasters; k++) {
            List<InetSocketAddress> bound = server.startGroup(id, bind, base == 0 ? 0 : base + roles.size() * k);
            if (base == 0) {
                out.println(listeningLine(id, roles, bound));
            } else if (firstSet == null) {
                firstSet = bound;
            }
        }
        if (base != 0) {
            StringBuilder line = new StringBuilder("listening: " + id + ", " + gameMasters + " Game Masters on "
                    + firstSet.get(0).getAddress().getHostAddress() + ":" + base + "-" + last + " (Game Master k from 0:");
            for (int r = 0; r < roles.size(); r++) {
                line.append(r == 0 ? " " : ", ").append(roles.get(r)).append(" on ").append(base).append("+")
                        .append(roles.size()).append('k').append(r == 0 ? "" : "+" + r);
            }
            out.println(line.append(')'));
        }
    }

    private static String listeningLine(String id, List<String> roles, List<InetSocketAddress> bound) {
        StringBuilder line = new StringBuilder("listening: " + id);
        for (int r = 0; r < bound.size(); r++) {
            line.append(r == 0 ? " " : ", ").append(roles.get(r)).append(" on ")
                    .append(bound.get(r).getAddress().getHostAddress()).append(':').append(bound.get(r).getPort());
        }
        return line.toString();
    }

    /** Three ports a Game Master: the most that fit below port 65536. */
    static final int MAX_GAME_MASTERS = 65535 / 3;

    /** Files a process opens besides its sockets as it runs (the store's, logs, the JIT's): left free. */
    static final long SPARE_FILES = 100;

    /**
     * What to say when the files open now (the listening sockets among them) and the connections the server may
     * hold do not fit the process's limit of open files; {@code null} when they fit or a figure is unknown
     * ({@code -1}). With Game Masters ({@code seats > 0}) the server may hold a connection on each seat, at most
     * {@code maxClients}; without, {@code maxClients} connections.
     */
    static String fileWarning(long openNow, long seats, long maxClients, long limit) {
        if (openNow < 0 || limit < 0 || maxClients <= 0) {
            return null;
        }
        long connections = seats > 0 ? Math.min(seats, maxClients) : maxClients;
        long needed = openNow + connections + SPARE_FILES;
        if (needed <= limit) {
            return null;
        }
        String what = seats > 0 && seats <= maxClients
                ? "a connection on each of the " + seats + " seats needs " + seats + " more"
                : "the " + maxClients + " connections --max-clients allows need " + maxClients + " more";
        return "this process may open " + limit + " files (ulimit -n) and has " + openNow + " open (the listening ports among "
                + "them); " + what + ", and " + SPARE_FILES + " are kept for the rest: about " + needed + ". A connection beyond "
                + "the limit waits in its port's queue until a file is free (the port stops accepting for a second each time): "
                + "raise the limit (ulimit -n " + needed + ") or " + (seats > 0 && seats <= maxClients ? "open fewer Game Masters"
                        : "lower --max-clients");
    }

    /** {@code N} or {@code N,N,N}. */
    private static int[] ports(String text) {
        String[] parts = text.split(",", -1);
        int[] ports = new int[parts.length];
        for (int i = 0; i < parts.length; i++) {
            try {
                ports[i] = Integer.parseInt(parts[i].trim());
            } catch (NumberFormatException e) {
                throw new UsageException("--port " + text + ": a port is a number 0..65535 (several: N,N,N)");
            }
            if (ports[i] < 0 || ports[i] > 65535) {
                throw new UsageException("--port " + text + ": a port is a number 0..65535");
            }
        }
        return ports;
    }

    private static String portsText(int[] ports) {
        return java.util.Arrays.stream(ports).mapToObj(String::valueOf).collect(Collectors.joining(","));
    }

    private static Duration seconds(double s, String option) {
        if (!(s > 0) || s > 86_400) {
            throw new UsageException(option + " must be between 0 and 86400 seconds");
        }
        return Duration.ofMillis(Math.round(s * 1000));
    }

    private void shutdown(EmbeddedServer server, AutoCloseable subscription, TraceWriter traceWriter, PrintWriter err, boolean report) {
        server.close();
        try {
            if (subscription != null) {
                subscription.close();
            }
            if (traceWriter != null) {
                traceWriter.close();
            }
        } catch (Exception e) {
            err.println("boardlab server: could not finish the trace: " + e.getMessage());
        }
        if (!report) {
            return;
        }
        err.println("boardlab server: stopped; wire tap: " + server.tap().frames() + " frames, " + server.tap().dropped()
                + " dropped" + (traceWriter == null ? "" : ", " + traceWriter.lines() + " written to " + trace));
        err.flush();
    }

    private void print(GameResult r, PrintWriter out) {
        synchronized (out) {
            if (json) {
                Map<String, Object> row = new LinkedHashMap<>();
                row.put("game", r.outcome().finalState().game().id());
                row.put("first", r.first());
                row.put("second", r.second());
                row.put("winner", r.winnerName());
                row.put("ending", r.outcome().ending().name().toLowerCase());
                row.put("detail", r.outcome().detail());
                row.put("moves", r.outcome().moves().stream().map(Move::notation).collect(Collectors.joining(" ")));
                row.put("scores", List.of(r.outcome().scores()[0], r.outcome().scores()[1]));
                out.println(Json.line(row));
            } else {
                out.println("game: " + r.first() + " vs " + r.second() + ": "
                        + (r.winnerName() == null ? "no winner" : r.winnerName() + " wins") + " ("
                        + r.outcome().detail() + ", " + r.outcome().moves().size() + " moves)");
            }
            out.flush();
        }
    }
}
