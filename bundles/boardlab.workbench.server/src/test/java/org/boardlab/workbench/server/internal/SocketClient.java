package org.boardlab.workbench.server.internal;

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

/** A client on a plain socket speaking the Othello text protocol, as a student's client would. */
final class SocketClient implements AutoCloseable {

    private final Socket socket;
    private final BufferedReader in;
    private final OutputStream out;
    private final List<String> seen = new ArrayList<>();

    SocketClient(InetSocketAddress server) throws IOException {
        socket = new Socket(server.getAddress(), server.getPort());
        socket.setSoTimeout(5_000);
        in = new BufferedReader(new InputStreamReader(socket.getInputStream(), StandardCharsets.US_ASCII));
        out = socket.getOutputStream();
    }

    /** Connects and logs in with {@code CNAME~name}. */
    static SocketClient login(InetSocketAddress server, String name) throws IOException {
        SocketClient c = new SocketClient(server);
        c.send("CNAME~" + name);
        c.await("SNAMEOK");
        return c;
    }

    /** The client's own address as the server sees it, {@code host:port}. */
    String localAddress() {
        return socket.getLocalAddress().getHostAddress() + ":" + socket.getLocalPort();
    }

    void send(String line) throws IOException {
        out.write((line + "\n").getBytes(StandardCharsets.US_ASCII));
        out.flush();
    }

    /** Reads lines until one starts with {@code prefix} and returns it. */
    String await(String prefix) throws IOException {
        while (true) {
            String line;
            try {
                line = in.readLine();
            } catch (SocketTimeoutException e) {
                throw new AssertionError("no line starting with " + prefix + " within 5 s; seen: " + seen, e);
            }
            if (line == null) {
                throw new AssertionError("the server closed the connection while we waited for " + prefix + "; seen: " + seen);
            }
            seen.add(line);
            if (line.startsWith(prefix)) {
                return line;
            }
        }
    }

    /** {@code true} if the server closes the connection within 5 s (lines before the end are read and kept). */
    boolean closedByServer() throws IOException {
        try {
            String line;
            while ((line = in.readLine()) != null) {
                seen.add(line);
            }
            return true;
        } catch (SocketTimeoutException e) {
            return false;
        } catch (IOException e) {
            return true; // reset by the server
        }
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
