package org.boardlab.protocol.othello;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandler.Sharable;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.LineBasedFrameDecoder;
import io.netty.handler.codec.MessageToMessageDecoder;
import io.netty.handler.codec.TooLongFrameException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * Turns one line, as cut by a {@link LineBasedFrameDecoder} in front of it, into a message. It
 * passes on exactly one of three things per line:
 * <ul>
 * <li>a {@link ClientMessage} ({@link #CLIENT_LINES}, used by servers) or a {@link ServerMessage}
 * ({@link #SERVER_LINES}, used by clients), for a well-formed line;</li>
 * <li>a {@link ProtocolViolation}, for a line with the right prefix that is not a well-formed
 * message, and for a line the framer found too long;</li>
 * <li>nothing, for a line that does not start with the expected prefix: the seed says such lines
 * are ignored. This includes the empty line, and a server's {@code S...} line sent to a server.</li>
 * </ul>
 *
 * <pre>
 * bytes on the wire            LineBasedFrameDecoder     OthelloDecoder (CLIENT_LINES)
 * C M O V ~ 3 ~ 2 \r \n   --&gt;  "CMOV~3~2"           --&gt;  CMov[square=d3]
 * C P I N G \n            --&gt;  "CPING"              --&gt;  CPing[]
 * C M O V ~ 3 \n          --&gt;  "CMOV~3"             --&gt;  ProtocolViolation["CMOV takes 2 fields: &lt;x&gt;, &lt;y&gt; (got 1)"]
 * X Y Z \n                --&gt;  "XYZ"                --&gt;  (nothing: unknown prefix)
 * 2000 bytes, no \n       --&gt;  TooLongFrameException --&gt; ProtocolViolation["the line is longer than 1024 bytes"]
 * </pre>
 *
 * <p>It never throws for bad input. It is stateless and {@link Sharable}: one instance serves every
 * connection.
 *
 * <h2>Pitfalls</h2>
 * <ul>
 * <li>The framer reports a too-long line not by passing a frame but by firing a
 * {@link TooLongFrameException} through {@code exceptionCaught}. This decoder turns that into a
 * {@link ProtocolViolation}, so it must sit right after the framer: a handler in between that
 * swallows exceptions would hide too-long lines.</li>
 * <li>Bytes are read as ISO-8859-1 (one char per byte), so a violation can name the exact byte;
 * anything outside printable ASCII (0x20..0x7E) with a valid prefix is a violation, including a
 * tab, a lone CR in the middle of a line and UTF-8 letters in a name.</li>
 * <li>After a violation the decoder goes on with the next line. Closing the connection is the
 * server's decision (boardlab's server sends {@code SERR~<reason>} and closes).</li>
 * </ul>
 */
@Sharable
public final class OthelloDecoder extends MessageToMessageDecoder<ByteBuf> {

    /** Decodes lines sent by clients ({@code C...}) into {@link ClientMessage}s: the server's decoder. */
    public static final OthelloDecoder CLIENT_LINES = new OthelloDecoder(ClientMessage::parse);

    /** Decodes lines sent by the server ({@code S...}) into {@link ServerMessage}s: a client's decoder. */
    public static final OthelloDecoder SERVER_LINES = new OthelloDecoder(ServerMessage::parse);

    private final Function<String, ? extends Optional<? extends OthelloMessage>> parser;

    private OthelloDecoder(Function<String, ? extends Optional<? extends OthelloMessage>> parser) {
        super(ByteBuf.class);
        this.parser = parser;
    }

    @Override
    protected void decode(ChannelHandlerContext ctx, ByteBuf frame, List<Object> out) {
        Object decoded = decode(frame.toString(StandardCharsets.ISO_8859_1));
        if (decoded != null) {
            out.add(decoded);
        }
    }

    /**
     * Decodes one line without its line end, as {@link #decode(ChannelHandlerContext, ByteBuf, List)}
     * does: a message, a {@link ProtocolViolation}, or {@code null} for an ignored line.
     */
    Object decode(String line) {
        try {
            return parser.apply(line).orElse(null);
        } catch (MalformedMessageException e) {
            return new ProtocolViolation(e.reason(), Wire.printable(line, 100));
        }
    }

    /** Turns the framer's {@link TooLongFrameException} into a {@link ProtocolViolation}; passes on anything else. */
    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        if (cause instanceof TooLongFrameException) {
            ctx.fireChannelRead(new ProtocolViolation(
                    "the line is longer than " + OthelloCodec.MAX_LINE_LENGTH + " bytes", ""));
        } else {
            ctx.fireExceptionCaught(cause);
        }
    }
}
