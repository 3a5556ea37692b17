package org.boardlab.game.onitama;

import org.boardlab.api.Side;

/**
 * A piece on the board: each side has one master and four students. {@link #code()} is the digit
 * seed 001's board encoding uses for it, {@link #symbol()} the letter in
 * {@link org.boardlab.api.GameState#boardText()}.
 */
public enum Piece {
    BLUE_MASTER(Side.FIRST, true, 'B'),
    BLUE_STUDENT(Side.FIRST, false, 'b'),
    RED_MASTER(Side.SECOND, true, 'R'),
    RED_STUDENT(Side.SECOND, false, 'r');

    private final Side side;
    private final boolean master;
    private final char symbol;

    Piece(Side side, boolean master, char symbol) {
        this.side = side;
        this.master = master;
        this.symbol = symbol;
    }

    /** The side the piece belongs to: {@link Side#FIRST} is blue, {@link Side#SECOND} red. */
    public Side side() {
        return side;
    }

    /** {@code true} for a master, {@code false} for a student. */
    public boolean isMaster() {
        return master;
    }

    /** The letter in the board text: {@code B}/{@code b} blue master/student, {@code R}/{@code r} red. */
    public char symbol() {
        return symbol;
    }

    /** Seed 001's digit: 1 blue master, 2 blue student, 3 red master, 4 red student (0 is an empty square). */
    public int code() {
        return ordinal() + 1;
    }

    /** The pieces in code order ({@code values()} makes a new array at every call). */
    private static final Piece[] BY_CODE = values();

    /**
     * The piece with seed 001's digit {@code code} (1..4).
     *
     * @throws IllegalArgumentException for any other number
     */
    public static Piece ofCode(int code) {
        if (code < 1 || code > 4) {
            throw new IllegalArgumentException("a piece is 1 (blue master), 2 (blue student), 3 (red master)"
                    + " or 4 (red student), not " + code);
        }
        return BY_CODE[code - 1];
    }

    /** The master of {@code side}. */
    public static Piece master(Side side) {
        return side == Side.FIRST ? BLUE_MASTER : RED_MASTER;
    }

    /** A student of {@code side}. */
    public static Piece student(Side side) {
        return side == Side.FIRST ? BLUE_STUDENT : RED_STUDENT;
    }
}
