package org.boardlab.protocol.gomoku.internal;

import static java.nio.charset.StandardCharsets.US_ASCII;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.BooleanSupplier;
import org.boardlab.api.GameState;
import org.boardlab.api.Move;
import org.boardlab.api.Side;
import org.boardlab.api.event.MatchOutcome.Ending;
import org.boardlab.api.event.WireEvent;
import org.boardlab.core.EventBus;
import org.boardlab.core.GameResult;
import org.boardlab.game.gomoku.Gomoku;
import org.boardlab.game.gomoku.Point;
import org.boardlab.protocol.gomoku.GomokuMessage;
import org.boardlab.protocol.gomoku.GomokuMessage.Color;
import org.boardlab.protocol.gomoku.GomokuMessage.FullUpdate;
import org.boardlab.protocol.gomoku.GomokuMessage.Place;
import org.boardlab.protocol.gomoku.GomokuMessage.Refused;
import org.boardlab.protocol.gomoku.GomokuMessage.Update;
import org.boardlab.protocol.gomoku.GomokuMessage.Win;
import org.boardlab.protocol.gomoku.GomokuWire;
import org.boardlab.protocol.gomoku.Role;
import org.boardlab.protocol.gomoku.Stone;
import org.boardlab.protocol.gomoku.WireBoard;
import org.boardlab.protocol.gomoku.Winner;
import org.boardlab.server.EmbeddedServer;
import org.boardlab.server.ServerSettings;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Seed 003's protocol against the real server over loopback sockets. */
class GomokuServerTest {

    private static final FullUpdate OPENING = new FullUpdate(-1, -1, Stone.BLACK, WireBoard.empty(15, 15));

    private final Gomoku gomoku = new Gomoku();
    private final EventBus events = new EventBus();
    private final List<GameResult> results = new CopyOnWriteArrayList<>();
    private final List<WireEvent> wire = new CopyOnWriteArrayList<>();
    private final List<GmkuClient> clients = new CopyOnWriteArrayList<>();
    private EmbeddedServer server;
    private InetSocketAddress address;

    @BeforeEach
    void start() {
        start(new GomokuServerProtocol(new GomokuProtocol()));
    }

    private void start(GomokuServerProtocol protocol) {
        if (server != null) {
            server.close();
        }
        server = new EmbeddedServer(id -> gomoku, events, ServerSettings.defaults(), line -> { });
        server.addProtocol(protocol);
        server.onResult(results::add);
        events.subscribe(e -> {
            if (e instanceof WireEvent w) {
                wire.add(w);
            }
        });
        address = server.start("gomoku", "127.0.0.1", 0);
    }

    @AfterEach
    void stop() throws IOException {
        for (GmkuClient c : clients) {
            c.close();
        }
        server.close();
    }

    private GmkuClient connect() throws IOException {
        GmkuClient c = new GmkuClient(address);
        clients.add(c);
        return c;
    }

    /** Connects, greets with {@code greeting} and reads the server's {@code hello}. */
    private GmkuClient join(GomokuMessage greeting) throws IOException {
        GmkuClient c = connect();
        c.send(greeting);
        assertThat(c.expectNext()).isEqualTo(GomokuMessage.HELLO);
        return c;
    }

    /** Two clients join (the second greets with the older client's hello); returns {black, white}. */
    private GmkuClient[] startGame() throws IOException {
        GmkuClient black = join(GomokuMessage.JOIN);
        GmkuClient white = join(GomokuMessage.HELLO);
        expectRoundStart(black, Role.BLACK);
        expectRoundStart(white, Role.WHITE);
        return new GmkuClient[] {black, white};
    }

    private static void expectRoundStart(GmkuClient c, Role role) throws IOException {
        assertThat(c.expectNext()).isEqualTo(GomokuMessage.HELLO);
        assertThat(c.expectNext()).isEqualTo(new Color(role));
        assertThat(c.expectNext()).isEqualTo(OPENING);
    }

    /** {@code mover} places at {@code (row, col)}; both players must get exactly the update. */
    private static void play(GmkuClient[] c, GmkuClient mover, int row, int col, Stone next) throws IOException {
        mover.send(new Place(row, col));
        for (GmkuClient player : c) {
            assertThat(player.expectNext()).isEqualTo(new Update(row, col, next));
        }
    }

    private static void eventually(BooleanSupplier condition, String what) throws InterruptedException {
        long until = System.nanoTime() + 3_000_000_000L;
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > until) {
                throw new AssertionError("not within 3 s: " + what);
            }
            Thread.sleep(5);
        }
    }

    @Test
    void aWholeGameIsPlayedToAWinAndBothHearEveryStone() throws Exception {
        GmkuClient[] c = startGame();
        GameState state = gomoku.newGame();
        Random random = new Random(7);
        while (!state.isTerminal()) {
            List<Move> legal = state.legalMoves();
            Move move = legal.get(random.nextInt(legal.size()));
            Point p = Point.parse(move.notation());
            Side mover = state.sideToMove();
            play(c, c[mover.index()], p.row(), p.col(), GomokuSession.stone(mover.other()));
            state = state.apply(move);
        }
        Side winner = state.outcome().winner();
        assertThat(winner).as("this seed's random game ends with five in a row").isNotNull();
        for (GmkuClient player : c) {
            assertThat(player.expectNext()).isEqualTo(new Win(Winner.of(GomokuSession.stone(winner))));
        }
        eventually(() -> results.size() == 1, "the result is recorded");
        assertThat(results.get(0).outcome().ending()).isEqualTo(Ending.NORMAL);
        assertThat(results.get(0).outcome().winner()).isEqualTo(winner);
        assertThat(results.get(0).outcome().finalState()).isEqualTo(state);
    }

    @Test
    void aPlaceOnATakenPointIsRefusedWithTheBoardAndThePlayerMayTryAgain() throws Exception {
        GmkuClient[] c = startGame();
        play(c, c[0], 7, 7, Stone.WHITE); // black h8
        c[1].send(new Place(7, 7));
        assertThat(c[1].expectNext()).isEqualTo(new Refused(7, 7, "h8 is taken by black"));
        WireBoard board = WireBoard.empty(15, 15).with(7, 7, org.boardlab.protocol.gomoku.Cell.BLACK);
        assertThat(c[1].expectNext()).isEqualTo(new FullUpdate(7, 7, Stone.WHITE, board));
        play(c, c[1], 6, 8, Stone.BLACK); // white i7; black heard nothing of the refusal
        assertThat(results).isEmpty();
    }

    @Test
    void aPlaceOutOfTurnOffTheBoardOrUnreadableIsRefusedAndTheTurnStays() throws Exception {
        GmkuClient[] c = startGame();
        c[1].send(new Place(7, 7)); // white before black
        assertThat(c[1].expectNext()).isEqualTo(new Refused(7, 7, "it is not your turn: black is to move"));
        assertThat(c[1].expectNext()).isEqualTo(OPENING); // turn B: the original client stays locked
        c[0].send(new Place(15, 3));
        assertThat(c[0].expectNext()).isEqualTo(new Refused(15, 3, "d16 is off the 15x15 board"));
        assertThat(c[0].expectNext()).isEqualTo(OPENING); // turn B: black may try again
        // the same board with the same turn is not sent twice: a repeated refusal gets refused only
        c[0].send(new Place(-1, 200));
        assertThat(c[0].expectNext()).isEqualTo(new Refused(-1, 200, "(row -1, col 200) is off the 15x15 board"));
        c[0].sendRaw(GomokuWire.frame("{\"type\":\"place\"}"));
        Refused unreadable = (Refused) c[0].expectNext();
        assertThat(unreadable.row()).isEqualTo(-1);
        assertThat(unreadable.reason()).startsWith("your place could not be read: ").contains("data");
        play(c, c[0], 7, 7, Stone.WHITE); // h8 is still free and black still moves
        play(c, c[1], 7, 8, Stone.BLACK);
        assertThat(results).isEmpty();
        assertThat(server.violations()).isZero();
    }

    /**
     * Found by playing the original Qt client through a proxy that sent one of its places twice: the
     * second copy reached the server while the first was accepted but not yet played by the table.
     * The server used to answer the copy at once, before the update of the first stone, with a full
     * update of the board without that stone and the client's own colour as turn, which unlocks the
     * original client on a wrong board. The copy must be answered after the first stone's update,
     * with the board that has it and the opponent's turn. Both copies go out in one write, so the
     * second always arrives before the first stone is announced; the bytes are the same whether or
     * not the table has played the stone by then.
     */
    @Test
    void aPlaceSentAgainBeforeItsUpdateIsRefusedAfterThatUpdateWithTheBoardThatHasTheStone() throws Exception {
        GmkuClient[] c = startGame();
        byte[] once = GomokuWire.frame("{\"data\":{\"col\":7,\"row\":7},\"type\":\"place\"}");
        byte[] twice = new byte[once.length * 2];
        System.arraycopy(once, 0, twice, 0, once.length);
        System.arraycopy(once, 0, twice, once.length, once.length);
        c[0].sendRaw(twice);
        String rowWithH8 = "[" + String.join(",", java.util.Collections.nCopies(7, "\" \"")) + ",\"B\","
                + String.join(",", java.util.Collections.nCopies(7, "\" \"")) + "]";
        String emptyRow = "[" + String.join(",", java.util.Collections.nCopies(15, "\" \"")) + "]";
        List<String> rows = new java.util.ArrayList<>(java.util.Collections.nCopies(15, emptyRow));
        rows.set(7, rowWithH8);
        List<String> golden = List.of(
                "{\"data\":{\"col\":7,\"row\":7,\"turn\":\"W\"},\"type\":\"update\"}",
                "{\"data\":{\"col\":7,\"reason\":\"it is not your turn: white is to move\",\"row\":7},\"type\":\"refused\"}",
                "{\"data\":{\"board\":[" + String.join(",", rows) + "],\"col\":7,\"row\":7,\"turn\":\"W\"},\"type\":\"update\"}");
        WireBoard board = WireBoard.empty(15, 15).with(7, 7, org.boardlab.protocol.gomoku.Cell.BLACK);
        assertThat(c[0].expectNext()).isEqualTo(new Update(7, 7, Stone.WHITE));
        assertThat(c[0].expectNext()).isEqualTo(new Refused(7, 7, "it is not your turn: white is to move"));
        assertThat(c[0].expectNext()).as("the board has the stone; turn W keeps the original client locked")
                .isEqualTo(new FullUpdate(7, 7, Stone.WHITE, board));
        assertThat(c[1].expectNext()).isEqualTo(new Update(7, 7, Stone.WHITE));
        assertThat(c[1].quietFor(200)).as("white hears nothing of the refusal").isTrue();
        long black = wire.stream().filter(w -> w.fromClient() && "place".equals(w.decoded().type()))
                .findFirst().orElseThrow().connectionId();
        eventually(() -> wire.stream().filter(w -> !w.fromClient() && w.connectionId() == black).count() == 7,
                "black's seven frames out are tapped (hello, then hello, color and the board, then these three)");
        assertThat(wire.stream().filter(w -> !w.fromClient() && w.connectionId() == black).skip(4)
                .map(w -> new String(w.raw(), java.nio.charset.StandardCharsets.UTF_8)))
                .containsExactly(golden.stream().map(GomokuWire::frame)
                        .map(b -> new String(b, java.nio.charset.StandardCharsets.UTF_8)).toArray(String[]::new));
        play(c, c[1], 8, 8, Stone.BLACK); // the game goes on: white moves
        assertThat(results).isEmpty();
    }

    @Test
    void afterTheRoundsAndTheClientsHaveGoneTheServerKeepsNothingOfThem() throws Exception {
        List<java.lang.ref.WeakReference<Object>> kept = new java.util.ArrayList<>();
        List<GmkuClient[]> games = new java.util.ArrayList<>();
        for (int i = 0; i < 20; i++) {
            games.add(startGame());
        }
        server.connections().forEach(c -> kept.add(new java.lang.ref.WeakReference<>(c)));
        server.lobby().members().forEach(m -> kept.add(new java.lang.ref.WeakReference<>(m)));
        server.tables().forEach(t -> kept.add(new java.lang.ref.WeakReference<>(t)));
        assertThat(kept).hasSize(40 + 40 + 20);
        for (GmkuClient[] g : games) {
            quickBlackWin(g[0], g[1]);
        }
        for (GmkuClient[] g : games) {
            g[0].close();
            g[1].close();
        }
        games.clear();
        clients.clear();
        eventually(() -> server.connections().isEmpty() && server.lobby().members().isEmpty()
                && server.tables().isEmpty(), "every connection, member and table gone");
        for (int i = 0; i < 50 && kept.stream().anyMatch(r -> r.get() != null); i++) {
            System.gc();
            Thread.sleep(20);
        }
        assertThat(kept.stream().filter(r -> r.get() != null).map(r -> String.valueOf(r.get())).toList())
                .as("connections, members and tables still referenced").isEmpty();
    }

    /** Black a1..e1, white a2..d2: black wins on its fifth stone. */
    private static void quickBlackWin(GmkuClient black, GmkuClient white) throws IOException {
        GmkuClient[] c = {black, white};
        for (int col = 0; col < 4; col++) {
            play(c, black, 0, col, Stone.WHITE);
            play(c, white, 1, col, Stone.BLACK);
        }
        play(c, black, 0, 4, Stone.WHITE);
        for (GmkuClient player : c) {
            assertThat(player.expectNext()).isEqualTo(new Win(Winner.BLACK));
        }
    }

    @Test
    void newStartsAnotherRoundWithTheSameOpponentAndTheAskerPlaysBlack() throws Exception {
        GmkuClient[] c = startGame();
        play(c, c[0], 7, 7, Stone.WHITE);
        c[1].send(GomokuMessage.NEW_ROUND); // during a round: ignored
        assertThat(c[1].quietFor(200)).isTrue();
        play(c, c[1], 0, 14, Stone.BLACK);
        c[0].send(new Place(14, 14)); // o15, away from the quick win's rows
        for (GmkuClient player : c) {
            player.expectNext();
        }
        c[1].send(new Place(14, 0));
        for (GmkuClient player : c) {
            player.expectNext();
        }
        quickBlackWin(c[0], c[1]);
        c[1].send(GomokuMessage.NEW_ROUND); // white asks at once after the win
        expectRoundStart(c[1], Role.BLACK);
        expectRoundStart(c[0], Role.WHITE);
        play(c, c[1], 7, 7, Stone.WHITE); // the new black moves first on an empty board
        c[0].send(GomokuMessage.NEW_ROUND); // again ignored while the round is on
        assertThat(c[0].quietFor(200)).isTrue();
        assertThat(results).hasSize(1);
        assertThat(server.tables()).hasSize(1);
    }

    @Test
    void bothAskingForANewRoundAtOnceStartsOneRound() throws Exception {
        GmkuClient[] c = startGame();
        quickBlackWin(c[0], c[1]);
        c[0].send(GomokuMessage.NEW_ROUND);
        c[1].send(GomokuMessage.NEW_ROUND);
        Color first = (Color) skipHello(c[0]);
        Color second = (Color) skipHello(c[1]);
        assertThat(List.of(first.role(), second.role())).containsExactlyInAnyOrder(Role.BLACK, Role.WHITE);
        assertThat(c[0].expectNext()).isEqualTo(OPENING);
        assertThat(c[1].expectNext()).isEqualTo(OPENING);
        assertThat(c[0].quietFor(200)).isTrue();
        assertThat(c[1].quietFor(50)).isTrue();
        eventually(() -> server.tables().size() == 1, "one table");
    }

    private static GomokuMessage skipHello(GmkuClient c) throws IOException {
        GomokuMessage m = c.expectNext();
        assertThat(m).isEqualTo(GomokuMessage.HELLO);
        return c.expectNext();
    }

    @Test
    void afterTheOpponentLeftNewWaitsForTheNextClient() throws Exception {
        GmkuClient[] c = startGame();
        quickBlackWin(c[0], c[1]);
        c[0].close();
        eventually(() -> server.lobby().members().size() == 1, "black has left the lobby");
        c[1].send(GomokuMessage.NEW_ROUND);
        assertThat(c[1].expectNext()).isEqualTo(GomokuMessage.HELLO); // waits
        assertThat(c[1].quietFor(200)).isTrue();
        c[1].send(new Place(7, 7));
        assertThat(c[1].expectNext()).isEqualTo(new Refused(7, 7, "the next round has not started: you wait for an opponent"));
        FullUpdate last = (FullUpdate) c[1].expectNext();
        assertThat(last.board().stones()).as("the board of the last round").isEqualTo(9);
        assertThat(last.turn()).isEqualTo(Stone.BLACK);
        c[1].send(GomokuMessage.NEW_ROUND); // already waiting: no second hello
        assertThat(c[1].quietFor(200)).isTrue();
        GmkuClient newcomer = join(GomokuMessage.JOIN);
        expectRoundStart(c[1], Role.BLACK); // it waited longest
        expectRoundStart(newcomer, Role.WHITE);
    }

    @Test
    void aThirdAndFourthClientArePairedIntoASecondGame() throws Exception {
        GmkuClient[] first = startGame();
        GmkuClient third = join(GomokuMessage.JOIN);
        assertThat(third.quietFor(200)).as("the third waits: no spectators").isTrue();
        GmkuClient fourth = join(GomokuMessage.JOIN);
        expectRoundStart(third, Role.BLACK);
        expectRoundStart(fourth, Role.WHITE);
        GmkuClient[] second = {third, fourth};
        play(second, third, 7, 7, Stone.WHITE);
        play(first, first[0], 7, 7, Stone.WHITE); // the same point on the other board is free
        play(second, fourth, 3, 3, Stone.BLACK);
        assertThat(first[0].quietFor(100)).isTrue();
        assertThat(first[1].quietFor(100)).isTrue();
        assertThat(server.tables()).hasSize(2);
    }

    @Test
    void aPlaceBeforeJoiningIsRefusedWithoutABoard() throws Exception {
        GmkuClient early = connect();
        early.send(new Place(7, 7));
        assertThat(early.expectNext()).isEqualTo(new Refused(7, 7, "you are not in a game: send join first"));
        assertThat(early.quietFor(200)).isTrue();
        GmkuClient waiting = join(GomokuMessage.JOIN);
        waiting.send(new Place(7, 7));
        assertThat(waiting.expectNext())
                .isEqualTo(new Refused(7, 7, "your first round has not started: you wait for an opponent"));
        assertThat(waiting.quietFor(200)).isTrue();
    }

    @Test
    void aDroppedPlayerLosesAtOnceAndLeavesTheLobby() throws Exception {
        GmkuClient[] c = startGame();
        play(c, c[0], 7, 7, Stone.WHITE);
        c[0].close();
        assertThat(c[1].expectNext()).isEqualTo(new Win(Winner.WHITE)); // long before the 60 s reconnect window
        eventually(() -> results.size() == 1, "the result is recorded");
        assertThat(results.get(0).outcome().ending()).isEqualTo(Ending.ERROR);
        assertThat(results.get(0).outcome().detail()).endsWith(" lost the connection");
        eventually(() -> server.lobby().members().size() == 1, "the dropped player has left the lobby");
        c[1].send(new Place(8, 8));
        assertThat(c[1].expectNext()).isEqualTo(new Refused(8, 8, "the round is over: send new for another round"));
        FullUpdate last = (FullUpdate) c[1].expectNext();
        assertThat(last.turn()).as("not white's turn: the original client stays locked").isEqualTo(Stone.BLACK);
        assertThat(last.board().stones()).isEqualTo(1);
    }

    @Test
    void badInputClosesOnlyThatConnectionOrIsSkippedAndTheGameGoesOn() throws Exception {
        GmkuClient[] c = startGame();
        byte[] random = new byte[64];
        new Random(11).nextBytes(random);
        random[0] = 0x13; // anything but 'G'
        List<byte[]> fatal = List.of(
                "XMKU\0\0\0\2{}".getBytes(US_ASCII),
                ByteBuffer.allocate(8).put(GomokuWire.MAGIC).putInt(GomokuWire.MAX_PAYLOAD + 1).array(),
                random,
                "GET / HTTP/1.1\r\n\r\n".getBytes(US_ASCII));
        for (byte[] bad : fatal) {
            GmkuClient rogue = join(GomokuMessage.JOIN); // a client that has joined and waits
            rogue.sendRaw(bad);
            assertThat(rogue.closedByServer()).isTrue();
            eventually(() -> server.lobby().members().size() == 2, "the rogue has left the lobby");
        }
        try (GmkuClient cut = connect()) {
            cut.sendRaw(java.util.Arrays.copyOf(GomokuWire.frame(new Place(7, 7)), 20)); // half a frame, then gone
        }
        eventually(() -> server.violations() == 5, "five fatal violations counted");
        GmkuClient sloppy = connect();
        for (String skipped : List.of("{\"type\":\"hello\"", "[\"place\",7,7]", "{\"data\":\"B\"}", "{\"type\":\"chat\"}",
                "{\"data\":{\"col\":1,\"row\":1,\"turn\":\"B\"},\"type\":\"update\"}", "\u00ff\u00fe")) {
            sloppy.sendRaw(GomokuWire.frame(skipped));
        }
        sloppy.sendRaw(new byte[] {'G', 'M', 'K', 'U', 0, 0, 0, 3, (byte) 0xff, (byte) 0xfe, '{'}); // not UTF-8
        assertThat(sloppy.quietFor(200)).as("skipped frames get no answer and keep the connection").isTrue();
        eventually(() -> wire.stream().filter(w -> w.fromClient() && w.decoded().error() != null
                && !"violation".equals(w.decoded().type())).count() == 7, "the inspector sees the 7 skipped frames as bad");
        sloppy.send(GomokuMessage.JOIN);
        assertThat(sloppy.expectNext()).isEqualTo(GomokuMessage.HELLO);
        // the game is untouched
        play(c, c[0], 7, 7, Stone.WHITE);
        play(c, c[1], 8, 8, Stone.BLACK);
        assertThat(server.violations()).isEqualTo(5);
        eventually(() -> wire.stream().filter(w -> "violation".equals(w.decoded().type())).count() == 5,
                "the tap shows each fatal violation");
        assertThat(wire.stream().filter(w -> "violation".equals(w.decoded().type())).map(w -> w.decoded().error()))
                .anyMatch(r -> r.startsWith("a frame must start with \"GMKU\""))
                .anyMatch(r -> r.equals("the frame announces 10241 bytes of JSON, over the limit of 10240"))
                .anyMatch(r -> r.startsWith("this looks like an HTTP request"))
                .anyMatch(r -> r.equals("the connection ended 20 bytes into a frame that announced 41 bytes of JSON"));
        assertThat(results).isEmpty();
    }

    @Test
    void heartbeatsKeepAConnectionOpenAndSilenceClosesIt() throws Exception {
        start(new GomokuServerProtocol(new GomokuProtocol(), Duration.ofMillis(800)));
        GmkuClient alive = connect();
        alive.heartbeatEvery(100);
        GmkuClient silent = connect();
        long t0 = System.nanoTime();
        assertThat(silent.closedByServer()).isTrue();
        assertThat((System.nanoTime() - t0) / 1_000_000).isBetween(600L, 4_000L);
        Thread.sleep(900); // alive has now been connected for well over the limit
        alive.send(GomokuMessage.JOIN);
        assertThat(alive.await(GomokuMessage.Hello.class)).isEqualTo(GomokuMessage.HELLO);
        // a player who falls silent in a round loses it
        GmkuClient other = connect();
        other.heartbeatEvery(100);
        other.send(GomokuMessage.JOIN);
        assertThat(other.await(Color.class)).isEqualTo(new Color(Role.WHITE));
        alive.stopHeartbeats();
        assertThat(other.await(Win.class)).isEqualTo(new Win(Winner.WHITE));
        assertThat(alive.closedByServer()).isTrue();
        assertThat(server.violations()).isZero();
    }

    @Test
    void theWireTapSeesEveryWholeFrameBothWays() throws Exception {
        GmkuClient c = connect();
        c.send(GomokuMessage.JOIN);
        assertThat(c.expectNext()).isEqualTo(GomokuMessage.HELLO);
        c.send(GomokuMessage.HEARTBEAT);
        c.send(new Place(7, 7));
        assertThat(c.expectNext()).isInstanceOf(Refused.class);
        eventually(() -> wire.size() >= 5, "five frames tapped");
        assertThat(wire).extracting(w -> (w.fromClient() ? "in " : "out ") + w.decoded().type())
                .containsExactly("in join", "out hello", "in heartbeat", "in place", "out refused");
        assertThat(wire.get(0).raw()).isEqualTo(GomokuWire.frame(GomokuMessage.JOIN));
        assertThat(wire.get(1).raw()).isEqualTo(GomokuWire.frame(GomokuMessage.HELLO));
        assertThat(wire.get(2).raw()).isEqualTo(GomokuWire.frame(GomokuMessage.HEARTBEAT));
        assertThat(wire.get(4).raw()).isEqualTo(GomokuWire.frame(
                new Refused(7, 7, "your first round has not started: you wait for an opponent")));
        assertThat(wire.get(1).player()).startsWith("gomoku-");
        assertThat(wire).allMatch(w -> w.protocol().equals("gomoku"));
        assertThat(server.tap().dropped()).isZero();
    }

    @Test
    void theProtocolIsGomokuOnItsDefaultPort() {
        GomokuServerProtocol protocol = new GomokuServerProtocol(new GomokuProtocol());
        assertThat(protocol.protocol().id()).isEqualTo("gomoku");
        assertThat(protocol.protocol().gameId()).isEqualTo("gomoku");
        assertThat(protocol.protocol().defaultPort()).isEqualTo(23_334);
        assertThat(GomokuServerProtocol.class.getAnnotation(javax.inject.Named.class).value()).isEqualTo("gomoku");
    }
}
