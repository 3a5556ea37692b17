package org.boardlab.workbench.inspector;

import java.util.Objects;

/**
 * Finds the messages of a {@link MessageStore} that a {@link MessageFilter} lets through, on a
 * thread of its own, so that a filter that must decode messages (a Find text that only their fields
 * contain) never takes the UI thread's time. The list {@linkplain #take takes} the matches found so
 * far on each of its ticks.
 *
 * <p>How it goes: {@link #restart} sets the filter and starts over from the oldest message kept;
 * the thread looks at the messages in order, {@value #BATCH} at a time (see
 * {@link MessageStore#scan}), up to the newest (or up to {@link #limit}, while the list is paused),
 * then waits for more, looking again every {@value #IDLE_MILLIS} ms. Results of a filter that was
 * replaced meanwhile are thrown away. Messages dropped from the store (it is a ring) are raised
 * past, and their matches leave the list of matches found, so that it never holds more entries than
 * the store holds messages.
 *
 * <p>The thread is a daemon named {@value #THREAD_NAME}; it is started by the first
 * {@link #restart} with a filter and ends at {@link #close} (a later {@code restart} starts a new one).
 * All methods are thread-safe.
 */
final class BackgroundFilter implements AutoCloseable {

    /** The thread's name. */
    static final String THREAD_NAME = "boardlab-inspector-filter";

    /** How many messages are looked at in one go (the store's lock is held while they are tested without decoding). */
    static final int BATCH = 1024;

    /** How often the thread looks for new messages once it has looked at all, in milliseconds. */
    static final int IDLE_MILLIS = 20;

    /** Where the scan is and what it found, as {@link #take} hands it to the list. */
    record Progress(long scanned, String failure) {
    }

    private final MessageStore store;

    // guarded by this
    private Thread thread;
    private MessageFilter filter;
    private long generation;
    private long scanned;
    private long limit = Long.MAX_VALUE;
    private final Rows found = new Rows();
    private String failure;

    /** A filter of the messages in {@code store}; idle until {@link #restart} gives it a filter. */
    BackgroundFilter(MessageStore store) {
        this.store = Objects.requireNonNull(store, "store");
    }

    /**
     * Forgets what was found and looks for the messages {@code next} lets through, from the oldest
     * message kept; {@code null} (or {@link MessageFilter#ALL}) stops looking.
     */
    void restart(MessageFilter next) {
        long first = store.first();
        synchronized (this) {
            filter = next == null || next.equals(MessageFilter.ALL) ? null : next;
            generation++;
            scanned = first;
            found.clear();
            failure = null;
            if (filter != null && thread == null) {
                thread = new Thread(this::run, THREAD_NAME);
                thread.setDaemon(true);
                thread.start();
            }
            notifyAll();
        }
    }

    /** Looks only at the messages before absolute index {@code end} ({@link Long#MAX_VALUE}: at every message). */
    synchronized void limit(long end) {
        if (end != limit) {
            limit = end;
            notifyAll();
        }
    }

    /**
     * Moves the matches found so far, of messages from {@code first} (older ones were dropped from
     * the store) up to {@code end}, to the end of {@code into}, in order. {@code into} must hold only
     * matches taken earlier since the last {@link #restart}.
     *
     * @return up to where the filter has looked (absolute index of the first message not looked at),
     *         and why it stopped, if it failed
     */
    synchronized Progress take(Rows into, long first, long end) {
        found.dropBefore(first);
        found.moveBefore(end, into);
        return new Progress(Math.max(scanned, first), failure);
    }

    /** How many matches were found and not taken yet (for tests). */
    synchronized int waiting() {
        return found.size();
    }

    /** {@code true} while the thread runs (for tests). */
    synchronized boolean running() {
        return thread != null && thread.isAlive();
    }

    /** Ends the thread (it finishes the messages it is looking at) and forgets the filter. */
    @Override
    public void close() {
        synchronized (this) {
            thread = null;
            filter = null;
            generation++;
            found.clear();
            notifyAll();
        }
    }

    private void run() {
        Rows batch = new Rows();
        while (true) {
            MessageFilter f;
            long from;
            long to;
            long gen;
            synchronized (this) {
                while (thread == Thread.currentThread() && (filter == null || scanned >= Math.min(limit, store.end()))) {
                    try {
                        wait(filter == null ? 0 : IDLE_MILLIS);
                    } catch (InterruptedException e) {
                        thread = null;
                    }
                }
                if (thread != Thread.currentThread()) {
                    return;
                }
                f = filter;
                from = scanned;
                to = limit;
                gen = generation;
            }
            batch.clear();
            long next;
            try {
                next = store.scan(from, to, f, batch, BATCH);
            } catch (RuntimeException | LinkageError e) {
                synchronized (this) {
                    if (gen == generation) {
                        failure = e.toString();
                        filter = null;
                    }
                }
                continue;
            }
            long first = store.first();
            synchronized (this) {
                if (gen == generation) {
                    batch.moveBefore(Long.MAX_VALUE, found);
                    found.dropBefore(first);
                    scanned = Math.max(next, first);
                }
            }
        }
    }
}
