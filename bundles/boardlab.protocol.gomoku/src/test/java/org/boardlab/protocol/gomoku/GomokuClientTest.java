package org.boardlab.protocol.gomoku;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
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
import org.boardlab.game.gomoku.Gomoku;
import org.boardlab.client.CloseKind;
import org.boardlab.client.CloseReason;
import org.boardlab.client.SeatListener;
import org.boardlab.client.SeatOptions;
import org.boardlab.protocol.gomoku.GomokuClient.Phase;
import org.boardlab.protocol.gomoku.GomokuClient.Round;
import org.boardlab.protocol.gomoku.GomokuMessage.Color;
import org.boardlab.protocol.gomoku.GomokuMessage.FullUpdate;
import org.boardlab.protocol.gomoku.GomokuMessage.Place;
import org.boardlab.protocol.gomoku.GomokuMessage.Refused;
import org.boardlab.protocol.gomoku.GomokuMessage.Update;
import org.boardlab.protocol.gomoku.GomokuMessage.Win;
import org.boardlab.protocol.gomoku.internal.GomokuProtocol;
import org.boardlab.protocol.gomoku.internal.GomokuServerProtocol;
import org.boardlab.server.EmbeddedServer;
import org.boardlab.server.ServerSettings;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** {@link GomokuClient} and {@link GomokuSeat} against the real server over loopback sockets. */
class GomokuClientTest {

    private static final long WAIT_SECONDS = 20;

    private final Gomoku gomoku = new Gomoku();
    private final List<GameResult> results = new CopyOnWriteArrayList<>();
    private final List<GomokuClient> clients = new ArrayList<>();
    private EmbeddedServer server;
    private InetSocketAddress address;

    @BeforeEach
    void start() {
        server = new EmbeddedServer(id -> gomoku, new EventBus(), ServerSettings.defaults(), line -> { });
        server.addProtocol(new GomokuServerProtocol(new GomokuProtocol()));
        server.onResult(results::add);
        address = server.start("gomoku", "127.0.0.1", 0);
    }

    @AfterEach
    void stop() {
        clients.forEach(GomokuClient::close);
        server.close();
    }

    /** Everything one client's listener heard, in order. */
    private static final class Recorder implements GomokuClient.Listener {
        final List<GomokuMessage> messages = new CopyOnWriteArrayList<>();
        final List<ProtocolViolation> skipped = new CopyOnWriteArrayList<>();
        final CompletableFuture<CloseReason> closed = new CompletableFuture<>();
        final List<String> threads = new CopyOnWriteArrayList<>();

        @Override
        public void message(GomokuMessage message) {
            threads.add(Thread.currentThread().getName());
            messages.add(message);
        }

        @Override
        public void malformed(ProtocolViolation violation) {
            skipped.add(violation);
        }

        @Override
        public void closed(CloseReason reason) {
            closed.complete(reason);
        }

        <T extends GomokuMessage> T await(Class<T> type) throws InterruptedException {
            return await(type, m -> true);
        }

        <T extends GomokuMessage> T await(Class<T> type, Predicate<T> which) throws InterruptedException {
            eventually(() -> messages.stream().anyMatch(m -> type.isInstance(m) && which.test(type.cast(m))),
                    "a " + type.getSimpleName() + "; heard " + messages);
            return messages.stream().filter(type::isInstance).map(type::cast).filter(which).findFirst().orElseThrow();
        }

        <T extends GomokuMessage> List<T> all(Class<T> type) {
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

    private GomokuClient connect(Recorder recorder) throws Exception {
        GomokuClient client = new GomokuClient(recorder);
        clients.add(client);
        assertThat(client.connect("127.0.0.1", address.getPort()).get(WAIT_SECONDS, TimeUnit.SECONDS)).isSameAs(client);
        assertThat(client.phase()).isEqualTo(Phase.CONNECTED);
        return client;
    }

    /** Two clients join by hand; returns {black, white} once both have the opening board. */
    private GomokuClient[] pair(Recorder blackHears, Recorder whiteHears) throws Exception {
        GomokuClient black = connect(blackHears);
        black.send(GomokuMessage.JOIN).get(WAIT_SECONDS, TimeUnit.SECONDS);
        blackHears.await(GomokuMessage.Hello.class);
        eventually(() -> black.phase() == Phase.WAITING, "black waiting");
        GomokuClient white = connect(whiteHears);
        white.send(GomokuMessage.JOIN);
        blackHears.await(FullUpdate.class);
        whiteHears.await(FullUpdate.class);
        assertThat(black.phase()).isEqualTo(Phase.PLAYING);
        assertThat(black.round().orElseThrow().colour()).contains(Stone.BLACK);
        assertThat(black.round().orElseThrow().myTurn()).isTrue();
        assertThat(white.round().orElseThrow().colour()).contains(Stone.WHITE);
        assertThat(white.round().orElseThrow().myTurn()).isFalse();
        return new GomokuClient[] {black, white};
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

    @Test
    void twoLoadedPlayersArePairedAndPlayTwoRoundsThatMatchTheServersRecord() throws Exception {
        Recorder annHears = new Recorder();
        Recorder bobHears = new Recorder();
        GomokuClient ann = connect(annHears);
        SeatLog annLog = new SeatLog();
        GomokuSeat annSeat = GomokuSeat.start(ann, new RandomPlayer(), gomoku, SeatOptions.defaults().withGames(2), annLog);
        annHears.await(GomokuMessage.Hello.class); // ann waits first, so she plays black in round 1
        GomokuClient bob = connect(bobHears);
        SeatLog bobLog = new SeatLog();
        GomokuSeat bobSeat = GomokuSeat.start(bob, new FirstLegalPlayer(), gomoku, SeatOptions.defaults().withGames(2), bobLog);

        assertThat(annSeat.finished().get(WAIT_SECONDS, TimeUnit.SECONDS)).isEqualTo(2);
        assertThat(bobSeat.finished().get(WAIT_SECONDS, TimeUnit.SECONDS)).isEqualTo(2);
        assertThat(annLog.problems).isEmpty();
        assertThat(bobLog.problems).isEmpty();
        assertThat(annHears.all(Color.class).get(0)).isEqualTo(new Color(Role.BLACK));
        assertThat(bobHears.all(Color.class).get(0)).isEqualTo(new Color(Role.WHITE));
        assertThat(annHears.all(Color.class)).hasSize(2);

        eventually(() -> results.size() == 2, "two results on the server");
        List<Update> stones = annHears.all(Update.class);
        assertThat(bobHears.all(Update.class)).isEqualTo(stones);
        List<Win> wins = annHears.all(Win.class);
        assertThat(bobHears.all(Win.class)).isEqualTo(wins);
        int from = 0;
        for (int round = 0; round < 2; round++) {
            MatchOutcome outcome = results.get(round).outcome();
            assertThat(outcome.ending()).isEqualTo(Ending.NORMAL);
            List<String> recorded = outcome.moves().stream().map(Move::notation).toList();
            List<String> heard = stones.subList(from, from + recorded.size()).stream()
                    .map(u -> GomokuWire.point(u.row(), u.col())).toList();
            assertThat(heard).as("round %d", round + 1).isEqualTo(recorded);
            from += recorded.size();
            Winner expected = outcome.winner() == null ? Winner.DRAW : outcome.winner() == Side.FIRST ? Winner.BLACK : Winner.WHITE;
            assertThat(wins.get(round).winner()).isEqualTo(expected);
        }
        assertThat(from).isEqualTo(stones.size());
        assertThat(annLog.played.size() + bobLog.played.size()).isEqualTo(stones.size());

        Round last = ann.round().orElseThrow();
        assertThat(last.result()).contains(wins.get(1).winner());
        assertThat(last.board()).isEqualTo(bob.round().orElseThrow().board());
        assertThat(last.board().stones()).isEqualTo(results.get(1).outcome().moves().size());
        assertThat(ann.roundsOver()).isEqualTo(2);
        assertThat(ann.phase()).isEqualTo(Phase.ROUND_OVER);
        assertThat(annHears.threads).allMatch(t -> t.startsWith("gomoku-client"));
    }

    @Test
    void aPlaceOutOfTurnIsRefusedWithTheReasonAndTheTurnStays() throws Exception {
        Recorder blackHears = new Recorder();
        Recorder whiteHears = new Recorder();
        GomokuClient[] c = pair(blackHears, whiteHears);
        c[1].send(new Place(7, 7));
        Refused refused = whiteHears.await(Refused.class);
        assertThat(refused).isEqualTo(new Refused(7, 7, "it is not your turn: black is to move"));
        eventually(() -> whiteHears.all(FullUpdate.class).size() == 2, "the board again after the refusal");
        assertThat(c[1].round().orElseThrow().myTurn()).isFalse();
        assertThat(c[1].round().orElseThrow().board().stones()).isZero();
        assertThatThrownBy(() -> c[0].send(new Win(Winner.BLACK))).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void closingMidRoundIsReportedToTheListenerAndTheOpponentWins() throws Exception {
        Recorder blackHears = new Recorder();
        Recorder whiteHears = new Recorder();
        GomokuClient[] c = pair(blackHears, whiteHears);
        c[0].send(new Place(7, 7));
        whiteHears.await(Update.class);
        c[0].close();
        CloseReason reason = blackHears.closed.get(WAIT_SECONDS, TimeUnit.SECONDS);
        assertThat(reason.kind()).isEqualTo(CloseKind.CLIENT);
        assertThat(c[0].round().orElseThrow().over()).isFalse();
        assertThat(c[0].phase()).isEqualTo(Phase.CLOSED);
        assertThat(whiteHears.await(Win.class)).isEqualTo(new Win(Winner.WHITE));
        assertThat(c[1].round().orElseThrow().result()).contains(Winner.WHITE);
        assertThat(c[1].phase()).isEqualTo(Phase.ROUND_OVER);
    }

    @Test
    void aFinishedGameIsRecordedAndThenNotKeptByTheServer() throws Exception {
        Recorder blackHears = new Recorder();
        Recorder whiteHears = new Recorder();
        GomokuClient[] c = pair(blackHears, whiteHears);
        java.lang.ref.WeakReference<org.boardlab.server.Table> table = new java.lang.ref.WeakReference<>(server.tables().get(0));
        c[0].close();
        assertThat(whiteHears.await(Win.class)).isEqualTo(new Win(Winner.WHITE));
        eventually(() -> results.size() == 1, "the result recorded");
        c[1].close(); // a connection keeps its last game until the next one
        // a lab server runs for weeks: a finished game's table, match and thread must not pile up
        eventually(() -> {
            System.gc();
            return table.get() == null;
        }, "the finished table let go");
    }

    @Test
    void aServerThatStopsIsReportedAsClosedByTheServer() throws Exception {
        Recorder blackHears = new Recorder();
        Recorder whiteHears = new Recorder();
        pair(blackHears, whiteHears);
        server.close();
        assertThat(blackHears.closed.get(WAIT_SECONDS, TimeUnit.SECONDS).kind()).isEqualTo(CloseKind.SERVER);
        assertThat(whiteHears.closed.get(WAIT_SECONDS, TimeUnit.SECONDS).kind()).isEqualTo(CloseKind.SERVER);
    }

    @Test
    void aSeatTakesOverARoundInProgressFromTheBoard() throws Exception {
        Recorder blackHears = new Recorder();
        Recorder whiteHears = new Recorder();
        GomokuClient[] c = pair(blackHears, whiteHears);
        c[0].send(new Place(7, 7));
        blackHears.await(Update.class);
        c[1].send(new Place(6, 8));
        blackHears.await(Update.class, u -> u.row() == 6);
        SeatLog log = new SeatLog();
        GomokuSeat.start(c[0], new FirstLegalPlayer(), gomoku, SeatOptions.defaults().withNewGames(false), log);
        Update third = whiteHears.await(Update.class, u -> u.turn() == Stone.WHITE && !(u.row() == 7 && u.col() == 7));
        assertThat(third).isEqualTo(new Update(0, 0, Stone.WHITE)); // a1, the first free point
        assertThat(log.problems).isEmpty();
        assertThat(log.played).extracting(Move::notation).containsExactly("a1");
    }

    @Test
    void aPlayerThatChoosesATakenPointIsReportedAndNoStoneIsPlaced() throws Exception {
        Recorder blackHears = new Recorder();
        Recorder whiteHears = new Recorder();
        GomokuClient[] c = pair(blackHears, whiteHears);
        c[0].send(new Place(7, 7));
        whiteHears.await(Update.class);
        Player taken = request -> request.state().parseMove("h8");
        SeatLog log = new SeatLog();
        GomokuSeat.start(c[1], taken, gomoku, SeatOptions.defaults(), log);
        eventually(() -> !log.problems.isEmpty(), "a problem reported");
        assertThat(log.problems.get(0)).isEqualTo("the player chose h8, which is illegal: h8 is taken by black; no stone placed");
        // a place sent by the seat before this one would be answered before it
        c[1].send(new Place(99, 99));
        whiteHears.await(Refused.class, r -> r.row() == 99);
        assertThat(whiteHears.all(Refused.class)).hasSize(1);
        assertThat(whiteHears.all(Update.class)).hasSize(1);
    }

    /** A one-connection fake server on loopback: sends {@code bytes}, then stays until closed. */
    private static CompletableFuture<Socket> fakeServer(ServerSocket listening, byte[] bytes) {
        return CompletableFuture.supplyAsync(() -> {
            try {
                Socket s = listening.accept();
                OutputStream out = s.getOutputStream();
                out.write(bytes);
                out.flush();
                return s;
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
        });
    }

    private static byte[] concat(byte[]... parts) {
        java.io.ByteArrayOutputStream all = new java.io.ByteArrayOutputStream();
        for (byte[] p : parts) {
            all.writeBytes(p);
        }
        return all.toByteArray();
    }

    @Test
    void aSpoiledFrameIsSkippedAndABrokenStreamEndsTheConnectionAsAProtocolError() throws Exception {
        byte[] bytes = concat(GomokuWire.frame("{\"type\":\"chat\"}"), GomokuWire.frame(GomokuMessage.HELLO),
                "HTTP/1.1 200 OK\r\n".getBytes(java.nio.charset.StandardCharsets.US_ASCII));
        try (ServerSocket listening = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            CompletableFuture<Socket> accepted = fakeServer(listening, bytes);
            Recorder hears = new Recorder();
            GomokuClient client = new GomokuClient(hears, GomokuClient.defaults().withKeepAlive(Duration.ZERO));
            clients.add(client);
            client.connect("127.0.0.1", listening.getLocalPort()).get(WAIT_SECONDS, TimeUnit.SECONDS);
            CloseReason reason = hears.closed.get(WAIT_SECONDS, TimeUnit.SECONDS);
            assertThat(hears.skipped).hasSize(1);
            assertThat(hears.skipped.get(0).kind()).isEqualTo(ProtocolViolation.Kind.UNKNOWN_TYPE);
            assertThat(hears.messages).containsExactly(GomokuMessage.HELLO);
            assertThat(reason.kind()).isEqualTo(CloseKind.PROTOCOL_ERROR);
            assertThat(reason.detail()).startsWith("the server broke the protocol: a frame must start with \"GMKU\"");
            accepted.get(WAIT_SECONDS, TimeUnit.SECONDS).close();
        }
    }

    @Test
    void heartbeatsGoOutAtTheInterval() throws Exception {
        try (ServerSocket listening = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            CompletableFuture<Socket> accepted = fakeServer(listening, new byte[0]);
            GomokuClient client = new GomokuClient(null, GomokuClient.defaults().withKeepAlive(Duration.ofMillis(50)));
            clients.add(client);
            client.connect("127.0.0.1", listening.getLocalPort()).get(WAIT_SECONDS, TimeUnit.SECONDS);
            Socket peer = accepted.get(WAIT_SECONDS, TimeUnit.SECONDS);
            peer.setSoTimeout((int) TimeUnit.SECONDS.toMillis(WAIT_SECONDS));
            InputStream in = peer.getInputStream();
            byte[] heartbeat = GomokuWire.frame(GomokuMessage.HEARTBEAT);
            assertThat(in.readNBytes(2 * heartbeat.length)).isEqualTo(concat(heartbeat, heartbeat));
            peer.close();
        }
    }

    @Test
    void connectingToNothingFailsTheFutureAndSeatingNeedsAConnection() {
        GomokuClient client = new GomokuClient(null);
        assertThatThrownBy(() -> client.connect("127.0.0.1", 1).get(WAIT_SECONDS, TimeUnit.SECONDS))
                .isInstanceOf(ExecutionException.class);
        assertThat(client.closeFuture().join().kind()).isEqualTo(CloseKind.FAILED);
        assertThatThrownBy(() -> GomokuSeat.start(new GomokuClient(null), new RandomPlayer(), gomoku,
                SeatOptions.defaults(), null)).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void typedPointsMapToTheWiresZeroBasedRowAndCol() {
        assertThat(GomokuClient.place("h8")).contains(new Place(7, 7));
        assertThat(GomokuClient.place("O15")).contains(new Place(14, 14));
        assertThat(GomokuClient.place("h0")).isEmpty();
        assertThat(GomokuClient.place("8h")).isEmpty();
    }
}
