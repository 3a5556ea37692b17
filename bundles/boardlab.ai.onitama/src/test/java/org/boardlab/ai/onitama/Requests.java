package org.boardlab.ai.onitama;

import java.util.function.BooleanSupplier;
import org.boardlab.api.GameState;
import org.boardlab.api.MoveRequest;

/** Move requests for tests. */
final class Requests {

    private Requests() {
    }

    /** A request with {@code millis} to answer, cancelled when the deadline has passed. */
    static MoveRequest of(GameState state, long millis, long seed) {
        long deadline = System.nanoTime() + millis * 1_000_000;
        return of(state, deadline, () -> System.nanoTime() > deadline, seed);
    }

    static MoveRequest of(GameState state, long deadline, BooleanSupplier cancelled, long seed) {
        return org.boardlab.testkit.MoveRequests.of(state, seed, deadline, cancelled);
    }
}
