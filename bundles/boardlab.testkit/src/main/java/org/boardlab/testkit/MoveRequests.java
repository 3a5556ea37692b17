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

    /**
     * A request that is never cancelled, whose deadline is on a clock of the caller's own rather than
     * {@link System#nanoTime()}: for a player given that clock (a test's clock that moves a tick each
     * time it is read, so that a search's time is its count of positions on any machine), or given a
     * deadline far away to search a fixed amount of work (a benchmark).
     */
    public static MoveRequest onClock(GameState state, long seed, long deadlineNanos) {
        return new MoveRequest() {
            @Override
            public GameState state() {
                return state;
            }

            @Override
            public List<Move> history() {
                return List.of();
            }

            @Override
            public long deadlineNanos() {
                return deadlineNanos;
            }

            @Override
            public boolean isCancelled() {
                return false;
            }

            @Override
            public long seed() {
                return seed;
            }
        };
    }

    /** A request that also carries the moves played before {@code state}. */
    public static MoveRequest of(GameState state, List<Move> history, long seed, long deadlineNanos, BooleanSupplier cancelled) {
        return MoveRequest.of(state, history, deadlineNanos, seed, cancelled);
    }
}
