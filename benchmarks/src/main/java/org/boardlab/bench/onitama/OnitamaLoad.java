package org.boardlab.bench.onitama;

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
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.boardlab.ai.onitama.OnitamaHardPlayer;
import org.boardlab.ai.onitama.OnitamaNormalPlayer;
import org.boardlab.api.Move;
import org.boardlab.api.Player;
import org.boardlab.bench.load.LoopLateness;
import org.boardlab.bench.load.ServerProbe;
import org.boardlab.client.CloseReason;
import org.boardlab.core.EventBus;
import org.boardlab.game.onitama.Onitama;
import org.boardlab.game.onitama.OnitamaMove;
import org.boardlab.game.onitama.OnitamaPosition;
import org.boardlab.protocol.onitama.OnitamaClient;
import org.boardlab.protocol.onitama.ProtocolViolation;
import org.boardlab.protocol.onitama.ServerMessage;
import org.boardlab.protocol.onitama.internal.OnitamaProtocol;
import org.boardlab.protocol.onitama.internal.OnitamaServerProtocol;
import org.boardlab.server.EmbeddedServer;
import org.boardlab.server.ServerSettings;

/**
 * Load on seed 001's Onitama port: the five PvP tables kept busy by ten clients ({@code --tables}),
 * and {@code --pve N} PvE games at once against the server's own player (difficulty 1:
 * {@code onitama-normal}, 2 plies). The server is started in this JVM on 127.0.0.1 (pacing off, as
 * for clients that cut messages at the NUL), or is one already running on this machine
 * ({@code --host --port}, with {@code --server-pid} for its threads, heap, CPU and JIT, looked at as
 * {@link org.boardlab.bench.load.LoadGenerator} does with the same {@link ServerProbe}). Every client
 * is the protocol bundle's {@link OnitamaClient}, all on one small Netty event-loop group
 * ({@code --client-threads}, 1 or 2: no client has a thread of its own); each plays a random legal
 * move after a think time ({@code --think-ms}), checks every server move against its own board, and
 * starts a new game (a new connection, as the protocol has it) when one ends.
 *
 * <p>Measured after the warm-up, wire to wire at the client: PvE "move to answer" (the client's
 * move written until the server's own move is read: the session, the referee, the player's search,
 * the pacing gap if the server paces, and both writes), and for every move "move to OK" (until its
 * {@code 0} is read). Logins: the time until every client has its first game (its set-up). Lost
 * messages: a move without its answer, or a PvE move accepted without the server's move, when the
 * server closes the connection or when the run ends; also counted: refusals (27/28, none expected),
 * server messages the client found illegal or could not read, and games the server ended without a
 * winning move. After the deadline no new game starts and the games under way are played out.
 * Exit status 0 when none of these happened.
 *
 * <pre>
 * java -cp benchmarks/target/benchmarks.jar org.boardlab.bench.onitama.OnitamaLoad --pve 1000 --seconds 30 --warmup 10
 * java -cp benchmarks/target/benchmarks.jar org.boardlab.bench.onitama.OnitamaLoad --host 127.0.0.1 --port 8989 \
 *     --server-pid PID --pve 9990 --tables 5 --seconds 150 --warmup 90 --think-ms 100-500 --client-threads 2
 * </pre>
 */
public final class OnitamaLoad {

    /** Connections opening at once at the start (as {@code LoadGenerator}: the server's accept backlog). */
    private static final int CONNECTS_AT_ONCE = 256;

    private static final AtomicLong SAMPLES_DROPPED = new AtomicLong();

    /** A growable array of nanosecond samples. */
    static final class Samples {
        private long[] values = new long[1 << 16];
        private int size;

        synchronized void add(long v) {
            if (size == values.length) {
                if (size >= 1 << 26) {
                    SAMPLES_DROPPED.incrementAndGet();
                    return;
                }
                values = Arrays.copyOf(values, size * 2);
            }
            values[size++] = v;
        }

        synchronized long[] sorted() {
            long[] s = Arrays.copyOf(values, size);
            Arrays.sort(s);
            return s;
        }

        String summary() {
            long[] s = sorted();
            if (s.length == 0) {
                return "no samples";
            }
            return String.format(Locale.ROOT, "n=%,d p50 %.2f ms, p90 %.2f ms, p99 %.2f ms, max %.2f ms", s.length,
                    ms(s, 0.50), ms(s, 0.90), ms(s, 0.99), s[s.length - 1] / 1e6);
        }

        /** {@code "name":{"n":..,"p50_ms":..,"p99_ms":..,"max_ms":..}} */
        String json(String name) {
            long[] s = sorted();
            return String.format(Locale.ROOT, "\"%s\":{\"n\":%d,\"p50_ms\":%.2f,\"p99_ms\":%.2f,\"max_ms\":%.2f}", name,
                    s.length, ms(s, 0.50), ms(s, 0.99), s.length == 0 ? 0 : s[s.length - 1] / 1e6);
        }

        private static double ms(long[] sorted, double q) {
            if (sorted.length == 0) {
                return 0;
            }
            return sorted[Math.min(sorted.length - 1, Math.max(0, (int) Math.ceil(q * sorted.length) - 1))] / 1e6;
        }
    }

    private final InetSocketAddress address;
    private final NioEventLoopGroup group;
    private final int thinkLo;
    private final int thinkHi;
    /** Samples are taken (the measured window). */
    private volatile boolean measuring;
    /** The deadline has passed: no new game starts; the games under way are played out. */
    private volatile boolean draining;
    /** The run is over: no move is sent any more. */
    private volatile boolean stopping;
    final Samples pveAnswer = new Samples();
    final Samples ok = new Samples();
    final Samples loopLate = new Samples();
    final AtomicLong games = new AtomicLong();
    final AtomicLong moves = new AtomicLong();
    final AtomicLong serverMoves = new AtomicLong();
    final AtomicLong lost = new AtomicLong();
    final AtomicLong refused = new AtomicLong();
    final AtomicLong illegal = new AtomicLong();
    final AtomicLong unfinished = new AtomicLong();
    final AtomicLong closedBeforeGame = new AtomicLong();
    final AtomicLong connectFailures = new AtomicLong();
    /** The first few reasons a connect failed, by reason, with how often. */
    final Map<String, AtomicLong> connectFailureReasons = new java.util.concurrent.ConcurrentHashMap<>();
    /** Slots with a connection (from connecting until its close is seen). */
    final AtomicInteger connected = new AtomicInteger();
    /** Slots that have had their first game's set-up. */
    final CountDownLatch firstGame;

    OnitamaLoad(InetSocketAddress address, NioEventLoopGroup group, int thinkLo, int thinkHi, int slots) {
        this.address = address;
        this.group = group;
        this.thinkLo = thinkLo;
        this.thinkHi = thinkHi;
        this.firstGame = new CountDownLatch(slots);
    }

    /**
     * One client slot: plays game after game, each on a new connection, all on one event loop of the
     * group (so its fields need no locks: every callback and every think timer runs there).
     */
    final class Slot implements OnitamaClient.Listener {
        private final boolean pve;
        private final String table;
        private final Random random;
        private final EventLoop loop;
        private OnitamaClient client;
        private Semaphore firstConnect;
        private boolean hadGame;
        /** The generator closed this client while it waited for its game (after the deadline). */
        private boolean leaving;
        private int stage; // 0 mode sent, 1 difficulty/table sent, 2 in game
        private long sentAt;
        private volatile boolean awaitingOk;
        private volatile boolean awaitingServerMove;

        Slot(boolean pve, int table, long seed) {
            this.pve = pve;
            this.table = Integer.toString(table);
            this.random = new Random(seed);
            this.loop = group.next();
        }

        /** The first connection; {@code underWay} is released once it has connected or failed. */
        void first(Semaphore underWay) {
            firstConnect = underWay;
            loop.execute(this::start);
        }

        private void start() {
            if (draining || stopping) {
                release();
                return;
            }
            stage = 0;
            awaitingOk = false;
            awaitingServerMove = false;
            connected.incrementAndGet();
            OnitamaClient c = new OnitamaClient(this, loop);
            client = c;
            c.connect(address.getHostString(), address.getPort()).whenComplete((x, e) -> {
                release();
                if (e != null && leaving) {
                    connected.decrementAndGet();
                } else if (e != null) {
                    connectFailures.incrementAndGet();
                    String why = String.valueOf(e instanceof java.util.concurrent.CompletionException && e.getCause() != null
                            ? e.getCause() : e).replaceAll("[0-9]+\\.[0-9]+\\.[0-9]+\\.[0-9]+:[0-9]+", "HOST:PORT");
                    if (connectFailureReasons.size() < 5 || connectFailureReasons.containsKey(why)) {
                        connectFailureReasons.computeIfAbsent(why, k -> new AtomicLong()).incrementAndGet();
                    }
                    connected.decrementAndGet();
                    loop.schedule(this::start, 100, TimeUnit.MILLISECONDS);
                } else {
                    c.mode(pve ? OnitamaClient.PVE : OnitamaClient.PVP, null);
                }
            });
        }

        private void release() {
            if (firstConnect != null) {
                firstConnect.release();
                firstConnect = null;
            }
        }

        @Override
        public void message(ServerMessage m) {
            long now = System.nanoTime();
            if (m instanceof ServerMessage.Answer a) {
                if (stage == 0) {
                    if (a.code() == ServerMessage.OK) {
                        stage = 1;
                        client.send(pve ? "1" : table);
                    } else {
                        refused.incrementAndGet(); // the mode refused
                    }
                } else if (stage == 1) {
                    if (a.code() != ServerMessage.OK && a.code() != ServerMessage.ONE && a.code() != ServerMessage.TWO) {
                        refused.incrementAndGet(); // the difficulty or the table refused
                    }
                } else if (awaitingOk) {
                    awaitingOk = false;
                    if (a.code() != ServerMessage.OK) {
                        refused.incrementAndGet();
                        play(); // the protocol asks for another move
                        return;
                    }
                    if (measuring) {
                        ok.add(now - sentAt);
                    }
                    moves.incrementAndGet();
                    awaitingServerMove = pve && !client.position().isTerminal();
                }
            } else if (m instanceof ServerMessage.Setup) {
                stage = 2;
                if (!hadGame) {
                    hadGame = true;
                    firstGame.countDown();
                }
                play();
            } else if (m instanceof ServerMessage.Moved) {
                if (pve) {
                    serverMoves.incrementAndGet();
                    if (awaitingServerMove && measuring) {
                        pveAnswer.add(now - sentAt);
                    }
                }
                awaitingServerMove = false;
                play();
            }
        }

        private void play() {
            OnitamaPosition p = client.position();
            if (p == null || p.isTerminal() || !client.myTurn()) {
                return;
            }
            if (thinkHi > 0) {
                OnitamaClient thinking = client;
                int ms = thinkLo + random.nextInt(thinkHi - thinkLo + 1);
                loop.schedule(() -> {
                    if (client == thinking) {
                        move();
                    }
                }, ms, TimeUnit.MILLISECONDS);
                return;
            }
            move();
        }

        private void move() {
            OnitamaPosition p = client.position();
            if (p == null || p.isTerminal() || !client.myTurn() || stopping) {
                return;
            }
            List<Move> legal = p.legalMoves();
            OnitamaMove move = (OnitamaMove) legal.get(random.nextInt(legal.size()));
            awaitingOk = true;
            sentAt = System.nanoTime();
            client.move(move);
        }

        @Override
        public void malformed(ProtocolViolation violation) {
            illegal.incrementAndGet();
        }

        @Override
        public void closed(CloseReason reason) {
            OnitamaPosition p = client.position();
            if (!stopping) {
                if (awaitingOk || awaitingServerMove) {
                    lost.incrementAndGet();
                }
                if (p != null && p.isTerminal()) {
                    games.incrementAndGet();
                } else if (stage == 2) {
                    unfinished.incrementAndGet();
                } else if (!draining) {
                    closedBeforeGame.incrementAndGet();
                }
            }
            awaitingOk = false;
            awaitingServerMove = false;
            connected.decrementAndGet();
            if (!draining && !stopping) {
                loop.execute(this::start);
            }
        }

        /**
         * After the deadline: a PvP client still waiting at its table (no set-up yet) leaves, as its
         * opponent may not come back. A PvE client that has connected gets its game and plays it out.
         */
        void leaveIfWaiting() {
            loop.execute(() -> {
                if (!pve && stage < 2 && client != null) {
                    leaving = true;
                    client.close();
                }
            });
        }

        /** A move or a server move that was still awaited when the run ended. */
        boolean unanswered() {
            return awaitingOk || awaitingServerMove;
        }

        void close() {
            loop.execute(() -> {
                if (client != null) {
                    client.close();
                }
            });
        }
    }

    private static void usage(String problem) {
        if (problem != null) {
            System.err.println("OnitamaLoad: " + problem);
        }
        System.err.println("usage: OnitamaLoad [--pve N] [--tables 0..5] [--seconds S] [--warmup S] [--think-ms T|LO-HI]"
                + " [--client-threads 1|2] [--host H --port P [--server-pid PID]] [--pacing MS]");
        System.exit(2);
    }

    private static int number(String option, String value) {
        try {
            return Integer.parseInt(value);
        } catch (NumberFormatException e) {
            usage(option + " needs a whole number, not \"" + value + "\"");
            return 0;
        }
    }

    public static void main(String[] args) throws Exception {
        int pve = 1000;
        int tables = 5;
        int seconds = 30;
        int warmup = 10;
        int thinkLo = 0;
        int thinkHi = 0;
        int clientThreads = 1;
        String host = null;
        int port = -1;
        long serverPid = -1;
        long pacing = 0;
        for (int i = 0; i < args.length; i++) {
            String option = args[i];
            if (i + 1 >= args.length) {
                usage(option + " needs a value");
            }
            String value = args[++i];
            switch (option) {
                case "--pve" -> pve = number(option, value);
                case "--tables" -> tables = number(option, value);
                case "--seconds" -> seconds = number(option, value);
                case "--warmup" -> warmup = number(option, value);
                case "--client-threads" -> clientThreads = number(option, value);
                case "--host" -> host = value;
                case "--port" -> port = number(option, value);
                case "--server-pid" -> serverPid = number(option, value);
                case "--pacing" -> pacing = number(option, value);
                case "--think-ms" -> {
                    String[] range = value.split("-", 2);
                    thinkLo = number(option, range[0]);
                    thinkHi = range.length == 2 ? number(option, range[1]) : thinkLo;
                    if (thinkLo < 0 || thinkHi < thinkLo) {
                        usage("--think-ms: T or LO-HI, 0 <= LO <= HI");
                    }
                }
                default -> usage("unknown option " + option);
            }
        }
        if (pve < 0 || tables < 0 || tables > 5) {
            usage("--pve is 0 or more; --tables 0..5 (the protocol has five tables)");
        }
        if (seconds <= 0 || warmup < 0 || warmup >= seconds) {
            usage("--seconds S and --warmup W with 0 <= W < S");
        }
        if (clientThreads < 1 || clientThreads > 2) {
            usage("--client-threads is 1 or 2");
        }
        if ((host == null) != (port < 0)) {
            usage("--host and --port go together");
        }
        if (host == null && serverPid > 0) {
            usage("--server-pid goes with --host and --port (a server in this JVM is looked at from inside)");
        }
        if (host != null) {
            try {
                if (!InetAddress.getByName(host).isLoopbackAddress()) {
                    usage("--host " + host + " is not this machine: the latencies and the server's figures need it here"
                            + " (127.0.0.1)");
                }
            } catch (UnknownHostException e) {
                usage("--host " + host + ": unknown host");
            }
        }

        EmbeddedServer server = null;
        InetSocketAddress address;
        if (host == null) {
            Onitama onitama = new Onitama();
            server = new EmbeddedServer(id -> onitama, new EventBus(), ServerSettings.defaults(), line -> { });
            server.addProtocol(new OnitamaServerProtocol(new OnitamaProtocol(), id -> switch (id) {
                case "onitama-normal" -> (Player) new OnitamaNormalPlayer();
                case "onitama-hard" -> new OnitamaHardPlayer();
                default -> null;
            }, pacing, "onitama-normal", "onitama-hard"));
            address = server.start("onitama", "127.0.0.1", 0);
        } else {
            address = new InetSocketAddress(host, port);
        }
        ServerProbe probe = server != null ? ServerProbe.thisProcess()
                : serverPid > 0 ? ServerProbe.process(serverPid) : ServerProbe.NONE;
        ServerProbe self = ServerProbe.process(ProcessHandle.current().pid());
        String loadAtStart = loadAverage();
        ServerProbe.Sample idle = probe.sample(true);
        int idleSockets = probe.sockets();
        int clients = 2 * tables + pve;
        System.out.printf(Locale.ROOT, "onitama load: %d clients: %d PvP tables (%d clients) + %d PvE games against the"
                + " server's player (difficulty 1), %s, clients think %s, %d s (%d s warm-up), %d client thread%s;"
                + " load average %s, %d cores; server idle: %s%n", clients, tables, 2 * tables, pve,
                server != null ? "server in this JVM, pacing " + (pacing == 0 ? "off" : pacing + " ms")
                        : "the server on " + address.getHostString() + ":" + address.getPort(),
                thinkHi == 0 ? "0 ms (they answer at once: the server is saturated)" : thinkLo + "-" + thinkHi + " ms",
                seconds, warmup, clientThreads, clientThreads == 1 ? "" : "s", loadAtStart,
                Runtime.getRuntime().availableProcessors(), idle.text());

        NioEventLoopGroup group = new NioEventLoopGroup(clientThreads, new DefaultThreadFactory("load-onitama", true));
        OnitamaLoad load = new OnitamaLoad(address, group, thinkLo, thinkHi, clients);
        new LoopLateness(nanos -> load.measuring, load.loopLate::add).start(load.group);
        List<Slot> slots = new ArrayList<>();
        for (int t = 0; t < tables; t++) {
            slots.add(load.new Slot(false, t, 2L * t));
            slots.add(load.new Slot(false, t, 2L * t + 1));
        }
        for (int i = 0; i < pve; i++) {
            slots.add(load.new Slot(true, -1, 1000 + i));
        }

        // logins: every client connected (at most CONNECTS_AT_ONCE under way) until each has its first game
        double jitAtStart = probe.jitSeconds();
        long loginStart = System.nanoTime();
        Semaphore underWay = new Semaphore(CONNECTS_AT_ONCE);
        for (Slot slot : slots) {
            underWay.acquire();
            slot.first(underWay);
        }
        long loginLimit = Math.max(60, clients / 100);
        boolean allIn = load.firstGame.await(loginLimit, TimeUnit.SECONDS);
        double loginSeconds = (System.nanoTime() - loginStart) / 1e9;
        long withGame = clients - load.firstGame.getCount();
        System.out.printf(Locale.ROOT, "%,d of %,d clients had their game within %.1f s%s; playing%n", withGame, clients,
                loginSeconds, allIn ? "" : " (gave up waiting after " + loginLimit + " s)");

        // warm-up, then the measured window; every 5 s: progress and a look at the server
        ServerProbe.Sample peak = idle;
        long playStart = System.nanoTime();
        long windowStart = playStart + TimeUnit.SECONDS.toNanos(warmup);
        long deadline = playStart + TimeUnit.SECONDS.toNanos(seconds);
        long nextLook = playStart + TimeUnit.SECONDS.toNanos(5);
        boolean inWindow = false;
        long startMoves = 0;
        long startServerMoves = 0;
        long startGames = 0;
        double jitAtWindow = Double.NaN;
        double cpuAtWindow = Double.NaN;
        double selfCpuAtWindow = Double.NaN;
        Map<String, Double> threadsAtWindow = Map.of();
        long lastMoves = load.moves.get();
        long lastLook = playStart;
        while (System.nanoTime() - deadline < 0) {
            long now = System.nanoTime();
            if (!inWindow && now - windowStart >= 0) {
                inWindow = true;
                jitAtWindow = probe.jitSeconds();
                cpuAtWindow = probe.cpuSeconds();
                selfCpuAtWindow = self.cpuSeconds();
                threadsAtWindow = probe.threadCpuSeconds();
                startMoves = load.moves.get();
                startServerMoves = load.serverMoves.get();
                startGames = load.games.get();
                windowStart = System.nanoTime();
                load.measuring = true;
            }
            if (now - nextLook >= 0) {
                long m = load.moves.get();
                ServerProbe.Sample look = probe.sample(false);
                peak = larger(peak, look);
                System.out.printf(Locale.ROOT, "  %4.0f s: %,d client moves (%,.0f/s now), %,d games ended with a winner,"
                        + " %,d connections; server: %s%n", (now - playStart) / 1e9, m,
                        (m - lastMoves) / ((now - lastLook) / 1e9), load.games.get(), load.connected.get(), look.text());
                lastMoves = m;
                lastLook = now;
                nextLook += TimeUnit.SECONDS.toNanos(5);
            }
            Thread.sleep(Math.max(1, Math.min(100, TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime()))));
        }
        load.measuring = false;
        double window = (System.nanoTime() - windowStart) / 1e9;
        long windowMoves = load.moves.get() - startMoves;
        long windowServerMoves = load.serverMoves.get() - startServerMoves;
        long windowGames = load.games.get() - startGames;
        double serverCpu = probe.cpuSeconds() - cpuAtWindow;
        double selfCpu = self.cpuSeconds() - selfCpuAtWindow;
        Map<String, Double> threadsAtEnd = probe.threadCpuSeconds();
        double jitWindow = probe.jitSeconds() - jitAtWindow;
        double jitWarmup = jitAtWindow - jitAtStart;
        String loadAtDeadline = loadAverage();

        // no new game; the games under way are played out (a game of random moves against the server's can be long)
        load.draining = true;
        slots.forEach(Slot::leaveIfWaiting);
        long drainMillis = 10_000 + 100L * thinkHi;
        long drainUntil = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(drainMillis);
        while (load.connected.get() > 0 && System.nanoTime() - drainUntil < 0) {
            Thread.sleep(20);
        }
        int stillPlaying = load.connected.get();
        load.stopping = true;
        long settleUntil = System.nanoTime() + TimeUnit.SECONDS.toNanos(3);
        while (slots.stream().anyMatch(Slot::unanswered) && System.nanoTime() - settleUntil < 0) {
            Thread.sleep(20);
        }
        long unansweredAtEnd = slots.stream().filter(Slot::unanswered).count();
        load.lost.addAndGet(unansweredAtEnd);
        slots.forEach(Slot::close);
        group.shutdownGracefully(0, 1, TimeUnit.SECONDS).awaitUninterruptibly(10, TimeUnit.SECONDS);
        slots.clear();

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

        System.out.printf(Locale.ROOT, "measured %.1f s: %,d client moves (%,.0f/s), %,d server moves in PvE (%,.0f/s),"
                + " %,d games ended with a winner%n", window, windowMoves, windowMoves / window, windowServerMoves,
                windowServerMoves / window, windowGames);
        System.out.println("PvE move -> server's move: " + load.pveAnswer.summary());
        System.out.println("move -> 0 (all moves):     " + load.ok.summary());
        System.out.println("the generator's own event loops ran late by: " + load.loopLate.summary());
        long errors = load.lost.get() + load.refused.get() + load.illegal.get() + load.unfinished.get()
                + load.closedBeforeGame.get() + load.connectFailures.get() + (allIn ? 0 : 1);
        System.out.printf(Locale.ROOT, "lost messages %d (%d still unanswered at the end), refused %d, illegal or unreadable"
                + " server messages %d, games ended without a winning move %d, closed before their game %d, failed"
                + " connects %d, still playing after the %d s drain %d (whole run)%n", load.lost.get(), unansweredAtEnd,
                load.refused.get(), load.illegal.get(), load.unfinished.get(), load.closedBeforeGame.get(),
                load.connectFailures.get(), drainMillis / 1000, stillPlaying);
        load.connectFailureReasons.forEach((why, n) -> System.out.printf(Locale.ROOT, "  connect failed %,d times (tried"
                + " again 100 ms later): %s%n", n.get(), why));
        System.out.printf(Locale.ROOT, "server: idle %s; largest %s; after the clients left %s (first look %s; sockets"
                + " closed after %.1f s, settled after %.1f s)%n", idle.text(), peak.text(), after.settled().text(),
                after.first().text(), after.socketsClosedSeconds(), after.settledSeconds());
        System.out.printf(Locale.ROOT, "server cpu in the window: %.1f s (%.2f cores), %.3f ms a client move; jit: %.1f s"
                + " in the warm-up, %.1f s in the window; the generator: %.2f cores%n", serverCpu, serverCpu / window,
                serverCpu * 1000 / Math.max(1, windowMoves), jitWarmup, jitWindow, selfCpu / window);
        String byThread = threadGroups(threadsAtWindow, threadsAtEnd, window);
        if (!byThread.isEmpty()) {
            System.out.println("server cpu by thread (cores in the window): " + byThread);
        }
        System.out.println("machine: load average " + loadAtStart + " at the start, " + loadAtDeadline
                + " at the deadline, " + loadAtEnd + " at the end; " + Runtime.getRuntime().availableProcessors() + " cores");
        if (SAMPLES_DROPPED.get() > 0) {
            System.out.println("samples dropped (more than 2^26): " + SAMPLES_DROPPED.get());
        }
        System.out.printf(Locale.ROOT, "{\"protocol\":\"onitama\",\"clients\":%d,\"pve\":%d,\"tables\":%d,\"think_ms\":\"%d-%d\","
                + "\"external_server\":%b,\"login_s\":%.2f,\"logged_in\":%d,\"window_s\":%.1f,\"moves\":%d,"
                + "\"moves_per_s\":%.0f,\"server_moves\":%d,\"games\":%d,%s,%s,%s,\"lost\":%d,\"refused\":%d,\"illegal\":%d,"
                + "\"unfinished\":%d,\"closed_before_game\":%d,\"connect_failures\":%d,\"heap_idle_mb\":%.0f,"
                + "\"heap_max_mb\":%.0f,\"heap_after_mb\":%.0f,\"threads_idle\":%d,\"threads_max\":%d,\"threads_after\":%d,"
                + "\"server_cores\":%s,\"server_cpu_ms_per_move\":%s,\"jit_warmup_s\":%s,\"jit_window_s\":%s,"
                + "\"generator_cores\":%s,\"load_start\":\"%s\",\"load_deadline\":\"%s\",\"load_end\":\"%s\"}%n",
                clients, pve, tables, thinkLo, thinkHi, server == null, loginSeconds, withGame, window, windowMoves,
                windowMoves / window, windowServerMoves, windowGames, load.pveAnswer.json("pve_answer"),
                load.ok.json("ok"), load.loopLate.json("loop_late"), load.lost.get(), load.refused.get(),
                load.illegal.get(), load.unfinished.get(), load.closedBeforeGame.get(), load.connectFailures.get(),
                idle.heapUsedMb(), peak.heapUsedMb(), after.settled().heapUsedMb(), idle.osThreads(), peak.osThreads(),
                after.settled().osThreads(), json(serverCpu / window, 2), json(serverCpu * 1000 / Math.max(1, windowMoves), 3),
                json(jitWarmup, 1), json(jitWindow, 1), json(selfCpu / window, 2), loadAtStart, loadAtDeadline, loadAtEnd);
        if (server != null) {
            server.close();
        }
        System.exit(errors == 0 ? 0 : 1);
    }

    /** A number for the JSON line: {@code null} when not known. */
    private static String json(double value, int decimals) {
        return Double.isNaN(value) ? "null" : String.format(Locale.ROOT, "%." + decimals + "f", value);
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
            text.append(text.length() == 0 ? "" : ", ")
                    .append(String.format(Locale.ROOT, "%s %.2f", e.getKey(), e.getValue() / window));
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
