package org.boardlab.bench.load;

import io.netty.channel.EventLoop;
import io.netty.channel.nio.NioEventLoopGroup;
import io.netty.util.concurrent.DefaultThreadFactory;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Semaphore;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;
import org.boardlab.api.Side;
import org.boardlab.client.CloseReason;
import org.boardlab.core.EventBus;
import org.boardlab.game.othello.Othello;
import org.boardlab.game.othello.OthelloMove;
import org.boardlab.protocol.reversi.ProtocolViolation;
import org.boardlab.protocol.reversi.ReversiClient;
import org.boardlab.protocol.reversi.ReversiMessage;
import org.boardlab.protocol.reversi.ReversiPositions;
import org.boardlab.protocol.reversi.internal.ReversiProtocol;
import org.boardlab.protocol.reversi.internal.ReversiServerProtocol;
import org.boardlab.server.EmbeddedServer;
import org.boardlab.server.ServerSettings;

/**
 * Load on seed 004's Game Masters: {@code --gms N} Game Masters, each with a black and a white player
 * that play the first legal move (at once, or after a think time drawn for each move with
 * {@code --think-ms T} or {@code --think-ms LO-HI}) and a Game Controller that watches (continuous
 * mode): 3·N connections, all on one small Netty event-loop group ({@code --client-threads}). The
 * Game Masters are on an embedded server in this JVM (3 free ports each), or on a server already
 * running on this machine ({@code --host H --port P}: Game Master k on P+3k, P+3k+1, P+3k+2, as
 * {@code boardlab serve --protocol reversi --port P --game-masters N} opens them), looked at with
 * {@code --server-pid} as {@link LoadGenerator} does ({@link ServerProbe}: threads, heap at its largest
 * and after the clients left, CPU a move, JIT). After each End the Game Master closes both players; new
 * ones connect and the next game starts.
 *
 * <p>Measured after the warm-up, wire to wire: moves per second (New Moves answered OK) and a move's
 * latency, the time from a New Move sent to the next Next Turn from that Game Master (the opponent's,
 * or the mover's own when the opponent must pass). Logged in: every controller connected, every
 * player seated (Player OK) and every Game Master's first game started (black's first Next Turn).
 * Every answer is checked: a NOK to a move or to a Connect, a player closed before End, a player or
 * controller closed by the server or unreadable bytes from it, a failed connect, and a lost move (a New
 * Move without its OK/NOK when its connection closed or the run ended, or an OK without a Next Turn or
 * End after it). After the deadline no new player connects and the games under way are played out.
 * Prints the figures in words and as one JSON line (the last line); exit status 0 when nothing of the
 * above happened.
 *
 * <pre>
 * java -cp benchmarks/target/benchmarks.jar org.boardlab.bench.load.ReversiLoadGenerator --gms 200 --seconds 30 --warmup 10
 * java -cp benchmarks/target/benchmarks.jar org.boardlab.bench.load.ReversiLoadGenerator --host 127.0.0.1 --port 30000 \
 *     --server-pid PID --gms 3300 --seconds 150 --warmup 90 --think-ms 100-500 --client-threads 2
 * </pre>
 */
public final class ReversiLoadGenerator {

    /** Connections opening at once (the server's accept backlog is 1,024 a port). */
    private static final int CONNECTS_AT_ONCE = 256;

    private static final String USAGE = """
            usage: java -cp benchmarks/target/benchmarks.jar org.boardlab.bench.load.ReversiLoadGenerator [options]
              --gms N              Game Masters, 1..10000, each with two players and a controller (default 200)
              --seconds S          how long new games start (the measured window ends then) (default 30)
              --warmup S           first seconds not measured, less than --seconds (default 10)
              --think-ms T|LO-HI   a player waits T ms, or a time drawn from LO..HI ms, before each move (default 0)
              --client-threads K   the generator's event-loop threads, 1..4 (default: the cores)
              --host H --port P    load the Game Masters of a server on this machine: Game Master k on P+3k (black),
                                   P+3k+1 (white), P+3k+2 (controller), as boardlab serve --game-masters opens them
              --server-pid PID     with --host: that server's process, for its threads, heap, CPU and JIT
            """;

    private final List<InetSocketAddress[]> addresses;
    private final NioEventLoopGroup group;
    private final long thinkLo;
    private final long thinkHi;

    /** Samples are taken (the measured window). */
    private volatile boolean measuring;
    /** The deadline has passed: no new player connects; the games under way are played out. */
    private volatile boolean draining;
    /** The run is over: the generator closes everything; closes are not problems. */
    private volatile boolean stopping;

    private final Latencies latencies = new Latencies();
    /** Every latency since the last progress line (warm-up included). */
    private final Latencies recent = new Latencies();
    private final Latencies loopLate = new Latencies();
    /** New Moves answered OK, whole run. */
    private final LongAdder moves = new LongAdder();
    private final LongAdder movesInWindow = new LongAdder();
    private final LongAdder movesSent = new LongAdder();
    /** Ends seen by black players (one a game), whole run. */
    private final LongAdder games = new LongAdder();
    private final LongAdder gamesInWindow = new LongAdder();
    /** Ends seen by the controllers. */
    private final LongAdder controllerEnds = new LongAdder();
    private final LongAdder statuses = new LongAdder();
    private final LongAdder pings = new LongAdder();
    private final LongAdder lost = new LongAdder();
    private final AtomicInteger playersConnected = new AtomicInteger();
    private final AtomicInteger controllersConnected = new AtomicInteger();
    private final Map<String, LongAdder> problems = new ConcurrentHashMap<>();
    private final List<String> firstProblems = java.util.Collections.synchronizedList(new ArrayList<>());
    /** Counted down once a Game Master's first game has started and its controller is connected. */
    private final CountDownLatch ready;

    private ReversiLoadGenerator(List<InetSocketAddress[]> addresses, NioEventLoopGroup group, long thinkLo, long thinkHi) {
        this.addresses = addresses;
        this.group = group;
        this.thinkLo = thinkLo;
        this.thinkHi = thinkHi;
        this.ready = new CountDownLatch(2 * addresses.size());
    }

    private void problem(String kind, String detail) {
        problems.computeIfAbsent(kind, k -> new LongAdder()).increment();
        if (firstProblems.size() < 12) {
            firstProblems.add(kind + ": " + detail);
        }
    }

    private long problemCount() {
        return problems.values().stream().mapToLong(LongAdder::sum).sum();
    }

    /** One Game Master's players and controller, all on one event loop of the group (no locks needed). */
    private final class Table {
        final InetSocketAddress[] ports;
        final EventLoop loop;
        /** When the last New Move on this Game Master was sent (0: none waiting for a Next Turn); its loop only. */
        long moveSentAt;
        /**
         * A New Move was sent and no Next Turn or End has come from this Game Master since (read apart from
         * its OK: the OK and the opponent's Next Turn come on two sockets, in either order here).
         */
        volatile boolean awaitingTurn;
        boolean firstGame = true;
        ReversiClient controller;
        final Seat[] seats = new Seat[2];

        Table(InetSocketAddress[] ports) {
            this.ports = ports;
            this.loop = group.next();
        }

        void open(Semaphore underWay) {
            loop.execute(() -> {
                connectController(underWay);
                seats[0] = new Seat(this, Side.FIRST);
                seats[1] = new Seat(this, Side.SECOND);
                seats[0].connect(underWay);
                seats[1].connect(underWay);
            });
        }

        private void connectController(Semaphore underWay) {
            ReversiClient gc = new ReversiClient(loop, new ReversiClient.Listener() {
                @Override
                public void status(ReversiMessage.Board board, ReversiMessage.Status2 status) {
                    statuses.increment();
                }

                @Override
                public void end(ReversiMessage.End end) {
                    controllerEnds.increment();
                }

                @Override
                public void pinged() {
                    pings.increment();
                }

                @Override
                public void closed(CloseReason reason) {
                    controllersConnected.decrementAndGet();
                    if (!stopping) {
                        problem("controller closed", ports[2].getPort() + ": " + reason.detail());
                    }
                }
            });
            watchViolations(gc, "controller " + ports[2].getPort());
            controller = gc;
            gc.connect(ports[2].getHostString(), ports[2].getPort()).whenComplete((c, e) -> {
                underWay.release();
                if (e != null) {
                    problem("connect failed", "controller " + ports[2].getPort() + ": " + e);
                } else {
                    controllersConnected.incrementAndGet();
                    ready.countDown();
                }
            });
        }

        /** A Next Turn came to {@code side}: the latency of the move before it, if any. */
        void nextTurn(long now) {
            if (moveSentAt != 0) {
                long nanos = now - moveSentAt;
                recent.add(nanos);
                if (measuring) {
                    latencies.add(nanos);
                }
            }
            moveSentAt = 0;
            awaitingTurn = false;
        }

        void close() {
            loop.execute(() -> {
                if (controller != null) {
                    controller.close();
                }
                for (Seat s : seats) {
                    if (s != null && s.client != null) {
                        s.client.close();
                    }
                }
            });
        }

        /** A move still waiting for its answer, or an OK still waiting for a Next Turn or End. */
        boolean unanswered() {
            return awaitingTurn || seats[0] != null && seats[0].awaitingAnswer || seats[1] != null && seats[1].awaitingAnswer;
        }
    }

    /** One player's seat at a Game Master: a new client for each game. */
    private final class Seat {
        final Table table;
        final Side side;
        final InetSocketAddress port;
        ReversiClient client;
        /** A New Move sent whose OK/NOK has not come (on the table's loop). */
        volatile boolean awaitingAnswer;
        boolean seated;
        /** Closed by the generator after the deadline: its partner will not come back, so it leaves. */
        boolean leaving;
        /** This client has had a Next Turn: it plays a game (a fresh one waits for its partner). */
        boolean turned;

        Seat(Table table, Side side) {
            this.table = table;
            this.side = side;
            this.port = table.ports[side.index()];
        }

        void connect(Semaphore underWay) {
            if (draining || stopping) {
                if (underWay != null) {
                    underWay.release();
                }
                // after the deadline no new player comes: a partner connected for the next game would wait for ever
                // (one still in the game that just ended has had a Next Turn: its End is on its way)
                Seat other = table.seats[1 - side.index()];
                if (other != null && other.client != null && !other.turned && !other.client.ended()
                        && !other.client.closeFuture().isDone()) {
                    other.leaving = true;
                    other.client.close();
                }
                return;
            }
            seated = false;
            leaving = false;
            turned = false;
            ReversiClient[] self = new ReversiClient[1];
            ReversiClient c = new ReversiClient(table.loop, new ReversiClient.Listener() {
                @Override
                public void playerOk(int colour) {
                    int expected = side == Side.FIRST ? ReversiMessage.BLACK : ReversiMessage.WHITE;
                    if (colour != expected) {
                        problem("wrong colour", port.getPort() + ": Player OK with colour " + colour);
                    }
                    seated = true;
                }

                @Override
                public void connectRefused() {
                    problem("Connect refused (NOK)", "port " + port.getPort() + ": the seat is taken");
                }

                @Override
                public void nextTurn(ReversiMessage.Board board) {
                    long now = System.nanoTime();
                    table.nextTurn(now);
                    turned = true;
                    if (!seated) {
                        problem("Next Turn before Player OK", port.getPort() + ": a player was asked to move before it was seated");
                    }
                    if (side == Side.FIRST && table.firstGame) {
                        table.firstGame = false;
                        ready.countDown();
                    }
                    List<OthelloMove> legal = ReversiPositions.position(board, side).placements();
                    if (legal.isEmpty()) {
                        problem("Next Turn without a move", port.getPort() + ": the board has no legal move for " + side);
                        return;
                    }
                    OthelloMove m = legal.get(0);
                    long think = thinkHi == 0 ? 0 : ThreadLocalRandom.current().nextLong(thinkLo, thinkHi + 1);
                    if (think == 0) {
                        move(self[0], m);
                    } else {
                        table.loop.schedule(() -> move(self[0], m), think, TimeUnit.MILLISECONDS);
                    }
                }

                @Override
                public void moveAnswered(boolean ok) {
                    awaitingAnswer = false;
                    if (!ok) {
                        problem("move refused (NOK)", port.getPort() + ": a first legal move was refused");
                        return;
                    }
                    moves.increment();
                    if (measuring) {
                        movesInWindow.increment();
                    }
                }

                @Override
                public void end(ReversiMessage.End end) {
                    table.moveSentAt = 0;
                    table.awaitingTurn = false;
                    if (end.blackScore() > 300 || end.whiteScore() > 300) {
                        problem("score out of range", port.getPort() + ": " + end);
                    }
                    if (side == Side.FIRST) {
                        games.increment();
                        if (measuring) {
                            gamesInWindow.increment();
                        }
                    }
                }

                @Override
                public void pinged() {
                    pings.increment();
                }

                @Override
                public void closed(CloseReason reason) {
                    playersConnected.decrementAndGet();
                    if (awaitingAnswer && !stopping) {
                        lost.increment();
                        awaitingAnswer = false;
                        problem("move lost", port.getPort() + ": the connection closed before its OK/NOK (" + reason.detail() + ")");
                    }
                    if (!self[0].ended() && !stopping && !leaving) {
                        problem("player closed before End", port.getPort() + ": " + reason.detail());
                    }
                    connect(null); // the next game's player
                }
            });
            self[0] = c;
            client = c;
            watchViolations(c, "player " + port.getPort());
            playersConnected.incrementAndGet();
            c.connect(port.getHostString(), port.getPort()).whenComplete((x, e) -> {
                if (underWay != null) {
                    underWay.release();
                }
                if (e != null) {
                    playersConnected.decrementAndGet(); // no close is reported for a connection never made
                    if (!stopping && !leaving) {
                        problem("connect failed", "player " + port.getPort() + ": " + e);
                    }
                    if (!draining && !stopping) {
                        table.loop.schedule(() -> connect(null), 100, TimeUnit.MILLISECONDS);
                    }
                } else {
                    c.connectAs((side == Side.FIRST ? "black-" : "white-") + table.ports[0].getPort());
                }
            });
        }

        private void move(ReversiClient c, OthelloMove m) {
            if (stopping || c != client || c.ended() || c.closeFuture().isDone()) {
                return;
            }
            awaitingAnswer = true;
            table.awaitingTurn = true;
            table.moveSentAt = System.nanoTime();
            movesSent.increment();
            try {
                c.move(m.col(), m.row());
            } catch (IllegalStateException closed) {
                awaitingAnswer = false; // closed meanwhile: the close is counted where it is seen
            }
        }
    }

    /** Counts bytes from the server that are not a message. */
    private void watchViolations(ReversiClient client, String who) {
        client.addListener(new org.boardlab.client.ClientListener<>() {
            @Override
            public void malformed(ProtocolViolation violation) {
                problem("unreadable bytes from the server", who + ": " + violation.reason());
            }
        });
    }

    private static void usage(String problem) {
        if (problem != null) {
            System.err.println("ReversiLoadGenerator: " + problem);
        }
        System.err.print(USAGE);
        System.exit(problem == null ? 0 : 2);
    }

    private static int number(String option, String value, int min, int max) {
        int n = 0;
        try {
            n = Integer.parseInt(value);
        } catch (NumberFormatException e) {
            usage(option + " takes a whole number, not " + value);
        }
        if (n < min || n > max) {
            usage(option + " must be from " + min + " to " + max + ", not " + n);
        }
        return n;
    }

    public static void main(String[] args) throws Exception {
        int gms = 200;
        int seconds = 30;
        int warmup = 10;
        int thinkLo = 0;
        int thinkHi = 0;
        int clientThreads = Math.max(1, Math.min(4, Runtime.getRuntime().availableProcessors()));
        String host = null;
        int port = -1;
        long serverPid = -1;
        for (int i = 0; i < args.length; i++) {
            String option = args[i];
            if (option.equals("--help") || option.equals("-h")) {
                usage(null);
            }
            if (i + 1 >= args.length) {
                usage(option + " needs a value");
            }
            String value = args[++i];
            switch (option) {
                case "--gms" -> gms = number(option, value, 1, 10_000);
                case "--seconds" -> seconds = number(option, value, 1, 3600);
                case "--warmup" -> warmup = number(option, value, 0, 3600);
                case "--client-threads" -> clientThreads = number(option, value, 1, 4);
                case "--host" -> host = value;
                case "--port" -> port = number(option, value, 1, 65_535);
                case "--server-pid" -> serverPid = number(option, value, 1, Integer.MAX_VALUE);
                case "--think-ms" -> {
                    int dash = value.indexOf('-');
                    thinkLo = number(option, dash < 0 ? value : value.substring(0, dash), 0, 60_000);
                    thinkHi = dash < 0 ? thinkLo : number(option, value.substring(dash + 1), thinkLo, 60_000);
                }
                default -> usage("unknown option " + option);
            }
        }
        if (warmup >= seconds) {
            usage("--warmup (" + warmup + ") must be less than --seconds (" + seconds + ")");
        }
        if ((host == null) != (port < 0)) {
            usage("give --host and --port together, or neither to start the Game Masters in this JVM");
        }
        if (serverPid > 0 && host == null) {
            usage("--server-pid goes with --host and --port (a server in this JVM is looked at from inside)");
        }
        if (host != null) {
            try {
                if (!InetAddress.getByName(host).isLoopbackAddress()) {
                    usage("--host " + host + " is not this machine (127.0.0.1): the latencies and the server's figures need it here");
                }
            } catch (UnknownHostException e) {
                usage("--host " + host + ": unknown host");
            }
            if (port + 3L * gms - 1 > 65_535) {
                usage("--gms " + gms + " from port " + port + " would need ports up to " + (port + 3L * gms - 1));
            }
        }

        EmbeddedServer server = null;
        List<InetSocketAddress[]> addresses = new ArrayList<>();
        if (host == null) {
            server = new EmbeddedServer(id -> new Othello(), new EventBus(), ServerSettings.defaults().withMaxClients(3 * gms + 100),
                    line -> { });
            server.addProtocol(new ReversiServerProtocol(new ReversiProtocol()));
            for (int k = 0; k < gms; k++) {
                addresses.add(server.startGroup("reversi", "127.0.0.1", 0).toArray(new InetSocketAddress[0]));
            }
        } else {
            for (int k = 0; k < gms; k++) {
                int first = port + 3 * k;
                addresses.add(new InetSocketAddress[] {new InetSocketAddress(host, first), new InetSocketAddress(host, first + 1),
                    new InetSocketAddress(host, first + 2)});
            }
        }
        ServerProbe probe = server != null ? ServerProbe.thisProcess()
                : serverPid > 0 ? ServerProbe.process(serverPid) : ServerProbe.NONE;
        ServerProbe self = ServerProbe.process(ProcessHandle.current().pid());
        String loadAtStart = loadAverage();
        ServerProbe.Sample idle = probe.sample(true);
        int idleSockets = probe.sockets();
        String files = fileLimits(gms, serverPid);
        String think = thinkHi == 0 ? "0 ms (they answer at once: the server is saturated)"
                : thinkLo == thinkHi ? thinkLo + " ms" : thinkLo + "-" + thinkHi + " ms";
        System.out.printf(Locale.ROOT, "reversi load: %,d Game Masters, %,d connections (two players and a controller each), %s,"
                + " players think %s, %d s (%d s warm-up), %d client thread%s; load average %s, %d cores; server idle: %s%n",
                gms, 3 * gms, server != null ? "Game Masters in this JVM"
                        : "the Game Masters of the server on " + host + ":" + port + "-" + (port + 3 * gms - 1),
                think, seconds, warmup, clientThreads, clientThreads == 1 ? "" : "s", loadAtStart,
                Runtime.getRuntime().availableProcessors(), idle.text());
        System.out.println("open files: " + files);

        NioEventLoopGroup group = new NioEventLoopGroup(clientThreads, new DefaultThreadFactory("load-reversi", true));
        ReversiLoadGenerator load = new ReversiLoadGenerator(addresses, group, thinkLo, thinkHi);
        new LoopLateness(nanos -> load.measuring, load.loopLate::add).start(load.group);
        List<Table> tables = new ArrayList<>();
        for (InetSocketAddress[] a : addresses) {
            tables.add(load.new Table(a));
        }

        // logins: every controller connected, every Game Master's first game started (at most CONNECTS_AT_ONCE under way)
        double jitAtStart = probe.jitSeconds();
        long loginStart = System.nanoTime();
        Semaphore underWay = new Semaphore(CONNECTS_AT_ONCE);
        for (Table t : tables) {
            underWay.acquire(3);
            t.open(underWay);
        }
        long loginLimit = Math.max(60, gms / 50);
        boolean allIn = load.ready.await(loginLimit, TimeUnit.SECONDS);
        double loginSeconds = (System.nanoTime() - loginStart) / 1e9;
        long gmsPlaying = tables.size() - tables.stream().filter(t -> t.firstGame).count();
        System.out.printf(Locale.ROOT, "%,d of %,d controllers connected and %,d of %,d Game Masters playing their first game"
                + " within %.1f s%s; playing%n", load.controllersConnected.get(), gms, gmsPlaying, gms, loginSeconds,
                allIn ? "" : " (gave up waiting after " + loginLimit + " s)");

        // warm-up, then the measured window; every 5 s: progress, that interval's p99 and max, a look at the server
        ServerProbe.Sample peak = idle;
        long playStart = System.nanoTime();
        long windowStart = playStart + TimeUnit.SECONDS.toNanos(warmup);
        long deadline = playStart + TimeUnit.SECONDS.toNanos(seconds);
        long nextLook = playStart + TimeUnit.SECONDS.toNanos(5);
        boolean inWindow = false;
        double jitAtWindow = Double.NaN;
        double cpuAtWindow = Double.NaN;
        double selfCpuAtWindow = Double.NaN;
        Map<String, Double> threadsAtWindow = Map.of();
        long lastMoves = load.moves.sum();
        long lastLook = playStart;
        while (System.nanoTime() - deadline < 0) {
            long now = System.nanoTime();
            if (!inWindow && now - windowStart >= 0) {
                inWindow = true;
                jitAtWindow = probe.jitSeconds();
                cpuAtWindow = probe.cpuSeconds();
                selfCpuAtWindow = self.cpuSeconds();
                threadsAtWindow = probe.threadCpuSeconds();
                windowStart = System.nanoTime();
                load.measuring = true;
            }
            if (now - nextLook >= 0) {
                long m = load.moves.sum();
                Latencies.Snapshot r = load.recent.drain();
                ServerProbe.Sample look = probe.sample(false);
                peak = larger(peak, look);
                System.out.printf(Locale.ROOT, "  %4.0f s: %,d moves (%,.0f/s now, p99 %.1f ms, max %.1f ms), %,d games ended,"
                        + " %,d players connected, %d problems; load %s; server: %s%n", (now - playStart) / 1e9, m,
                        (m - lastMoves) / ((now - lastLook) / 1e9), r.percentileMillis(99), r.maxMillis(), load.games.sum(),
                        load.playersConnected.get(), load.problemCount(), loadAverage(), look.text());
                lastMoves = m;
                lastLook = now;
                nextLook += TimeUnit.SECONDS.toNanos(5);
            }
            Thread.sleep(Math.max(1, Math.min(100, TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime()))));
        }
        load.measuring = false;
        double window = (System.nanoTime() - windowStart) / 1e9;
        long windowMoves = load.movesInWindow.sum();
        double serverCpu = probe.cpuSeconds() - cpuAtWindow;
        double selfCpu = self.cpuSeconds() - selfCpuAtWindow;
        Map<String, Double> threadsAtEnd = probe.threadCpuSeconds();
        double jitWindow = probe.jitSeconds() - jitAtWindow;
        double jitWarmup = jitAtWindow - jitAtStart;
        String loadAtDeadline = loadAverage();

        // no new player; the games under way are played out (at most 60 moves, 64 with passes, each after the longest think)
        load.draining = true;
        long drainMillis = 10_000 + 64L * thinkHi;
        long drainUntil = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(drainMillis);
        while (load.playersConnected.get() > 0 && System.nanoTime() - drainUntil < 0) {
            Thread.sleep(20);
        }
        int stillPlaying = load.playersConnected.get();
        long settleUntil = System.nanoTime() + TimeUnit.SECONDS.toNanos(3);
        while (tables.stream().anyMatch(Table::unanswered) && System.nanoTime() - settleUntil < 0) {
            Thread.sleep(20);
        }
        load.stopping = true;
        long unansweredAtEnd = tables.stream().filter(Table::unanswered).count();
        load.lost.add(unansweredAtEnd);
        tables.forEach(Table::close);
        group.shutdownGracefully(0, 1, TimeUnit.SECONDS).awaitUninterruptibly(10, TimeUnit.SECONDS);
        tables.clear();

        // what the server keeps once the clients have gone
        if (server != null) {
            long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (!server.connections().isEmpty() && System.nanoTime() - until < 0) {
                Thread.sleep(50);
            }
        } else {
            Thread.sleep(2000);
        }
        ServerProbe.Settled after = probe.sampleSettled(idleSockets, 5, 60, 10);
        String loadAtEnd = loadAverage();

        Latencies.Snapshot s = load.latencies.snapshot();
        Latencies.Snapshot late = load.loopLate.snapshot();
        Map<String, Long> byKind = new TreeMap<>();
        load.problems.forEach((k, v) -> byKind.put(k, v.sum()));
        long problems = load.problemCount();
        boolean clean = problems == 0 && load.lost.sum() == 0 && allIn && stillPlaying == 0 && load.games.sum() > 0;
        System.out.printf(Locale.ROOT, "%n== reversi load: %,d Game Masters (%,d connections), think %s, %d s (%d s warm-up) ==%n",
                gms, 3 * gms, think, seconds, warmup);
        System.out.printf(Locale.ROOT, "logins:       %.1f s until every controller was connected and every Game Master played"
                + " (%,d of %,d)%n", loginSeconds, gmsPlaying, gms);
        System.out.printf(Locale.ROOT, "measured:     %.1f s: %,d moves (New Moves answered OK) = %,.0f moves/s; %,d games ended"
                + " (%,d in the whole run, %,d Ends seen by the controllers, %,d Status pairs, %,d Pings answered)%n", window,
                windowMoves, windowMoves / window, load.gamesInWindow.sum(), load.games.sum(), load.controllerEnds.sum(),
                load.statuses.sum(), load.pings.sum());
        System.out.printf(Locale.ROOT, "latency:      New Move -> next Next Turn: p50 %.2f ms, p99 %.2f ms, p99.9 %.2f ms, max %.2f ms,"
                + " mean %.2f ms (%,d samples)%n", s.percentileMillis(50), s.percentileMillis(99), s.percentileMillis(99.9),
                s.maxMillis(), s.meanMillis(), s.count());
        System.out.printf(Locale.ROOT, "              the generator's own event loops ran late by p50 %.2f ms, p99 %.2f ms, max %.2f ms"
                + " (a latency includes up to that: the generator's delay, not the server's)%n", late.percentileMillis(50),
                late.percentileMillis(99), late.maxMillis());
        System.out.printf(Locale.ROOT, "problems:     %d %s; lost moves %d (%d still unanswered at the end); players still"
                + " connected after the %d s drain: %d%n", problems, byKind, load.lost.sum(), unansweredAtEnd, drainMillis / 1000,
                stillPlaying);
        for (String p : load.firstProblems) {
            System.out.println("              " + p);
        }
        System.out.printf(Locale.ROOT, "server:       idle %s%n              largest (every 5 s) %s%n              after the clients"
                + " left %s (first look %s; sockets closed after %.1f s, settled after %.1f s)%n", idle.text(), peak.text(),
                after.settled().text(), after.first().text(), after.socketsClosedSeconds(), after.settledSeconds());
        System.out.printf(Locale.ROOT, "server cpu:   %.1f s in the window (%.2f cores), %.3f ms a move; jit %.1f s in the warm-up,"
                + " %.1f s in the window; the generator: %.2f cores%n", serverCpu, serverCpu / window,
                serverCpu * 1000 / Math.max(1, windowMoves), jitWarmup, jitWindow, selfCpu / window);
        String byThread = threadGroups(threadsAtWindow, threadsAtEnd, window);
        if (!byThread.isEmpty()) {
            System.out.println("              by thread (cores in the window): " + byThread);
        }
        System.out.println("machine:      load average " + loadAtStart + " at the start, " + loadAtDeadline + " at the deadline, "
                + loadAtEnd + " at the end; " + Runtime.getRuntime().availableProcessors() + " cores");

        Map<String, Object> json = new LinkedHashMap<>();
        json.put("protocol", "reversi");
        json.put("gms", gms);
        json.put("clients", 3 * gms);
        json.put("thinkMs", thinkLo + "-" + thinkHi);
        json.put("seconds", seconds);
        json.put("warmupSeconds", warmup);
        json.put("clientThreads", clientThreads);
        json.put("externalServer", server == null);
        json.put("loginSeconds", round(loginSeconds, 2));
        json.put("gmsPlaying", gmsPlaying);
        json.put("windowSeconds", round(window, 1));
        json.put("moves", windowMoves);
        json.put("movesPerSecond", Math.round(windowMoves / window));
        json.put("games", load.gamesInWindow.sum());
        json.put("latencySamples", s.count());
        json.put("latencyP50Ms", round(s.percentileMillis(50), 2));
        json.put("latencyP99Ms", round(s.percentileMillis(99), 2));
        json.put("latencyP999Ms", round(s.percentileMillis(99.9), 2));
        json.put("latencyMaxMs", round(s.maxMillis(), 2));
        json.put("generatorLoopLateP99Ms", round(late.percentileMillis(99), 2));
        json.put("problems", problems);
        json.put("problemsByKind", byKind);
        json.put("lost", load.lost.sum());
        json.put("stillPlaying", stillPlaying);
        json.put("serverIdleHeapMb", round(idle.heapUsedMb(), 0));
        json.put("serverPeakHeapMb", round(peak.heapUsedMb(), 0));
        json.put("serverAfterHeapMb", round(after.settled().heapUsedMb(), 0));
        json.put("serverIdleThreads", idle.osThreads());
        json.put("serverPeakThreads", peak.osThreads());
        json.put("serverAfterThreads", after.settled().osThreads());
        json.put("serverCores", round(serverCpu / window, 2));
        json.put("serverCpuMsPerMove", round(serverCpu * 1000 / Math.max(1, windowMoves), 3));
        json.put("jitWarmupSeconds", round(jitWarmup, 1));
        json.put("jitWindowSeconds", round(jitWindow, 1));
        json.put("generatorCores", round(selfCpu / window, 2));
        json.put("cores", Runtime.getRuntime().availableProcessors());
        json.put("loadAverageStart", loadAtStart);
        json.put("loadAverageAtDeadline", loadAtDeadline);
        json.put("loadAverageEnd", loadAtEnd);
        System.out.println(toJson(json));
        System.out.flush();
        if (server != null) {
            server.close();
        }
        System.exit(clean ? 0 : 1);
    }

    /**
     * The open-file limits of the generator and of the server (with {@code --server-pid}) against what
     * the run needs: a socket a connection on both sides, and on the server a listening socket a port.
     */
    private static String fileLimits(int gms, long serverPid) {
        long mine = openFileLimit("self");
        StringBuilder text = new StringBuilder(String.format(Locale.ROOT, "the generator may open %s (needs %,d sockets)",
                mine < 0 ? "?" : String.format(Locale.ROOT, "%,d", mine), 3 * gms));
        if (mine >= 0 && mine < 3L * gms + 100) {
            text.append(" TOO FEW: raise ulimit -n");
        }
        if (serverPid > 0) {
            long server = openFileLimit(String.valueOf(serverPid));
            text.append(String.format(Locale.ROOT, "; the server may open %s (needs %,d: %,d listening ports and a connection on each,"
                    + " beside its own files)", server < 0 ? "?" : String.format(Locale.ROOT, "%,d", server), 6 * gms, 3 * gms));
            if (server >= 0 && server < 6L * gms + 100) {
                text.append(" TOO FEW: some connections will fail");
            }
        }
        return text.toString();
    }

    /** The soft limit of open files of {@code /proc/WHO}, or {@code -1}. */
    private static long openFileLimit(String who) {
        try {
            for (String line : Files.readAllLines(Path.of("/proc", who, "limits"))) {
                if (line.startsWith("Max open files")) {
                    return org.boardlab.server.OpenFiles.limitOf(line);
                }
            }
        } catch (IOException | RuntimeException e) {
            // not Linux, or unlimited
        }
        return -1;
    }

    private static Object round(double v, int decimals) {
        if (Double.isNaN(v) || Double.isInfinite(v)) {
            return null;
        }
        double f = Math.pow(10, decimals);
        return Math.round(v * f) / f;
    }

    private static String toJson(Object value) {
        if (value == null) {
            return "null";
        }
        if (value instanceof Map<?, ?> map) {
            StringBuilder b = new StringBuilder("{");
            for (Map.Entry<?, ?> e : map.entrySet()) {
                b.append(b.length() == 1 ? "" : ",").append('"').append(e.getKey()).append("\":").append(toJson(e.getValue()));
            }
            return b.append('}').toString();
        }
        if (value instanceof Number || value instanceof Boolean) {
            return String.valueOf(value);
        }
        return '"' + String.valueOf(value).replace("\\", "\\\\").replace("\"", "\\\"") + '"';
    }

    /** The larger of two looks, figure by figure. */
    private static ServerProbe.Sample larger(ServerProbe.Sample a, ServerProbe.Sample b) {
        return new ServerProbe.Sample(Math.max(a.javaThreads(), b.javaThreads()), Math.max(a.osThreads(), b.osThreads()),
                Math.max(a.heapUsedMb(), b.heapUsedMb()), Math.max(a.rssMb(), b.rssMb()));
    }

    /** The thread groups that used at least 0.01 cores in the window, the busiest first. */
    private static String threadGroups(Map<String, Double> before, Map<String, Double> after, double window) {
        List<Map.Entry<String, Double>> used = new ArrayList<>();
        after.forEach((name, seconds) -> {
            double d = seconds - before.getOrDefault(name, 0.0);
            if (d / window >= 0.01) {
                used.add(Map.entry(name, d));
            }
        });
        used.sort((x, y) -> Double.compare(y.getValue(), x.getValue()));
        StringBuilder text = new StringBuilder();
        for (Map.Entry<String, Double> e : used) {
            text.append(text.length() == 0 ? "" : ", ").append(String.format(Locale.ROOT, "%s %.2f", e.getKey(), e.getValue() / window));
        }
        return text.toString();
    }

    /** The 1-, 5- and 15-minute load averages of the machine, as the kernel gives them. */
    private static String loadAverage() {
        try {
            String[] f = Files.readString(Path.of("/proc/loadavg")).trim().split("\\s+");
            return f[0] + " " + f[1] + " " + f[2];
        } catch (IOException | RuntimeException e) {
            return "unknown";
        }
    }
}
