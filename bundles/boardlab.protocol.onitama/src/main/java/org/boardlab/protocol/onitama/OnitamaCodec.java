package org.boardlab.protocol.onitama;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandler.Sharable;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelPipeline;
import io.netty.handler.codec.DelimiterBasedFrameDecoder;
import io.netty.handler.codec.MessageToByteEncoder;
import io.netty.handler.codec.MessageToMessageDecoder;
import io.netty.handler.codec.TooLongFrameException;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * The Onitama codec's stages and limits. A server connection's pipeline (the tap comes from the
 * server):
 *
 * <pre>
 *  inbound bytes                                                          outbound messages
 *      |                                                                         ^
 *  [onitama-framer]   ClientFramer: cut by terminator, end of read or pause      |
 *      |  one ByteBuf per message, bytes as sent                                 |
 *  [tap]              the server's wire tap (raw bytes, both ways)  -------------+
 *      |                                                                         |
 *  [onitama-pacer]    Pacer: one write per message, 50 ms between unanswered ones|
 *      |                                                                         |
 *  [onitama-decoder]  ClientDecoder: ClientText or ProtocolViolation             |
 *  [onitama-encoder]  ServerEncoder: ServerMessage -&gt; text + NUL  --------------+
 *      v
 *  the session
 * </pre>
 *
 * A client's pipeline is simpler: the server's messages are cut at their NUL
 * ({@link #newServerFramer()}), read by {@link #SERVER_DECODER}, and the client's own messages are
 * written by {@link #CLIENT_ENCODER} with a NUL after each (the original server reads that too).
 */
public final class OnitamaCodec {

    /** The TCP port an Onitama server listens on unless told otherwise. */
    public static final int DEFAULT_PORT = 8989;

    /** The longest server message, NUL not counted (a setup has at most 16 bytes). */
    public static final int MAX_SERVER_MESSAGE = 64;

    public static final String FRAMER = "onitama-framer";
    public static final String PACER = "onitama-pacer";
    public static final String DECODER = "onitama-decoder";
    public static final String ENCODER = "onitama-encoder";

    /** Reads the server's messages (cut by {@link #newServerFramer()}): a {@link ServerMessage} or a {@link ProtocolViolation}. */
    public static final MessageToMessageDecoder<ByteBuf> SERVER_DECODER = new ServerDecoder();

    /** Writes a {@link ClientText} and one NUL. */
    public static final MessageToByteEncoder<ClientText> CLIENT_ENCODER = new ClientEncoder();

    private OnitamaCodec() {
    }

    /** A framer of the server's messages for one client connection: up to the NUL, which is dropped. */
    public static DelimiterBasedFrameDecoder newServerFramer() {
        return new DelimiterBasedFrameDecoder(MAX_SERVER_MESSAGE, true, true, Unpooled.wrappedBuffer(new byte[] {0}));
    }

    /** Adds framer, decoder and encoder of a client connection. */
    public static ChannelPipeline addClientSide(ChannelPipeline pipeline) {
        return pipeline.addLast(FRAMER, newServerFramer())
                .addLast(DECODER, SERVER_DECODER)
                .addLast(ENCODER, CLIENT_ENCODER);
    }

    @Sharable
    private static final class ServerDecoder extends MessageToMessageDecoder<ByteBuf> {
        ServerDecoder() {
            super(ByteBuf.class);
        }

        @Override
        protected void decode(ChannelHandlerContext ctx, ByteBuf frame, List<Object> out) {
            String text = frame.toString(StandardCharsets.ISO_8859_1);
            try {
                out.add(ServerMessage.parse(text));
            } catch (IllegalArgumentException e) {
                out.add(new ProtocolViolation(e.getMessage(), WireText.printable(text, 60)));
            }
        }

        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
            if (cause instanceof TooLongFrameException) {
                ctx.fireChannelRead(new ProtocolViolation("a server message is at most " + MAX_SERVER_MESSAGE
                        + " bytes before its NUL", ""));
            } else {
                ctx.fireExceptionCaught(cause);
            }
        }
    }

    @Sharable
    private static final class ClientEncoder extends MessageToByteEncoder<ClientText> {
        ClientEncoder() {
            super(ClientText.class);
        }

        @Override
        protected void encode(ChannelHandlerContext ctx, ClientText message, ByteBuf out) {
            ByteBufUtil.writeAscii(out, message.text());
            out.writeByte(0);
        }
    }
}
