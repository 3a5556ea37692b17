package org.boardlab.ai.search;

import java.util.function.LongSupplier;
import org.boardlab.api.MoveRequest;

/**
 * The time a search may use for one move: the request's deadline less a safety margin, so that
 * the player still has time to unwind and return after the search stops.
 *
 * <p>The deadline is the request's ({@link MoveRequest#deadlineNanos()}), set by whoever asked when
 * it asked: time spent before the search starts (the player's thread waiting for a core, a
 * collection) is already gone from what is left, never added on top.
 *
 * <p>The margin is 60 % of the time left plus half a millisecond, at most 150 ms: 3.5 ms of a 5 ms
 * clock, 12.5 ms of 20 ms, 60.5 ms of 100 ms, 150 ms of 250 ms or more. Short clocks lose more than
 * half their time, long ones very little; the margin covers the pauses that a loaded machine (a
 * lab's, with other students' programs: at 0.1 s a move, 50 ms was not always enough), the JIT
 * compiler's first run or the garbage collector may impose between two looks at the clock and
 * before the move reaches the referee. {@link #expired()} also turns true when
 * the request is cancelled or the thread is interrupted (the interrupt flag is left set).
 *
 * <p>Time is read from a clock on the {@link System#nanoTime()} scale: {@code System::nanoTime},
 * or a test's.
 */
final class SearchClock {

    private static final long MILLI = 1_000_000L;
    private static final long MAX_MARGIN = 150 * MILLI;

    private final MoveRequest request;
    private final LongSupplier clock;
    private final long budget;
    private final long stop;
    private int checks;
    private boolean expired;

    SearchClock(MoveRequest request) {
        this(request, System::nanoTime);
    }

    /** A search clock that reads the time from {@code clock} (on the {@link System#nanoTime()} scale). */
    SearchClock(MoveRequest request, LongSupplier clock) {
        this.request = request;
        this.clock = clock;
        long now = clock.getAsLong();
        this.budget = budget(request.deadlineNanos() - now);
        this.stop = now + budget;
    }

    /** The search time for {@code remaining} nanoseconds left until the deadline: what is left less the margin. */
    static long budget(long remaining) {
        long margin = Math.min(remaining / 5 * 3 + MILLI / 2, MAX_MARGIN);
        return Math.max(0, remaining - margin);
    }

    /** The time now, on this clock. */
    long now() {
        return clock.getAsLong();
    }

    /**
     * {@code true} once the search must stop: its time is used up, the request is cancelled or the
     * thread is interrupted. Once true it stays true. Cheap enough to call at every node: it reads
     * the clock every time, and asks the request and the thread on the first call and every 16th
     * call after it.
     */
    boolean expired() {
        if (expired) {
            return true;
        }
        if (clock.getAsLong() - stop >= 0) {
            expired = true;
        } else if ((checks++ & 15) == 0 && (request.isCancelled() || Thread.currentThread().isInterrupted())) {
            expired = true;
        }
        return expired;
    }

    /** {@code true} if {@code nanos} more fit in the search's time from now. */
    boolean fits(long nanos) {
        return !expired && stop - clock.getAsLong() - nanos >= 0;
    }

    /** The share of the search's time still left, from 1 at the start down to 0. */
    double fractionLeft() {
        if (budget <= 0) {
            return 0;
        }
        return Math.max(0, (double) (stop - clock.getAsLong()) / budget);
    }
}
