package org.boardlab.protocol.reversi;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandler.Sharable;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.MessageToByteEncoder;
import org.boardlab.protocol.reversi.ReversiMessage.Board;
import org.boardlab.protocol.reversi.ReversiMessage.PlayerStatus;

/** Writes a {@link ReversiMessage} as its bytes. Stateless and {@link Sharable}. */
@Sharable
public final class ReversiEncoder extends MessageToByteEncoder<ReversiMessage> {

    public static final ReversiEncoder INSTANCE = new ReversiEncoder();

    private ReversiEncoder() {
        super(ReversiMessage.class);
    }

    @Override
    protected void encode(ChannelHandlerContext ctx, ReversiMessage message, ByteBuf out) {
        write(message, out);
    }

    /** The message's bytes. */
    public static byte[] encode(ReversiMessage message) {
        ByteBuf buf = io.netty.buffer.Unpooled.buffer(16);
        write(message, buf);
        byte[] bytes = new byte[buf.readableBytes()];
        buf.readBytes(bytes);
        return bytes;
    }

    /** Appends the message's bytes to {@code out}. */
    public static void write(ReversiMessage message, ByteBuf out) {
        out.writeByte(message.type());
        if (message instanceof ReversiMessage.Connect c) {
            byte[] name = c.name();
            out.writeByte(name.length).writeBytes(name);
        } else if (message instanceof ReversiMessage.PlayerOk p) {
            out.writeByte(p.colour());
        } else if (message instanceof ReversiMessage.Ok ok) {
            out.writeByte(ok.ok() ? 1 : 0);
        } else if (message instanceof ReversiMessage.NewMove m) {
            out.writeByte(m.x()).writeByte(m.y());
        } else if (message instanceof ReversiMessage.NextTurn n) {
            board(n.board(), out);
        } else if (message instanceof ReversiMessage.Status1 s) {
            board(s.board(), out);
        } else if (message instanceof ReversiMessage.Status2 s) {
            player(s.black(), out);
            player(s.white(), out);
        } else if (message instanceof ReversiMessage.Control c) {
            out.writeByte(c.sizeX()).writeByte(c.sizeY()).writeByte(c.mode()).writeByte(c.restart());
        } else if (message instanceof ReversiMessage.End e) {
            out.writeShort(Math.min(0xFFFF, e.blackScore())).writeShort(Math.min(0xFFFF, e.whiteScore()));
        }
        // Ping: the type byte only
    }

    private static void board(Board b, ByteBuf out) {
        out.writeByte(b.lastX()).writeByte(b.lastY()).writeByte(b.sizeX()).writeByte(b.sizeY()).writeBytes(b.packed());
    }

    private static void player(PlayerStatus p, ByteBuf out) {
        byte[] name = p.name();
        out.writeByte(p.points()).writeShort(p.timerMillis()).writeByte(name.length).writeBytes(name);
    }
}
