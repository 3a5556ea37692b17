package org.boardlab.workbench.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.boardlab.api.Game;
import org.boardlab.api.GameState;
import org.boardlab.api.MoveRequest;
import org.boardlab.api.Player;
import org.boardlab.api.Side;
import org.boardlab.api.event.RegistryEvent.Kind;
import org.boardlab.core.Component;
import org.boardlab.core.EventBus;
import org.boardlab.core.Referee;
import org.boardlab.core.Registry;
import org.boardlab.game.tictactoe.TicTacToe;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Match view's model without a display: the test thread is the model's thread (it runs the
 * tasks handed to the model's executor), a real registry, event bus and referee play tic-tac-toe.
 */
class MatchModelTest {

    /** Plays the first legal move; a real player, as {@code first-legal} of boardlab.ai.basic. */
    static final class FirstLegal implements Player {
        @Override
        public org.boardlab.api.Move chooseMove(MoveRequest request) {
            return request.state().legalMoves().get(0);
        }
    }

    /** A player that says it plays only othello, as onitama-hard says it plays only onitama. */
    static final class OthelloOnly implements Player {
        @Override
        public org.boardlab.api.Move chooseMove(MoveRequest request) {
            return request.state().legalMoves().get(0);
        }

        @Override
        public boolean supports(Game game) {
            return game.id().equals("othello");
        }
    }

    private final EventBus events = new EventBus();
    private final Registry registry = new Registry(events);
    private final Referee referee = new Referee();
    private final BlockingQueue<Runnable> tasks = new LinkedBlockingQueue<>();
    private final List<MatchModel.Part> changes = new ArrayList<>();
    private final Component<Player> firstLegal = player("first-legal", 4, FirstLegal::new);
    private MatchModel model;

    private static Component<Player> player(String id, long bundleId, java.util.function.Supplier<Player> factory) {
        return new Component<>(Kind.PLAYER, id, id, "test." + id, "1.0.0", bundleId, factory);
    }

    private MatchModel model() {
        TicTacToe game = new TicTacToe();
        registry.add(new Component<>(Kind.GAME, "tictactoe", game.name(), "boardlab.game.tictactoe", "0.1.0", 3, () -> game));
        registry.add(firstLegal);
        registry.add(player("othello-only", 5, OthelloOnly::new));
        model = new MatchModel(registry, events, referee, null, tasks::add);
        model.onChange(changes::add);
        model.showChosenGame();
        return model;
    }

    /** Runs the model's tasks until {@code condition} holds (at most 10 s, then fails). */
    private void runUntil(String what, BooleanSupplier condition) throws InterruptedException {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!condition.getAsBoolean()) {
            Runnable task = tasks.poll(Math.max(1, end - System.nanoTime()), TimeUnit.NANOSECONDS);
            assertThat(task).as("waiting for " + what + "; status: " + (model == null ? "" : model.status())).isNotNull();
            task.run();
        }
    }

    @AfterEach
    void close() {
        if (model != null) {
            model.close();
        }
        referee.close();
    }

    @Test
    void beforeAMatchTheSidesSayNothingAndTheBoardShowsTheStart() {
        model();
        for (Side side : Side.values()) {
            assertThat(model.sideTitle(side)).isEmpty();
            assertThat(model.clock(side, System.nanoTime())).isEmpty();
        }
        assertThat(model.status()).isEqualTo("Choose a game and who plays each side, then press Start.");
        assertThat(model.game().id()).isEqualTo("tictactoe");
        assertThat(model.shownPosition().ply()).isZero();
        assertThat(model.clickable()).isNull();
        assertThat(changes).contains(MatchModel.Part.GAME, MatchModel.Part.BOARD);
    }

    @Test
    void thePlayersOfferedFitTheChosenGame() {
        model();
        assertThat(model.setup().sideChoices()).containsExactly(SideChoices.HUMAN, "first-legal");
        assertThat(model.setup().chosen(Side.FIRST)).isEqualTo(SideChoices.HUMAN);
        assertThat(model.setup().chosen(Side.SECOND)).isEqualTo("first-legal");
        assertThatThrownBy(() -> model.setup().choose(Side.SECOND, "othello-only")).hasMessage("othello-only cannot play tictactoe");
    }

    @Test
    void aMatchBetweenTwoPlayersShowsEveryMoveTheClocksAndTheResult() throws Exception {
        model();
        model.setup().choose(Side.FIRST, "first-legal");
        model.setup().setDelayMillis(0);
        model.start();
        runUntil("the result", () -> !model.result().isEmpty());
        GameState end = model.shownPosition();
        assertThat(end.isTerminal()).isTrue();
        // first-legal against itself: a1 b1 c1 a2 b2 c2 a3, X wins on the diagonal c1 b2 a3
        assertThat(model.moveLines()).extracting(l -> l.move().notation()).containsExactly("a1", "b1", "c1", "a2", "b2", "c2", "a3");
        assertThat(model.moveText(model.moveLines().get(1))).matches("2\\. b1  \\(O, [0-9.]+ ms: thinking [0-9.]+, rest [0-9.]+\\)");
        assertThat(model.sideTitle(Side.FIRST)).isEqualTo("X: first-legal#1, score " + end.score(Side.FIRST));
        assertThat(model.clock(Side.SECOND, System.nanoTime())).matches("last [0-9.]+ ms · total [0-9.]+ ms");
        assertThat(model.result()).startsWith("first-legal#1 (X) wins");
        // seed 004's Game Master scores are Reversi's (its Game Master plays nothing else): not shown for tic-tac-toe
        assertThat(model.status()).startsWith("first-legal#1 (X) wins").doesNotContain("Game Master");
        assertThat(model.clickable()).isNull();
    }

    @Test
    void anOthelloGameEndsWithSeed004sGameMasterScores() throws Exception {
        model();
        org.boardlab.game.othello.Othello othello = new org.boardlab.game.othello.Othello();
        registry.add(new Component<>(Kind.GAME, "othello", othello.name(), "boardlab.game.othello", "0.1.0", 6, () -> othello));
        model.setup().chooseGame("othello");
        model.setup().choose(Side.FIRST, "first-legal");
        model.setup().choose(Side.SECOND, "othello-only");
        model.setup().setDelayMillis(0);
        model.start();
        runUntil("the result", () -> !model.result().isEmpty());
        assertThat(model.shownPosition().isTerminal()).isTrue();
        // the winner's Game Master score has seed 004's 100 for winning on top of its points and time terms
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("\nGame Master scores \\(seed 004\\): first-legal (\\d+), othello-only (\\d+)")
                .matcher(model.status());
        assertThat(m.find()).as(model.status()).isTrue();
        int first = Integer.parseInt(m.group(1));
        int second = Integer.parseInt(m.group(2));
        assertThat(first + second).isBetween(100, 300);
        if (model.result().startsWith("first-legal (black) wins")) {
            assertThat(first).isGreaterThanOrEqualTo(100);
        } else if (model.result().startsWith("othello-only (white) wins")) {
            assertThat(second).isGreaterThanOrEqualTo(100);
        }
    }

    @Test
    void everyGameOfTheMatchViewIsStoredAndTheStatusSaysSo(@TempDir Path dir) throws Exception {
        try (org.boardlab.store.Store store = org.boardlab.store.Store.open("jdbc:h2:file:" + dir.resolve("db"))) {
            model();
            model.recordWith(journal -> store.recordLater(journal, "workbench", registry));
            model.setup().choose(Side.FIRST, "first-legal");
            model.setup().setDelayMillis(0);
            model.start();
            runUntil("the game stored", () -> model.status().contains("stored as game"));
            assertThat(model.status()).endsWith("stored as game 1");
            org.boardlab.store.FinishedGame g = store.game(1).orElseThrow().game();
            assertThat(g.origin()).isEqualTo("workbench");
            assertThat(g.first().name()).isEqualTo("first-legal#1");
            assertThat(g.first().bundle()).isEqualTo("test.first-legal");
            assertThat(g.moves()).extracting(org.boardlab.store.StoredMove::notation).containsExactly("a1", "b1", "c1", "a2", "b2", "c2", "a3");
        }
    }

    @Test
    void aGameThatCannotBeStoredSaysWhyAndTheMatchGoesOn() throws Exception {
        model();
        model.recordWith(journal -> {
            throw new org.boardlab.store.StoreException("cannot reach the database jdbc:postgresql://lab/boardlab: Connection refused");
        });
        model.setup().choose(Side.FIRST, "first-legal");
        model.setup().setDelayMillis(0);
        model.start();
        runUntil("the store's answer", () -> model.status().contains("not stored"));
        assertThat(model.result()).startsWith("first-legal#1 (X) wins");
        assertThat(model.status()).endsWith("not stored: cannot reach the database jdbc:postgresql://lab/boardlab: Connection refused");
    }

    @Test
    void aPersonPlaysByTypingAndTheRecordReplays(@TempDir Path dir) throws Exception {
        model();
        model.setup().setDelayMillis(0);
        model.start();
        for (String move : new String[] {"a1", "a2", "a3"}) {
            // and the model has taken in the journal's news (the first turn is asked inside start())
            runUntil("the person's turn", () -> model.clickable() == Side.FIRST && tasks.isEmpty());
            if (move.equals("a1")) {
                assertThat(model.typedMove("d9")).isFalse();
                assertThat(model.status()).startsWith("d9: ");
                assertThat(model.clock(Side.FIRST, System.nanoTime())).contains(" s left");
            }
            assertThat(model.typedMove(move)).isTrue();
            int ply = model.moveLines().size();
            runUntil("the move " + move, () -> model.moveLines().size() > ply);
        }
        runUntil("the result", () -> !model.result().isEmpty());
        assertThat(model.result()).startsWith("you (X) wins");
        // the person's move took the person's time, not the network's (there is none at this board)
        assertThat(model.moveText(model.moveLines().get(0))).matches("1\\. a1  \\(X, [0-9.]+ m?s: thinking [0-9.]+, rest [0-9.]+\\)");
        assertThat(model.typedMove("b2")).isFalse();
        assertThat(model.status()).isEqualTo("it is not a person's turn at this board");

        Path record = dir.resolve("game.txt");
        model.writeRecord(record);
        assertThat(Files.readString(record)).contains("game: tictactoe", "first: you", "second: first-legal", "moves: a1 b1 a2 c1 a3",
                "result: you (X) wins");
        model.readRecord(record);
        assertThat(model.status()).startsWith("imported game.txt: 5 moves; you (X) wins");
        assertThat(model.moveLines()).hasSize(5).allMatch(l -> l.times().elapsedNanos() == -1);
        assertThat(model.moveText(model.moveLines().get(0))).isEqualTo("1. a1  (X)");
        model.view(2);
        assertThat(model.shownPosition().ply()).isEqualTo(2);
        assertThat(model.shownLastMove().notation()).isEqualTo("b1");
        assertThat(model.status()).isEqualTo("replay: position after move 2 (press Live to follow the game)");
        model.live();
        assertThat(model.shownPosition().ply()).isEqualTo(5);

        Files.writeString(record, "game: tictactoe\nmoves: a1 a1\n");
        model.readRecord(record);
        assertThat(model.status()).contains("move 2 (a1) is illegal");
    }

    @Test
    void replacingAChosenPlayersBundleKeepsTheChoice() throws Exception {
        model();
        assertThat(model.setup().chosen(Side.SECOND)).isEqualTo("first-legal");
        registry.remove(firstLegal); // FileInstall replacing the jar: the old bundle leaves ...
        runUntil("the removal", tasks::isEmpty);
        assertThat(model.setup().chosen(Side.SECOND)).isEqualTo("first-legal");
        assertThat(model.setup().sideChoices()).contains("first-legal");
        Component<Player> v2 = new Component<>(Kind.PLAYER, "first-legal", "first-legal", "test.first-legal", "1.0.1", 4, FirstLegal::new);
        registry.add(v2); // ... and the new one arrives
        runUntil("the replacement", tasks::isEmpty);
        assertThat(model.setup().chosen(Side.SECOND)).isEqualTo("first-legal");
        assertThat(model.setup().sideChoices()).containsExactly(SideChoices.HUMAN, "first-legal");

        registry.remove(v2); // gone for good: still chosen, and Start says why it cannot play
        runUntil("the removal", tasks::isEmpty);
        model.start();
        assertThat(model.status()).startsWith("cannot start: no player 'first-legal' is loaded; loaded players: othello-only");
    }

    @Test
    void stoppingAMatchEndsItWithoutAWinner() throws Exception {
        model();
        model.start(); // a person against first-legal: it waits for the person
        runUntil("the person's turn", () -> model.clickable() == Side.FIRST);
        model.stop();
        runUntil("the end", () -> !model.result().isEmpty());
        assertThat(model.result()).isEqualTo("stopped: the match was stopped");
        assertThat(model.clickable()).isNull();
    }

    @Test
    void aNetworkSideNeedsALoadedPlayerOnTheOtherSide() {
        model();
        assertThat(SideChoices.kind(SideChoices.network("othello"))).isEqualTo(SideChoices.Kind.NETWORK);
        assertThat(SideChoices.protocolOf(SideChoices.network("othello"))).isEqualTo("othello");
        assertThat(SideChoices.kind("first-legal")).isEqualTo(SideChoices.Kind.PLAYER);
        // no server in this model: no network choice is offered
        assertThat(model.setup().sideChoices()).noneMatch(c -> SideChoices.kind(c) == SideChoices.Kind.NETWORK);
    }
}
