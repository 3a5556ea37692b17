package org.boardlab.protocol.reversi.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.PipedReader;
import java.io.PipedWriter;
import java.io.PrintWriter;
import java.io.StringReader;
import java.io.StringWriter;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.boardlab.ai.basic.FirstLegalPlayer;
import org.boardlab.core.EventBus;
import org.boardlab.game.othello.Othello;
import org.boardlab.server.EmbeddedServer;
import org.boardlab.server.ServerSettings;
import org.boardlab.client.TerminalClient;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * boardlab's own players ({@code boardlab client reversi}) and ASCII Game Controller
 * ({@code boardlab gc}) against boardlab's Game Master, as a person at the terminal sees them.
 */
class TerminalClientsTest {

    private EmbeddedServer server;
    private List<InetSocketAddress> gm;

    @BeforeEach
    void open() {
        server = new EmbeddedServer(id -> id.equals("othello") ? new Othello() : null, new EventBus(),
                ServerSettings.defaults(), line -> { });
        server.addProtocol(new ReversiServerProtocol(new ReversiProtocol(), Duration.ofSeconds(10)));
        gm = server.startGroup("reversi", "127.0.0.1", 0);
    }

    @AfterEach
    void close() {
        server.close();
    }

    /** A terminal: what the client prints, and what is typed into it. */
    static final class Terminal {
        final StringWriter text = new StringWriter();
        final PrintWriter out = new PrintWriter(text);
        final PipedWriter keys = new PipedWriter();
        final BufferedReader in;

        Terminal() throws IOException {
            in = new BufferedReader(new PipedReader(keys));
        }

        String text() {
            synchronized (out) {
                return text.toString();
            }
        }

        void type(String line) throws IOException {
            keys.write(line + "\n");
            keys.flush();
        }

        /** Waits until the printed text matches {@code regex} after {@code from}; returns the match's end. */
        Matcher await(String regex, int from) throws InterruptedException {
            Pattern p = Pattern.compile(regex);
            long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (System.nanoTime() < until) {
                Matcher m = p.matcher(text());
                if (m.find(from)) {
                    return m;
                }
                Thread.sleep(5);
            }
            throw new AssertionError("no " + regex + " in:\n" + text());
        }
    }

    private static CompletableFuture<Integer> run(TerminalClient client, InetSocketAddress at, String name,
            TerminalClient.AutoPlay autoPlay, BufferedReader in, PrintWriter out) {
        return CompletableFuture.supplyAsync(() -> {
            try {
                return client.run(at.getHostString(), at.getPort(), name, autoPlay, in, out);
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
    }

    private static TerminalClient.AutoPlay firstLegal() {
        return new TerminalClient.AutoPlay("first-legal", new FirstLegalPlayer(), new Othello(), Duration.ofSeconds(1), null, 0);
    }

    @Test
    void twoLoadedPlayersAndTheAsciiControllerFollowAWholeGame() throws Exception {
        Terminal gc = new Terminal();
        CompletableFuture<Integer> controller = run(new ReversiControllerTerminal(), gm.get(2), null, null, gc.in, gc.out);
        gc.await("connected to the Game Master's controller port", 0);
        StringWriter blackText = new StringWriter();
        StringWriter whiteText = new StringWriter();
        CompletableFuture<Integer> black = run(new ReversiTerminalClient(), gm.get(0), "Philip Blake", firstLegal(),
                new BufferedReader(new StringReader("")), new PrintWriter(blackText));
        CompletableFuture<Integer> white = run(new ReversiTerminalClient(), gm.get(1), "Rick Grimes", firstLegal(),
                new BufferedReader(new StringReader("")), new PrintWriter(whiteText));
        assertEquals(0, black.get(60, TimeUnit.SECONDS), "the player stops after End: " + blackText);
        assertEquals(0, white.get(60, TimeUnit.SECONDS));
        String b = blackText.toString();
        assertTrue(b.contains("connected to 127.0.0.1:" + gm.get(0).getPort() + " as Philip Blake"), b);
        assertTrue(b.contains("colour: black (Player OK)"), b);
        assertTrue(b.contains("next turn: last move -, 8x8, black 2, white 2"), b);
        assertTrue(b.contains("  A B C D E F G H\n1 N N N N N N N N"), b);
        assertTrue(b.contains("first-legal plays "), b);
        assertTrue(b.contains("move accepted (OK)"), b);
        Matcher end = Pattern.compile("end: scores black (\\d+), white (\\d+)").matcher(b);
        assertTrue(end.find(), b);
        assertTrue(b.contains("disconnected ("), b);
        assertTrue(whiteText.toString().contains("colour: white (Player OK)"));
        // the controller: the seed's layout, and the same scores
        Matcher scores = gc.await("Scores : White=(\\d+) Black=(\\d+)", 0);
        assertEquals(end.group(1), scores.group(2));
        assertEquals(end.group(2), scores.group(1));
        String g = gc.text();
        assertTrue(g.contains("Black Player : Philip Blake\nLast Move : "), g);
        assertTrue(g.contains("White Player : Rick Grimes\nLast Move : "), g);
        assertTrue(Pattern.compile("Points: \\d+\nTime: \\d+ ms\n").matcher(g).find(), g);
        assertTrue(g.contains("Commands: (s) step by step mode\n(c) Continuous mode\n(ch) : change board size\n(q) : quit\n(r) restart"), g);
        gc.type("q");
        assertEquals(0, controller.get(10, TimeUnit.SECONDS));
    }

    /**
     * A player stuck in its move (it waits until its thread is interrupted) at a Game Master with 1 s
     * a move: when the Game Master ends the game (End), the seat cancels the request (it says so) and
     * interrupts the player's thread, long before the request's own deadline (30 s).
     */
    @Test
    void aStuckPlayerIsCancelledWhenTheGameMasterEndsItsGame() throws Exception {
        EmbeddedServer quick = new EmbeddedServer(id -> id.equals("othello") ? new Othello() : null, new EventBus(),
                ServerSettings.defaults(), line -> { });
        quick.addProtocol(new ReversiServerProtocol(new ReversiProtocol(), Duration.ofSeconds(1)));
        List<InetSocketAddress> ports = quick.startGroup("reversi", "127.0.0.1", 0);
        org.boardlab.server.testing.StuckPlayer stuck = new org.boardlab.server.testing.StuckPlayer();
        StringWriter blackText = new StringWriter();
        try {
            CompletableFuture<Integer> black = run(new ReversiTerminalClient(), ports.get(0), "stuck",
                    new TerminalClient.AutoPlay("stuck", stuck, new Othello(), Duration.ofSeconds(30), null, 0),
                    new BufferedReader(new StringReader("")), new PrintWriter(blackText));
            CompletableFuture<Integer> white = run(new ReversiTerminalClient(), ports.get(1), "bot", firstLegal(),
                    new BufferedReader(new StringReader("")), new PrintWriter(new StringWriter()));
            assertTrue(stuck.cancelledWhenInterrupted.get(30, TimeUnit.SECONDS),
                    "the request was cancelled when the player's thread was interrupted:\n" + blackText);
            assertEquals(0, black.get(30, TimeUnit.SECONDS), blackText.toString());
            assertEquals(0, white.get(30, TimeUnit.SECONDS));
            assertTrue(blackText.toString().contains("end: scores black 0"), blackText.toString());
        } finally {
            quick.close();
        }
    }

    @Test
    void aPersonTypesMovesAndTheControllerChangesTheSizeAndSteps() throws Exception {
        Terminal gc = new Terminal();
        CompletableFuture<Integer> controller = run(new ReversiControllerTerminal(), gm.get(2), null, null, gc.in, gc.out);
        gc.await("connected", 0);
        gc.type("ch 5");
        gc.await("NOK: the Game Master refused the command", 0);
        gc.type("ch");
        gc.await("new board size", 0);
        gc.type("6");
        int ok = gc.await("(?m)^OK$", 0).end();
        gc.type("s"); // step by step before the game: the game waits for steps
        ok = gc.await("(?m)^OK$", ok).end();

        Terminal person = new Terminal();
        CompletableFuture<Integer> black = run(new ReversiTerminalClient(), gm.get(0), "ann", null, person.in, person.out);
        CompletableFuture<Integer> white = run(new ReversiTerminalClient(), gm.get(1), "bot", firstLegal(),
                new BufferedReader(new StringReader("")), new PrintWriter(new StringWriter()));
        gc.await("  A B C D E F\n", 0);
        person.await("colour: black", 0);
        person.type("D3");
        person.await("it is not your turn", 0);
        gc.type("s"); // one step: black's Next Turn
        Matcher prompt = person.await("your move \\(e\\.g\\. ([A-F][1-6])\\):", 0);
        person.type(prompt.group(1));
        int at = person.await("move accepted \\(OK\\)", prompt.end()).end();
        gc.await("Last Move : " + prompt.group(1), 0);
        gc.type("s"); // white's move
        gc.type("s"); // black's next Next Turn
        prompt = person.await("your move \\(e\\.g\\. ([A-F][1-6])\\):", at);
        person.type("Z9"); // off the 6x6 board: an illegal move
        person.await("move refused \\(NOK\\)", prompt.end());
        Matcher end = person.await("end: scores black (\\d+), white (\\d+)", 0);
        assertEquals("0", end.group(1));
        assertEquals(0, black.get(30, TimeUnit.SECONDS));
        assertEquals(0, white.get(30, TimeUnit.SECONDS));
        gc.await("Scores : White=" + end.group(2) + " Black=0", 0);
        gc.type("q");
        assertEquals(0, controller.get(10, TimeUnit.SECONDS));
    }
}
