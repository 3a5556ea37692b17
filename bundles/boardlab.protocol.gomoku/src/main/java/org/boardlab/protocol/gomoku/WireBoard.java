package org.boardlab.protocol.gomoku;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The board carried by a full update: rows from the top, each a list of points from the left, as
 * the JSON array of arrays {@code board[row][col]} holds it. Immutable; every row has the same
 * length.
 *
 * <p>The original server always sends 15 rows of 15 points. Its client assumes a square board
 * (it draws with {@code Q_ASSERT(rowCount == colCount)}), so a server that talks to it must keep
 * the board square; this class itself accepts any rectangle of at least one point.
 */
public final class WireBoard {

    private final Cell[][] cells;

    private WireBoard(Cell[][] cells) {
        this.cells = cells;
    }

    /**
     * A board with the given points, {@code cells[row][col]}.
     *
     * @throws IllegalArgumentException if there are no rows, a row is empty or rows differ in length
     */
    public static WireBoard of(Cell[][] cells) {
        if (cells.length == 0 || cells[0].length == 0) {
            throw new IllegalArgumentException("a board has at least one row and one column");
        }
        Cell[][] copy = new Cell[cells.length][];
        for (int r = 0; r < cells.length; r++) {
            if (cells[r].length != cells[0].length) {
                throw new IllegalArgumentException("row " + (r + 1) + " has " + cells[r].length
                        + " points but row 1 has " + cells[0].length);
            }
            copy[r] = cells[r].clone();
            for (Cell c : copy[r]) {
                if (c == null) {
                    throw new IllegalArgumentException("a board point is null in row " + (r + 1));
                }
            }
        }
        return new WireBoard(copy);
    }

    /** An empty board of the given size, as a round starts. */
    public static WireBoard empty(int rows, int cols) {
        if (rows < 1 || cols < 1) {
            throw new IllegalArgumentException("a board has at least one row and one column");
        }
        Cell[][] cells = new Cell[rows][cols];
        for (Cell[] row : cells) {
            Arrays.fill(row, Cell.EMPTY);
        }
        return new WireBoard(cells);
    }

    /**
     * A board from text rows, top first, one character a point: {@code .} or space for empty,
     * {@code B}, {@code W}, {@code X}. Handy in tests: {@code WireBoard.parse("..B", ".W.", "...")}.
     */
    public static WireBoard parse(String... rows) {
        Cell[][] cells = new Cell[rows.length][];
        for (int r = 0; r < rows.length; r++) {
            cells[r] = new Cell[rows[r].length()];
            for (int c = 0; c < rows[r].length(); c++) {
                char ch = rows[r].charAt(c);
                cells[r][c] = switch (ch) {
                    case '.', ' ' -> Cell.EMPTY;
                    case 'B' -> Cell.BLACK;
                    case 'W' -> Cell.WHITE;
                    case 'X' -> Cell.BLOCKED;
                    default -> throw new IllegalArgumentException("'" + ch + "' is not a point; use . B W X");
                };
            }
        }
        return of(cells);
    }

    /** The number of rows. */
    public int rows() {
        return cells.length;
    }

    /** The number of points in each row. */
    public int cols() {
        return cells[0].length;
    }

    /** Whether {@code (row, col)} lies on the board (both zero-based). */
    public boolean contains(int row, int col) {
        return row >= 0 && row < rows() && col >= 0 && col < cols();
    }

    /**
     * The point at {@code (row, col)}, both zero-based from the top left.
     *
     * @throws IndexOutOfBoundsException if the point is off the board
     */
    public Cell cell(int row, int col) {
        if (!contains(row, col)) {
            throw new IndexOutOfBoundsException("(row " + row + ", col " + col + ") is off the "
                    + rows() + "x" + cols() + " board");
        }
        return cells[row][col];
    }

    /**
     * A copy with one point changed. The rows that do not change are shared with this board (no
     * board ever changes a row), so a client that applies every update copies one row, not 15.
     */
    public WireBoard with(int row, int col, Cell cell) {
        cell(row, col);
        Cell[][] copy = cells.clone();
        copy[row] = cells[row].clone();
        copy[row][col] = cell;
        return new WireBoard(copy);
    }

    /** How many points hold a black or a white stone. */
    public int stones() {
        int n = 0;
        for (Cell[] row : cells) {
            for (Cell c : row) {
                if (c == Cell.BLACK || c == Cell.WHITE) {
                    n++;
                }
            }
        }
        return n;
    }

    /** The rows as text, top first, one {@link Cell#symbol()} a point, e.g. {@code "..B.W"}. */
    public List<String> rowTexts() {
        List<String> out = new ArrayList<>(cells.length);
        for (Cell[] row : cells) {
            StringBuilder sb = new StringBuilder(row.length);
            for (Cell c : row) {
                sb.append(c.symbol());
            }
            out.add(sb.toString());
        }
        return out;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof WireBoard other && Arrays.deepEquals(cells, other.cells);
    }

    @Override
    public int hashCode() {
        return Arrays.deepHashCode(cells);
    }

    @Override
    public String toString() {
        return String.join("/", rowTexts());
    }
}
