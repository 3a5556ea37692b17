package org.boardlab.bench.load;

import io.netty.util.concurrent.EventExecutor;
import io.netty.util.concurrent.EventExecutorGroup;
import java.util.concurrent.TimeUnit;
import java.util.function.LongConsumer;
import java.util.function.LongPredicate;

/**
 * How late a generator's own event loops run: on every client event loop, a task asks to run
 * again in 5 ms and records how much later than that it ran, in the measured window. A move's
 * latency is taken when the opponent's update is decoded on such a loop, so it includes up to this
 * lateness: the generator's delay (its loop busy with other clients, or the machine not running
 * it), not the server's. Reported beside the latency so a reader can tell the two apart. Used by
 * every load generator ({@code LoadGenerator}, {@code ReversiLoadGenerator}, {@code OnitamaLoad}).
 */
public final class LoopLateness {

    private static final long PERIOD_NANOS = TimeUnit.MILLISECONDS.toNanos(5);

    private final LongPredicate inWindow;
    private final LongConsumer late;
    private volatile boolean stopped;

    /**
     * @param inWindow whether a probe asked at this {@link System#nanoTime()} counts (the measured window)
     * @param late     given each counted probe's lateness in nanoseconds (from any of the loops)
     */
    public LoopLateness(LongPredicate inWindow, LongConsumer late) {
        this.inWindow = inWindow;
        this.late = late;
    }

    /** Starts one probe on each event loop of the group. */
    public void start(EventExecutorGroup group) {
        for (EventExecutor loop : group) {
            ask(loop);
        }
    }

    private void ask(EventExecutor loop) {
        if (stopped || loop.isShuttingDown()) {
            return;
        }
        long asked = System.nanoTime();
        loop.schedule(() -> {
            long now = System.nanoTime();
            if (inWindow.test(asked)) {
                late.accept(Math.max(0, now - asked - PERIOD_NANOS));
            }
            ask(loop);
        }, PERIOD_NANOS, TimeUnit.NANOSECONDS);
    }

    /** Stops the probes (each ends at its next turn). */
    public void stop() {
        stopped = true;
    }
}
