package org.boardlab.bench.load;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import java.nio.charset.StandardCharsets;

/**
 * Sits between the line framer and the message decoder of one client's pipeline (added with
 * {@code ClientOptions.withPipeline}) and drops, unparsed, the lobby lines this client
 * does not need: {@code SADDP} and {@code SDELP} of anybody, and {@code SUPS} of anybody but the
 * partner. The server sends every status change to every player, so with 2,000 clients these lines
 * outnumber the game's own lines by far; parsing them all, and keeping them in each client's
 * lobby, would make the clients, not the server, the bottleneck. They are counted.
 *
 * <pre>
 * framer --&gt; "SUPS~lg17~READY"  --&gt; (partner lg17: passed on)  --&gt; decoder
 *        --&gt; "SUPS~lg42~BUSY"   --&gt; (dropped, counted)
 *        --&gt; "SMOV~3~2~..."     --&gt; (passed on)                 --&gt; decoder
 * </pre>
 *
 * One per connection (it knows the partner); runs on the connection's event loop.
 */
final class LobbyLineFilter extends ChannelInboundHandlerAdapter {

    private static final byte[] SADDP = "SADDP~".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] SDELP = "SDELP~".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] SUPS = "SUPS~".getBytes(StandardCharsets.US_ASCII);

    private final byte[] partner;
    /** Lines dropped; read by the main thread only after the run. */
    private volatile long dropped;

    LobbyLineFilter(String partner) {
        this.partner = partner.getBytes(StandardCharsets.US_ASCII);
    }

    long dropped() {
        return dropped;
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (msg instanceof ByteBuf line && drop(line)) {
            line.release();
            dropped++;
            return;
        }
        ctx.fireChannelRead(msg);
    }

    private boolean drop(ByteBuf line) {
        if (startsWith(line, SADDP, 0) || startsWith(line, SDELP, 0)) {
            return true;
        }
        if (!startsWith(line, SUPS, 0)) {
            return false;
        }
        int end = SUPS.length + partner.length;
        boolean isPartner = line.readableBytes() > end && startsWith(line, partner, SUPS.length)
                && line.getByte(line.readerIndex() + end) == '~';
        return !isPartner;
    }

    private static boolean startsWith(ByteBuf line, byte[] prefix, int offset) {
        if (line.readableBytes() < offset + prefix.length) {
            return false;
        }
        int base = line.readerIndex() + offset;
        for (int i = 0; i < prefix.length; i++) {
            if (line.getByte(base + i) != prefix[i]) {
                return false;
            }
        }
        return true;
    }
}
