package org.boardlab.server;

import io.netty.channel.ChannelPipeline;
import org.boardlab.api.Protocol;
import org.osgi.annotation.versioning.ConsumerType;

/**
 * A protocol the embedded server speaks. Implemented by protocol bundles in a class annotated
 * {@code @javax.inject.Named("<id>")} with the same id as its {@link Protocol}.
 *
 * <p>The server builds each connection's pipeline like this:
 * <pre>
 *   [server: client limit, idle time-out]
 *   then {@link #initChannel}:  framer  →  connection.tap()  →  message codec  →  session
 * </pre>
 * The tap must sit between the framer and the message codec, so it sees each whole frame, in and out.
 */
@ConsumerType
public interface ServerProtocol {

    /** The protocol's description, describer and default port. */
    Protocol protocol();

    /**
     * {@code true} for protocols whose clients are paired as they come (Gomoku), {@code false} for
     * those whose clients invite each other by name (Othello).
     */
    default boolean pairsPlayers() {
        return false;
    }

    /** Adds the protocol's handlers to a new connection's pipeline. Called on the connection's I/O thread. */
    void initChannel(ChannelPipeline pipeline, Connection connection);
}
