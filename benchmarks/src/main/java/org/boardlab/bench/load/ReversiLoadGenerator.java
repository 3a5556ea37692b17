package org.boardlab.bench.load;

import io.netty.channel.EventLoopGroup;
import io.netty.channel.nio.NioEventLoopGroup;
import io.netty.util.concurrent.DefaultThreadFactory;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.boardlab.api.Side;
import org.boardlab.core.EventBus;
import org.boardlab.game.othello.Othello;
import org.boardlab.game.othello.OthelloMove;
import org.boardlab.protocol.reversi.ReversiClient;
import org.boardlab.protocol.reversi.ReversiMessage;
import org.boardlab.protocol.reversi.ReversiPositions;
import org.boardlab.protocol.reversi.internal.ReversiProtocol;
import org.boardlab.protocol.reversi.internal.ReversiServerProtocol;
import org.boardlab.server.EmbeddedServer;
import org.boardlab.server.ServerSettings;

/**
 * Load on seed 004's Game Masters: {@code --gms N} Game Masters on one embedded server in this JVM
 * (3 ports each), each with a black and a white player that play the first legal move (at once, or
 * after a think time drawn for each move with {@code --think-ms T} or {@code --think-ms LO-HI}) and a
 * Game Controller that watches (continuous mode): 3·N connections. After each End the Game Master
 * closes both players; new ones connect and the next game starts. Measured over the run after the
 * warm-up, wire to wire: moves per second (New Moves answered OK) and the time from a New Move sent
 * to the next Next Turn received from that Game Master (the opponent's, or the mover's own when the
 * opponent must pass). Players that answer at once keep every Game Master busy, so the server's
 * cores are always saturated and the latency is the queue for them (Little's law: games waiting / rate);
 * with a think time, the load is what N lab groups of thinking players make, and the latency is the
 * server's own answer below saturation.
 *
 * <pre>
 * java -cp benchmarks/target/benchmarks.jar org.boardlab.bench.load.ReversiLoadGenerator --gms 200 --seconds 30 --warmup 10
 * </pre>
 */
public final class ReversiLoadGenerator {

    private final int gms;
    private final long seconds;
    private final long warmup;
    private final long thinkLo;
    private final long thinkHi;
    private final Latencies latencies = new Latencies();
    private final AtomicLong moves = new AtomicLong();
    private final AtomicLong games = new AtomicLong();
    private final AtomicLong problems = new AtomicLong();
    private final AtomicBoolean measuring = new AtomicBoolean();
    private final AtomicBoolean stopping = new AtomicBoolean();
    private EventLoopGroup loops;

    private ReversiLoadGenerator(int gms, long seconds, long warmup, long thinkLo, long thinkHi) {
        this.gms = gms;
        this.seconds = seconds;
        this.warmup = warmup;
        this.thinkLo = thinkLo;
        this.thinkHi = thinkHi;
    }

    public static void main(String[] args) throws Exception {
        int gms = 200;
        long seconds = 30;
        long warmup = 10;
        long thinkLo = 0;
        long thinkHi = 0;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--gms" -> gms = Integer.parseInt(args[++i]);
                case "--seconds" -> seconds = Long.parseLong(args[++i]);
                case "--warmup" -> warmup = Long.parseLong(args[++i]);
                case "--think-ms" -> {
                    String[] range = args[++i].split("-", 2);
                    thinkLo = Long.parseLong(range[0]);
                    thinkHi = range.length == 2 ? Long.parseLong(range[1]) : thinkLo;
                }
                default -> {
                    System.err.println("usage: ReversiLoadGenerator [--gms N (200)] [--seconds S (30)] [--warmup S (10)] [--think-ms T|LO-HI (0)]");
                    System.exit(2);
                }
            }
        }
        if (thinkLo < 0 || thinkHi < thinkLo) {
            System.err.println("--think-ms: a time or a range LO-HI with 0 <= LO <= HI");
            System.exit(2);
        }
        new ReversiLoadGenerator(gms, seconds, warmup, thinkLo, thinkHi).run();
    }

    /** One Game Master's players and controller, and its move-to-Next-Turn clock. */
    private final class Table {
        final List<InetSocketAddress> ports;
        /** When the last New Move on this Game Master was sent (0: none waiting for its Next Turn). */
        final AtomicLong moveSentAt = new AtomicLong();

        Table(List<InetSocketAddress> ports) {
            this.ports = ports;
        }

        void seat(int port) {
            if (stopping.get()) {
                return;
            }
            Side side = port == 0 ? Side.FIRST : Side.SECOND;
            ReversiClient[] self = new ReversiClient[1];
            ReversiClient client = new ReversiClient(loops, new ReversiClient.Listener() {
                @Override
                public void nextTurn(ReversiMessage.Board board) {
                    long now = System.nanoTime();
                    long sent = moveSentAt.getAndSet(0);
                    if (sent != 0 && measuring.get()) {
                        latencies.add(now - sent);
                    }
                    OthelloMove m = ReversiPositions.position(board, side).placements().get(0);
                    long think = thinkHi == 0 ? 0 : java.util.concurrent.ThreadLocalRandom.current().nextLong(thinkLo, thinkHi + 1);
                    if (think == 0) {
                        moveSentAt.set(System.nanoTime());
                        self[0].move(m.col(), m.row());
                    } else {
                        loops.schedule(() -> {
                            moveSentAt.set(System.nanoTime());
                            self[0].move(m.col(), m.row());
                        }, think, TimeUnit.MILLISECONDS);
                    }
                }

                @Override
                public void moveAnswered(boolean ok) {
                    if (!ok) {
                        problems.incrementAndGet();
                    } else if (measuring.get()) {
                        moves.incrementAndGet();
                    }
                }

                @Override
                public void end(ReversiMessage.End end) {
                    moveSentAt.set(0);
                    if (side == Side.FIRST && measuring.get()) {
                        games.incrementAndGet();
                    }
                }

                @Override
                public void closed(org.boardlab.client.CloseReason reason) {
                    if (!self[0].ended() && !stopping.get()) {
                        problems.incrementAndGet();
                        System.err.println("player closed before End: " + reason);
                    }
                    seat(port); // the next game
                }
            });
            self[0] = client;
            client.connect(ports.get(port).getHostString(), ports.get(port).getPort()).whenComplete((c, e) -> {
                if (e != null) {
                    problems.incrementAndGet();
                    System.err.println("cannot connect: " + e);
                } else {
                    client.connectAs((side == Side.FIRST ? "black-" : "white-") + ports.get(0).getPort());
                }
            });
        }
    }

    private void run() throws Exception {
        loops = new NioEventLoopGroup(Math.max(1, Runtime.getRuntime().availableProcessors()),
                new DefaultThreadFactory("reversi-load", true));
        try (EmbeddedServer server = new EmbeddedServer(id -> new Othello(), new EventBus(),
                ServerSettings.defaults().withMaxClients(3 * gms + 100), line -> { })) {
            server.addProtocol(new ReversiServerProtocol(new ReversiProtocol()));
            List<Table> tables = new ArrayList<>();
            List<ReversiClient> controllers = new ArrayList<>();
            for (int i = 0; i < gms; i++) {
                Table t = new Table(server.startGroup("reversi", "127.0.0.1", 0));
                tables.add(t);
                ReversiClient gc = new ReversiClient(loops, null);
                gc.connect("127.0.0.1", t.ports.get(2).getPort()).get(10, TimeUnit.SECONDS);
                controllers.add(gc);
            }
            for (Table t : tables) {
                t.seat(0);
                t.seat(1);
            }
            System.out.printf(Locale.ROOT, "%d Game Masters, %d connections; players think %s; warm-up %d s, then %d s measured; load before: %s%n",
                    gms, 3 * gms, thinkHi == 0 ? "0 ms (answer at once)" : thinkLo == thinkHi ? thinkLo + " ms" : thinkLo + "-" + thinkHi + " ms",
                    warmup, seconds, load());
            Thread.sleep(TimeUnit.SECONDS.toMillis(warmup));
            measuring.set(true);
            long start = System.nanoTime();
            String loadAtStart = load();
            Thread.sleep(TimeUnit.SECONDS.toMillis(seconds));
            measuring.set(false);
            double elapsed = (System.nanoTime() - start) / 1e9;
            String loadAtEnd = load();
            stopping.set(true);
            Latencies.Snapshot s = latencies.snapshot();
            System.out.printf(Locale.ROOT, "moves: %d in %.1f s = %.0f moves/s; games finished: %d; problems: %d%n",
                    moves.get(), elapsed, moves.get() / elapsed, games.get(), problems.get());
            System.out.printf(Locale.ROOT, "New Move -> next Next Turn: %d samples, p50 %.2f ms, p99 %.2f ms, p99.9 %.2f ms, max %.2f ms%n",
                    s.count(), s.percentileMillis(50), s.percentileMillis(99), s.percentileMillis(99.9), s.maxMillis());
            System.out.println("load average at the start of the measurement: " + loadAtStart + "; at its end: " + loadAtEnd);
            for (ReversiClient gc : controllers) {
                gc.close();
            }
        } finally {
            loops.shutdownGracefully(0, 1, TimeUnit.SECONDS);
        }
    }

    private static String load() {
        try {
            return Files.readString(Path.of("/proc/loadavg")).trim();
        } catch (Exception e) {
            return "?";
        }
    }
}
