package org.boardlab.client;

import io.netty.channel.Channel;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelPipeline;
import io.netty.channel.EventLoopGroup;
import io.netty.handler.codec.LineBasedFrameDecoder;
import io.netty.handler.codec.TooLongFrameException;
import io.netty.handler.codec.string.StringDecoder;
import io.netty.handler.codec.string.StringEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;

/**
 * The smallest protocol client on {@link NettyClient}, for its tests and {@link ClientSeat}'s: one
 * line of ASCII a message. {@code ERR reason} from the server reports a protocol error, a line of
 * more than 64 bytes breaks the protocol, {@code PING} is answered {@code PONG}, and the
 * keep-alive sends {@code KEEPALIVE} until {@link #failAfter} of them went unanswered (or, with
 * {@link #asks}, {@code ASK}, which the server answers {@code ANSWER}).
 */
final class LineClient extends NettyClient<LineClient, String, LineClient.TooLong> {

    /** The test protocol's violation: never passed on (a long line closes the connection). */
    record TooLong(String reason) {
    }

    /** What the test protocol's client tells. */
    interface Listener extends ClientListener<String, TooLong> {
    }

    /** Every line this client wrote, as the {@link #written} hook saw it, in order. */
    final List<String> written = new CopyOnWriteArrayList<>();
    /** Keep-alives sent so far; on the event loop. */
    private int keepAlives;
    /** Fail the connection at this keep-alive (0: never). */
    volatile int failAfter;
    /** Say {@code BYE} before closing. */
    volatile boolean sayGoodbye;
    /** The keep-alive is {@code ASK}, which the server answers {@code ANSWER} ({@link NettyClient#ping}). */
    volatile boolean asks;

    LineClient(EventLoopGroup group, Duration keepAlive, Consumer<ChannelPipeline> pipeline, Listener listener) {
        this(ClientOptions.keepAliveEvery(keepAlive).withGroup(group).withPipeline(pipeline), listener);
    }

    LineClient(ClientOptions options, Listener listener) {
        super("line", String.class, TooLong.class, options, listener);
    }

    /** The constructor's shape that {@link SeatRemotePlay.Clients} takes ({@code LineClient::new}). */
    LineClient(ClientListener<String, TooLong> listener, ClientOptions options) {
        super("line", String.class, TooLong.class, options, listener);
    }

    CompletableFuture<Void> send(String line) {
        return write(line + "\n");
    }

    Link state() {
        return link();
    }

    @Override
    protected void codec(ChannelPipeline pipeline) {
        pipeline.addLast("framer", new LineBasedFrameDecoder(64, true, true))
                .addLast("decoder", new StringDecoder(StandardCharsets.US_ASCII))
                .addLast("encoder", new StringEncoder(StandardCharsets.US_ASCII));
    }

    @Override
    protected void received(String line) {
        if (line.startsWith("ERR ")) {
            reportProtocolError(line.substring(4));
        } else if (line.equals("PING")) {
            send("PONG");
        } else if (line.equals("ANSWER")) {
            pingAnswered();
        }
    }

    /** Says {@code AGAIN} on a new connection after a lost one. */
    @Override
    protected void reconnected() {
        send("AGAIN");
    }

    @Override
    protected void written(Object message) {
        if (message instanceof String s) {
            written.add(s.strip());
        }
    }

    @Override
    protected void keepAlive(ChannelHandlerContext ctx) {
        if (asks) {
            ping(ctx, "ASK\n", "ANSWER");
            return;
        }
        keepAlives++;
        if (failAfter > 0 && keepAlives >= failAfter) {
            fail("no answer to " + (keepAlives - 1) + " keep-alives");
            return;
        }
        ctx.writeAndFlush("KEEPALIVE\n");
    }

    @Override
    protected String protocolErrorOf(Throwable cause) {
        return cause instanceof TooLongFrameException ? "a line longer than 64 bytes" : null;
    }

    @Override
    protected void closeOpen(Channel channel) {
        if (sayGoodbye) {
            channel.writeAndFlush("BYE\n").addListener(ChannelFutureListener.CLOSE);
        } else {
            super.closeOpen(channel);
        }
    }
}
