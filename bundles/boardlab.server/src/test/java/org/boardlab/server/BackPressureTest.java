package org.boardlab.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.BooleanSupplier;
import org.boardlab.core.EventBus;
import org.boardlab.game.tictactoe.TicTacToe;
import org.boardlab.server.testing.HostileClient;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The server's own back-pressure, with a protocol that has none of its own: each line a client sends
 * is answered with 1 KiB (an amplifier, the worst a protocol bundle could do). Every protocol's
 * pipeline starts with the same handler, so what holds here holds for all of them.
 */
class BackPressureTest {

    /** A test protocol: every line in is answered by {@link #ANSWER} bytes out. */
    private static final int ANSWER = 1024;

    private final EventBus events = new EventBus();
    private final List<String> log = new CopyOnWriteArrayList<>();
    private EmbeddedServer server;

    private InetSocketAddress start(ServerSettings settings) {
        server = new EmbeddedServer(id -> new TicTacToe(), events, settings, log::add);
        server.addProtocol(new Amplifier());
        return server.start("amplifier", "127.0.0.1", 0);
    }

    @AfterEach
    void stop() {
        if (server != null) {
            server.close();
        }
    }

    @Test
    void aClientThatSendsAndNeverReadsIsClosedAsASlowReaderAndTheHeapStaysBounded() throws Exception {
        InetSocketAddress address = start(ServerSettings.defaults().withMaxQueued(1 << 20, Duration.ofSeconds(1)));
        long heapBefore = HostileClient.heapAfterGc();
        long directBefore = HostileClient.nettyDirectMemory();
        HostileClient.Flood flood;
        try (HostileClient hostile = new HostileClient(address)) {
            flood = hostile.flood("x\n".getBytes(StandardCharsets.US_ASCII), Duration.ofSeconds(Long.getLong("boardlab.hostile.seconds", 30)));
        }
        eventually(() -> server.slowReaders() == 1, "the flooder is counted as a slow reader");
        long heapGrowth = HostileClient.heapAfterGc() - heapBefore;
        long directGrowth = HostileClient.nettyDirectMemory() - directBefore;
        assertThat(flood.closedByServer()).as("the server cut the flooder: " + flood).isTrue();
        assertThat(log).anySatisfy(line -> assertThat(line).contains("a slow reader"));
        // without back-pressure every 2 bytes read queue 1 KiB: the flood's bytes times 512
        assertThat(heapGrowth).as("heap growth").isLessThan(64L << 20);
        assertThat(directGrowth).as("Netty's direct memory growth").isLessThan(64L << 20);
        eventually(() -> server.connections().isEmpty(), "the connection is gone");
    }

    @Test
    void outputLeftUnreadForTooLongClosesTheConnection() throws Exception {
        InetSocketAddress address = start(ServerSettings.defaults().withMaxQueued(64L << 20, Duration.ofSeconds(1)));
        try (HostileClient hostile = new HostileClient(address)) {
            // 10,000 KiB of answers, never read: far more than the kernel's socket buffers take, so the
            // connection stays unwritable (over the 64 KiB high water mark) and is closed after the 1 s
            // allowed, though under the byte limit
            hostile.send("x\n".repeat(10_000).getBytes(StandardCharsets.US_ASCII));
            eventually(() -> server.slowReaders() == 1, "closed as a slow reader");
        }
        assertThat(log).anySatisfy(line -> assertThat(line).contains("a slow reader").contains("waited")
                .contains("(the limit is 1.0 s)"));
    }

    @Test
    void aClientThatReadsSlowlyButReadsIsServedWhole() throws Exception {
        InetSocketAddress address = start(ServerSettings.defaults().withMaxQueued(1 << 20, Duration.ofSeconds(5)));
        int lines = 3_000; // 3 MB of answers in all, at most 500 KB of them asked for and not yet read
        int window = 500;
        java.util.concurrent.atomic.AtomicInteger read = new java.util.concurrent.atomic.AtomicInteger();
        try (Socket socket = new Socket()) {
            socket.setReceiveBufferSize(4096);
            socket.connect(address);
            OutputStream out = socket.getOutputStream();
            Thread writer = new Thread(() -> {
                try {
                    for (int i = 0; i < lines; i++) {
                        while (i - read.get() >= window) {
                            Thread.sleep(1);
                        }
                        out.write(new byte[] {'x', '\n'});
                    }
                } catch (Exception e) {
                    // the socket closed: the reader's assertions say why
                }
            });
            writer.start();
            BufferedReader in = new BufferedReader(new InputStreamReader(socket.getInputStream(), StandardCharsets.US_ASCII));
            for (int i = 0; i < lines; i++) {
                String line = in.readLine();
                assertThat(line).as("answer " + i).hasSize(ANSWER - 1);
                read.incrementAndGet();
                if (i % 200 == 0) {
                    Thread.sleep(20); // slower than the server writes: reading from this client pauses now and then
                }
            }
            writer.join();
        }
        assertThat(server.slowReaders()).isZero();
    }

    private static void eventually(BooleanSupplier condition, String what) throws InterruptedException {
        long end = System.nanoTime() + 10_000_000_000L;
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > end) {
                throw new AssertionError("not within 10 s: " + what);
            }
            Thread.sleep(10);
        }
    }

    /** Lines in, 1 KiB lines out. */
    private static final class Amplifier extends LineProtocol {
        Amplifier() {
            super("amplifier");
        }

        @Override
        ByteBuf answer(ByteBuf line) {
            byte[] answer = new byte[ANSWER];
            java.util.Arrays.fill(answer, (byte) 'a');
            answer[ANSWER - 1] = '\n';
            return Unpooled.wrappedBuffer(answer);
        }
    }
}
