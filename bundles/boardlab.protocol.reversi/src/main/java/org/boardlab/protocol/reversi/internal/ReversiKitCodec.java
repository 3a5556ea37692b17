package org.boardlab.protocol.reversi.internal;

import io.netty.buffer.Unpooled;
import java.util.Optional;
import org.boardlab.conform.Frame;
import org.boardlab.conform.FrameCodec;
import org.boardlab.protocol.reversi.Direction;
import org.boardlab.protocol.reversi.ProtocolViolation;
import org.boardlab.protocol.reversi.ReversiDecoder;
import org.boardlab.protocol.reversi.ReversiFramer;
import org.boardlab.protocol.reversi.ReversiMessage;

/**
 * Seed 004's frames for the conformance kit (README §1): one type byte, then the fields its length
 * rule gives. The length rules do not depend on the direction, so the stream is cut the same way
 * both ways; whether a type may travel that way is said when the frame is decoded (by boardlab's
 * own decoder). A type byte outside 0x01..0x0A, or a board over 16 a side, cannot be cut: the
 * stream ends there (README §1, §6).
 */
final class ReversiKitCodec implements FrameCodec {

    @Override
    public int frameLength(byte[] buffer, int length) throws FramingException {
        if (length == 0) {
            return 0;
        }
        int type = buffer[0] & 0xFF;
        if (type < 0x01 || type > 0x0A) {
            throw new FramingException(String.format("0x%02X is not a message type (0x01..0x0A, README §1); a reader cannot find the next message", type));
        }
        Direction d = Direction.TO_GM.accepts(type) ? Direction.TO_GM : Direction.FROM_GM;
        int n = ReversiFramer.frameLength(Unpooled.wrappedBuffer(buffer, 0, length), 0, d);
        if (n == ReversiFramer.BAD) {
            throw new FramingException(ReversiDecoder.typeName(type) + " with a board of " + (buffer[3] & 0xFF) + "x" + (buffer[4] & 0xFF)
                    + " cells: at most 16 a side (README §8)");
        }
        return n == ReversiFramer.NEED_MORE ? 0 : n;
    }

    @Override
    public String decode(byte[] frame, boolean fromServer) {
        Object m = ReversiDecoder.decode(frame, fromServer ? Direction.FROM_GM : Direction.TO_GM);
        if (m instanceof ProtocolViolation v) {
            return ReversiDecoder.typeName(frame.length == 0 ? 0 : frame[0] & 0xFF) + " [not valid: " + v.reason() + "]";
        }
        return ReversiProtocol.describe((ReversiMessage) m).summary();
    }

    /** The frame's message, or empty when it is an event or boardlab's decoder refuses it. */
    static Optional<ReversiMessage> message(Frame f, boolean fromServer) {
        if (f == null || f.direction() == Frame.Direction.EVENT || f.raw().length == 0) {
            return Optional.empty();
        }
        Object m = ReversiDecoder.decode(f.raw(), fromServer ? Direction.FROM_GM : Direction.TO_GM);
        return m instanceof ReversiMessage r ? Optional.of(r) : Optional.empty();
    }
}
