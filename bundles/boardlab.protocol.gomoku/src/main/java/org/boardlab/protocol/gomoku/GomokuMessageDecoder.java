package org.boardlab.protocol.gomoku;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.channel.ChannelHandler.Sharable;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.MessageToMessageDecoder;
import java.util.List;
import java.util.Objects;
import org.boardlab.protocol.gomoku.GomokuMessage.Sender;

/**
 * Turns whole frames from {@link GomokuFrameDecoder} into {@link GomokuMessage}s. Stateless and
 * {@link Sharable}: one instance may serve every connection.
 *
 * <h2>Before and after</h2>
 * <pre>
 * in:  +------+-------------+-------------------------------------------+
 *      | GMKU | 00 00 00 29 | {"data":{"col":7,"row":7},"type":"place"} |   (41 bytes of JSON)
 *      +------+-------------+-------------------------------------------+
 * out: GomokuMessage.Place[row=7, col=7]
 *
 * in:  +------+-------------+
 *      | GMKU | 00 00 00 00 |   out: GomokuMessage.Heartbeat
 *      +------+-------------+
 *
 * in:  +------+-------------+-----------------+
 *      | GMKU | 00 00 00 0F | {"type":"chat"} |   out: ProtocolViolation[UNKNOWN_TYPE, ...]
 *      +------+-------------+-----------------+
 * </pre>
 * A frame that cannot be read as a message (not JSON, not an object, no or unknown type, bad
 * data, or a message only the other side sends) is skipped: the decoder passes on a
 * {@link ProtocolViolation} in its place and the connection stays open, as the original server
 * ignores what it cannot read. The session handler logs it; boardlab's server also answers a
 * spoiled {@code place} from the player to move with a refusal.
 *
 * <h2>Pitfalls</h2>
 * <ul>
 *   <li>It expects whole frames, header included, as {@link GomokuFrameDecoder} passes them; it
 *       does not cut a stream into frames itself.</li>
 *   <li>Pick the side: a server decodes what clients send ({@link #fromClients()}), a client what
 *       the server sends ({@link #fromServer()}). The JSON is the same either way; only the check
 *       of who may send what differs.</li>
 *   <li>A session handler must expect two kinds of objects from {@code channelRead}:
 *       {@link GomokuMessage} and {@link ProtocolViolation}.</li>
 * </ul>
 */
@Sharable
public final class GomokuMessageDecoder extends MessageToMessageDecoder<ByteBuf> {

    private final Sender sender;

    /**
     * A decoder for messages sent by {@code sender}.
     *
     * @param sender the side at the other end of the connection
     */
    public GomokuMessageDecoder(Sender sender) {
        super(ByteBuf.class);
        this.sender = Objects.requireNonNull(sender, "sender");
    }

    /** The decoder a server uses: it reads what clients send. */
    public static GomokuMessageDecoder fromClients() {
        return new GomokuMessageDecoder(Sender.CLIENT);
    }

    /** The decoder a client uses: it reads what the server sends. */
    public static GomokuMessageDecoder fromServer() {
        return new GomokuMessageDecoder(Sender.SERVER);
    }

    @Override
    protected void decode(ChannelHandlerContext ctx, ByteBuf frame, List<Object> out) {
        int length = frame.readableBytes() - GomokuWire.HEADER_LENGTH;
        if (length < 0 || frame.getUnsignedInt(frame.readerIndex() + 4) != length) {
            throw new IllegalStateException("GomokuMessageDecoder takes whole frames from a"
                    + " GomokuFrameDecoder placed before it in the pipeline");
        }
        byte[] json = ByteBufUtil.getBytes(frame, frame.readerIndex() + GomokuWire.HEADER_LENGTH, length);
        frame.skipBytes(frame.readableBytes());
        try {
            out.add(GomokuJson.decode(json, sender));
        } catch (GomokuProtocolException e) {
            out.add(e.violation());
        }
    }
}
