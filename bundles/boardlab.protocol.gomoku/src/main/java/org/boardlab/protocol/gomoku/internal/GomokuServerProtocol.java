package org.boardlab.protocol.gomoku.internal;

import io.netty.channel.ChannelPipeline;
import io.netty.handler.timeout.IdleStateHandler;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import javax.inject.Inject;
import javax.inject.Named;
import javax.inject.Singleton;
import org.boardlab.api.Protocol;
import org.boardlab.protocol.gomoku.GomokuFrameDecoder;
import org.boardlab.protocol.gomoku.GomokuMessageDecoder;
import org.boardlab.protocol.gomoku.GomokuMessageEncoder;
import org.boardlab.protocol.gomoku.GomokuWire;
import org.boardlab.server.Connection;
import org.boardlab.server.ServerProtocol;

/**
 * Seed 003's Gomoku protocol on the embedded server. Each connection gets, in this order:
 * <pre>
 *   gomoku-silence  IdleStateHandler: 45 s without a byte from the client closes it
 *   gomoku-framer   GomokuFrameDecoder: whole GMKU frames, header included (one per connection)
 *   tap             the connection's wire tap: sees each whole frame in, and each frame out
 *   gomoku-decoder  GomokuMessageDecoder: frame → GomokuMessage or ProtocolViolation (shared)
 *   gomoku-encoder  GomokuMessageEncoder: GomokuMessage → one ByteBuf per frame (shared)
 *   gomoku-session  GomokuSession: the seed's flow, bound to the lobby and a table
 * </pre>
 * The encoder writes each message as one buffer holding the whole frame, so the tap, which sits
 * between the framer and the message codec, sees outgoing frames whole as well.
 */
@Named("gomoku")
@Singleton
public final class GomokuServerProtocol implements ServerProtocol {

    private static final GomokuMessageDecoder DECODER = GomokuMessageDecoder.fromClients();
    private static final GomokuMessageEncoder ENCODER = new GomokuMessageEncoder();

    private final GomokuProtocol protocol;
    private final long silenceMillis;

    /**
     * The protocol with the spec's silence limit of 45 s ({@link GomokuWire#IDLE_TIMEOUT}).
     *
     * @param protocol the module's describer (id, port, inspector view)
     */
    @Inject
    public GomokuServerProtocol(GomokuProtocol protocol) {
        this(protocol, GomokuWire.IDLE_TIMEOUT);
    }

    /** For tests: the protocol with another silence limit. */
    GomokuServerProtocol(GomokuProtocol protocol, Duration silence) {
        this.protocol = protocol;
        this.silenceMillis = silence.toMillis();
    }

    @Override
    public boolean pairsPlayers() {
        return true;
    }

    @Override
    public Protocol protocol() {
        return protocol;
    }

    /** Whole GMKU frames, header included, as the server's own tap sees them. */
    @Override
    public io.netty.channel.ChannelHandler newTapFramer() {
        return new GomokuFrameDecoder();
    }

    @Override
    public void initChannel(ChannelPipeline pipeline, Connection connection) {
        pipeline.addLast("gomoku-silence", new IdleStateHandler(silenceMillis, 0, 0, TimeUnit.MILLISECONDS))
                .addLast("gomoku-framer", new GomokuFrameDecoder())
                .addLast("tap", connection.tap())
                .addLast("gomoku-decoder", DECODER)
                .addLast("gomoku-encoder", ENCODER)
                .addLast("gomoku-session", new GomokuSession(connection, protocol.gameId()));
    }
}
