package org.boardlab.core;

import org.boardlab.api.Move;
import org.boardlab.api.MoveRequest;
import org.boardlab.api.Player;

/**
 * A seat whose moves are submitted to the match ({@link Match#submit}) by whoever has them, such as
 * the server's session for a network client: the referee tells it when it is its turn and holds no
 * thread while it waits. A submitted move is checked at once; an illegal one is refused with the
 * reason (the side may try again before its deadline), not forfeited.
 */
public interface SubmittingPlayer extends Player {

    /**
     * It is this seat's turn in {@code request.state()}: tell the client or the person. Called on a
     * referee's thread with the game's lock held: do not block, and submit from another thread or
     * later (a submit from inside this call is taken too).
     */
    void yourTurn(MoveRequest request);

    /** Not used: the moves of this seat are submitted. */
    @Override
    default Move chooseMove(MoveRequest request) {
        throw new UnsupportedOperationException("the moves of " + description() + " are submitted, not chosen");
    }
}
