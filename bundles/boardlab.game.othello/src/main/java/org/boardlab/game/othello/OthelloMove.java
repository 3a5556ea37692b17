package org.boardlab.game.othello;

import org.boardlab.api.Move;

/**
 * An Othello move: a disc placed on the square in column {@code col} and row {@code row} (both
 * zero-based, column 0 on the left, row 0 at the top), or {@link #PASS}.
 *
 * <p>Notation: the column as a letter from {@code a} and the row as a number from {@code 1}, so
 * {@code OthelloMove.at(3, 2)} is {@code d3}; a pass is {@code pass}. A move does not know the board
 * size: whether it is on the board and legal is for the position to say
 * ({@link org.boardlab.api.GameState#whyIllegal}).
 *
 * @param col the column, 0..15, or -1 for a pass
 * @param row the row, 0..15, or -1 for a pass
 */
public record OthelloMove(int col, int row) implements Move {

    /** The largest board is 16x16: columns a..p, rows 1..16. */
    public static final int MAX_SIZE = 16;

    /** The pass: allowed, and required, exactly when the side to move has no placement. */
    public static final OthelloMove PASS = new OthelloMove(-1, -1);

    /**
     * @throws IllegalArgumentException unless both coordinates are in 0..15, or both are -1 (a pass)
     */
    public OthelloMove {
        boolean pass = col == -1 && row == -1;
        if (!pass && (col < 0 || col >= MAX_SIZE || row < 0 || row >= MAX_SIZE)) {
            throw new IllegalArgumentException("a square has column and row 0.." + (MAX_SIZE - 1)
                    + ", not (" + col + ", " + row + ")");
        }
    }

    /**
     * Every placement, made once: a server keeps the moves of thousands of games in their journals,
     * and one shared object per square instead of one per move and per legal-move list keeps them
     * out of the young collections' copying (10,000 clients: 1.7 million move objects, 40 MB).
     */
    private static final OthelloMove[] SQUARES = new OthelloMove[MAX_SIZE * MAX_SIZE];
    /** The square names, {@code a1} to {@code p16}, made once (a protocol writes one for every move). */
    private static final String[] NAMES = new String[MAX_SIZE * MAX_SIZE];

    static {
        for (int row = 0; row < MAX_SIZE; row++) {
            for (int col = 0; col < MAX_SIZE; col++) {
                SQUARES[row * MAX_SIZE + col] = new OthelloMove(col, row);
                NAMES[row * MAX_SIZE + col] = (char) ('a' + col) + Integer.toString(row + 1);
            }
        }
    }

    /**
     * The placement on column {@code col}, row {@code row} (zero-based), or {@link #PASS} for
     * {@code (-1, -1)}: always the same object for the same square, and {@link #PASS} itself for a
     * pass, so {@code at(-1, -1) == PASS}. (A move made with the constructor is still equal to the
     * shared one: compare moves with {@code equals}.)
     *
     * @throws IllegalArgumentException unless both coordinates are in 0..15, or both are -1
     */
    public static OthelloMove at(int col, int row) {
        if (col == -1 && row == -1) {
            return PASS;
        }
        if (col < 0 || col >= MAX_SIZE || row < 0 || row >= MAX_SIZE) {
            return new OthelloMove(col, row); // throws, saying why
        }
        return SQUARES[row * MAX_SIZE + col];
    }

    /** {@code true} for {@link #PASS}. */
    public boolean isPass() {
        return col < 0;
    }

    @Override
    public String notation() {
        return isPass() ? "pass" : squareName(col, row);
    }

    /** The name of a square, e.g. {@code d3} for column 3, row 2 (zero-based). */
    public static String squareName(int col, int row) {
        if (col >= 0 && col < MAX_SIZE && row >= 0 && row < MAX_SIZE) {
            return NAMES[row * MAX_SIZE + col];
        }
        return (char) ('a' + col) + Integer.toString(row + 1);
    }

    @Override
    public String toString() {
        return notation();
    }
}
