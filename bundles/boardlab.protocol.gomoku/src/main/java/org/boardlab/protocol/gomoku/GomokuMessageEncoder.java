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
        if (message instanceof GomokuMessage.Update u) {
            writeUpdate(u, out);
            return;
        }
        byte[] json = GomokuJson.encode(message);
        try {
            GomokuWire.checkPayloadLength(json.length, message);
        } catch (IllegalArgumentException e) {
            throw new EncoderException(e.getMessage());
        }
        out.ensureWritable(GomokuWire.HEADER_LENGTH + json.length);
        out.writeBytes(GomokuWire.MAGIC).writeInt(json.length).writeBytes(json);
    }

    private static final byte[] UPDATE_COL = ascii("{\"data\":{\"col\":");
    private static final byte[] UPDATE_ROW = ascii(",\"row\":");
    private static final byte[] UPDATE_TURN = ascii(",\"turn\":\"");
    private static final byte[] UPDATE_END = ascii("\"},\"type\":\"update\"}");

    private static byte[] ascii(String s) {
        return s.getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    }

    /**
     * The one message a server sends for every stone (twice: to both players), written straight into
     * the frame: the same bytes as {@link GomokuJson#encode} writes ({@code GomokuCodecTest} compares
     * them), without a JSON generator and two copies of the text for each.
     */
    private static void writeUpdate(GomokuMessage.Update u, ByteBuf out) {
        String col = Integer.toString(u.col());
        String row = Integer.toString(u.row());
        String turn = u.turn().letter();
        int length = UPDATE_COL.length + col.length() + UPDATE_ROW.length + row.length() + UPDATE_TURN.length
                + turn.length() + UPDATE_END.length;
        out.ensureWritable(GomokuWire.HEADER_LENGTH + length);
        out.writeBytes(GomokuWire.MAGIC).writeInt(length).writeBytes(UPDATE_COL);
        io.netty.buffer.ByteBufUtil.writeAscii(out, col);
        out.writeBytes(UPDATE_ROW);
        io.netty.buffer.ByteBufUtil.writeAscii(out, row);
        out.writeBytes(UPDATE_TURN);
        io.netty.buffer.ByteBufUtil.writeAscii(out, turn);
        out.writeBytes(UPDATE_END);
    }
}
