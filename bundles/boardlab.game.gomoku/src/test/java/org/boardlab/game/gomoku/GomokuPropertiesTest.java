package org.boardlab.game.gomoku;

import static org.assertj.core.api.Assertions.assertThat;
import static org.boardlab.game.gomoku.Positions.GAME;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.boardlab.api.Evaluation;
import org.boardlab.api.GameOptions;
import org.boardlab.api.GameState;
import org.boardlab.api.Move;
import org.boardlab.api.Side;

class GomokuPropertiesTest {

    /** The position after up to {@code plies} random moves (fewer if the game ends). */
    private static GameState randomPosition(int size, long seed, int plies) {
        GameState state = GAME.newGame(GameOptions.DEFAULT.with("size", Integer.toString(size)));
        Random random = new Random(seed);
        for (int i = 0; i < plies && !state.isTerminal(); i++) {
            List<Move> moves = state.legalMoves();
            state = state.apply(moves.get(random.nextInt(moves.size())));
        }
        return state;
    }

    @Property(tries = 200)
    void everyMovePutsExactlyOneStoneOfTheMover(@ForAll @IntRange(min = 5, max = 19) int size, @ForAll long seed) {
        GameState state = GAME.newGame(GameOptions.DEFAULT.with("size", Integer.toString(size)));
        Random random = new Random(seed);
        while (!state.isTerminal()) {
            List<Move> moves = state.legalMoves();
            Point move = (Point) moves.get(random.nextInt(moves.size()));
            GameState next = state.apply(move);
            GomokuBoard before = (GomokuBoard) state;
            GomokuBoard after = (GomokuBoard) next;
            for (int row = 0; row < size; row++) {
                for (int col = 0; col < size; col++) {
                    Side expected = move.equals(Point.of(col, row)) ? state.sideToMove() : before.stoneAt(col, row);
                    assertThat(after.stoneAt(col, row)).isEqualTo(expected);
                }
            }
            assertThat(after.lastMove()).contains(move);
            state = next;
        }
        int black = 0;
        int white = 0;
        GomokuBoard board = (GomokuBoard) state;
        for (int row = 0; row < size; row++) {
            for (int col = 0; col < size; col++) {
                Side stone = board.stoneAt(col, row);
                black += stone == Side.FIRST ? 1 : 0;
                white += stone == Side.SECOND ? 1 : 0;
            }
        }
        assertThat(black).isEqualTo((state.ply() + 1) / 2).isEqualTo(state.details().get("black"));
        assertThat(white).isEqualTo(state.ply() / 2).isEqualTo(state.details().get("white"));
        assertThat(state.legalMoves()).isEmpty();
        assertThat(black + white == size * size || state.outcome().winner() != null).isTrue();
    }

    @Property
    void notationRoundTrips(@ForAll @IntRange(min = 5, max = 25) int size,
            @ForAll @IntRange(min = 0, max = 24) int col, @ForAll @IntRange(min = 0, max = 24) int row) {
        GameState state = GAME.newGame(GameOptions.DEFAULT.with("size", Integer.toString(size)));
        Point point = Point.of(col % size, row % size);
        String text = point.notation();
        assertThat(text).matches("[a-y][1-9][0-9]?");
        assertThat(state.parseMove(text)).isEqualTo(point);
        assertThat(state.parseMove(text.toUpperCase()).notation()).isEqualTo(text);
        assertThat(Point.parse(text)).isEqualTo(new Point(col % size, row % size));
    }

    @Property(tries = 300)
    void dangerPointsAreEmptyAndMatchTheDefinition(@ForAll @IntRange(min = 5, max = 19) int size,
            @ForAll long seed, @ForAll @IntRange(min = 0, max = 250) int plies) {
        GameState state = randomPosition(size, seed, plies);
        GomokuBoard board = (GomokuBoard) state;
        for (Side attacker : Side.values()) {
            List<Danger> found = DangerAnalysis.find(board, attacker);
            for (Danger danger : found) {
                assertThat(board.stoneAt(danger.point())).as(danger.toString()).isNull();
            }
            assertThat(found).containsExactlyInAnyOrderElementsOf(reference(board, attacker));
            for (int i = 1; i < found.size(); i++) {
                assertThat(found.get(i - 1).threat()).isLessThanOrEqualTo(found.get(i).threat());
            }
        }
    }

    @Property(tries = 200)
    void theEvaluationIsTheSameNumberSeenFromTheOtherSide(@ForAll @IntRange(min = 5, max = 15) int size,
            @ForAll long seed, @ForAll @IntRange(min = 0, max = 120) int plies) {
        Evaluation evaluation = GAME.evaluation().orElseThrow();
        GameState state = randomPosition(size, seed, plies);
        double black = evaluation.evaluate(state, Side.FIRST);
        assertThat(evaluation.evaluate(state, Side.SECOND)).isEqualTo(-black);
        assertThat(black).isBetween(-1000.0, 1000.0);
    }

    /**
     * Seed 003's definition written out again on coordinates, without the padded grid, as an
     * independent check of {@link DangerAnalysis}.
     */
    private static List<Danger> reference(GomokuBoard board, Side attacker) {
        int n = board.size();
        int[][] directions = {{1, 0}, {0, 1}, {1, 1}, {-1, 1}};
        List<Danger> dangers = new ArrayList<>();
        for (int row = 0; row < n; row++) {
            for (int col = 0; col < n; col++) {
                if (board.stoneAt(col, row) != null) {
                    continue;
                }
                boolean five = false;
                boolean openFour = false;
                int blockedFours = 0;
                int openThrees = 0;
                for (int[] d : directions) {
                    int forward = 0;
                    while (owns(board, attacker, col + (forward + 1) * d[0], row + (forward + 1) * d[1])) {
                        forward++;
                    }
                    int backward = 0;
                    while (owns(board, attacker, col - (backward + 1) * d[0], row - (backward + 1) * d[1])) {
                        backward++;
                    }
                    int length = 1 + forward + backward;
                    int open = (empty(board, col + (forward + 1) * d[0], row + (forward + 1) * d[1]) ? 1 : 0)
                            + (empty(board, col - (backward + 1) * d[0], row - (backward + 1) * d[1]) ? 1 : 0);
                    five |= length >= 5;
                    openFour |= length == 4 && open == 2;
                    blockedFours += length == 4 && open == 1 ? 1 : 0;
                    openThrees += length == 3 && open == 2 ? 1 : 0;
                }
                Threat threat = five ? Threat.WIN
                        : openFour ? Threat.OPEN_FOUR
                        : blockedFours >= 1 && openThrees >= 1 ? Threat.FOUR_THREE
                        : openThrees >= 2 ? Threat.DOUBLE_THREE
                        : null;
                if (threat != null) {
                    dangers.add(new Danger(Point.of(col, row), threat));
                }
            }
        }
        return dangers;
    }

    private static boolean onBoard(GomokuBoard board, int col, int row) {
        return col >= 0 && row >= 0 && col < board.size() && row < board.size();
    }

    private static boolean owns(GomokuBoard board, Side side, int col, int row) {
        return onBoard(board, col, row) && board.stoneAt(col, row) == side;
    }

    private static boolean empty(GomokuBoard board, int col, int row) {
        return onBoard(board, col, row) && board.stoneAt(col, row) == null;
    }
}
