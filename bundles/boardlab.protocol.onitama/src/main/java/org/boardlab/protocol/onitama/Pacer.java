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
    private boolean drainScheduled;

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
        long wait = Math.max(0, lastWrite + gapNanos - System.nanoTime());
        ctx.executor().schedule(() -> drain(ctx), wait, TimeUnit.NANOSECONDS);
    }

    private void drain(ChannelHandlerContext ctx) {
        drainScheduled = false;
        while (!waiting.isEmpty() && ready(waiting.peek().msg())) {
            Waiting w = waiting.poll();
            writeNow(ctx, w.msg(), w.promise());
        }
        if (!waiting.isEmpty()) {
            scheduleDrain(ctx);
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
