package org.boardlab.game.othello;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.offset;

import java.util.List;
import java.util.Locale;
import java.util.Random;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Assume;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import org.boardlab.api.Evaluation;
import org.boardlab.api.GameOptions;
import org.boardlab.api.GameState;
import org.boardlab.api.Move;
import org.boardlab.api.Side;

/** Properties of positions reached by random play on every size. */
class OthelloPropertiesTest {

    private static final Othello GAME = new Othello();

    /** A position after a random number of random moves from the start of a random size. */
    @Provide
    Arbitrary<OthelloPosition> positions() {
        return Combinators.combine(Arbitraries.of(4, 6, 8, 10, 12, 16), Arbitraries.integers().between(0, 120),
                Arbitraries.longs()).as(OthelloPropertiesTest::randomPosition);
    }

    static OthelloPosition randomPosition(int size, int plies, long seed) {
        Random random = new Random(seed);
        GameState state = GAME.newGame(GameOptions.DEFAULT.with("size", Integer.toString(size)));
        for (int i = 0; i < plies && !state.isTerminal(); i++) {
            List<Move> moves = state.legalMoves();
            state = state.apply(moves.get(random.nextInt(moves.size())));
        }
        return (OthelloPosition) state;
    }

    @Property(tries = 200)
    void aPlacementAddsOneDiscAndTurnsOverWhatItFlips(@ForAll("positions") OthelloPosition before) {
        Side mover = before.sideToMove();
        Side other = mover.other();
        for (OthelloMove move : before.placements()) {
            OthelloPosition after = (OthelloPosition) before.apply(move);
            int flips = 0;
            for (int row = 0; row < before.size(); row++) {
                for (int col = 0; col < before.size(); col++) {
                    if (after.flippedByLastMove(col, row)) {
                        flips++;
                        assertThat(before.disc(col, row)).contains(other);
                        assertThat(after.disc(col, row)).contains(mover);
                    } else if (col != move.col() || row != move.row()) {
                        assertThat(after.disc(col, row)).isEqualTo(before.disc(col, row));
                    }
                }
            }
            assertThat(flips).as("a placement flips at least one disc").isPositive();
            assertThat(after.discs(mover)).isEqualTo(before.discs(mover) + 1 + flips);
            assertThat(after.discs(other)).isEqualTo(before.discs(other) - flips);
            assertThat(after.disc(move.col(), move.row())).contains(mover);
            assertThat(after.details()).containsEntry("black", after.discs(Side.FIRST))
                    .containsEntry("white", after.discs(Side.SECOND));
        }
    }

    /** The first position of a random game on a small board where the side to move must pass. */
    @Provide
    Arbitrary<OthelloPosition> passes() {
        return Combinators.combine(Arbitraries.of(4, 6, 8), Arbitraries.longs()).as((size, seed) -> {
            Random random = new Random(seed);
            while (true) {
                GameState state = GAME.newGame(GameOptions.DEFAULT.with("size", Integer.toString(size)));
                while (!state.isTerminal()) {
                    List<Move> moves = state.legalMoves();
                    if (moves.equals(List.of(OthelloMove.PASS))) {
                        return (OthelloPosition) state;
                    }
                    state = state.apply(moves.get(random.nextInt(moves.size())));
                }
            }
        });
    }

    @Property(tries = 100)
    void aPassChangesOnlyTheSideToMove(@ForAll("passes") OthelloPosition before) {
        OthelloPosition after = (OthelloPosition) before.apply(OthelloMove.PASS);
        assertThat(after.boardText()).isEqualTo(before.boardText());
        assertThat(after.sideToMove()).isEqualTo(before.sideToMove().other());
        assertThat(after.placements()).as("the other side has a move after a pass").isNotEmpty();
    }

    @Property(tries = 200)
    void exactlyTheListedSquaresAreLegal(@ForAll("positions") OthelloPosition state) {
        for (int row = 0; row < state.size(); row++) {
            for (int col = 0; col < state.size(); col++) {
                OthelloMove move = OthelloMove.at(col, row);
                assertThat(state.whyIllegal(move) == null).as(move.notation())
                        .isEqualTo(state.legalMoves().contains(move));
            }
        }
        assertThat(state.whyIllegal(OthelloMove.PASS) == null)
                .isEqualTo(state.legalMoves().contains(OthelloMove.PASS));
    }

    @Property(tries = 200)
    void theEvaluationIsZeroSumAndInRange(@ForAll("positions") OthelloPosition state) {
        Evaluation evaluation = GAME.evaluation().orElseThrow();
        double black = evaluation.evaluate(state, Side.FIRST);
        double white = evaluation.evaluate(state, Side.SECOND);
        assertThat(black).isEqualTo(-white, offset(1e-9));
        assertThat(Math.abs(black)).isLessThanOrEqualTo(1000);
    }

    @Property
    void notationRoundTrips(@ForAll @IntRange(min = 2, max = 8) int half, @ForAll @IntRange(min = 0, max = 15) int col,
            @ForAll @IntRange(min = 0, max = 15) int row) {
        int size = half * 2;
        Assume.that(col < size && row < size);
        GameState state = GAME.newGame(GameOptions.DEFAULT.with("size", Integer.toString(size)));
        OthelloMove move = OthelloMove.at(col, row);
        assertThat(state.parseMove(move.notation())).isEqualTo(move);
        assertThat(state.parseMove(move.notation().toUpperCase(Locale.ROOT))).isEqualTo(move);
        assertThat(state.parseMove(" " + move.notation() + "\t")).isEqualTo(move);
    }

    @Property(tries = 200)
    void boardTextIsStableAndDescribesThePosition(@ForAll("positions") OthelloPosition state) {
        String text = state.boardText();
        assertThat(state.boardText()).isEqualTo(text);
        String[] lines = text.split("\n");
        assertThat(lines).hasSize(state.size() + 1);
        assertThat(lines).extracting(String::length).containsOnly(lines[0].length());
        for (Move move : state.legalMoves()) {
            state.apply(move);
        }
        assertThat(state.boardText()).as("apply leaves the old position alone").isEqualTo(text);
        // the grid read back gives the same position
        StringBuilder grid = new StringBuilder();
        for (int i = 1; i < lines.length; i++) {
            grid.append(lines[i].strip().substring(lines[i].strip().indexOf(' '))).append('\n');
        }
        OthelloPosition copy = GAME.position(grid.toString(), state.sideToMove(), state.scoring());
        assertThat(copy).isEqualTo(state);
        assertThat(copy.boardText()).isEqualTo(text);
        assertThat(copy.legalMoves()).isEqualTo(state.legalMoves());
        assertThat(copy.isTerminal()).isEqualTo(state.isTerminal());
    }
}
