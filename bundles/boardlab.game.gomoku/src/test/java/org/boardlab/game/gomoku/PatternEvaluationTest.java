package org.boardlab.game.gomoku;

import static org.assertj.core.api.Assertions.assertThat;
import static org.boardlab.game.gomoku.Positions.GAME;
import static org.boardlab.game.gomoku.Positions.diagram;
import static org.boardlab.game.gomoku.Positions.play;

import org.boardlab.api.Evaluation;
import org.boardlab.api.GameState;
import org.boardlab.api.Side;
import org.junit.jupiter.api.Test;

class PatternEvaluationTest {

    private final Evaluation evaluation = GAME.evaluation().orElseThrow();

    @Test
    void theEmptyBoardIsEven() {
        GameState start = GAME.newGame();
        assertThat(evaluation.evaluate(start, Side.FIRST)).isZero();
        assertThat(evaluation.evaluate(start, Side.SECOND)).isZero();
    }

    @Test
    void finishedGamesAreWorthTheResult() {
        GameState won = play(15, "d8 d9 e8 e9 f8 f9 g8 g9 h8");
        assertThat(evaluation.evaluate(won, Side.FIRST)).isEqualTo(1000);
        assertThat(evaluation.evaluate(won, Side.SECOND)).isEqualTo(-1000);
        GameState drawn = diagram(
                "X X O O X",
                "O O X X O",
                "X X O O X",
                "O O X X O",
                "X X O O X");
        assertThat(evaluation.evaluate(drawn, Side.FIRST)).isZero();
    }

    @Test
    void aFourForTheSideToMoveIsAWinNextMove() {
        GameState state = diagram(
                ". . . . . . . . .",
                "O X X X X . . . .",
                ". . . . . . . . .",
                ". . . . . . . . .",
                ". . . . . . . . .",
                ". . . . . . . . .",
                ". . . . . . . . .",
                ". . . . . . . . .",
                ". . O . O . O . .");
        assertThat(state.sideToMove()).isEqualTo(Side.FIRST);
        assertThat(evaluation.evaluate(state, Side.FIRST)).isEqualTo(950);
        assertThat(evaluation.evaluate(state, Side.SECOND)).isEqualTo(-950);
    }

    @Test
    void anOpenFourOfTheOtherSideCannotBeStopped() {
        GameState state = diagram(
                ". . . . . . . . .",
                ". O O O O . . . .",
                ". . . . . . . . .",
                ". . . . . . . . .",
                ". . . . . . . . .",
                ". . . . . . . . .",
                ". . . . . . . . .",
                ". . . . . . . . .",
                "X . X . X . X . .");
        assertThat(state.sideToMove()).isEqualTo(Side.FIRST);
        assertThat(evaluation.evaluate(state, Side.FIRST)).isEqualTo(-900);
        assertThat(evaluation.evaluate(state, Side.SECOND)).isEqualTo(900);
    }

    @Test
    void aBlockedFourOfTheOtherSideCanBeStoppedSoItIsOnlyAPattern() {
        GameState state = diagram(
                ". . . . . . . . .",
                "X O O O O . . . .",
                ". . . . . . . . .",
                ". . . . . . . . .",
                ". . . . . . . . .",
                ". . . . . . . . .",
                ". . . . . . . . .",
                ". . . . . . . . .",
                ". . X . X . X . .");
        assertThat(state.sideToMove()).isEqualTo(Side.FIRST);
        // white's b2-e2 is a run of four with one open end (50); black's stones stand alone (0)
        assertThat(evaluation.evaluate(state, Side.FIRST)).isEqualTo(-50);
    }

    @Test
    void anOpenThreeIsWorthMoreThanABlockedOne() {
        GameState open = diagram(
                ". . . . . . . . .",
                ". . . . . . . . .",
                ". . . . . . . . .",
                ". . . . . . . . .",
                ". . X X X . . . .",
                ". . . . . . . . .",
                ". . . . . . . . .",
                ". . . . . . . . .",
                "O . . . . . . . O");
        GameState blocked = diagram(
                ". . . . . . . . .",
                ". . . . . . . . .",
                ". . . . . . . . .",
                ". . . . . . . . .",
                ". O X X X . . . .",
                ". . . . . . . . .",
                ". . . . . . . . .",
                ". . . . . . . . .",
                "O . . . . . . . .");
        double openValue = evaluation.evaluate(open, Side.FIRST);
        double blockedValue = evaluation.evaluate(blocked, Side.FIRST);
        assertThat(openValue).isEqualTo(40);
        assertThat(blockedValue).isEqualTo(8);
    }

    @Test
    void havingTheMoveCountsForMore() {
        // the same open two for each side; black to move
        GameState state = diagram(
                ". . . . . . . . .",
                ". . X X . . . . .",
                ". . . . . . . . .",
                ". . . . . . . . .",
                ". . . . . . . . .",
                ". . . . . . . . .",
                ". . O O . . . . .",
                ". . . . . . . . .",
                ". . . . . . . . .");
        assertThat(evaluation.evaluate(state, Side.FIRST)).isEqualTo(1.25 * 6 - 6);
    }
}
