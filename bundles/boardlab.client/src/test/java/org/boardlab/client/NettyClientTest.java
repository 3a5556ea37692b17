package org.boardlab.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.boardlab.client.ScriptServer.WAIT_SECONDS;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.nio.NioEventLoopGroup;
import io.netty.util.concurrent.DefaultThreadFactory;
import java.net.ConnectException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.boardlab.client.NettyClient.Link;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** {@link NettyClient} through a small line protocol ({@link LineClient}) against a scripted server on loopback. */
class NettyClientTest {

    private final List<AutoCloseable> open = new ArrayList<>();

    @AfterEach
    void closeAll() throws Exception {
        for (AutoCloseable c : open) {
            c.close();
        }
    }

    private ScriptServer server() throws Exception {
        ScriptServer s = new ScriptServer();
        open.add(s);
        return s;
    }

    private LineClient client(Duration keepAlive, LineClient.Listener listener) {
        LineClient c = new LineClient(null, keepAlive, null, listener);
        open.add(c);
        return c;
    }

    /** What one listener heard, with the thread of every call. */
    private static final class Heard implements LineClient.Listener {
        final List<String> lines = new CopyOnWriteArrayList<>();
        final List<String> threads = new CopyOnWriteArrayList<>();
        final List<CloseReason> closes = new CopyOnWriteArrayList<>();
        final CompletableFuture<CloseReason> closed = new CompletableFuture<>();

        @Override
        public void message(String line) {
            threads.add(Thread.currentThread().getName());
            lines.add(line);
        }

        @Override
        public void closed(CloseReason reason) {
            threads.add(Thread.currentThread().getName());
            closes.add(reason);
            closed.complete(reason);
        }

        void awaitLines(int n) throws InterruptedException {
            long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(WAIT_SECONDS);
            while (lines.size() < n) {
                if (System.nanoTime() > until) {
                    throw new AssertionError("not " + n + " lines within " + WAIT_SECONDS + " s: " + lines);
                }
                Thread.sleep(5);
            }
        }
    }

    /** A server, a client connected to it, and what the client's listener heard. */
    private record Conn(ScriptServer server, Heard heard, LineClient client) {
    }

    /** A client with {@code keepAlive}, set up by {@code setUp}, connected to a new server. */
    private Conn connected(Duration keepAlive, Consumer<LineClient> setUp) throws Exception {
        ScriptServer server = server();
        Heard heard = new Heard();
        LineClient client = client(keepAlive, heard);
        setUp.accept(client);
        open(client, server);
        return new Conn(server, heard, client);
    }

    /** Connects {@code client} to {@code server} and waits until both ends have the connection. */
    private static void open(LineClient client, ScriptServer server) throws Exception {
        CompletableFuture<LineClient> connected = client.connect("127.0.0.1", server.port());
        server.accept();
        connected.get(WAIT_SECONDS, TimeUnit.SECONDS);
    }

    private static CloseReason await(CompletableFuture<CloseReason> f) throws Exception {
        return f.get(WAIT_SECONDS, TimeUnit.SECONDS);
    }

    @Test
    void linesArriveInOrderOnTheSharedEventLoopAndWhatTheClientWritesReachesTheServer() throws Exception {
        ScriptServer server = server();
        Heard heard = new Heard();
        LineClient client = client(Duration.ZERO, heard);
        assertThat(client.state()).isEqualTo(Link.NEW);
        CompletableFuture<LineClient> connected = client.connect("127.0.0.1", server.port());
        server.accept();
        assertThat(connected.get(WAIT_SECONDS, TimeUnit.SECONDS)).isSameAs(client);
        assertThat(client.state()).isEqualTo(Link.OPEN);

        server.send("one");
        server.send("two");
        server.send("three");
        heard.awaitLines(3);
        assertThat(heard.lines).containsExactly("one", "two", "three");
        assertThat(heard.threads).allMatch(t -> t.startsWith("line-client"));

        client.send("hello").get(WAIT_SECONDS, TimeUnit.SECONDS);
        assertThat(client.written).containsExactly("hello"); // the state followed the write before it completed
        assertThat(server.next()).isEqualTo("hello");

        CompletableFuture<String> where = new CompletableFuture<>();
        assertThat(client.execute(() -> where.complete(Thread.currentThread().getName()))).isTrue();
        assertThat(where.get(WAIT_SECONDS, TimeUnit.SECONDS)).isEqualTo(heard.threads.get(0));
    }

    @Test
    void aServerThatHangsUpIsReportedOnceAsServerAndTheClientCannotWriteAfterwards() throws Exception {
        Conn c = connected(Duration.ZERO, client -> { });
        ScriptServer server = c.server();
        Heard heard = c.heard();
        LineClient client = c.client();
        server.hangUp();

        CloseReason reason = await(heard.closed);
        assertThat(reason).isEqualTo(new CloseReason(CloseKind.SERVER, "the server closed the connection"));
        assertThat(await(client.closeFuture())).isEqualTo(reason);
        assertThat(client.state()).isEqualTo(Link.CLOSED);
        client.close(); // the user's close after the server's changes nothing
        assertThat(heard.closes).containsExactly(reason);
        assertThatThrownBy(() -> client.send("late")).isInstanceOf(IllegalStateException.class)
                .hasMessage("the client is not connected");
        assertThatThrownBy(() -> client.connect("127.0.0.1", server.port())).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void closingSaysGoodbyeFirstIsReportedAsClientAndASecondCloseDoesNothing() throws Exception {
        Conn c = connected(Duration.ZERO, client -> client.sayGoodbye = true);
        c.client().close();
        c.client().close();
        assertThat(c.server().next()).isEqualTo("BYE");
        assertThat(c.server().next()).isNull(); // then the connection closed
        assertThat(await(c.heard().closed)).isEqualTo(new CloseReason(CloseKind.CLIENT, "closed by this client"));
        await(c.client().closeFuture());
        assertThat(c.heard().closes).hasSize(1);
        assertThat(c.client().written).containsExactly("BYE");
    }

    @Test
    void aProtocolErrorTheServerReportsIsTheReasonEvenWhenTheClientClosesAfterIt() throws Exception {
        Conn c = connected(Duration.ZERO, client -> { });
        c.server().send("ERR you sent two names");
        c.heard().awaitLines(1);
        c.client().close();
        assertThat(await(c.heard().closed)).isEqualTo(new CloseReason(CloseKind.PROTOCOL_ERROR, "you sent two names"));
    }

    @Test
    void bytesThatAreNotTheProtocolAreAProtocolErrorAndTheClientClosesTheConnection() throws Exception {
        Conn c = connected(Duration.ZERO, client -> { });
        c.server().send("fine");
        c.server().sendRaw("x".repeat(100));
        assertThat(await(c.heard().closed)).isEqualTo(new CloseReason(CloseKind.PROTOCOL_ERROR, "a line longer than 64 bytes"));
        assertThat(c.heard().lines).containsExactly("fine");
        assertThat(c.server().next()).isNull();
    }

    @Test
    void theKeepAliveRunsAtTheIntervalAndAFailureItFindsClosesTheConnectionAsFailed() throws Exception {
        Conn c = connected(Duration.ofMillis(20), client -> client.failAfter = 4);
        for (int i = 0; i < 3; i++) {
            assertThat(c.server().next()).isEqualTo("KEEPALIVE");
        }
        assertThat(c.server().next()).isNull(); // the fourth found no answer and closed
        assertThat(await(c.heard().closed)).isEqualTo(new CloseReason(CloseKind.FAILED, "no answer to 3 keep-alives"));
        assertThat(c.client().written).isEmpty(); // keep-alives pass the codec only
    }

    @Test
    void aPingTheServerAnswersKeepsTheConnectionAndTwoIntervalsWithoutAnAnswerCloseItAsFailed() throws Exception {
        Conn c = connected(Duration.ofSeconds(1), client -> client.asks = true);
        for (int i = 0; i < 3; i++) { // three intervals and more: answered, so the connection stays
            assertThat(c.server().next()).isEqualTo("ASK");
            c.server().send("ANSWER");
        }
        String line;
        int unanswered = 0;
        while ((line = c.server().next()) != null) {
            assertThat(line).isEqualTo("ASK");
            unanswered++;
        }
        assertThat(unanswered).isBetween(1, 3); // the oldest waited two intervals (a late timer may send one more): the client gave up
        assertThat(await(c.heard().closed)).isEqualTo(new CloseReason(CloseKind.FAILED, "no ANSWER from the server for 2 s"));
        assertThat(c.heard().lines).containsExactly("ANSWER", "ANSWER", "ANSWER");
    }

    @Test
    void connectingToNothingFailsTheFutureAndCloseFutureButTellsNoListener() throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = s.getLocalPort();
        }
        Heard heard = new Heard();
        LineClient client = client(Duration.ZERO, heard);
        assertThatThrownBy(() -> client.connect("127.0.0.1", port).get(WAIT_SECONDS, TimeUnit.SECONDS))
                .isInstanceOf(ExecutionException.class).hasCauseInstanceOf(ConnectException.class);
        CloseReason reason = await(client.closeFuture());
        assertThat(reason.kind()).isEqualTo(CloseKind.FAILED);
        assertThat(reason.detail()).startsWith("could not connect to 127.0.0.1:" + port + ": ");
        assertThat(client.state()).isEqualTo(Link.CLOSED);
        assertThat(heard.closes).isEmpty();
        assertThatThrownBy(() -> client.connect("127.0.0.1", port)).isInstanceOf(IllegalStateException.class)
                .hasMessage("this client has already connected; make a new one");
    }

    @Test
    void aClientClosedBeforeConnectingSaysSoAndCannotConnect() throws Exception {
        LineClient client = client(Duration.ZERO, null);
        assertThat(client.execute(() -> { })).isFalse();
        client.close();
        assertThat(client.closeFuture().getNow(null)).isEqualTo(new CloseReason(CloseKind.CLIENT, "closed before connecting"));
        assertThat(client.state()).isEqualTo(Link.CLOSED);
        assertThatThrownBy(() -> client.connect("127.0.0.1", 1)).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void aListenerThatThrowsDoesNotKeepTheOthersFromHearing() throws Exception {
        ScriptServer server = server();
        Heard heard = new Heard();
        LineClient client = client(Duration.ZERO, new LineClient.Listener() {
            @Override
            public void message(String line) {
                throw new IllegalStateException("a student's listener broke");
            }
        });
        client.addListener(heard);
        open(client, server);
        server.send("a");
        server.send("b");
        heard.awaitLines(2);
        assertThat(heard.lines).containsExactly("a", "b");
        client.removeListener(heard);
        server.send("PING"); // answered, but heard no longer listens
        assertThat(server.next()).isEqualTo("PONG");
        assertThat(heard.lines).containsExactly("a", "b");
    }

    @Test
    void theCallersGroupRunsTheConnectionAndItsHandlersSitBetweenTheCodecAndTheClient() throws Exception {
        EventLoopGroup group = new NioEventLoopGroup(1, new DefaultThreadFactory("callers-loop", true));
        try {
            ScriptServer server = server();
            Heard heard = new Heard();
            LineClient client = new LineClient(group, Duration.ZERO, p -> p.addLast("drop-comments", new ChannelInboundHandlerAdapter() {
                @Override
                public void channelRead(ChannelHandlerContext ctx, Object msg) {
                    if (!(msg instanceof String s && s.startsWith("#"))) {
                        ctx.fireChannelRead(msg);
                    }
                }
            }), heard);
            open.add(client);
            open(client, server);
            server.send("# a comment");
            server.send("a line");
            server.send("PING");
            heard.awaitLines(2);
            assertThat(heard.lines).containsExactly("a line", "PING");
            assertThat(server.next()).isEqualTo("PONG");
            assertThat(heard.threads).allMatch(t -> t.startsWith("callers-loop"));
        } finally {
            group.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
        }
    }

    @Test
    void aLostConnectionIsMadeAgainWithTheSameListenersAndTheProtocolSpeaksFirstOnIt() throws Exception {
        ScriptServer server = server();
        Heard heard = new Heard();
        List<String> news = new CopyOnWriteArrayList<>();
        LineClient client = new LineClient(ClientOptions.keepAliveEvery(Duration.ZERO).withReconnect(3, Duration.ofMillis(20)), heard);
        open.add(client);
        client.addListener(new LineClient.Listener() {
            @Override
            public void reconnecting(CloseReason why, int attempt, Duration delay) {
                news.add("reconnecting " + attempt + " after " + why.kind() + " in " + delay.toMillis() + " ms");
            }

            @Override
            public void reconnected() {
                news.add("reconnected");
            }
        });
        open(client, server);
        server.send("before");
        heard.awaitLines(1);
        server.hangUp(); // the server drops the connection: the client comes back
        server.accept();
        assertThat(server.next()).isEqualTo("AGAIN");
        server.send("after");
        heard.awaitLines(2);
        assertThat(heard.lines).containsExactly("before", "after");
        assertThat(news).containsExactly("reconnecting 1 after SERVER in 20 ms", "reconnected");
        assertThat(heard.closes).isEmpty();
        assertThat(client.closeFuture()).isNotDone();
        client.close();
        assertThat(await(heard.closed)).isEqualTo(new CloseReason(CloseKind.CLIENT, "closed by this client"));
        assertThat(heard.closes).hasSize(1);
    }

    @Test
    void whenTheAttemptsRunOutTheCloseIsReportedOnceAsAFailure() throws Exception {
        ScriptServer server = server();
        Heard heard = new Heard();
        List<Integer> attempts = new CopyOnWriteArrayList<>();
        LineClient client = new LineClient(ClientOptions.keepAliveEvery(Duration.ZERO).withReconnect(2, Duration.ofMillis(10)), heard);
        open.add(client);
        client.addListener(new LineClient.Listener() {
            @Override
            public void reconnecting(CloseReason why, int attempt, Duration delay) {
                attempts.add(attempt);
            }
        });
        open(client, server);
        server.close(); // the connection and the listening port are gone: both attempts fail
        CloseReason reason = await(heard.closed);
        assertThat(reason.kind()).isEqualTo(CloseKind.FAILED);
        assertThat(reason.detail()).startsWith("could not connect again to 127.0.0.1:" + server.port() + " after 2 attempts: ");
        assertThat(attempts).containsExactly(1, 2);
        assertThat(heard.closes).hasSize(1);
        assertThat(await(client.closeFuture())).isEqualTo(reason);
    }

    @Test
    void aClientClosedWhileWaitingToReconnectStopsTryingAndSaysSo() throws Exception {
        ScriptServer server = server();
        Heard heard = new Heard();
        CompletableFuture<Void> lost = new CompletableFuture<>();
        LineClient client = new LineClient(ClientOptions.keepAliveEvery(Duration.ZERO).withReconnect(5, Duration.ofSeconds(30)), heard);
        open.add(client);
        client.addListener(new LineClient.Listener() {
            @Override
            public void reconnecting(CloseReason why, int attempt, Duration delay) {
                lost.complete(null);
            }
        });
        open(client, server);
        server.hangUp();
        lost.get(WAIT_SECONDS, TimeUnit.SECONDS);
        client.close();
        assertThat(await(heard.closed)).isEqualTo(new CloseReason(CloseKind.CLIENT, "closed by this client while reconnecting"));
        assertThat(heard.closes).hasSize(1);
    }

    @Test
    void aProtocolErrorIsNotReconnected() throws Exception {
        ScriptServer server = server();
        Heard heard = new Heard();
        LineClient client = new LineClient(ClientOptions.keepAliveEvery(Duration.ZERO).withReconnect(3, Duration.ofMillis(10)), heard);
        open.add(client);
        open(client, server);
        server.send("ERR you sent two names");
        server.hangUp();
        assertThat(await(heard.closed)).isEqualTo(new CloseReason(CloseKind.PROTOCOL_ERROR, "you sent two names"));
        assertThat(heard.closes).hasSize(1);
    }

    @Test
    void aNegativeKeepAliveIntervalIsRefused() {
        assertThatThrownBy(() -> new LineClient(null, Duration.ofSeconds(-1), null, null))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> ClientOptions.keepAliveEvery(Duration.ZERO).withReconnect(-1, Duration.ZERO))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
