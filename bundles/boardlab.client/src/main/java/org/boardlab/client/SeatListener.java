package org.boardlab.client;

import java.time.Duration;
import org.boardlab.api.GameState;
import org.boardlab.api.Move;
import org.osgi.annotation.versioning.ConsumerType;

/**
 * What a {@link ClientSeat} tells its user about the player it seats. Every method has an empty
 * default, so implement only what you need; all are called on the client's event loop, so return
 * quickly.
 */
@ConsumerType
public interface SeatListener {

    /** The player is being asked for a move in {@code position}. */
    default void thinking(GameState position) {
    }

    /** The player chose {@code move} after thinking for {@code thought}; it is being sent. */
    default void played(Move move, Duration thought) {
    }

    /** Something went wrong that the user should hear of, in one sentence; the seat goes on. */
    default void problem(String message) {
    }
}
