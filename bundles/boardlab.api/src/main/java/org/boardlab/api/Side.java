package org.boardlab.api;

/**
 * One of the two seats of a two-player game. {@link #FIRST} always moves first: black in Othello
 * and Gomoku, blue in Onitama, red (player 1) in Dots, X in tic-tac-toe.
 */
public enum Side {
    FIRST,
    SECOND;

    /** The other seat; never {@code null}. */
    public Side other() {
        return this == FIRST ? SECOND : FIRST;
    }

    /** {@code 0} for {@link #FIRST}, {@code 1} for {@link #SECOND}: handy as an array index. */
    public int index() {
        return ordinal();
    }

    /** The side with the given index (0 or 1). */
    public static Side of(int index) {
        if (index == 0) {
            return FIRST;
        }
        if (index == 1) {
            return SECOND;
        }
        throw new IllegalArgumentException("a side index is 0 or 1, not " + index);
    }
}
