package org.boardlab.protocol.othello.internal;

import io.netty.channel.ChannelPipeline;
import io.netty.handler.timeout.IdleStateHandler;
import java.util.concurrent.TimeUnit;
import javax.inject.Inject;
import javax.inject.Named;
import javax.inject.Singleton;
import org.boardlab.api.Protocol;
import org.boardlab.protocol.othello.OthelloCodec;
import org.boardlab.protocol.othello.OthelloDecoder;
import org.boardlab.protocol.othello.OthelloEncoder;
import org.boardlab.server.Connection;
import org.boardlab.server.ServerProtocol;

/**
 * Seed 000's Othello protocol on the embedded server: per connection, the line framer, the wire tap,
 * the line decoder and encoder, a 30 s silence limit (clients ping every 5 s), and a session.
 */
@Named("othello")
@Singleton
public final class OthelloServerProtocol implements ServerProtocol {

    /** A connection with no line for this long is taken for lost (section 4 of the spec). */
    static final long SILENCE_SECONDS = 30;

    private final OthelloProtocol protocol;
    private final long silenceMillis;

    @Inject
    public OthelloServerProtocol(OthelloProtocol protocol) {
        this(protocol, java.time.Duration.ofSeconds(SILENCE_SECONDS));
    }

    /** For tests: the protocol with another silence limit. */
    OthelloServerProtocol(OthelloProtocol protocol, java.time.Duration silence) {
        this.protocol = protocol;
        this.silenceMillis = silence.toMillis();
    }

    @Override
    public Protocol protocol() {
        return protocol;
    }

    /** Whole lines with their line ends, as they crossed the wire (the describer takes them so). */
    @Override
    public io.netty.channel.ChannelHandler newTapFramer() {
        return new io.netty.handler.codec.LineBasedFrameDecoder(OthelloCodec.MAX_LINE_LENGTH, false, false);
    }

    @Override
    public void initChannel(ChannelPipeline pipeline, Connection connection) {
        pipeline.addLast("othello-silence", new IdleStateHandler(silenceMillis, 0, 0, TimeUnit.MILLISECONDS))
                .addLast(OthelloCodec.FRAMER, OthelloCodec.newFramer())
                .addLast("tap", connection.tap())
                .addLast(OthelloCodec.DECODER, OthelloDecoder.CLIENT_LINES)
                .addLast(OthelloCodec.ENCODER, OthelloEncoder.INSTANCE)
                .addLast("othello-session", new OthelloSession(connection));
    }
}
