package org.boardlab.store;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

/**
 * A TCP proxy between a PostgreSQL client and its server that, once {@linkplain #arm armed}, breaks the
 * next connection that commits a transaction, in one of two ways ({@link Cut}): the {@code COMMIT}
 * forwarded and the server's answer swallowed (the server committed, the client never hears it), or the
 * {@code COMMIT} never forwarded (the server rolls the transaction back when the connection ends). Either
 * way the client sees its connection lost in the middle of {@code commit()}.
 *
 * <p>It reads the protocol's frames (PostgreSQL's frontend/backend protocol 3: a type byte and a length)
 * to find the commit: a simple query {@code COMMIT}, or the binding of a statement parsed from
 * {@code COMMIT} (the JDBC driver parses {@code COMMIT} once per connection as a named statement and
 * then only binds it). Everything else passes through unchanged.
 */
final class CommitCuttingProxy implements AutoCloseable {

    /** How an armed proxy breaks a commit. */
    enum Cut {
        /** The commit reaches the server; its answer is dropped, then both sides are closed. */
        ANSWER_LOST,
        /** The commit is not forwarded; both sides are closed. */
        COMMIT_LOST
    }

    private static final int SSL_REQUEST = 80877103;
    private static final int GSS_REQUEST = 80877104;

    private final ServerSocket listener;
    private final String serverHost;
    private final int serverPort;
    private final AtomicReference<Cut> armed = new AtomicReference<>();
    private final AtomicInteger cuts = new AtomicInteger();
    private final List<Socket> sockets = new CopyOnWriteArrayList<>();
    private final Thread acceptor;

    CommitCuttingProxy(String serverHost, int serverPort) throws IOException {
        this.serverHost = serverHost;
        this.serverPort = serverPort;
        this.listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        this.acceptor = new Thread(this::accept, "commit-cutting-proxy");
        acceptor.setDaemon(true);
        acceptor.start();
    }

    /**
     * {@code url} (a {@code jdbc:postgresql://HOST:PORT/...} URL) through a new proxy: the proxy, whose
     * {@link #url} is the same URL with this proxy's address.
     */
    static CommitCuttingProxy in(String url) throws IOException {
        String prefix = "jdbc:postgresql://";
        int slash = url.indexOf('/', prefix.length());
        String hostPort = url.substring(prefix.length(), slash);
        int colon = hostPort.lastIndexOf(':');
        return new CommitCuttingProxy(hostPort.substring(0, colon), Integer.parseInt(hostPort.substring(colon + 1)));
    }

    /** {@code url} with the server's address replaced by this proxy's. */
    String url(String url) {
        String prefix = "jdbc:postgresql://";
        int slash = url.indexOf('/', prefix.length());
        return prefix + "127.0.0.1:" + listener.getLocalPort() + url.substring(slash);
    }

    /** The next connection that commits is broken so. */
    void arm(Cut cut) {
        armed.set(cut);
    }

    /** How many commits were broken. */
    int cuts() {
        return cuts.get();
    }

    private void accept() {
        while (!listener.isClosed()) {
            try {
                Socket client = listener.accept();
                Socket server = new Socket(serverHost, serverPort);
                client.setTcpNoDelay(true);
                server.setTcpNoDelay(true);
                sockets.add(client);
                sockets.add(server);
                Connection c = new Connection(client, server);
                Thread up = new Thread(c::clientToServer, "proxy-up");
                Thread down = new Thread(c::serverToClient, "proxy-down");
                up.setDaemon(true);
                down.setDaemon(true);
                up.start();
                down.start();
            } catch (IOException e) {
                return; // closed
            }
        }
    }

    /** One proxied connection: two pumps that read whole frames. */
    private final class Connection {
        private final Socket client;
        private final Socket server;
        /** Set once this connection's commit has been sent on and its answer is to be dropped. */
        private volatile boolean swallowing;
        /** The server's one-byte answers still to come to SSL or GSS encryption requests (before its frames). */
        private final AtomicInteger encryptionAnswers = new AtomicInteger();
        /** Statements parsed on this connection, by name ({@code ""}: the unnamed one), to their text. */
        private final Map<String, String> statements = new HashMap<>();

        Connection(Socket client, Socket server) {
            this.client = client;
            this.server = server;
        }

        void clientToServer() {
            try (DataInputStream in = new DataInputStream(new BufferedInputStream(client.getInputStream()));
                    OutputStream out = new BufferedOutputStream(server.getOutputStream())) {
                // untyped packets first: encryption requests (answered with one byte), then the start-up message
                while (true) {
                    int length = in.readInt();
                    byte[] body = new byte[length - 4];
                    in.readFully(body);
                    int code = length >= 8 ? ((body[0] & 0xff) << 24) | ((body[1] & 0xff) << 16) | ((body[2] & 0xff) << 8) | (body[3] & 0xff) : 0;
                    if (length == 8 && (code == SSL_REQUEST || code == GSS_REQUEST)) {
                        encryptionAnswers.incrementAndGet();
                    }
                    writeInt(out, length);
                    out.write(body);
                    out.flush();
                    if (!(length == 8 && (code == SSL_REQUEST || code == GSS_REQUEST))) {
                        break;
                    }
                }
                while (true) {
                    int type = in.read();
                    if (type < 0) {
                        break;
                    }
                    int length = in.readInt();
                    byte[] body = new byte[length - 4];
                    in.readFully(body);
                    if (commits(type, body) && armed.get() != null) {
                        Cut cut = armed.getAndSet(null);
                        if (cut != null) {
                            cuts.incrementAndGet();
                            if (cut == Cut.COMMIT_LOST) {
                                closeBoth();
                                return;
                            }
                            swallowing = true; // forwarded below; the answer is dropped and ends the connection
                        }
                    }
                    out.write(type);
                    writeInt(out, length);
                    out.write(body);
                    if (in.available() == 0) {
                        out.flush();
                    }
                }
            } catch (IOException e) {
                // a side closed
            }
            closeBoth();
        }

        void serverToClient() {
            try (DataInputStream in = new DataInputStream(new BufferedInputStream(server.getInputStream()));
                    OutputStream out = new BufferedOutputStream(client.getOutputStream())) {
                while (true) {
                    int type = in.read();
                    if (type < 0) {
                        break;
                    }
                    if (encryptionAnswers.get() > 0) {
                        encryptionAnswers.decrementAndGet();
                        out.write(type); // 'N' or 'S': one byte, no frame
                        out.flush();
                        continue;
                    }
                    int length = in.readInt();
                    byte[] body = new byte[length - 4];
                    in.readFully(body);
                    if (swallowing) {
                        if (type == 'Z') {
                            break; // ReadyForQuery: the commit is done on the server; the client never hears of it
                        }
                        continue;
                    }
                    out.write(type);
                    writeInt(out, length);
                    out.write(body);
                    if (in.available() == 0) {
                        out.flush();
                    }
                }
            } catch (EOFException e) {
                // the server closed
            } catch (IOException e) {
                // a side closed
            }
            closeBoth();
        }

        /** Whether a frame from the client commits: {@code Q} COMMIT, or {@code B} binding a statement parsed from COMMIT. */
        private boolean commits(int type, byte[] body) {
            if (type == 'Q') {
                return isCommit(cString(body, 0));
            }
            if (type == 'P') {
                String name = cString(body, 0);
                String text = cString(body, name.getBytes(StandardCharsets.UTF_8).length + 1);
                statements.put(name, text);
                return false;
            }
            if (type == 'B') {
                String portal = cString(body, 0);
                String statement = cString(body, portal.getBytes(StandardCharsets.UTF_8).length + 1);
                return isCommit(statements.getOrDefault(statement, ""));
            }
            return false;
        }

        private void closeBoth() {
            for (Socket s : new Socket[] {client, server}) {
                try {
                    s.close();
                } catch (IOException ignored) {
                    // closing anyway
                }
            }
        }
    }

    private static boolean isCommit(String sql) {
        String s = sql.trim().toUpperCase(java.util.Locale.ROOT);
        if (s.endsWith(";")) {
            s = s.substring(0, s.length() - 1).trim();
        }
        return s.equals("COMMIT") || s.equals("END");
    }

    private static String cString(byte[] b, int from) {
        int end = from;
        while (end < b.length && b[end] != 0) {
            end++;
        }
        return new String(b, from, end - from, StandardCharsets.UTF_8);
    }

    private static void writeInt(OutputStream out, int v) throws IOException {
        out.write(v >>> 24);
        out.write(v >>> 16);
        out.write(v >>> 8);
        out.write(v);
    }

    @Override
    public void close() throws IOException {
        listener.close();
        for (Socket s : sockets) {
            try {
                s.close();
            } catch (IOException ignored) {
                // closing anyway
            }
        }
    }
}
