package org.boardlab.bench.load;

/**
 * The phases of a run, as the clients see them: play until {@link #deadline} (new games start),
 * then finish the games under way (no new game), then halt (no new move), then shut down (closes
 * are expected). The measured window is from {@link #windowStart} to {@link #deadline}. Times are
 * on the {@link System#nanoTime()} clock. Written by the main thread, read by the clients.
 */
final class Schedule {

    private volatile long windowStart = Long.MAX_VALUE;
    private volatile long deadline = Long.MAX_VALUE;
    private volatile boolean halted;
    private volatile boolean shuttingDown;

    /** Starts the play phase now. */
    void start(long warmupNanos, long playNanos) {
        long now = System.nanoTime();
        windowStart = now + warmupNanos;
        deadline = now + playNanos;
    }

    long windowStart() {
        return windowStart;
    }

    long deadline() {
        return deadline;
    }

    /** {@code true} if {@code nanos} falls in the measured window. */
    boolean inWindow(long nanos) {
        return nanos - windowStart >= 0 && nanos - deadline < 0;
    }

    /** {@code true} once no new game may start. */
    boolean noNewGames() {
        return System.nanoTime() - deadline >= 0;
    }

    /** No client sends another move. */
    void halt() {
        halted = true;
    }

    boolean halted() {
        return halted;
    }

    /** From now on connections close on purpose. */
    void shutDown() {
        shuttingDown = true;
        halted = true;
    }

    boolean shuttingDown() {
        return shuttingDown;
    }
}
