package org.boardlab.itest.hostile;

import org.boardlab.api.Move;
import org.boardlab.api.MoveRequest;

/** What the hostile players share: a legal move when they behave. */
final class Hostile {

    private Hostile() {
    }

    static Move firstLegal(MoveRequest request) {
        return request.state().legalMoves().get(0);
    }

    /** Which of this player's moves in the game this is (1 for its first). */
    static int ownMove(MoveRequest request) {
        return request.history().size() / 2 + 1;
    }
}
