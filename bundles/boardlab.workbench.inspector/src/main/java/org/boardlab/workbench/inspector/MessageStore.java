package org.boardlab.workbench.inspector;

import java.util.Arrays;
import java.util.List;
import org.boardlab.api.event.WireEvent;

/**
 * The inspector's capture buffer: a ring of at most {@code capacity} messages that any thread may
 * append to and the UI thread reads. Every message gets an absolute index (0, 1, 2, ... since the
 * store was made, never reused); when the ring is full the oldest message is dropped and counted.
 *
 * <p>All methods are thread-safe and cheap (one short lock); the tap's thread only appends.
 */
final class MessageStore {

    /** The default capacity: about 100 MB of typical messages (see the README). */
    static final int DEFAULT_CAPACITY = 100_000;

    private final WireEvent[] ring;
    private long first;
    private long end;
    private long dropped;
    private long lastSequence = -1;
    private long missing;

    MessageStore(int capacity) {
        if (capacity < 1) {
            throw new IllegalArgumentException("capacity must be at least 1, not " + capacity);
        }
        ring = new WireEvent[capacity];
    }

    /** Appends {@code event}, dropping the oldest message when full. */
    synchronized void add(WireEvent event) {
        put(event);
    }

    /**
     * Empties the store and appends {@code events} in one step, so that nothing another thread
     * appends at the same time lands among them.
     *
     * @return the absolute index after the last of {@code events}
     */
    synchronized long replaceWith(List<WireEvent> events) {
        clearLocked();
        for (WireEvent e : events) {
            put(e);
        }
        return end;
    }

    private void put(WireEvent event) {
        if (end - first == ring.length) {
            ring[(int) (first % ring.length)] = null;
            first++;
            dropped++;
        }
        ring[(int) (end % ring.length)] = event;
        end++;
        long seq = event.sequence();
        if (lastSequence >= 0 && seq > lastSequence + 1) {
            missing += seq - lastSequence - 1;
        }
        lastSequence = seq;
    }

    /** The message at absolute index {@code index}, or {@code null} when it was dropped or cleared (or is not there yet). */
    synchronized WireEvent get(long index) {
        return index < first || index >= end ? null : ring[(int) (index % ring.length)];
    }

    /**
     * Messages copied out of the store.
     *
     * @param from   the absolute index of {@code events[0]}
     * @param events the messages, oldest first
     */
    record Batch(long from, WireEvent[] events) {

        /** The absolute index after the last message. */
        long end() {
            return from + events.length;
        }
    }

    /**
     * Copies the messages with absolute indexes from {@code from} (raised to {@link #first()}) up to
     * {@code to} (lowered to {@link #end()}).
     */
    synchronized Batch copy(long from, long to) {
        long a = Math.max(from, first);
        long b = Math.min(to, end);
        if (b <= a) {
            return new Batch(a, new WireEvent[0]);
        }
        WireEvent[] out = new WireEvent[(int) (b - a)];
        for (long i = a; i < b; i++) {
            out[(int) (i - a)] = ring[(int) (i % ring.length)];
        }
        return new Batch(a, out);
    }

    /** The absolute index of the oldest message kept. */
    synchronized long first() {
        return first;
    }

    /** The absolute index the next message will get. */
    synchronized long end() {
        return end;
    }

    /** How many messages are kept. */
    synchronized int size() {
        return (int) (end - first);
    }

    /** How many messages were dropped because the store was full. */
    synchronized long dropped() {
        return dropped;
    }

    /**
     * How many frames the tap never delivered, counted from gaps in the tap's sequence numbers
     * (the tap drops frames when its own queue is full).
     */
    synchronized long missing() {
        return missing;
    }

    int capacity() {
        return ring.length;
    }

    /** Forgets every message and both counts; absolute indexes go on from where they were. */
    synchronized void clear() {
        clearLocked();
    }

    private void clearLocked() {
        Arrays.fill(ring, null);
        first = end;
        dropped = 0;
        missing = 0;
        lastSequence = -1;
    }
}
