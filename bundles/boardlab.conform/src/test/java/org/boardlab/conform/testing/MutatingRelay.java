package org.boardlab.conform.testing;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import org.boardlab.conform.FrameCodec;

/**
 * A relay between a component's peer and a real component (boardlab's own server or client) that
 * breaks exactly one rule: it cuts both directions into frames with the protocol's codec and lets a
 * {@link Mutation} drop, change or add frames. The kits' tests put it in front of boardlab's server
 * (or between boardlab's client and a client kit) to show that each check can fail.
 *
 * <p>A {@link Piece} knows how the frame arrived ({@link Piece#reads()}: in how many reads;
 * {@link Piece#indexInRead()}: its place among the frames completed by one read), so a mutation can
 * act like a component that reads one line per packet.
 */
public final class MutatingRelay implements AutoCloseable {

    /** One frame passing through. */
    public record Piece(byte[] frame, String text, int reads, int indexInRead) {
    }

    /** One relayed connection: {@code down} is the side that connected to the relay, {@code up} the target. */
    public static final class Link {
        /** What a mutation keeps about this connection. */
        public final Map<String, Object> state = new ConcurrentHashMap<>();
        final Socket down;
        final Socket up;

        Link(Socket down, Socket up) {
            this.down = down;
            this.up = up;
        }

        /** Closes both sides (a component that quits). */
        public void close() {
            for (Socket s : new Socket[] {down, up}) {
                try {
                    s.close();
                } catch (IOException e) {
                    // closed
                }
            }
        }

        /** Counts one more of {@code key} on this connection; the count so far, this one included. */
        public int count(String key) {
            return (int) state.merge(key, 1, (a, b) -> (int) a + (int) b);
        }

        /** Writes bytes to the side that connected to the relay. */
        public void toDown(byte[] bytes) {
            write(down, bytes);
        }

        /** Writes bytes to the target. */
        public void toUp(byte[] bytes) {
            write(up, bytes);
        }

        private static void write(Socket s, byte[] bytes) {
            synchronized (s) {
                try {
                    OutputStream out = s.getOutputStream();
                    out.write(bytes);
                    out.flush();
                } catch (IOException e) {
                    // the connection is gone; the pumps notice
                }
            }
        }
    }

    /** What a mutation makes of one frame: the frames to forward instead (none: it is dropped). */
    @FunctionalInterface
    public interface Rule {
        List<byte[]> apply(Link link, Piece piece);
    }

    /** A mutation that changes only the frames going up (to the target). */
    public static Mutation up(Rule rule) {
        return new Mutation() {
            @Override
            public List<byte[]> up(Link link, Piece piece) {
                return rule.apply(link, piece);
            }
        };
    }

    /** A mutation that changes only the frames coming down (from the target). */
    public static Mutation down(Rule rule) {
        return new Mutation() {
            @Override
            public List<byte[]> down(Link link, Piece piece) {
                return rule.apply(link, piece);
            }
        };
    }

    /** What the relay changes; by default nothing. */
    public interface Mutation {
        /** A mutation that changes nothing. */
        Mutation NONE = new Mutation() { };

        /** A frame from the side that connected to the relay, going to the target: what to forward. */
        default List<byte[]> up(Link link, Piece piece) {
            return List.of(piece.frame());
        }

        /** A frame from the target going back: what to forward. */
        default List<byte[]> down(Link link, Piece piece) {
            return List.of(piece.frame());
        }

        /** Bytes going up that make no frame (over a limit): what to forward (by default all). */
        default byte[] upUnframed(Link link, byte[] bytes) {
            return bytes;
        }

        /** {@code false}: when the target closes, keep the other side open (a component that never closes). */
        default boolean closeDownWhenUpCloses() {
            return true;
        }

        /**
         * The target closed {@code link}: {@code false} keeps the other side open; a mutation may also
         * write to it first (a component that says one more thing before it closes). By default
         * {@link #closeDownWhenUpCloses()}.
         */
        default boolean closeDownWhenUpCloses(Link link) {
            return closeDownWhenUpCloses();
        }

        /**
         * The side that connected to the relay closed, {@code pending} the bytes of a frame it had
         * begun: {@code false} keeps the target's side open (a target that never notices).
         */
        default boolean closeUpWhenDownCloses(Link link, byte[] pending) {
            return true;
        }
    }

    private final ServerSocket listener;
    private final FrameCodec codec;
    private final Mutation mutation;
    private final String host;
    private final int port;
    private final List<Socket> sockets = new CopyOnWriteArrayList<>();

    /** Listens on a free loopback port and relays each connection to {@code host:port}. */
    public MutatingRelay(String host, int port, FrameCodec codec, Mutation mutation) throws IOException {
        this.host = host;
        this.port = port;
        this.codec = codec;
        this.mutation = mutation;
        listener = new ServerSocket();
        listener.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
        Thread t = new Thread(this::accept, "relay-accept");
        t.setDaemon(true);
        t.start();
    }

    /** The relay's port. */
    public int port() {
        return listener.getLocalPort();
    }

    private void accept() {
        while (!listener.isClosed()) {
            try {
                Socket down = listener.accept();
                Socket up = new Socket(host, port);
                down.setTcpNoDelay(true);
                up.setTcpNoDelay(true);
                sockets.add(down);
                sockets.add(up);
                Link link = new Link(down, up);
                start(() -> pump(link, true), "relay-up");
                start(() -> pump(link, false), "relay-down");
            } catch (IOException e) {
                return;
            }
        }
    }

    private static void start(Runnable r, String name) {
        Thread t = new Thread(r, name);
        t.setDaemon(true);
        t.start();
    }

    private void pump(Link link, boolean upward) {
        Socket from = upward ? link.down : link.up;
        byte[] buffer = new byte[65536];
        int length = 0;
        int reads = 0;
        boolean raw = false;
        try (InputStream in = from.getInputStream()) {
            while (true) {
                int n = in.read(buffer, length, buffer.length - length);
                if (n < 0) {
                    break;
                }
                if (raw) {
                    forwardUnframed(link, upward, Arrays.copyOfRange(buffer, 0, n));
                    continue;
                }
                reads = length == 0 ? 1 : reads + 1; // reads that brought bytes of the frame at the buffer's start
                length += n;
                int index = 0;
                try {
                    int frameLength;
                    while (length > 0 && (frameLength = codec.frameLength(buffer, length, !upward)) > 0) {
                        byte[] frame = Arrays.copyOf(buffer, frameLength);
                        System.arraycopy(buffer, frameLength, buffer, 0, length - frameLength);
                        length -= frameLength;
                        Piece piece = new Piece(frame, codec.decode(frame, !upward), index == 0 ? reads : 1, index);
                        index++;
                        List<byte[]> out = upward ? mutation.up(link, piece) : mutation.down(link, piece);
                        for (byte[] b : out) {
                            if (upward) {
                                link.toUp(b);
                            } else {
                                link.toDown(b);
                            }
                        }
                    }
                    if (index > 0) {
                        reads = 1; // what is left began in this read
                    }
                } catch (FrameCodec.FramingException e) {
                    forwardUnframed(link, upward, Arrays.copyOf(buffer, length));
                    length = 0;
                    raw = true;
                }
                if (length == buffer.length) {
                    buffer = Arrays.copyOf(buffer, buffer.length * 2);
                }
            }
        } catch (IOException e) {
            // closed
        }
        close(upward ? link.up : link.down, upward ? mutation.closeUpWhenDownCloses(link, raw ? new byte[0] : Arrays.copyOf(buffer, length))
                : mutation.closeDownWhenUpCloses(link));
    }

    private void forwardUnframed(Link link, boolean upward, byte[] bytes) {
        if (upward) {
            link.toUp(mutation.upUnframed(link, bytes));
        } else {
            link.toDown(bytes);
        }
    }

    private static void close(Socket s, boolean really) {
        if (!really) {
            return;
        }
        try {
            s.close();
        } catch (IOException e) {
            // closed
        }
    }

    @Override
    public void close() {
        try {
            listener.close();
        } catch (IOException e) {
            // closed
        }
        for (Socket s : sockets) {
            close(s, true);
        }
    }
}
