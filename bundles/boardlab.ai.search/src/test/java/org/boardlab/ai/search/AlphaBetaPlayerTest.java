package org.boardlab.ai.search;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.boardlab.ai.basic.RandomPlayer;
import org.boardlab.api.GameState;
import org.boardlab.api.Move;
import org.boardlab.api.Player;
import org.boardlab.api.Side;
import org.boardlab.game.tictactoe.TicTacToe;
import org.boardlab.testkit.PlayerTestKit;
import org.junit.jupiter.api.Test;

class AlphaBetaPlayerTest {

    private final TicTacToe tictactoe = new TicTacToe();

    @Test
    void playsLegallyAndInTimeUnderTheTestKit() throws Exception {
        Timing.retryIfLate(() -> PlayerTestKit.of(new AlphaBetaPlayer()).game(tictactoe).games(3).millisPerMove(100).graceMillis(400).run());
        Timing.retryIfLate(() -> PlayerTestKit.of(new AlphaBetaPlayer()).game(new ExtraTurnGame(30)).games(1)
                .millisPerMove(100).graceMillis(400).run());
    }

    @Test
    void stopsSearchingAtShortClocks() throws Exception {
        Timing.retryIfLate(() -> InTime.check(AlphaBetaPlayer::new, tictactoe.newGame(), 20, 3, 9));
        Timing.retryIfLate(() -> InTime.check(AlphaBetaPlayer::new, tictactoe.newGame(), 5, 5, 9));
        Timing.retryIfLate(() -> InTime.check(AlphaBetaPlayer::new, new ExtraTurnGame(30).newGame(), 5, 2, 40));
    }

    @Test
    void stopsSearchingWhenAPositionHas2000Moves() throws Exception {
        WideGame wide = new WideGame(2000, 6);
        Timing.retryIfLate(() -> InTime.check(AlphaBetaPlayer::new, wide.newGame(), 5, 1, 6));
        Timing.retryIfLate(() -> InTime.check(AlphaBetaPlayer::new, wide.newGame(), 50, 1, 6));
    }

    @Test
    void playsTheBestMoveOfTheLastFinishedDepthOnAWideGame() {
        // the evaluation (the lead in totals) makes the highest number the best move at every depth;
        // depths 1 and 2 are quick (move ordering cuts depth 2 to about 6,000 positions), but a
        // depth that takes more than 2,000 x 2,000 positions cannot finish in 300 ms: the search
        // stops in the middle of one and answers with the best move of the last finished depth
        WideGame wide = new WideGame(2000, 6);
        AlphaBetaPlayer player = new AlphaBetaPlayer();
        long start = System.nanoTime();
        Move move = player.chooseMove(Requests.of(wide.newGame(), 3, 300));
        assertThat(System.nanoTime() - start).isLessThan(TimeUnit.MILLISECONDS.toNanos(300));
        assertThat(move.notation()).isEqualTo("1999");
        assertThat(player.depthReached()).isBetween(1, 3);
        assertThat(player.nodes()).isGreaterThan(2000);
    }

    @Test
    void neverLosesTicTacToeAgainstRandom() throws Exception {
        // alternating sides; a generous clock, but the search stops as soon as it has solved the position
        Matches.Tally tally = Matches.play(tictactoe, AlphaBetaPlayer::new, RandomPlayer::new, 100, 1000);
        assertThat(tally.losses()).as(tally.toString()).isZero();
        assertThat(tally.wins()).as(tally.toString()).isGreaterThan(70);
    }

    @Test
    void alwaysDrawsTicTacToeAgainstItself() throws Exception {
        for (long seed = 0; seed < 20; seed++) {
            Side winner = Matches.playOne(tictactoe.newGame(),
                    new Player[] {new AlphaBetaPlayer(), new AlphaBetaPlayer()}, 1000, seed * 101, new int[2]);
            assertThat(winner).as("game with seed %d", seed * 101).isNull();
        }
    }

    @Test
    void takesAnImmediateWinOverSlowerWins() {
        // X: a1 a2, O: b1 c1; X to move wins at once with a3, and also, more slowly, with four other moves
        GameState state = Positions.after(tictactoe, "a1 b1 a2 c1");
        Reference reference = new Reference();
        long slowerWins = state.legalMoves().stream()
                .filter(m -> !m.notation().equals("a3") && reference.valueOf(state, m) > 0).count();
        assertThat(slowerWins).isEqualTo(4);
        for (long seed = 0; seed < 10; seed++) {
            assertThat(new AlphaBetaPlayer().chooseMove(Requests.of(state, seed, 1000)).notation()).isEqualTo("a3");
        }
    }

    @Test
    void blocksAnImmediateLoss() {
        // X: a1 b1, O: b2; O must take c1, every other move loses
        GameState state = Positions.after(tictactoe, "a1 b2 b1");
        Reference reference = new Reference();
        for (Move move : state.legalMoves()) {
            assertThat(reference.valueOf(state, move) < 0).as(move.notation()).isEqualTo(!move.notation().equals("c1"));
        }
        for (long seed = 0; seed < 10; seed++) {
            assertThat(new AlphaBetaPlayer().chooseMove(Requests.of(state, seed, 1000)).notation()).isEqualTo("c1");
            // one ply is enough to see the threat, even at depth 2
            assertThat(AlphaBetaPlayer.withMaxDepth(2).chooseMove(Requests.of(state, seed, 1000)).notation())
                    .isEqualTo("c1");
        }
    }

    @Test
    void playsAnOptimalMoveInEveryTicTacToePosition() {
        assertOptimalEverywhere(tictactoe.newGame(), 4520);
    }

    @Test
    void scoresExtraTurnsAndPassesForTheRightSide() {
        assertOptimalEverywhere(new ExtraTurnGame(17).newGame(), 50);
    }

    @Test
    void usesTheGamesEvaluationAtTheDepthLimit() {
        // tic-tac-toe's evaluation is open lines (mine minus the opponent's): after one ply the
        // centre leaves X 8 lines and O 4 (+4), a corner 8 and 5 (+3), an edge 8 and 6 (+2)
        for (long seed = 0; seed < 10; seed++) {
            AlphaBetaPlayer player = AlphaBetaPlayer.withMaxDepth(1);
            assertThat(player.chooseMove(Requests.of(tictactoe.newGame(), seed, 1000)).notation()).isEqualTo("b2");
            assertThat(player.depthReached()).isEqualTo(1);
        }
    }

    @Test
    void isRepeatableForASeedAndBreaksTiesDifferentlyAcrossSeeds() {
        // after X b2, O's four corners draw (and score alike at every depth), O's four edges lose:
        // the seed alone picks the corner
        GameState state = Positions.after(tictactoe, "b2");
        Set<String> replies = new HashSet<>();
        for (long seed = 0; seed < 40; seed++) {
            Move move = new AlphaBetaPlayer().chooseMove(Requests.of(state, seed, 2000));
            assertThat(new AlphaBetaPlayer().chooseMove(Requests.of(state, seed, 2000))).isEqualTo(move);
            replies.add(move.notation());
        }
        assertThat(replies).containsExactlyInAnyOrder("a1", "c1", "a3", "c3");
    }

    @Test
    void stopsWhenCancelled() {
        WideGame wide = new WideGame(2000, 6);
        long start = System.nanoTime();
        long cancelAt = start + TimeUnit.MILLISECONDS.toNanos(30);
        Move move = new AlphaBetaPlayer().chooseMove(Requests.of(wide.newGame(), 1,
                start + TimeUnit.SECONDS.toNanos(60), () -> System.nanoTime() > cancelAt));
        assertThat(wide.newGame().whyIllegal(move)).isNull();
        assertThat(System.nanoTime() - start).isLessThan(TimeUnit.MILLISECONDS.toNanos(500));
    }

    @Test
    void stopsWhenInterruptedAndKeepsTheInterrupt() {
        WideGame wide = new WideGame(2000, 6);
        long start = System.nanoTime();
        Thread.currentThread().interrupt();
        try {
            Move move = new AlphaBetaPlayer().chooseMove(
                    Requests.of(wide.newGame(), 1, start + TimeUnit.SECONDS.toNanos(60), () -> false));
            assertThat(wide.newGame().whyIllegal(move)).isNull();
            assertThat(System.nanoTime() - start).isLessThan(TimeUnit.MILLISECONDS.toNanos(500));
            assertThat(Thread.currentThread().isInterrupted()).isTrue();
        } finally {
            Thread.interrupted();
        }
    }

    @Test
    void returnsALegalMoveWhenTheDeadlineHasAlreadyPassed() {
        GameState state = tictactoe.newGame();
        Move move = new AlphaBetaPlayer().chooseMove(Requests.of(state, 5, System.nanoTime() - 1, () -> true));
        assertThat(state.whyIllegal(move)).isNull();
    }

    @Test
    void describesItselfInOneLine() {
        assertThat(new AlphaBetaPlayer().description()).isNotBlank().doesNotContain("\n");
    }

    /** The player's move has the best exact value in every position reachable from {@code start}. */
    private static void assertOptimalEverywhere(GameState start, int atLeast) {
        Reference reference = new Reference();
        List<GameState> positions = Reference.positions(start);
        assertThat(positions).hasSizeGreaterThanOrEqualTo(atLeast);
        for (GameState state : positions) {
            double best = reference.value(state);
            Move move = new AlphaBetaPlayer().chooseMove(Requests.of(state, state.ply(), 2000));
            assertThat(reference.valueOf(state, move)).as("%s in%n%s", move.notation(), state.boardText())
                    .isEqualTo(best);
        }
    }
}
