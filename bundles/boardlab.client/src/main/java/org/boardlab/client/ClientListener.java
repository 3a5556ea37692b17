package org.boardlab.client;

import java.time.Duration;
import org.osgi.annotation.versioning.ConsumerType;

/**
 * What a protocol's client ({@link NettyClient}) tells the code that uses it. Every method has an
 * empty default, so implement only what you need. Calls run on the connection's event loop, one at
 * a time, in the order the bytes arrived; return quickly and never block there. A listener that
 * throws is logged and the others still hear the call.
 *
 * @param <M> the protocol's messages from the server
 * @param <V> the protocol's value for what the server sent that could not be read as a message
 */
@ConsumerType
public interface ClientListener<M, V> {

    /** A well-formed message from the server, after the client's state was updated for it. */
    default void message(M message) {
    }

    /**
     * Something from the server that is not a well-formed message (the server broke the protocol):
     * it is skipped and the connection stays open.
     */
    default void malformed(V violation) {
    }

    /**
     * The connection was lost and the client tries again ({@link ClientOptions#reconnect()}) after
     * {@code delay}; {@link #reconnected()} or {@link #closed} follows.
     *
     * @param why     why the connection was lost
     * @param attempt which attempt this is, from 1
     */
    default void reconnecting(CloseReason why, int attempt, Duration delay) {
    }

    /**
     * The client is connected again after {@link #reconnecting}; the protocol's client has already
     * said what its protocol says on a new connection (for example the login).
     */
    default void reconnected() {
    }

    /** The connection closed, for good; called once, last. Not called when {@link NettyClient#connect} fails. */
    default void closed(CloseReason reason) {
    }
}
