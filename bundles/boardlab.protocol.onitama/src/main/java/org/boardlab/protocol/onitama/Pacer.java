package org.boardlab.protocol.onitama;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelDuplexHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelPromise;
import io.netty.util.ReferenceCountUtil;
import java.nio.channels.ClosedChannelException;
import java.util.ArrayDeque;
import java.util.concurrent.TimeUnit;

/**
 * Spaces the server's messages to one client the way seed 001's client needs them: that client
 * reads every server message with one {@code recv(1024)} and breaks when two messages arrive in
 * one read (it then loses a NUL and a colour digit, or takes {@code 2 0 3 ...} for a setup). So:
 * <ul>
 * <li>every message is written and flushed on its own (one TCP segment: the server sets
 *     {@code TCP_NODELAY});</li>
 * <li>a message that follows another message to the same client, with no client message read in
 *     between, is held until {@code gap} ms after the earlier one was written. A message that
 *     answers a client message goes out at once.</li>
 * </ul>
 * The original got the same spacing by luck (Nagle's algorithm held its second write about 40 ms,
 * its PvP relay slept 50 ms, its AI took a second). A gap of 0 turns pacing off: messages go out as
 * they come, for clients that cut messages at the NUL as the protocol allows (boardlab's do).
 *
 * <pre>
 *  client                server (gap 50 ms)
 *  "0"        ------&gt;
 *             &lt;------   "0\0"                 at once: it answers the client
 *  "0"        ------&gt;
 *             &lt;------   "0\0"                 at once
 *             &lt;------   "1 3 0 7 11 4\0"      50 ms later: follows "0\0" with nothing from the client between
 * </pre>
 *
 * <p>Sits between the wire tap and the encoder, so the tap records each frame when it really
 * leaves. An empty buffer (a flush before closing) keeps its place in the line, so "send, then
 * close" sends everything first. One pacer per connection.
 *
 * <p>The pacers of one event loop wait in one line with one timer ({@link Line}), not a timer each:
 * a PvE game's every server move waits, so at 10,000 clients a timer each was some 7,000 timers a
 * second on each loop, each put into and taken out of the loop's queue of timed tasks (which also
 * holds every connection's idle timer). A message may go out a little later than its gap (when a
 * pacer that joined the line before it is due later), never sooner.
 */
public final class Pacer extends ChannelDuplexHandler {

    /** The system property with the gap in milliseconds for the server's Onitama port (default 50; 0 turns pacing off). */
    public static final String PROPERTY = "boardlab.onitama.pacing";

    /** The gap without the property. */
    public static final long DEFAULT_GAP_MILLIS = 50;

    /** Messages one client may have waiting; more means the server itself went wrong, and the connection is closed. */
    static final int MAX_WAITING = 32;

    private record Waiting(Object msg, ChannelPromise promise) {
    }

    private final long gapNanos;
    private final ArrayDeque<Waiting> waiting = new ArrayDeque<>();
    private long lastWrite = System.nanoTime() - TimeUnit.DAYS.toNanos(1);
    private boolean clientSpoke = true;
    /** Whether this pacer is in its loop's line. */
    private boolean drainScheduled;
    /** When this pacer's turn in the line comes ({@link System#nanoTime()}); set by the line. */
    private long due;
    private ChannelHandlerContext context;
    /** The line of this connection's event loop, found at the first wait (a channel keeps its loop). */
    private Line line;

    /** @param gapMillis the least time between two messages with no client message between them; 0 for none */
    public Pacer(long gapMillis) {
        this.gapNanos = TimeUnit.MILLISECONDS.toNanos(gapMillis);
    }

    /** The gap the server's Onitama port uses: the system property {@value #PROPERTY}, else {@value #DEFAULT_GAP_MILLIS} ms. */
    public static long configuredGapMillis() {
        return Long.getLong(PROPERTY, DEFAULT_GAP_MILLIS);
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        clientSpoke = true;
        ctx.fireChannelRead(msg);
    }

    @Override
    public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) {
        if (waiting.isEmpty() && ready(msg)) {
            writeNow(ctx, msg, promise);
            return;
        }
        if (waiting.size() >= MAX_WAITING) {
            ReferenceCountUtil.release(msg);
            promise.tryFailure(new IllegalStateException("more than " + MAX_WAITING + " messages wait for this client"));
            ctx.close();
            return;
        }
        waiting.add(new Waiting(msg, promise));
        scheduleDrain(ctx);
    }

    @Override
    public void flush(ChannelHandlerContext ctx) {
        // every message is flushed on its own in writeNow
    }

    private boolean ready(Object msg) {
        return gapNanos == 0 || clientSpoke || !isMessage(msg) || System.nanoTime() - lastWrite >= gapNanos;
    }

    private static boolean isMessage(Object msg) {
        return !(msg instanceof ByteBuf b) || b.isReadable();
    }

    private void writeNow(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) {
        if (isMessage(msg)) {
            lastWrite = System.nanoTime();
            clientSpoke = false;
        }
        ctx.writeAndFlush(msg, promise);
    }

    private void scheduleDrain(ChannelHandlerContext ctx) {
        if (drainScheduled) {
            return;
        }
        drainScheduled = true;
        context = ctx;
        if (line == null) {
            line = Line.of(ctx.executor());
        }
        line.add(this, lastWrite + gapNanos, ctx.executor());
    }

    /** This pacer's turn in the line: writes what may go now, and joins the line again if more waits. */
    private void drain() {
        drainScheduled = false;
        ChannelHandlerContext ctx = context;
        while (!waiting.isEmpty() && ready(waiting.peek().msg())) {
            Waiting w = waiting.poll();
            writeNow(ctx, w.msg(), w.promise());
        }
        if (!waiting.isEmpty()) {
            scheduleDrain(ctx);
        }
    }

    /**
     * The pacers of one event loop that hold a message, in the order they may write, and one timer
     * for the first of them. Used on its loop's thread only. A pacer that joins is due no sooner than
     * the one before it, so the line stays in order without sorting; when the timer fires, every
     * pacer due by then writes, and the timer is set again for the next one, at least a tick later.
     */
    static final class Line implements Runnable {

        /**
         * The least time between two runs of a line's timer: at most a thousand a second on a loop, however
         * many messages wait; a message waits at most this much longer than its gap.
         */
        static final long TICK_NANOS = TimeUnit.MILLISECONDS.toNanos(1);

        private static final java.util.Map<io.netty.util.concurrent.EventExecutor, Line> LINES =
                java.util.Collections.synchronizedMap(new java.util.WeakHashMap<>());

        private final ArrayDeque<Pacer> pacers = new ArrayDeque<>();
        private long lastDue = Long.MIN_VALUE;
        private boolean timerSet;
        /** The loop, for the timer; weak, as the line's key. */
        private final java.lang.ref.WeakReference<io.netty.util.concurrent.EventExecutor> loop;

        private Line(io.netty.util.concurrent.EventExecutor loop) {
            this.loop = new java.lang.ref.WeakReference<>(loop);
        }

        /** The line of {@code loop}. */
        static Line of(io.netty.util.concurrent.EventExecutor loop) {
            return LINES.computeIfAbsent(loop, Line::new);
        }

        /** Pacers in the line now. */
        int size() {
            return pacers.size();
        }

        void add(Pacer pacer, long due, io.netty.util.concurrent.EventExecutor executor) {
            if (pacers.isEmpty() || due - lastDue > 0) {
                lastDue = due;
            }
            pacer.due = lastDue;
            pacers.add(pacer);
            if (!timerSet) {
                timerSet = true;
                executor.schedule(this, Math.max(0, lastDue - System.nanoTime()), TimeUnit.NANOSECONDS);
            }
        }

        @Override
        public void run() {
            // the timer stays set while the due pacers write: one that joins the line again (it holds a further
            // message) must not set a second timer; the one timer is set again below
            long now = System.nanoTime();
            Pacer first;
            while ((first = pacers.peek()) != null && first.due - now <= 0) {
                pacers.poll();
                first.drain();
            }
            io.netty.util.concurrent.EventExecutor executor = loop.get();
            if (first == null || executor == null || executor.isShuttingDown()) {
                timerSet = false;
                return;
            }
            // not sooner than a tick from now: the pacers due within it write together, a little late
            long wait = Math.max(first.due - System.nanoTime(), TICK_NANOS - (System.nanoTime() - now));
            executor.schedule(this, Math.max(0, wait), TimeUnit.NANOSECONDS);
        }
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) throws Exception {
        Waiting w;
        while ((w = waiting.poll()) != null) {
            ReferenceCountUtil.release(w.msg());
            w.promise().tryFailure(new ClosedChannelException());
        }
        super.channelInactive(ctx);
    }
}
