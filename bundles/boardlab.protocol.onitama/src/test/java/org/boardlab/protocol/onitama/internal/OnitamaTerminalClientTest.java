package org.boardlab.protocol.onitama.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.PipedReader;
import java.io.PipedWriter;
import java.io.PrintWriter;
import java.io.StringReader;
import java.io.StringWriter;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.boardlab.ai.onitama.OnitamaNormalPlayer;
import org.boardlab.api.Side;
import org.boardlab.core.EventBus;
import org.boardlab.core.GameResult;
import org.boardlab.game.onitama.Onitama;
import org.boardlab.server.EmbeddedServer;
import org.boardlab.server.ServerSettings;
import org.boardlab.client.TerminalClient;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** {@code boardlab client onitama} against the real server: a person's commands and a loaded player's games. */
class OnitamaTerminalClientTest {

    private final EventBus events = new EventBus();
    private final List<GameResult> results = new CopyOnWriteArrayList<>();
    private EmbeddedServer server;
    private InetSocketAddress address;

    @BeforeEach
    void start() {
        server = new EmbeddedServer(id -> new Onitama(), events, ServerSettings.defaults(), line -> { });
        server.addProtocol(new OnitamaServerProtocol(new OnitamaProtocol(), OnitamaServerTest::player, 0,
                "onitama-normal", "onitama-hard"));
        server.onResult(results::add);
        address = server.start("onitama", "127.0.0.1", 0);
    }

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void theBoardBothHandsAndTheSideCardAreDrawnWithTheWiresNumbers() {
        String drawn = OnitamaTerminalClient.draw(new Onitama().newGame(), Side.SECOND);
        assertThat(drawn).isEqualTo("""
                     0 1 2 3 4
                  0  r r R r r   red's home row
                  1  . . . . .
                  2  . . . . .
                  3  . . . . .
                  4  b b B b b   blue's home row
                blue                        red (you)                   side
                3 eel         6 cobra       0 mantis      4 crane       7 monkey
                . . . . .     . . . . .     . . . . .     . . . . .     . . . . .
                . o . . .     . . . o .     . o . o .     . . o . .     . o . o .
                . . X o .     . o X . .     . . X . .     . . X . .     . . X . .
                . o . . .     . . . o .     . . o . .     . o . o .     . o . o .
                . . . . .     . . . . .     . . . . .     . . . . .     . . . . .
                blue to move""");
    }

    @Test
    void aLoadedPlayerPlaysItsGamesAgainstTheServerAndQuits() throws Exception {
        StringWriter text = new StringWriter();
        // random against the server's minimax: two deterministic minimax players could repeat to the draw limit
        TerminalClient.AutoPlay auto = new TerminalClient.AutoPlay("random", new org.boardlab.ai.basic.RandomPlayer(),
                new Onitama(), Duration.ofSeconds(2), "pve", 2);
        int code = new OnitamaTerminalClient().run("127.0.0.1", address.getPort(), "bot", auto,
                new BufferedReader(new StringReader("")), new PrintWriter(text));
        assertThat(code).as(text.toString()).isZero();
        assertThat(text.toString()).contains("random plays game 2 against the server").contains("played 2 game(s)")
                .containsPattern("you (win|lose)");
        OnitamaServerTest.eventually(() -> results.size() == 2, "both games are recorded");
        assertThat(OnitamaServerProtocol.tables(server.lobby()).get(5)).contains("bot ");
    }

    /**
     * A player stuck in its move (it waits until its thread is interrupted) on a server with 1 s a
     * move: when the server ends the game, the seat cancels the request (it says so) and interrupts
     * the player's thread, long before the request's own deadline (30 s).
     */
    @Test
    void aStuckPlayerIsCancelledWhenTheServerEndsItsGame() throws Exception {
        EmbeddedServer quick = new EmbeddedServer(id -> new Onitama(), events,
                ServerSettings.defaults().withTimePerMove(Duration.ofSeconds(1)), line -> { });
        quick.addProtocol(new OnitamaServerProtocol(new OnitamaProtocol(), OnitamaServerTest::player, 0,
                "onitama-normal", "onitama-hard"));
        InetSocketAddress at = quick.start("onitama", "127.0.0.1", 0);
        org.boardlab.server.testing.StuckPlayer stuck = new org.boardlab.server.testing.StuckPlayer();
        StringWriter text = new StringWriter();
        TerminalClient.AutoPlay auto = new TerminalClient.AutoPlay("stuck", stuck, new Onitama(), Duration.ofSeconds(30), "pve", 1);
        Thread client = new Thread(() -> {
            try {
                new OnitamaTerminalClient().run("127.0.0.1", at.getPort(), "stuck", auto,
                        new BufferedReader(new StringReader("")), new PrintWriter(text));
            } catch (Exception e) {
                throw new RuntimeException(e);
            }
        });
        client.setDaemon(true);
        client.start();
        try {
            // the server plays blue or red for the client at random: as blue the player is asked at once, as red after the server's move
            assertThat(stuck.cancelledWhenInterrupted.get(25, java.util.concurrent.TimeUnit.SECONDS))
                    .as("the request was cancelled when the player's thread was interrupted:%n%s", text).isTrue();
            client.join(20_000);
            assertThat(client.isAlive()).as("the client ends with its game:%n%s", text).isFalse();
        } finally {
            quick.close();
        }
    }

    @Test
    void aPersonChoosesPvpWaitsAndIsToldTheGameStartsWhenALoadedPlayerSits() throws Exception {
        PipedWriter typing = new PipedWriter();
        BufferedReader in = new BufferedReader(new PipedReader(typing));
        StringWriter text = new StringWriter();
        PrintWriter out = new PrintWriter(text);
        Thread person = new Thread(() -> {
            try {
                new OnitamaTerminalClient().run("127.0.0.1", address.getPort(), "ann", in, out);
            } catch (Exception e) {
                throw new RuntimeException(e);
            }
        });
        person.start();
        typing.write("pvp 2\n");
        typing.flush();
        OnitamaServerTest.eventually(() -> text.toString().contains("waiting for a second player"), "ann waits");
        TerminalClient.AutoPlay auto = new TerminalClient.AutoPlay("onitama-normal", new OnitamaNormalPlayer(),
                new Onitama(), Duration.ofSeconds(2), "2", 1);
        Thread bot = new Thread(() -> {
            try {
                new OnitamaTerminalClient().run("127.0.0.1", address.getPort(), null, auto,
                        new BufferedReader(new StringReader("")), new PrintWriter(new StringWriter()));
            } catch (Exception e) {
                throw new RuntimeException(e);
            }
        });
        bot.setDaemon(true);
        bot.start();
        OnitamaServerTest.eventually(() -> text.toString().contains("your move (fr fc tr tc id, or card:from-to)"),
                "ann plays blue and is asked for a move");
        assertThat(text.toString()).contains("the game starts: you are blue").contains("blue (you)");
        typing.write("4 2 0 0 16\n");
        typing.flush();
        OnitamaServerTest.eventually(() -> text.toString().contains("the server answers 28"), "no card 16");
        typing.write("quit\n");
        typing.flush();
        person.join(5_000);
        assertThat(person.isAlive()).isFalse();
    }
}
