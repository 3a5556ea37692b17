package org.boardlab.server;

import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Work that may wait, run on one executor (a connection event loop) in slices of at most
 * {@link #SLICE_NANOS}: after each slice the lane goes to the back of the executor's queue, so the
 * work that may not wait (a move, the answer to it) waits for one slice at most, however much lobby
 * news a hundred games ending together make. Each lane runs its work in the order it was given.
 */
final class BackgroundLane implements Runnable {

    /** How long the lane holds its executor at a time: half a millisecond. */
    static final long SLICE_NANOS = 500_000;

    private final Executor executor;
    private final Queue<Runnable> work = new ConcurrentLinkedQueue<>();
    private final AtomicBoolean queued = new AtomicBoolean();

    BackgroundLane(Executor executor) {
        this.executor = executor;
    }

    /** Adds {@code task} to the lane; it runs after everything given before it. */
    void submit(Runnable task) {
        work.add(task);
        if (queued.compareAndSet(false, true)) {
            requeue();
        }
    }

    @Override
    public void run() {
        long end = System.nanoTime() + SLICE_NANOS;
        Runnable task;
        while ((task = work.poll()) != null) {
            try {
                task.run();
            } catch (RuntimeException e) {
                // a listener that fails is its own connection's problem; the lane goes on
            }
            if (System.nanoTime() - end > 0) {
                break;
            }
        }
        if (!work.isEmpty()) {
            requeue();
            return;
        }
        queued.set(false);
        if (!work.isEmpty() && queued.compareAndSet(false, true)) {
            requeue();
        }
    }

    private void requeue() {
        try {
            executor.execute(this);
        } catch (RejectedExecutionException e) {
            work.clear(); // the event loop has shut down: its connections are gone
            queued.set(false);
        }
    }
}
