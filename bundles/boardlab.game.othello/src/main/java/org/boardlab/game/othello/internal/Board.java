package org.boardlab.game.othello.internal;

import org.boardlab.api.Side;

/**
 * The discs on an Othello board, immutable, with the rules of placing a disc. Colours are side
 * indexes: 0 black, 1 white. Squares are indexed {@code row * size + col}, row 0 at the top, so
 * ascending indexes go row by row from the top, left to right.
 *
 * <p>Two implementations: {@link BitBoard} for sizes up to 8 (one {@code long} per colour) and
 * {@link ArrayBoard} for any size (one byte per square).
 */
abstract class Board {

    /** The start position: the centre 2x2 with white on the top-left and bottom-right squares. */
    static Board start(int size) {
        return size <= BitBoard.MAX_SIZE ? BitBoard.start(size) : ArrayBoard.start(size);
    }

    /**
     * A board from rows of text, top row first: {@code B} or {@code X} black, {@code W} or {@code O}
     * white, {@code .} or {@code -} empty; spaces are ignored. The rows must form a square with an
     * even side from 4 to 16.
     *
     * @throws IllegalArgumentException if the text is not such a board
     */
    static Board parse(String diagram) {
        String[] lines = diagram.strip().split("\\R");
        int size = lines.length;
        if (size < 4 || size > 16 || size % 2 != 0) {
            throw new IllegalArgumentException("a board has an even number of rows from 4 to 16, not " + size);
        }
        int[] cells = new int[size * size];
        for (int row = 0; row < size; row++) {
            String line = lines[row].replace(" ", "");
            if (line.length() != size) {
                throw new IllegalArgumentException("row " + (row + 1) + " has " + line.length()
                        + " squares, not " + size + ": '" + lines[row] + "'");
            }
            for (int col = 0; col < size; col++) {
                char c = Character.toUpperCase(line.charAt(col));
                cells[row * size + col] = switch (c) {
                    case 'B', 'X' -> 0;
                    case 'W', 'O' -> 1;
                    case '.', '-' -> -1;
                    default -> throw new IllegalArgumentException("row " + (row + 1) + " has '" + c
                            + "'; a square is B (black), W (white) or . (empty)");
                };
            }
        }
        return size <= BitBoard.MAX_SIZE ? BitBoard.of(size, cells) : ArrayBoard.of(size, cells);
    }

    /** The number of rows and of columns. */
    abstract int size();

    /** The colour on a square (0 black, 1 white), or -1 for an empty square; the square must be on the board. */
    abstract int colourAt(int col, int row);

    /** The side on a square, or {@code null} when it is empty. */
    final Side sideAt(int col, int row) {
        int colour = colourAt(col, row);
        return colour < 0 ? null : Side.of(colour);
    }

    /** The number of discs of {@code colour}. */
    abstract int count(int colour);

    /** The squares where {@code colour} may place a disc, ascending. */
    abstract int[] moves(int colour);

    /** How many squares {@code colour} may play on. */
    abstract int mobility(int colour);

    /**
     * The board after {@code colour} places a disc on the square and turns the enclosed discs over,
     * or {@code null} when that square is taken or encloses nothing. The square must be on the board.
     */
    abstract Board play(int colour, int col, int row);

    /**
     * The number of leaves {@code depth} plies below this board with {@code colour} to move: a pass
     * is a ply, and a board where neither side can move is a leaf however shallow.
     */
    abstract long perft(int colour, int depth);

    /** Every square's colour (see {@link #colourAt}), row by row: for equality and tests. */
    final int[] cells() {
        int size = size();
        int[] cells = new int[size * size];
        for (int row = 0; row < size; row++) {
            for (int col = 0; col < size; col++) {
                cells[row * size + col] = colourAt(col, row);
            }
        }
        return cells;
    }

    /** The colour of the start position on square (col, row) of a board of {@code size}, or -1. */
    static int startColour(int size, int col, int row) {
        int c = size / 2;
        if ((col == c - 1 || col == c) && (row == c - 1 || row == c)) {
            return col == row ? 1 : 0;
        }
        return -1;
    }
}
