package org.boardlab.protocol.othello;

/**
 * A square of the 8x8 board as the protocol writes it: {@code x} is the column, counted from
 * {@code 0} on the left, and {@code y} is the row, counted from {@code 0} at the top. Each is one
 * digit {@code 0..7} on the wire.
 *
 * <p>In boardlab's notation the square is the column letter and the row number from 1:
 * {@code x=3, y=2} is {@code d3}, {@code x=0, y=0} is {@code a1} (top left), {@code x=7, y=7} is
 * {@code h8} (bottom right). The same numbers as the game bundle's {@code OthelloMove.at(col, row)}.
 *
 * @param x the column, 0..7 from the left
 * @param y the row, 0..7 from the top
 */
public record Square(int x, int y) {

    /** The board is 8 squares wide and 8 high. */
    public static final int SIZE = 8;

    /** @throws IllegalArgumentException unless both coordinates are in 0..7 */
    public Square {
        if (x < 0 || x >= SIZE || y < 0 || y >= SIZE) {
            throw new IllegalArgumentException("a square has x and y in 0..7, not (" + x + ", " + y + ")");
        }
    }

    /** The square with the given notation, e.g. {@code d3}; lower or upper case. */
    public static Square of(String notation) {
        String s = notation.trim().toLowerCase(java.util.Locale.ROOT);
        if (s.length() != 2 || s.charAt(0) < 'a' || s.charAt(0) > 'h' || s.charAt(1) < '1' || s.charAt(1) > '8') {
            throw new IllegalArgumentException("a square is a column a..h and a row 1..8, like d3, not "
                    + Wire.quote(notation));
        }
        return new Square(s.charAt(0) - 'a', s.charAt(1) - '1');
    }

    /** boardlab's name of the square, e.g. {@code d3}. */
    public String notation() {
        return (char) ('a' + x) + Integer.toString(y + 1);
    }

    /** The index of the square in a {@link Board}'s 64 cells: {@code y * 8 + x}. */
    public int index() {
        return y * SIZE + x;
    }

    @Override
    public String toString() {
        return notation();
    }

    /** Parses the two coordinate fields of {@code CMOV}, {@code SMOV} and {@code SMOVERR}. */
    static Square parse(String x, String y) {
        return new Square(coordinate(x, "x"), coordinate(y, "y"));
    }

    private static int coordinate(String field, String name) {
        if (field.length() != 1 || field.charAt(0) < '0' || field.charAt(0) > '7') {
            throw new MalformedMessageException(name + " must be one digit 0..7, not " + Wire.quote(field));
        }
        return field.charAt(0) - '0';
    }
}
