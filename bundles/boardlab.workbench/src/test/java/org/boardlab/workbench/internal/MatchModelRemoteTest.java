package org.boardlab.workbench.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.boardlab.ai.basic.FirstLegalPlayer;
import org.boardlab.ai.basic.RandomPlayer;
import org.boardlab.api.Move;
import org.boardlab.api.Player;
import org.boardlab.api.Side;
import org.boardlab.api.event.MatchOutcome.Ending;
import org.boardlab.api.event.RegistryEvent.Kind;
import org.boardlab.api.event.WireEvent;
import org.boardlab.client.SeatOptions;
import org.boardlab.core.Component;
import org.boardlab.core.EventBus;
import org.boardlab.core.GameResult;
import org.boardlab.core.Referee;
import org.boardlab.core.Registry;
import org.boardlab.game.gomoku.Gomoku;
import org.boardlab.game.othello.Othello;
import org.boardlab.protocol.gomoku.GomokuClient;
import org.boardlab.protocol.gomoku.GomokuSeat;
import org.boardlab.protocol.gomoku.internal.GomokuProtocol;
import org.boardlab.protocol.gomoku.internal.GomokuRemotePlay;
import org.boardlab.protocol.gomoku.internal.GomokuServerProtocol;
import org.boardlab.protocol.othello.OthelloClient;
import org.boardlab.protocol.othello.OthelloSeat;
import org.boardlab.protocol.othello.internal.OthelloProtocol;
import org.boardlab.protocol.othello.internal.OthelloRemotePlay;
import org.boardlab.protocol.othello.internal.OthelloServerProtocol;
import org.boardlab.server.EmbeddedServer;
import org.boardlab.server.ServerSettings;
import org.boardlab.server.WireTap;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The Match view's model as a client of a server given by address ("the opponent on a server"): a
 * person (moves made as board clicks are) or a loaded player plays a whole game on a real server over
 * loopback, against boardlab's own client; the game shown is the server's record, and the
 * connection's frames reach the event bus (the inspector).
 */
class MatchModelRemoteTest {

    private final EventBus events = new EventBus();
    private final Registry registry = new Registry(events);
    private final Referee referee = new Referee();
    private final BlockingQueue<Runnable> tasks = new LinkedBlockingQueue<>();
    private final List<WireEvent> wire = new CopyOnWriteArrayList<>();
    private final List<GameResult> results = new CopyOnWriteArrayList<>();
    private final Othello othello = new Othello();
    private final Gomoku gomoku = new Gomoku();
    private AutoCloseable subscription;
    private WireTap tap;
    private EmbeddedServer server;
    private MatchModel model;

    @BeforeEach
    void start() {
        registry.add(new Component<>(Kind.GAME, "othello", othello.name(), "boardlab.game.othello", "0.1.0", 3, () -> othello));
        registry.add(new Component<>(Kind.GAME, "gomoku", gomoku.name(), "boardlab.game.gomoku", "0.1.0", 4, () -> gomoku));
        registry.add(new Component<Player>(Kind.PLAYER, "first-legal", "first-legal", "test", "1.0.0", 5, FirstLegalPlayer::new));
        registry.add(new Component<Player>(Kind.PLAYER, "random", "random", "test", "1.0.0", 6, RandomPlayer::new));
        subscription = events.subscribe(e -> wire.add((WireEvent) e), WireEvent.class);
        tap = new WireTap(events);
        server = new EmbeddedServer(registry::requireGame, events, ServerSettings.defaults(), line -> { });
        server.addProtocol(new OthelloServerProtocol(new OthelloProtocol()));
        server.addProtocol(new GomokuServerProtocol(new GomokuProtocol()));
        server.onResult(results::add);
        model = new MatchModel(registry, events, referee, null, tasks::add);
        model.setRemotes(() -> List.of(new OthelloRemotePlay(), new GomokuRemotePlay()), tap);
        model.showChosenGame();
    }

    @AfterEach
    void stop() throws Exception {
        model.close();
        server.close();
        tap.close();
        subscription.close();
        referee.close();
    }

    /** Runs the model's tasks until {@code condition} holds (at most 30 s, then fails). */
    private void runUntil(String what, BooleanSupplier condition) throws InterruptedException {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (!condition.getAsBoolean()) {
            Runnable task = tasks.poll(Math.max(1, Math.min(50_000_000L, end - System.nanoTime())), TimeUnit.NANOSECONDS);
            assertThat(System.nanoTime()).as("waiting for " + what + "; status: " + model.status()).isLessThan(end);
            if (task != null) {
                task.run();
            }
        }
    }

    private List<WireEvent> framesOf(String player) {
        // the client's own connection (the server's tap has the same frames under its connection id)
        return wire.stream().filter(e -> player.equals(e.player()) && e.connectionId() == model.remote().connection()).toList();
    }

    @Test
    void sidesOfferTheOpponentOnAServerForEachProtocolOfTheGame() {
        model.chooseGame("othello");
        assertThat(model.setup().sideChoices()).contains("the opponent on a server (othello)").doesNotContain("the opponent on a server (gomoku)");
        model.chooseGame("gomoku");
        assertThat(model.setup().sideChoices()).contains("the opponent on a server (gomoku)");
    }

    @Test
    void aWrongAddressOrNoServerThereIsSaidOnTheStatusLine() throws Exception {
        model.chooseGame("othello");
        model.setup().choose(Side.SECOND, "the opponent on a server (othello)");
        model.remote().setAddress("localhost");
        model.start();
        assertThat(model.status()).isEqualTo("the server's address is HOST:PORT, e.g. 127.0.0.1:10000; not 'localhost'");
        int dead;
        try (java.net.ServerSocket s = new java.net.ServerSocket(0)) {
            dead = s.getLocalPort();
        }
        model.remote().setAddress("127.0.0.1:" + dead);
        model.start();
        runUntil("the connection fails", () -> model.status().startsWith("cannot connect to 127.0.0.1:" + dead + ": "));
    }

    @Test
    void aPersonPlaysAWholeOthelloGameOnAServerByAddressAndTheGameShownIsTheServers() throws Exception {
        InetSocketAddress at = server.start("othello", "127.0.0.1", 0);
        model.chooseGame("othello");
        model.setup().choose(Side.FIRST, SideChoices.HUMAN);
        model.setup().choose(Side.SECOND, "the opponent on a server (othello)");
        model.remote().setAddress("127.0.0.1:" + at.getPort());
        model.remote().setName("here");
        model.start();
        runUntil("logged in", () -> model.status().equals("logged in as here; waiting for an invitation"));
        OthelloClient rival = new OthelloClient(null);
        rival.connect("127.0.0.1", at.getPort()).get(10, TimeUnit.SECONDS);
        OthelloSeat seat = OthelloSeat.start(rival, new FirstLegalPlayer(), othello, SeatOptions.defaults().withInvite("here").withGames(1), null);
        rival.login("rival").get(10, TimeUnit.SECONDS);
        int clicks = 0;
        try {
            long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (model.result().isEmpty()) {
                assertThat(System.nanoTime()).as("the game goes on too long; status: " + model.status() + "; moves shown "
                        + model.moveLines().stream().map(e -> e.move().notation()).toList()).isLessThan(end);
                Side turn = model.clickable();
                if (turn != null && model.shownPosition().sideToMove() == turn) {
                    assertThat(turn).as("the inviter plays black: the person here is white").isEqualTo(Side.SECOND);
                    List<? extends Move> legal = model.shownPosition().legalMoves();
                    model.boardMove(legal.get(legal.size() - 1));
                    clicks++;
                }
                Runnable task = tasks.poll(20, TimeUnit.MILLISECONDS);
                if (task != null) {
                    task.run();
                }
            }
            assertThat(seat.finished().get(10, TimeUnit.SECONDS)).isEqualTo(1);
            runUntil("the server's result", () -> !results.isEmpty() && model.remote().end() != null);
        } finally {
            rival.close();
        }
        GameResult result = results.get(0);
        // the wire tap's frames reach the event bus on the bus's own thread and may trail the game: in a CI on 2 cores
        // the client had read the server's SENDG (its last message; a frame may carry it with the last SMOV) and the
        // bus had not yet handed it on when the frames below were read
        runUntil("the server's SENDG on the event bus", () -> framesOf("here").stream().filter(e -> !e.fromClient())
                .map(e -> new String(e.raw(), StandardCharsets.US_ASCII)).reduce("", String::concat).contains("SENDG~"));
        assertThat(result.outcome().ending()).isEqualTo(Ending.NORMAL);
        assertThat(result.first()).isEqualTo("rival");
        assertThat(result.second()).isEqualTo("here");
        assertThat(model.moveLines().stream().map(e -> e.move().notation()).toList())
                .isEqualTo(result.outcome().moves().stream().map(Move::notation).toList());
        assertThat(model.result()).doesNotContain("illegal", "timeout", "error", "stopped");
        assertThat(model.status()).contains("the server ended the game: ");
        assertThat(model.name(Side.FIRST)).isEqualTo("rival");
        assertThat(model.name(Side.SECOND)).isEqualTo("here");
        assertThat(clicks).isGreaterThan(5);
        // the connection's frames, in and out, reach the event bus under one connection id
        List<WireEvent> frames = framesOf("here");
        assertThat(frames.stream().map(WireEvent::connectionId).distinct()).containsExactly(model.remote().connection());
        String sent = frames.stream().filter(WireEvent::fromClient).map(e -> new String(e.raw(), StandardCharsets.US_ASCII))
                .reduce("", String::concat);
        assertThat(sent).startsWith("CNAME~here\n");
        java.util.List<String> recorded = result.outcome().moves().stream().map(Move::notation).toList();
        long byHere = 0;
        org.boardlab.api.GameState replay = othello.newGame();
        for (String m : recorded) {
            if (replay.sideToMove() == Side.SECOND && !m.equals("pass")) {
                byHere++;
            }
            replay = replay.apply(replay.parseMove(m));
        }
        assertThat(sent.split("CMOV~", -1).length - 1).as("one CMOV for each of the person's moves").isEqualTo(byHere);
        String heard = frames.stream().filter(e -> !e.fromClient()).map(e -> new String(e.raw(), StandardCharsets.US_ASCII))
                .reduce("", String::concat);
        assertThat(heard).contains("SNAMEOK\n", "SSTARTG~rival~WHITE\n", "SENDG~");
    }

    @Test
    void theSidesStandingOnTheServerStaysAboveTheNews() throws Exception {
        InetSocketAddress at = server.start("othello", "127.0.0.1", 0);
        model.chooseGame("othello");
        model.setup().choose(Side.FIRST, "first-legal");
        model.setup().choose(Side.SECOND, "the opponent on a server (othello)");
        model.remote().setAddress("127.0.0.1:" + at.getPort());
        model.remote().setName("here");
        List<String> shown = new CopyOnWriteArrayList<>();
        model.onChange(part -> {
            if (part == MatchModel.Part.STATUS) {
                shown.add(model.status());
            }
        });
        model.start();
        runUntil("logged in", () -> model.status().equals("logged in as here; waiting for an invitation"));
        OthelloClient rival = new OthelloClient(null);
        try {
            rival.connect("127.0.0.1", at.getPort()).get(10, TimeUnit.SECONDS);
            rival.login("rival").get(10, TimeUnit.SECONDS);
            rival.sendRaw("CREQ~here");
            // the invitation is news: it comes under where the side stands, which a person still needs to see (the news
            // replaced it: "rival invites you" alone); then the game is where it stands
            runUntil("the game", () -> model.status().startsWith("playing on 127.0.0.1:" + at.getPort() + ": here (white, first-legal) against rival"));
            assertThat(shown).contains("logged in as here; waiting for an invitation\nrival invites you");
        } finally {
            rival.close();
        }
    }

    @Test
    void aLoadedPlayerPlaysAWholeGomokuRoundOnAServerByAddress() throws Exception {
        InetSocketAddress at = server.start("gomoku", "127.0.0.1", 0);
        model.chooseGame("gomoku");
        model.setup().choose(Side.FIRST, "random");
        model.setup().choose(Side.SECOND, "the opponent on a server (gomoku)");
        model.remote().setAddress("127.0.0.1:" + at.getPort());
        model.remote().setName("bot-here");
        model.start();
        runUntil("joined", () -> model.status().startsWith("joined; waiting for the server to pair us"));
        GomokuClient rival = new GomokuClient(null);
        rival.connect("127.0.0.1", at.getPort()).get(10, TimeUnit.SECONDS);
        GomokuSeat seat = GomokuSeat.start(rival, new FirstLegalPlayer(), gomoku, SeatOptions.defaults().withGames(1), null);
        try {
            runUntil("the end of the round", () -> !model.result().isEmpty() && model.remote().end() != null);
            assertThat(seat.finished().get(10, TimeUnit.SECONDS)).isEqualTo(1);
        } finally {
            rival.close();
        }
        GameResult result = results.get(0);
        assertThat(model.moveLines().stream().map(e -> e.move().notation()).toList())
                .isEqualTo(result.outcome().moves().stream().map(Move::notation).toList());
        assertThat(model.name(Side.FIRST)).isEqualTo("bot-here");
        assertThat(model.name(Side.SECOND)).isEqualTo("the other player");
        assertThat(model.result()).doesNotContain("illegal", "timeout", "error", "stopped");
        assertThat(framesOf("bot-here")).isNotEmpty().allMatch(e -> e.connectionId() == model.remote().connection());
    }
}
