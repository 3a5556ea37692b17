package org.boardlab.server.testing;

import java.util.concurrent.CompletableFuture;
import org.boardlab.api.Move;
import org.boardlab.api.MoveRequest;
import org.boardlab.api.Player;

/**
 * A player stuck in its move: asked, it waits (two minutes, far past any test's deadline) until its thread is
 * interrupted, then completes {@link #cancelledWhenInterrupted} with whether the request had been cancelled by then
 * and throws the interrupt on. For the tests that a seat cancels the request and interrupts the player's thread when
 * the server ends the game, long before the request's own deadline.
 */
public final class StuckPlayer implements Player {

    /** Completes, once the thread is interrupted, with {@link MoveRequest#isCancelled()} at that moment. */
    public final CompletableFuture<Boolean> cancelledWhenInterrupted = new CompletableFuture<>();

    @Override
    public Move chooseMove(MoveRequest request) throws InterruptedException {
        try {
            Thread.sleep(120_000);
        } catch (InterruptedException e) {
            cancelledWhenInterrupted.complete(request.isCancelled());
            throw e;
        }
        throw new IllegalStateException("never interrupted");
    }
}
