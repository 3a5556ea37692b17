package org.boardlab.client;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;

/**
 * A one-connection server on loopback that a test drives line by line: it accepts one client,
 * sends what the test says and reads what the client writes, with a time limit on every wait.
 */
final class ScriptServer implements AutoCloseable {

    static final long WAIT_SECONDS = 20;

    private final ServerSocket listening;
    private Socket socket;
    private BufferedReader in;
    private OutputStream out;

    ScriptServer() throws IOException {
        listening = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
        listening.setSoTimeout((int) TimeUnit.SECONDS.toMillis(WAIT_SECONDS));
    }

    int port() {
        return listening.getLocalPort();
    }

    /** Waits for the client to connect. */
    ScriptServer accept() throws IOException {
        socket = listening.accept();
        socket.setSoTimeout((int) TimeUnit.SECONDS.toMillis(WAIT_SECONDS));
        in = new BufferedReader(new InputStreamReader(socket.getInputStream(), StandardCharsets.US_ASCII));
        out = socket.getOutputStream();
        return this;
    }

    /** Sends {@code text} as it is (add the LF yourself). */
    void sendRaw(String text) throws IOException {
        out.write(text.getBytes(StandardCharsets.US_ASCII));
        out.flush();
    }

    /** Sends one line. */
    void send(String line) throws IOException {
        sendRaw(line + "\n");
    }

    /** The next line the client wrote; {@code null} once the client has closed the connection. */
    String next() throws IOException {
        return in.readLine();
    }

    /** Closes the connection to the client (the listening socket stays). */
    void hangUp() throws IOException {
        socket.close();
    }

    @Override
    public void close() throws IOException {
        if (socket != null) {
            socket.close();
        }
        listening.close();
    }
}
