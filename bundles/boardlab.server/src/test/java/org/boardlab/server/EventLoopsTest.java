package org.boardlab.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelPipeline;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.boardlab.core.EventBus;
import org.boardlab.game.tictactoe.TicTacToe;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Netty's event loops are made when the first Netty port opens, not with the server: a server that opens only a
 * port a protocol listens on itself (Dots, on Jetty) does not make them.
 */
class EventLoopsTest {

    private final List<String> log = new CopyOnWriteArrayList<>();
    private EmbeddedServer server;

    @AfterEach
    void close() {
        if (server != null) {
            server.close();
        }
    }

    @Test
    void aPortTheProtocolListensOnItselfMakesNoEventLoopsANettyPortDoes() throws Exception {
        server = new EmbeddedServer(id -> new TicTacToe(), new EventBus(), ServerSettings.defaults(), log::add);
        server.addProtocol(new OwnPort());
        server.addProtocol(new Echo());
        InetSocketAddress own = server.start("own", "127.0.0.1", 0);
        try (Socket s = new Socket("127.0.0.1", own.getPort());
                BufferedReader in = new BufferedReader(new InputStreamReader(s.getInputStream(), StandardCharsets.US_ASCII))) {
            assertThat(in.readLine()).isEqualTo("own port");
        }
        assertThat(server.hasEventLoops()).as("event loops after opening only a port of the protocol's own").isFalse();

        InetSocketAddress echo = server.start("echo", "127.0.0.1", 0);
        assertThat(server.hasEventLoops()).as("event loops after opening a Netty port").isTrue();
        try (Socket s = new Socket("127.0.0.1", echo.getPort());
                BufferedReader in = new BufferedReader(new InputStreamReader(s.getInputStream(), StandardCharsets.US_ASCII))) {
            s.getOutputStream().write("hello\n".getBytes(StandardCharsets.US_ASCII));
            assertThat(in.readLine()).isEqualTo("hello");
        }
        assertThat(log).contains("own listening on 127.0.0.1:" + own.getPort(), "echo listening on 127.0.0.1:" + echo.getPort());
    }

    /**
     * {@code boardlab serve} binds its ports held, opens the store, then lets them accept: a client that connects
     * in between waits in the port's queue and is served once the server accepts, and nothing else (H2's
     * AUTO_SERVER port among them) can take one of the ports meanwhile.
     */
    @Test
    void aHeldPortListensButServesItsClientsOnlyOnceTheServerAccepts() throws Exception {
        server = new EmbeddedServer(id -> new TicTacToe(), new EventBus(), ServerSettings.defaults(), log::add);
        server.addProtocol(new Echo());
        server.holdAccepting();
        InetSocketAddress echo = server.start("echo", "127.0.0.1", 0);
        try (Socket s = new Socket("127.0.0.1", echo.getPort());
                BufferedReader in = new BufferedReader(new InputStreamReader(s.getInputStream(), StandardCharsets.US_ASCII))) {
            s.getOutputStream().write("hello\n".getBytes(StandardCharsets.US_ASCII));
            try (ServerSocket same = new ServerSocket()) {
                org.assertj.core.api.Assertions.assertThatThrownBy(() -> same.bind(echo)).as("the held port is taken")
                        .isInstanceOf(IOException.class);
            }
            Thread.sleep(300); // time enough for an accept, had there been one
            assertThat(server.connections()).as("connections accepted while held").isEmpty();
            server.acceptNow();
            s.setSoTimeout(10_000);
            assertThat(in.readLine()).isEqualTo("hello");
            assertThat(server.connections()).hasSize(1);
        }
    }

    @Test
    void aServerWithoutANettyPortStopsCleanly() throws Exception {
        server = new EmbeddedServer(id -> new TicTacToe(), new EventBus(), ServerSettings.defaults(), log::add);
        OwnPort protocol = new OwnPort();
        server.addProtocol(protocol);
        server.start("own", "127.0.0.1", 0);
        server.close();
        server = null;
        // the protocol's own listener is closed and its accepting thread ends; not "nothing listens on that port
        // any more": a freed ephemeral port may be taken by any other program's listener at once (CI /tmp/ci71)
        assertThat(protocol.socket.isClosed()).as("the protocol's own listener is closed").isTrue();
        protocol.accepting.join(2_000);
        assertThat(protocol.accepting.isAlive()).as("the protocol's accepting thread still runs").isFalse();
    }

    /** A protocol on a port of its own (a plain server socket that greets each client and hangs up). */
    private static final class OwnPort extends LineProtocol {
        /** The last listener this protocol opened, and its accepting thread. */
        volatile ServerSocket socket;
        volatile Thread accepting;

        OwnPort() {
            super("own");
        }

        @Override
        public boolean ownsListener() {
            return true;
        }

        @Override
        public OwnListener listen(GroupHost host, String bindAddress, int port) {
            try {
                ServerSocket socket = new ServerSocket(port, 50, java.net.InetAddress.getByName(bindAddress));
                Thread accept = new Thread(() -> {
                    while (!socket.isClosed()) {
                        try (Socket client = socket.accept()) {
                            client.getOutputStream().write("own port\n".getBytes(StandardCharsets.US_ASCII));
                        } catch (IOException e) {
                            return;
                        }
                    }
                }, "own-port");
                accept.setDaemon(true);
                accept.start();
                this.socket = socket;
                this.accepting = accept;
                return new OwnListener() {
                    @Override
                    public InetSocketAddress address() {
                        return (InetSocketAddress) socket.getLocalSocketAddress();
                    }

                    @Override
                    public void close() {
                        try {
                            socket.close();
                        } catch (IOException e) {
                            throw new java.io.UncheckedIOException(e);
                        }
                    }
                };
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
        }

        @Override
        public void initChannel(ChannelPipeline pipeline, Connection connection) {
            throw new AssertionError("a protocol on its own port has no Netty channel");
        }

        @Override
        ByteBuf answer(ByteBuf line) {
            throw new AssertionError("a protocol on its own port has no Netty channel");
        }
    }

    /** Lines back as they came, on a Netty port. */
    private static final class Echo extends LineProtocol {
        Echo() {
            super("echo");
        }

        @Override
        ByteBuf answer(ByteBuf line) {
            return Unpooled.wrappedBuffer(line.retain(), Unpooled.wrappedBuffer(new byte[] {'\n'}));
        }
    }
}
