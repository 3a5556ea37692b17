package org.boardlab.protocol.othello;

import io.netty.channel.ChannelPipeline;
import io.netty.handler.codec.LineBasedFrameDecoder;

/**
 * Puts the Othello codec into a channel pipeline, stage by named stage, and holds the protocol's
 * limits. A server's pipeline after {@link #addServerSide(ChannelPipeline)}:
 *
 * <pre>
 *  inbound bytes                                                   outbound messages
 *      |                                                                  ^
 *  [othello-framer]   LineBasedFrameDecoder(1024, strip, failFast)        |
 *      |  one ByteBuf per line, without LF or CR LF                       |
 *  [othello-decoder]  OthelloDecoder.CLIENT_LINES                          |
 *      |  ClientMessage or ProtocolViolation                              |
 *  [othello-encoder]  OthelloEncoder: ServerMessage -&gt; "SPONG\n" bytes --+
 *      v
 *  the server's own handlers, added after these three
 * </pre>
 *
 * <p>The framer keeps the bytes of an unfinished line, so it is made new for every connection;
 * the decoder and the encoder are stateless and shared.
 *
 * <h2>Pitfalls</h2>
 * <ul>
 * <li>Line ends: LF ends a line; a CR right before the LF is dropped with it, so {@code CPING\r\n}
 * is {@code CPING}. A CR anywhere else is a byte of the line (and makes it malformed).</li>
 * <li>The limit counts the bytes before the line end: a line of 1024 bytes is fine, 1025 is a
 * violation. The framer gives up as soon as more than 1024 bytes without LF are buffered, so a
 * 1024-byte line whose CR has arrived but whose LF has not is also refused; no message of this
 * protocol comes near that (a board message has under 100 bytes; text
 * fields hold at most 200 characters, so no line can be longer than 212 bytes).</li>
 * <li>A last line without LF when the connection closes is dropped, not decoded.</li>
 * </ul>
 */
public final class OthelloCodec {

    /** The most bytes a line may have, line end not counted. */
    public static final int MAX_LINE_LENGTH = 1024;

    /** The TCP port an Othello server listens on unless told otherwise. */
    public static final int DEFAULT_PORT = 10000;

    /** Name of the line framer stage. */
    public static final String FRAMER = "othello-framer";

    /** Name of the line decoder stage. */
    public static final String DECODER = "othello-decoder";

    /** Name of the encoder stage. */
    public static final String ENCODER = "othello-encoder";

    private OthelloCodec() {
    }

    /** A new line framer for one connection: at most {@link #MAX_LINE_LENGTH} bytes, line end stripped, failing fast. */
    public static LineBasedFrameDecoder newFramer() {
        return new LineBasedFrameDecoder(MAX_LINE_LENGTH, true, true);
    }

    /** Adds framer, decoder of client lines and encoder at the end of a server connection's pipeline. */
    public static ChannelPipeline addServerSide(ChannelPipeline pipeline) {
        return pipeline.addLast(FRAMER, newFramer())
                .addLast(DECODER, OthelloDecoder.CLIENT_LINES)
                .addLast(ENCODER, OthelloEncoder.INSTANCE);
    }

    /** Adds framer, decoder of server lines and encoder at the end of a client connection's pipeline. */
    public static ChannelPipeline addClientSide(ChannelPipeline pipeline) {
        return pipeline.addLast(FRAMER, newFramer())
                .addLast(DECODER, OthelloDecoder.SERVER_LINES)
                .addLast(ENCODER, OthelloEncoder.INSTANCE);
    }
}
