package org.boardlab.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.boardlab.api.event.WireEvent;
import org.boardlab.core.EventBus;
import org.boardlab.server.faults.RawBytes;
import org.junit.jupiter.api.Test;

/** The tap publishes on a thread of its own: {@link WireTap#pending()} says what its listeners have not heard yet. */
class WireTapTest {

    @Test
    void pendingCountsWhatIsHandedOverUntilEveryListenerHasHeardIt() throws Exception {
        EventBus events = new EventBus();
        List<WireEvent> heard = new CopyOnWriteArrayList<>();
        CountDownLatch go = new CountDownLatch(1);
        try (WireTap tap = new WireTap(events); AutoCloseable slow = events.subscribe(e -> {
            try {
                go.await(); // a listener that cannot keep up, until the test lets it
            } catch (InterruptedException x) {
                Thread.currentThread().interrupt();
            }
            heard.add((WireEvent) e);
        }, WireEvent.class)) {
            assertThat(tap.pending()).isZero();
            for (int i = 0; i < 3; i++) {
                tap.frame(1, "127.0.0.1:1", null, RawBytes.INSTANCE, true, ("frame " + i).getBytes(StandardCharsets.US_ASCII), 0);
            }
            tap.fault(1, "127.0.0.1:1", null, RawBytes.INSTANCE, true, "split", "a fault", new byte[0], 0);
            assertThat(tap.pending()).as("handed over, not heard: the listener waits").isEqualTo(4);
            assertThat(heard).isEmpty();

            go.countDown();
            long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (tap.pending() > 0 && System.nanoTime() < until) {
                Thread.sleep(1);
            }
            assertThat(tap.pending()).isZero();
            assertThat(heard).as("0 pending: every event heard").hasSize(4);
            assertThat(heard.get(3).isFault()).isTrue();
            assertThat(tap.frames()).isEqualTo(4);
            assertThat(tap.dropped()).isZero();
        }
    }

    @Test
    void nothingIsPendingWhileNobodyListens() {
        try (WireTap tap = new WireTap(new EventBus())) {
            tap.frame(1, "127.0.0.1:1", null, RawBytes.INSTANCE, true, new byte[] {1}, 0);
            assertThat(tap.pending()).isZero();
            assertThat(tap.frames()).isZero();
        }
    }
}
