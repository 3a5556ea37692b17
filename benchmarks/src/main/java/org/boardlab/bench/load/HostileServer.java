package org.boardlab.bench.load;

import java.io.IOException;
import java.io.OutputStream;
import java.lang.management.ManagementFactory;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicLong;
import org.boardlab.api.Game;
import org.boardlab.core.EventBus;
import org.boardlab.game.gomoku.Gomoku;
import org.boardlab.game.othello.Othello;
import org.boardlab.protocol.gomoku.GomokuMessage;
import org.boardlab.protocol.gomoku.GomokuWire;
import org.boardlab.protocol.gomoku.internal.GomokuProtocol;
import org.boardlab.protocol.gomoku.internal.GomokuServerProtocol;
import org.boardlab.protocol.othello.internal.OthelloProtocol;
import org.boardlab.protocol.othello.internal.OthelloServerProtocol;
import org.boardlab.server.EmbeddedServer;
import org.boardlab.server.ServerSettings;

/**
 * A server under attack, for the load generator to measure well-behaved clients against (issue 16):
 * it runs the embedded server with both protocols in this JVM, on fixed ports, and one hostile client
 * per protocol on its own thread that sends without ever reading (Othello: {@code CPING} after
 * {@code CPING}; Gomoku: {@code place} after {@code place} before joining, each refused), connecting
 * again each time the server cuts it. Every 5 s it prints the server JVM's heap after a full
 * collection, Netty's direct memory, the cuts so far and the server's counters; at the end the
 * largest growth over the heap before the attack.
 *
 * <pre>
 * java -cp benchmarks/target/benchmarks.jar org.boardlab.bench.load.HostileServer --seconds 60 --othello-port 10000 --gomoku-port 23334
 * java -cp benchmarks/target/benchmarks.jar org.boardlab.bench.load.LoadGenerator --host 127.0.0.1 --port 10000 --clients 100 ...
 * </pre>
 * Options: {@code --seconds S} (default 60), {@code --othello-port N}, {@code --gomoku-port N}
 * (defaults 10000 and 23334), {@code --attack on|off} (default on: {@code off} measures the same
 * server without attackers, the baseline).
 */
public final class HostileServer {

    private HostileServer() {
    }

    public static void main(String[] args) throws Exception {
        int seconds = 60;
        int othelloPort = 10000;
        int gomokuPort = 23334;
        boolean attack = true;
        for (int i = 0; i + 1 < args.length; i += 2) {
            switch (args[i]) {
                case "--seconds" -> seconds = Integer.parseInt(args[i + 1]);
                case "--othello-port" -> othelloPort = Integer.parseInt(args[i + 1]);
                case "--gomoku-port" -> gomokuPort = Integer.parseInt(args[i + 1]);
                case "--attack" -> attack = args[i + 1].equals("on");
                default -> throw new IllegalArgumentException("unknown option " + args[i]
                        + "; options: --seconds S, --othello-port N, --gomoku-port N, --attack on|off");
            }
        }
        Othello othello = new Othello();
        Gomoku gomoku = new Gomoku();
        EmbeddedServer server = new EmbeddedServer(id -> id.equals("gomoku") ? (Game) gomoku : othello, new EventBus(),
                ServerSettings.defaults(), line -> {
                    if (line.contains("slow reader") || line.contains("refused messages")) {
                        System.out.println("server: " + line);
                    }
                });
        server.addProtocol(new OthelloServerProtocol(new OthelloProtocol()));
        server.addProtocol(new GomokuServerProtocol(new GomokuProtocol()));
        InetSocketAddress o = server.start("othello", "127.0.0.1", othelloPort);
        InetSocketAddress g = server.start("gomoku", "127.0.0.1", gomokuPort);
        System.out.println("othello on " + o.getPort() + ", gomoku on " + g.getPort());
        long heap0 = heap();
        long direct0 = direct();
        System.out.printf(Locale.ROOT, "before: heap %.1f MB, Netty direct %.1f MB%n", heap0 / 1e6, direct0 / 1e6);
        AtomicLong cuts = new AtomicLong();
        AtomicLong sent = new AtomicLong();
        long end = System.nanoTime() + Duration.ofSeconds(seconds).toNanos();
        List<Thread> attackers = new ArrayList<>();
        if (attack) {
            attackers.add(attacker(o, "CPING\n".getBytes(StandardCharsets.US_ASCII), end, cuts, sent));
            attackers.add(attacker(g, GomokuWire.frame(new GomokuMessage.Place(7, 7)), end, cuts, sent));
        }
        long maxHeap = 0;
        long maxDirect = 0;
        while (System.nanoTime() < end) {
            Thread.sleep(5_000);
            long h = heap() - heap0;
            long d = direct() - direct0;
            maxHeap = Math.max(maxHeap, h);
            maxDirect = Math.max(maxDirect, d);
            System.out.printf(Locale.ROOT, "heap %+.1f MB, Netty direct %+.1f MB, hostile bytes sent %,d, cut %d times; "
                    + "server: %d connections, %d slow readers, %d violations%n", h / 1e6, d / 1e6, sent.get(), cuts.get(),
                    server.connections().size(), server.slowReaders(), server.violations());
        }
        for (Thread t : attackers) {
            t.join(5_000);
        }
        System.out.printf(Locale.ROOT, "largest growth over %d s of attack: heap %+.1f MB, Netty direct %+.1f MB; hostile "
                + "clients cut %d times (%d slow readers, %d over the refusal limit)%n", seconds, maxHeap / 1e6,
                maxDirect / 1e6, cuts.get(), server.slowReaders(), server.violations());
        server.close();
    }

    /** Floods {@code request} without reading, connecting again whenever the server cuts it, until {@code end}. */
    private static Thread attacker(InetSocketAddress address, byte[] request, long end, AtomicLong cuts,
            AtomicLong sent) {
        byte[] burst = new byte[Math.max(request.length, 8192 / request.length * request.length)];
        for (int i = 0; i + request.length <= burst.length; i += request.length) {
            System.arraycopy(request, 0, burst, i, request.length);
        }
        Thread t = new Thread(() -> {
            while (System.nanoTime() < end) {
                try (Socket socket = new Socket()) {
                    socket.setReceiveBufferSize(4096);
                    socket.connect(address);
                    socket.setSoTimeout(1000);
                    OutputStream out = socket.getOutputStream();
                    Thread watchdog = new Thread(() -> {
                        try {
                            Thread.sleep(Math.max(1, (end - System.nanoTime()) / 1_000_000));
                            socket.close();
                        } catch (InterruptedException | IOException e) {
                            // cut first
                        }
                    });
                    watchdog.setDaemon(true);
                    watchdog.start();
                    try {
                        while (System.nanoTime() < end) {
                            out.write(burst);
                            sent.addAndGet(burst.length);
                        }
                    } catch (IOException e) {
                        if (System.nanoTime() < end) {
                            cuts.incrementAndGet();
                        }
                    } finally {
                        watchdog.interrupt();
                    }
                } catch (IOException e) {
                    // could not connect: try again
                }
            }
        }, "hostile-" + address.getPort());
        t.setDaemon(true);
        t.start();
        return t;
    }

    private static long heap() {
        for (int i = 0; i < 3; i++) {
            System.gc();
        }
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    }

    private static long direct() {
        return io.netty.buffer.PooledByteBufAllocator.DEFAULT.metric().usedDirectMemory();
    }
}
