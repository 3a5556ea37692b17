package org.boardlab.protocol.onitama.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.time.Duration;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.BooleanSupplier;
import org.boardlab.ai.onitama.OnitamaHardPlayer;
import org.boardlab.ai.onitama.OnitamaNormalPlayer;
import org.boardlab.api.Move;
import org.boardlab.api.Player;
import org.boardlab.api.Side;
import org.boardlab.api.event.MatchOutcome.Ending;
import org.boardlab.api.event.WireEvent;
import org.boardlab.core.EventBus;
import org.boardlab.core.GameResult;
import org.boardlab.game.onitama.Onitama;
import org.boardlab.game.onitama.OnitamaMove;
import org.boardlab.game.onitama.OnitamaPosition;
import org.boardlab.protocol.onitama.WireMove;
import org.boardlab.server.EmbeddedServer;
import org.boardlab.server.ServerSettings;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Seed 001's protocol against the real server over loopback sockets, with a client written from the spec. */
class OnitamaServerTest {

    private final Onitama onitama = new Onitama();
    private final EventBus events = new EventBus();
    private final List<GameResult> results = new CopyOnWriteArrayList<>();
    private final List<WireEvent> wire = new CopyOnWriteArrayList<>();
    private final List<WireClient> clients = new CopyOnWriteArrayList<>();
    private final List<String> log = new CopyOnWriteArrayList<>();
    private EmbeddedServer server;
    private InetSocketAddress address;

    @BeforeEach
    void start() {
        start(0);
    }

    /** Starts the server with a pacing gap of {@code gap} ms. */
    private void start(long gap) {
        start(gap, OnitamaServerTest::player);
    }

    /** Starts the server with a pacing gap of {@code gap} ms and the server's players from {@code players}. */
    private void start(long gap, java.util.function.Function<String, Player> players) {
        if (server != null) {
            server.close();
        }
        server = new EmbeddedServer(id -> onitama, events, ServerSettings.defaults(), log::add);
        server.addProtocol(new OnitamaServerProtocol(new OnitamaProtocol(), players, gap,
                "onitama-normal", "onitama-hard"));
        server.onResult(results::add);
        events.subscribe(e -> {
            if (e instanceof WireEvent w) {
                wire.add(w);
            }
        });
        address = server.start("onitama", "127.0.0.1", 0);
    }

    static Player player(String id) {
        return switch (id) {
            case "onitama-normal" -> new OnitamaNormalPlayer();
            case "onitama-hard" -> new OnitamaHardPlayer();
            default -> null;
        };
    }

    @AfterEach
    void stop() throws IOException {
        for (WireClient c : clients) {
            c.close();
        }
        server.close();
    }

    private WireClient connect() throws IOException {
        WireClient c = new WireClient(address);
        clients.add(c);
        return c;
    }

    /**
     * Waits for {@code condition} up to 30 s: what is checked is that it happens at all (a server held up by a
     * hostile client never gets there), not how fast; 5 s was too short on a loaded CI machine (session 13: a
     * clean-clone CI waited 5 s for the other game's result while a deaf client flooded).
     */
    static void eventually(BooleanSupplier condition, String what) throws InterruptedException {
        eventually(condition, () -> what);
    }

    /** As {@link #eventually(BooleanSupplier, String)}, with {@code what} said when it fails (it may tell the state then). */
    static void eventually(BooleanSupplier condition, java.util.function.Supplier<String> what) throws InterruptedException {
        long until = System.nanoTime() + 30_000_000_000L;
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > until) {
                throw new AssertionError("not within 30 s: " + what.get());
            }
            Thread.sleep(5);
        }
    }

    /** Mode 0 and a difficulty; returns the setup line. */
    private String startPve(WireClient c, String difficulty) throws IOException {
        c.send("0");
        assertThat(c.next()).isEqualTo("0");
        c.send(difficulty);
        assertThat(c.next()).isEqualTo("0");
        String setup = c.next();
        assertThat(setup).matches("[01]( (1[0-5]|[0-9])){5}");
        return setup;
    }

    /** Mode 1 and a table; returns what the server answered the table. */
    private String sit(WireClient c, String table) throws IOException {
        c.send("1");
        assertThat(c.next()).isEqualTo("0");
        c.send(table);
        return c.next();
    }

    /**
     * Plays {@code me}'s side with random legal moves from the position the setup gave, reading the
     * opponent's moves, to the end; checks every answer and that the server closes after the last move
     * with no game-over bytes. Returns the final position.
     */
    static OnitamaPosition playOut(WireClient me, String setup, long seed, WireClient other) throws IOException {
        OnitamaPosition state = WireClient.start(setup);
        Side mine = WireClient.colour(setup);
        Random random = new Random(seed);
        while (!state.isTerminal()) {
            if (state.sideToMove() == mine) {
                List<Move> legal = state.legalMoves();
                OnitamaMove move = (OnitamaMove) legal.get(random.nextInt(legal.size()));
                me.send(WireMove.of(move).text());
                assertThat(me.next()).as("answer to " + move).isEqualTo("0");
                state = state.apply(move);
            } else {
                String text = me.next();
                String[] f = text.split(" ");
                OnitamaMove move = new WireMove(Integer.parseInt(f[0]), Integer.parseInt(f[1]), Integer.parseInt(f[2]),
                        Integer.parseInt(f[3]), Integer.parseInt(f[4])).toMove();
                assertThat(state.whyIllegal(move)).as("the server's move " + text).isNull();
                state = state.apply(move);
            }
        }
        me.expectClosed();
        return state;
    }

    @Test
    void pveNormalIsPlayedToTheEndAndTheServerClosesAfterTheWinningMove() throws Exception {
        WireClient c = connect();
        String setup = startPve(c, "1");
        OnitamaPosition end = playOut(c, setup, 1, null);
        eventually(() -> results.size() == 1, "the result is recorded");
        GameResult r = results.get(0);
        assertThat(r.outcome().ending()).isEqualTo(Ending.NORMAL);
        assertThat(r.outcome().winner()).isEqualTo(end.outcome().winner());
        assertThat(r.first() + " " + r.second()).contains("onitama-normal#");
        eventually(() -> OnitamaServerProtocol.tables(server.lobby()).stream().anyMatch(l -> l.startsWith("scores")),
                "the score is kept");
        String scores = OnitamaServerProtocol.tables(server.lobby()).get(5);
        assertThat(scores).contains("onitama-normal").contains("127.0.0.1");
        assertThat(OnitamaServerProtocol.tables(server.lobby()).subList(0, 5))
                .as("PvE games take no table").allMatch(l -> l.endsWith("EMPTY"));
    }

    /**
     * A hundred PvE games, each waiting for its client's move, hold no thread: the server's AI thinks
     * on the referee's player threads only on its turn (seed 001's server had a process per client;
     * boardlab's first PvE had a thread per game).
     */
    @Test
    void aHundredPveGamesWaitingForTheirClientsHoldNoThreadEach() throws Exception {
        int before = Thread.activeCount();
        for (int i = 0; i < 100; i++) {
            WireClient c = connect();
            String setup = startPve(c, "1");
            if (WireClient.colour(setup) == Side.SECOND) {
                c.next(); // the server's first move: now it waits for this client
            }
        }
        eventually(() -> server.tables().size() == 100, "100 tables");
        int during = Thread.activeCount();
        assertThat(during - before).as("threads added by 100 PvE games waiting for their clients").isLessThan(25);
    }

    /**
     * Sixteen PvE games played at once: the server's own player thinks on the referee's house pool, on
     * at most as many threads as there are cores, whatever the number of games waiting for its moves.
     * (Its moves here sleep 10 ms first, so that they overlap: on the referee's cached worker pool,
     * which grew with the queue to 113 threads at 10,000 clients, these games took a thread each.)
     */
    @Test
    void theServersOwnPlayerThinksOnAPoolSizedToTheCores() throws Exception {
        java.util.Set<String> threads = java.util.concurrent.ConcurrentHashMap.newKeySet();
        start(0, id -> {
            Player normal = player(id);
            return normal == null ? null : request -> {
                threads.add(Thread.currentThread().getName());
                Thread.sleep(10);
                return normal.chooseMove(request);
            };
        });
        java.util.concurrent.ExecutorService players = java.util.concurrent.Executors.newFixedThreadPool(16);
        try {
            List<java.util.concurrent.Future<OnitamaPosition>> games = new java.util.ArrayList<>();
            for (int i = 0; i < 16; i++) {
                long seed = i;
                games.add(players.submit(() -> {
                    WireClient c = connect();
                    return playOut(c, startPve(c, "1"), seed, null);
                }));
            }
            for (java.util.concurrent.Future<OnitamaPosition> g : games) {
                assertThat(g.get(60, java.util.concurrent.TimeUnit.SECONDS).isTerminal()).isTrue();
            }
        } finally {
            players.shutdownNow();
        }
        assertThat(threads).as("the threads the server's player thought on").isNotEmpty()
                .allMatch(name -> name.startsWith("boardlab-house-"))
                .hasSizeLessThanOrEqualTo(Runtime.getRuntime().availableProcessors());
    }

    @Test
    void pveHardAndTheNewestClientsDifficultyZeroArePlayedToTheEnd() throws Exception {
        WireClient hard = connect();
        String setup = startPve(hard, "2");
        playOut(hard, setup, 2, null);
        WireClient zero = connect();
        String setup0 = startPve(zero, "0");
        playOut(zero, setup0, 3, null);
        eventually(() -> results.size() == 2, "both results are recorded");
        assertThat(results).extracting(r -> r.first() + " " + r.second())
                .anyMatch(s -> s.contains("onitama-hard#")).anyMatch(s -> s.contains("onitama-normal#"));
    }

    @Test
    void pvpOnAChosenTableAndOnTableMinusOne() throws Exception {
        WireClient blue = connect();
        assertThat(sit(blue, "3")).isEqualTo("1");
        assertThat(OnitamaServerProtocol.tables(server.lobby()).get(3)).startsWith("table 3 FREE");
        WireClient red = connect();
        assertThat(sit(red, "-1")).as("-1 takes the first FREE table").isEqualTo("2");
        assertThat(blue.next()).isEqualTo("2");
        String blueSetup = blue.next();
        String redSetup = red.next();
        assertThat(blueSetup).startsWith("0 ");
        assertThat(redSetup).isEqualTo("1" + blueSetup.substring(1));
        eventually(() -> OnitamaServerProtocol.tables(server.lobby()).get(3).startsWith("table 3 PLAYING"), "table 3 plays");
        playBoth(blue, red, blueSetup, 5);
        eventually(() -> results.size() == 1, "the result is recorded");
        eventually(() -> OnitamaServerProtocol.tables(server.lobby()).get(3).equals("table 3 EMPTY"), "table 3 is EMPTY again");
    }

    /** Both clients play random moves, each reading the other's move. */
    private static void playBoth(WireClient blue, WireClient red, String setup, long seed) throws IOException {
        OnitamaPosition state = WireClient.start(setup);
        Random random = new Random(seed);
        while (!state.isTerminal()) {
            WireClient mover = state.sideToMove() == Side.FIRST ? blue : red;
            WireClient other = mover == blue ? red : blue;
            List<Move> legal = state.legalMoves();
            OnitamaMove move = (OnitamaMove) legal.get(random.nextInt(legal.size()));
            mover.send(WireMove.of(move).text());
            assertThat(mover.next()).isEqualTo("0");
            assertThat(other.next()).isEqualTo(WireMove.of(move).text());
            state = state.apply(move);
        }
        blue.expectClosed();
        red.expectClosed();
    }

    @Test
    void aTableMinusOneWithNoPlayerWaitingSeatsAtTheFirstEmptyTable() throws Exception {
        WireClient c = connect();
        assertThat(sit(c, "-1")).isEqualTo("1");
        assertThat(OnitamaServerProtocol.tables(server.lobby()).get(0)).startsWith("table 0 FREE");
    }

    @Test
    void aWaitingPlayerWhoLeavesFreesTheTable() throws Exception {
        WireClient c = connect();
        assertThat(sit(c, "2")).isEqualTo("1");
        assertThat(OnitamaServerProtocol.tables(server.lobby()).get(2)).startsWith("table 2 FREE");
        c.close();
        eventually(() -> OnitamaServerProtocol.tables(server.lobby()).get(2).equals("table 2 EMPTY"), "table 2 is EMPTY");
        WireClient next = connect();
        assertThat(sit(next, "2")).as("the next one sits alone, not with a ghost").isEqualTo("1");
    }

    @Test
    void aPlayerWhoLeavesAGameLosesItAndTheOtherIsToldByeAndClosed() throws Exception {
        WireClient blue = connect();
        sit(blue, "0");
        WireClient red = connect();
        sit(red, "0");
        blue.next();
        blue.next();
        red.next();
        red.close();
        assertThat(blue.next()).as("BYE").isEqualTo("1");
        blue.expectClosed();
        eventually(() -> results.size() == 1, "the result is recorded");
        assertThat(results.get(0).outcome().winner()).isEqualTo(Side.FIRST);
        assertThat(results.get(0).outcome().ending()).isEqualTo(Ending.ERROR);
        eventually(() -> OnitamaServerProtocol.tables(server.lobby()).get(0).equals("table 0 EMPTY"), "table 0 is EMPTY");
        assertThat(OnitamaServerProtocol.tables(server.lobby()).get(5)).contains("127.0.0.1 1-1-0");
    }

    @Test
    void aPlayerAskingForAPlayingTableWaitsInLineAndSitsWhenTheGameEnds() throws Exception {
        WireClient blue = connect();
        assertThat(sit(blue, "4")).isEqualTo("1");
        WireClient red = connect();
        assertThat(sit(red, "4")).isEqualTo("2");
        WireClient third = connect();
        third.send("1");
        assertThat(third.next()).isEqualTo("0");
        third.send("4");
        assertThat(third.silentFor(300)).as("in line: told nothing yet").isTrue();
        assertThat(OnitamaServerProtocol.tables(server.lobby()).get(4)).contains("PLAYING").contains("(1 in line)");
        assertThat(blue.next()).isEqualTo("2");
        String setup = blue.next();
        assertThat(red.next()).isEqualTo("1" + setup.substring(1));
        playBoth(blue, red, setup, 9);
        assertThat(third.next()).as("the game ended: the first in line sits down").isEqualTo("1");
        assertThat(OnitamaServerProtocol.tables(server.lobby()).get(4)).startsWith("table 4 FREE");
    }

    // ---- bad input: a clear answer (or an error and a clean close) for that client only

    /** Plays the first legal move's worth of an opening where blue may be refused things. */
    private WireClient[] pvpGame(String table) throws IOException {
        WireClient blue = connect();
        assertThat(sit(blue, table)).isEqualTo("1");
        WireClient red = connect();
        assertThat(sit(red, table)).isEqualTo("2");
        assertThat(blue.next()).isEqualTo("2");
        blue.next();
        red.next();
        return new WireClient[] {blue, red};
    }

    @Test
    void anUnknownModeIsAnswered24AndTheClientMayChooseAgain() throws Exception {
        WireClient c = connect();
        c.send("7");
        assertThat(c.next()).isEqualTo("24");
        c.send("x");
        assertThat(c.next()).isEqualTo("24");
        c.send("0");
        assertThat(c.next()).isEqualTo("0");
    }

    /**
     * A client that sends only refused messages (an unknown mode, NUL-terminated so each is its own
     * message) gets 64 answers at once, then none for a while, and is closed with 24 at the 129th in
     * a row; a client beside it plays on. Every protocol shares these limits ({@code Connection.refuse}).
     */
    @Test
    void refusedMessagesAreAnsweredWithinLimitsAndARepeaterIsClosed() throws Exception {
        WireClient[] game = pvpGame("3");
        WireClient c = connect();
        for (int i = 0; i < 64; i++) {
            c.send("7\0");
            assertThat(c.next()).as("refusal " + (i + 1)).isEqualTo("24");
        }
        for (int i = 0; i < 64; i++) {
            c.send("7\0");
        }
        // then at most one answer a second: the 64 sends took far less than a few seconds
        assertThat(c.count(Duration.ofMillis(300))).as("answers to the 65th to 128th refusals").isLessThanOrEqualTo(3);
        c.send("7\0");
        assertThat(c.next()).as("the closing error").isEqualTo("24");
        c.expectClosed();
        assertThat(server.violations()).isEqualTo(1);
        assertThat(log).anySatisfy(line -> assertThat(line).contains("more than 128 refused messages in a row"));
        OnitamaPosition state = (OnitamaPosition) server.tables().get(0).state();
        String legal = WireMove.of((OnitamaMove) state.legalMoves().get(0)).text();
        game[0].send(legal);
        assertThat(game[0].next()).isEqualTo("0");
        assertThat(game[1].next()).isEqualTo(legal);
    }

    @Test
    void anAcceptedMessageStartsTheCountOfRefusalsAgain() throws Exception {
        WireClient c = connect();
        for (int i = 0; i < 100; i++) {
            c.send("7\0");
            if (i < 64) {
                assertThat(c.next()).isEqualTo("24");
            }
        }
        c.count(Duration.ofMillis(200)); // what answers the 1-a-second allowance gave
        c.send("1\0");
        String answer;
        do {
            answer = c.next();
        } while (answer.equals("24"));
        assertThat(answer).as("PvP accepted").isEqualTo("0");
        for (int i = 0; i < 64; i++) {
            c.send("9\0");
            assertThat(c.next()).as("a wrong table after the count started again").isEqualTo("25");
            c.send("1\0");
            assertThat(c.next()).isEqualTo("0");
        }
        assertThat(server.violations()).isZero();
    }

    @Test
    void table7IsAnswered25AndTheClientIsBackAtTheMode() throws Exception {
        WireClient c = connect();
        assertThat(sit(c, "7")).isEqualTo("25");
        assertThat(sit(c, "1")).isEqualTo("1");
    }

    @Test
    void aWrongDifficultyIsAnswered26AndMayBeSentAgain() throws Exception {
        WireClient c = connect();
        c.send("0");
        assertThat(c.next()).isEqualTo("0");
        c.send("5");
        assertThat(c.next()).isEqualTo("26");
        c.send("2");
        assertThat(c.next()).isEqualTo("0");
        assertThat(c.next()).matches("[01]( [0-9]+){5}");
    }

    @Test
    void exitIsAnsweredByeAndClosed() throws Exception {
        WireClient c = connect();
        c.send("2");
        assertThat(c.next()).isEqualTo("1");
        c.expectClosed();
    }

    @Test
    void aMoveWithACardThePlayerDoesNotHoldOrOffTheBoardOrOutOfTurnIsRefusedAndTheTurnStays() throws Exception {
        WireClient[] c = pvpGame("1");
        OnitamaPosition state = (OnitamaPosition) server.tables().get(0).state();
        org.boardlab.game.onitama.Card notHeld = state.cards(Side.SECOND).get(0);
        // blue's student a1 (wire 4 0) one step forward with a card red holds
        c[0].send("4 0 3 0 " + org.boardlab.protocol.onitama.WireCards.number(notHeld));
        assertThat(c[0].next()).isEqualTo("27");
        c[0].send("4 0 3 0 16");
        assertThat(c[0].next()).as("no such card").isEqualTo("28");
        c[0].send("4 0 9 0 3");
        assertThat(c[0].next()).as("off the board").isEqualTo("27");
        c[0].send("4 0 3");
        assertThat(c[0].next()).as("three numbers in PvP, as the original").isEqualTo("28");
        OnitamaMove legal = (OnitamaMove) state.legalMoves().get(0);
        c[1].send(WireMove.of(legal).text());
        assertThat(c[1].next()).as("red out of turn").isEqualTo("27");
        c[0].send(WireMove.of(legal).text());
        assertThat(c[0].next()).isEqualTo("0");
        assertThat(c[1].next()).isEqualTo(WireMove.of(legal).text());
        assertThat(results).isEmpty();
        assertThat(server.violations()).isZero();
    }

    @Test
    void aMoveBeforeTheGameStartsIsRefused27AndThePlayerStillWaits() throws Exception {
        WireClient c = connect();
        assertThat(sit(c, "2")).isEqualTo("1");
        c.send("4 2 3 2 4");
        assertThat(c.next()).isEqualTo("27");
        assertThat(OnitamaServerProtocol.tables(server.lobby()).get(2)).startsWith("table 2 FREE");
        WireClient red = connect();
        assertThat(sit(red, "2")).isEqualTo("2");
        assertThat(c.next()).isEqualTo("2");
    }

    @Test
    void aMessageWithoutItsEndIsTakenAfterAPauseAndAnsweredAsTheOriginalAnswersAShortMove() throws Exception {
        WireClient pve = connect();
        if (startPve(pve, "1").startsWith("1 ")) {
            pve.next(); // red: the server's first move
        }
        pve.send("4 2 3");
        assertThat(pve.next()).as("fewer than five numbers in PvE, as the original").isEqualTo("27");
        WireClient[] c = pvpGame("0");
        c[0].send("4 2 3 2");
        assertThat(c[0].next()).isEqualTo("28");
        // a move in two pieces that arrive within the pause is one move
        OnitamaPosition state = (OnitamaPosition) server.tables().stream().filter(t -> t.names().contains("onitama-"
                + "x") == false && !t.names().get(0).startsWith("onitama-normal")).filter(t -> !t.names().get(1)
                .startsWith("onitama-normal")).findFirst().orElseThrow().state();
        String move = WireMove.of((OnitamaMove) state.legalMoves().get(0)).text();
        c[0].send(move.substring(0, 4));
        Thread.sleep(20);
        c[0].send(move.substring(4));
        assertThat(c[0].next()).isEqualTo("0");
    }

    @Test
    void terminatedMessagesAreCutAtTheirEndEvenWhenTheyComeTogether() throws Exception {
        WireClient c = connect();
        c.send("0\0");
        assertThat(c.next()).isEqualTo("0");
        c.send("1\n");
        assertThat(c.next()).isEqualTo("0");
        assertThat(c.next()).matches("[01]( [0-9]+){5}");
        WireClient d = connect();
        d.send("1\0" + "3\0");
        assertThat(d.next()).isEqualTo("0");
        assertThat(d.next()).isEqualTo("1");
    }

    @Test
    void aMegabyteMessageIsAnErrorAndACloseForThatClientOnlyWhileAnotherGameGoesOn() throws Exception {
        WireClient[] game = pvpGame("0");
        WireClient big = connect();
        big.send("1");
        assertThat(big.next()).isEqualTo("0");
        byte[] mb = new byte[1 << 20];
        java.util.Arrays.fill(mb, (byte) '7');
        try {
            big.sendBytes(mb);
        } catch (IOException e) {
            // the server may close before it has read it all
        }
        assertThat(big.next()).isEqualTo("24");
        big.expectClosed();
        eventually(() -> server.violations() == 1, "the violation is counted");
        playBoth(game[0], game[1], setupOf(0), 11);
    }

    /** The setup line of the running PvP game at index {@code i} of the server's tables, as blue got it. */
    private String setupOf(int i) {
        OnitamaPosition p = (OnitamaPosition) server.tables().get(i).startPosition();
        StringBuilder sb = new StringBuilder("0");
        for (org.boardlab.game.onitama.Card card : List.of(p.cards(Side.FIRST).get(0), p.cards(Side.FIRST).get(1),
                p.cards(Side.SECOND).get(0), p.cards(Side.SECOND).get(1), p.sideCard())) {
            sb.append(' ').append(org.boardlab.protocol.onitama.WireCards.number(card));
        }
        return sb.toString();
    }

    @Test
    void randomBytesAreAnErrorAndACloseAndTheInspectorSeesWhy() throws Exception {
        WireClient c = connect();
        byte[] junk = new byte[40];
        new Random(3).nextBytes(junk);
        junk[0] = (byte) 0xFF;
        c.sendBytes(junk);
        assertThat(c.next()).isEqualTo("24");
        c.expectClosed();
        eventually(() -> wire.stream().anyMatch(w -> w.decoded().violation() != null || w.decoded().error() != null),
                "the tap shows the violation");
        eventually(() -> server.connections().isEmpty(), "the connection is gone");
    }

    /**
     * A client in a game against the server that never reads again and floods bad moves: it is cut at the refusal
     * limit, and a game beside it plays to its end and is recorded. Its messages end with NUL, so that they are cut
     * the same way whatever the reads (CI /tmp/ci62: sent unterminated, its "0" and "0" were one message or two by
     * the reads' luck; as two, its own game began and ended, two results were recorded, and the old check, exactly
     * one result, never held).
     */
    @Test
    void aClientThatNeverReadsHoldsUpNobodyElse() throws Exception {
        WireClient[] game = pvpGame("3");
        WireClient deaf = connect();
        deaf.socket().setReceiveBufferSize(1024);
        deaf.send("0\0"); // PvE
        // it never reads again: a difficulty, then bad moves, each refused (answered, then not, then cut)
        Thread flooder = new Thread(() -> {
            try {
                deaf.send("0\0");
                for (int i = 0; i < 200_000; i++) {
                    deaf.send("9 9 9 9 9\0");
                }
            } catch (IOException e) {
                // closed by the server, or by the test
            }
        });
        flooder.setDaemon(true);
        flooder.start();
        playBoth(game[0], game[1], setupOf(0), 13);
        java.util.function.Predicate<GameResult> againstTheServer =
                r -> r.first().startsWith("onitama-normal#") || r.second().startsWith("onitama-normal#");
        eventually(() -> results.stream().anyMatch(againstTheServer.negate()), () -> "the other game is recorded; results: " + results);
        eventually(() -> log.stream().anyMatch(l -> l.contains(org.boardlab.server.Connection.REFUSAL_LIMIT)), "the flood is cut");
        eventually(() -> results.size() == 2, "the flooder's own game is recorded too");
        assertThat(results).filteredOn(againstTheServer.negate())
                .singleElement().satisfies(r -> assertThat(r.outcome().ending()).isEqualTo(Ending.NORMAL));
        assertThat(results).filteredOn(againstTheServer)
                .singleElement().satisfies(r -> assertThat(r.outcome().detail()).contains("lost the connection"));
        deaf.close();
        flooder.join(5_000);
    }
}
