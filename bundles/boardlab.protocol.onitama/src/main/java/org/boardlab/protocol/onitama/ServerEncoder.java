package org.boardlab.protocol.onitama;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.channel.ChannelHandler.Sharable;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.MessageToByteEncoder;

/**
 * Writes a {@link ServerMessage} as its text and one NUL byte: {@code new Answer(27)} becomes the
 * three bytes {@code 32 37 00}. Stateless and {@link Sharable}.
 */
@Sharable
public final class ServerEncoder extends MessageToByteEncoder<ServerMessage> {

    /** The one instance. */
    public static final ServerEncoder INSTANCE = new ServerEncoder();

    private ServerEncoder() {
        super(ServerMessage.class);
    }

    @Override
    protected void encode(ChannelHandlerContext ctx, ServerMessage message, ByteBuf out) {
        ByteBufUtil.writeAscii(out, message.text());
        out.writeByte(0);
    }
}
