package org.boardlab.testkit;

import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.boardlab.api.GameState;
import org.boardlab.api.Move;
import org.boardlab.api.MoveRequest;

/**
 * Move requests for testing a player by hand, as the referee would send them:
 *
 * <pre>{@code
 * Move m = new MyPlayer().chooseMove(MoveRequests.within(state, 1, 500)); // seed 1, 500 ms
 * }</pre>
 */
public final class MoveRequests {

    private MoveRequests() {
    }

    /** A request for {@code state} with {@code millis} ms to answer from now; cancelled once they pass. */
    public static MoveRequest within(GameState state, long seed, long millis) {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(millis);
        return of(state, seed, deadline, () -> System.nanoTime() - deadline > 0);
    }

    /** A request with the given deadline (on the {@link System#nanoTime()} clock) and cancellation test. */
    public static MoveRequest of(GameState state, long seed, long deadlineNanos, BooleanSupplier cancelled) {
        return of(state, List.of(), seed, deadlineNanos, cancelled);
    }

    /** A request that also carries the moves played before {@code state}. */
    public static MoveRequest of(GameState state, List<Move> history, long seed, long deadlineNanos, BooleanSupplier cancelled) {
        return MoveRequest.of(state, history, deadlineNanos, seed, cancelled);
    }
}
