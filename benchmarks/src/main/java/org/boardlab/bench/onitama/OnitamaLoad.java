package org.boardlab.bench.onitama;

import io.netty.channel.nio.NioEventLoopGroup;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.boardlab.ai.onitama.OnitamaHardPlayer;
import org.boardlab.ai.onitama.OnitamaNormalPlayer;
import org.boardlab.api.Move;
import org.boardlab.api.Player;
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
 * Load on seed 001's Onitama port: the embedded server in this JVM on 127.0.0.1 (pacing off, as
 * for clients that cut messages at the NUL), the five PvP tables kept busy by ten clients, and
 * {@code --pve N} PvE games at once against {@code onitama-normal} (2 plies, a fixed depth). Every
 * client is the protocol bundle's {@link OnitamaClient} on one shared event loop group; it plays a
 * random legal move the moment it is its turn, checks every server move against its own board,
 * and starts a new game (a new connection, as the protocol has it) when one ends.
 *
 * <p>Measured after the warm-up, wire to wire at the client: PvE "move to answer" (the client's
 * move written until the server's own move is read: the referee, the player's search and both
 * writes), and for every move "move to OK" (until its {@code 0} is read). Lost messages: a move
 * without its answer, or a PvE move accepted without the server's move, when the connection
 * closes before the end of the run; also counted: refusals (27/28, none expected), moves the
 * client found illegal, and games that ended without a winning move.
 *
 * <pre>
 * java -cp benchmarks/target/benchmarks.jar org.boardlab.bench.onitama.OnitamaLoad --pve 1000 --seconds 30 --warmup 10
 * </pre>
 */
public final class OnitamaLoad {

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

        synchronized String summary() {
            if (size == 0) {
                return "no samples";
            }
            long[] s = Arrays.copyOf(values, size);
            Arrays.sort(s);
            return String.format(Locale.ROOT, "n=%d p50 %.2f ms, p90 %.2f ms, p99 %.2f ms, max %.2f ms", size,
                    ms(s, 0.50), ms(s, 0.90), ms(s, 0.99), s[size - 1] / 1e6);
        }

        synchronized double p99() {
            long[] s = Arrays.copyOf(values, size);
            Arrays.sort(s);
            return size == 0 ? 0 : ms(s, 0.99);
        }

        private static double ms(long[] sorted, double q) {
            return sorted[Math.min(sorted.length - 1, (int) Math.ceil(q * sorted.length) - 1)] / 1e6;
        }
    }

    private final InetSocketAddress address;
    private final NioEventLoopGroup group;
    private volatile boolean measuring;
    private volatile boolean stopping;
    final Samples pveAnswer = new Samples();
    final Samples ok = new Samples();
    final AtomicLong games = new AtomicLong();
    final AtomicLong moves = new AtomicLong();
    final AtomicLong lost = new AtomicLong();
    final AtomicLong refused = new AtomicLong();
    final AtomicLong illegal = new AtomicLong();
    final AtomicLong unfinished = new AtomicLong();

    /** How long a client thinks before each move, drawn evenly from thinkLo..thinkHi ms (0 0: at once). */
    int thinkLo;
    int thinkHi;

    OnitamaLoad(InetSocketAddress address, NioEventLoopGroup group) {
        this.address = address;
        this.group = group;
    }

    /** One client slot: plays game after game, each on a new connection. */
    final class Slot implements OnitamaClient.Listener {
        private final boolean pve;
        private final String table;
        private final Random random;
        private OnitamaClient client;
        private int stage; // 0 mode sent, 1 difficulty/table sent, 2 in game
        private long sentAt;
        private boolean awaitingOk;
        private boolean awaitingServerMove;

        Slot(boolean pve, int table, long seed) {
            this.pve = pve;
            this.table = Integer.toString(table);
            this.random = new Random(seed);
        }

        void start() {
            if (stopping) {
                return;
            }
            stage = 0;
            awaitingOk = false;
            awaitingServerMove = false;
            client = new OnitamaClient(this, group);
            client.connect(address.getHostString(), address.getPort()).whenComplete((c, e) -> {
                if (e != null) {
                    unfinished.incrementAndGet();
                    group.schedule(this::start, 100, TimeUnit.MILLISECONDS);
                } else {
                    c.mode(pve ? OnitamaClient.PVE : OnitamaClient.PVP, null);
                }
            });
        }

        @Override
        public void message(ServerMessage m) {
            long now = System.nanoTime();
            if (m instanceof ServerMessage.Answer a) {
                if (stage == 0 && a.code() == ServerMessage.OK) {
                    stage = 1;
                    client.send(pve ? "1" : table);
                } else if (stage == 2 && awaitingOk) {
                    awaitingOk = false;
                    if (a.code() != ServerMessage.OK) {
                        refused.incrementAndGet();
                        return;
                    }
                    if (measuring) {
                        ok.add(now - sentAt);
                    }
                    moves.incrementAndGet();
                    awaitingServerMove = pve && !client.position().isTerminal();
                } else if (stage == 2 && a.code() == ServerMessage.ONE) {
                    unfinished.incrementAndGet(); // BYE: the game ended without a winning move
                }
            } else if (m instanceof ServerMessage.Setup) {
                stage = 2;
                play();
            } else if (m instanceof ServerMessage.Moved) {
                if (pve && awaitingServerMove && measuring) {
                    pveAnswer.add(now - sentAt);
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
                group.schedule(() -> {
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
        public void closed(org.boardlab.client.CloseReason reason) {
            OnitamaPosition p = client.position();
            if (!stopping) {
                if (awaitingOk || awaitingServerMove) {
                    lost.incrementAndGet();
                }
                if (p != null && p.isTerminal()) {
                    games.incrementAndGet();
                } else {
                    unfinished.incrementAndGet();
                }
            }
            group.execute(this::start);
        }

        void close() {
            OnitamaClient c = client;
            if (c != null) {
                c.close();
            }
        }
    }

    public static void main(String[] args) throws Exception {
        int pve = 1000;
        int tables = 5;
        int seconds = 30;
        int warmup = 10;
        int thinkLo = 0;
        int thinkHi = 0;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--pve" -> pve = Integer.parseInt(args[++i]);
                case "--tables" -> tables = Integer.parseInt(args[++i]);
                case "--seconds" -> seconds = Integer.parseInt(args[++i]);
                case "--warmup" -> warmup = Integer.parseInt(args[++i]);
                case "--think-ms" -> {
                    String[] range = args[++i].split("-", 2);
                    thinkLo = Integer.parseInt(range[0]);
                    thinkHi = range.length == 2 ? Integer.parseInt(range[1]) : thinkLo;
                    if (thinkLo < 0 || thinkHi < thinkLo) {
                        System.err.println("--think-ms: T or LO-HI, 0 <= LO <= HI");
                        System.exit(2);
                    }
                }
                default -> {
                    System.err.println("usage: OnitamaLoad [--pve N] [--tables 0..5] [--seconds S] [--warmup S] [--think-ms T|LO-HI]");
                    System.exit(2);
                }
            }
        }
        Onitama onitama = new Onitama();
        EmbeddedServer server = new EmbeddedServer(id -> onitama, new EventBus(), ServerSettings.defaults(), line -> { });
        server.addProtocol(new OnitamaServerProtocol(new OnitamaProtocol(), id -> switch (id) {
            case "onitama-normal" -> (Player) new OnitamaNormalPlayer();
            case "onitama-hard" -> new OnitamaHardPlayer();
            default -> null;
        }, 0, "onitama-normal", "onitama-hard"));
        InetSocketAddress address = server.start("onitama", "127.0.0.1", 0);
        NioEventLoopGroup group = new NioEventLoopGroup(1);
        OnitamaLoad load = new OnitamaLoad(address, group);
        load.thinkLo = thinkLo;
        load.thinkHi = thinkHi;
        List<Slot> slots = new ArrayList<>();
        for (int t = 0; t < tables; t++) {
            slots.add(load.new Slot(false, t, 2L * t));
            slots.add(load.new Slot(false, t, 2L * t + 1));
        }
        for (int i = 0; i < pve; i++) {
            slots.add(load.new Slot(true, -1, 1000 + i));
        }
        System.out.printf(Locale.ROOT, "onitama load: %d PvP tables (%d clients) + %d PvE games against onitama-normal,"
                + " pacing off, clients think %s, %d s (%d s warm-up); machine: %s%n", tables, 2 * tables, pve,
                thinkHi == 0 ? "0 ms (they answer at once: the server is saturated)" : thinkLo + "-" + thinkHi + " ms",
                seconds, warmup, loadAverage());
        slots.forEach(Slot::start);
        Thread.sleep(warmup * 1000L);
        long startMoves = load.moves.get();
        long startGames = load.games.get();
        load.measuring = true;
        long t0 = System.nanoTime();
        Thread.sleep((seconds - warmup) * 1000L);
        load.measuring = false;
        double window = (System.nanoTime() - t0) / 1e9;
        long windowMoves = load.moves.get() - startMoves;
        long windowGames = load.games.get() - startGames;
        String machine = loadAverage();
        load.stopping = true;
        slots.forEach(Slot::close);
        Thread.sleep(500);
        System.out.printf(Locale.ROOT, "measured %.1f s: %d client moves (%.0f/s), %d games ended with a winner%n", window,
                windowMoves, windowMoves / window, windowGames);
        System.out.println("PvE move -> server's move: " + load.pveAnswer.summary());
        System.out.println("move -> 0 (all moves):     " + load.ok.summary());
        System.out.printf("lost messages %d, refused moves %d, illegal or unreadable server messages %d, games ended"
                + " without a winning move %d (whole run)%n", load.lost.get(), load.refused.get(), load.illegal.get(),
                load.unfinished.get());
        System.out.println("machine load at the end of the window: " + machine);
        System.out.printf(Locale.ROOT, "{\"pve\":%d,\"tables\":%d,\"seconds\":%.1f,\"moves\":%d,\"games\":%d,"
                + "\"pve_answer_p99_ms\":%.2f,\"ok_p99_ms\":%.2f,\"lost\":%d,\"refused\":%d,\"illegal\":%d}%n", pve, tables,
                window, windowMoves, windowGames, load.pveAnswer.p99(), load.ok.p99(), load.lost.get(), load.refused.get(),
                load.illegal.get());
        group.shutdownGracefully(0, 1, TimeUnit.SECONDS);
        server.close();
        System.exit(0);
    }

    private static String loadAverage() {
        try {
            return "load average " + Files.readString(Path.of("/proc/loadavg")).trim() + ", "
                    + Runtime.getRuntime().availableProcessors() + " cores";
        } catch (Exception e) {
            return "load average unknown";
        }
    }
}
