package org.boardlab.server.faults;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelDuplexHandler;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelPromise;

/**
 * Injects a {@link FaultProfile}'s faults into a server connection: first in its pipeline (next to
 * the socket), it passes what the client sends through a {@link Direction#TO_SERVER} lane before
 * any of the server's handlers sees it, and what the server writes through a
 * {@link Direction#TO_CLIENT} lane before it reaches the socket. The profile can be changed while
 * the connection is open ({@link #profile(FaultProfile)}, from any thread).
 *
 * <pre>
 *   socket  &lt;-&gt;  [faults]  &lt;-&gt;  back-pressure ... framer  tap  codec  session
 *                 to-server lane: reads are held, cut, merged, changed, then fired on
 *                 to-client lane: writes are held, cut, merged, changed, then written
 * </pre>
 * One instance per connection.
 */
public final class FaultHandler extends ChannelDuplexHandler {

    /** The handler's name in a pipeline. */
    public static final String NAME = "faults";

    private final FaultReporter reporter;
    private volatile FaultProfile profile;
    private FaultLane toServer;
    private FaultLane toClient;
    private ChannelHandlerContext ctx;

    public FaultHandler(FaultProfile profile, FaultReporter reporter) {
        this.profile = profile;
        this.reporter = reporter;
    }

    /** The profile in force. */
    public FaultProfile profile() {
        return profile;
    }

    /** Changes the faults from now on (on the connection's event loop; a caller elsewhere waits until it is done). */
    public void profile(FaultProfile next) {
        profile = next;
        ChannelHandlerContext c = ctx;
        if (c != null) {
            Runnable change = () -> {
                if (toServer != null) {
                    toServer.faults(next.toServer());
                    toClient.faults(next.toClient());
                }
            };
            if (c.executor().inEventLoop()) {
                change.run();
            } else {
                c.executor().submit(change).awaitUninterruptibly(5, java.util.concurrent.TimeUnit.SECONDS);
            }
        }
    }

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) {
        this.ctx = ctx;
        FaultProfile p = profile;
        toServer = new FaultLane(Direction.TO_SERVER, p.toServer(), p.seed(), ctx.executor(), new FaultLane.Sink() {
            @Override
            public ChannelFuture deliver(ByteBuf bytes) {
                ctx.fireChannelRead(bytes);
                return null;
            }

            @Override
            public void flush() {
                ctx.fireChannelReadComplete();
            }

            @Override
            public void close() {
                ctx.channel().close();
            }

            @Override
            public void hold(boolean full) {
                ctx.channel().config().setAutoRead(!full);
            }
        }, reporter);
        toClient = new FaultLane(Direction.TO_CLIENT, p.toClient(), p.seed(), ctx.executor(), new FaultLane.Sink() {
            @Override
            public ChannelFuture deliver(ByteBuf bytes) {
                return ctx.write(bytes);
            }

            @Override
            public void flush() {
                ctx.flush();
            }

            @Override
            public void close() {
                ctx.channel().close();
            }
        }, reporter);
    }

    @Override
    public void handlerRemoved(ChannelHandlerContext ctx) {
        if (toServer != null) {
            toServer.discard();
            toClient.discard();
        }
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (msg instanceof ByteBuf buf) {
            toServer.accept(buf, null);
        } else {
            ctx.fireChannelRead(msg);
        }
    }

    @Override
    public void channelReadComplete(ChannelHandlerContext ctx) {
        if (toServer.idle()) {
            ctx.fireChannelReadComplete();
        } // else the lane fires it with what it lets through
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        if (toServer.faults().paused()) {
            toServer.discard(); // a paused lane would never let the close through
            toClient.discard();
            ctx.fireChannelInactive();
            return;
        }
        toServer.then(ctx::fireChannelInactive);
        toServer.then(toServer::discard);
        toClient.discard();
    }

    @Override
    public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) {
        if (msg instanceof ByteBuf buf) {
            toClient.accept(buf, promise);
        } else {
            ctx.write(msg, promise);
        }
    }

    @Override
    public void flush(ChannelHandlerContext ctx) {
        if (toClient.idle()) {
            ctx.flush();
        } // else the lane flushes what it lets through
    }

    @Override
    public void close(ChannelHandlerContext ctx, ChannelPromise promise) {
        if (toClient.faults().paused()) {
            toClient.discard();
            ctx.close(promise);
            return;
        }
        toClient.then(() -> ctx.close(promise)); // after what the server wrote before closing
    }
}
