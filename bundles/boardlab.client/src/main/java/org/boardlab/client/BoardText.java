package org.boardlab.client;

/**
 * A board as lines of text for a terminal client, in boardlab's notation: column letters from
 * {@code a} over the columns (a {@code ?} past {@code z}), row numbers from 1 down the left, one
 * character a point, and the last move in brackets. Othello's 8x8 (no gap, nothing marked) and a
 * 15x15 Gomoku board (a gap of one, the last stone on h8 marked):
 *
 * <pre>
 *   a b c d e f g h             a b c d e f g h i j k l m n o
 * 1 . . . . . . . .        1  . . . . . . . . . . . . . . .
 * 2 . . . . . . . .        ...
 * 3 . . . . . . . .        8  . . . . . . .[B]. . . . . . .
 * 4 . . . W B . . .        ...
 * </pre>
 */
public final class BoardText {

    /** What stands on a point. */
    @FunctionalInterface
    public interface Cells {
        /** The character for the point in {@code row} (from 0, the top) and {@code col} (from 0, the left). */
        char at(int row, int col);
    }

    private BoardText() {
    }

    /**
     * The board's lines, joined by LF, without a last LF.
     *
     * @param gap     spaces between the row numbers and the board
     * @param lastRow the row of the point to put in brackets, or -1 for none
     * @param lastCol its column, or -1 for none
     */
    public static String of(int rows, int cols, Cells cells, int gap, int lastRow, int lastCol) {
        int width = Integer.toString(rows).length();
        StringBuilder sb = new StringBuilder(" ".repeat(width + gap));
        for (int c = 0; c < cols; c++) {
            sb.append(' ').append(c < 26 ? (char) ('a' + c) : '?');
        }
        for (int r = 0; r < rows; r++) {
            sb.append('\n').append(String.format("%" + width + "d", r + 1)).append(" ".repeat(gap));
            boolean marked = r == lastRow;
            for (int c = 0; c < cols; c++) {
                sb.append(marked && c == lastCol ? '[' : marked && c == lastCol + 1 ? ']' : ' ');
                sb.append(cells.at(r, c));
            }
            if (marked && lastCol == cols - 1) {
                sb.append(']');
            }
        }
        return sb.toString();
    }
}
