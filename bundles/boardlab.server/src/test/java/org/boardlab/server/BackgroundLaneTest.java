package org.boardlab.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Lobby news waits behind the work that may not wait, one slice at a time. */
class BackgroundLaneTest {

    private final ExecutorService loop = Executors.newSingleThreadExecutor();
    private final List<String> ran = new CopyOnWriteArrayList<>();

    @AfterEach
    void close() {
        loop.shutdownNow();
    }

    private static void busy(long nanos) {
        long end = System.nanoTime() + nanos;
        while (System.nanoTime() - end < 0) {
            Thread.onSpinWait();
        }
    }

    @Test
    void workGivenToTheExecutorAfterALongSliceRunsBeforeTheRestOfTheLane() throws Exception {
        CountDownLatch hold = new CountDownLatch(1);
        loop.execute(() -> {
            try {
                hold.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        BackgroundLane lane = new BackgroundLane(loop);
        lane.submit(() -> {
            busy(2 * BackgroundLane.SLICE_NANOS);
            ran.add("news 1");
        });
        lane.submit(() -> ran.add("news 2"));
        loop.execute(() -> ran.add("move"));
        hold.countDown();
        CountDownLatch done = new CountDownLatch(1);
        lane.submit(done::countDown);
        assertThat(done.await(5, TimeUnit.SECONDS)).isTrue();
        assertThat(ran).containsExactly("news 1", "move", "news 2");
    }

    @Test
    void shortWorkRunsInOneSliceInTheOrderGiven() throws Exception {
        BackgroundLane lane = new BackgroundLane(loop);
        CountDownLatch done = new CountDownLatch(1);
        for (int i = 0; i < 100; i++) {
            int n = i;
            lane.submit(() -> ran.add("news " + n));
        }
        lane.submit(done::countDown);
        assertThat(done.await(5, TimeUnit.SECONDS)).isTrue();
        assertThat(ran).hasSize(100).startsWith("news 0", "news 1").endsWith("news 99");
    }

    @Test
    void aFailingTaskDoesNotStopTheLane() throws Exception {
        BackgroundLane lane = new BackgroundLane(loop);
        CountDownLatch done = new CountDownLatch(1);
        lane.submit(() -> {
            throw new IllegalStateException("a listener failed");
        });
        lane.submit(done::countDown);
        assertThat(done.await(5, TimeUnit.SECONDS)).isTrue();
    }

    @Test
    void aLaneWhoseExecutorHasShutDownDropsItsWork() {
        loop.shutdownNow();
        BackgroundLane lane = new BackgroundLane(loop);
        lane.submit(() -> ran.add("never"));
        lane.submit(() -> ran.add("never"));
        assertThat(ran).isEmpty();
    }
}
