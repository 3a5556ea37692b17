package org.boardlab.workbench.inspector;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.boardlab.api.DecodedMessage;
import org.boardlab.api.MessageField;
import org.boardlab.api.Protocol;
import org.boardlab.api.event.WireEvent;
import org.junit.jupiter.api.Test;

class MessageStoreTest {

    private static List<Long> sequences(MessageStore store, long from, long to) {
        List<Long> out = new ArrayList<>();
        for (long i = from; i < to; i++) {
            WireEvent e = store.get(i);
            if (e != null) {
                out.add(e.sequence());
            }
        }
        return out;
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
        assertThat(sequences(store, 0, 100)).containsExactly(4L, 5L, 6L, 7L, 8L);
    }

    @Test
    void givesBackEveryPartOfAMessageAsItCame() {
        MessageStore store = new MessageStore(4);
        WireEvent board = Frames.board(9, 3, "carol", 7);
        WireEvent login = Frames.login(10, 4, "dave");
        store.add(board);
        store.add(login);

        WireEvent b = store.get(0);
        assertThat(b.timeMicros()).isEqualTo(board.timeMicros());
        assertThat(b.sequence()).isEqualTo(9);
        assertThat(b.connectionId()).isEqualTo(3);
        assertThat(b.remote()).isEqualTo("127.0.0.1:50003");
        assertThat(b.player()).isEqualTo("carol");
        assertThat(b.protocol()).isEqualTo("othello");
        assertThat(b.fromClient()).isFalse();
        assertThat(b.matchId()).isEqualTo(7);
        assertThat(b.raw()).isEqualTo(board.raw());
        assertThat(b.decoded()).isEqualTo(board.decoded());
        assertThat(store.get(1).player()).isNull();
        assertThat(store.get(1).fromClient()).isTrue();

        MessageStore.Row row = new MessageStore.Row();
        assertThat(store.row(1, row)).isTrue();
        assertThat(row.summary).isEqualTo("login as dave");
        assertThat(row.type).isEqualTo("CLOGIN");
        assertThat(row.severity).isEqualTo(Severity.NORMAL);
        assertThat(store.row(2, row)).isFalse();
    }

    @Test
    void anInjectedFaultIsKeptAsAFaultAndMarkedSo() {
        MessageStore store = new MessageStore(4);
        store.add(Frames.fault(1, 3, "split", "6 bytes to the server sent as 6 writes of 1 byte (split)"));
        store.add(Frames.login(2, 3, "dave"));

        WireEvent f = store.get(0);
        assertThat(f.fault()).isEqualTo("split");
        assertThat(f.decoded().summary()).isEqualTo("split: 6 bytes to the server sent as 6 writes of 1 byte (split)");
        assertThat(store.get(1).isFault()).isFalse();
        MessageStore.Row row = new MessageStore.Row();
        assertThat(store.row(0, row)).isTrue();
        assertThat(row.severity).isEqualTo(Severity.FAULT);
        assertThat(row.type).isEqualTo("fault");
        assertThat(store.row(1, row)).isTrue();
        assertThat(row.severity).isEqualTo(Severity.NORMAL);
    }

    @Test
    void keepsFramesOfAnySizeAcrossItsByteChunks() {
        MessageStore store = new MessageStore(3);
        List<byte[]> frames = new ArrayList<>();
        for (int size : new int[] {0, 1, MessageStore.CHUNK_BYTES - 10, 20, MessageStore.CHUNK_BYTES * 2 + 3, 17}) {
            byte[] raw = new byte[size];
            for (int i = 0; i < size; i++) {
                raw[i] = (byte) (i * 31 + size);
            }
            frames.add(raw);
            store.add(new WireEvent(1, frames.size(), 1, "r", null, "othello", true, raw,
                    new DecodedMessage("X", "é summary " + size, List.of(), null), 0));
        }

        assertThat(store.size()).isEqualTo(3);
        for (int k = 3; k < 6; k++) {
            WireEvent e = store.get(k);
            assertThat(e.raw()).isEqualTo(frames.get(k));
            assertThat(e.decoded().summary()).isEqualTo("é summary " + frames.get(k).length);
        }
    }

    @Test
    void wrapsAroundItsSegmentsWhenTheCapacityIsNotARoundNumber() {
        int capacity = MessageStore.SEGMENT + 5;
        MessageStore store = new MessageStore(capacity);
        int n = 3 * MessageStore.SEGMENT + 7;
        for (int i = 1; i <= n; i++) {
            store.add(new WireEvent(i, i, i % 7, "r", null, "othello", true, new byte[] {(byte) i},
                    new DecodedMessage("T", "s" + i, List.of(), null), 0));
        }

        assertThat(store.size()).isEqualTo(capacity);
        assertThat(store.dropped()).isEqualTo(n - capacity);
        MessageStore.Row row = new MessageStore.Row();
        for (long k = store.first(); k < store.end(); k += 997) {
            WireEvent e = store.get(k);
            assertThat(e.sequence()).isEqualTo(k + 1);
            assertThat(e.raw()).containsExactly((byte) (k + 1));
            assertThat(store.row(k, row)).isTrue();
            assertThat(row.summary).isEqualTo("s" + (k + 1));
        }
        assertThat(store.get(store.end() - 1).sequence()).isEqualTo(n);
        assertThat(store.get(store.first() - 1)).isNull();
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
        assertThat(store.seen().players()).isEmpty();
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

        assertThat(end).isEqualTo(5);
        assertThat(sequences(store, 0, end)).containsExactly(12L, 13L, 14L, 15L);
        assertThat(store.dropped()).isZero();
    }

    @Test
    void remembersTheValuesSeenForTheFilterChoices() {
        MessageStore store = new MessageStore(2);
        long before = store.seenVersion();
        store.add(Frames.login(1, 1, "alice"));
        store.add(Frames.move(2, 1, "alice", 3, 2, 7));
        store.add(Frames.place(3, 4, "carol", 7, 7, 8));

        MessageStore.Seen seen = store.seen();
        assertThat(seen.version()).isNotEqualTo(before);
        assertThat(seen.connections()).containsEntry(1L, "127.0.0.1:50001").containsEntry(4L, "127.0.0.1:50004");
        assertThat(seen.players()).containsExactly(MessageFilter.NO_PLAYER, "alice", "carol");
        assertThat(seen.matches()).containsExactly(0L, 7L, 8L);
        assertThat(seen.protocols()).containsExactly("gomoku", "othello");
        assertThat(seen.types()).containsExactly("CLOGIN", "CMOV", "place");
        long version = store.seenVersion();
        store.add(Frames.move(4, 1, "alice", 3, 3, 7));
        assertThat(store.seenVersion()).as("nothing new seen").isEqualTo(version);
    }

    @Test
    void messagesItsProtocolDecodesAreDecodedAgainWhenAskedAndNotKeptWhole() {
        OthelloTraffic traffic = new OthelloTraffic(3, 42);
        MessageStore store = new MessageStore(1_000, id -> id.equals("othello") ? traffic.protocol() : null);
        List<WireEvent> events = new ArrayList<>();
        traffic.publish(600, events::add);
        events.forEach(store::add);

        assertThat(store.keptWhole()).isZero();
        for (int i = 0; i < events.size(); i += 37) {
            WireEvent original = events.get(i);
            WireEvent back = store.get(i);
            assertThat(back.raw()).isEqualTo(original.raw());
            assertThat(back.decoded()).isEqualTo(original.decoded());
            assertThat(back.decoded().error()).isNull();
        }
    }

    @Test
    void violationsAndMessagesOfUnknownProtocolsAreKeptWhole() {
        OthelloTraffic traffic = new OthelloTraffic(1, 1);
        MessageStore store = new MessageStore(10, id -> id.equals("othello") ? traffic.protocol() : null);
        byte[] raw = "CMOV~9\r\n".getBytes(StandardCharsets.ISO_8859_1);
        DecodedMessage violation = new DecodedMessage("violation", "protocol violation: move out of turn", List.of(),
                "move out of turn");
        store.add(new WireEvent(1, 1, 1, "r", "alice", "othello", true, raw, () -> violation, 0));
        store.add(Frames.place(2, 2, "bob", 3, 3, 1));

        assertThat(store.keptWhole()).isEqualTo(2);
        assertThat(store.get(0).decoded()).isEqualTo(violation);
        assertThat(store.get(1).decoded().summary()).isEqualTo("place d4");
    }

    @Test
    void aProtocolWhoseDecodingDiffersTheSecondTimeHasItsMessagesKeptWhole() {
        AtomicInteger calls = new AtomicInteger();
        Protocol counting = new Protocol() {
            @Override
            public String id() {
                return "counting";
            }

            @Override
            public String name() {
                return "numbers every decoding";
            }

            @Override
            public String gameId() {
                return "tictactoe";
            }

            @Override
            public int defaultPort() {
                return 0;
            }

            @Override
            public DecodedMessage describe(byte[] frame, boolean fromClient) {
                return new DecodedMessage("N", "decoding " + calls.incrementAndGet(), List.of(MessageField.of("n", 1)), null);
            }
        };
        MessageStore store = new MessageStore(10, id -> counting);
        byte[] raw = {1, 2, 3};
        for (int i = 1; i <= 3; i++) {
            store.add(new WireEvent(i, i, 1, "r", "p", "counting", true, raw, () -> counting.describe(raw, true), 0));
        }

        assertThat(store.keptWhole()).isEqualTo(3);
        assertThat(store.get(0).decoded().summary()).isEqualTo("decoding 1");
    }

    @Test
    void scanAddsTheMessagesTheFilterLetsThroughAndStopsWhereItIsTold() {
        MessageStore store = new MessageStore(100);
        for (int i = 1; i <= 50; i++) {
            store.add(Frames.move(i, i % 2 + 1, "p" + (i % 2 + 1), 2, 3, 0));
        }
        Rows rows = new Rows();
        MessageFilter two = new MessageFilter(2L, null, null, null, null, null, null);

        long next = store.scan(0, 100, two, rows, 10);
        assertThat(next).isEqualTo(10);
        assertThat(rows.size()).isEqualTo(5);
        next = store.scan(next, 100, two, rows, 1_000);
        assertThat(next).isEqualTo(50);
        assertThat(rows.size()).isEqualTo(25);
        assertThat(store.get(rows.get(0)).sequence()).isEqualTo(1);
    }

    @Test
    void aScanDecodesAfterLettingTheLockGoSoThatCapturingAndDrawingGoOn() throws Exception {
        OthelloTraffic traffic = new OthelloTraffic(2, 5);
        GatedProtocol othello = new GatedProtocol(traffic.protocol(), 0);
        MessageStore store = new MessageStore(1_000, id -> othello);
        List<WireEvent> events = new ArrayList<>();
        traffic.publish(400, events::add);
        events.subList(0, 300).forEach(store::add);
        assertThat(store.keptWhole()).isZero();
        MessageFilter none = new MessageFilter(null, null, null, null, null, null, "none"); // only in fields
        Rows rows = new Rows();
        long[] next = {-1};
        Thread scan = new Thread(() -> next[0] = store.scan(0, 300, none, rows, 1_024), BackgroundFilter.THREAD_NAME);
        scan.setDaemon(true);
        scan.start();
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (!othello.gate().hasQueuedThreads() && System.nanoTime() < deadline) {
            Thread.sleep(1);
        }
        assertThat(othello.gate().hasQueuedThreads()).as("the scan waits in a decoding").isTrue();

        // while it decodes: the tap's thread appends and the list reads rows, neither waits for it
        Thread tap = new Thread(() -> {
            events.subList(300, 400).forEach(store::add);
            store.row(0, new MessageStore.Row());
        }, "test-tap");
        tap.start();
        tap.join(10_000);
        boolean tapWaited = tap.isAlive();
        othello.open();
        scan.join(10_000);

        assertThat(tapWaited).as("appending waited for the scan's decoding").isFalse();
        assertThat(store.size()).isEqualTo(400);
        assertThat(next[0]).isEqualTo(300);
        List<Long> expected = events.subList(0, 300).stream().filter(none::test).map(WireEvent::sequence).toList();
        assertThat(expected).isNotEmpty();
        List<Long> found = new ArrayList<>();
        for (int r = 0; r < rows.size(); r++) {
            found.add(store.get(rows.get(r)).sequence());
        }
        assertThat(found).containsExactlyElementsOf(expected);
    }
}
