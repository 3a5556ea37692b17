package org.boardlab.protocol.onitama;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandler.Sharable;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.MessageToMessageDecoder;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * Turns a frame cut by {@link ClientFramer} into a {@link ClientText}: the terminator, if the
 * client sent one (NUL, LF or CR LF), is dropped, and the rest must be printable ASCII; a frame
 * with any other byte becomes a {@link ProtocolViolation} naming it. What the text means is the
 * session's to decide, by its state. Stateless and {@link Sharable}; never throws for bad input.
 *
 * <pre>
 *  frame bytes           ClientDecoder
 *  31                    ClientText["1"]
 *  34 20 32 ... 34 00    ClientText["4 2 3 2 4"]
 *  0D 0A                 ClientText[""]          (an empty message: answered as the state says)
 *  FF FE                 ProtocolViolation["byte 1 is 0xFF, not printable ASCII"]
 * </pre>
 */
@Sharable
public final class ClientDecoder extends MessageToMessageDecoder<ByteBuf> {

    /** The one instance. */
    public static final ClientDecoder INSTANCE = new ClientDecoder();

    private ClientDecoder() {
        super(ByteBuf.class);
    }

    @Override
    protected void decode(ChannelHandlerContext ctx, ByteBuf frame, List<Object> out) {
        byte[] bytes = new byte[frame.readableBytes()];
        frame.readBytes(bytes);
        out.add(decode(bytes));
    }

    /** Decodes one frame's bytes: a {@link ClientText} or a {@link ProtocolViolation}. */
    public static Object decode(byte[] bytes) {
        int end = bytes.length;
        if (end > 0 && (bytes[end - 1] == 0 || bytes[end - 1] == '\n')) {
            end--;
            if (bytes[end] == '\n' && end > 0 && bytes[end - 1] == '\r') {
                end--;
            }
        }
        String text = new String(bytes, 0, end, StandardCharsets.ISO_8859_1);
        for (int i = 0; i < end; i++) {
            int b = bytes[i] & 0xFF;
            if (b < 0x20 || b > 0x7E) {
                return new ProtocolViolation(String.format("byte %d is 0x%02X, not printable ASCII", i + 1, b),
                        WireText.printable(text, 60));
            }
        }
        return new ClientText(text);
    }
}
