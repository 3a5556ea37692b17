package org.boardlab.conform;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * One TCP connection between a kit and the component under test, on a plain blocking socket (so a
 * kit can write exactly the bytes it wants, split or merged). A thread of its own reads the
 * component's bytes, cuts them into frames with the protocol's {@link FrameCodec} and records each
 * one; a scenario takes them with {@link #next(Duration)}.
 *
 * <p>When the connection ends, {@link #next(Duration)} gives the closing event frame (direction
 * {@link Frame.Direction#EVENT}, {@link #isClosingEvent(Frame)}) from then on.
 */
public final class Wire implements AutoCloseable {

    /** The most bytes a wire holds waiting for the end of one frame before it gives up on the stream. */
    public static final int MAX_PENDING = 1 << 20;

    private final String name;
    private final Socket socket;
    private final FrameCodec codec;
    private final FrameRecorder recorder;
    private final boolean peerIsServer;
    private final BlockingQueue<Frame> received = new LinkedBlockingQueue<>();
    private final OutputStream out;
    private volatile Frame closing;
    private volatile boolean closedByKit;
    private volatile Predicate<Frame> ignored = f -> false;
    private volatile Frame lastSent;
    private volatile Predicate<Frame> answered = f -> false;
    private volatile Function<Frame, byte[]> answer = f -> new byte[0];
    /** Held by every write, so an answer written by the reader never falls inside a frame the kit writes in pieces. */
    private final Object writing = new Object();

    /**
     * A wire over a connected socket.
     *
     * @param name         the connection's name in the scenario (shown with its frames)
     * @param peerIsServer {@code true} when the component under test is a server
     */
    public Wire(String name, Socket socket, FrameCodec codec, FrameRecorder recorder, boolean peerIsServer) throws IOException {
        this.name = name;
        this.socket = socket;
        this.codec = codec;
        this.recorder = recorder;
        this.peerIsServer = peerIsServer;
        socket.setTcpNoDelay(true);
        this.out = socket.getOutputStream();
        lastSent = recorder.record(name, Frame.Direction.EVENT, new byte[0], "connected: " + socket.getLocalSocketAddress() + " to "
                + socket.getRemoteSocketAddress());
        Thread reader = new Thread(this::read, "conform-" + name);
        reader.setDaemon(true);
        reader.start();
    }

    /** Connects to a server under test. */
    public static Wire connect(String name, String host, int port, FrameCodec codec, FrameRecorder recorder, Duration timeout) throws IOException {
        Socket s = new Socket();
        try {
            s.connect(new InetSocketAddress(host, port), (int) timeout.toMillis());
        } catch (IOException e) {
            s.close();
            throw new IOException("cannot connect to " + host + ":" + port + ": " + e.getMessage(), e);
        }
        return new Wire(name, s, codec, recorder, true);
    }

    /** The connection's name. */
    public String name() {
        return name;
    }

    /** The socket (for its addresses). */
    public Socket socket() {
        return socket;
    }

    /**
     * Sets the frames that {@link ScenarioContext}'s expectations pass over on this wire when they
     * look for another (e.g. lobby news that may come at any time).
     */
    public Wire ignoring(Predicate<Frame> frames) {
        this.ignored = frames;
        return this;
    }

    /**
     * Answers the frames {@code frames} accepts at once, from the wire's reader, with the bytes
     * {@code answer} gives (recorded as sent), e.g. a ping with its pong, as the protocol asks of a
     * live peer. The frames are still queued for the scenario (pass them over with {@link #ignoring}).
     */
    public Wire answering(Predicate<Frame> frames, Function<Frame, byte[]> answer) {
        this.answer = answer;
        this.answered = frames;
        return this;
    }

    /** Stops answering frames by itself ({@link #answering}): a peer that does not respond. */
    public Wire notAnswering() {
        this.answered = f -> false;
        return this;
    }

    /** The frames expectations pass over. */
    public Predicate<Frame> ignored() {
        return ignored;
    }

    /** Writes one frame in one write. */
    public void send(byte[] frame) throws IOException {
        synchronized (writing) {
            lastSent = recorder.record(name, Frame.Direction.SENT, frame, codec.decode(frame, !peerIsServer));
            write(frame);
        }
    }

    /** The last frame the kit sent on this wire, or the event of its connecting. */
    public Frame lastSent() {
        return lastSent;
    }

    /** Writes one frame in pieces of {@code piece} bytes, {@code pause} apart (framing: a frame split over reads). */
    public void sendSplit(byte[] frame, int piece, Duration pause) throws IOException {
        int writes = (frame.length + piece - 1) / piece;
        synchronized (writing) {
            lastSent = recorder.record(name, Frame.Direction.SENT, frame, codec.decode(frame, !peerIsServer) + "   [in " + writes + " writes of " + piece
                    + " byte" + (piece == 1 ? "" : "s") + ", " + pause.toMillis() + " ms apart]");
            for (int i = 0; i < frame.length; i += piece) {
                write(Arrays.copyOfRange(frame, i, Math.min(frame.length, i + piece)));
                sleep(pause);
            }
        }
    }

    /**
     * Writes one frame in pieces of the given sizes (adding up to its length), {@code pause} apart.
     *
     * @return the longest time from the start of one write to the start of the next, as it was: on a busy
     *         machine the kit's thread may be run far later than {@code pause} asked, and a check that needs
     *         the pieces close together must look at this rather than assume it (zero for one piece)
     */
    public Duration sendPieces(byte[] frame, List<Integer> sizes, Duration pause) throws IOException {
        if (sizes.stream().mapToInt(Integer::intValue).sum() != frame.length || sizes.stream().anyMatch(n -> n < 1)) {
            throw new IllegalArgumentException("pieces " + sizes + " do not make up the frame's " + frame.length + " bytes");
        }
        synchronized (writing) {
            lastSent = recorder.record(name, Frame.Direction.SENT, frame, codec.decode(frame, !peerIsServer) + "   [in " + sizes.size() + " writes of "
                    + sizes + " bytes, " + pause.toMillis() + " ms apart]");
            int at = 0;
            long longest = 0;
            long last = 0;
            for (int n : sizes) {
                long now = System.nanoTime();
                if (at > 0) {
                    longest = Math.max(longest, now - last);
                }
                last = now;
                write(Arrays.copyOfRange(frame, at, at + n));
                at += n;
                sleep(pause);
            }
            return Duration.ofNanos(longest);
        }
    }

    /** Writes several frames in one write (framing: frames merged in one read). */
    public void sendMerged(List<byte[]> frames) throws IOException {
        int total = 0;
        for (byte[] f : frames) {
            total += f.length;
        }
        byte[] all = new byte[total];
        int at = 0;
        synchronized (writing) {
            for (int i = 0; i < frames.size(); i++) {
                byte[] f = frames.get(i);
                lastSent = recorder.record(name, Frame.Direction.SENT, f, codec.decode(f, !peerIsServer) + "   [frame " + (i + 1) + " of " + frames.size()
                        + " in one write]");
                System.arraycopy(f, 0, all, at, f.length);
                at += f.length;
            }
            write(all);
        }
    }

    /** Writes bytes that are not (or not yet) a whole frame, described in words for the record. */
    public void sendBytes(byte[] bytes, String description) throws IOException {
        synchronized (writing) {
            lastSent = recorder.record(name, Frame.Direction.SENT, bytes, description);
            write(bytes);
        }
    }

    /**
     * Writes; a write that fails because the other side has gone is recorded, not thrown: the next
     * expectation meets the connection's end and the check says so.
     */
    private void write(byte[] bytes) throws IOException {
        if (closing != null) {
            recorder.record(name, Frame.Direction.EVENT, new byte[0], "not written: the connection has ended");
            return;
        }
        try {
            out.write(bytes);
            out.flush();
        } catch (IOException e) {
            recorder.record(name, Frame.Direction.EVENT, new byte[0], "the write failed: " + e.getMessage());
        }
    }

    /**
     * The next frame the component sent, waiting up to {@code timeout}; the closing event once the
     * connection has ended and every frame before it was taken; {@code null} if nothing came in time.
     */
    public Frame next(Duration timeout) throws InterruptedException {
        long until = System.nanoTime() + timeout.toNanos();
        while (true) {
            Frame f = received.poll();
            if (f != null) {
                return f;
            }
            Frame end = closing; // set after the reader queued its last frame
            if (end != null) {
                f = received.poll();
                return f != null ? f : end;
            }
            long left = until - System.nanoTime();
            if (left <= 0) {
                return null;
            }
            f = received.poll(Math.min(left, TimeUnit.MILLISECONDS.toNanos(20)), TimeUnit.NANOSECONDS);
            if (f != null) {
                return f;
            }
        }
    }

    /** {@code true} for the event a wire gives when its connection has ended. */
    public boolean isClosingEvent(Frame f) {
        return f != null && f == closing;
    }

    /** {@code true} once the connection has ended (closed by either side, or failed). */
    public boolean isClosed() {
        return closing != null;
    }

    /** Closes the connection (the closing is recorded). */
    @Override
    public void close() {
        if (!closedByKit && closing == null) {
            closedByKit = true;
            recorder.record(name, Frame.Direction.EVENT, new byte[0], "closed by the kit");
        }
        try {
            socket.close();
        } catch (IOException e) {
            // closed already
        }
    }

    private void read() {
        byte[] buffer = new byte[4096];
        int length = 0;
        String end;
        try (InputStream in = socket.getInputStream()) {
            while (true) {
                int n = in.read(buffer, length, buffer.length - length);
                if (n < 0) {
                    end = length == 0 ? "closed by the other side" : "closed by the other side " + length + " bytes into a frame";
                    break;
                }
                length += n;
                try {
                    int frameLength;
                    while (length > 0 && (frameLength = codec.frameLength(buffer, length, peerIsServer)) > 0) {
                        byte[] frame = Arrays.copyOf(buffer, frameLength);
                        System.arraycopy(buffer, frameLength, buffer, 0, length - frameLength);
                        length -= frameLength;
                        Frame f = recorder.record(name, Frame.Direction.RECEIVED, frame, codec.decode(frame, peerIsServer));
                        received.add(f);
                        if (answered.test(f)) {
                            byte[] a = answer.apply(f);
                            synchronized (writing) {
                                recorder.record(name, Frame.Direction.SENT, a, codec.decode(a, !peerIsServer) + "   [the kit's answer to #" + f.seq() + "]");
                                write(a);
                            }
                        }
                    }
                } catch (FrameCodec.FramingException e) {
                    received.add(recorder.record(name, Frame.Direction.RECEIVED, Arrays.copyOf(buffer, length), "bytes that make no frame: " + e.getMessage()));
                    end = "the kit stopped reading: the stream cannot be cut into frames any more";
                    socket.close();
                    break;
                }
                if (length == buffer.length) {
                    if (buffer.length >= MAX_PENDING) {
                        received.add(recorder.record(name, Frame.Direction.RECEIVED, Arrays.copyOf(buffer, length),
                                "bytes that make no frame: no frame ends within " + MAX_PENDING + " bytes"));
                        end = "the kit stopped reading: a frame longer than " + MAX_PENDING + " bytes";
                        socket.close();
                        break;
                    }
                    buffer = Arrays.copyOf(buffer, buffer.length * 2);
                }
            }
        } catch (IOException e) {
            end = closedByKit ? "closed by the kit" : "the connection failed: " + e.getMessage();
        }
        Frame f = closedByKit ? new Frame(0, 0, name, Frame.Direction.EVENT, new byte[0], "closed by the kit")
                : recorder.record(name, Frame.Direction.EVENT, new byte[0], end);
        closing = f;
    }

    private static void sleep(Duration d) {
        if (d.isZero()) {
            return;
        }
        try {
            Thread.sleep(d.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public String toString() {
        return name;
    }
}
