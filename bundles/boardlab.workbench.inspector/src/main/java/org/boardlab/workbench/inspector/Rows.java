package org.boardlab.workbench.inspector;

import java.util.Arrays;

/**
 * The rows of the message list: the absolute indexes (see {@link MessageStore}) of the messages the
 * filter lets through, in increasing order. Appending and dropping from the front are cheap.
 * Not thread-safe: the list's rows are used on the UI thread only, the matches the background
 * filter has found but the list has not taken yet under the filter's lock.
 */
final class Rows {

    private long[] indexes = new long[1024];
    private int head;
    private int tail;

    void add(long index) {
        if (tail == indexes.length) {
            if (head >= indexes.length / 2) {
                System.arraycopy(indexes, head, indexes, 0, tail - head);
            } else {
                indexes = Arrays.copyOf(indexes, indexes.length * 2);
                System.arraycopy(indexes, head, indexes, 0, tail - head);
            }
            tail -= head;
            head = 0;
        }
        indexes[tail++] = index;
    }

    int size() {
        return tail - head;
    }

    /** The absolute index of row {@code row}. */
    long get(int row) {
        return indexes[head + row];
    }

    /**
     * Drops the rows of messages older than {@code index} (they left the store).
     *
     * @return how many rows were dropped
     */
    int dropBefore(long index) {
        int start = head;
        int at = Arrays.binarySearch(indexes, head, tail, index);
        head = at >= 0 ? at : -at - 1;
        int dropped = head - start;
        if (head == tail) {
            head = tail = 0;
        }
        return dropped;
    }

    /**
     * Moves the rows of messages older than {@code index} to the end of {@code into} (whose last row
     * must be older than this one's first), in order.
     *
     * @return how many rows were moved
     */
    int moveBefore(long index, Rows into) {
        int at = Arrays.binarySearch(indexes, head, tail, index);
        int end = at >= 0 ? at : -at - 1;
        int moved = end - head;
        for (int i = head; i < end; i++) {
            into.add(indexes[i]);
        }
        head = end;
        if (head == tail) {
            head = tail = 0;
        }
        return moved;
    }

    /** The row showing absolute index {@code index}, or -1. */
    int rowOf(long index) {
        int at = Arrays.binarySearch(indexes, head, tail, index);
        return at >= 0 ? at - head : -1;
    }

    void clear() {
        head = tail = 0;
        if (indexes.length > 1 << 16) {
            indexes = new long[1024];
        }
    }
}
