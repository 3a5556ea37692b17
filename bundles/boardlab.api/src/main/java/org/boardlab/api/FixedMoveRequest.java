package org.boardlab.api;

import java.util.List;
import java.util.Objects;
import java.util.function.BooleanSupplier;

/** The request of {@link MoveRequest#of}: fixed values, cancelled at its deadline or when stopped. */
record FixedMoveRequest(GameState state, List<Move> history, long deadlineNanos, long seed, BooleanSupplier stopped)
        implements MoveRequest {

    FixedMoveRequest {
        Objects.requireNonNull(state, "state");
        Objects.requireNonNull(stopped, "stopped");
    }

    @Override
    public boolean isCancelled() {
        return System.nanoTime() - deadlineNanos > 0 || stopped.getAsBoolean();
    }
}
