package org.boardlab.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.channel.DefaultEventLoop;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The order of a connection's writes is the order they were made in, whichever thread made them:
 * the case that sent a seed 004 Game Controller a restarted game's first move before the game's first Status.
 */
class OrderedWritesTest {

    private final DefaultEventLoop loop = new DefaultEventLoop();

    @AfterEach
    void stop() {
        loop.shutdownGracefully(0, 1, TimeUnit.SECONDS);
    }

    @Test
    void aWriteMadeOnTheLoopWaitsForOneQueuedFromAnotherThreadBeforeIt() throws Exception {
        OrderedWrites writes = new OrderedWrites(loop);
        List<String> written = new CopyOnWriteArrayList<>();
        CountDownLatch running = new CountDownLatch(1);
        CountDownLatch queued = new CountDownLatch(1);
        CountDownLatch done = new CountDownLatch(1);
        // the loop is busy (reading a message) when another thread makes the first write
        loop.execute(() -> {
            running.countDown();
            await(queued);
            writes.run(() -> written.add("second, made on the loop"));
            done.countDown();
        });
        assertTrue(running.await(10, TimeUnit.SECONDS));
        writes.run(() -> written.add("first, made on another thread"));
        queued.countDown();
        assertTrue(done.await(10, TimeUnit.SECONDS));
        loop.submit(() -> { }).get(10, TimeUnit.SECONDS);
        assertEquals(List.of("first, made on another thread", "second, made on the loop"), written);
    }

    @Test
    void aWriteMadeOnTheLoopWithNothingQueuedRunsAtOnce() throws Exception {
        OrderedWrites writes = new OrderedWrites(loop);
        List<String> written = new CopyOnWriteArrayList<>();
        loop.submit(() -> {
            writes.run(() -> written.add("write"));
            written.add("after the call");
        }).get(10, TimeUnit.SECONDS);
        assertEquals(List.of("write", "after the call"), written);
    }

    private static void await(CountDownLatch latch) {
        try {
            latch.await(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
