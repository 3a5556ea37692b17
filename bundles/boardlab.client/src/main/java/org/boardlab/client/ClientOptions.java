package org.boardlab.client;

import io.netty.channel.ChannelPipeline;
import io.netty.channel.EventLoopGroup;
import java.time.Duration;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * How a {@link NettyClient} connects, for every protocol. Each protocol's client offers its
 * defaults (for example {@code OthelloClient.options()}: a ping every 5 s); change them with the
 * {@code with...} methods.
 *
 * @param group     the event loops to run on, or {@code null} for the protocol's shared group
 *                  ({@link NettyClient#sharedGroup(String)}); a load generator with thousands of
 *                  clients gives them all one group of its own, and shuts it down itself
 * @param keepAlive how often the protocol's keep-alive (ping, heartbeat) is sent while the
 *                  connection is open; {@link Duration#ZERO}: never
 * @param pipeline  called with each new connection's pipeline after the protocol's codec stages and
 *                  before the client's own stage, to add handlers (for example a filter after the
 *                  framer); {@code null} for none
 * @param reconnect what to do when the connection is lost
 */
public record ClientOptions(EventLoopGroup group, Duration keepAlive, Consumer<ChannelPipeline> pipeline,
        Reconnect reconnect) {

    /**
     * Whether and how a client connects again when its connection is lost: when the network fails,
     * the server stops answering, or the server closes the connection without a protocol error.
     * Never after the client's own close or a protocol error. Between attempts the listeners hear
     * {@link ClientListener#reconnecting}; after the last failed attempt the close is reported as
     * usual.
     *
     * @param attempts how many times to try in a row; 0: never reconnect
     * @param delay    how long to wait before each attempt
     */
    public record Reconnect(int attempts, Duration delay) {

        /** Never reconnect: a lost connection is closed. */
        public static final Reconnect NEVER = new Reconnect(0, Duration.ZERO);

        /** Checks the values. */
        public Reconnect {
            Objects.requireNonNull(delay, "delay");
            if (attempts < 0) {
                throw new IllegalArgumentException("the number of reconnect attempts may not be negative");
            }
            if (delay.isNegative()) {
                throw new IllegalArgumentException("the reconnect delay may not be negative");
            }
        }
    }

    /** Checks the values. */
    public ClientOptions {
        Objects.requireNonNull(keepAlive, "keepAlive");
        Objects.requireNonNull(reconnect, "reconnect");
        if (keepAlive.isNegative()) {
            throw new IllegalArgumentException("the keep-alive interval may not be negative");
        }
    }

    /** The shared group, a keep-alive every {@code keepAlive}, no extra handlers, no reconnect. */
    public static ClientOptions keepAliveEvery(Duration keepAlive) {
        return new ClientOptions(null, keepAlive, null, Reconnect.NEVER);
    }

    /** The same options on another group of event loops ({@code null}: the shared one). */
    public ClientOptions withGroup(EventLoopGroup g) {
        return new ClientOptions(g, keepAlive, pipeline, reconnect);
    }

    /** The same options with another keep-alive interval ({@link Duration#ZERO}: none). */
    public ClientOptions withKeepAlive(Duration interval) {
        return new ClientOptions(group, interval, pipeline, reconnect);
    }

    /** The same options with extra handlers added to each pipeline. */
    public ClientOptions withPipeline(Consumer<ChannelPipeline> p) {
        return new ClientOptions(group, keepAlive, p, reconnect);
    }

    /** The same options, reconnecting up to {@code attempts} times in a row, {@code delay} apart. */
    public ClientOptions withReconnect(int attempts, Duration delay) {
        return new ClientOptions(group, keepAlive, pipeline, new Reconnect(attempts, delay));
    }
}
