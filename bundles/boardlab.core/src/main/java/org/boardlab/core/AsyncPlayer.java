package org.boardlab.core;

import java.util.concurrent.CompletableFuture;
import org.boardlab.api.Move;
import org.boardlab.api.MoveRequest;
import org.boardlab.api.Player;

/**
 * A player whose moves arrive from elsewhere (a network client) and that needs no thread while it
 * waits: the referee asks it with {@link #requestMove} instead of running {@link #chooseMove} on a
 * worker thread, and the move is handed over by completing the future, from any thread.
 */
public interface AsyncPlayer extends Player {

    /**
     * Starts asking for a move. Complete the future with a move (or exceptionally, to fail). The
     * referee cancels it when the deadline passes or the game ends; a move given after that is
     * ignored.
     */
    CompletableFuture<Move> requestMove(MoveRequest request);

    /** The blocking form, for callers outside the referee. */
    @Override
    default Move chooseMove(MoveRequest request) throws Exception {
        return requestMove(request).get();
    }
}
