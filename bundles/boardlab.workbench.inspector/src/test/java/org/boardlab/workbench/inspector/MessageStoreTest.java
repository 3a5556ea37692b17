package org.boardlab.workbench.inspector;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.boardlab.api.event.WireEvent;
import org.junit.jupiter.api.Test;

class MessageStoreTest {

    private static List<Long> sequences(WireEvent[] events) {
        return Arrays.stream(events).map(WireEvent::sequence).toList();
    }

    @Test
    void keepsTheNewestAndCountsTheOldestItDrops() {
        MessageStore store = new MessageStore(5);
        for (int i = 1; i <= 8; i++) {
            store.add(Frames.move(i, 1, "alice", 2, 3, 0));
        }

        assertThat(store.size()).isEqualTo(5);
        assertThat(store.dropped()).isEqualTo(3);
        assertThat(store.first()).isEqualTo(3);
        assertThat(store.end()).isEqualTo(8);
        assertThat(store.get(2)).isNull();
        assertThat(store.get(3).sequence()).isEqualTo(4);
        assertThat(sequences(store.copy(0, 100).events())).containsExactly(4L, 5L, 6L, 7L, 8L);
        assertThat(store.copy(0, 100).from()).isEqualTo(3);
    }

    @Test
    void countsFramesTheTapNeverDeliveredFromGapsInItsNumbers() {
        MessageStore store = new MessageStore(10);
        for (long seq : new long[] {1, 2, 5, 6, 10}) {
            store.add(Frames.move(seq, 1, "alice", 2, 3, 0));
        }

        assertThat(store.missing()).isEqualTo(2 + 3);
    }

    @Test
    void clearForgetsEverythingButKeepsNumberingOn() {
        MessageStore store = new MessageStore(3);
        for (int i = 1; i <= 5; i++) {
            store.add(Frames.move(i, 1, "alice", 2, 3, 0));
        }
        store.clear();

        assertThat(store.size()).isZero();
        assertThat(store.dropped()).isZero();
        assertThat(store.get(4)).isNull();
        store.add(Frames.move(1, 1, "alice", 2, 3, 0));
        assertThat(store.first()).isEqualTo(5);
        assertThat(store.get(5).sequence()).isEqualTo(1);
        assertThat(store.missing()).isZero();
    }

    @Test
    void replaceWithPutsALoadedTraceInPlaceOfWhatWasThere() {
        MessageStore store = new MessageStore(4);
        store.add(Frames.move(1, 1, "alice", 2, 3, 0));
        List<WireEvent> trace = new ArrayList<>();
        for (int i = 10; i < 16; i++) {
            trace.add(Frames.move(i, 2, "bob", 2, 3, 0));
        }

        long end = store.replaceWith(trace);

        assertThat(end).isEqualTo(7);
        assertThat(sequences(store.copy(0, end).events())).containsExactly(12L, 13L, 14L, 15L);
    }

    @Test
    void aCopyFromBeyondTheEndIsEmptyAndStartsAtTheEnd() {
        MessageStore store = new MessageStore(4);
        store.add(Frames.move(1, 1, "alice", 2, 3, 0));

        MessageStore.Batch batch = store.copy(1, 1);

        assertThat(batch.events()).isEmpty();
        assertThat(batch.end()).isEqualTo(1);
    }
}
