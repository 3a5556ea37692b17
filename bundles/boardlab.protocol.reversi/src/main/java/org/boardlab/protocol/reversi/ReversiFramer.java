package org.boardlab.protocol.reversi;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.ByteToMessageDecoder;
import java.util.List;

/**
 * Cuts the byte stream into whole messages (one {@link ByteBuf} each), as a state machine:
 *
 * <pre>
 *            type byte known for this direction
 *   [TYPE] ──────────────────────────────────────► [FIELDS]  wait until the length rule of the type
 *     ▲                                               │       (names: a length byte; boards: two size
 *     └──────────── one whole frame passed on ◄───────┘        bytes) says the frame is complete
 *
 *   [TYPE] or [FIELDS] ── unknown type, board over 16x16 ──► [FAILED]  the bad bytes are passed on as one
 *                                                                       frame (up to 64 bytes, so the tap
 *                                                                       and the decoder see them); every
 *                                                                       later byte is dropped
 *   connection closes in [FIELDS] ──► the partial bytes are passed on (the decoder calls them truncated)
 * </pre>
 *
 * <p>There is no length prefix in this protocol: a reader that meets a type byte it does not know
 * cannot find the next message, so that is fatal. Limits: boards of at most
 * {@value ReversiCodec#MAX_BOARD_SIDE} cells a side (17 to 255 is refused before any cell byte is
 * awaited), names of at most 255 bytes (the length byte's range).
 *
 * <p>It keeps the bytes of an unfinished message, so it is made new for every connection.
 */
public final class ReversiFramer extends ByteToMessageDecoder {

    /** The framer's states. */
    public enum State { TYPE, FIELDS, FAILED }

    /** The most bytes of a bad stream passed on as one frame. */
    static final int BAD_FRAME_BYTES = 64;

    private final Direction direction;
    private State state = State.TYPE;

    public ReversiFramer(Direction direction) {
        this.direction = direction;
    }

    public State state() {
        return state;
    }

    @Override
    protected void decode(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {
        while (in.isReadable()) {
            if (state == State.FAILED) {
                in.skipBytes(in.readableBytes());
                return;
            }
            int length = frameLength(in, in.readerIndex(), direction);
            if (length == NEED_MORE) {
                state = State.FIELDS;
                return;
            }
            if (length == BAD) {
                state = State.FAILED;
                out.add(in.readRetainedSlice(Math.min(in.readableBytes(), BAD_FRAME_BYTES)));
                in.skipBytes(in.readableBytes());
                return;
            }
            out.add(in.readRetainedSlice(length));
            state = State.TYPE;
        }
    }

    @Override
    protected void decodeLast(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) throws Exception {
        decode(ctx, in, out);
        if (state != State.FAILED && in.isReadable()) {
            out.add(in.readRetainedSlice(Math.min(in.readableBytes(), BAD_FRAME_BYTES)));
        }
    }

    /** {@link #frameLength}: more bytes are needed to know. */
    public static final int NEED_MORE = -1;
    /** {@link #frameLength}: the bytes cannot start a message (unknown type, board too large). */
    public static final int BAD = -2;

    /**
     * The length rule: how many bytes the message starting at {@code from} takes, {@link #NEED_MORE}
     * or {@link #BAD}.
     */
    public static int frameLength(ByteBuf in, int from, Direction direction) {
        int available = in.writerIndex() - from;
        if (available < 1) {
            return NEED_MORE;
        }
        int type = in.getUnsignedByte(from);
        if (!direction.accepts(type)) {
            return BAD;
        }
        switch (type) {
            case 0x01: // Connect: L, name
                return available < 2 ? NEED_MORE : fits(2 + in.getUnsignedByte(from + 1), available);
            case 0x02, 0x03: // Player OK, OK/NOK
                return fits(2, available);
            case 0x04: // New Move
                return fits(3, available);
            case 0x05, 0x06: { // Next Turn, Status1: lastX, lastY, sizeX, sizeY, cells
                if (available < 5) {
                    return NEED_MORE;
                }
                int x = in.getUnsignedByte(from + 3);
                int y = in.getUnsignedByte(from + 4);
                if (x > ReversiCodec.MAX_BOARD_SIDE || y > ReversiCodec.MAX_BOARD_SIDE) {
                    return BAD;
                }
                return fits(5 + Cells.packedLength(x * y), available);
            }
            case 0x07: { // Status2: points, timer(2), Lb, name, points, timer(2), Lw, name
                if (available < 5) {
                    return NEED_MORE;
                }
                int lb = in.getUnsignedByte(from + 4);
                if (available < 9 + lb) {
                    return NEED_MORE;
                }
                int lw = in.getUnsignedByte(from + 8 + lb);
                return fits(9 + lb + lw, available);
            }
            case 0x08: // Control
                return fits(5, available);
            case 0x09: // End
                return fits(5, available);
            case 0x0A: // Ping
                return 1;
            default:
                return BAD;
        }
    }

    private static int fits(int length, int available) {
        return available >= length ? length : NEED_MORE;
    }
}
