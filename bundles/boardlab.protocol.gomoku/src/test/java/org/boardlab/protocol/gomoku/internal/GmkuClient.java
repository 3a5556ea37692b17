package org.boardlab.protocol.gomoku.internal;

import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.boardlab.protocol.gomoku.GomokuJson;
import org.boardlab.protocol.gomoku.GomokuMessage;
import org.boardlab.protocol.gomoku.GomokuMessage.Sender;
import org.boardlab.protocol.gomoku.GomokuWire;

/**
 * A blocking GMKU client on a plain socket, the way a student's client in any language talks to
 * the server: it writes whole frames and reads the 8-byte header, then the JSON.
 */
final class GmkuClient implements AutoCloseable {

    private final Socket socket;
    private final DataInputStream in;
    private final OutputStream out;
    private ScheduledExecutorService heartbeats;
    /** Every message read so far, for failure messages. */
    final List<GomokuMessage> seen = new ArrayList<>();

    GmkuClient(InetSocketAddress server) throws IOException {
        socket = new Socket(server.getAddress(), server.getPort());
        socket.setSoTimeout(5_000);
        in = new DataInputStream(socket.getInputStream());
        out = socket.getOutputStream();
    }

    void send(GomokuMessage message) throws IOException {
        sendRaw(GomokuWire.frame(message));
    }

    synchronized void sendRaw(byte[] bytes) throws IOException {
        out.write(bytes);
        out.flush();
    }

    /** Sends a heartbeat every {@code millis} from another thread until closed. */
    void heartbeatEvery(long millis) {
        heartbeats = Executors.newSingleThreadScheduledExecutor();
        heartbeats.scheduleAtFixedRate(() -> {
            try {
                send(GomokuMessage.HEARTBEAT);
            } catch (IOException e) {
                heartbeats.shutdown();
            }
        }, 0, millis, TimeUnit.MILLISECONDS);
    }

    /** Stops the heartbeats started by {@link #heartbeatEvery}. */
    void stopHeartbeats() {
        heartbeats.shutdownNow();
    }

    /** The next message (heartbeats included), or {@code null} when the server closed the connection. */
    GomokuMessage next() throws IOException {
        byte[] header = new byte[GomokuWire.HEADER_LENGTH];
        try {
            in.readFully(header);
        } catch (EOFException e) {
            return null;
        }
        for (int i = 0; i < 4; i++) {
            if (header[i] != GomokuWire.MAGIC[i]) {
                throw new AssertionError("the server sent a frame without GMKU");
            }
        }
        int length = ((header[4] & 0xff) << 24) | ((header[5] & 0xff) << 16) | ((header[6] & 0xff) << 8) | (header[7] & 0xff);
        byte[] json = new byte[length];
        in.readFully(json);
        GomokuMessage m = GomokuJson.decode(json, Sender.SERVER);
        seen.add(m);
        return m;
    }

    /** Reads until a message of {@code type} (skipping others) and returns it. */
    <T extends GomokuMessage> T await(Class<T> type) throws IOException {
        while (true) {
            GomokuMessage m;
            try {
                m = next();
            } catch (SocketTimeoutException e) {
                throw new AssertionError("no " + type.getSimpleName() + " within 5 s; seen: " + seen, e);
            }
            if (m == null) {
                throw new AssertionError("the connection closed while waiting for " + type.getSimpleName() + "; seen: " + seen);
            }
            if (type.isInstance(m)) {
                return type.cast(m);
            }
        }
    }

    /** The next message, which must come within the socket's time-out. */
    GomokuMessage expectNext() throws IOException {
        try {
            GomokuMessage m = next();
            if (m == null) {
                throw new AssertionError("the connection closed; seen: " + seen);
            }
            return m;
        } catch (SocketTimeoutException e) {
            throw new AssertionError("nothing within 5 s; seen: " + seen, e);
        }
    }

    /** {@code true} if nothing arrives for {@code millis} (the connection stays open and quiet). */
    boolean quietFor(int millis) throws IOException {
        socket.setSoTimeout(millis);
        try {
            next(); // a message, or the end of the connection
            return false;
        } catch (SocketTimeoutException e) {
            return true;
        } finally {
            socket.setSoTimeout(5_000);
        }
    }

    /** {@code true} if the server closes the connection within the socket's time-out. */
    boolean closedByServer() throws IOException {
        try {
            while (true) {
                if (next() == null) {
                    return true;
                }
            }
        } catch (SocketTimeoutException e) {
            return false;
        } catch (IOException e) {
            return true; // reset
        }
    }

    @Override
    public void close() throws IOException {
        if (heartbeats != null) {
            heartbeats.shutdownNow();
        }
        socket.close();
    }
}
