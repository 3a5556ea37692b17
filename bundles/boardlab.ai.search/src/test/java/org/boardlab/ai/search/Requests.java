package org.boardlab.ai.search;

import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.boardlab.api.GameState;
import org.boardlab.api.MoveRequest;

/** Move requests for tests: a position, a seed and a clock. */
final class Requests {

    private Requests() {
    }

    /** A request for {@code state} with {@code millis} ms to answer, never cancelled before the deadline. */
    static MoveRequest of(GameState state, long seed, long millis) {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(millis);
        return of(state, seed, deadline, () -> System.nanoTime() > deadline);
    }

    /** A request with the given deadline (on the nanoTime clock) and cancellation test. */
    static MoveRequest of(GameState state, long seed, long deadlineNanos, BooleanSupplier cancelled) {
        return org.boardlab.testkit.MoveRequests.of(state, seed, deadlineNanos, cancelled);
    }
}
