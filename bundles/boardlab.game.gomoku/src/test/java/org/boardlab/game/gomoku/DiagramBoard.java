package org.boardlab.game.gomoku;

import org.boardlab.api.Side;

/**
 * A {@link GomokuBoard} drawn as text, for tests: one string per row, top first; {@code X} black,
 * {@code O} white, anything else ({@code .}, {@code *}) empty; blanks are ignored. It also shows
 * that the interface can be implemented outside the game.
 */
final class DiagramBoard implements GomokuBoard {

    private final String[] rows;
    private final Point star;

    DiagramBoard(String... rows) {
        this.rows = new String[rows.length];
        Point found = null;
        for (int r = 0; r < rows.length; r++) {
            this.rows[r] = rows[r].replace(" ", "");
            if (this.rows[r].length() != rows.length) {
                throw new IllegalArgumentException("row " + (r + 1) + " is not " + rows.length + " points long");
            }
            int s = this.rows[r].indexOf('*');
            if (s >= 0) {
                found = Point.of(s, r);
            }
        }
        this.star = found;
    }

    /** The point marked {@code *}. */
    Point star() {
        if (star == null) {
            throw new IllegalStateException("the diagram has no *");
        }
        return star;
    }

    @Override
    public int size() {
        return rows.length;
    }

    @Override
    public Side stoneAt(int col, int row) {
        char c = rows[row].charAt(col);
        return c == 'X' ? Side.FIRST : c == 'O' ? Side.SECOND : null;
    }
}
