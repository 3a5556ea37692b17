package org.boardlab.workbench.inspector;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;
import org.boardlab.api.event.WireEvent;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class BackgroundFilterTest {

    private static final MessageFilter CONNECTION_1 = new MessageFilter(1L, null, null, null, null, null, null);
    private static final MessageFilter CONNECTION_2 = new MessageFilter(2L, null, null, null, null, null, null);

    private final MessageStore store = new MessageStore(100);
    private final BackgroundFilter filter = new BackgroundFilter(store);

    @AfterEach
    void close() {
        filter.close();
    }

    /** Appends moves 1..n, on connections 1, 2, 3, 1, 2, 3, ... */
    private void add(int from, int to) {
        for (int i = from; i <= to; i++) {
            store.add(Frames.move(i, 1 + (i - 1) % 3, "p", i % 8, 0, 0));
        }
    }

    /** Waits (at most 10 s) for {@code done}. */
    private static void await(BooleanSupplier done) throws InterruptedException {
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (!done.getAsBoolean() && System.nanoTime() < deadline) {
            Thread.sleep(2);
        }
        assertThat(done.getAsBoolean()).as("done within 10 s").isTrue();
    }

    /** The sequence numbers of the messages at {@code rows}. */
    private List<Long> sequences(Rows rows) {
        List<Long> out = new ArrayList<>();
        for (int r = 0; r < rows.size(); r++) {
            WireEvent e = store.get(rows.get(r));
            out.add(e == null ? -1 : e.sequence());
        }
        return out;
    }

    /** The scan's progress, taking nothing. */
    private long scanned() {
        return filter.take(new Rows(), Long.MIN_VALUE, Long.MIN_VALUE).scanned();
    }

    @Test
    void findsTheMatchesOfNewMessagesInOrder() throws Exception {
        add(1, 30);
        filter.restart(CONNECTION_1);
        await(() -> scanned() == 30);
        Rows rows = new Rows();
        filter.take(rows, store.first(), store.end());
        assertThat(sequences(rows)).containsExactly(1L, 4L, 7L, 10L, 13L, 16L, 19L, 22L, 25L, 28L);

        add(31, 40); // looked at as they come
        await(() -> scanned() == 40);
        filter.take(rows, store.first(), store.end());
        assertThat(sequences(rows)).endsWith(28L, 31L, 34L, 37L, 40L).hasSize(14);
    }

    @Test
    void neverHoldsMoreMatchesThanTheStoreHoldsMessagesAndForgetsThoseDropped() throws Exception {
        MessageFilter every = new MessageFilter(null, null, null, "othello", null, null, null);
        filter.restart(every);
        add(1, 1_000); // nobody takes the matches meanwhile; the store keeps the newest 100
        await(() -> scanned() == 1_000);

        assertThat(filter.waiting()).isLessThanOrEqualTo(store.size());
        Rows rows = new Rows();
        filter.take(rows, store.first(), store.end());
        assertThat(sequences(rows)).hasSize(100).startsWith(901L).endsWith(1_000L);
    }

    @Test
    void aNewFilterForgetsTheOldOnesMatchesAndStartsFromTheOldestMessage() throws Exception {
        add(1, 60);
        filter.restart(CONNECTION_1);
        await(() -> scanned() == 60);
        filter.restart(CONNECTION_2);
        await(() -> scanned() == 60);

        Rows rows = new Rows();
        filter.take(rows, store.first(), store.end());
        assertThat(sequences(rows)).hasSize(20).allMatch(s -> s % 3 == 2);
    }

    @Test
    void takesOnlyUpToWhereTheListEndsAndLooksOnlyUpToTheLimit() throws Exception {
        add(1, 60);
        filter.limit(30);
        filter.restart(CONNECTION_1);
        await(() -> scanned() == 30);
        Thread.sleep(3 * BackgroundFilter.IDLE_MILLIS);
        assertThat(scanned()).as("held at the limit").isEqualTo(30);
        Rows rows = new Rows();
        filter.take(rows, store.first(), 16);
        assertThat(sequences(rows)).containsExactly(1L, 4L, 7L, 10L, 13L, 16L);

        filter.limit(Long.MAX_VALUE);
        await(() -> scanned() == 60);
        filter.take(rows, store.first(), store.end());
        assertThat(sequences(rows)).hasSize(20).startsWith(1L, 4L).endsWith(58L);
    }

    @Test
    void closeEndsTheThreadAndANewFilterStartsAnother() throws Exception {
        assertThat(filter.running()).as("no thread before a filter").isFalse();
        filter.restart(CONNECTION_1);
        assertThat(filter.running()).isTrue();

        filter.close();
        await(() -> !filter.running());

        add(1, 9);
        filter.restart(CONNECTION_2);
        assertThat(filter.running()).isTrue();
        await(() -> scanned() == 9);
        Rows rows = new Rows();
        filter.take(rows, store.first(), store.end());
        assertThat(sequences(rows)).containsExactly(2L, 5L, 8L);
    }
}
