package org.boardlab.protocol.othello.internal;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/** A plain-socket client, the way a student's client in any language talks to the server. */
final class LineClient implements AutoCloseable {

    private final Socket socket;
    private final BufferedReader in;
    private final OutputStream out;
    final List<String> seen = new ArrayList<>();

    LineClient(InetSocketAddress server) throws IOException {
        this(server, null);
    }

    /** A client connecting from {@code localHost} (e.g. {@code 127.0.0.2}: another address on loopback), or any. */
    LineClient(InetSocketAddress server, String localHost) throws IOException {
        socket = new Socket();
        if (localHost != null) {
            socket.bind(new InetSocketAddress(localHost, 0));
        }
        socket.connect(server, 5_000);
        socket.setSoTimeout(5_000);
        in = new BufferedReader(new InputStreamReader(socket.getInputStream(), StandardCharsets.US_ASCII));
        out = socket.getOutputStream();
    }

    void send(String line) throws IOException {
        out.write((line + "\n").getBytes(StandardCharsets.US_ASCII));
        out.flush();
    }

    void sendRaw(byte[] bytes) throws IOException {
        out.write(bytes);
        out.flush();
    }

    /** The next line, or {@code null} when the server closed the connection. */
    String next() throws IOException {
        String line = in.readLine();
        if (line != null) {
            seen.add(line);
        }
        return line;
    }

    /** Reads until a line starting with {@code prefix} (skipping others) and returns it. */
    String await(String prefix) throws IOException {
        while (true) {
            String line;
            try {
                line = next();
            } catch (SocketTimeoutException e) {
                throw new AssertionError("no line starting with " + prefix + " within 5 s; seen: " + seen, e);
            }
            if (line == null) {
                throw new AssertionError("the connection closed while waiting for " + prefix + "; seen: " + seen);
            }
            if (line.startsWith(prefix)) {
                return line;
            }
        }
    }

    /**
     * Reads for {@code millis}: {@code true} if a line starting with {@code prefix} came (reading
     * stops there), {@code false} if none did (or the connection closed).
     */
    boolean sees(String prefix, int millis) throws IOException {
        socket.setSoTimeout(millis);
        try {
            while (true) {
                String line = next();
                if (line == null) {
                    return false;
                }
                if (line.startsWith(prefix)) {
                    return true;
                }
            }
        } catch (SocketTimeoutException e) {
            return false;
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
        socket.close();
    }
}
