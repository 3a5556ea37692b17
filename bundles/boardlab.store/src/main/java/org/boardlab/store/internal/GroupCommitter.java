package org.boardlab.store.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.boardlab.store.StoreException;

/**
 * One writer thread per store that commits what is handed to it in batches: it takes whatever is
 * queued (up to {@code batchLimit} items), commits them in one transaction, and only then completes
 * each item's future, in the order they were handed in. A batch that fails is committed again item
 * by item, so one bad item (a game stored twice) fails only its own future; one whose commit may or may
 * not have happened ({@link CommitOutcomeUnknown}) is not committed again: each of its items fails.
 *
 * <p>The queue is bounded: when it is full, {@link #submit} waits (back-pressure on the thread
 * that finished the game) rather than dropping anything. The futures are completed on the writer's
 * thread: what runs on their completion must be short and must never wait for this writer.
 *
 * @param <T> what is committed (a finished game)
 * @param <R> what its commit gives back (the stored id)
 */
public final class GroupCommitter<T, R> implements AutoCloseable {

    private static final Logger LOG = Logger.getLogger(GroupCommitter.class.getName());

    /**
     * {@code due}: the {@link System#nanoTime} by which the item's transaction should begin. Equal only
     * to itself (each has a future of its own, but the one {@code wake}, so a record's equality would say
     * the same): the record's own equals is made by an invokedynamic bootstrap at its first call, in
     * the first game's commit.
     */
    private record Item<T, R>(T value, CompletableFuture<R> done, long due) {
        @Override
        public boolean equals(Object o) {
            return this == o;
        }

        @Override
        public int hashCode() {
            return System.identityHashCode(this);
        }
    }

    private final Function<List<T>, List<R>> batch;
    private final Function<T, R> single;
    private final String name;
    private final int batchLimit;
    private final BlockingQueue<Item<T, R>> queue;
    private final Thread thread;
    /** Put in the queue by {@link #close()} so that the writer sees the close at once, not after its poll's 100 ms. */
    private final Item<T, R> wake = new Item<>(null, null, 0);
    private volatile boolean closed;
    /** Set when the writer has ended; nothing queued after it is committed. */
    private volatile boolean ended;

    /**
     * @param name       what is written (in messages): the database's shown URL
     * @param batch      commits a list in one transaction, giving one result per item in order; it throws only if
     *                   that transaction did not commit (a batch that throws is committed again item by item:
     *                   thrown after its commit, every item would be committed twice), or a
     *                   {@link CommitOutcomeUnknown} if that cannot be told (each item's future then fails with it)
     * @param single     commits one item in its own transaction (after a batch failed)
     * @param capacity   how many items may wait; more makes {@link #submit} wait
     * @param batchLimit the largest batch
     */
    public GroupCommitter(String name, Function<List<T>, List<R>> batch, Function<T, R> single, int capacity, int batchLimit) {
        this.name = name;
        this.batch = batch;
        this.single = single;
        this.batchLimit = batchLimit;
        this.queue = new ArrayBlockingQueue<>(capacity);
        this.thread = new Thread(this::run, "boardlab-store-writer");
        thread.setDaemon(true); // a game still queued was never reported: losing it with the process breaks no promise
        thread.start();
    }

    /**
     * Hands {@code value} to the writer, to be committed at once (with whatever else is queued);
     * waits while the queue is full.
     *
     * @return completed with the commit's result once the transaction holding it has committed, or
     *         exceptionally with a {@link StoreException} if it could not be committed (nothing of it
     *         is then stored)
     */
    public CompletableFuture<R> submit(T value) {
        return submit(value, 0);
    }

    /**
     * Hands {@code value} to the writer, which may keep it up to {@code maxDelayNanos} to commit it
     * together with what is handed in meanwhile: the writer begins a transaction when the batch is
     * full or when the first of its items' delays has run out, whichever comes first (an item with
     * no delay: at once). Fewer, larger transactions cost the database less per item; the price is
     * that the future completes up to that much later.
     *
     * @see #submit(Object)
     */
    public CompletableFuture<R> submit(T value, long maxDelayNanos) {
        CompletableFuture<R> done = new CompletableFuture<>();
        Item<T, R> item = new Item<>(value, done, System.nanoTime() + Math.max(0, maxDelayNanos));
        try {
            while (true) {
                if (closed) {
                    done.completeExceptionally(new StoreException("the store " + name + " is closed: the game was not stored"));
                    return done;
                }
                if (queue.offer(item, 100, TimeUnit.MILLISECONDS)) {
                    if (ended && queue.remove(item)) {
                        // the writer ended between the check above and the offer: nobody will commit it
                        done.completeExceptionally(new StoreException("the store " + name + " is closed: the game was not stored"));
                    }
                    return done;
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            done.completeExceptionally(new StoreException("interrupted while waiting for the store " + name + ": the game was not stored", e));
            return done;
        }
    }

    private final java.util.concurrent.atomic.AtomicLong transactions = new java.util.concurrent.atomic.AtomicLong();
    private final java.util.concurrent.atomic.AtomicLong committed = new java.util.concurrent.atomic.AtomicLong();

    /** How many transactions the writer has committed (a batch, or one item of a failed batch). */
    public long transactions() {
        return transactions.get();
    }

    /** How many items the writer has committed. */
    public long committed() {
        return committed.get();
    }

    /** How many items wait to be committed. */
    public int queued() {
        return queue.size();
    }

    private void run() {
        List<Item<T, R>> items = new ArrayList<>(batchLimit);
        while (true) {
            try {
                Item<T, R> first = queue.poll(100, TimeUnit.MILLISECONDS);
                if (first == wake) {
                    first = null;
                }
                if (first == null) {
                    if (closed && queue.isEmpty()) {
                        ended = true;
                        // what a submit put in after the last poll: refused (its submit sees 'ended' or this drain takes it)
                        for (Item<T, R> late; (late = queue.poll()) != null;) {
                            if (late == wake) {
                                continue;
                            }
                            late.done.completeExceptionally(new StoreException("the store " + name + " is closed: the game was not stored"));
                        }
                        return;
                    }
                    continue;
                }
                items.add(first);
                queue.drainTo(items, batchLimit - 1);
                items.remove(wake);
                gather(items);
                commit(items);
            } catch (InterruptedException e) {
                // close() does not interrupt; an interrupt from elsewhere is ignored, the queue is still drained
            } catch (RuntimeException | Error e) {
                LOG.log(Level.SEVERE, "the store writer of " + name + " failed", e);
                for (Item<T, R> i : items) {
                    i.done.completeExceptionally(e);
                }
            } finally {
                items.clear();
            }
        }
    }

    /**
     * Waits for more items while the batch has room and none of its items is due (each item's
     * delay, {@link #submit(Object, long)}); the store closing, or an interrupt, ends the wait.
     */
    private void gather(List<Item<T, R>> items) {
        long due = Long.MAX_VALUE;
        int seen = 0;
        while (true) {
            for (; seen < items.size(); seen++) {
                long d = items.get(seen).due;
                if (due == Long.MAX_VALUE || d - due < 0) {
                    due = d;
                }
            }
            long left = due - System.nanoTime();
            if (items.size() >= batchLimit || left <= 0 || closed) {
                return;
            }
            Item<T, R> next;
            try {
                next = queue.poll(Math.min(left, 100_000_000L), TimeUnit.NANOSECONDS); // 100 ms at most, to see a close
            } catch (InterruptedException e) {
                return; // ignored, as in run(): what is gathered is committed now
            }
            if (next == wake) {
                return; // closed: what is gathered is committed now
            }
            if (next != null) {
                items.add(next);
                queue.drainTo(items, batchLimit - items.size());
                items.remove(wake);
            }
        }
    }

    private void commit(List<Item<T, R>> items) {
        List<R> results;
        try {
            List<T> values = new ArrayList<>(items.size());
            for (Item<T, R> i : items) {
                values.add(i.value);
            }
            results = batch.apply(values);
            transactions.incrementAndGet();
            committed.addAndGet(items.size());
        } catch (RuntimeException e) {
            if (items.size() == 1 || e instanceof CommitOutcomeUnknown) {
                // one item: its own failure; an outcome unknown: committing the items again could store them twice
                for (Item<T, R> i : items) {
                    i.done.completeExceptionally(e);
                }
                return;
            }
            // the batch was rolled back as a whole: each item on its own, so only the bad one fails
            for (Item<T, R> i : items) {
                try {
                    R r = single.apply(i.value);
                    transactions.incrementAndGet();
                    committed.incrementAndGet();
                    complete(i.done, r);
                } catch (RuntimeException one) {
                    i.done.completeExceptionally(one);
                }
            }
            return;
        }
        for (int k = 0; k < items.size(); k++) {
            complete(items.get(k).done, results.get(k));
        }
    }

    private static <R> void complete(CompletableFuture<R> f, R r) {
        try {
            f.complete(r);
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "a stored game's follower failed", e); // the commit stands
        }
    }

    /**
     * Refuses new items, commits those already queued, and waits (up to 30 s) for the writer to
     * end.
     */
    @Override
    public void close() {
        closed = true;
        queue.offer(wake); // a full queue keeps the writer busy: it sees the close when it has drained it
        try {
            thread.join(30_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
