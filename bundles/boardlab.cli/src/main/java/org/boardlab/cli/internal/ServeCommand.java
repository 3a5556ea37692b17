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
import java.util.stream.Collectors;
import org.boardlab.api.Move;
import org.boardlab.cli.Cli;
import org.boardlab.core.GameResult;
import org.boardlab.server.EmbeddedServer;
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
        // opened before any port: an unreachable or newer database stops the server before a client connects
        org.boardlab.store.Store store = noStore ? null : cli.services().stores().open(db);
        TraceWriter traceWriter = trace == null ? null : TraceWriter.open(trace);
        EmbeddedServer server = new EmbeddedServer(id -> cli.services().registry().requireGame(id), cli.services().events(),
                cli.services().referee(), settings, line -> {
                    if (line.contains(" listening on ")) {
                        return; // said once, on standard output, below
                    }
                    if (line.startsWith("game over (")) {
                        return; // each finished game is printed on standard output (print), once
                    }
                    synchronized (err) {
                        err.println("boardlab server: " + line);
                        err.flush();
                    }
                });
        protocols.forEach(server::addProtocol);
        if (store != null) {
            // committed with the games that end within Store.SERVER_DELAY (fewer, larger transactions), before it is reported
            server.onRecord((result, journal) -> store.recordLater(journal, "server", cli.services().registry(),
                    org.boardlab.store.Store.SERVER_DELAY));
        }
        AutoCloseable subscription = traceWriter == null ? null
                : cli.services().events().subscribe(traceWriter, org.boardlab.api.event.WireEvent.class);
        server.onResult(result -> print(result, out));
        CountDownLatch stopped = new CountDownLatch(1);
        Thread hook = new Thread(() -> {
            shutdown(server, subscription, traceWriter, err, true);
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
                    List<InetSocketAddress> bound = server.startGroup(p.getKey(), bind, p.getValue());
                    StringBuilder line = new StringBuilder("listening: " + p.getKey());
                    for (int r = 0; r < bound.size(); r++) {
                        line.append(r == 0 ? " " : ", ").append(sp.portRoles().get(r)).append(" on ")
                                .append(bound.get(r).getAddress().getHostAddress()).append(':').append(bound.get(r).getPort());
                    }
                    out.println(line);
                    continue;
                }
                if (p.getValue().length != 1) {
                    throw new UsageException("--port " + portsText(p.getValue()) + ": " + p.getKey() + " listens on one port");
                }
                InetSocketAddress bound = server.start(p.getKey(), bind, p.getValue()[0]);
                out.println("listening: " + p.getKey() + " on " + bound.getAddress().getHostAddress() + ":" + bound.getPort());
            }
            out.flush();
        } catch (RuntimeException e) {
            // it never ran: no 'stopped' line before the reason
            shutdown(server, subscription, traceWriter, err, false);
            throw e;
        }
        Runtime.getRuntime().addShutdownHook(hook);
        stopped.await();
        return 0;
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
