package org.boardlab.server.internal;

import io.netty.channel.Channel;
import io.netty.channel.ChannelDuplexHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelOutboundBuffer;
import io.netty.channel.ChannelPromise;
import java.util.Locale;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * Back-pressure for one connection, first in every pipeline the server builds (so every protocol,
 * present and future, has it without a line of its own). It sees each write last, as the bytes that
 * go to the socket, and the channel's writability:
 * <ul>
 *   <li>while the connection is not writable (more than the high water mark of output waits for the
 *       client to read it), the server stops reading from it (auto-read off): a client that sends
 *       requests without reading the answers is no longer read, so its answers stop growing; reading
 *       resumes when the output drains under the low water mark;</li>
 *   <li>a connection with more than {@code maxBytes} of output waiting (news and moves still reach a
 *       client that is not read from), or unwritable for longer than {@code maxNanos}, is closed as a
 *       slow reader, with the reason in the server's log and its counter.</li>
 * </ul>
 * Runs on the connection's event loop only, so its fields need no locks.
 *
 * <pre>
 *   output waiting:   0 ......... low (32 KiB) ......... high (64 KiB) ............ maxBytes (1 MiB)
 *   reading:          on          on again once under     off once over            closed: slow reader
 *   time unwritable:                                       clock starts             over maxNanos: closed
 * </pre>
 */
final class BackPressure extends ChannelDuplexHandler {

    private final ChannelConnection connection;
    private final long maxBytes;
    private final long maxNanos;
    /** When the connection last turned unwritable ({@code System.nanoTime()}), or 0 while writable. */
    private long unwritableSince;
    private ScheduledFuture<?> check;
    private boolean closing;

    BackPressure(ChannelConnection connection, long maxBytes, long maxNanos) {
        this.connection = connection;
        this.maxBytes = maxBytes;
        this.maxNanos = maxNanos;
    }

    @Override
    public void channelWritabilityChanged(ChannelHandlerContext ctx) throws Exception {
        Channel ch = ctx.channel();
        if (!ch.isWritable()) {
            ch.config().setAutoRead(false);
            if (unwritableSince == 0) {
                unwritableSince = Math.max(1, System.nanoTime());
                check = ctx.executor().schedule(() -> checkTime(ctx), maxNanos, TimeUnit.NANOSECONDS);
            }
        } else {
            unwritableSince = 0;
            if (check != null) {
                check.cancel(false);
                check = null;
            }
            ch.config().setAutoRead(true);
        }
        ctx.fireChannelWritabilityChanged();
    }

    private void checkTime(ChannelHandlerContext ctx) {
        check = null;
        long since = unwritableSince;
        if (since == 0 || closing) {
            return;
        }
        long unwritable = System.nanoTime() - since;
        if (unwritable >= maxNanos) {
            slowReader(ctx, String.format(Locale.ROOT, "%,d bytes waited %.1f s for it to read them (the limit is %.1f s)",
                    pending(ctx), unwritable / 1e9, maxNanos / 1e9));
        } else {
            check = ctx.executor().schedule(() -> checkTime(ctx), maxNanos - unwritable, TimeUnit.NANOSECONDS);
        }
    }

    @Override
    public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) throws Exception {
        ctx.write(msg, promise);
        if (!closing) {
            long pending = pending(ctx);
            if (pending > maxBytes) {
                slowReader(ctx, String.format(Locale.ROOT, "%,d bytes wait for it to read them (the limit is %,d)", pending,
                        maxBytes));
            }
        }
    }

    private static long pending(ChannelHandlerContext ctx) {
        ChannelOutboundBuffer out = ctx.channel().unsafe().outboundBuffer();
        return out == null ? 0 : out.totalPendingWriteBytes();
    }

    private void slowReader(ChannelHandlerContext ctx, String why) {
        closing = true;
        connection.slowReader(why);
        ctx.close(); // what waits is dropped: a client that does not read would not read it
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) throws Exception {
        if (check != null) {
            check.cancel(false);
            check = null;
        }
        ctx.fireChannelInactive();
    }
}
