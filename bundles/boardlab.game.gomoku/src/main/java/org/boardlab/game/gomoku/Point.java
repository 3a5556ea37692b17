package org.boardlab.game.gomoku;

import org.boardlab.api.Move;

/**
 * A point (intersection) of a Gomoku board, and the move that puts a stone of the side to move on
 * it. Written as a column letter from the left and a row number from the top: {@code a1} is the top
 * left corner, {@code h8} the centre of the 15x15 board, {@code o15} its bottom right corner.
 *
 * <p>Columns run from {@code a} to {@code z}, so a point names columns 0..25; whether it lies on a
 * given board is for that board to say.
 *
 * @param col the column, 0 for {@code a}, counted from the left; 0..25
 * @param row the row, 0 for {@code 1}, counted from the top; 0 or more
 */
public record Point(int col, int row) implements Move {

    /** The largest number of columns a point can name ({@code a..z}). */
    public static final int MAX_COLUMNS = 26;

    private static final int CACHED = 25;
    private static final Point[] CACHE = new Point[CACHED * CACHED];

    static {
        for (int i = 0; i < CACHE.length; i++) {
            CACHE[i] = new Point(i % CACHED, i / CACHED);
        }
    }

    /**
     * @throws IllegalArgumentException if {@code col} is not 0..25 or {@code row} is negative
     */
    public Point {
        if (col < 0 || col >= MAX_COLUMNS) {
            throw new IllegalArgumentException("a column is 0..25 (a..z), not " + col);
        }
        if (row < 0) {
            throw new IllegalArgumentException("a row is 0 or more, not " + row);
        }
    }

    /** The point at {@code col}, {@code row}; the same as the constructor, without allocating on small boards. */
    public static Point of(int col, int row) {
        if (col >= 0 && col < CACHED && row >= 0 && row < CACHED) {
            return CACHE[row * CACHED + col];
        }
        return new Point(col, row);
    }

    /**
     * Reads a point such as {@code h8} (upper case and surrounding blanks are accepted).
     *
     * @throws IllegalArgumentException if the text is not a letter {@code a..z} followed by a row
     *         number from 1 without leading zeros
     */
    public static Point parse(String text) {
        String t = text.trim().toLowerCase(java.util.Locale.ROOT);
        if (t.length() < 2 || t.length() > 4 || t.charAt(0) < 'a' || t.charAt(0) > 'z' || t.charAt(1) == '0') {
            throw new IllegalArgumentException("a point is a column letter and a row number, e.g. h8, not '" + text + "'");
        }
        int row = 0;
        for (int i = 1; i < t.length(); i++) {
            char c = t.charAt(i);
            if (c < '0' || c > '9') {
                throw new IllegalArgumentException("a point is a column letter and a row number, e.g. h8, not '" + text + "'");
            }
            row = row * 10 + (c - '0');
        }
        return of(t.charAt(0) - 'a', row - 1);
    }

    /** The point in notation, e.g. {@code h8}. */
    @Override
    public String notation() {
        return (char) ('a' + col) + Integer.toString(row + 1);
    }

    @Override
    public String toString() {
        return notation();
    }
}
