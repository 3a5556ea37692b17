package org.boardlab.protocol.gomoku;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandler.Sharable;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.EncoderException;
import io.netty.handler.codec.MessageToByteEncoder;

/**
 * Writes a {@link GomokuMessage} as one frame. Stateless and {@link Sharable}.
 *
 * <pre>
 * in:  GomokuMessage.Update[row=7, col=7, turn=WHITE]
 * out: +-------------+-------------+--------------------------------------------------------+
 *      | 47 4D 4B 55 | 00 00 00 35 | {"data":{"col":7,"row":7,"turn":"W"},"type":"update"}  |
 *      | G  M  K  U  | length = 53 | 53 bytes of JSON, the original's key order            |
 *      +-------------+-------------+--------------------------------------------------------+
 * in:  GomokuMessage.Heartbeat
 * out: 47 4D 4B 55 00 00 00 00
 * </pre>
 *
 * <h2>Pitfalls</h2>
 * <ul>
 *   <li>A message whose JSON would be longer than {@link GomokuWire#MAX_PAYLOAD} fails the write
 *       with an {@link EncoderException} (the write's future fails) instead of sending a frame
 *       that makes the peer close the connection. A 15x15 full update is about 1 KB.</li>
 *   <li>The encoder does not check who may send what; a server that writes a {@code place} sends
 *       it.</li>
 * </ul>
 */
@Sharable
public final class GomokuMessageEncoder extends MessageToByteEncoder<GomokuMessage> {

    /** An encoder; one may serve every connection. */
    public GomokuMessageEncoder() {
        super(GomokuMessage.class);
    }

    @Override
    protected void encode(ChannelHandlerContext ctx, GomokuMessage message, ByteBuf out) {
        byte[] json = GomokuJson.encode(message);
        try {
            GomokuWire.checkPayloadLength(json.length, message);
        } catch (IllegalArgumentException e) {
            throw new EncoderException(e.getMessage());
        }
        out.ensureWritable(GomokuWire.HEADER_LENGTH + json.length);
        out.writeBytes(GomokuWire.MAGIC).writeInt(json.length).writeBytes(json);
    }
}
