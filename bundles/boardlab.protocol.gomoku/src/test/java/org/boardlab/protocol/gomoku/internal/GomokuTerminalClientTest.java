package org.boardlab.protocol.gomoku.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.PipedReader;
import java.io.PipedWriter;
import java.io.PrintWriter;
import java.io.StringReader;
import java.io.StringWriter;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.boardlab.ai.basic.FirstLegalPlayer;
import org.boardlab.ai.basic.RandomPlayer;
import org.boardlab.api.Player;
import org.boardlab.api.event.WireEvent;
import org.boardlab.core.EventBus;
import org.boardlab.game.gomoku.Gomoku;
import org.boardlab.protocol.gomoku.Cell;
import org.boardlab.protocol.gomoku.GomokuClient;
import org.boardlab.protocol.gomoku.GomokuJson;
import org.boardlab.protocol.gomoku.GomokuMessage;
import org.boardlab.protocol.gomoku.GomokuMessage.Color;
import org.boardlab.protocol.gomoku.GomokuMessage.FullUpdate;
import org.boardlab.protocol.gomoku.GomokuMessage.Place;
import org.boardlab.protocol.gomoku.GomokuMessage.Sender;
import org.boardlab.protocol.gomoku.GomokuMessage.Update;
import org.boardlab.protocol.gomoku.GomokuMessage.Win;
import org.boardlab.protocol.gomoku.GomokuSeat;
import org.boardlab.protocol.gomoku.GomokuWire;
import org.boardlab.protocol.gomoku.Role;
import org.boardlab.protocol.gomoku.Stone;
import org.boardlab.protocol.gomoku.WireBoard;
import org.boardlab.protocol.gomoku.Winner;
import org.boardlab.server.EmbeddedServer;
import org.boardlab.server.ServerSettings;
import org.boardlab.client.SeatOptions;
import org.boardlab.client.TerminalClient;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A person at the terminal client plays against a raw GMKU socket client through the real server,
 * and against a fake of the original (twd2/chess) server that a test scripts frame by frame.
 */
class GomokuTerminalClientTest {

    private static final FullUpdate OPENING = new FullUpdate(-1, -1, Stone.BLACK, WireBoard.empty(15, 15));

    private final EventBus events = new EventBus();
    private final List<WireEvent> wire = new CopyOnWriteArrayList<>();
    private EmbeddedServer server;
    private boolean serverClosed;
    private InetSocketAddress address;
    private final PipedWriter keyboard = new PipedWriter();
    private final PrintWriter typing = new PrintWriter(keyboard, true);
    private final StringWriter screen = new StringWriter();
    private CompletableFuture<Integer> exit;

    @BeforeEach
    void start() throws IOException {
        Gomoku gomoku = new Gomoku();
        server = new EmbeddedServer(id -> gomoku, events, ServerSettings.defaults(), line -> { });
        server.addProtocol(new GomokuServerProtocol(new GomokuProtocol()));
        events.subscribe(e -> {
            if (e instanceof WireEvent w) {
                wire.add(w);
            }
        });
        address = server.start("gomoku", "127.0.0.1", 0);
    }

    /** Starts the terminal client with heartbeats every 100 ms, typed to through {@link #typing}. */
    private void startClient() throws IOException {
        startClient(address.getPort());
    }

    /** {@link #startClient()} against the server on {@code port} of loopback. */
    private void startClient(int port) throws IOException {
        BufferedReader typed = new BufferedReader(new PipedReader(keyboard));
        GomokuTerminalClient client = new GomokuTerminalClient(Duration.ofMillis(100));
        exit = CompletableFuture.supplyAsync(() -> {
            try {
                return client.run("127.0.0.1", port, null, typed, new PrintWriter(screen, true));
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
    }

    @AfterEach
    void stop() throws IOException {
        keyboard.close();
        if (!serverClosed) {
            server.close();
        }
    }

    private void awaitText(String text) throws InterruptedException {
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (!screen.toString().contains(text)) {
            if (System.nanoTime() > until) {
                throw new AssertionError("the screen never showed '" + text + "'; it shows:\n" + screen);
            }
            Thread.sleep(10);
        }
    }

    private int count(String text) {
        return screen.toString().split(Pattern.quote(text), -1).length - 1;
    }

    /** Waits until {@code text} was shown {@code times} times, then checks it is not shown more often. */
    private void awaitCount(String text, int times) throws InterruptedException {
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (count(text) < times && System.nanoTime() < until) {
            Thread.sleep(10);
        }
        assertThat(count(text)).as("how often the screen shows '%s':%n%s", text, screen).isEqualTo(times);
    }

    /** The terminal client joined first, so it plays black; bob joins and plays white. */
    private GmkuClient pairWithBob() throws Exception {
        startClient();
        awaitText("joined: waiting for an opponent");
        GmkuClient bob = new GmkuClient(address);
        bob.send(GomokuMessage.JOIN);
        assertThat(bob.expectNext()).isEqualTo(GomokuMessage.HELLO);
        assertThat(bob.expectNext()).isEqualTo(GomokuMessage.HELLO);
        assertThat(bob.expectNext()).isEqualTo(new Color(Role.WHITE));
        assertThat(bob.expectNext()).isEqualTo(OPENING);
        awaitText("a new round is starting\nyou play black; black moves first");
        awaitText("    a b c d e f g h i j k l m n o\n 1  . . . . . . . . . . . . . . .");
        awaitText("15  . . . . . . . . . . . . . . .");
        awaitText("your turn (black): type a point, e.g. h8");
        return bob;
    }

    @Test
    void aPersonIsPairedSeesTheBoardPlaysByTypingAndSeesARefusal() throws Exception {
        try (GmkuClient bob = pairWithBob()) {
            typing.println("h8");
            assertThat(bob.expectNext()).isEqualTo(new Update(7, 7, Stone.WHITE));
            awaitText("black (you) played h8");
            awaitText(" 8  . . . . . . .[B]. . . . . . .");
            awaitText("white to move: waiting for your opponent");

            bob.send(new Place(6, 8)); // i7
            assertThat(bob.expectNext()).isEqualTo(new Update(6, 8, Stone.BLACK));
            awaitText("white played i7");
            awaitText(" 7  . . . . . . . .[W]. . . . . .\n 8  . . . . . . . B . . . . . . .");
            awaitCount("your turn (black)", 2);

            typing.println("h8");
            awaitText("h8 not sent: it is taken by black; type an empty point");
            assertThat(count(" 8  . . . . . . . B")).as("the unchanged board is not drawn again").isEqualTo(1);

            typing.println("h0");
            awaitText("'h0' is not a point: a point is a column letter from the left and a row number from the top,"
                    + " e.g. h8 (columns a..o, rows 1..15)");
            typing.println("place");
            awaitText("place needs a point");
            typing.println("dance");
            awaitText("unknown command 'dance'; commands: h8 (or place h8) to place a stone, new, board, help, quit");
            typing.println("new");
            awaitText("a round is being played: new asks for another round once this one is over");

            typing.println("place C9"); // column c = col 2, row 9 = row 8
            assertThat(bob.expectNext()).isEqualTo(new Update(8, 2, Stone.WHITE));
            awaitText("black (you) played c9");
            assertThat(bob.quietFor(200)).as("bob heard nothing of the refused and malformed moves").isTrue();

            byte[] heartbeat = GomokuWire.frame(GomokuMessage.HEARTBEAT);
            long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
            while (wire.stream().filter(w -> w.fromClient() && Arrays.equals(w.raw(), heartbeat)).count() < 2) {
                assertThat(System.nanoTime()).as("two heartbeat frames from the terminal client within 5 s").isLessThan(until);
                Thread.sleep(10);
            }

            typing.println("quit");
            assertThat(exit.get(5, TimeUnit.SECONDS)).isZero();
            awaitText("you left during the round, so the server gives it to your opponent");
            assertThat(bob.await(Win.class)).isEqualTo(new Win(Winner.WHITE));
        }
    }

    @Test
    void aWonRoundIsShownNewAsksForAnotherAndAClosedServerEndsWithOne() throws Exception {
        try (GmkuClient bob = pairWithBob()) {
            for (int col = 0; col < 4; col++) {
                awaitCount("your turn (black)", col + 1); // the client checks a point against the board it has seen
                typing.println((char) ('a' + col) + "1");
                assertThat(bob.expectNext()).isEqualTo(new Update(0, col, Stone.WHITE));
                bob.send(new Place(1, col));
                assertThat(bob.expectNext()).isEqualTo(new Update(1, col, Stone.BLACK));
            }
            awaitCount("your turn (black)", 5);
            typing.println("e1");
            assertThat(bob.expectNext()).isEqualTo(new Update(0, 4, Stone.WHITE));
            assertThat(bob.expectNext()).isEqualTo(new Win(Winner.BLACK));
            awaitText(" 1  B B B B[B]. . . . . . . . . .\n 2  W W W W . . . . . . . . . . .");
            awaitText("round over, black wins: you win. Type new for another round, or quit.");
            typing.println("board");
            awaitCount(" 1  B B B B[B]. . . . . . . . . .", 2);
            typing.println("help");
            awaitCount("commands: h8 (or place h8) to place a stone, new, board, help, quit", 2);

            typing.println("new");
            awaitText("asked for another round; the one who asks plays black");
            assertThat(bob.await(Color.class)).isEqualTo(new Color(Role.WHITE));
            awaitCount("a new round is starting", 2);
            awaitCount("you play black; black moves first", 2);
            awaitCount("your turn (black)", 6); // 1 + 4 in the first round, 1 in the second

            server.close();
            serverClosed = true;
            assertThat(exit.get(5, TimeUnit.SECONDS)).isEqualTo(1);
            assertThat(screen.toString()).contains("the server closed the connection");
        }
    }

    @Test
    void withALoadedPlayerTheClientPlaysTheRoundsAndQuits() throws Exception {
        Gomoku gomoku = new Gomoku();
        BufferedReader typed = new BufferedReader(new PipedReader(keyboard));
        CountDownLatch typedOnce = new CountDownLatch(1);
        RandomPlayer random = new RandomPlayer();
        Player waitsForTheTest = request -> {
            typedOnce.await(); // the first move waits until the test has typed a point of its own
            return random.chooseMove(request);
        };
        TerminalClient.AutoPlay auto = new TerminalClient.AutoPlay("random", waitsForTheTest, gomoku, Duration.ofMillis(200),
                null, 1);
        exit = CompletableFuture.supplyAsync(() -> {
            try {
                return new GomokuTerminalClient(Duration.ofMillis(100)).run("127.0.0.1", address.getPort(), null, auto,
                        typed, new PrintWriter(screen, true));
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        awaitText("random plays for you: it places your stones and asks for a new round after each, and you quit after 1 round");
        awaitText("joined: waiting for an opponent");
        GomokuClient bob = new GomokuClient(null);
        try {
            bob.connect("127.0.0.1", address.getPort()).get(5, TimeUnit.SECONDS);
            GomokuSeat bobSeat = GomokuSeat.start(bob, new FirstLegalPlayer(), gomoku,
                    SeatOptions.defaults().withGames(1).withNewGames(false), null);
            awaitText("your turn (black): random is thinking");
            typing.println("h8");
            awaitText("random plays your stones; type quit to stop");
            typedOnce.countDown();
            assertThat(exit.get(30, TimeUnit.SECONDS)).isZero();
            assertThat(bobSeat.finished().get(5, TimeUnit.SECONDS)).isEqualTo(1);
            assertThat(screen.toString()).containsPattern("random plays [a-o][0-9]+ \\(\\d+\\.\\d\\d s\\)");
            assertThat(screen.toString()).contains("round over, ", "played 1 round\nbye");
        } finally {
            bob.close();
        }
    }

    @Test
    void typedPointsMapToTheWiresZeroBasedRowAndCol() {
        assertThat(GomokuClient.place("h8")).contains(new Place(7, 7));
        assertThat(GomokuClient.place("a1")).contains(new Place(0, 0));
        assertThat(GomokuClient.place("O15")).contains(new Place(14, 14));
        assertThat(GomokuClient.place("i7")).contains(new Place(6, 8));
        for (Place p : List.of(new Place(0, 0), new Place(6, 8), new Place(14, 3))) {
            assertThat(GomokuClient.place(GomokuWire.point(p.row(), p.col()))).contains(p);
        }
        assertThat(GomokuClient.place("h0")).isEmpty();
        assertThat(GomokuClient.place("8h")).isEmpty();
        assertThat(GomokuClient.place("hh")).isEmpty();
        assertThat(GomokuClient.place("h")).isEmpty();
    }

    @Test
    void aServerThatIsNotThereIsAClearError() throws Exception {
        StringWriter out = new StringWriter();
        int code = new GomokuTerminalClient().run("127.0.0.1", 1, null, new BufferedReader(new StringReader("")),
                new PrintWriter(out, true));
        assertThat(code).isEqualTo(1);
        assertThat(out.toString()).startsWith("cannot connect to 127.0.0.1:1: ");
    }

    /**
     * One connection of a fake GMKU server on loopback, scripted by the test as the original server
     * (twd2/chess) behaves: it writes frames with the bundle's codec and reads the client's frames.
     */
    private static final class FakeOriginalServer implements AutoCloseable {
        private final ServerSocket listening = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
        private Socket peer;
        private DataInputStream in;

        FakeOriginalServer() throws IOException {
        }

        int port() {
            return listening.getLocalPort();
        }

        void accept() throws IOException {
            listening.setSoTimeout(5_000);
            peer = listening.accept();
            peer.setSoTimeout(5_000);
            in = new DataInputStream(peer.getInputStream());
        }

        /** Writes the messages' frames in one write, as the original writes a round's opening at once. */
        void send(GomokuMessage... messages) throws IOException {
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            for (GomokuMessage m : messages) {
                bytes.writeBytes(GomokuWire.frame(m));
            }
            peer.getOutputStream().write(bytes.toByteArray());
            peer.getOutputStream().flush();
        }

        /** The client's next frame (heartbeats included), or {@code null} once the client has closed. */
        GomokuMessage read() throws IOException {
            byte[] header = new byte[GomokuWire.HEADER_LENGTH];
            try {
                in.readFully(header);
            } catch (EOFException e) {
                return null;
            }
            assertThat(Arrays.copyOf(header, 4)).as("the frame's magic").isEqualTo(GomokuWire.MAGIC);
            int length = ((header[4] & 0xff) << 24) | ((header[5] & 0xff) << 16) | ((header[6] & 0xff) << 8) | (header[7] & 0xff);
            byte[] json = new byte[length];
            in.readFully(json);
            return GomokuJson.decode(json, Sender.CLIENT);
        }

        /** The client's next frame that is not a heartbeat. */
        GomokuMessage next() throws IOException {
            GomokuMessage m;
            do {
                m = read();
                assertThat(m).as("a frame from the client before it closed").isNotNull();
            } while (m == GomokuMessage.HEARTBEAT);
            return m;
        }

        /** Every frame but heartbeats that the client sends until it closes the connection. */
        List<GomokuMessage> restUntilClosed() throws IOException {
            List<GomokuMessage> rest = new ArrayList<>();
            for (GomokuMessage m = read(); m != null; m = read()) {
                if (m != GomokuMessage.HEARTBEAT) {
                    rest.add(m);
                }
            }
            return rest;
        }

        @Override
        public void close() throws IOException {
            if (peer != null) {
                peer.close();
            }
            listening.close();
        }
    }

    @Test
    void aSpectatorOfTheOriginalServerWatchesAndIsToldThatItsPointsAndNewAreNotSent() throws Exception {
        // the original server (chessserver.cpp @ 2008271a) with two players seated: a join gets
        // hello, color V and, during a round, the board; from then on the spectator gets every
        // update, win and hello, never a color
        WireBoard h8 = WireBoard.empty(15, 15).with(7, 7, Cell.BLACK);
        try (FakeOriginalServer original = new FakeOriginalServer()) {
            startClient(original.port());
            original.accept();
            assertThat(original.next()).isEqualTo(GomokuMessage.JOIN);
            original.send(GomokuMessage.HELLO, new Color(Role.SPECTATOR), new FullUpdate(7, 7, Stone.WHITE, h8));
            awaitText("joined\nyou watch this game as a spectator: you see every stone and who wins, but you cannot"
                    + " place stones or ask for another round. Type quit to leave.");
            awaitText(" 8  . . . . . . .[B]. . . . . . .");
            awaitText("white to move\n");

            typing.println("i7");
            awaitText("i7 not sent: spectators cannot place stones. You can watch the game (type board to see it again)"
                    + " or type quit to leave.");
            typing.println("place h9");
            awaitText("h9 not sent: spectators cannot place stones.");
            typing.println("new");
            awaitText("new not sent: spectators cannot ask for another round (the players start it and you see it)."
                    + " You can watch the game (type board to see it again) or type quit to leave.");
            typing.println("help");
            awaitText("commands: board, help, quit (you watch as a spectator)");

            original.send(new Update(6, 8, Stone.BLACK), new Win(Winner.WHITE)); // white plays i7 (a win for the test)
            awaitText("white played i7");
            awaitText("round over, white wins. The players may start another round; you will see it. Type quit to leave.");
            // the next round, as a spectator gets it: hello and the empty board, no color
            original.send(GomokuMessage.HELLO, OPENING);
            awaitText("a new round is starting\n    a b c d e f g h i j k l m n o");
            awaitCount("black to move\n", 2); // after i7 in the first round, and at the second's start
            typing.println("h8");
            awaitCount("not sent: spectators cannot place stones.", 3);
            assertThat(screen.toString()).doesNotContain("waiting for an opponent", "you win", "you lose", "was refused");

            typing.println("quit");
            assertThat(exit.get(5, TimeUnit.SECONDS)).isZero();
            awaitText("bye");
            assertThat(original.restUntilClosed()).as("what the spectator sent after its join (heartbeats aside)").isEmpty();
        }
    }

    @Test
    void aTypedPointIsCheckedAgainstTheKnownBoardBecauseTheOriginalServerRefusesNothing() throws Exception {
        // the original server (twd2/chess) hands the turn over before it checks a point, and answers
        // a taken or off-board point with nothing: a client that sent one would wait for ever
        try (FakeOriginalServer original = new FakeOriginalServer()) {
            startClient(original.port());
            original.accept();
            assertThat(original.next()).isEqualTo(GomokuMessage.JOIN);
            original.send(GomokuMessage.HELLO, new Color(Role.BLACK), OPENING);
            awaitText("your turn (black): type a point, e.g. h8");
            typing.println("h8");
            assertThat(original.next()).isEqualTo(new Place(7, 7));
            original.send(new Update(7, 7, Stone.WHITE));
            awaitText("white to move: waiting for your opponent");

            typing.println("i7");
            awaitText("i7 not sent: it is white's turn; wait for your opponent");
            original.send(new Update(6, 8, Stone.BLACK));
            awaitCount("your turn (black)", 2);
            typing.println("h8");
            awaitText("h8 not sent: it is taken by black; type an empty point");
            typing.println("i7");
            awaitText("i7 not sent: it is taken by white; type an empty point");
            typing.println("p1");
            awaitText("p1 not sent: it is off the board (columns a..o, rows 1..15)");
            typing.println("a16");
            awaitText("a16 not sent: it is off the board (columns a..o, rows 1..15)");
            typing.println("a1");
            assertThat(original.next()).as("the first frame after h8: the taken and off-board points were not sent")
                    .isEqualTo(new Place(0, 0));
            original.send(new Update(0, 0, Stone.WHITE), new Win(Winner.BLACK)); // a win for the test
            awaitText("round over, black wins: you win.");
            typing.println("b2");
            awaitText("b2 not sent: no round is being played; type new for another round");

            typing.println("quit");
            assertThat(exit.get(5, TimeUnit.SECONDS)).isZero();
            assertThat(original.restUntilClosed()).isEmpty();
        }
    }

    @Test
    void aPointTypedBeforeTheLastStoneIsAnsweredIsNotSentBecauseTheOriginalDropsAPlaceOutOfTurnSilently() throws Exception {
        // the original server drops a place that is not its sender's turn without a word (chessserver.cpp @ 2008271a,
        // lines 158-162): a second point typed before the first one's update came would be lost unseen
        try (FakeOriginalServer original = new FakeOriginalServer()) {
            startClient(original.port());
            original.accept();
            assertThat(original.next()).isEqualTo(GomokuMessage.JOIN);
            original.send(GomokuMessage.HELLO, new Color(Role.BLACK), OPENING);
            awaitText("your turn (black): type a point, e.g. h8");
            typing.println("h8");
            assertThat(original.next()).isEqualTo(new Place(7, 7));
            typing.println("i9"); // the server has not answered h8 yet
            awaitText("i9 not sent: your stone on h8 is on its way; wait for the server's answer");
            original.send(new Update(7, 7, Stone.WHITE), new Update(6, 8, Stone.BLACK)); // h8, then white's i7
            awaitCount("your turn (black)", 2);
            typing.println("i9");
            assertThat(original.next()).as("the first frame after h8: the i9 typed too early was not sent").isEqualTo(new Place(8, 8));

            typing.println("quit");
            assertThat(exit.get(5, TimeUnit.SECONDS)).isZero();
            assertThat(original.restUntilClosed()).isEmpty();
        }
    }

    @Test
    void aSeatWatchingAsASpectatorNeverAsksForANewRound() throws Exception {
        // the original server seats a third client as spectator V; the players start the rounds
        WireBoard h8 = WireBoard.empty(15, 15).with(7, 7, Cell.BLACK);
        try (FakeOriginalServer original = new FakeOriginalServer()) {
            GomokuClient watcher = new GomokuClient(null);
            try {
                CompletableFuture<GomokuClient> connected = watcher.connect("127.0.0.1", original.port());
                original.accept();
                connected.get(5, TimeUnit.SECONDS);
                GomokuSeat seat = GomokuSeat.start(watcher, new FirstLegalPlayer(), new Gomoku(), SeatOptions.defaults(), null);
                assertThat(original.next()).isEqualTo(GomokuMessage.JOIN);
                original.send(GomokuMessage.HELLO, new Color(Role.SPECTATOR), new FullUpdate(7, 7, Stone.WHITE, h8));
                original.send(new Update(6, 8, Stone.BLACK), new Win(Winner.WHITE));
                original.send(GomokuMessage.HELLO, OPENING);
                original.send(new Update(7, 7, Stone.WHITE), new Win(Winner.BLACK));
                long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
                while (seat.gamesPlayed() < 2) {
                    assertThat(System.nanoTime()).as("the seat saw both rounds end within 5 s").isLessThan(until);
                    Thread.sleep(5);
                }
            } finally {
                watcher.close();
            }
            assertThat(original.restUntilClosed()).as("what the spectator's seat sent after its join").isEmpty();
        }
    }

    @Test
    void anOriginalHostThatGreetsWithHelloAndNeverAnswersJoinIsShownAsARoundStartingNotAWait() throws Exception {
        // the original's older server (chessserver.cpp @ 496ca9cb) seats the first connection at
        // once: hello, color and the board before the client has said anything; join is ignored
        try (FakeOriginalServer original = new FakeOriginalServer()) {
            startClient(original.port());
            original.accept();
            original.send(GomokuMessage.HELLO, new Color(Role.BLACK), OPENING);
            awaitText("joined: a round is starting\nyou play black; black moves first");
            awaitText("your turn (black): type a point, e.g. h8");
            assertThat(original.next()).isEqualTo(GomokuMessage.JOIN);

            typing.println("h8");
            assertThat(original.next()).isEqualTo(new Place(7, 7));
            original.send(new Update(7, 7, Stone.WHITE), new Win(Winner.BLACK)); // a win for the test
            awaitText("round over, black wins: you win. Type new for another round, or quit.");
            typing.println("new");
            assertThat(original.next()).isEqualTo(GomokuMessage.NEW_ROUND);
            original.send(GomokuMessage.HELLO, new Color(Role.WHITE), OPENING);
            awaitText("a new round is starting\nyou play white; black moves first");
            awaitText("black to move: waiting for your opponent");

            // longer than a hello may wait for its round: no late "waiting" either
            Thread.sleep(GomokuTerminalClient.HELLO_GRACE_MILLIS + 300);
            assertThat(screen.toString()).doesNotContain("waiting for an opponent");
            assertThat(count("a round is starting")).isEqualTo(1);
            typing.println("quit");
            assertThat(exit.get(5, TimeUnit.SECONDS)).isZero();
            assertThat(original.restUntilClosed()).isEmpty();
        }
    }
}
