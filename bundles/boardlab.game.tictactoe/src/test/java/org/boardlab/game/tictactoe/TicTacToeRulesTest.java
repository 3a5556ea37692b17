package org.boardlab.game.tictactoe;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.boardlab.api.GameState;
import org.boardlab.api.IllegalMoveException;
import org.boardlab.api.Side;
import org.boardlab.testkit.GameTestKit;
import org.boardlab.testkit.GoldenFile;
import org.boardlab.testkit.Playthrough;
import org.junit.jupiter.api.Test;

class TicTacToeRulesTest {

    private final TicTacToe game = new TicTacToe();

    /**
     * A whole game of random legal moves (the 3x3 board) is the golden playthrough in
     * {@code src/test/resources/playthroughs/tictactoe.txt}: a change to the rules, the notation or the
     * board text shows there as a diff (regenerate with {@code scripts/update-golden-files.sh}).
     */
    @Test
    void aRecordedPlaythroughIsTheGoldenOne() {
        GoldenFile.assertMatches("playthroughs/tictactoe.txt", Playthrough.of(game).seed(1).text());
    }

    private GameState play(String moves) {
        GameState state = game.newGame();
        for (String m : moves.split(" ")) {
            state = state.apply(state.parseMove(m));
        }
        return state;
    }

    @Test
    void randomGamesKeepEveryInvariant() {
        GameTestKit.Report report = GameTestKit.of(game).games(500).seed(7).run();
        assertThat(report.firstWins() + report.secondWins() + report.draws()).isEqualTo(500);
        // random play: X wins more often than O, and all three results happen
        assertThat(report.firstWins()).isGreaterThan(report.secondWins()).isPositive();
        assertThat(report.draws()).isPositive();
    }

    @Test
    void threeInARowWinsForX() {
        GameState state = play("a1 a2 b1 b2 c1");
        assertThat(state.isTerminal()).isTrue();
        assertThat(state.outcome().winner()).isEqualTo(Side.FIRST);
        assertThat(state.legalMoves()).isEmpty();
    }

    @Test
    void diagonalWinsForO() {
        GameState state = play("b1 a1 c1 b2 a2 c3");
        assertThat(state.outcome().winner()).isEqualTo(Side.SECOND);
    }

    @Test
    void fullBoardWithoutLineIsADraw() {
        GameState state = play("a1 b1 c1 b2 a2 c2 b3 a3 c3");
        assertThat(state.isTerminal()).isTrue();
        assertThat(state.outcome().isDraw()).isTrue();
    }

    @Test
    void takenSquareIsRefusedWithAReason() {
        GameState state = play("b2");
        assertThat(state.whyIllegal(state.parseMove("b2"))).isEqualTo("square b2 is taken");
        assertThatThrownBy(() -> state.apply(state.parseMove("b2")))
                .isInstanceOf(IllegalMoveException.class).hasMessage("b2: square b2 is taken");
    }

    @Test
    void notationOutsideTheBoardIsASyntaxError() {
        GameState state = game.newGame();
        assertThatThrownBy(() -> state.parseMove("d1")).isInstanceOf(IllegalMoveException.class);
        assertThatThrownBy(() -> state.parseMove("")).isInstanceOf(IllegalMoveException.class);
        assertThatThrownBy(() -> state.parseMove("a0")).isInstanceOf(IllegalMoveException.class);
    }

    @Test
    void boardTextShowsRowsTopFirst() {
        assertThat(play("a1 c3").boardText()).isEqualTo("  a b c\n1 X . .\n2 . . .\n3 . . O\n");
    }

    @Test
    void unknownOptionIsRefused() {
        assertThatThrownBy(() -> game.newGame(org.boardlab.api.GameOptions.DEFAULT.with("size", "4")))
                .hasMessageContaining("tictactoe has no option 'size'");
    }
}
