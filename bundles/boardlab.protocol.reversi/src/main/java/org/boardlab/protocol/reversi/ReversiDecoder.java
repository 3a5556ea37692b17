package org.boardlab.protocol.reversi;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandler.Sharable;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.MessageToMessageDecoder;
import java.util.Arrays;
import java.util.List;
import org.boardlab.protocol.reversi.ReversiMessage.Board;

/**
 * Turns one frame, as cut by a {@link ReversiFramer} in front of it, into a {@link ReversiMessage}
 * or a {@link ProtocolViolation}. It never throws for bad input, and it is stateless and
 * {@link Sharable}: {@link #TO_GM} serves every Game Master connection, {@link #FROM_GM} every
 * player's and Game Controller's.
 *
 * <pre>
 * frame bytes                          decoded
 * 04 03 02                        --&gt;  NewMove[x=3, y=2]                  (D3)
 * 01 03 61 6E 6E                  --&gt;  Connect[ann]
 * 05 FF FF 02 02 96               --&gt;  NextTurn[last -, 2x2, W B / B W]
 * 05 FF FF 02 02 FF               --&gt;  ProtocolViolation[cell A1 is coded 11 (not used)]
 * 42 ...                          --&gt;  ProtocolViolation[fatal: unknown message type 0x42]
 * 01 05 61 6E   (then the close)  --&gt;  ProtocolViolation[fatal: truncated Connect: 4 of 7 bytes]
 * </pre>
 *
 * <h2>Pitfalls</h2>
 * <ul>
 * <li>Fields the Game Master judges (a New Move off the board, a Control with size 5 or mode 7) are
 * decoded as they are: the Game Master answers NOK or forfeits; they are not violations here.</li>
 * <li>Names are UTF-8 but any bytes are accepted (the message keeps the bytes).</li>
 * </ul>
 */
@Sharable
public final class ReversiDecoder extends MessageToMessageDecoder<ByteBuf> {

    /** Decodes what players and Game Controllers send: the Game Master's decoder. */
    public static final ReversiDecoder TO_GM = new ReversiDecoder(Direction.TO_GM);

    /** Decodes what a Game Master sends: a player's or a Game Controller's decoder. */
    public static final ReversiDecoder FROM_GM = new ReversiDecoder(Direction.FROM_GM);

    private final Direction direction;

    private ReversiDecoder(Direction direction) {
        super(ByteBuf.class);
        this.direction = direction;
    }

    @Override
    protected void decode(ChannelHandlerContext ctx, ByteBuf frame, List<Object> out) {
        out.add(decode(ByteBufUtil.getBytes(frame), direction));
    }

    /** The message's name for a type byte, e.g. {@code NextTurn}, or {@code 0x42} for an unknown one. */
    public static String typeName(int type) {
        return switch (type) {
            case 0x01 -> "Connect";
            case 0x02 -> "PlayerOk";
            case 0x03 -> "OK/NOK";
            case 0x04 -> "NewMove";
            case 0x05 -> "NextTurn";
            case 0x06 -> "Status1";
            case 0x07 -> "Status2";
            case 0x08 -> "Control";
            case 0x09 -> "End";
            case 0x0A -> "Ping";
            default -> String.format("0x%02X", type & 0xFF);
        };
    }

    /**
     * Decodes one whole frame: a {@link ReversiMessage} or a {@link ProtocolViolation}; never
     * {@code null}, never throws.
     */
    public static Object decode(byte[] frame, Direction direction) {
        if (frame.length == 0) {
            return new ProtocolViolation("empty frame", true);
        }
        int type = frame[0] & 0xFF;
        if (!direction.accepts(type)) {
            String known = typeName(type);
            return new ProtocolViolation(known.startsWith("0x")
                    ? "unknown message type " + known
                    : known + " (type " + String.format("0x%02X", type) + ") is sent "
                            + (direction == Direction.TO_GM ? "by the Game Master, not to it" : "to the Game Master, not by it"),
                    true);
        }
        ByteBuf buf = Unpooled.wrappedBuffer(frame);
        int length = ReversiFramer.frameLength(buf, 0, direction);
        if (length == ReversiFramer.BAD) {
            return new ProtocolViolation(typeName(type) + " with a board of " + (frame[3] & 0xFF) + "x" + (frame[4] & 0xFF)
                    + " cells; at most " + ReversiCodec.MAX_BOARD_SIDE + " a side", true);
        }
        if (length == ReversiFramer.NEED_MORE) {
            return new ProtocolViolation("truncated " + typeName(type) + ": " + frame.length + " bytes, "
                    + "the message is not complete", true);
        }
        if (length != frame.length) {
            return new ProtocolViolation(typeName(type) + " takes " + length + " bytes, the frame has " + frame.length, true);
        }
        return switch (type) {
            case 0x01 -> new ReversiMessage.Connect(Arrays.copyOfRange(frame, 2, frame.length));
            case 0x02 -> {
                int colour = frame[1] & 0xFF;
                yield colour == ReversiMessage.BLACK || colour == ReversiMessage.WHITE ? new ReversiMessage.PlayerOk(colour)
                        : new ProtocolViolation(String.format("PlayerOk colour 0x%02X: 0x01 is black, 0x02 white", colour), false);
            }
            case 0x03 -> {
                int v = frame[1] & 0xFF;
                yield v <= 1 ? (v == 1 ? ReversiMessage.Ok.OK : ReversiMessage.Ok.NOK)
                        : new ProtocolViolation(String.format("OK/NOK value 0x%02X: 0x01 is OK, 0x00 NOK", v), false);
            }
            case 0x04 -> new ReversiMessage.NewMove(frame[1] & 0xFF, frame[2] & 0xFF);
            case 0x05, 0x06 -> board(frame, type);
            case 0x07 -> status2(frame);
            case 0x08 -> new ReversiMessage.Control(frame[1] & 0xFF, frame[2] & 0xFF, frame[3] & 0xFF, frame[4] & 0xFF);
            case 0x09 -> new ReversiMessage.End(((frame[1] & 0xFF) << 8) | (frame[2] & 0xFF),
                    ((frame[3] & 0xFF) << 8) | (frame[4] & 0xFF));
            case 0x0A -> ReversiMessage.Ping.INSTANCE;
            default -> new ProtocolViolation("unknown message type " + typeName(type), true);
        };
    }

    private static Object board(byte[] frame, int type) {
        int lastX = frame[1] & 0xFF;
        int lastY = frame[2] & 0xFF;
        int sizeX = frame[3] & 0xFF;
        int sizeY = frame[4] & 0xFF;
        if (sizeX == 0 || sizeY == 0) {
            return new ProtocolViolation(typeName(type) + " with a board of " + sizeX + "x" + sizeY + " cells", false);
        }
        byte[] packed = Arrays.copyOfRange(frame, 5, frame.length);
        int unused = Cells.firstUnused(packed, sizeX * sizeY);
        if (unused >= 0) {
            return new ProtocolViolation("cell " + Cells.square(unused % sizeX, unused / sizeX)
                    + " is coded 11 (not used); 00 is empty, 01 black, 10 white", false);
        }
        boolean none = lastX == ReversiMessage.NO_MOVE && lastY == ReversiMessage.NO_MOVE;
        if (!none && (lastX >= sizeX || lastY >= sizeY)) {
            return new ProtocolViolation("LastMove (" + lastX + "," + lastY + ") is off the " + sizeX + "x" + sizeY
                    + " board (0xFF 0xFF: no move yet)", false);
        }
        Board board = new Board(lastX, lastY, sizeX, sizeY, packed);
        return type == 0x05 ? new ReversiMessage.NextTurn(board) : new ReversiMessage.Status1(board);
    }

    private static Object status2(byte[] frame) {
        int lb = frame[4] & 0xFF;
        ReversiMessage.PlayerStatus black = new ReversiMessage.PlayerStatus(frame[1] & 0xFF,
                ((frame[2] & 0xFF) << 8) | (frame[3] & 0xFF), Arrays.copyOfRange(frame, 5, 5 + lb));
        int w = 5 + lb;
        int lw = frame[w + 3] & 0xFF;
        ReversiMessage.PlayerStatus white = new ReversiMessage.PlayerStatus(frame[w] & 0xFF,
                ((frame[w + 1] & 0xFF) << 8) | (frame[w + 2] & 0xFF), Arrays.copyOfRange(frame, w + 4, w + 4 + lw));
        return new ReversiMessage.Status2(black, white);
    }
}
