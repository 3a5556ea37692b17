package org.boardlab.ai.onitama;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.BooleanSupplier;
import org.boardlab.api.GameOptions;
import org.boardlab.api.GameState;
import org.boardlab.api.Move;
import org.boardlab.api.Side;
import org.boardlab.game.onitama.Onitama;
import org.boardlab.game.onitama.OnitamaPosition;
import org.junit.jupiter.api.Test;

/**
 * The search on its own board chooses exactly what the search on {@link GameState}s chose
 * ({@link ReferenceSearch}, session 20's {@code MinimaxSearch}): the same move, the same finished
 * depth and the same number of positions visited, on positions of many games, at every depth the
 * players use, when time runs out after any number of positions, near the draw limit, and where
 * only passes are legal.
 */
class MinimaxSearchTest {

    private final Onitama game = new Onitama();

    /** Positions of random games and of games the normal player plays against random moves, from many deals. */
    private List<OnitamaPosition> positions(int games, GameOptions base, long seed) {
        Random random = new Random(seed);
        List<OnitamaPosition> positions = new ArrayList<>();
        for (int g = 0; g < games; g++) {
            GameState state = game.newGame(base.with("seed", Long.toString(seed * 1000 + g)));
            boolean normalPlaysBlue = g % 3 == 1;
            boolean normalPlaysRed = g % 3 == 2;
            while (!state.isTerminal()) {
                positions.add((OnitamaPosition) state);
                Side mover = state.sideToMove();
                Move move;
                if (mover == Side.FIRST && normalPlaysBlue || mover == Side.SECOND && normalPlaysRed) {
                    move = new ReferenceSearch(() -> false).choose((OnitamaPosition) state, 2).move();
                } else {
                    List<Move> moves = state.legalMoves();
                    move = moves.get(random.nextInt(moves.size()));
                }
                state = state.apply(move);
            }
        }
        return positions;
    }

    private static void assertSame(OnitamaPosition position, int depth, BooleanSupplier stopA, BooleanSupplier stopB) {
        MinimaxSearch.Result mine = new MinimaxSearch(stopA).choose(position, depth);
        ReferenceSearch.Result reference = new ReferenceSearch(stopB).choose(position, depth);
        assertThat(mine.move()).as("depth %d at\n%s", depth, position.boardText()).isEqualTo(reference.move());
        assertThat(mine.depth()).as("finished depth at\n%s", position.boardText()).isEqualTo(reference.depth());
        assertThat(mine.positions()).as("positions at depth %d at\n%s", depth, position.boardText())
                .isEqualTo(reference.positions());
    }

    @Test
    void theNormalPlayersDepthChoosesAsBeforeOnThousandsOfPositions() {
        List<OnitamaPosition> positions = positions(200, GameOptions.DEFAULT, 1);
        assertThat(positions).hasSizeGreaterThan(3000);
        for (OnitamaPosition p : positions) {
            assertSame(p, 2, () -> false, () -> false);
            assertSame(p, 1, () -> false, () -> false);
        }
    }

    @Test
    void theHardPlayersDepthAndDeeperChooseAsBefore() {
        List<OnitamaPosition> positions = positions(12, GameOptions.DEFAULT, 2);
        assertThat(positions).hasSizeGreaterThan(150);
        for (int i = 0; i < positions.size(); i++) {
            assertSame(positions.get(i), 3 + i % 2, () -> false, () -> false);
        }
        assertSame(game.newGame(), 5, () -> false, () -> false);
    }

    @Test
    void nearTheDrawLimitTheDrawCountsAsBefore() {
        // limit 8: at depth 4 every search from ply 4 on meets drawn positions
        List<OnitamaPosition> positions = positions(60, GameOptions.DEFAULT.with("limit", "8"), 3);
        assertThat(positions).anyMatch(p -> p.ply() >= 4);
        for (OnitamaPosition p : positions) {
            assertSame(p, 4, () -> false, () -> false);
        }
    }

    @Test
    void stoppedAfterAnyNumberOfChecksItReturnsWhatTheOldSearchReturned() {
        OnitamaPosition start = game.newGame(GameOptions.DEFAULT.with("seed", "5"));
        for (int checks = 1; checks <= 60; checks++) {
            int[] mine = {0};
            int[] reference = {0};
            int stopAt = checks;
            assertSame(start, 6, () -> ++mine[0] >= stopAt, () -> ++reference[0] >= stopAt);
            assertThat(mine[0]).isEqualTo(reference[0]);
        }
    }

    @Test
    void whereNoPieceCanMoveItPassesAsBefore() {
        // blue fills column a; tiger and horse have no step there: only the two passes are legal
        OnitamaPosition pass = OnitamaPlayersTest.position("B:a5 b:a4 b:a3 b:a2 b:a1 R:e5", "tiger horse crab ox frog", Side.FIRST);
        assertThat(pass.legalMoves()).extracting(Move::notation).containsExactly("tiger:pass", "horse:pass");
        for (int depth = 1; depth <= 4; depth++) {
            assertSame(pass, depth, () -> false, () -> false);
        }
        // and red, to move after blue's pass, searches positions where blue must pass again
        assertSame(pass.apply(pass.legalMoves().get(0)), 3, () -> false, () -> false);
    }

    @Test
    void aFinishedGameHasNoMoveToChoose() {
        OnitamaPosition won = OnitamaPlayersTest.position("B:c5 R:a5 r:e4", "ox tiger frog horse crab", Side.SECOND);
        assertThatThrownBy(() -> new MinimaxSearch(() -> false).choose(won, 2))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("the game is over: there is no move to choose");
    }
}
