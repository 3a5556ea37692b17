package org.boardlab.protocol.reversi.internal;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.util.Arrays;
import org.boardlab.protocol.reversi.Direction;
import org.boardlab.protocol.reversi.ProtocolViolation;
import org.boardlab.protocol.reversi.ReversiDecoder;
import org.boardlab.protocol.reversi.ReversiEncoder;
import org.boardlab.protocol.reversi.ReversiFramer;
import org.boardlab.protocol.reversi.ReversiMessage;

/**
 * A blocking test client of the Game Master: plain socket, the bundle's own length rules and
 * decoder. Pings from the Game Master are answered with OK while reading, unless told not to.
 */
final class WireClient implements AutoCloseable {

    private final Socket socket;
    private final InputStream in;
    private final OutputStream out;
    private final ByteBuf buffer = Unpooled.buffer();
    boolean answerPings = true;
    int pingsAnswered;

    WireClient(InetSocketAddress address) throws IOException {
        socket = new Socket(address.getAddress(), address.getPort());
        socket.setTcpNoDelay(true);
        socket.setSoTimeout(15_000);
        in = socket.getInputStream();
        out = socket.getOutputStream();
    }

    void send(ReversiMessage m) throws IOException {
        out.write(ReversiEncoder.encode(m));
        out.flush();
    }

    void sendBytes(byte... bytes) throws IOException {
        out.write(bytes);
        out.flush();
    }

    /** The next message from the Game Master (Pings answered and skipped), or {@code null} at the end of the stream. */
    ReversiMessage next() throws IOException {
        while (true) {
            Object o = nextRaw();
            if (o == null) {
                return null;
            }
            if (o instanceof ProtocolViolation v) {
                throw new AssertionError("the Game Master sent bad bytes: " + v);
            }
            if (o instanceof ReversiMessage.Ping && answerPings) {
                pingsAnswered++;
                send(ReversiMessage.Ok.OK);
                continue;
            }
            return (ReversiMessage) o;
        }
    }

    /** The next message of type {@code type}, failing on anything else. */
    <T extends ReversiMessage> T expect(Class<T> type) throws IOException {
        ReversiMessage m = next();
        if (!type.isInstance(m)) {
            throw new AssertionError("expected " + type.getSimpleName() + ", got " + m);
        }
        return type.cast(m);
    }

    private Object nextRaw() throws IOException {
        byte[] chunk = new byte[512];
        while (true) {
            int length = ReversiFramer.frameLength(buffer, buffer.readerIndex(), Direction.FROM_GM);
            if (length > 0) {
                byte[] frame = new byte[length];
                buffer.readBytes(frame);
                buffer.discardReadBytes();
                return ReversiDecoder.decode(frame, Direction.FROM_GM);
            }
            if (length == ReversiFramer.BAD) {
                throw new AssertionError("unknown bytes from the Game Master");
            }
            int n = in.read(chunk);
            if (n < 0) {
                return null;
            }
            buffer.writeBytes(Arrays.copyOf(chunk, n));
        }
    }

    /** {@code true} if the Game Master closes the connection (reading on to the end; messages are dropped). */
    boolean closedByPeer() throws IOException {
        try {
            while (next() != null) {
                // drop
            }
            return true;
        } catch (SocketTimeoutException e) {
            return false;
        } catch (IOException e) {
            return true; // reset by the peer
        }
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
