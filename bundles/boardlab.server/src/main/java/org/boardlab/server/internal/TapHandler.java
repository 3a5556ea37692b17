package org.boardlab.server.internal;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.channel.ChannelDuplexHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelPromise;

/**
 * The wire tap in a connection's pipeline, between the framer and the message codec: it sees every
 * whole frame in (a {@link ByteBuf} from the framer) and out (a {@link ByteBuf} from the encoder),
 * copies it for the tap when somebody listens, and passes it on untouched. Read-only, like Netty's
 * LoggingHandler.
 */
final class TapHandler extends ChannelDuplexHandler {

    private final ChannelConnection connection;

    TapHandler(ChannelConnection connection) {
        this.connection = connection;
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        connection.read();
        if (msg instanceof ByteBuf buf && buf.isReadable() && connection.server().tap().active()) {
            connection.tapped(ByteBufUtil.getBytes(buf), true);
        }
        ctx.fireChannelRead(msg);
    }

    @Override
    public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) {
        if (msg instanceof ByteBuf buf && buf.isReadable() && connection.server().tap().active()) {
            connection.tapped(ByteBufUtil.getBytes(buf), false); // (an empty buffer is a flush before closing, not a frame)
        }
        ctx.write(msg, promise);
    }
}
