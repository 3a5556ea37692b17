package org.boardlab.protocol.othello;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.channel.ChannelHandler.Sharable;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.MessageToByteEncoder;

/**
 * Writes a message as its line and one LF: {@code new CMov(3, 2)} becomes the 9 bytes
 * {@code C M O V ~ 3 ~ 2 \n}. Never writes CR. It encodes messages of both directions (a server
 * writes {@link ServerMessage}s, a client {@link ClientMessage}s); other objects pass through
 * untouched. Stateless and {@link Sharable}.
 *
 * <p>Pitfall: a message record cannot hold a {@code ~}, a line break or a non-ASCII character (its
 * constructor refuses them), so a line never needs escaping; build texts from outside sources with
 * {@link OthelloMessage#cleanText(String)} first.
 */
@Sharable
public final class OthelloEncoder extends MessageToByteEncoder<OthelloMessage> {

    /** The one instance. */
    public static final OthelloEncoder INSTANCE = new OthelloEncoder();

    private OthelloEncoder() {
        super(OthelloMessage.class);
    }

    @Override
    protected void encode(ChannelHandlerContext ctx, OthelloMessage message, ByteBuf out) {
        ByteBufUtil.writeAscii(out, message.encode());
        out.writeByte('\n');
    }
}
