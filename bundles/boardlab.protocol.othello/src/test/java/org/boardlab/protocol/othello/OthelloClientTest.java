package org.boardlab.protocol.othello;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import java.util.function.Predicate;
import org.boardlab.ai.basic.FirstLegalPlayer;
import org.boardlab.ai.basic.RandomPlayer;
import org.boardlab.api.Move;
import org.boardlab.api.Player;
import org.boardlab.api.Side;
import org.boardlab.api.event.MatchOutcome;
import org.boardlab.api.event.MatchOutcome.Ending;
import org.boardlab.core.EventBus;
import org.boardlab.core.GameResult;
import org.boardlab.game.othello.Othello;
import org.boardlab.client.CloseKind;
import org.boardlab.client.CloseReason;
import org.boardlab.client.SeatListener;
import org.boardlab.client.SeatOptions;
import org.boardlab.protocol.othello.OthelloClient.GameInfo;
import org.boardlab.protocol.othello.OthelloClient.Phase;
import org.boardlab.protocol.othello.internal.OthelloProtocol;
import org.boardlab.protocol.othello.internal.OthelloServerProtocol;
import org.boardlab.server.EmbeddedServer;
import org.boardlab.server.ServerSettings;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** {@link OthelloClient} and {@link OthelloSeat} against the real server over loopback sockets. */
class OthelloClientTest {

    private static final long WAIT_SECONDS = 20;

    private final Othello othello = new Othello();
    private final List<GameResult> results = new CopyOnWriteArrayList<>();
    private final List<OthelloClient> clients = new ArrayList<>();
    private EmbeddedServer server;
    private InetSocketAddress address;

    @BeforeEach
    void start() {
        server = new EmbeddedServer(id -> othello, new EventBus(),
                ServerSettings.defaults().withReconnectWindow(Duration.ofSeconds(10)), line -> { });
        server.addProtocol(new OthelloServerProtocol(new OthelloProtocol()));
        server.onResult(results::add);
        address = server.start("othello", "127.0.0.1", 0);
    }

    @AfterEach
    void stop() {
        clients.forEach(OthelloClient::close);
        server.close();
    }

    /** Everything one client's listener heard, in order. */
    private static class Recorder implements OthelloClient.Listener {
        final List<ServerMessage> messages = new CopyOnWriteArrayList<>();
        final List<ProtocolViolation> malformed = new CopyOnWriteArrayList<>();
        final CompletableFuture<CloseReason> closed = new CompletableFuture<>();
        /** The thread every call came on. */
        final List<String> threads = new CopyOnWriteArrayList<>();

        @Override
        public void message(ServerMessage message) {
            threads.add(Thread.currentThread().getName());
            messages.add(message);
        }

        @Override
        public void malformed(ProtocolViolation violation) {
            malformed.add(violation);
        }

        @Override
        public void closed(CloseReason reason) {
            closed.complete(reason);
        }

        <T extends ServerMessage> T await(Class<T> type) throws InterruptedException {
            return await(type, m -> true);
        }

        <T extends ServerMessage> T await(Class<T> type, Predicate<T> which) throws InterruptedException {
            eventually(() -> messages.stream().anyMatch(m -> type.isInstance(m) && which.test(type.cast(m))),
                    "a " + type.getSimpleName() + "; heard " + messages);
            return messages.stream().filter(type::isInstance).map(type::cast).filter(which).findFirst().orElseThrow();
        }

        <T extends ServerMessage> List<T> all(Class<T> type) {
            return messages.stream().filter(type::isInstance).map(type::cast).toList();
        }
    }

    private static void eventually(BooleanSupplier condition, String what) throws InterruptedException {
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(WAIT_SECONDS);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > until) {
                throw new AssertionError("not within " + WAIT_SECONDS + " s: " + what);
            }
            Thread.sleep(5);
        }
    }

    private OthelloClient connect(Recorder recorder) throws Exception {
        OthelloClient client = new OthelloClient(recorder);
        clients.add(client);
        assertThat(client.connect("127.0.0.1", address.getPort()).get(WAIT_SECONDS, TimeUnit.SECONDS)).isSameAs(client);
        assertThat(client.phase()).isEqualTo(Phase.CONNECTED);
        return client;
    }

    private OthelloClient login(String name, Recorder recorder) throws Exception {
        OthelloClient client = connect(recorder);
        client.login(name).get(WAIT_SECONDS, TimeUnit.SECONDS);
        assertThat(client.phase()).isEqualTo(Phase.LOBBY);
        assertThat(client.name()).contains(name);
        return client;
    }

    /** A seat listener that keeps what the player did. */
    private static final class SeatLog implements SeatListener {
        final List<Move> played = new CopyOnWriteArrayList<>();
        final List<String> problems = new CopyOnWriteArrayList<>();

        @Override
        public void played(Move move, Duration thought) {
            played.add(move);
        }

        @Override
        public void problem(String message) {
            problems.add(message);
        }
    }

    private static List<String> placements(List<Move> moves) {
        return moves.stream().map(Move::notation).filter(n -> !n.equals("pass")).toList();
    }

    @Test
    void twoLoadedPlayersLogInInviteAcceptAndPlayAWholeGameThatMatchesTheServersRecord() throws Exception {
        Recorder annHears = new Recorder();
        Recorder bobHears = new Recorder();
        OthelloClient bob = login("bob", bobHears);
        SeatLog bobLog = new SeatLog();
        OthelloSeat bobSeat = OthelloSeat.start(bob, new FirstLegalPlayer(), othello,
                SeatOptions.defaults().withGames(1), bobLog);
        OthelloClient ann = connect(annHears);
        SeatLog annLog = new SeatLog();
        OthelloSeat annSeat = OthelloSeat.start(ann, new RandomPlayer(), othello,
                SeatOptions.defaults().withInvite("bob").withGames(1).withSeed(7), annLog);
        ann.login("ann").get(WAIT_SECONDS, TimeUnit.SECONDS);

        assertThat(annSeat.finished().get(WAIT_SECONDS, TimeUnit.SECONDS)).isEqualTo(1);
        assertThat(bobSeat.finished().get(WAIT_SECONDS, TimeUnit.SECONDS)).isEqualTo(1);
        assertThat(annLog.problems).isEmpty();
        assertThat(bobLog.problems).isEmpty();

        // the invitation went as the spec says, and ann (the inviter) played black
        assertThat(annHears.await(ServerMessage.SRes.class)).isEqualTo(new ServerMessage.SRes("bob", Answer.ACCEPT));
        assertThat(bobHears.await(ServerMessage.SReq.class)).isEqualTo(new ServerMessage.SReq("ann"));
        assertThat(annHears.await(ServerMessage.SStartG.class)).isEqualTo(new ServerMessage.SStartG("bob", Colour.BLACK));
        assertThat(bobHears.await(ServerMessage.SStartG.class)).isEqualTo(new ServerMessage.SStartG("ann", Colour.WHITE));

        // the server's record of the game is the game both clients saw
        eventually(() -> results.size() == 1, "the server's result");
        GameResult result = results.get(0);
        MatchOutcome outcome = result.outcome();
        assertThat(result.first()).isEqualTo("ann");
        assertThat(result.second()).isEqualTo("bob");
        assertThat(outcome.ending()).isEqualTo(Ending.NORMAL);
        List<String> heard = annHears.all(ServerMessage.SMov.class).stream().map(m -> m.square().notation()).toList();
        assertThat(bobHears.all(ServerMessage.SMov.class).stream().map(m -> m.square().notation()).toList()).isEqualTo(heard);
        assertThat(placements(outcome.moves())).isEqualTo(heard);
        assertThat(annLog.played.size() + bobLog.played.size()).isEqualTo(heard.size());
        List<String> annMoves = placements(annLog.played);
        for (int i = 0, a = 0; i < heard.size(); i++) {
            if (annHears.all(ServerMessage.SMov.class).get(i).colour() == Colour.BLACK) {
                assertThat(heard.get(i)).isEqualTo(annMoves.get(a++));
            }
        }

        ServerMessage.SEndG end = annHears.await(ServerMessage.SEndG.class);
        assertThat(bobHears.await(ServerMessage.SEndG.class)).isEqualTo(end);
        assertThat(end.reason()).isEqualTo(EndReason.NORMAL);
        assertThat(end.black()).isEqualTo(outcome.scores()[Side.FIRST.index()]);
        assertThat(end.white()).isEqualTo(outcome.scores()[Side.SECOND.index()]);
        Winner expected = outcome.winner() == null ? Winner.DRAW : outcome.winner() == Side.FIRST ? Winner.BLACK : Winner.WHITE;
        assertThat(end.winner()).isEqualTo(expected);

        // what each client keeps of the game
        GameInfo annGame = ann.game().orElseThrow();
        assertThat(annGame.colour()).isEqualTo(Colour.BLACK);
        assertThat(annGame.opponent()).isEqualTo("bob");
        assertThat(annGame.result()).contains(end);
        assertThat(annGame.toMove()).isEmpty();
        assertThat(annGame.board().count(Colour.BLACK)).isEqualTo(end.black());
        assertThat(annGame.board().count(Colour.WHITE)).isEqualTo(end.white());
        assertThat(bob.game().orElseThrow().colour()).isEqualTo(Colour.WHITE);
        assertThat(bob.game().orElseThrow().board()).isEqualTo(annGame.board());
        eventually(() -> ann.lobby().get("bob") == Status.READY && bob.lobby().get("ann") == Status.READY,
                "both READY again in each other's lobby: " + ann.lobby() + " " + bob.lobby());
        assertThat(ann.lobby()).doesNotContainKey("ann");
        assertThat(ann.phase()).isEqualTo(Phase.LOBBY);
        assertThat(annHears.threads).allMatch(t -> t.startsWith("othello-client"));
    }

    @Test
    void aClientThatReconnectsLogsInAgainAndItsSeatFinishesTheGameAfterSrecov() throws Exception {
        Recorder bobHears = new Recorder();
        OthelloClient bob = login("bob", bobHears);
        OthelloSeat bobSeat = OthelloSeat.start(bob, new FirstLegalPlayer(), othello, SeatOptions.defaults().withGames(1), null);

        // ann's connection drops once, in the middle of the game, as a network would drop it
        List<String> news = new CopyOnWriteArrayList<>();
        Recorder annHears = new Recorder() {
            @Override
            public void reconnecting(CloseReason why, int attempt, Duration delay) {
                news.add("lost (" + why.kind() + "), attempt " + attempt);
            }

            @Override
            public void reconnected() {
                news.add("back");
            }
        };
        AtomicInteger moves = new AtomicInteger();
        OthelloClient ann = new OthelloClient(annHears, OthelloClient.defaults().withReconnect(3, Duration.ofMillis(300))
                .withPipeline(p -> p.addLast("drop-once", new ChannelInboundHandlerAdapter() {
                    @Override
                    public void channelRead(ChannelHandlerContext ctx, Object msg) {
                        ctx.fireChannelRead(msg);
                        if (msg instanceof ServerMessage.SMov && moves.incrementAndGet() == 10) {
                            ctx.close();
                        }
                    }
                })));
        clients.add(ann);
        ann.connect("127.0.0.1", address.getPort()).get(WAIT_SECONDS, TimeUnit.SECONDS);
        SeatLog annLog = new SeatLog();
        OthelloSeat annSeat = OthelloSeat.start(ann, new FirstLegalPlayer(), othello,
                SeatOptions.defaults().withInvite("bob").withGames(1), annLog);
        ann.login("ann").get(WAIT_SECONDS, TimeUnit.SECONDS);

        assertThat(annSeat.finished().get(WAIT_SECONDS, TimeUnit.SECONDS)).isEqualTo(1);
        assertThat(bobSeat.finished().get(WAIT_SECONDS, TimeUnit.SECONDS)).isEqualTo(1);
        assertThat(news).containsExactly("lost (SERVER), attempt 1", "back");
        assertThat(annHears.await(ServerMessage.SRecov.class).host()).as("ann, the inviter, is the game's host").isTrue();
        assertThat(annHears.all(ServerMessage.SNameOk.class)).as("logged in twice: at first and again").hasSize(2);
        eventually(() -> results.size() == 1, "the server's result");
        assertThat(results.get(0).outcome().ending()).as("the game went on to its normal end").isEqualTo(Ending.NORMAL);
        assertThat(ann.phase()).isEqualTo(Phase.LOBBY);
        assertThat(ann.closeFuture()).isNotDone();
    }

    @Test
    void aTakenNameIsRefusedAndAProtocolErrorFromTheServerEndsTheConnectionCleanly() throws Exception {
        login("ann", new Recorder());
        Recorder hears = new Recorder();
        OthelloClient second = connect(hears);
        assertThatThrownBy(() -> second.login("ann").get(WAIT_SECONDS, TimeUnit.SECONDS))
                .isInstanceOf(ExecutionException.class).hasMessageContaining("login refused: ");
        assertThat(second.phase()).isEqualTo(Phase.CONNECTED);
        second.login("ann2").get(WAIT_SECONDS, TimeUnit.SECONDS);

        second.send(new ClientMessage.CName("ann3")); // logging in twice breaks the protocol
        CloseReason reason = hears.closed.get(WAIT_SECONDS, TimeUnit.SECONDS);
        ServerMessage.SErr err = hears.await(ServerMessage.SErr.class);
        assertThat(reason.kind()).isEqualTo(CloseKind.PROTOCOL_ERROR);
        assertThat(reason.detail()).isEqualTo("the server reported a protocol error: " + err.reason());
        assertThat(second.closeFuture().get(WAIT_SECONDS, TimeUnit.SECONDS)).isEqualTo(reason);
        assertThat(second.phase()).isEqualTo(Phase.CLOSED);
        assertThatThrownBy(() -> second.send(new ClientMessage.CPing())).isInstanceOf(IllegalStateException.class);
    }

    /** ann invites bob by hand, bob accepts, ann plays d3. */
    private OthelloClient[] startByHand(Recorder annHears, Recorder bobHears) throws Exception {
        OthelloClient ann = login("ann", annHears);
        OthelloClient bob = login("bob", bobHears);
        annHears.await(ServerMessage.SAddP.class, p -> p.name().equals("bob"));
        ann.send(new ClientMessage.CReq("bob")).get(WAIT_SECONDS, TimeUnit.SECONDS);
        assertThat(ann.phase()).isEqualTo(Phase.INVITING);
        assertThat(ann.invitation()).contains(new OthelloClient.Invitation("bob", true));
        bobHears.await(ServerMessage.SReq.class);
        assertThat(bob.phase()).isEqualTo(Phase.INVITED);
        assertThat(bob.invitation()).contains(new OthelloClient.Invitation("ann", false));
        bob.send(new ClientMessage.CRes("ann", Answer.ACCEPT));
        bobHears.await(ServerMessage.SStartG.class);
        annHears.await(ServerMessage.SStartG.class);
        assertThat(ann.phase()).isEqualTo(Phase.IN_GAME);
        assertThat(ann.game().orElseThrow().myTurn()).isTrue();
        assertThat(bob.game().orElseThrow().myTurn()).isFalse();
        ann.send(new ClientMessage.CMov(Square.of("d3")));
        bobHears.await(ServerMessage.SMov.class);
        annHears.await(ServerMessage.SMov.class); // ann too has heard her move, so her game says white is to move
        assertThat(bob.game().orElseThrow().myTurn()).isTrue();
        assertThat(bob.game().orElseThrow().lastMove()).contains(Square.of("d3"));
        return new OthelloClient[] {ann, bob};
    }

    @Test
    void closingMidGameIsReportedToTheListenerAndTheOpponentHearsOfIt() throws Exception {
        Recorder annHears = new Recorder();
        Recorder bobHears = new Recorder();
        OthelloClient[] c = startByHand(annHears, bobHears);
        c[0].close();
        CloseReason reason = annHears.closed.get(WAIT_SECONDS, TimeUnit.SECONDS);
        assertThat(reason.kind()).isEqualTo(CloseKind.CLIENT);
        GameInfo unfinished = c[0].game().orElseThrow();
        assertThat(unfinished.over()).isFalse();
        assertThat(unfinished.toMove()).contains(Colour.WHITE);
        assertThat(bobHears.await(ServerMessage.SGameI.class).text()).startsWith("ann lost the connection");
    }

    @Test
    void aServerThatStopsMidGameIsReportedAsClosedByTheServer() throws Exception {
        Recorder annHears = new Recorder();
        Recorder bobHears = new Recorder();
        startByHand(annHears, bobHears);
        server.close();
        assertThat(annHears.closed.get(WAIT_SECONDS, TimeUnit.SECONDS).kind()).isEqualTo(CloseKind.SERVER);
        assertThat(bobHears.closed.get(WAIT_SECONDS, TimeUnit.SECONDS).kind()).isEqualTo(CloseKind.SERVER);
    }

    @Test
    void aSeatTakesOverAGameAfterLoggingInAgainWithinTheWindow() throws Exception {
        Recorder annHears = new Recorder();
        Recorder bobHears = new Recorder();
        OthelloClient[] c = startByHand(annHears, bobHears);
        OthelloSeat annSeat = OthelloSeat.start(c[0], new RandomPlayer(), othello,
                SeatOptions.defaults().withGames(1), null);
        c[1].close(); // bob drops out on his turn
        annHears.await(ServerMessage.SGameI.class, i -> i.text().startsWith("bob lost the connection"));

        Recorder bob2Hears = new Recorder();
        OthelloClient bob2 = connect(bob2Hears);
        SeatLog log = new SeatLog();
        OthelloSeat bobSeat = OthelloSeat.start(bob2, new FirstLegalPlayer(), othello,
                SeatOptions.defaults().withGames(1), log);
        bob2.login("bob").get(WAIT_SECONDS, TimeUnit.SECONDS);
        ServerMessage.SRecov recov = bob2Hears.await(ServerMessage.SRecov.class);
        assertThat(recov.host()).isFalse();
        assertThat(recov.whiteToMove()).isTrue();

        assertThat(bobSeat.finished().get(WAIT_SECONDS, TimeUnit.SECONDS)).isEqualTo(1);
        assertThat(annSeat.finished().get(WAIT_SECONDS, TimeUnit.SECONDS)).isEqualTo(1);
        assertThat(log.problems).isEmpty();
        assertThat(log.played).isNotEmpty();
        assertThat(bob2Hears.await(ServerMessage.SEndG.class).reason()).isEqualTo(EndReason.NORMAL);
        eventually(() -> results.size() == 1, "the server's result");
        assertThat(results.get(0).outcome().ending()).isEqualTo(Ending.NORMAL);
        assertThat(placements(results.get(0).outcome().moves()).get(0)).isEqualTo("d3");
    }

    @Test
    void aPlayerThatChoosesAnIllegalMoveIsReportedAndNothingIsSent() throws Exception {
        Recorder annHears = new Recorder();
        Recorder bobHears = new Recorder();
        OthelloClient ann = login("ann", annHears);
        OthelloClient bob = login("bob", bobHears);
        Player corner = request -> request.state().parseMove("a1"); // never legal at the start
        SeatLog log = new SeatLog();
        OthelloSeat.start(ann, corner, othello, SeatOptions.defaults().withInvite("bob"), log);
        bobHears.await(ServerMessage.SReq.class);
        bob.send(new ClientMessage.CRes("ann", Answer.ACCEPT));
        eventually(() -> !log.problems.isEmpty(), "a problem reported");
        assertThat(log.problems.get(0)).isEqualTo("the player chose a1, which is illegal: a1 flips no disc; no move sent");
        assertThat(log.played).isEmpty();
        // a CMOV sent before this CPING would be answered before its SPONG
        int pongs = annHears.all(ServerMessage.SPong.class).size();
        ann.send(new ClientMessage.CPing());
        eventually(() -> annHears.all(ServerMessage.SPong.class).size() > pongs, "SPONG");
        assertThat(annHears.all(ServerMessage.SMov.class)).isEmpty();
        assertThat(annHears.all(ServerMessage.SMovErr.class)).isEmpty();
    }

    /** A one-connection fake server on loopback: sends {@code lines}, then stays silent until closed. */
    private static CompletableFuture<Socket> fakeServer(ServerSocket listening, String lines) {
        return CompletableFuture.supplyAsync(() -> {
            try {
                Socket s = listening.accept();
                OutputStream out = s.getOutputStream();
                out.write(lines.getBytes(StandardCharsets.ISO_8859_1));
                out.flush();
                return s;
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
        });
    }

    @Test
    void aMalformedLineFromTheServerIsReportedAndSkipped() throws Exception {
        try (ServerSocket listening = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            CompletableFuture<Socket> accepted = fakeServer(listening, "SMOV~9~2\nSPONG\nhello\n");
            Recorder hears = new Recorder();
            OthelloClient client = new OthelloClient(hears, OthelloClient.defaults().withKeepAlive(Duration.ZERO));
            clients.add(client);
            client.connect("127.0.0.1", listening.getLocalPort()).get(WAIT_SECONDS, TimeUnit.SECONDS);
            hears.await(ServerMessage.SPong.class);
            assertThat(hears.malformed).hasSize(1);
            assertThat(hears.malformed.get(0).reason()).startsWith("SMOV takes 5 fields");
            assertThat(hears.malformed.get(0).line()).isEqualTo("SMOV~9~2");
            assertThat(hears.messages).hasSize(1); // "hello" has no S prefix: ignored
            assertThat(client.phase()).isEqualTo(Phase.CONNECTED);
            accepted.get(WAIT_SECONDS, TimeUnit.SECONDS).close();
            assertThat(hears.closed.get(WAIT_SECONDS, TimeUnit.SECONDS).kind()).isEqualTo(CloseKind.SERVER);
        }
    }

    @Test
    void aServerThatNeverAnswersPingsIsTakenForLost() throws Exception {
        try (ServerSocket listening = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            CompletableFuture<Socket> accepted = fakeServer(listening, "");
            Recorder hears = new Recorder();
            OthelloClient client = new OthelloClient(hears, OthelloClient.defaults().withKeepAlive(Duration.ofMillis(50)));
            clients.add(client);
            client.connect("127.0.0.1", listening.getLocalPort()).get(WAIT_SECONDS, TimeUnit.SECONDS);
            Socket peer = accepted.get(WAIT_SECONDS, TimeUnit.SECONDS);
            CloseReason reason = hears.closed.get(WAIT_SECONDS, TimeUnit.SECONDS);
            assertThat(reason.kind()).isEqualTo(CloseKind.FAILED);
            assertThat(reason.detail()).startsWith("no SPONG from the server for ");
            InputStream in = peer.getInputStream();
            byte[] first = in.readNBytes(6);
            assertThat(new String(first, StandardCharsets.US_ASCII)).isEqualTo("CPING\n");
            peer.close();
        }
    }

    @Test
    void connectingToNothingFailsTheFuture() {
        OthelloClient client = new OthelloClient(null);
        assertThatThrownBy(() -> client.connect("127.0.0.1", 1).get(WAIT_SECONDS, TimeUnit.SECONDS))
                .isInstanceOf(ExecutionException.class);
        assertThat(client.closeFuture()).isCompleted();
        assertThat(client.closeFuture().join().kind()).isEqualTo(CloseKind.FAILED);
        assertThatThrownBy(() -> client.connect("127.0.0.1", 1)).isInstanceOf(IllegalStateException.class);
    }
}
