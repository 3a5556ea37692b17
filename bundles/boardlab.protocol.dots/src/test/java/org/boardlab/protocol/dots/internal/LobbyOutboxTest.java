package org.boardlab.protocol.dots.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The lobby's outbox: deliveries in the order added, never by a thread that holds the lobby's lock, and a thread of
 * the port makes at most {@link LobbyOutbox#BATCH} of them before the rest goes on elsewhere (its own client's next
 * frame waits meanwhile).
 */
class LobbyOutboxTest {

    @Test
    void aThreadDeliversAtMostABatchInOrderAndTheRestGoesOnElsewhere() throws Exception {
        Object lock = new Object();
        ExecutorService elsewhere = Executors.newSingleThreadExecutor(r -> new Thread(r, "elsewhere"));
        List<String> failures = new ArrayList<>();
        LobbyOutbox outbox = new LobbyOutbox(lock, elsewhere, e -> failures.add(e.toString()));
        // read while "elsewhere" adds to them: lists whose streams and views see one snapshot (a synchronized list's
        // stream does not lock it, and threw ConcurrentModificationException in a CI run)
        List<Integer> order = new CopyOnWriteArrayList<>();
        List<String> by = new CopyOnWriteArrayList<>();
        int n = 3 * LobbyOutbox.BATCH + 7;
        try {
            synchronized (lock) {
                for (int i = 0; i < n; i++) {
                    int k = i;
                    outbox.add(() -> {
                        order.add(k);
                        by.add(Thread.currentThread().getName());
                    });
                }
                outbox.deliver(); // holding the lock: nothing delivered
                assertThat(order).isEmpty();
            }
            outbox.deliver();
            String me = Thread.currentThread().getName();
            assertThat(by.stream().filter(me::equals).count()).as("delivered by the thread that asked").isEqualTo(LobbyOutbox.BATCH);
            for (int i = 0; i < 200 && outbox.waiting() > 0; i++) {
                Thread.sleep(10);
            }
            elsewhere.shutdown();
            assertThat(elsewhere.awaitTermination(10, TimeUnit.SECONDS)).isTrue();
            assertThat(order).as("every delivery, in the order added").hasSize(n).isSorted();
            assertThat(by.subList(LobbyOutbox.BATCH, n)).containsOnly("elsewhere");
            assertThat(failures).isEmpty();
        } finally {
            elsewhere.shutdownNow();
        }
    }

    @Test
    void aDeliveryThatThrowsIsReportedAndTheOthersAreMade() {
        List<String> failures = new ArrayList<>();
        LobbyOutbox outbox = new LobbyOutbox(new Object(), Runnable::run, e -> failures.add(e.getMessage()));
        List<Integer> made = new ArrayList<>();
        outbox.add(() -> made.add(1));
        outbox.add(() -> {
            throw new IllegalStateException("a closed session");
        });
        outbox.add(() -> made.add(3));
        outbox.deliver();
        assertThat(made).containsExactly(1, 3);
        assertThat(failures).containsExactly("a closed session");
        assertThat(outbox.waiting()).isZero();
    }
}
