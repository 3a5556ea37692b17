package org.boardlab.server.testing;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.lang.management.ManagementFactory;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.time.Duration;

/**
 * A hostile client for every protocol's server tests (the server's test-jar): a raw socket that sends
 * what it is told and reads only when asked to, counting the bytes both ways. With {@link #flood}
 * it writes one request again and again without ever reading the answers (a slow reader); with
 * {@link #send} and {@link #drain} it measures how many bytes the server answers to the bytes it sent
 * (amplification).
 *
 * <p>Its receive buffer is made small before it connects, so the server's output piles up on the
 * server's side, where the back-pressure under test has to deal with it.
 */
public final class HostileClient implements AutoCloseable {

    private boolean closed;

    /** How a flood ended. */
    public record Flood(long bytesSent, boolean closedByServer, Duration elapsed) {
    }

    private final Socket socket;
    private final OutputStream out;
    private final InputStream in;
    private long sent;
    private long received;

    public HostileClient(InetSocketAddress server) throws IOException {
        socket = new Socket();
        socket.setReceiveBufferSize(4096);
        socket.setSendBufferSize(65536);
        socket.connect(server, 2_000);
        out = socket.getOutputStream();
        in = socket.getInputStream();
    }

    /** Sends {@code bytes} (and counts them). */
    public void send(byte[] bytes) throws IOException {
        out.write(bytes);
        out.flush();
        sent += bytes.length;
    }

    /**
     * Writes {@code request} again and again, never reading, until the server closes the connection
     * (a write fails) or {@code duration} has passed (then the socket is closed from this side, and
     * the result says it was not closed by the server).
     */
    public Flood flood(byte[] request, Duration duration) {
        byte[] burst = new byte[Math.max(request.length, 8192 / request.length * request.length)];
        for (int i = 0; i + request.length <= burst.length; i += request.length) {
            System.arraycopy(request, 0, burst, i, request.length);
        }
        long start = System.nanoTime();
        long end = start + duration.toNanos();
        // a write blocked on a full socket does not see the clock: a watchdog closes it at the end
        java.util.concurrent.atomic.AtomicBoolean timeUp = new java.util.concurrent.atomic.AtomicBoolean();
        Thread watchdog = new Thread(() -> {
            try {
                Thread.sleep(Math.max(1, duration.toMillis()));
                timeUp.set(true);
                socket.close();
            } catch (InterruptedException | IOException e) {
                // the flood ended first
            }
        }, "hostile-client-watchdog");
        watchdog.setDaemon(true);
        watchdog.start();
        boolean closed = false;
        try {
            while (System.nanoTime() < end) {
                out.write(burst);
                sent += burst.length;
            }
        } catch (IOException e) {
            closed = !timeUp.get(); // the server closed it (reset), not the watchdog
        } finally {
            watchdog.interrupt();
        }
        return new Flood(sent, closed, Duration.ofNanos(System.nanoTime() - start));
    }

    /**
     * Reads what the server sends until it has been quiet for {@code quiet} or closed the connection,
     * counting the bytes.
     *
     * @return {@code true} if the server closed the connection
     */
    public boolean drain(Duration quiet) throws IOException {
        socket.setSoTimeout((int) Math.max(1, quiet.toMillis()));
        byte[] buffer = new byte[8192];
        try {
            while (true) {
                int n = in.read(buffer);
                if (n < 0) {
                    return true;
                }
                received += n;
            }
        } catch (SocketTimeoutException e) {
            return false;
        } catch (IOException e) {
            return true; // reset
        }
    }

    /**
     * Sends {@code refused} (a message the server refuses) one at a time, reading the answers, until the
     * server closes the connection or {@code max} were sent. The server's refusal limit answers 128 in a
     * row and closes at the 129th: after the 129th the close gets 5 s to come (a loaded machine), before
     * it 20 ms of quiet is enough to send the next.
     *
     * @return how many were sent; the server closed the connection if this is below {@code max} or
     *         {@link #closedByServer()} says so
     */
    public int sendUntilClosed(byte[] refused, int max) throws IOException {
        int sent = 0;
        closed = false;
        while (!closed && sent < max) {
            send(refused);
            sent++;
            closed = drain(Duration.ofMillis(sent >= 129 ? 5000 : 20));
        }
        return sent;
    }

    /** Whether the last {@link #sendUntilClosed} ended with the server closing the connection. */
    public boolean closedByServer() {
        return closed;
    }

    /**
     * Waits until {@code condition} holds, up to 20 s (checked every 10 ms).
     *
     * @throws AssertionError saying {@code what} if it does not
     */
    public static void eventually(java.util.function.BooleanSupplier condition, String what) throws InterruptedException {
        long until = System.nanoTime() + 20_000_000_000L;
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > until) {
                throw new AssertionError("not within 20 s: " + what);
            }
            Thread.sleep(10);
        }
    }

    /** Bytes sent so far. */
    public long sent() {
        return sent;
    }

    /** Bytes received so far (by {@link #drain}). */
    public long received() {
        return received;
    }

    /** Forgets the counts (to measure from a point on). */
    public void resetCounts() {
        sent = 0;
        received = 0;
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }

    /** The heap in use after a full collection, in bytes (a test's before/after bound). */
    public static long heapAfterGc() {
        for (int i = 0; i < 3; i++) {
            System.gc();
        }
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    }

    /** Direct memory held by Netty's pooled allocator (where queued output lives), in bytes. */
    public static long nettyDirectMemory() {
        return io.netty.buffer.PooledByteBufAllocator.DEFAULT.metric().usedDirectMemory();
    }
}
