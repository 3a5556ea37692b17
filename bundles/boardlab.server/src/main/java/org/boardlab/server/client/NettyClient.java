package org.boardlab.server.client;

import io.netty.bootstrap.Bootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelDuplexHandler;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.ChannelPipeline;
import io.netty.channel.ChannelPromise;
import io.netty.channel.EventLoop;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.nio.NioEventLoopGroup;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.util.concurrent.DefaultThreadFactory;
import io.netty.util.concurrent.ScheduledFuture;
import java.io.IOException;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.osgi.annotation.versioning.ConsumerType;

/**
 * One TCP connection to a server, on Netty: the part of a protocol's client that is the same for
 * every protocol. A protocol bundle extends it with its codec, its messages, the state a client
 * must keep, its listener type and its close reason (as {@code OthelloClient} and
 * {@code GomokuClient} do); this class connects, keeps the listeners, writes, sends the keep-alive,
 * and works out and reports the close.
 *
 * <h2>What a subclass adds</h2>
 * <ul>
 * <li>{@link #codec}: the protocol's pipeline stages (framer, decoder, encoder);</li>
 * <li>{@link #read}: each decoded object from the server: update the state, then {@link #tell}
 * the listeners;</li>
 * <li>{@link #closeReason} and {@link #connectionClosed}: the protocol's close reason, and telling
 * the listeners of it;</li>
 * <li>if the protocol needs them: {@link #written} (the state follows what the client sends),
 * {@link #keepAlive} (a ping or heartbeat at the interval), {@link #protocolErrorOf} (an exception
 * that means the server broke the protocol), {@link #closeOpen} (a goodbye before closing).</li>
 * </ul>
 *
 * <h2>Threads</h2>
 * Every hook and every listener call runs on the connection's Netty event loop, one at a time and
 * in the order the bytes arrived; so do the completions of the futures this class returns. A
 * listener that throws is reported on standard error and the others still hear the call. Listeners
 * must return quickly and never block there ({@code join()} on one of this client's futures inside
 * a listener waits forever): hand slow work to another thread, or come back with
 * {@link #execute}. {@link #connect}, {@link #close}, {@link #execute}, {@link #schedule} and the
 * listener list may be used from any thread.
 *
 * <h2>Event loops</h2>
 * Unless the constructor is given a group, the clients of one protocol share one small group of
 * daemon event-loop threads named {@code <protocol>-client-...} ({@link #sharedGroup(String)}),
 * made on first use and kept for the life of the JVM. A load generator with thousands of clients
 * gives them all a {@link NioEventLoopGroup} of its own, and shuts it down itself.
 *
 * <h2>The close, reported once</h2>
 * When the connection closes, {@link #connectionClosed} runs once, last, and then
 * {@link #closeFuture()} completes with the same reason. Its kind: {@link CloseKind#PROTOCOL_ERROR}
 * if the protocol was found broken ({@link #reportProtocolError}, {@link #protocolErrorOf}), else
 * {@link CloseKind#CLIENT} if this client closed it ({@link #close}, {@link #markOwnClose}), else
 * {@link CloseKind#FAILED} if the network or the client failed ({@link #fail}, an exception in the
 * pipeline), else {@link CloseKind#SERVER}. When {@link #connect} fails, {@link #closeFuture()}
 * completes ({@link CloseKind#FAILED}, or {@link CloseKind#CLIENT} when {@link #close} cut it short)
 * but {@link #connectionClosed} is not called: there was no connection.
 *
 * <p>A client connects once: make a new one to connect again.
 *
 * @param <C> the subclass itself: what {@link #connect} completes with
 * @param <L> the protocol's listener type
 * @param <R> the protocol's close reason type
 */
@ConsumerType
public abstract class NettyClient<C extends NettyClient<C, L, R>, L, R> implements AutoCloseable {

    /** Where the connection stands; a protocol's own phases refine {@link #OPEN}. */
    public enum Link {
        /** {@link NettyClient#connect} has not been called. */
        NEW,
        /** {@link NettyClient#connect} was called; the connection is not open yet. */
        CONNECTING,
        /** The connection is open. */
        OPEN,
        /** The connection is closed, could not be made, or the client was closed before connecting. */
        CLOSED
    }

    private static final Map<String, EventLoopGroup> SHARED = new ConcurrentHashMap<>();

    private final String protocol;
    private final EventLoopGroup group;
    private final Duration keepAliveInterval;
    private final Consumer<ChannelPipeline> pipeline;
    private final CopyOnWriteArrayList<L> listeners = new CopyOnWriteArrayList<>();
    private final CompletableFuture<R> closed = new CompletableFuture<>();
    private volatile Channel channel;
    private volatile Link link = Link.NEW;
    private volatile boolean closeCalled;
    private volatile boolean closeRequested;
    private volatile String protocolError;
    private volatile String failure;

    /**
     * A client; it does nothing until {@link #connect}.
     *
     * @param protocol          the protocol's id, e.g. {@code othello}: it names the shared event
     *                          loops' threads ({@code othello-client-...}) and the client's pipeline
     *                          stage ({@code othello-client})
     * @param group             the event loops to run on, or {@code null} for
     *                          {@link #sharedGroup(String) sharedGroup(protocol)}
     * @param keepAliveInterval how often {@link #keepAlive} runs while the connection is open;
     *                          {@link Duration#ZERO}: never
     * @param pipeline          called with each new connection's pipeline after {@link #codec} and
     *                          before the client's own stage, to add handlers; {@code null} for none
     * @param listener          the first listener; {@code null} for none
     * @throws IllegalArgumentException if the interval is negative
     */
    protected NettyClient(String protocol, EventLoopGroup group, Duration keepAliveInterval,
            Consumer<ChannelPipeline> pipeline, L listener) {
        this.protocol = Objects.requireNonNull(protocol, "protocol");
        this.group = group;
        this.keepAliveInterval = Objects.requireNonNull(keepAliveInterval, "keepAliveInterval");
        if (keepAliveInterval.isNegative()) {
            throw new IllegalArgumentException("the keep-alive interval may not be negative");
        }
        this.pipeline = pipeline;
        if (listener != null) {
            listeners.add(listener);
        }
    }

    /**
     * The group of event loops that the clients of {@code protocol} use unless told otherwise:
     * daemon threads named {@code <protocol>-client-...}, at most two, made on first use and kept
     * for the life of the JVM.
     */
    protected static EventLoopGroup sharedGroup(String protocol) {
        return SHARED.computeIfAbsent(protocol, p -> new NioEventLoopGroup(Math.min(2, Runtime.getRuntime().availableProcessors()),
                new DefaultThreadFactory(p + "-client", true)));
    }

    /** Adds a listener; it hears what arrives from now on. */
    public final void addListener(L listener) {
        listeners.add(Objects.requireNonNull(listener, "listener"));
    }

    /** Removes a listener. */
    public final void removeListener(L listener) {
        listeners.remove(listener);
    }

    /**
     * Connects to a server. The future completes (on the event loop) with this client once the
     * connection is open, or fails with the reason (for example a {@link java.net.ConnectException});
     * then {@link #closeFuture()} has completed too.
     *
     * @throws IllegalStateException if this client has already connected, is connecting, or was
     *                               closed
     */
    public final CompletableFuture<C> connect(String host, int port) {
        Objects.requireNonNull(host, "host");
        ChannelFuture future;
        synchronized (this) {
            if (link != Link.NEW) {
                throw new IllegalStateException("this client has already connected; make a new one");
            }
            link = Link.CONNECTING;
            Bootstrap bootstrap = new Bootstrap().group(group == null ? sharedGroup(protocol) : group)
                    .channel(NioSocketChannel.class)
                    .option(ChannelOption.TCP_NODELAY, true)
                    .handler(new ChannelInitializer<SocketChannel>() {
                        @Override
                        protected void initChannel(SocketChannel ch) {
                            channel = ch; // before anything is read, which may be before connect() returns
                            codec(ch.pipeline());
                            if (pipeline != null) {
                                pipeline.accept(ch.pipeline());
                            }
                            ch.pipeline().addLast(protocol + "-client", new Handler());
                        }
                    });
            future = bootstrap.connect(host, port);
            channel = future.channel();
        }
        CompletableFuture<C> connected = new CompletableFuture<>();
        future.addListener((ChannelFutureListener) f -> {
            if (f.isSuccess()) {
                opened(); // before the future's users look; channelActive follows
                connected.complete(self());
            } else {
                link = Link.CLOSED;
                closed.complete(closeReason(closeRequested ? CloseKind.CLIENT : CloseKind.FAILED,
                        "could not connect to " + host + ":" + port + ": " + f.cause().getMessage()));
                connected.completeExceptionally(f.cause());
            }
        });
        return connected;
    }

    @SuppressWarnings("unchecked")
    private C self() {
        return (C) this;
    }

    private void opened() {
        if (link == Link.CONNECTING) {
            link = Link.OPEN;
        }
    }

    /**
     * Closes the connection: {@link #closeOpen} while it is open (a protocol may say goodbye
     * first), otherwise at once. The close is reported with {@link CloseKind#CLIENT} (unless the
     * protocol had been broken). Does not wait; see {@link #closeFuture()}. Calling it again does
     * nothing.
     */
    @Override
    public final void close() {
        Channel ch;
        synchronized (this) {
            if (closeCalled) {
                return;
            }
            closeCalled = true;
            closeRequested = true;
            ch = channel;
            if (ch == null) {
                link = Link.CLOSED;
            }
        }
        if (ch == null) {
            closed.complete(closeReason(CloseKind.CLIENT, "closed before connecting"));
        } else if (ch.isActive()) {
            closeOpen(ch);
        } else {
            ch.close();
        }
    }

    /**
     * Completes with the reason once the connection has closed (after {@link #connectionClosed}),
     * or once {@link #connect} has failed.
     */
    public final CompletableFuture<R> closeFuture() {
        return closed;
    }

    /**
     * Runs {@code task} on this connection's event loop, where the listeners run, after what is
     * already queued there.
     *
     * @return {@code false} if there is no event loop (not connected yet) or it no longer runs
     */
    public final boolean execute(Runnable task) {
        Objects.requireNonNull(task, "task");
        return onLoop(loop -> loop.execute(task));
    }

    /**
     * Runs {@code task} on this connection's event loop after {@code delay}, if the loop still runs
     * then.
     *
     * @return {@code false} if there is no event loop (not connected yet) or it no longer runs
     */
    public final boolean schedule(Runnable task, Duration delay) {
        Objects.requireNonNull(task, "task");
        long nanos = delay.toNanos();
        return onLoop(loop -> loop.schedule(task, nanos, TimeUnit.NANOSECONDS));
    }

    private boolean onLoop(Consumer<EventLoop> call) {
        Channel ch = channel;
        if (ch == null) {
            return false;
        }
        try {
            call.accept(ch.eventLoop());
            return true;
        } catch (RejectedExecutionException e) {
            return false;
        }
    }

    /** Where the connection stands. */
    protected final Link link() {
        return link;
    }

    /**
     * A protocol's phase from where the connection stands: {@code before} until it is open,
     * {@code open} (the protocol's own phase) while it is, {@code closed} once it has closed.
     */
    protected final <P> P phase(P before, P open, P closed) {
        return switch (link) {
            case NEW, CONNECTING -> before;
            case OPEN -> open;
            case CLOSED -> closed;
        };
    }

    /**
     * The constant of a protocol's own kind enum named like {@code kind}, for
     * {@link #closeReason}: protocols name the four kinds alike.
     *
     * @throws IllegalArgumentException if {@code type} has no constant of that name
     */
    protected static <K extends Enum<K>> K kind(Class<K> type, CloseKind kind) {
        return Enum.valueOf(type, kind.name());
    }

    /** How often {@link #keepAlive} runs ({@link Duration#ZERO}: never). */
    protected final Duration keepAliveInterval() {
        return keepAliveInterval;
    }

    /**
     * The open connection.
     *
     * @throws IllegalStateException if the client is not connected
     */
    protected final Channel activeChannel() {
        Channel ch = channel;
        if (ch == null || !ch.isActive()) {
            throw new IllegalStateException("the client is not connected");
        }
        return ch;
    }

    /**
     * Writes {@code message} down the pipeline and flushes it.
     *
     * @return completes once it is written to the socket (so {@link #written} has seen it), or
     *         fails with the reason it could not be
     * @throws IllegalStateException if the client is not connected
     */
    protected final CompletableFuture<Void> write(Object message) {
        return completion(activeChannel().writeAndFlush(message));
    }

    /** A Netty future as a {@link CompletableFuture}, completed on the event loop. */
    protected static CompletableFuture<Void> completion(ChannelFuture written) {
        CompletableFuture<Void> done = new CompletableFuture<>();
        written.addListener(f -> {
            if (f.isSuccess()) {
                done.complete(null);
            } else {
                done.completeExceptionally(f.cause());
            }
        });
        return done;
    }

    /** Calls every listener; one that throws is reported on standard error and the rest still hear it. */
    protected final void tell(Consumer<? super L> call) {
        for (L l : listeners) {
            try {
                call.accept(l);
            } catch (RuntimeException e) {
                System.err.println("boardlab: a listener of the " + protocol + " client failed: " + e);
            }
        }
    }

    /**
     * Takes the connection for failed and closes it: the close is reported as
     * {@link CloseKind#FAILED} with {@code detail} (for example a server that stopped answering
     * pings), unless a reason that comes first in the order of the class comment applies.
     */
    protected final void fail(String detail) {
        Objects.requireNonNull(detail, "detail");
        if (failure == null) {
            failure = detail;
        }
        Channel ch = channel;
        if (ch != null) {
            ch.close();
        }
    }

    /**
     * Records that the protocol was broken (for example the server said so): the close that
     * follows is reported as {@link CloseKind#PROTOCOL_ERROR} with {@code detail}. Does not close.
     */
    protected final void reportProtocolError(String detail) {
        Objects.requireNonNull(detail, "detail");
        if (protocolError == null) {
            protocolError = detail;
        }
    }

    /** Records that the coming close is this client's own (for example it sent its goodbye). */
    protected final void markOwnClose() {
        closeRequested = true;
    }

    /** Adds the protocol's stages to a new connection's pipeline; on the event loop. */
    protected abstract void codec(ChannelPipeline pipeline);

    /**
     * An object from the last stage before the client's: update the state, then {@link #tell}
     * the listeners; on the event loop.
     *
     * @return {@code false} if this client does not take such objects (it is passed on)
     */
    protected abstract boolean read(Object message);

    /** Something this client is writing, before the stages below it see it; on the event loop. Default: nothing. */
    protected void written(Object message) {
    }

    /**
     * Runs every {@link #keepAliveInterval()} while the connection is open, on the event loop:
     * send the protocol's ping or heartbeat with {@code ctx.writeAndFlush}, or {@link #fail} when
     * the server has stopped answering. Default: nothing.
     *
     * @param ctx the client's own pipeline stage: what it writes passes the stages below it only
     */
    protected void keepAlive(ChannelHandlerContext ctx) {
    }

    /**
     * The detail of a {@link CloseKind#PROTOCOL_ERROR} when {@code cause}, caught in the pipeline,
     * means the server broke the protocol; {@code null} for any other failure. Either way the
     * connection is closed. Default: {@code null}.
     */
    protected String protocolErrorOf(Throwable cause) {
        return null;
    }

    /** Closes the open connection for {@link #close()}; a protocol may say goodbye first. Default: closes it. */
    protected void closeOpen(Channel channel) {
        channel.close();
    }

    /** The protocol's close reason; may be called on any thread. */
    protected abstract R closeReason(CloseKind kind, String detail);

    /**
     * The connection has closed: tell the listeners (with {@link #tell}) and end whatever waits on
     * it; called once, on the event loop, before {@link #closeFuture()} completes.
     */
    protected abstract void connectionClosed(R reason);

    private R closeReason() {
        if (protocolError != null) {
            return closeReason(CloseKind.PROTOCOL_ERROR, protocolError);
        }
        if (closeRequested) {
            return closeReason(CloseKind.CLIENT, "closed by this client");
        }
        if (failure != null) {
            return closeReason(CloseKind.FAILED, failure);
        }
        return closeReason(CloseKind.SERVER, "the server closed the connection");
    }

    /** The client's end of the pipeline. Runs on the event loop. */
    private final class Handler extends ChannelDuplexHandler {

        private ScheduledFuture<?> keepAlives;

        @Override
        public void channelActive(ChannelHandlerContext ctx) throws Exception {
            opened();
            long every = keepAliveInterval.toNanos();
            if (every > 0) {
                keepAlives = ctx.executor().scheduleAtFixedRate(() -> keepAlive(ctx), every, every, TimeUnit.NANOSECONDS);
            }
            super.channelActive(ctx);
        }

        @Override
        public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) throws Exception {
            written(msg);
            super.write(ctx, msg, promise);
        }

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            if (!NettyClient.this.read(msg)) {
                ctx.fireChannelRead(msg);
            }
        }

        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
            String broken = protocolErrorOf(cause);
            if (broken != null) {
                reportProtocolError(broken);
            } else if (failure == null) {
                failure = cause instanceof IOException ? "the connection was lost: " + cause.getMessage()
                        : "the client failed: " + cause;
            }
            ctx.close();
        }

        @Override
        public void channelInactive(ChannelHandlerContext ctx) throws Exception {
            if (keepAlives != null) {
                keepAlives.cancel(false);
            }
            link = Link.CLOSED;
            R reason = closeReason();
            try {
                connectionClosed(reason);
            } finally {
                closed.complete(reason);
            }
            super.channelInactive(ctx);
        }
    }
}
