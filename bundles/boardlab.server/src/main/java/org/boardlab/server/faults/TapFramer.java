package org.boardlab.server.faults;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.channel.ChannelHandler;
import io.netty.channel.embedded.EmbeddedChannel;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * Cuts one direction of a connection into whole frames for the inspector, with a protocol's own
 * framer ({@link org.boardlab.server.ServerProtocol#newTapFramer()}) run on a copy of the bytes: the
 * bytes passed on are never touched. Without a framer, or once the framer failed on bytes that are
 * not its protocol's, every piece comes out as it came.
 *
 * <p>Not thread-safe: one per direction of a connection, used on its event loop.
 */
public final class TapFramer {

    private EmbeddedChannel channel;

    /** @param framer makes the protocol's framer, or is {@code null} (or gives {@code null}) for none */
    public TapFramer(Supplier<ChannelHandler> framer) {
        ChannelHandler h = framer == null ? null : framer.get();
        channel = h == null ? null : new EmbeddedChannel(h);
    }

    /** The whole frames completed by {@code bytes} (not consumed; may be none). */
    public List<byte[]> frames(ByteBuf bytes) {
        List<byte[]> out = new ArrayList<>();
        if (channel == null) {
            out.add(ByteBufUtil.getBytes(bytes));
            return out;
        }
        try {
            channel.writeInbound(bytes.retainedDuplicate());
            Object frame;
            while ((frame = channel.readInbound()) != null) {
                if (frame instanceof ByteBuf b) {
                    out.add(ByteBufUtil.getBytes(b));
                    b.release();
                }
            }
        } catch (RuntimeException e) {
            // not the protocol's bytes (or a flipped bit in a header): show the rest as it comes
            channel.finishAndReleaseAll();
            channel = null;
            out.add(ByteBufUtil.getBytes(bytes));
        }
        return out;
    }

    /** Lets go of a half-read frame. */
    public void close() {
        if (channel != null) {
            channel.finishAndReleaseAll();
            channel = null;
        }
    }
}
