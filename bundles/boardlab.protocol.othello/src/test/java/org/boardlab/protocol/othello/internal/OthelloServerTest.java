package org.boardlab.protocol.othello.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CopyOnWriteArrayList;
import org.boardlab.api.GameState;
import org.boardlab.api.Move;
import org.boardlab.api.event.MatchOutcome.Ending;
import org.boardlab.api.event.WireEvent;
import org.boardlab.core.EventBus;
import org.boardlab.core.GameResult;
import org.boardlab.game.othello.Othello;
import org.boardlab.protocol.othello.Square;
import org.boardlab.server.EmbeddedServer;
import org.boardlab.server.ServerSettings;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Seed 000's protocol against the real server over loopback sockets. */
class OthelloServerTest {

    private final Othello othello = new Othello();
    private final EventBus events = new EventBus();
    private final List<GameResult> results = new CopyOnWriteArrayList<>();
    private final List<WireEvent> wire = new CopyOnWriteArrayList<>();
    private EmbeddedServer server;
    private InetSocketAddress address;

    @BeforeEach
    void start() {
        start(ServerSettings.defaults().withReconnectWindow(Duration.ofSeconds(2)));
    }

    private void start(ServerSettings settings) {
        if (server != null) {
            server.close();
        }
        server = new EmbeddedServer(id -> othello, events, settings, line -> { });
        server.addProtocol(new OthelloServerProtocol(new OthelloProtocol()));
        server.onResult(results::add);
        events.subscribe(e -> {
            if (e instanceof WireEvent w) {
                wire.add(w);
            }
        });
        address = server.start("othello", "127.0.0.1", 0);
    }

    @AfterEach
    void stop() {
        server.close();
    }

    private LineClient login(String name) throws IOException {
        LineClient c = new LineClient(address);
        c.send("CNAME~" + name);
        assertThat(c.next()).isEqualTo("SNAMEOK");
        return c;
    }

    /** ann invites bob, bob accepts; returns {ann (black), bob (white)}. */
    private LineClient[] startGame() throws IOException {
        LineClient ann = login("ann");
        LineClient bob = login("bob");
        assertThat(ann.await("SADDP")).isEqualTo("SADDP~bob");
        ann.send("CREQ~bob");
        assertThat(bob.await("SREQ")).isEqualTo("SREQ~ann");
        bob.send("CRES~ann~ACCEPT");
        assertThat(ann.await("SRES")).isEqualTo("SRES~bob~ACCEPT");
        assertThat(ann.await("SSTARTG")).isEqualTo("SSTARTG~bob~BLACK");
        assertThat(bob.await("SSTARTG")).isEqualTo("SSTARTG~ann~WHITE");
        return new LineClient[] {ann, bob};
    }

    private static String cmov(Move move) {
        Square s = Square.of(move.notation());
        return "CMOV~" + s.x() + "~" + s.y();
    }

    @Test
    void aWholeGameIsPlayedAndBothHearEveryMoveAndTheEnd() throws Exception {
        LineClient[] c = startGame();
        GameState state = othello.newGame();
        Random random = new Random(3);
        String end = null;
        while (end == null) {
            List<Move> legal = state.legalMoves();
            Move move = legal.get(random.nextInt(legal.size()));
            if (move.notation().equals("pass")) {
                state = state.apply(move); // the server passes for us: SPASS was already read
                continue;
            }
            LineClient mover = c[state.sideToMove().index()];
            mover.send(cmov(move));
            String smov = c[0].await("SMOV");
            assertThat(c[1].await("SMOV")).isEqualTo(smov);
            state = state.apply(move);
            String[] f = smov.split("~");
            assertThat(Square.of(move.notation())).isEqualTo(new Square(Integer.parseInt(f[1]), Integer.parseInt(f[2])));
            assertThat(f[5]).isEqualTo(OthelloSession.board(state).cells());
            if (f[4].equals("NONE")) {
                end = c[0].await("SENDG");
                assertThat(c[1].await("SENDG")).isEqualTo(end);
            } else if (f[4].equals(f[3])) {
                assertThat(c[0].await("SPASS")).as(String.join("\n", c[0].seen)).isEqualTo("SPASS~" + (f[3].equals("BLACK") ? "WHITE" : "BLACK"));
            }
        }
        assertThat(state.isTerminal()).isTrue();
        String winner = state.outcome().winner() == null ? "DRAW" : state.outcome().winner().index() == 0 ? "BLACK" : "WHITE";
        assertThat(end).isEqualTo("SENDG~" + state.score(org.boardlab.api.Side.FIRST) + "~"
                + state.score(org.boardlab.api.Side.SECOND) + "~" + winner + "~NORMAL");
        assertThat(c[0].await("SUPS~ann")).isEqualTo("SUPS~ann~READY");
        assertThat(results).hasSize(1);
    }

    @Test
    void anIllegalMoveIsRefusedAndTheClockGoesOn() throws Exception {
        LineClient[] c = startGame();
        c[0].send("CMOV~0~0");
        assertThat(c[0].await("SMOVERR")).startsWith("SMOVERR~0~0~");
        c[0].send("CMOV~3~2"); // d3 is legal for black
        assertThat(c[1].await("SMOV")).startsWith("SMOV~3~2~BLACK~WHITE~");
    }

    @Test
    void aMoveOutOfTurnLosesTheGame() throws Exception {
        LineClient[] c = startGame();
        c[1].send("CMOV~2~3");
        assertThat(c[0].await("SENDG")).endsWith("~BLACK~OUTOFTURN");
        assertThat(results.get(0).outcome().ending()).isEqualTo(Ending.OUT_OF_TURN);
    }

    @Test
    void declinedAndWithdrawnInvitations() throws Exception {
        LineClient ann = login("ann");
        LineClient bob = login("bob");
        ann.send("CREQ~bob");
        bob.await("SREQ~ann");
        assertThat(ann.await("SUPS~bob")).isEqualTo("SUPS~bob~BUSY");
        bob.send("CRES~ann~DECLINE");
        assertThat(ann.await("SRES")).isEqualTo("SRES~bob~DECLINE");
        assertThat(ann.await("SUPS~bob")).isEqualTo("SUPS~bob~READY");
        ann.send("CREQ~bob");
        bob.await("SREQ~ann");
        ann.send("CREQC~bob");
        assertThat(bob.await("SREQC")).isEqualTo("SREQC~ann");
        ann.send("CREQ~nobody");
        assertThat(ann.await("SRES")).isEqualTo("SRES~nobody~DECLINE");
    }

    @Test
    void aTakenNameIsRefusedAndTheClientMayTryAgain() throws Exception {
        login("ann");
        try (LineClient other = new LineClient(address)) {
            other.send("CNAME~ann");
            assertThat(other.next()).isEqualTo("SNAMEERR~the name 'ann' is taken");
            other.send("CNAME~ann2");
            assertThat(other.next()).isEqualTo("SNAMEOK");
            assertThat(other.next()).isEqualTo("SADDP~ann");
        }
    }

    @Test
    void aPlayerWhoComesBackWithinTheWindowGetsTheGameBack() throws Exception {
        LineClient[] c = startGame();
        c[0].send("CMOV~3~2");
        c[1].await("SMOV");
        c[1].close(); // bob drops
        assertThat(c[0].await("SGAMEI")).isEqualTo("SGAMEI~bob lost the connection and has 2 s to come back");
        try (LineClient bob = new LineClient(address)) {
            bob.send("CNAME~bob");
            assertThat(bob.next()).isEqualTo("SNAMEOK");
            String recov = bob.await("SRECOV");
            assertThat(recov).startsWith("SRECOV~").endsWith("~1~0~ann");
            assertThat(c[0].await("SGAMEI")).isEqualTo("SGAMEI~bob is back");
            bob.send("CMOV~2~2"); // c3 is legal for white after d3
            assertThat(c[0].await("SMOV")).startsWith("SMOV~2~2~WHITE~BLACK~");
        }
    }

    @Test
    void aPlayerWhoDoesNotComeBackLosesOnTheScores() throws Exception {
        LineClient[] c = startGame();
        c[0].send("CMOV~3~2"); // black 4 discs, white 1
        c[0].await("SMOV");
        c[1].close();
        assertThat(c[0].await("SENDG")).isEqualTo("SENDG~4~1~BLACK~DISCONNECT");
        assertThat(results.get(0).outcome().ending()).isEqualTo(Ending.ADJUDICATED);
    }

    @Test
    void aServerThatStopsTellsBothPlayersWhyTheGameEnded() throws Exception {
        LineClient[] c = startGame();
        c[0].send("CMOV~3~2"); // black 4 discs, white 1
        c[0].await("SMOV");
        Thread stopper = new Thread(server::close, "stopper");
        stopper.start();
        for (LineClient client : c) {
            assertThat(client.await("SGAMEI")).isEqualTo("SGAMEI~the server is shutting down (black wins on the scores 4-1)");
            assertThat(client.await("SENDG")).isEqualTo("SENDG~4~1~BLACK~DISCONNECT");
        }
        stopper.join();
    }

    @Test
    void whenBothDropTheGameIsRemoved() throws Exception {
        LineClient[] c = startGame();
        c[0].close();
        c[1].close();
        long until = System.nanoTime() + 3_000_000_000L;
        while (results.isEmpty() && System.nanoTime() < until) {
            Thread.sleep(10);
        }
        assertThat(results.get(0).outcome().ending()).isEqualTo(Ending.ABORTED);
        // the result is recorded first, then both leave the lobby
        while (!server.lobby().members().isEmpty() && System.nanoTime() < until) {
            Thread.sleep(10);
        }
        assertThat(server.lobby().members()).isEmpty();
    }

    @Test
    void cendgameCancelsTheGameForBoth() throws Exception {
        LineClient[] c = startGame();
        c[1].send("CENDGAME");
        assertThat(c[0].await("SGAMEEC")).isEqualTo("SGAMEEC~GameHasBeenCanceled");
        assertThat(c[1].await("SGAMEEC")).isEqualTo("SGAMEEC~GameHasBeenCanceled");
    }

    @Test
    void badInputDisconnectsOnlyThatClientAndTheGameGoesOn() throws Exception {
        LineClient[] c = startGame();
        for (byte[] bad : List.of("CMOV~x~y\n".getBytes(StandardCharsets.US_ASCII),
                "CNOPE\n".getBytes(StandardCharsets.US_ASCII),
                ("C" + "A".repeat(5_000) + "\n").getBytes(StandardCharsets.US_ASCII),
                new byte[] {'C', (byte) 0xff, (byte) 0xfe, '\n'})) {
            try (LineClient rogue = login("rogue")) {
                rogue.sendRaw(bad);
                assertThat(rogue.await("SERR")).startsWith("SERR~");
                assertThat(rogue.closedByServer()).isTrue();
            }
            long until = System.nanoTime() + 2_000_000_000L;
            while (server.lobby().member("rogue") != null && System.nanoTime() < until) {
                Thread.sleep(5);
            }
        }
        try (LineClient early = new LineClient(address)) {
            early.send("CMOV~1~1"); // before logging in
            assertThat(early.await("SERR")).isEqualTo("SERR~log in with CNAME first");
        }
        try (LineClient noise = new LineClient(address)) {
            noise.send("hello there"); // unknown prefix: ignored
            noise.send("CPING");
            assertThat(noise.next()).isEqualTo("SPONG");
        }
        // the game is untouched
        c[0].send("CMOV~3~2");
        assertThat(c[1].await("SMOV")).startsWith("SMOV~3~2~BLACK~WHITE~");
        assertThat(server.violations()).isEqualTo(5);
        long until = System.nanoTime() + 5_000_000_000L; // the tap hands its frames over on a thread of its own
        while (wire.stream().noneMatch(w -> "violation".equals(w.decoded().type())) && System.nanoTime() < until) {
            Thread.sleep(5);
        }
        assertThat(wire.stream().anyMatch(w -> "violation".equals(w.decoded().type()))).isTrue();
    }

    @Test
    void theWireTapSeesEveryFrameBothWays() throws Exception {
        LineClient ann = login("ann");
        ann.send("CPING");
        assertThat(ann.next()).isEqualTo("SPONG");
        long until = System.nanoTime() + 2_000_000_000L;
        while (wire.size() < 4 && System.nanoTime() < until) {
            Thread.sleep(5);
        }
        assertThat(wire).extracting(w -> (w.fromClient() ? "in " : "out ") + new String(w.raw(), StandardCharsets.US_ASCII))
                .containsExactly("in CNAME~ann", "out SNAMEOK\n", "in CPING", "out SPONG\n");
        assertThat(wire.get(2).player()).isEqualTo("ann");
        assertThat(wire.get(2).decoded().type()).isEqualTo("CPING");
        assertThat(server.tap().dropped()).isZero();
    }

    @Test
    void overTheClientLimitAConnectionIsClosedAtOnce() throws Exception {
        start(ServerSettings.defaults().withMaxClients(1));
        try (LineClient first = login("ann"); LineClient second = new LineClient(address)) {
            assertThat(second.closedByServer()).isTrue();
            first.send("CPING");
            assertThat(first.next()).isEqualTo("SPONG");
        }
    }

    @Test
    void playersInAGameHearTheLobbyNewsWhenTheirGameEnds() throws Exception {
        LineClient[] c = startGame();
        try (LineClient carl = login("carl"); LineClient dave = login("dave")) {
            assertThat(carl.await("SADDP~dave")).isEqualTo("SADDP~dave");
            dave.close();
            assertThat(carl.await("SDELP")).isEqualTo("SDELP~dave");
            c[1].send("CENDGAME");
            assertThat(c[0].await("SGAMEEC")).isEqualTo("SGAMEEC~GameHasBeenCanceled");
            // ann heard nothing of carl and dave while she played: now she hears that carl is there
            // (dave came and went without her needing to know)
            String news = c[0].await("SADDP~carl");
            assertThat(news).isEqualTo("SADDP~carl");
            assertThat(c[0].seen).noneMatch(line -> line.contains("dave"));
            assertThat(carl.await("SUPS~ann")).isEqualTo("SUPS~ann~READY");
        }
    }
}
