package org.boardlab.protocol.dots.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.eclipse.jetty.util.thread.QueuedThreadPool;
import org.junit.jupiter.api.Test;

/**
 * The time rules' clock and the port's pool: a job that waits for a thread holds the clock from its {@code execute}
 * (what a WebSocket connection reads next is handed to the pool that way, not through the selector), and once a thread
 * has taken it the clock runs again.
 */
class ArrivalsTest {

    @Test
    void aJobWaitingForAThreadOfThePortsPoolHoldsTheClockUntilAThreadTakesIt() throws Exception {
        Arrivals arrivals = new Arrivals();
        QueuedThreadPool pool = arrivals.pool(2, 2);
        pool.setReservedThreads(0);
        pool.start();
        try {
            CountDownLatch busy = new CountDownLatch(2);
            CountDownLatch release = new CountDownLatch(1);
            for (int i = 0; i < 2; i++) {
                pool.execute(() -> {
                    busy.countDown();
                    try {
                        release.await();
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                });
            }
            assertThat(busy.await(10, TimeUnit.SECONDS)).as("both threads taken").isTrue();
            assertThat(arrivals.waiting()).as("the jobs taken wait no more").isZero();
            CountDownLatch ran = new CountDownLatch(1);
            long before = System.nanoTime();
            pool.execute(ran::countDown); // as a WebSocket connection's next read: no thread free
            long handed = System.nanoTime();
            Thread.sleep(300);
            long now = System.nanoTime();
            assertThat(arrivals.waiting()).isEqualTo(1);
            assertThat(arrivals.clock(now)).as("held at the job's handing in, 300 ms ago").isBetween(before - 1, handed);
            release.countDown();
            assertThat(ran.await(10, TimeUnit.SECONDS)).isTrue();
            Thread.sleep(100); // the clock looks again at most every 50 ms
            long later = System.nanoTime();
            assertThat(arrivals.waiting()).isZero();
            assertThat(arrivals.clock(later)).as("nothing waits: the clock is the time").isEqualTo(later);
        } finally {
            pool.stop();
        }
    }
}
