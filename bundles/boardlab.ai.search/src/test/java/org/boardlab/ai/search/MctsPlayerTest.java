package org.boardlab.ai.search;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.concurrent.TimeUnit;
import org.boardlab.ai.basic.RandomPlayer;
import org.boardlab.api.GameState;
import org.boardlab.api.Move;
import org.boardlab.game.tictactoe.TicTacToe;
import org.boardlab.testkit.PlayerTestKit;
import org.junit.jupiter.api.Test;

class MctsPlayerTest {

    private final TicTacToe tictactoe = new TicTacToe();

    @Test
    void playsLegallyAndInTimeUnderTheTestKit() throws Exception {
        Timing.retryIfLate(() -> PlayerTestKit.of(new MctsPlayer()).game(tictactoe).games(3).millisPerMove(100).graceMillis(400).run());
        Timing.retryIfLate(() -> PlayerTestKit.of(new MctsPlayer()).game(new ExtraTurnGame(30)).games(1)
                .millisPerMove(100).graceMillis(400).run());
    }

    @Test
    void stopsSearchingAtShortClocks() throws Exception {
        Timing.retryIfLate(() -> InTime.check(MctsPlayer::new, tictactoe.newGame(), 20, 3, 9));
        Timing.retryIfLate(() -> InTime.check(MctsPlayer::new, tictactoe.newGame(), 5, 5, 9));
        Timing.retryIfLate(() -> InTime.check(MctsPlayer::new, new ExtraTurnGame(30).newGame(), 5, 2, 40));
    }

    @Test
    void stopsSearchingWhenAPositionHas2000Moves() throws Exception {
        WideGame wide = new WideGame(2000, 6);
        Timing.retryIfLate(() -> InTime.check(MctsPlayer::new, wide.newGame(), 5, 1, 6));
        Timing.retryIfLate(() -> InTime.check(MctsPlayer::new, wide.newGame(), 50, 1, 6));
    }

    @Test
    void beatsRandomAtTicTacToe() throws Exception {
        // alternating sides, 20 ms a move
        Matches.Tally tally = Matches.play(tictactoe, MctsPlayer::new, RandomPlayer::new, 100, 20);
        assertThat(tally.wins()).as(tally.toString()).isGreaterThanOrEqualTo(90);
    }

    @Test
    void takesAnImmediateWin() {
        GameState state = Positions.after(tictactoe, "a1 b1 a2 c1");
        for (long seed = 0; seed < 5; seed++) {
            MctsPlayer player = MctsPlayer.withLimits(5000, MctsPlayer.DEFAULT_MAX_NODES, MctsPlayer.DEFAULT_MAX_PLAYOUT);
            assertThat(player.chooseMove(Requests.of(state, seed, 10_000)).notation()).isEqualTo("a3");
        }
    }

    @Test
    void blocksAnImmediateLoss() {
        GameState state = Positions.after(tictactoe, "a1 b2 b1");
        for (long seed = 0; seed < 5; seed++) {
            MctsPlayer player = MctsPlayer.withLimits(5000, MctsPlayer.DEFAULT_MAX_NODES, MctsPlayer.DEFAULT_MAX_PLAYOUT);
            assertThat(player.chooseMove(Requests.of(state, seed, 10_000)).notation()).isEqualTo("c1");
        }
    }

    @Test
    void isRepeatableForASeedAndAnIterationCount() {
        GameState start = tictactoe.newGame();
        for (long seed = 0; seed < 5; seed++) {
            MctsPlayer a = MctsPlayer.withLimits(300, 1000, 100);
            MctsPlayer b = MctsPlayer.withLimits(300, 1000, 100);
            Move move = a.chooseMove(Requests.of(start, seed, 10_000));
            assertThat(b.chooseMove(Requests.of(start, seed, 10_000))).isEqualTo(move);
            assertThat(a.iterations()).isEqualTo(300);
        }
    }

    @Test
    void keepsTheTreeWithinItsLimitAndGoesOnSearching() {
        MctsPlayer player = MctsPlayer.withLimits(3000, 50, MctsPlayer.DEFAULT_MAX_PLAYOUT);
        Move move = player.chooseMove(Requests.of(Positions.after(tictactoe, "a1 b2 b1"), 1, 10_000));
        assertThat(player.treeSize()).isEqualTo(50);
        assertThat(player.iterations()).isEqualTo(3000);
        assertThat(move.notation()).isEqualTo("c1");
    }

    @Test
    void scoresCutOffPlayoutsByTheEvaluation() {
        // playouts of one ply never reach the end of a 6-ply game: they are scored by the lead in totals
        WideGame wide = new WideGame(10, 6);
        MctsPlayer player = MctsPlayer.withLimits(4000, MctsPlayer.DEFAULT_MAX_NODES, 1);
        GameState state = Positions.after(wide, "0 9");
        assertThat(player.chooseMove(Requests.of(state, 2, 10_000)).notation()).isEqualTo("9");
    }

    @Test
    void stopsWhenCancelled() {
        WideGame wide = new WideGame(2000, 6);
        long start = System.nanoTime();
        long cancelAt = start + TimeUnit.MILLISECONDS.toNanos(30);
        Move move = new MctsPlayer().chooseMove(Requests.of(wide.newGame(), 1,
                start + TimeUnit.SECONDS.toNanos(60), () -> System.nanoTime() > cancelAt));
        assertThat(wide.newGame().whyIllegal(move)).isNull();
        assertThat(System.nanoTime() - start).isLessThan(TimeUnit.MILLISECONDS.toNanos(500));
    }

    @Test
    void stopsWhenInterruptedAndKeepsTheInterrupt() {
        GameState state = tictactoe.newGame();
        long start = System.nanoTime();
        Thread.currentThread().interrupt();
        try {
            Move move = new MctsPlayer().chooseMove(
                    Requests.of(state, 1, start + TimeUnit.SECONDS.toNanos(60), () -> false));
            assertThat(state.whyIllegal(move)).isNull();
            assertThat(System.nanoTime() - start).isLessThan(TimeUnit.MILLISECONDS.toNanos(500));
            assertThat(Thread.currentThread().isInterrupted()).isTrue();
        } finally {
            Thread.interrupted();
        }
    }

    @Test
    void returnsALegalMoveWhenTheDeadlineHasAlreadyPassed() {
        GameState state = tictactoe.newGame();
        Move move = new MctsPlayer().chooseMove(Requests.of(state, 5, System.nanoTime() - 1, () -> true));
        assertThat(state.whyIllegal(move)).isNull();
    }

    @Test
    void refusesATerminalPosition() {
        GameState over = Positions.after(tictactoe, "a1 b1 a2 c1 a3");
        assertThatThrownBy(() -> new MctsPlayer().chooseMove(Requests.of(over, 1, 100)))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("game is over");
    }

    @Test
    void describesItselfInOneLine() {
        assertThat(new MctsPlayer().description()).isNotBlank().doesNotContain("\n");
    }
}
