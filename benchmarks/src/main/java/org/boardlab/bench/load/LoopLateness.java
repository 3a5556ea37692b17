package org.boardlab.bench.load;

import io.netty.util.concurrent.EventExecutor;
import io.netty.util.concurrent.EventExecutorGroup;
import java.util.concurrent.TimeUnit;

/**
 * How late the generator's own event loops run: on every client event loop, a task asks to run
 * again in 5 ms and records how much later than that it ran, in the measured window. A move's
 * latency is taken when the opponent's update is decoded on such a loop, so it includes up to this
 * lateness: the generator's delay (its loop busy with other clients, or the machine not running
 * it), not the server's. Reported beside the latency so a reader can tell the two apart.
 */
final class LoopLateness {

    private static final long PERIOD_NANOS = TimeUnit.MILLISECONDS.toNanos(5);

    final Latencies late = new Latencies();
    private final Schedule schedule;
    private volatile boolean stopped;

    LoopLateness(Schedule schedule) {
        this.schedule = schedule;
    }

    /** Starts one probe on each event loop of the group. */
    void start(EventExecutorGroup group) {
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
            if (schedule.inWindow(asked)) {
                late.add(Math.max(0, now - asked - PERIOD_NANOS));
            }
            ask(loop);
        }, PERIOD_NANOS, TimeUnit.NANOSECONDS);
    }

    void stop() {
        stopped = true;
    }
}
