package org.boardlab.server;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelPipeline;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.handler.codec.LineBasedFrameDecoder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.boardlab.api.DecodedMessage;
import org.boardlab.api.Protocol;

/**
 * A protocol for the server's tests, on a Netty port: lines of up to 100 bytes in, each answered at once by
 * {@link #answer}, through the connection's tap; the inspector shows a frame as its text. Its game is tic-tac-toe
 * and it has no default port.
 */
abstract class LineProtocol implements ServerProtocol, Protocol {

    /** The longest line a client may send, {@code \n} excluded. */
    static final int MAX_LINE = 100;

    private final String id;

    LineProtocol(String id) {
        this.id = id;
    }

    /** The answer to one line, given without its {@code \n} (released after this call: retain what is kept). */
    abstract ByteBuf answer(ByteBuf line);

    @Override
    public void initChannel(ChannelPipeline pipeline, Connection connection) {
        pipeline.addLast(new LineBasedFrameDecoder(MAX_LINE), connection.tap(), new SimpleChannelInboundHandler<ByteBuf>() {
            @Override
            protected void channelRead0(ChannelHandlerContext ctx, ByteBuf line) {
                ctx.writeAndFlush(answer(line));
            }
        });
    }

    @Override
    public Protocol protocol() {
        return this;
    }

    @Override
    public String id() {
        return id;
    }

    @Override
    public String name() {
        return id;
    }

    @Override
    public String gameId() {
        return "tictactoe";
    }

    @Override
    public int defaultPort() {
        return 0;
    }

    @Override
    public DecodedMessage describe(byte[] frame, boolean fromClient) {
        return new DecodedMessage("line", new String(frame, StandardCharsets.US_ASCII), List.of(), null);
    }
}
