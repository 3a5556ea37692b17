package org.boardlab.game.othello;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.boardlab.api.GameOptions;
import org.boardlab.api.GameState;
import org.boardlab.api.Move;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Perft from the 8x8 start against the published table (Aart Bik, "Perft for Reversi", 2009: passes
 * count as a ply), and the fast perft against a plain walk through the SPI on every size.
 */
class OthelloPerftTest {

    private final Othello game = new Othello();

    @ParameterizedTest(name = "perft({0}) = {1}")
    @CsvSource({
        "1, 4", "2, 12", "3, 56", "4, 244", "5, 1396", "6, 8200", "7, 55092", "8, 390216", "9, 3005288",
        "10, 24571284"})
    void perftFromTheStartMatchesThePublishedTable(int depth, long leaves) {
        assertThat(Othello.perft(8, depth)).isEqualTo(leaves);
        assertThat(game.newGame().perft(depth)).isEqualTo(leaves);
    }

    @Test
    void perftElevenCountsPassesAndEarlyEnds() {
        // from depth 9 on, passes occur; from depth 11 on, games that ended earlier count as leaves
        assertThat(Othello.perft(8, 11)).isEqualTo(212_258_800L);
    }

    @Test
    void perftOfDepthZeroIsTheRootItself() {
        assertThat(game.newGame().perft(0)).isEqualTo(1);
        assertThat(Othello.perft(6, 0)).isEqualTo(1);
    }

    @ParameterizedTest(name = "size {0}")
    @CsvSource({"4, 9", "6, 6", "8, 5", "10, 4", "12, 4", "16, 3"})
    void fastPerftAgreesWithAWalkThroughTheSpi(int size, int maxDepth) {
        GameState start = game.newGame(GameOptions.DEFAULT.with("size", Integer.toString(size)));
        for (int depth = 1; depth <= maxDepth; depth++) {
            assertThat(start.perft(depth)).as("size %d depth %d", size, depth).isEqualTo(walk(start, depth));
        }
    }

    @Test
    void fastPerftAgreesWithTheWalkFromPositionsWithPasses() {
        // 4x4 games end early and pass often: walk the whole tree of the 4x4 game from every position
        // two plies in, to the end (a 4x4 game has at most 12 placements, plus passes)
        GameState start = game.newGame(GameOptions.DEFAULT.with("size", "4"));
        for (Move first : start.legalMoves()) {
            GameState one = start.apply(first);
            for (Move second : one.legalMoves()) {
                GameState two = one.apply(second);
                assertThat(two.perft(16)).isEqualTo(walk(two, 16));
            }
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {2, 3, 7, 18})
    void perftRefusesSizesThatAreNotEvenFrom4To16(int size) {
        assertThatThrownBy(() -> Othello.perft(size, 1))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("option size must be an even number from 4 to 16, not " + size);
    }

    /** Perft as the SPI's default defines it: through legalMoves() and apply(). */
    static long walk(GameState state, int depth) {
        if (depth <= 0 || state.isTerminal()) {
            return 1;
        }
        long leaves = 0;
        for (Move move : state.legalMoves()) {
            leaves += depth == 1 ? 1 : walk(state.apply(move), depth - 1);
        }
        return leaves;
    }
}
