package org.boardlab.server.faults;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelPromise;
import io.netty.util.concurrent.EventExecutor;
import io.netty.util.concurrent.ScheduledFuture;
import java.nio.channels.ClosedChannelException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;

/**
 * One direction of one connection with its {@link Faults}: writes go in ({@link #accept}), and
 * come out at the {@link Sink} changed, late, split, merged or not at all, in the order they went
 * in. Every fault is told to the {@link FaultReporter} as it is decided, before the bytes it
 * changed come out. With no fault and nothing held, a write comes out at once, untouched.
 *
 * <p>Not thread-safe: every method runs on the connection's event loop ({@code loop}).
 *
 * <h2>Pitfalls</h2>
 * <ul>
 * <li>Order is kept whatever the jitter: a write is never due before the one before it, so jitter
 * bunches writes up rather than reordering them (TCP would not reorder them either).</li>
 * <li>What the lane holds is memory: past {@link #HOLD_HIGH} bytes the {@link Sink} is asked to stop
 * reading ({@link Sink#hold}), and past {@link #HOLD_MAX} the connection is closed as a fault.</li>
 * </ul>
 */
public final class FaultLane {

    /** Where a lane's bytes come out. */
    public interface Sink {
        /** Passes {@code bytes} on (the sink owns them); returns the write's future, or {@code null} if there is none. */
        ChannelFuture deliver(ByteBuf bytes);

        /** Flushes what was passed on. */
        void flush();

        /** Closes the connection (a drop). */
        void close();

        /** Asked to stop ({@code true}) or go on reading the source, as the lane holds too much or less again. */
        default void hold(boolean full) {
        }
    }

    /** Held bytes above which the source is asked to stop reading. */
    public static final long HOLD_HIGH = 1 << 20;
    /** Held bytes at which the connection is closed (a source that cannot be stopped). */
    public static final long HOLD_MAX = 16 << 20;

    /** A write waiting to come out; {@code bytes == null} for an action (a close) kept in order. */
    private record Item(ByteBuf bytes, ChannelPromise promise, long due, Runnable action) {
    }

    private final Direction direction;
    private final EventExecutor loop;
    private final Sink sink;
    private final FaultReporter reporter;
    private final SplittableRandom random;
    private Faults faults;
    private final ArrayDeque<Item> queue = new ArrayDeque<>();
    private long held;
    private boolean holding;
    private long passed;
    private long lastDue;
    private long bandwidthFree;
    private ScheduledFuture<?> drainTimer;
    private final List<Item> merging = new ArrayList<>();
    private long mergeStart;
    private ScheduledFuture<?> mergeTimer;
    private boolean closed;
    private boolean pauseTold;

    /**
     * @param seed the seed of the lane's random choices
     */
    public FaultLane(Direction direction, Faults faults, long seed, EventExecutor loop, Sink sink, FaultReporter reporter) {
        this.direction = direction;
        this.faults = faults;
        this.loop = loop;
        this.sink = sink;
        this.reporter = reporter;
        this.random = new SplittableRandom(seed * 31 + direction.ordinal());
    }

    public Direction direction() {
        return direction;
    }

    public Faults faults() {
        return faults;
    }

    /** {@code true} if nothing is held: a write would come out at once with no fault. */
    public boolean idle() {
        return queue.isEmpty() && merging.isEmpty();
    }

    /** Changes the faults from now on (what is held already keeps the time it was given; lifting a pause sends what it held). */
    public void faults(Faults next) {
        boolean wasPaused = faults.paused();
        faults = next;
        if (wasPaused && !next.paused() && pauseTold) {
            pauseTold = false;
            report("pause", "the pause is lifted: " + held + " bytes held " + direction.words() + " are sent now, in order",
                    new byte[0]);
        }
        if (faults.mergeMillis() == 0) {
            flushMerged();
        }
        drain();
    }

    /**
     * A write into the lane: {@code bytes} (owned by the lane from now on) and the promise to complete when
     * they are written ({@code null} if there is none).
     */
    public void accept(ByteBuf bytes, ChannelPromise promise) {
        if (closed) {
            bytes.release();
            fail(promise);
            return;
        }
        Faults f = faults;
        if (f.none() && idle()) {
            passed += bytes.readableBytes();
            out(bytes, promise == null ? List.of() : List.of(promise), f);
            return;
        }
        int n = bytes.readableBytes();
        if (f.dropAfterBytes() >= 0 && passed + n > f.dropAfterBytes()) {
            int keep = (int) Math.max(0, f.dropAfterBytes() - passed);
            byte[] lost = ByteBufUtil.getBytes(bytes, bytes.readerIndex() + keep, n - keep);
            report("drop", "the connection is closed after " + f.dropAfterBytes() + " bytes " + direction.words()
                    + " (drop-after=" + f.dropAfterBytes() + "): " + (n - keep) + " bytes of this write are not sent", lost);
            passed += keep;
            if (keep > 0) {
                enqueue(bytes.retainedSlice(bytes.readerIndex(), keep), promise, f);
                promise = null;
            }
            bytes.release();
            fail(promise);
            enqueueAction(sink::close);
            drain();
            return;
        }
        passed += n;
        if (f.dropRate() > 0 && random.nextDouble() < f.dropRate()) {
            report("drop", "the connection is closed at random (drop-rate=" + Faults.number(f.dropRate()) + "): this write of "
                    + n + " bytes " + direction.words() + " is not sent", ByteBufUtil.getBytes(bytes));
            bytes.release();
            fail(promise);
            enqueueAction(sink::close);
            drain();
            return;
        }
        if (f.flipRate() > 0 && n > 0) {
            flip(bytes, f.flipRate());
        }
        enqueue(bytes, promise, f);
        drain();
    }

    /**
     * Runs {@code action} once everything accepted before it came out (a close of the connection, the end of
     * the source), or at once if nothing is held.
     */
    public void then(Runnable action) {
        if (idle()) {
            action.run();
            return;
        }
        enqueueAction(action);
        drain();
    }

    /** The connection is gone: whatever is held is let go. */
    public void discard() {
        closed = true;
        cancel();
        for (Item i : merging) {
            release(i);
        }
        merging.clear();
        for (Item i : queue) {
            release(i);
        }
        queue.clear();
        held = 0;
    }

    private void flip(ByteBuf bytes, double rate) {
        List<String> flips = new ArrayList<>();
        int start = bytes.readerIndex();
        int n = bytes.readableBytes();
        // geometric skips: one random draw per flipped byte, not per byte
        double logKeep = Math.log1p(-rate);
        long i = rate >= 1 ? 0 : (long) Math.floor(Math.log(1 - random.nextDouble()) / logKeep);
        while (i < n) {
            int at = start + (int) i;
            int bit = random.nextInt(8);
            int before = bytes.getUnsignedByte(at);
            int after = before ^ (1 << bit);
            bytes.setByte(at, after);
            if (flips.size() < 8) {
                flips.add(String.format(Locale.ROOT, "byte %d bit %d (%s -> %s)", i, bit, shown(before), shown(after)));
            } else if (flips.size() == 8) {
                flips.add("...");
            }
            i += 1 + (rate >= 1 ? 0 : (long) Math.floor(Math.log(1 - random.nextDouble()) / logKeep));
        }
        if (!flips.isEmpty()) {
            long count = flips.stream().filter(s -> !s.equals("...")).count();
            report("flip", "bits flipped in a write of " + n + " bytes " + direction.words() + " (flip="
                    + Faults.number(rate) + "): " + String.join(", ", flips), ByteBufUtil.getBytes(bytes));
        }
    }

    private static String shown(int b) {
        return b >= 0x20 && b < 0x7F ? String.format(Locale.ROOT, "0x%02X '%c'", b, (char) b) : String.format(Locale.ROOT, "0x%02X", b);
    }

    private void enqueue(ByteBuf bytes, ChannelPromise promise, Faults f) {
        long now = System.nanoTime();
        int n = bytes.readableBytes();
        long jitter = f.jitterMillis() > 0 ? random.nextLong(f.jitterMillis() * 1_000_000L + 1) : 0;
        long due = now + f.delayMillis() * 1_000_000L + jitter;
        boolean timed = f.delayMillis() > 0 || f.jitterMillis() > 0;
        if (due < lastDue) {
            due = lastDue; // order is kept
        }
        long throttle = 0;
        if (f.bytesPerSecond() > 0) {
            long start = Math.max(due, bandwidthFree);
            long end = start + n * 1_000_000_000L / f.bytesPerSecond();
            throttle = end - due;
            due = end;
            bandwidthFree = end;
        }
        lastDue = due;
        if (n == 0) {
            // an empty write (a flush before a close) is kept in order, not reported
        } else if (timed) {
            report("delay", String.format(Locale.ROOT, "%d bytes %s held %.1f ms (delay=%dms%s%s)", n, direction.words(),
                    (due - now) / 1e6, f.delayMillis(), f.jitterMillis() > 0
                            ? String.format(Locale.ROOT, ", jitter %.1f ms of up to %d", jitter / 1e6, f.jitterMillis()) : "",
                    throttle > 0 ? String.format(Locale.ROOT, ", %.1f ms of them for bandwidth=%d", throttle / 1e6, f.bytesPerSecond()) : ""),
                    ByteBufUtil.getBytes(bytes));
        } else if (throttle > 0 || (f.bytesPerSecond() > 0 && due > now)) {
            report("bandwidth", String.format(Locale.ROOT, "%d bytes %s held %.1f ms (bandwidth=%d bytes a second)", n,
                    direction.words(), (due - now) / 1e6, f.bytesPerSecond()), ByteBufUtil.getBytes(bytes));
        }
        queue.add(new Item(bytes, promise, due, null));
        held += n;
        checkHeld();
    }

    private void enqueueAction(Runnable action) {
        queue.add(new Item(null, null, lastDue, action));
    }

    private void checkHeld() {
        if (held > HOLD_MAX) {
            report("drop", "the connection is closed: more than " + HOLD_MAX + " bytes " + direction.words()
                    + " were held by the faults", new byte[0]);
            Runnable close = sink::close;
            discard();
            close.run();
            return;
        }
        boolean full = held > HOLD_HIGH;
        if (full != holding && (full || held < HOLD_HIGH / 4)) {
            holding = full;
            sink.hold(full);
        }
    }

    private void drain() {
        if (closed) {
            return;
        }
        if (faults.paused()) {
            if (!queue.isEmpty() && !pauseTold && queue.peek().bytes() != null) {
                pauseTold = true;
                report("pause", "paused (pause): nothing goes " + direction.words() + " until the pause is lifted; "
                        + queue.peek().bytes().readableBytes() + " bytes held", ByteBufUtil.getBytes(queue.peek().bytes()));
            }
            return;
        }
        long now = System.nanoTime();
        while (!queue.isEmpty() && !closed) {
            Item head = queue.peek();
            if (head.due() > now) {
                if (drainTimer == null) {
                    drainTimer = loop.schedule(() -> {
                        drainTimer = null;
                        drain();
                    }, head.due() - now, TimeUnit.NANOSECONDS);
                }
                return;
            }
            queue.poll();
            if (head.bytes() == null) {
                flushMerged();
                head.action().run();
                continue;
            }
            held -= head.bytes().readableBytes();
            checkHeld();
            Faults f = faults;
            if (f.mergeMillis() > 0) {
                if (merging.isEmpty()) {
                    mergeStart = now;
                    mergeTimer = loop.schedule(() -> {
                        mergeTimer = null;
                        flushMerged();
                    }, f.mergeMillis(), TimeUnit.MILLISECONDS);
                }
                merging.add(head);
            } else {
                out(head.bytes(), head.promise() == null ? List.of() : List.of(head.promise()), f);
            }
        }
    }

    private void flushMerged() {
        if (mergeTimer != null) {
            mergeTimer.cancel(false);
            mergeTimer = null;
        }
        if (merging.isEmpty()) {
            return;
        }
        int total = 0;
        for (Item i : merging) {
            total += i.bytes().readableBytes();
        }
        ByteBuf one = merging.get(0).bytes().alloc().buffer(total);
        List<ChannelPromise> promises = new ArrayList<>();
        for (Item i : merging) {
            one.writeBytes(i.bytes());
            i.bytes().release();
            if (i.promise() != null) {
                promises.add(i.promise());
            }
        }
        int writes = merging.size();
        merging.clear();
        double heldMs = (System.nanoTime() - mergeStart) / 1e6;
        report("merge", writes > 1
                ? String.format(Locale.ROOT, "%d writes %s (%d bytes) held %.1f ms and sent as one write (merge)", writes,
                        direction.words(), total, heldMs)
                : String.format(Locale.ROOT, "1 write %s (%d bytes) held %.1f ms to merge it with the next; none came (merge)",
                        direction.words(), total, heldMs),
                ByteBufUtil.getBytes(one));
        out(one, promises, faults);
    }

    private void out(ByteBuf bytes, List<ChannelPromise> promises, Faults f) {
        int n = bytes.readableBytes();
        ChannelFuture last;
        if (f.split() && n > 1) {
            report("split", n + " bytes " + direction.words() + " sent as " + n + " writes of 1 byte (split)", ByteBufUtil.getBytes(bytes));
            last = null;
            for (int i = 0; i < n; i++) {
                last = sink.deliver(bytes.retainedSlice(bytes.readerIndex() + i, 1));
                sink.flush();
            }
            bytes.release();
        } else {
            last = sink.deliver(bytes);
            sink.flush();
        }
        if (promises.isEmpty()) {
            return;
        }
        if (last == null) {
            promises.forEach(ChannelPromise::trySuccess);
            return;
        }
        last.addListener(done -> {
            for (ChannelPromise p : promises) {
                if (done.isSuccess()) {
                    p.trySuccess();
                } else {
                    p.tryFailure(done.cause());
                }
            }
        });
    }

    private void report(String kind, String text, byte[] bytes) {
        reporter.fault(direction, kind, text, bytes);
    }

    private void cancel() {
        if (drainTimer != null) {
            drainTimer.cancel(false);
            drainTimer = null;
        }
        if (mergeTimer != null) {
            mergeTimer.cancel(false);
            mergeTimer = null;
        }
    }

    private static void release(Item i) {
        if (i.bytes() != null) {
            i.bytes().release();
            fail(i.promise());
        }
    }

    private static void fail(ChannelPromise promise) {
        if (promise != null) {
            promise.tryFailure(new ClosedChannelException());
        }
    }
}
