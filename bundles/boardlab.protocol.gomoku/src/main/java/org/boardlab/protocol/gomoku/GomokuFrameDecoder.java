package org.boardlab.protocol.gomoku;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.LengthFieldBasedFrameDecoder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import org.boardlab.protocol.gomoku.ProtocolViolation.Kind;

/**
 * Cuts the byte stream of one connection into whole Gomoku frames. One instance per connection
 * (it remembers a half-read frame); put {@link GomokuMessageDecoder} after it.
 *
 * <h2>Before and after</h2>
 * TCP delivers bytes in pieces of any size: a frame may come in several reads, and one read may
 * hold several frames. This decoder waits until a frame is complete and passes each frame on
 * whole, header included, as its own {@link ByteBuf}:
 * <pre>
 * reads from the socket (3 pieces):
 * +-------------------+------------------------------------+-----------------------+
 * | 47 4D 4B 55 00 00 | 00 10 {"type":"hello"} 47 4D 4B 55 | 00 00 00 00           |
 * +-------------------+------------------------------------+-----------------------+
 *
 * frames passed on (2):
 * +-------------+-------------+------------------+    +-------------+-------------+
 * | G  M  K  U  | 00 00 00 10 | {"type":"hello"} |    | G  M  K  U  | 00 00 00 00 |
 * | magic       | length = 16 | 16 bytes of JSON |    | magic       | length = 0  |
 * +-------------+-------------+------------------+    +-------------+-------------+
 *  offset 0      4             8                       a heartbeat: header only
 * </pre>
 * The header stays on so that a read-only tap between the two decoders (the inspector) sees the
 * frame exactly as it crossed the wire.
 *
 * <h2>Checks, in this order, failing fast</h2>
 * <ol>
 *   <li>The magic is checked byte by byte as bytes arrive: the first byte that differs from
 *       {@code GMKU} is a {@link Kind#BAD_MAGIC BAD_MAGIC} violation, even before the other bytes
 *       of the header come. (Text that starts like an HTTP request, {@code GET }, {@code POST},
 *       {@code HEAD} or {@code PUT }, is waited for up to 4 bytes so the reason can say so.)</li>
 *   <li>The length is checked as soon as its 4 bytes are in: more than
 *       {@link GomokuWire#MAX_PAYLOAD} (10,240) is a {@link Kind#FRAME_TOO_LONG FRAME_TOO_LONG}
 *       violation. Nothing is allocated for the announced frame, and the bytes that follow are
 *       not waited for.</li>
 *   <li>When the connection ends in the middle of a frame, that is a
 *       {@link Kind#TRUNCATED_FRAME TRUNCATED_FRAME} violation.</li>
 * </ol>
 * Each of these is fatal: the decoder throws a {@link GomokuProtocolException}, which travels down
 * the pipeline to {@code exceptionCaught} with the violation's reason, then it closes the
 * connection and ignores every further byte. Frames completed before the fault are still passed
 * on, in order.
 *
 * <h2>Pitfalls</h2>
 * <ul>
 *   <li><b>Do not share an instance</b> between connections: it holds the bytes of a half-read
 *       frame. Create one per channel in the initializer.</li>
 *   <li><b>The length is unsigned.</b> {@code FF FF FF FF} is 4,294,967,295, not -1; read it as a
 *       signed int and a hostile peer slips a "negative" length past a {@code > max} check.</li>
 *   <li><b>Check the limit before waiting for the body.</b> A decoder that waits for
 *       {@code length} bytes before checking lets a peer announce 4 GB and keep the buffer
 *       growing; here the check happens as soon as the 8 header bytes are in.</li>
 *   <li><b>Length 0 is not an error</b>: it is the heartbeat. It has no JSON; do not hand an
 *       empty text to a JSON parser.</li>
 *   <li><b>The frame passed on is a slice of the read buffer</b> and is released by the next
 *       decoder; a handler that keeps it longer must {@code retain()} it.</li>
 * </ul>
 */
public final class GomokuFrameDecoder extends LengthFieldBasedFrameDecoder {

    private static final String[] HTTP_METHODS = {"GET ", "POST", "HEAD", "PUT "};

    private boolean failed;

    /** A decoder for one connection. */
    public GomokuFrameDecoder() {
        // length field at offset 4, 4 bytes; keep the header (strip 0); the limit is checked by
        // checkHeader before LengthFieldBasedFrameDecoder sees a frame, so its own check never fires
        super(GomokuWire.HEADER_LENGTH + GomokuWire.MAX_PAYLOAD, 4, 4, 0, 0, true);
    }

    @Override
    protected Object decode(ChannelHandlerContext ctx, ByteBuf in) throws Exception {
        if (failed) {
            in.skipBytes(in.readableBytes());
            return null;
        }
        Optional<ProtocolViolation> violation = checkHeader(in, false);
        if (violation.isPresent()) {
            throw fail(in, violation.get());
        }
        return super.decode(ctx, in);
    }

    @Override
    protected void decodeLast(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) throws Exception {
        super.decodeLast(ctx, in, out);
        if (!failed && in.isReadable()) {
            throw fail(in, truncated(in));
        }
    }

    /** Passes a fatal violation on to the next handlers, then closes the connection. */
    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) throws Exception {
        if (cause instanceof GomokuProtocolException) {
            ctx.fireExceptionCaught(cause);
            ctx.close();
        } else {
            super.exceptionCaught(ctx, cause);
        }
    }

    private GomokuProtocolException fail(ByteBuf in, ProtocolViolation violation) {
        failed = true;
        in.skipBytes(in.readableBytes());
        return new GomokuProtocolException(violation);
    }

    /**
     * Checks the start of a frame at {@code in.readerIndex()} without consuming anything: the
     * magic (as far as it has arrived) and, once the 8 header bytes are in, the length limit.
     * Used by this decoder and by the inspector's describer so that both give the same reasons.
     *
     * @param in       the bytes, from the start of a frame
     * @param complete {@code true} when no more bytes will come (the describer), so a short header
     *                 that looks like HTTP is reported as bad magic instead of waited for
     * @return the violation, or empty if the bytes so far may start a good frame
     */
    public static Optional<ProtocolViolation> checkHeader(ByteBuf in, boolean complete) {
        int start = in.readerIndex();
        int seen = Math.min(4, in.readableBytes());
        for (int i = 0; i < seen; i++) {
            if (in.getByte(start + i) != GomokuWire.MAGIC[i]) {
                if (!complete && seen < 4 && httpPrefix(in, start, seen)) {
                    return Optional.empty(); // wait for 4 bytes to name the HTTP method
                }
                return Optional.of(badMagic(in, start, seen));
            }
        }
        if (in.readableBytes() >= GomokuWire.HEADER_LENGTH) {
            long length = in.getUnsignedInt(start + 4);
            if (length > GomokuWire.MAX_PAYLOAD) {
                return Optional.of(ProtocolViolation.ofHeader(Kind.FRAME_TOO_LONG, "the frame announces "
                        + length + " bytes of JSON, over the limit of " + GomokuWire.MAX_PAYLOAD));
            }
        }
        return Optional.empty();
    }

    private static boolean httpPrefix(ByteBuf in, int start, int seen) {
        String got = in.toString(start, seen, StandardCharsets.ISO_8859_1);
        for (String method : HTTP_METHODS) {
            if (method.startsWith(got)) {
                return true;
            }
        }
        return false;
    }

    private static ProtocolViolation badMagic(ByteBuf in, int start, int seen) {
        String got = in.toString(start, seen, StandardCharsets.ISO_8859_1);
        for (String method : HTTP_METHODS) {
            if (method.equals(got)) {
                return ProtocolViolation.ofHeader(Kind.BAD_MAGIC, "this looks like an HTTP request (\""
                        + method.trim() + "\"); this port speaks Gomoku frames that start with \"GMKU\", not HTTP");
            }
        }
        StringBuilder hex = new StringBuilder();
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < seen; i++) {
            int b = in.getUnsignedByte(start + i);
            hex.append(i == 0 ? "" : " ").append(String.format("%02X", b));
            text.append(b >= 0x20 && b < 0x7f ? (char) b : '.');
        }
        return ProtocolViolation.ofHeader(Kind.BAD_MAGIC, "a frame must start with \"GMKU\" (47 4D 4B 55), but it"
                + " starts with " + hex + " (\"" + text + "\")");
    }

    private static ProtocolViolation truncated(ByteBuf in) {
        int have = in.readableBytes();
        String announced = have >= GomokuWire.HEADER_LENGTH
                ? " that announced " + in.getUnsignedInt(in.readerIndex() + 4) + " bytes of JSON"
                : "";
        return ProtocolViolation.ofHeader(Kind.TRUNCATED_FRAME, "the connection ended " + have
                + " bytes into a frame" + announced);
    }
}
