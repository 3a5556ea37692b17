package org.boardlab.core;

/**
 * A player's failure whose message says all there is to say, such as {@code "out of memory at 256
 * MB"} or {@code "exited with status 0 at move 12"}: the referee's forfeit reason gives the message
 * alone, without the exception's class name (which it gives for any other exception).
 */
public class PlayerFault extends Exception {

    private static final long serialVersionUID = 1L;

    /** @param message the failure in words, for the forfeit's reason; never {@code null} */
    public PlayerFault(String message) {
        super(message);
    }

    /** @param message the failure in words; @param cause what caused it */
    public PlayerFault(String message, Throwable cause) {
        super(message, cause);
    }
}
