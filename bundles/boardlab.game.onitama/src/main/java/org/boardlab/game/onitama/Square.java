package org.boardlab.game.onitama;

import java.util.Locale;
import java.util.Optional;
import org.boardlab.api.Side;

/**
 * A square of the 5x5 board, named from blue's seat: columns {@code a..e} from blue's left to
 * right, rows {@code 1..5} from blue's home row to red's. Blue's master starts on {@code c1}, red's
 * on {@code c5}; those are the two temples. {@link #ordinal()} is {@code (row - 1) * 5 + column},
 * so {@code A1} is 0 and {@code E5} is 24.
 */
public enum Square {
    A1, B1, C1, D1, E1,
    A2, B2, C2, D2, E2,
    A3, B3, C3, D3, E3,
    A4, B4, C4, D4, E4,
    A5, B5, C5, D5, E5;

    /** Columns and rows on the board. */
    public static final int SIZE = 5;

    private static final Square[] ALL = values();

    /** {@link #notation()}, made once: move notation writes two squares for every move. */
    private final String notation = name().toLowerCase(Locale.ROOT);

    /** The column, 0 for {@code a} (blue's left) to 4 for {@code e}. */
    public int column() {
        return ordinal() % SIZE;
    }

    /** The row number, 1 (blue's home row) to 5 (red's home row). */
    public int row() {
        return ordinal() / SIZE + 1;
    }

    /** The square's name, e.g. {@code c1}. */
    public String notation() {
        return notation;
    }

    /**
     * Where a piece of {@code side} on this square lands with {@code step}, or empty if the step
     * leaves the board.
     */
    public Optional<Square> step(Card.Step step, Side side) {
        return find(column() + step.columnDelta(side), row() + step.rowDelta(side));
    }

    /** The square at {@code column} (0..4) and {@code row} (1..5), or empty if that is off the board. */
    public static Optional<Square> find(int column, int row) {
        if (column < 0 || column >= SIZE || row < 1 || row > SIZE) {
            return Optional.empty();
        }
        return Optional.of(ALL[(row - 1) * SIZE + column]);
    }

    /**
     * The square named {@code text}, e.g. {@code c1}, ignoring case.
     *
     * @throws IllegalArgumentException if {@code text} names no square of the board
     */
    public static Square parse(String text) {
        String t = text.trim().toLowerCase(Locale.ROOT);
        if (t.length() == 2 && t.charAt(0) >= 'a' && t.charAt(0) <= 'e' && t.charAt(1) >= '1' && t.charAt(1) <= '5') {
            return ALL[(t.charAt(1) - '1') * SIZE + (t.charAt(0) - 'a')];
        }
        throw new IllegalArgumentException("'" + text.trim() + "' is not a square of the board; squares are a1 to e5"
                + " (column a-e from blue's left, row 1-5 from blue's home row)");
    }

    /** The square with index {@code index} (0..24), as {@link #ordinal()} gives it. */
    public static Square ofIndex(int index) {
        return ALL[index];
    }

    /** The temple of {@code side}: its master's starting square, {@code c1} for blue and {@code c5} for red. */
    public static Square temple(Side side) {
        return side == Side.FIRST ? C1 : C5;
    }

    /** The Manhattan distance to {@code other}: column difference plus row difference. */
    public int distance(Square other) {
        return Math.abs(column() - other.column()) + Math.abs(row() - other.row());
    }

    @Override
    public String toString() {
        return notation();
    }
}
