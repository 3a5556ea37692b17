package org.boardlab.api;

/**
 * Thrown when a move is not legal in a position or when a text is not a move of the game. The
 * message says why, in words a student can act on (for example {@code "d3 flips no disc"}).
 */
public class IllegalMoveException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final String move;

    /**
     * @param move   the move as given, in notation (never {@code null})
     * @param reason why it is refused (never {@code null})
     */
    public IllegalMoveException(String move, String reason) {
        super(move + ": " + reason);
        this.move = move;
    }

    /** The refused move as it was given. */
    public String move() {
        return move;
    }

    /** Why the move was refused, without the move itself. */
    public String reason() {
        String message = getMessage();
        return message.substring(move.length() + 2);
    }
}
