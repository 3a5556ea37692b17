package org.boardlab.workbench.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.boardlab.api.GameOptions;
import org.boardlab.api.Move;
import org.boardlab.api.MoveRequest;
import org.boardlab.api.Side;
import org.boardlab.api.event.MatchOutcome;
import org.boardlab.api.event.RegistryEvent.Kind;
import org.boardlab.core.Component;
import org.boardlab.core.EventBus;
import org.boardlab.core.GameRecord;
import org.boardlab.core.MatchSettings;
import org.boardlab.core.PlayerSeat;
import org.boardlab.core.Referee;
import org.boardlab.core.Registry;
import org.boardlab.game.tictactoe.TicTacToe;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Match view model's parts on their own, without a display: the setup of the next match, the
 * match played and the game shown from its journal, records, the server's moves for a local copy, and
 * the offer to network clients. A real registry, event bus and referee play tic-tac-toe; the test
 * thread is the model's thread.
 */
class MatchPartsTest {

    private final EventBus events = new EventBus();
    private final Registry registry = new Registry(events);
    private final Referee referee = new Referee();
    private final BlockingQueue<Runnable> tasks = new LinkedBlockingQueue<>();
    private final TicTacToe game = new TicTacToe();

    MatchPartsTest() {
        registry.add(new Component<>(Kind.GAME, "tictactoe", game.name(), "boardlab.game.tictactoe", "0.1.0", 3, () -> game));
        registry.add(new Component<>(Kind.PLAYER, "first-legal", "first-legal", "test.first-legal", "1.0.0", 4,
                MatchModelTest.FirstLegal::new));
    }

    @AfterEach
    void close() {
        referee.close();
    }

    private void runUntil(String what, BooleanSupplier condition) throws InterruptedException {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!condition.getAsBoolean()) {
            Runnable task = tasks.poll(Math.max(1, end - System.nanoTime()), TimeUnit.NANOSECONDS);
            assertThat(task).as("waiting for " + what).isNotNull();
            task.run();
        }
    }

    @Test
    void theSetupTellsTwoPlayersOfTheSameNameApartAndSaysWhatIsWrongWithTheOptions() {
        List<String> told = new ArrayList<>();
        MatchSetup setup = new MatchSetup(registry, null, () -> told.add("choices"));
        assertThat(setup.chosenGame()).isEqualTo("tictactoe");
        setup.choose(Side.FIRST, "first-legal");
        setup.choose(Side.SECOND, "first-legal");
        assertThat(told).isNotEmpty();
        MatchSetup.Seats seats = setup.seats(game, () -> { });
        assertThat(seats.names()).containsExactly("first-legal#1", "first-legal#2");
        assertThat(seats.seats()[0].name()).isEqualTo("first-legal#1");
        assertThat(seats.people()).containsOnlyNulls();

        setup.setOptions("  nonsense ");
        assertThat(setup.optionsProblem("fine")).isEqualTo("the options are not right for tictactoe: an option is written key=value, not 'nonsense'");
        assertThat(setup.start().ply()).as("the default start while the options are wrong").isZero();
        setup.setOptions("");
        assertThat(setup.optionsProblem("fine")).isEqualTo("fine");
    }

    @Test
    void theGameShownFollowsTheMatchPlayedToItsEndAndReplaysAnyMove() throws Exception {
        List<MatchOutcome> ended = new ArrayList<>();
        List<MatchModel.Part> changed = new ArrayList<>();
        ShownGame shown = new ShownGame(tasks::add, changed::add, ended::add);
        PlayedMatch played = new PlayedMatch(referee, events, tasks::add, shown, () -> { });
        PlayerSeat[] seats = {new PlayerSeat("ann", MatchModelTest.FirstLegal::new), new PlayerSeat("bob", MatchModelTest.FirstLegal::new)};
        shown.show(game, game.newGame(), new String[] {"ann", "bob"});
        List<Long> ids = new ArrayList<>();
        played.play(game, GameOptions.DEFAULT, seats, new HumanPlayer[2],
                MatchSettings.defaults().withTimePerMove(Duration.ofSeconds(10)).withMoveDelay(Duration.ZERO), false, ids::add);
        assertThat(ids).containsExactly(played.followed());
        runUntil("the end of the game", () -> !ended.isEmpty());

        int plies = shown.snapshot().ply();
        assertThat(shown.moveLines()).hasSize(plies);
        assertThat(shown.result()).isNotEmpty();
        assertThat(shown.position().isTerminal()).isTrue();
        assertThat(shown.moveText(shown.moveLines().get(0))).startsWith("1. " + shown.moveLines().get(0).move().notation() + "  (X");
        assertThat(shown.clock(Side.FIRST, System.nanoTime())).startsWith("last ").contains(" · total ").doesNotContain("left");
        played.match().results().get(10, TimeUnit.SECONDS); // the journal may tell the end before the match's results complete
        assertThat(played.goesOn()).isFalse();

        assertThat(shown.view(plies + 1)).as("no such move").isFalse();
        assertThat(shown.view(2)).isTrue();
        assertThat(shown.position().ply()).isEqualTo(2);
        assertThat(shown.lastMove()).isEqualTo(shown.moveLines().get(1).move());
        assertThat(played.clickable()).as("nobody clicks while a move is replayed").isNull();
        assertThat(shown.live()).isTrue();
        assertThat(shown.position().isTerminal()).isTrue();

        GameRecord record = shown.record();
        assertThat(record.first()).isEqualTo("ann");
        assertThat(record.moves()).hasSize(plies);
        assertThat(record.result()).isEqualTo(shown.result());
    }

    @Test
    void aRecordWrittenIsReadBackForReplayAndABadFileIsRefusedWithTheReason(@TempDir Path dir) throws Exception {
        GameRecord record = new GameRecord("tictactoe", GameOptions.DEFAULT, "ann", "bob", List.of("a1", "b1", "a2", "b2", "a3"), "ann (X) wins");
        Path file = dir.resolve("game.txt");
        assertThat(GameRecords.write(record, file)).isEqualTo("exported to " + file);
        assertThat(GameRecords.write(null, file)).isEqualTo("nothing to export: start or import a game first");

        GameRecords records = new GameRecords(registry);
        List<GameRecords.Replay> shown = new ArrayList<>();
        assertThat(records.read(file, shown::add)).isEqualTo("imported game.txt: 5 moves; ann (X) wins. Click a move to see its position.");
        assertThat(shown).hasSize(1);
        assertThat(shown.get(0).snapshot().ply()).isEqualTo(5);
        assertThat(shown.get(0).snapshot().state().isTerminal()).isTrue();
        assertThat(shown.get(0).snapshot().entries().get(0).times().elapsedNanos()).as("a record has no times").isNegative();

        Path bad = dir.resolve("bad.txt");
        Files.writeString(bad, record.write().replace("a3", "a9"));
        assertThat(records.read(bad, shown::add)).startsWith("cannot import " + bad + ": ");
        assertThat(records.read(dir.resolve("missing.txt"), shown::add)).startsWith("cannot import " + dir.resolve("missing.txt"));
        assertThat(shown).as("nothing shown for a file refused").hasSize(1);
    }

    @Test
    void theServersMovesAnswerTheRefereeWhetherTheyCameBeforeOrAfterItAsked() throws Exception {
        ServerMoves moves = new ServerMoves();
        MoveRequest request = MoveRequest.of(game.newGame(), List.of(), System.nanoTime() + TimeUnit.SECONDS.toNanos(10), 1, () -> false);
        moves.moved("b2");
        assertThat(moves.requestMove(request).get(1, TimeUnit.SECONDS).notation()).isEqualTo("b2");
        CompletableFuture<Move> asked = moves.requestMove(request);
        assertThat(asked).isNotDone();
        moves.moved("c3");
        assertThat(asked.get(1, TimeUnit.SECONDS).notation()).isEqualTo("c3");
        CompletableFuture<Move> unreadable = moves.requestMove(request);
        moves.moved("zz");
        assertThatThrownBy(unreadable::get).isInstanceOf(ExecutionException.class).cause()
                .hasMessageStartingWith("the server's move zz cannot be read here: ");
    }

    @Test
    void anOfferNeedsALoadedPlayerAndAServer() {
        NetworkOffer offer = new NetworkOffer(null);
        assertThat(offer.offer(game, "othello", SideChoices.HUMAN, id -> { }))
                .isEqualTo("a network client plays against a loaded player; a person plays a networked game with 'boardlab client othello'");
        assertThat(offer.offer(game, "othello", "first-legal", id -> { })).isEqualTo("there is no embedded server in this workbench");
        offer.close();
    }

    @Test
    void aTypedMoveIsRefusedWhenNoPersonIsToMove() {
        ShownGame shown = new ShownGame(tasks::add, part -> { }, outcome -> { });
        PlayedMatch played = new PlayedMatch(referee, events, tasks::add, shown, () -> { });
        assertThat(played.typedMove("a1")).isEqualTo("it is not a person's turn at this board");
        assertThat(played.running()).isFalse();
        assertThat(played.togglePause()).as("nothing to pause").isFalse();
    }
}
