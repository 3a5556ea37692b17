package org.boardlab.protocol.onitama.internal;

import static java.nio.charset.StandardCharsets.US_ASCII;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.boardlab.api.GameOptions;
import org.boardlab.api.Side;
import org.boardlab.game.onitama.Onitama;
import org.boardlab.game.onitama.OnitamaPosition;
import org.boardlab.protocol.onitama.WireCards;

/**
 * A client written from the spec (the bundle's README) with plain sockets: it writes bytes as
 * given and reads the server's messages up to each NUL, so it sees exactly what is on the wire.
 */
final class WireClient implements AutoCloseable {

    private final Socket socket;
    private final InputStream in;
    private final OutputStream out;

    WireClient(InetSocketAddress address) throws IOException {
        socket = new Socket(address.getAddress(), address.getPort());
        socket.setSoTimeout(10_000);
        socket.setTcpNoDelay(true);
        in = socket.getInputStream();
        out = socket.getOutputStream();
    }

    /** Sends {@code text} as it is: no terminator, as the seed's client does. */
    WireClient send(String text) throws IOException {
        out.write(text.getBytes(US_ASCII));
        out.flush();
        return this;
    }

    WireClient sendBytes(byte[] bytes) throws IOException {
        out.write(bytes);
        out.flush();
        return this;
    }

    /** The next server message without its NUL; fails if the server closes first. */
    String next() throws IOException {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        while (true) {
            int c = in.read();
            if (c < 0) {
                throw new IOException("the server closed the connection" + (b.size() > 0 ? " in the middle of '"
                        + b.toString(US_ASCII) + "'" : ""));
            }
            if (c == 0) {
                return b.toString(US_ASCII);
            }
            b.write(c);
        }
    }

    /** Asserts that the server closes the connection without sending another byte. */
    void expectClosed() throws IOException {
        int c;
        try {
            c = in.read();
        } catch (java.net.SocketException e) {
            return; // reset: closed too
        }
        if (c >= 0) {
            ByteArrayOutputStream rest = new ByteArrayOutputStream();
            rest.write(c);
            socket.setSoTimeout(200);
            try {
                int d;
                while ((d = in.read()) >= 0) {
                    rest.write(d);
                }
            } catch (SocketTimeoutException e) {
                // what came is enough
            }
            throw new AssertionError("expected the server to close, but it sent '" + rest.toString(US_ASCII).replace("\0", "\\0") + "'");
        }
    }

    /** How many whole messages arrive before {@code quiet} passes with nothing. */
    int count(java.time.Duration quiet) throws IOException {
        int n = 0;
        socket.setSoTimeout((int) quiet.toMillis());
        try {
            while (true) {
                next();
                n++;
            }
        } catch (SocketTimeoutException e) {
            return n;
        } finally {
            socket.setSoTimeout(10_000);
        }
    }

    /** {@code true} if nothing arrives within {@code millis}. */
    boolean silentFor(int millis) throws IOException {
        socket.setSoTimeout(millis);
        try {
            int c = in.read();
            if (c < 0) {
                return true;
            }
            throw new AssertionError("expected silence, got byte " + c);
        } catch (SocketTimeoutException e) {
            return true;
        } finally {
            socket.setSoTimeout(10_000);
        }
    }

    Socket socket() {
        return socket;
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }

    /** The start position a setup line describes: {@code C b1 b2 r1 r2 s}. */
    static OnitamaPosition start(String setup) {
        String[] f = setup.split(" ");
        List<String> cards = new ArrayList<>();
        for (int i = 1; i <= 5; i++) {
            cards.add(WireCards.card(Integer.parseInt(f[i])).id());
        }
        return new Onitama().newGame(GameOptions.of(Map.of("cards", String.join(",", cards), "limit", "0")));
    }

    /** The colour a setup line gives its receiver. */
    static Side colour(String setup) {
        return setup.startsWith("0 ") ? Side.FIRST : Side.SECOND;
    }
}
