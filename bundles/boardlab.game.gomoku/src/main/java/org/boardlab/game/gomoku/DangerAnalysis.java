package org.boardlab.game.gomoku;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.boardlab.api.Side;

/**
 * Seed 003's danger warning: the empty points where the attacker, playing there, would make a
 * threat. The warning is for the defender: in a game, the attacker is the side that has just moved
 * ({@code state.sideToMove().other()}) and the points are where the side to move should look.
 *
 * <h2>Definition</h2>
 * For an empty point {@code *}, put an attacker stone there (in thought) and look in each of the
 * four directions (across, down, and the two diagonals). In each direction take the one
 * <em>unbroken run</em> of attacker stones through {@code *}: {@code *} and the attacker stones
 * touching it in a line, in both senses, without gaps. Look at the two points just beyond the run's
 * ends: an end is <em>open</em> when that point is on the board and empty, <em>blocked</em> when it
 * holds a defender stone or is off the board. Only those two points are looked at: whether there is
 * room for five further along is not checked. A run through {@code *} is then:
 * <ul>
 * <li>five or more long: a <b>five</b>;</li>
 * <li>exactly four long with both ends open: an <b>open four</b>;</li>
 * <li>exactly four long with one end open: a <b>four blocked on one side</b>;</li>
 * <li>exactly three long with both ends open: an <b>open three</b>;</li>
 * <li>anything else counts for nothing, in particular a four blocked on both ends, a three with a
 *     blocked end, and stones beyond a gap.</li>
 * </ul>
 * The point is dangerous, with the strongest {@link Threat} that applies, when there is
 * <ol type="a">
 * <li>a five in some direction: {@link Threat#WIN};</li>
 * <li>an open four: {@link Threat#OPEN_FOUR};</li>
 * <li>a four blocked on one side and an open three: {@link Threat#FOUR_THREE};</li>
 * <li>two or more open threes: {@link Threat#DOUBLE_THREE}.</li>
 * </ol>
 * A lone blocked four, a lone open three, or two blocked fours are not reported: seed 003 does not
 * list them.
 *
 * <h2>Examples</h2>
 * {@code X} attacker, {@code O} defender, {@code .} empty, {@code |} edge, {@code *} the point tested;
 * each line is one direction through {@code *}:
 * <pre>
 *   . X X X * .     open four                     (b)
 *   O X X X * .     four blocked on one side      (counts only with an open three: c)
 *   O X X X * O     four blocked on both ends     nothing
 *   | X X X * .     blocked by the edge           a four blocked on one side
 *   . X X * .       open three
 *   | X X * .       three at the edge             nothing (not open)
 *   . X X . * .     broken: the run is * alone    nothing
 * </pre>
 *
 * <p>The methods are static, thread-safe and do not keep the board. On a 15x15 board a full
 * analysis reads each point a few times; see {@code GomokuDangerBenchmark}.
 */
public final class DangerAnalysis {

    private static final byte EMPTY = 0;
    private static final byte MINE = 1;
    private static final byte THEIRS = 2;
    private static final byte EDGE = 3;

    private DangerAnalysis() {
    }

    /**
     * Every dangerous point of {@code board} for stones of {@code attacker}, strongest threat first,
     * then in reading order (by row from the top, then by column from the left).
     *
     * @return an unmodifiable list, empty when no point is dangerous; never {@code null}
     * @throws IllegalArgumentException if the board's size is not 1..26
     */
    public static List<Danger> find(GomokuBoard board, Side attacker) {
        Grid grid = Grid.of(board, attacker);
        int n = grid.size;
        List<Danger> found = new ArrayList<>();
        for (int row = 0; row < n; row++) {
            int idx = (row + 1) * grid.width + 1;
            for (int col = 0; col < n; col++, idx++) {
                if (grid.cells[idx] == EMPTY) {
                    Threat threat = classify(grid.cells, idx, grid.directions);
                    if (threat != null) {
                        found.add(new Danger(Point.of(col, row), threat));
                    }
                }
            }
        }
        found.sort(Comparator.comparing(Danger::threat)); // stable: reading order within a threat
        return List.copyOf(found);
    }

    /**
     * The threat a stone of {@code attacker} on {@code point} would make, if any. Empty when the
     * point is taken or not dangerous. For a whole board, {@link #find} is faster than calling this
     * for every point.
     *
     * @throws IllegalArgumentException if {@code point} is off the board or the size is not 1..26
     */
    public static Optional<Threat> threatAt(GomokuBoard board, Side attacker, Point point) {
        Grid grid = Grid.of(board, attacker);
        if (!board.contains(point)) {
            throw new IllegalArgumentException(point.notation() + " is off the " + grid.size + "x" + grid.size + " board");
        }
        int idx = (point.row() + 1) * grid.width + point.col() + 1;
        return grid.cells[idx] == EMPTY ? Optional.ofNullable(classify(grid.cells, idx, grid.directions)) : Optional.empty();
    }

    /**
     * Classifies the empty cell {@code idx} of a padded grid (attacker {@link #MINE}, border
     * {@link #EDGE}); {@code null} when it is not dangerous.
     */
    private static Threat classify(byte[] cells, int idx, int[] directions) {
        int openThrees = 0;
        int blockedFours = 0;
        boolean openFour = false;
        for (int d : directions) {
            int before = idx - d;
            while (cells[before] == MINE) {
                before -= d;
            }
            int after = idx + d;
            while (cells[after] == MINE) {
                after += d;
            }
            int length = (after - before) / d - 1;
            if (length >= 5) {
                return Threat.WIN;
            }
            int openEnds = (cells[before] == EMPTY ? 1 : 0) + (cells[after] == EMPTY ? 1 : 0);
            if (length == 4) {
                if (openEnds == 2) {
                    openFour = true;
                } else if (openEnds == 1) {
                    blockedFours++;
                }
            } else if (length == 3 && openEnds == 2) {
                openThrees++;
            }
        }
        if (openFour) {
            return Threat.OPEN_FOUR;
        }
        if (blockedFours > 0 && openThrees > 0) {
            return Threat.FOUR_THREE;
        }
        return openThrees >= 2 ? Threat.DOUBLE_THREE : null;
    }

    /** The board copied into a byte grid with a one-point border of {@link #EDGE} all round. */
    private static final class Grid {
        final int size;
        final int width;
        final byte[] cells;
        final int[] directions;

        private Grid(int size) {
            this.size = size;
            this.width = size + 2;
            this.cells = new byte[width * width];
            this.directions = new int[] {1, width, width + 1, width - 1};
        }

        static Grid of(GomokuBoard board, Side attacker) {
            Objects.requireNonNull(attacker, "attacker");
            int n = board.size();
            if (n < 1 || n > Point.MAX_COLUMNS) {
                throw new IllegalArgumentException("a board has 1..26 rows, not " + n);
            }
            Grid grid = new Grid(n);
            java.util.Arrays.fill(grid.cells, EDGE);
            for (int row = 0; row < n; row++) {
                int idx = (row + 1) * grid.width + 1;
                for (int col = 0; col < n; col++, idx++) {
                    Side stone = board.stoneAt(col, row);
                    grid.cells[idx] = stone == null ? EMPTY : stone == attacker ? MINE : THEIRS;
                }
            }
            return grid;
        }
    }
}
