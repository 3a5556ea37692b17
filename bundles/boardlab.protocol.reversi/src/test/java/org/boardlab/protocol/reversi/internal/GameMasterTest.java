package org.boardlab.protocol.reversi.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.boardlab.api.Side;
import org.boardlab.core.EventBus;
import org.boardlab.core.GameResult;
import org.boardlab.game.othello.Othello;
import org.boardlab.game.othello.OthelloMove;
import org.boardlab.game.othello.OthelloPosition;
import org.boardlab.protocol.reversi.Cells;
import org.boardlab.protocol.reversi.ReversiMessage;
import org.boardlab.protocol.reversi.ReversiMessage.Control;
import org.boardlab.protocol.reversi.ReversiPositions;
import org.boardlab.server.EmbeddedServer;
import org.boardlab.server.ServerSettings;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Whole games against the Game Master over loopback: players that play the first legal move and a
 * controller, in every mode and size, and every way of losing.
 */
@org.junit.jupiter.api.Timeout(120)
class GameMasterTest {

    /**
     * Waits until the Game Master has taken the controller in (a Control it accepts, answered OK): a
     * controller whose connection the Game Master has not yet seen when a game ends is not told that
     * game's End, and a test that connects its controller and at once seats two players may lose
     * that race on a busy machine.
     */
    static void ready(WireClient gc) throws IOException {
        gc.send(new Control(0, 0, Control.CONTINUOUS, 0));
        assertEquals(ReversiMessage.Ok.OK, gc.next());
    }

    private final List<String> log = new CopyOnWriteArrayList<>();
    private final List<GameResult> results = new CopyOnWriteArrayList<>();
    private EmbeddedServer server;
    private final EventBus events = new EventBus();

    private List<InetSocketAddress> open(Duration timePerMove) {
        server = new EmbeddedServer(id -> id.equals("othello") ? new Othello() : null, events,
                ServerSettings.defaults(), log::add);
        server.addProtocol(new ReversiServerProtocol(new ReversiProtocol(), timePerMove));
        server.onResult(results::add);
        return server.startGroup("reversi", "127.0.0.1", 0);
    }

    @AfterEach
    void close() {
        if (server != null) {
            server.close();
        }
    }

    /** What a first-legal player saw of one game. */
    record Seen(int colour, int nextTurns, int oks, int noks, ReversiMessage.End end) {
    }

    /** Connects, plays the first legal move at every Next Turn, until End. */
    static CompletableFuture<Seen> firstLegal(InetSocketAddress address, String name) {
        return CompletableFuture.supplyAsync(() -> {
            try (WireClient c = new WireClient(address)) {
                c.send(ReversiMessage.Connect.of(name));
                int colour = c.expect(ReversiMessage.PlayerOk.class).colour();
                Side side = colour == ReversiMessage.BLACK ? Side.FIRST : Side.SECOND;
                int turns = 0;
                int oks = 0;
                int noks = 0;
                while (true) {
                    ReversiMessage m = c.next();
                    if (m == null) {
                        throw new AssertionError(name + ": connection closed without End");
                    } else if (m instanceof ReversiMessage.NextTurn t) {
                        turns++;
                        OthelloPosition p = ReversiPositions.position(t.board(), side);
                        OthelloMove move = p.placements().get(0);
                        c.send(new ReversiMessage.NewMove(move.col(), move.row()));
                    } else if (m instanceof ReversiMessage.Ok ok) {
                        if (ok.ok()) {
                            oks++;
                        } else {
                            noks++;
                        }
                    } else if (m instanceof ReversiMessage.End e) {
                        assertTrue(c.closedByPeer(), "the Game Master closes a player's connection after End");
                        return new Seen(colour, turns, oks, noks, e);
                    } else {
                        throw new AssertionError(name + ": unexpected " + m);
                    }
                }
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
    }

    /** What a controller saw of one game, until End. */
    record Watched(List<ReversiMessage.Status1> boards, List<ReversiMessage.Status2> statuses, ReversiMessage.End end) {
        ReversiMessage.Status1 last() {
            return boards.get(boards.size() - 1);
        }
    }

    static Watched watch(WireClient gc) throws IOException {
        List<ReversiMessage.Status1> boards = new ArrayList<>();
        List<ReversiMessage.Status2> statuses = new ArrayList<>();
        while (true) {
            ReversiMessage m = gc.next();
            assertNotNull(m, "the controller's connection closed");
            if (m instanceof ReversiMessage.Status1 s) {
                boards.add(s);
                assertEquals(ReversiMessage.Status2.class, gc.next().getClass(), "Status2 follows Status1");
                statuses.add(null);
            } else if (m instanceof ReversiMessage.Status2 s) {
                throw new AssertionError("Status2 without Status1");
            } else if (m instanceof ReversiMessage.End e) {
                return new Watched(boards, statuses, e);
            } else if (!(m instanceof ReversiMessage.Ok)) {
                throw new AssertionError("unexpected " + m);
            }
        }
    }

    @Test
    void aWholeGameInContinuousModeEndsWithTheFormulasScoresToAllThree() throws Exception {
        List<InetSocketAddress> gm = open(Duration.ofSeconds(10));
        try (WireClient gc = new WireClient(gm.get(2))) {
            // the controller is the Game Master's before the players come (its OK): else the game may start, and a
            // move be made, before the controller's connection is taken in (CI /tmp/ci73: the first Status1 it saw
            // had a last move)
            ready(gc);
            CompletableFuture<Seen> black = firstLegal(gm.get(0), "Philip Blake");
            CompletableFuture<Seen> white = firstLegal(gm.get(1), "Rick Grimes");
            List<ReversiMessage> all = new ArrayList<>();
            ReversiMessage.Status1 lastBoard = null;
            ReversiMessage.Status2 lastStatus = null;
            int statuses = 0;
            ReversiMessage.End end;
            while (true) {
                ReversiMessage m = gc.next();
                all.add(m);
                if (m instanceof ReversiMessage.Status1 s) {
                    lastBoard = s;
                    statuses++;
                    if (statuses == 1) {
                        assertTrue(s.board().noLastMove(), "the first Status1 has LastMove 0xFF 0xFF");
                        assertEquals(2, s.board().count(Cells.BLACK));
                    }
                } else if (m instanceof ReversiMessage.Status2 s) {
                    lastStatus = s;
                } else if (m instanceof ReversiMessage.End e) {
                    end = e;
                    break;
                }
            }
            Seen b = black.get(30, TimeUnit.SECONDS);
            Seen w = white.get(30, TimeUnit.SECONDS);
            assertEquals(ReversiMessage.BLACK, b.colour());
            assertEquals(ReversiMessage.WHITE, w.colour());
            assertEquals(end, b.end());
            assertEquals(end, w.end());
            assertEquals(b.nextTurns(), b.oks(), "one OK per move");
            assertEquals(0, b.noks() + w.noks());
            // one Status pair at the start, one per move placed
            assertEquals(1 + b.nextTurns() + w.nextTurns(), statuses);
            assertEquals("Philip Blake", lastStatus.black().text());
            assertEquals("Rick Grimes", lastStatus.white().text());
            int blackDiscs = lastBoard.board().count(Cells.BLACK);
            int whiteDiscs = lastBoard.board().count(Cells.WHITE);
            assertEquals(blackDiscs, lastStatus.black().points());
            assertEquals(whiteDiscs, lastStatus.white().points());
            OthelloPosition last = ReversiPositions.position(lastBoard.board(), Side.FIRST);
            assertTrue(last.isTerminal(), "the last Status1 shows the final board");
            // the scores are seed 004's formula on the final board (times as the referee counted them)
            GameResult result = awaitResult();
            int[] expected = result.outcome().gmScores();
            assertEquals(expected[0], end.blackScore());
            assertEquals(expected[1], end.whiteScore());
            assertEquals(blackDiscs > whiteDiscs ? "Philip Blake" : whiteDiscs > blackDiscs ? "Rick Grimes" : null,
                    result.winnerName());
            int winnerBonus = blackDiscs > whiteDiscs ? 100 : 0;
            assertEquals(100 * blackDiscs / (blackDiscs + whiteDiscs) + winnerBonus,
                    end.blackScore() - timeTerm(result, 0), "points term + winner term");
        }
    }

    /**
     * Seed 004's Game Master must accept any name, so a client that calls itself after a player the server runs is
     * seated and shown under its name, and its game is played and stored under the name with " (a client)": stored as
     * sent, it would be that player's game, with its bundle and on its ladder.
     */
    @Test
    void aClientNamedAfterAPlayerTheServerRunsIsSeatedButPlaysUnderAMarkedName() throws Exception {
        List<InetSocketAddress> gm = open(Duration.ofSeconds(10));
        server.lobby().reserveNames(name -> name.equals("alphabeta"));
        try (WireClient gc = new WireClient(gm.get(2))) {
            CompletableFuture<Seen> black = firstLegal(gm.get(0), "alphabeta");
            CompletableFuture<Seen> white = firstLegal(gm.get(1), "Rick Grimes");
            ReversiMessage.Status2 lastStatus = null;
            for (ReversiMessage m = gc.next(); !(m instanceof ReversiMessage.End); m = gc.next()) {
                assertNotNull(m, "the controller's connection closed before End");
                if (m instanceof ReversiMessage.Status2 st) {
                    lastStatus = st;
                }
            }
            assertEquals(ReversiMessage.BLACK, black.get(30, TimeUnit.SECONDS).colour(), "seated, as the seed's contract says");
            white.get(30, TimeUnit.SECONDS);
            assertNotNull(lastStatus);
            assertEquals("alphabeta", lastStatus.black().text(), "the controller is shown the name the client sent");
            GameResult result = awaitResult();
            assertEquals(List.of("alphabeta (a client)", "Rick Grimes"), List.of(result.first(), result.second()));
        }
    }

    private static int timeTerm(GameResult r, int i) {
        long[] t = r.outcome().timeNanos();
        long total = t[0] + t[1];
        return total == 0 ? 50 : (int) (100.0 * (total - t[i]) / total);
    }

    private GameResult awaitResult() throws InterruptedException {
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (results.isEmpty() && System.nanoTime() < until) {
            Thread.sleep(5);
        }
        assertEquals(1, results.size(), "the game is recorded as every server game is");
        return results.get(0);
    }

    @ParameterizedTest
    @ValueSource(ints = {4, 6, 8, 10, 16})
    void theControllerSetsTheSizeOfTheNextGame(int size) throws Exception {
        List<InetSocketAddress> gm = open(Duration.ofSeconds(10));
        try (WireClient gc = new WireClient(gm.get(2))) {
            gc.send(new Control(size, size, Control.CONTINUOUS, 0));
            assertEquals(ReversiMessage.Ok.OK, gc.next());
            CompletableFuture<Seen> black = firstLegal(gm.get(0), "b");
            CompletableFuture<Seen> white = firstLegal(gm.get(1), "w");
            Watched seen = watch(gc);
            assertEquals(size, seen.boards().get(0).board().sizeX());
            assertEquals(size, seen.boards().get(0).board().sizeY());
            Seen b = black.get(60, TimeUnit.SECONDS);
            white.get(60, TimeUnit.SECONDS);
            assertEquals(seen.end(), b.end());
            assertTrue(ReversiPositions.position(seen.last().board(), Side.FIRST).isTerminal());
        }
    }

    /**
     * The inspector's match filter shows a game's controller frames beside its players': the Game
     * Master tags each controller's connection with the match it plays now, from the game's start (and
     * from a controller's arrival during a game).
     */
    @Test
    void aControllersFramesCarryTheMatchOfTheGameItWatches() throws Exception {
        List<org.boardlab.api.event.WireEvent> wire = new CopyOnWriteArrayList<>();
        events.subscribe(e -> {
            if (e instanceof org.boardlab.api.event.WireEvent w) {
                wire.add(w);
            }
        });
        List<InetSocketAddress> gm = open(Duration.ofSeconds(10));
        try (WireClient gc = new WireClient(gm.get(2))) {
            ready(gc);
            CompletableFuture<Seen> black = firstLegal(gm.get(0), "black");
            CompletableFuture<Seen> white = firstLegal(gm.get(1), "white");
            Watched watched = watch(gc);
            black.get(30, TimeUnit.SECONDS);
            white.get(30, TimeUnit.SECONDS);
            assertNotNull(watched.end());
        }
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (wire.stream().noneMatch(w -> w.decoded().summary().startsWith("End")) && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        long match = wire.stream().filter(w -> w.decoded().summary().startsWith("NextTurn")).findFirst()
                .orElseThrow(() -> new AssertionError("no NextTurn tapped")).matchId();
        assertTrue(match != 0, "the players' frames carry the match");
        List<org.boardlab.api.event.WireEvent> statuses = wire.stream()
                .filter(w -> w.decoded().summary().startsWith("Status1")).toList();
        assertTrue(statuses.size() > 10, "the controller's Status1 frames were tapped: " + statuses.size());
        assertTrue(statuses.stream().allMatch(w -> w.matchId() == match),
                "every Status1 to the controller carries match " + match + ": "
                        + statuses.stream().map(w -> w.matchId()).distinct().toList());
    }

    @Test
    void inStepModeEachControlGrantsExactlyOneMove() throws Exception {
        List<InetSocketAddress> gm = open(Duration.ofSeconds(10));
        try (WireClient gc = new WireClient(gm.get(2))) {
            gc.send(new Control(6, 6, Control.STEP, 0));
            assertEquals(ReversiMessage.Ok.OK, gc.next());
            CompletableFuture<Seen> black = firstLegal(gm.get(0), "b");
            CompletableFuture<Seen> white = firstLegal(gm.get(1), "w");
            ReversiMessage.Status1 start = gc.expect(ReversiMessage.Status1.class);
            gc.expect(ReversiMessage.Status2.class);
            int discs = start.board().count(Cells.BLACK) + start.board().count(Cells.WHITE);
            int steps = 0;
            ReversiMessage.End end = null;
            while (end == null) {
                gc.send(new Control(0, 0, Control.STEP, 0));
                steps++;
                assertEquals(ReversiMessage.Ok.OK, gc.next());
                ReversiMessage m = gc.next();
                if (m instanceof ReversiMessage.End e) {
                    end = e;
                    break;
                }
                ReversiMessage.Status1 s = (ReversiMessage.Status1) m;
                gc.expect(ReversiMessage.Status2.class);
                int now = s.board().count(Cells.BLACK) + s.board().count(Cells.WHITE);
                assertEquals(discs + 1, now, "one step, one disc placed");
                discs = now;
                if (ReversiPositions.position(s.board(), Side.FIRST).isTerminal()) {
                    end = gc.expect(ReversiMessage.End.class);
                }
            }
            Seen b = black.get(30, TimeUnit.SECONDS);
            Seen w = white.get(30, TimeUnit.SECONDS);
            assertEquals(b.nextTurns() + w.nextTurns(), steps, "as many moves as steps: a pass costs no step");
            assertEquals(end, b.end());
        }
    }

    @Test
    void aRestartWithANewSizeStartsAgainWithTheSamePlayersAndNoEnd() throws Exception {
        List<InetSocketAddress> gm = open(Duration.ofSeconds(10));
        try (WireClient gc = new WireClient(gm.get(2))) {
            gc.send(new Control(0, 0, Control.STEP, 0));
            assertEquals(ReversiMessage.Ok.OK, gc.next());
            CompletableFuture<Seen> black = firstLegal(gm.get(0), "b");
            CompletableFuture<Seen> white = firstLegal(gm.get(1), "w");
            assertEquals(8, gc.expect(ReversiMessage.Status1.class).board().sizeX());
            gc.expect(ReversiMessage.Status2.class);
            for (int i = 0; i < 3; i++) {
                gc.send(new Control(0, 0, Control.STEP, 0));
                assertEquals(ReversiMessage.Ok.OK, gc.next());
                gc.expect(ReversiMessage.Status1.class);
                gc.expect(ReversiMessage.Status2.class);
            }
            gc.send(new Control(6, 6, Control.CONTINUOUS, 1));
            assertEquals(ReversiMessage.Ok.OK, gc.next());
            ReversiMessage.Status1 restarted = gc.expect(ReversiMessage.Status1.class);
            ReversiMessage.Status2 fresh = gc.expect(ReversiMessage.Status2.class);
            assertEquals(6, restarted.board().sizeX());
            assertTrue(restarted.board().noLastMove(), "the restarted game's first Status comes before its first move: "
                    + restarted + " / " + fresh);
            assertEquals(0, fresh.black().timerMillis());
            assertEquals(0, fresh.white().timerMillis());
            assertEquals(2, fresh.black().points());
            Watched rest = watch(gc);
            assertEquals(6, rest.last().board().sizeX());
            assertTrue(ReversiPositions.position(rest.last().board(), Side.FIRST).isTerminal());
            assertEquals(rest.end(), black.get(30, TimeUnit.SECONDS).end());
            assertEquals(rest.end(), white.get(30, TimeUnit.SECONDS).end());
            assertEquals(1, awaitResultCount(1), "the restarted game is not recorded, the finished one is");
        }
    }

    private int awaitResultCount(int n) throws InterruptedException {
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (results.size() < n && System.nanoTime() < until) {
            Thread.sleep(5);
        }
        Thread.sleep(50);
        return results.size();
    }

    @Test
    void aControlWithAnOddOrTooLargeSizeOrABadModeIsRefused() throws Exception {
        List<InetSocketAddress> gm = open(Duration.ofSeconds(10));
        try (WireClient gc = new WireClient(gm.get(2))) {
            for (Control bad : List.of(new Control(5, 5, 0, 0), new Control(18, 18, 0, 0), new Control(2, 2, 0, 0),
                    new Control(8, 6, 0, 0), new Control(0, 0, 2, 0), new Control(0, 0, 0, 7))) {
                gc.send(bad);
                assertEquals(ReversiMessage.Ok.NOK, gc.next(), bad.toString());
            }
            gc.send(ReversiMessage.Ping.INSTANCE);
            assertEquals(ReversiMessage.Ok.OK, gc.next(), "a Ping is answered with OK");
        }
    }

    /**
     * A Game Controller that sends only refused Controls gets 64 NOKs at once, then at most one a
     * second, and is closed at the 129th in a row (the limits every protocol shares); an accepted
     * Control starts the count again.
     */
    @Test
    void aControllerThatKeepsSendingRefusedControlsIsAnsweredWithinLimitsThenClosed() throws Exception {
        List<InetSocketAddress> gm = open(Duration.ofSeconds(10));
        try (WireClient gc = new WireClient(gm.get(2))) {
            Control bad = new Control(5, 5, 0, 0);
            for (int i = 0; i < 64; i++) {
                gc.send(bad);
                assertEquals(ReversiMessage.Ok.NOK, gc.next(), "refusal " + (i + 1));
            }
            gc.send(new Control(0, 0, Control.CONTINUOUS, 0));
            assertEquals(ReversiMessage.Ok.OK, gc.next(), "an accepted Control ends the row");
            for (int i = 0; i < 129; i++) {
                gc.send(bad);
            }
            int noks = 0;
            for (ReversiMessage m = gc.next(); m != null; m = gc.next()) {
                assertEquals(ReversiMessage.Ok.NOK, m);
                noks++;
            }
            // 64 at once, a NOK sent with the close, and what the 1-a-second allowance gave meanwhile
            assertTrue(noks >= 65 && noks <= 67, noks + " NOKs to 129 refused Controls in a row");
        }
        assertTrue(log.stream().anyMatch(l -> l.contains("more than 128 refused messages in a row")), String.join("\n", log));
        assertEquals(1, server.violations());
    }

    // ---- the seed's four losing rules, and what the Game Master does after ----

    /** Seats both players; returns them after black's first Next Turn. */
    private WireClient[] seat(List<InetSocketAddress> gm) throws IOException {
        WireClient black = new WireClient(gm.get(0));
        WireClient white = new WireClient(gm.get(1));
        black.send(ReversiMessage.Connect.of("black"));
        assertEquals(new ReversiMessage.PlayerOk(1), black.next());
        white.send(ReversiMessage.Connect.of("white"));
        assertEquals(new ReversiMessage.PlayerOk(2), white.next());
        ReversiMessage.NextTurn first = black.expect(ReversiMessage.NextTurn.class);
        assertTrue(first.board().noLastMove());
        return new WireClient[] {black, white};
    }

    /**
     * The other side's score when the offender's answer on the start position lost (illegal, too
     * late): 2 of 4 discs = 50, all the time used was the offender's = 100, the winner's 100.
     */
    private static final int WINNER_ON_START_AFTER_OFFENDER_THOUGHT = 50 + 100 + 100;
    /**
     * The other side's score when the offender is forfeited on the start position while it thinks
     * (bytes, disconnect, out of turn): no time has been counted yet, so the time term is 50 for both.
     */
    private static final int WINNER_ON_START_BEFORE_ANY_TIME = 50 + 50 + 100;

    @Test
    void anIllegalMoveGetsNokAndLosesWithScoreZero() throws Exception {
        List<InetSocketAddress> gm = open(Duration.ofSeconds(10));
        try (WireClient gc = new WireClient(gm.get(2))) {
            ready(gc);
            WireClient[] p = seat(gm);
            p[0].send(new ReversiMessage.NewMove(0, 0)); // A1 flips nothing
            assertEquals(ReversiMessage.Ok.NOK, p[0].next());
            ReversiMessage.End end = p[0].expect(ReversiMessage.End.class);
            assertEquals(new ReversiMessage.End(0, WINNER_ON_START_AFTER_OFFENDER_THOUGHT), end);
            assertEquals(end, p[1].expect(ReversiMessage.End.class));
            assertEquals(end, watch(gc).end());
            assertTrue(p[0].closedByPeer() && p[1].closedByPeer());
            assertTrue(awaitResult().outcome().detail().contains("A1".toLowerCase()));
            nextGameIsServed(gm, gc);
        }
    }

    @Test
    void aMoveOffTheBoardIsIllegal() throws Exception {
        List<InetSocketAddress> gm = open(Duration.ofSeconds(10));
        WireClient[] p = seat(gm);
        p[0].send(new ReversiMessage.NewMove(8, 3));
        assertEquals(ReversiMessage.Ok.NOK, p[0].next());
        assertEquals(0, p[0].expect(ReversiMessage.End.class).blackScore());
        assertEquals(0, p[1].expect(ReversiMessage.End.class).blackScore());
    }

    @Test
    void aMoveOutOfTurnGetsNokAndLoses() throws Exception {
        List<InetSocketAddress> gm = open(Duration.ofSeconds(10));
        try (WireClient gc = new WireClient(gm.get(2))) {
            ready(gc);
            WireClient[] p = seat(gm);
            p[1].send(new ReversiMessage.NewMove(2, 3)); // white, while black is to move
            assertEquals(ReversiMessage.Ok.NOK, p[1].next());
            ReversiMessage.End end = p[1].expect(ReversiMessage.End.class);
            assertEquals(0, end.whiteScore());
            // black: 2 of 4 discs = 50, nobody has used time yet = 50, the winner's 100
            assertEquals(WINNER_ON_START_BEFORE_ANY_TIME, end.blackScore());
            assertEquals(end, p[0].expect(ReversiMessage.End.class));
            assertEquals(end, watch(gc).end());
            assertEquals("out_of_turn", awaitResult().outcome().ending().name().toLowerCase());
            nextGameIsServed(gm, gc);
        }
    }

    @Test
    void silenceAfterNextTurnLosesAtTheTimeLimitAndALateMoveIsIgnored() throws Exception {
        List<InetSocketAddress> gm = open(Duration.ofMillis(400));
        try (WireClient gc = new WireClient(gm.get(2))) {
            ready(gc);
            WireClient[] p = seat(gm);
            ReversiMessage.End end = p[1].expect(ReversiMessage.End.class);
            assertEquals(new ReversiMessage.End(0, WINNER_ON_START_AFTER_OFFENDER_THOUGHT), end);
            try {
                p[0].send(new ReversiMessage.NewMove(3, 2)); // D3, legal but too late
            } catch (IOException e) {
                // the Game Master may have closed the connection already
            }
            assertEquals(end, p[0].expect(ReversiMessage.End.class), "the late move gets no OK");
            assertEquals(end, watch(gc).end());
            assertEquals("timeout", awaitResult().outcome().ending().name().toLowerCase());
            nextGameIsServed(gm, gc);
        }
    }

    @Test
    void garbageBytesLoseTheGameAndCloseThatConnectionOnly() throws Exception {
        List<InetSocketAddress> gm = open(Duration.ofSeconds(10));
        try (WireClient gc = new WireClient(gm.get(2))) {
            ready(gc);
            WireClient[] p = seat(gm);
            p[0].sendBytes((byte) 0x42, (byte) 0x13, (byte) 0x37);
            assertEquals(ReversiMessage.Ok.NOK, p[0].next());
            assertTrue(p[0].closedByPeer());
            ReversiMessage.End end = p[1].expect(ReversiMessage.End.class);
            assertEquals(new ReversiMessage.End(0, WINNER_ON_START_BEFORE_ANY_TIME), end);
            assertEquals(end, watch(gc).end());
            assertTrue(log.stream().anyMatch(l -> l.contains("unknown message type 0x42")), String.join("\n", log));
            nextGameIsServed(gm, gc);
        }
    }

    @Test
    void aPlayerThatDisconnectsMidGameLoses() throws Exception {
        List<InetSocketAddress> gm = open(Duration.ofSeconds(10));
        try (WireClient gc = new WireClient(gm.get(2))) {
            ready(gc);
            WireClient[] p = seat(gm);
            p[0].close();
            ReversiMessage.End end = p[1].expect(ReversiMessage.End.class);
            assertEquals(new ReversiMessage.End(0, WINNER_ON_START_BEFORE_ANY_TIME), end);
            assertEquals(end, watch(gc).end());
            assertEquals("error", awaitResult().outcome().ending().name().toLowerCase());
            nextGameIsServed(gm, gc);
        }
    }

    @Test
    void aSecondPlayerOnATakenPortGetsNokAndIsClosed() throws Exception {
        List<InetSocketAddress> gm = open(Duration.ofSeconds(10));
        try (WireClient first = new WireClient(gm.get(0)); WireClient second = new WireClient(gm.get(0))) {
            first.send(ReversiMessage.Connect.of("first"));
            assertEquals(new ReversiMessage.PlayerOk(1), first.next());
            second.send(ReversiMessage.Connect.of("second"));
            assertEquals(ReversiMessage.Ok.NOK, second.next());
            assertTrue(second.closedByPeer());
            first.send(ReversiMessage.Ping.INSTANCE);
            assertEquals(ReversiMessage.Ok.OK, first.next(), "the seated player is untouched");
        }
    }

    @Test
    void aSilentSocketIsPingedAndAnAnsweredPingKeepsItSeated() throws Exception {
        List<InetSocketAddress> gm = open(Duration.ofSeconds(10));
        try (WireClient black = new WireClient(gm.get(0))) {
            black.send(ReversiMessage.Connect.of("patient"));
            assertEquals(new ReversiMessage.PlayerOk(1), black.next());
            black.answerPings = false;
            assertEquals(ReversiMessage.Ping.INSTANCE, black.next(), "pinged after a second of silence");
            black.send(ReversiMessage.Ok.OK);
            assertEquals(ReversiMessage.Ping.INSTANCE, black.next(), "and again after the next second");
            black.send(ReversiMessage.Ok.OK);
            assertEquals(ReversiMessage.Ping.INSTANCE, black.next());
            // unanswered now: the Game Master closes the connection
            assertTrue(black.closedByPeer());
        }
    }

    @Test
    void twoGameMastersOnOneServerPlayAtOnce() throws Exception {
        List<InetSocketAddress> one = open(Duration.ofSeconds(10));
        List<InetSocketAddress> two = server.startGroup("reversi", "127.0.0.1", 0);
        CompletableFuture<Seen> b1 = firstLegal(one.get(0), "b1");
        CompletableFuture<Seen> b2 = firstLegal(two.get(0), "b2");
        CompletableFuture<Seen> w1 = firstLegal(one.get(1), "w1");
        CompletableFuture<Seen> w2 = firstLegal(two.get(1), "w2");
        assertEquals(b1.get(30, TimeUnit.SECONDS).end(), w1.get(30, TimeUnit.SECONDS).end());
        assertEquals(b2.get(30, TimeUnit.SECONDS).end(), w2.get(30, TimeUnit.SECONDS).end());
        assertEquals(6, server.ports().size());
        assertEquals(2, awaitResultCount(2));
    }

    /** After a forfeit the Game Master serves the next game to two new players, the controller still connected. */
    private void nextGameIsServed(List<InetSocketAddress> gm, WireClient gc) throws Exception {
        CompletableFuture<Seen> black = firstLegal(gm.get(0), "next black");
        CompletableFuture<Seen> white = firstLegal(gm.get(1), "next white");
        Watched next = watch(gc);
        assertTrue(next.boards().get(0).board().noLastMove());
        assertEquals(next.end(), black.get(30, TimeUnit.SECONDS).end());
        assertEquals(next.end(), white.get(30, TimeUnit.SECONDS).end());
    }
}
