package org.boardlab.game.othello.internal;

import java.util.Arrays;

/**
 * A board of any even size from 4 to 16 as one byte per square (0 black, 1 white, -1 empty). Used
 * for sizes 10 to 16, and in tests as a plain second implementation that {@link BitBoard} must
 * agree with.
 *
 * <p>The squares are stored with a border: {@code size + 2} columns and rows, the outer ring
 * marked {@link #OFF}, so a walk along a line stops at the edge without bounds checks, and each of
 * the eight directions is a fixed step in the array.
 */
final class ArrayBoard extends Board {

    private static final byte EMPTY = -1;
    private static final byte OFF = 2;

    /** The eight directions as steps in the bordered array, by board size. */
    private static final int[][] STEPS = new int[17][];

    static {
        for (int size = 4; size <= 16; size += 2) {
            int w = size + 2;
            STEPS[size] = new int[] {1, -1, w, -w, w + 1, w - 1, -w + 1, -w - 1};
        }
    }

    private final int size;
    /** {@code size + 2}: the stride of a row in {@link #cells}. */
    private final int width;
    private final int[] steps;
    private final byte[] cells;
    private final int black;
    private final int white;

    private ArrayBoard(int size, byte[] cells, int black, int white) {
        this.size = size;
        this.width = size + 2;
        this.steps = STEPS[size];
        this.cells = cells;
        this.black = black;
        this.white = white;
    }

    private static ArrayBoard counted(int size, byte[] cells) {
        int b = 0;
        int w = 0;
        for (byte c : cells) {
            if (c == 0) {
                b++;
            } else if (c == 1) {
                w++;
            }
        }
        return new ArrayBoard(size, cells, b, w);
    }

    static ArrayBoard start(int size) {
        int[] colours = new int[size * size];
        for (int row = 0; row < size; row++) {
            for (int col = 0; col < size; col++) {
                colours[row * size + col] = startColour(size, col, row);
            }
        }
        return of(size, colours);
    }

    /** A board from colours by square ({@code row * size + col}; 0 black, 1 white, -1 empty). */
    static ArrayBoard of(int size, int[] colours) {
        int width = size + 2;
        byte[] cells = new byte[width * width];
        Arrays.fill(cells, OFF);
        for (int row = 0; row < size; row++) {
            for (int col = 0; col < size; col++) {
                cells[(row + 1) * width + col + 1] = (byte) colours[row * size + col];
            }
        }
        return counted(size, cells);
    }

    private int index(int col, int row) {
        return (row + 1) * width + col + 1;
    }

    @Override
    int size() {
        return size;
    }

    @Override
    int colourAt(int col, int row) {
        return cells[index(col, row)];
    }

    @Override
    int count(int colour) {
        return colour == 0 ? black : white;
    }

    @Override
    int[] moves(int colour) {
        int[] squares = new int[size * size];
        int n = 0;
        for (int row = 0; row < size; row++) {
            int i = index(0, row);
            for (int col = 0; col < size; col++, i++) {
                if (cells[i] == EMPTY && encloses(colour, i)) {
                    squares[n++] = row * size + col;
                }
            }
        }
        return Arrays.copyOf(squares, n);
    }

    @Override
    int mobility(int colour) {
        int n = 0;
        for (int row = 0; row < size; row++) {
            int i = index(0, row);
            for (int col = 0; col < size; col++, i++) {
                if (cells[i] == EMPTY && encloses(colour, i)) {
                    n++;
                }
            }
        }
        return n;
    }

    /** {@code true} when a disc of {@code colour} on cell {@code i} would enclose a run in some direction. */
    private boolean encloses(int colour, int i) {
        int opp = 1 - colour;
        for (int step : steps) {
            if (cells[i + step] == opp && run(colour, i, step) > 0) {
                return true;
            }
        }
        return false;
    }

    /**
     * The length of the run of opponent discs that a disc of {@code colour} on cell {@code i}
     * encloses along {@code step}: 0 when the run is empty or not closed by a disc of {@code colour}.
     */
    private int run(int colour, int i, int step) {
        int opp = 1 - colour;
        int j = i + step;
        int length = 0;
        while (cells[j] == opp) {
            j += step;
            length++;
        }
        return cells[j] == colour ? length : 0;
    }

    @Override
    ArrayBoard play(int colour, int col, int row) {
        int i = index(col, row);
        if (cells[i] != EMPTY) {
            return null;
        }
        byte[] next = null;
        int flips = 0;
        for (int step : steps) {
            int length = run(colour, i, step);
            if (length > 0) {
                if (next == null) {
                    next = cells.clone();
                }
                for (int k = 1; k <= length; k++) {
                    next[i + k * step] = (byte) colour;
                }
                flips += length;
            }
        }
        if (next == null) {
            return null;
        }
        next[i] = (byte) colour;
        return colour == 0
                ? new ArrayBoard(size, next, black + flips + 1, white - flips)
                : new ArrayBoard(size, next, black - flips, white + flips + 1);
    }

    @Override
    long perft(int colour, int depth) {
        if (depth <= 0) {
            return 1;
        }
        int[] moves = moves(colour);
        if (moves.length == 0) {
            if (depth == 1 || mobility(1 - colour) == 0) {
                return 1;
            }
            return perft(1 - colour, depth - 1);
        }
        if (depth == 1) {
            return moves.length;
        }
        long leaves = 0;
        for (int sq : moves) {
            leaves += play(colour, sq % size, sq / size).perft(1 - colour, depth - 1);
        }
        return leaves;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ArrayBoard other && Arrays.equals(other.cells, cells);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(cells);
    }
}
