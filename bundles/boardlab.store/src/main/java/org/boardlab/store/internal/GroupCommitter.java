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
    private record Item<T, R>(T value, CompletableFuture<R> done, long due, long handedIn) {
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
    private final Runnable whenDelayed;
    /** Whether {@link #whenDelayed} has run (the writer's thread only). */
    private boolean delayedSeen;
    private final BlockingQueue<Item<T, R>> queue;
    private final Thread thread;
    /** Put in the queue by {@link #close()} so that the writer sees the close at once, not after its poll's 100 ms. */
    private final Item<T, R> wake = new Item<>(null, null, 0, 0);
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
        this(name, batch, single, capacity, batchLimit, () -> {
        });
    }

    /**
     * {@link #GroupCommitter(String, Function, Function, int, int)} whose writer thread runs {@code whenDelayed} once, before
     * it commits the first batch that holds an item handed in with a delay ({@link #submit(Object, long)}: a server's
     * game; the store lowers the thread's scheduling priority there); what it throws is logged and the writer goes on.
     */
    public GroupCommitter(String name, Function<List<T>, List<R>> batch, Function<T, R> single, int capacity, int batchLimit,
            Runnable whenDelayed) {
        this.name = name;
        this.whenDelayed = whenDelayed;
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
        long now = System.nanoTime();
        Item<T, R> item = new Item<>(value, done, now + Math.max(0, maxDelayNanos), now);
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

    /** The most items that waited at once (counted as the writer takes a batch: the batch and what still waits). */
    private volatile int mostWaiting;
    /** The largest batch committed. */
    private volatile int largestBatch;
    /** How long items waited from {@link #submit} until their commit's end: the sum and the longest, nanoseconds. */
    private volatile long waitedNanos;
    private volatile long longestWaitNanos;
    /** Items that waited longer than 100 ms, and longer than 1 s. */
    private volatile long waitedOver100ms;
    private volatile long waitedOver1s;
    /** The writer thread's CPU time when it ended (-1 while it runs). */
    private volatile long cpuNanosAtEnd = -1;

    /**
     * What the writer has done so far (read from any thread; each figure is exact, several read together may be a batch
     * apart).
     *
     * @param transactions  transactions committed (a batch, or one item of a failed batch)
     * @param committed     items committed
     * @param largestBatch  the most items of one transaction
     * @param mostWaiting   the most items that waited at once
     * @param meanWaitMs    from {@link #submit} to the end of the item's commit, the mean (milliseconds); it includes
     *                      the delay each item was allowed
     * @param longestWaitMs the same, the longest
     * @param over100ms     items that waited longer than 100 ms
     * @param over1s        items that waited longer than 1 s
     * @param cpuMs         the writer thread's CPU time (milliseconds; -1 if the JVM cannot tell); it includes what ran on
     *                      the items' completion (a server hands what follows a game's commit to a thread of its own)
     */
    public record Stats(long transactions, long committed, int largestBatch, int mostWaiting, double meanWaitMs, double longestWaitMs,
            long over100ms, long over1s, double cpuMs) {
    }

    /** What the writer has done so far. */
    public Stats stats() {
        long done = committed.get();
        long cpu = cpuNanosAtEnd;
        if (cpu < 0) {
            cpu = threadCpuNanos(thread);
        }
        return new Stats(transactions.get(), done, largestBatch, mostWaiting, done == 0 ? 0 : waitedNanos / 1e6 / done,
                longestWaitNanos / 1e6, waitedOver100ms, waitedOver1s, cpu < 0 ? -1 : cpu / 1e6);
    }

    private static long threadCpuNanos(Thread t) {
        try {
            java.lang.management.ThreadMXBean mx = java.lang.management.ManagementFactory.getThreadMXBean();
            return mx.isThreadCpuTimeSupported() ? mx.getThreadCpuTime(t.getId()) : -1;
        } catch (RuntimeException | LinkageError e) {
            return -1;
        }
    }

    /** Counts an item's wait, on the writer's thread (the only one that writes these fields). */
    private void waited(Item<T, R> i) {
        long w = System.nanoTime() - i.handedIn;
        waitedNanos += w;
        if (w > longestWaitNanos) {
            longestWaitNanos = w;
        }
        if (w > 100_000_000L) {
            waitedOver100ms++;
            if (w > 1_000_000_000L) {
                waitedOver1s++;
            }
        }
    }

    /** Runs {@link #whenDelayed} before the first batch that holds an item handed in with a delay. */
    private void firstDelayed(List<Item<T, R>> items) {
        if (delayedSeen) {
            return;
        }
        for (Item<T, R> i : items) {
            if (i.due != i.handedIn) {
                delayedSeen = true;
                try {
                    whenDelayed.run();
                } catch (RuntimeException | Error e) {
                    LOG.log(Level.WARNING, "the store writer of " + name + " could not lower its priority (it goes on as it is)", e);
                }
                return;
            }
        }
    }

    private void run() {
        try {
            loop();
        } finally {
            cpuNanosAtEnd = threadCpuNanos(Thread.currentThread());
        }
    }

    private void loop() {
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
                int waiting = items.size() + queue.size();
                if (waiting > mostWaiting) {
                    mostWaiting = waiting;
                }
                gather(items);
                if (items.size() > largestBatch) {
                    largestBatch = items.size();
                }
                firstDelayed(items);
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
                    waited(i);
                    complete(i.done, r);
                } catch (RuntimeException one) {
                    i.done.completeExceptionally(one);
                }
            }
            return;
        }
        for (Item<T, R> i : items) {
            waited(i); // before any follower runs: the commit's end
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
