package org.boardlab.protocol.othello.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.PipedReader;
import java.io.PipedWriter;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.boardlab.ai.basic.FirstLegalPlayer;
import org.boardlab.ai.basic.RandomPlayer;
import org.boardlab.api.Player;
import org.boardlab.api.event.MatchOutcome.Ending;
import org.boardlab.core.EventBus;
import org.boardlab.core.GameResult;
import org.boardlab.game.othello.Othello;
import org.boardlab.protocol.othello.OthelloClient;
import org.boardlab.protocol.othello.OthelloSeat;
import org.boardlab.server.EmbeddedServer;
import org.boardlab.server.ServerSettings;
import org.boardlab.client.SeatOptions;
import org.boardlab.client.TerminalClient;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** A person at the terminal client plays against a socket client through the real server. */
class OthelloTerminalClientTest {

    private final Othello othello = new Othello();
    private final EmbeddedServer server = new EmbeddedServer(id -> othello, new EventBus(), ServerSettings.defaults(), l -> { });
    private final List<GameResult> results = new CopyOnWriteArrayList<>();

    OthelloTerminalClientTest() {
        server.onResult(results::add);
    }

    @AfterEach
    void stop() {
        server.close();
    }

    private static void awaitText(StringWriter screen, String text) throws InterruptedException {
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (!screen.toString().contains(text)) {
            if (System.nanoTime() > until) {
                throw new AssertionError("the screen never showed '" + text + "'; it shows:\n" + screen);
            }
            Thread.sleep(10);
        }
    }

    @Test
    void aPersonLogsInAcceptsAnInvitationAndPlays() throws Exception {
        server.addProtocol(new OthelloServerProtocol(new OthelloProtocol()));
        InetSocketAddress address = server.start("othello", "127.0.0.1", 0);
        PipedWriter keyboard = new PipedWriter();
        BufferedReader typed = new BufferedReader(new PipedReader(keyboard));
        StringWriter screen = new StringWriter();
        PrintWriter typing = new PrintWriter(keyboard, true);
        CompletableFuture<Integer> exit = CompletableFuture.supplyAsync(() -> {
            try {
                return new OthelloTerminalClient().run("127.0.0.1", address.getPort(), "ann", typed, new PrintWriter(screen, true));
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        awaitText(screen, "logged in");
        typing.println("invite nobody");
        awaitText(screen, "nobody could not be invited: no player of that name is free in the lobby (type 'who' to see it)");
        try (LineClient bob = new LineClient(address)) {
            bob.send("CNAME~bob");
            bob.await("SNAMEOK");
            bob.send("CREQ~ann");
            awaitText(screen, "bob invites you: type 'accept bob'");
            typing.println("accept bob");
            assertThat(bob.await("SSTARTG")).isEqualTo("SSTARTG~ann~BLACK");
            awaitText(screen, "game against bob: you play white; black moves first");
            bob.send("CMOV~3~2");
            awaitText(screen, "black played d3");
            awaitText(screen, "3 . . . B . . . .");
            typing.println("e9");
            awaitText(screen, "a move is a square a1..h8");
            typing.println("a1");
            awaitText(screen, "move a1 refused");
            typing.println("move c3");
            assertThat(bob.await("SMOV")).startsWith("SMOV~3~2~BLACK");
            assertThat(bob.await("SMOV")).startsWith("SMOV~2~2~WHITE~BLACK~");
            typing.println("quit");
            assertThat(exit.get(5, TimeUnit.SECONDS)).isZero();
        }
    }

    @Test
    void withALoadedPlayerTheClientInvitesPlaysTheGamesAndQuits() throws Exception {
        server.addProtocol(new OthelloServerProtocol(new OthelloProtocol()));
        InetSocketAddress address = server.start("othello", "127.0.0.1", 0);
        OthelloClient bob = new OthelloClient(null);
        bob.connect("127.0.0.1", address.getPort()).get(5, TimeUnit.SECONDS);
        OthelloSeat bobSeat = OthelloSeat.start(bob, new FirstLegalPlayer(), othello, SeatOptions.defaults().withGames(1), null);
        bob.login("bob").get(5, TimeUnit.SECONDS);
        try {
            PipedWriter keyboard = new PipedWriter();
            BufferedReader typed = new BufferedReader(new PipedReader(keyboard));
            StringWriter screen = new StringWriter();
            CountDownLatch typedOnce = new CountDownLatch(1);
            RandomPlayer random = new RandomPlayer();
            Player waitsForTheTest = request -> {
                typedOnce.await(); // the first move waits until the test has typed a move of its own
                return random.chooseMove(request);
            };
            TerminalClient.AutoPlay auto = new TerminalClient.AutoPlay("random", waitsForTheTest, othello,
                    Duration.ofMillis(200), "bob", 1);
            CompletableFuture<Integer> exit = CompletableFuture.supplyAsync(() -> {
                try {
                    return new OthelloTerminalClient().run("127.0.0.1", address.getPort(), "ann", auto, typed,
                            new PrintWriter(screen, true));
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            awaitText(screen, "random plays for you: it accepts every invitation and invites bob whenever you are both free,"
                    + " and you quit after 1 game");
            awaitText(screen, "bob accepted your invitation");
            awaitText(screen, "game against bob: you play black; your move");
            new PrintWriter(keyboard, true).println("d3");
            awaitText(screen, "random plays your moves; type quit to stop");
            typedOnce.countDown();
            assertThat(exit.get(30, TimeUnit.SECONDS)).isZero();
            assertThat(bobSeat.finished().get(5, TimeUnit.SECONDS)).isEqualTo(1);
            String shown = screen.toString();
            assertThat(shown).containsPattern("random plays [a-h][1-8] \\(\\d+\\.\\d\\d s\\)");
            assertThat(shown).contains("game over: black ", "played 1 game; bye");
            assertThat(results).hasSize(1);
            assertThat(results.get(0).first()).isEqualTo("ann");
            assertThat(results.get(0).outcome().ending()).isEqualTo(Ending.NORMAL);
        } finally {
            bob.close();
        }
    }

    @Test
    void aServerThatIsNotThereIsAClearError() throws Exception {
        StringWriter screen = new StringWriter();
        int code = new OthelloTerminalClient().run("127.0.0.1", 1, "ann", new BufferedReader(new java.io.StringReader("")),
                new PrintWriter(screen, true));
        assertThat(code).isEqualTo(1);
        assertThat(screen.toString()).startsWith("cannot connect to 127.0.0.1:1");
    }
}
