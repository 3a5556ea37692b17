package org.boardlab.client;

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
import java.util.logging.Level;
import java.util.logging.Logger;
import org.osgi.annotation.versioning.ConsumerType;

/**
 * One TCP connection to a server, on Netty: the part of a protocol's client that is the same for
 * every protocol. A protocol bundle extends it with its codec, its messages and the state a client
 * must keep (as {@code OthelloClient} and {@code GomokuClient} do); this class connects, reconnects
 * if asked, keeps the listeners, reads and writes, sends the keep-alive, and works out and reports
 * the close.
 *
 * <h2>What a subclass adds</h2>
 * <ul>
 * <li>{@link #codec}: the protocol's pipeline stages (framer, decoder, encoder);</li>
 * <li>{@link #received}: the state follows each message from the server, before the listeners hear
 * it ({@link ClientListener#message}); what the decoder passes on as a violation goes to
 * {@link ClientListener#malformed} as it is;</li>
 * <li>if the protocol needs them: {@link #written} (the state follows what the client sends),
 * {@link #keepAlive} (a ping or heartbeat at the interval; {@link #ping} and {@link #pingAnswered}
 * for a ping the server answers), {@link #protocolErrorOf} (an exception
 * that means the server broke the protocol), {@link #closeOpen} (a goodbye before closing),
 * {@link #reconnected} (what to say on a new connection), {@link #connectionClosed} (end what
 * waits on the connection).</li>
 * </ul>
 *
 * <h2>Threads</h2>
 * Every hook and every listener call runs on the connection's Netty event loop, one at a time and
 * in the order the bytes arrived; so do the completions of the futures this class returns. A
 * listener that throws is logged and the others still hear the call. Listeners must return quickly
 * and never block there ({@code join()} on one of this client's futures inside a listener waits
 * forever): hand slow work to another thread, or come back with {@link #execute}. {@link #connect},
 * {@link #close}, {@link #execute}, {@link #schedule} and the listener list may be used from any
 * thread.
 *
 * <h2>Event loops</h2>
 * Unless {@link ClientOptions#group()} names one, the clients of one protocol share one small group
 * of daemon event-loop threads named {@code <protocol>-client-...} ({@link #sharedGroup(String)}),
 * made on first use and kept for the life of the JVM.
 *
 * <h2>The close, reported once</h2>
 * When the connection closes (for good: see reconnecting below), {@link #connectionClosed} runs
 * once, then the listeners hear {@link ClientListener#closed}, then {@link #closeFuture()}
 * completes with the same reason. Its kind: {@link CloseKind#PROTOCOL_ERROR} if the protocol was
 * found broken ({@link #reportProtocolError}, {@link #protocolErrorOf}), else
 * {@link CloseKind#CLIENT} if this client closed it ({@link #close}, {@link #markOwnClose}), else
 * {@link CloseKind#FAILED} if the network or the client failed ({@link #fail}, an exception in the
 * pipeline), else {@link CloseKind#SERVER}. When {@link #connect} fails, {@link #closeFuture()}
 * completes ({@link CloseKind#FAILED}, or {@link CloseKind#CLIENT} when {@link #close} cut it short)
 * but nobody is told of a close: there was no connection.
 *
 * <h2>Reconnecting</h2>
 * With {@link ClientOptions#reconnect()}, a connection lost with {@link CloseKind#FAILED} or
 * {@link CloseKind#SERVER} is made again to the same address: the listeners hear
 * {@link ClientListener#reconnecting}, and once connected the subclass's {@link #reconnected} hook
 * runs (for example to log in again with the same name) and then the listeners'
 * {@link ClientListener#reconnected}. The client object, its listeners and a seat on it stay; the
 * close is reported only when the attempts run out or the client is closed. Otherwise a client
 * connects once: make a new one to connect again.
 *
 * @param <C> the subclass itself: what {@link #connect} completes with
 * @param <M> the protocol's messages from the server
 * @param <V> the protocol's value for what could not be read as a message
 */
@ConsumerType
public abstract class NettyClient<C extends NettyClient<C, M, V>, M, V> implements AutoCloseable {

    /** Where the connection stands; a protocol's own phases refine {@link #OPEN}. */
    public enum Link {
        /** {@link NettyClient#connect} has not been called. */
        NEW,
        /** {@link NettyClient#connect} was called; the connection is not open yet. */
        CONNECTING,
        /** The connection is open. */
        OPEN,
        /** The connection was lost; the client waits to connect again, or is connecting again. */
        RECONNECTING,
        /** The connection is closed, could not be made, or the client was closed before connecting. */
        CLOSED
    }

    private static final Logger LOG = Logger.getLogger(NettyClient.class.getName());
    private static final Map<String, EventLoopGroup> SHARED = new ConcurrentHashMap<>();

    private final String protocol;
    private final Class<M> messages;
    private final Class<V> violations;
    private final ClientOptions options;
    private final CopyOnWriteArrayList<ClientListener<M, V>> listeners = new CopyOnWriteArrayList<>();
    private final CompletableFuture<CloseReason> closed = new CompletableFuture<>();
    private volatile Channel channel;
    private volatile Link link = Link.NEW;
    private volatile boolean closeCalled;
    private volatile boolean closeRequested;
    private volatile String protocolError;
    private volatile String failure;
    private String host;
    private int port;
    /** Reconnect attempts made since the connection was last open; on the event loop. */
    private int attempts;
    /** When the oldest {@link #ping} not answered yet was sent, or 0; on the event loop. */
    private long unansweredSince;
    private volatile ScheduledFuture<?> pendingReconnect;

    /**
     * A client; it does nothing until {@link #connect}.
     *
     * @param protocol   the protocol's id, e.g. {@code othello}: it names the shared event loops'
     *                   threads ({@code othello-client-...}) and the client's pipeline stage
     *                   ({@code othello-client})
     * @param messages   the type of the server's messages the codec passes on
     * @param violations the type of the decoder's violations (what could not be read)
     * @param options    how to connect
     * @param listener   the first listener; {@code null} for none
     */
    protected NettyClient(String protocol, Class<M> messages, Class<V> violations, ClientOptions options,
            ClientListener<M, V> listener) {
        this.protocol = Objects.requireNonNull(protocol, "protocol");
        this.messages = Objects.requireNonNull(messages, "messages");
        this.violations = Objects.requireNonNull(violations, "violations");
        this.options = Objects.requireNonNull(options, "options");
        if (listener != null) {
            listeners.add(listener);
        }
    }

    /**
     * The group of event loops that the clients of {@code protocol} use unless told otherwise:
     * daemon threads named {@code <protocol>-client-...}, at most two, made on first use and kept
     * for the life of the JVM.
     */
    public static EventLoopGroup sharedGroup(String protocol) {
        return SHARED.computeIfAbsent(protocol, p -> new NioEventLoopGroup(Math.min(2, Runtime.getRuntime().availableProcessors()),
                new DefaultThreadFactory(p + "-client", true)));
    }

    /** Adds a listener; it hears what arrives from now on. */
    public final void addListener(ClientListener<M, V> listener) {
        listeners.add(Objects.requireNonNull(listener, "listener"));
    }

    /** Removes a listener. */
    public final void removeListener(ClientListener<M, V> listener) {
        listeners.remove(listener);
    }

    /** The protocol's id, as the constructor was given it. */
    final String protocol() {
        return protocol;
    }

    /** How this client connects. */
    public final ClientOptions options() {
        return options;
    }

    /**
     * Connects to a server. The future completes (on the event loop) with this client once the
     * connection is open, or fails with the reason (for example a {@link java.net.ConnectException});
     * then {@link #closeFuture()} has completed too (the first connection is not tried again).
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
            this.host = host;
            this.port = port;
            future = bootstrap().connect(host, port);
            channel = future.channel();
        }
        CompletableFuture<C> connected = new CompletableFuture<>();
        future.addListener((ChannelFutureListener) f -> {
            if (f.isSuccess()) {
                opened(); // before the future's users look; channelActive follows
                connected.complete(self());
            } else {
                link = Link.CLOSED;
                closed.complete(new CloseReason(closeRequested ? CloseKind.CLIENT : CloseKind.FAILED,
                        "could not connect to " + host + ":" + port + ": " + f.cause().getMessage()));
                connected.completeExceptionally(f.cause());
            }
        });
        return connected;
    }

    private Bootstrap bootstrap() {
        EventLoopGroup group = options.group() == null ? sharedGroup(protocol) : options.group();
        return new Bootstrap().group(group)
                .channel(NioSocketChannel.class)
                .option(ChannelOption.TCP_NODELAY, true)
                .handler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel ch) {
                        channel = ch; // before anything is read, which may be before connect() returns
                        codec(ch.pipeline());
                        if (options.pipeline() != null) {
                            options.pipeline().accept(ch.pipeline());
                        }
                        ch.pipeline().addLast(protocol + "-client", new Handler());
                    }
                });
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
     * first), otherwise at once; a reconnect waiting is called off. The close is reported with
     * {@link CloseKind#CLIENT} (unless the protocol had been broken). Does not wait; see
     * {@link #closeFuture()}. Calling it again does nothing.
     */
    @Override
    public final void close() {
        Channel ch;
        boolean reconnecting;
        synchronized (this) {
            if (closeCalled) {
                return;
            }
            closeCalled = true;
            closeRequested = true;
            ch = channel;
            reconnecting = link == Link.RECONNECTING;
            if (ch == null) {
                link = Link.CLOSED;
            }
        }
        if (ch == null) {
            closed.complete(new CloseReason(CloseKind.CLIENT, "closed before connecting"));
        } else if (ch.isActive()) {
            closeOpen(ch);
        } else if (reconnecting) {
            execute(() -> giveUp(new CloseReason(CloseKind.CLIENT, "closed by this client while reconnecting")));
        } else {
            ch.close();
        }
    }

    /**
     * Completes with the reason once the connection has closed for good (after the listeners heard
     * it), or once {@link #connect} has failed.
     */
    public final CompletableFuture<CloseReason> closeFuture() {
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
     * A protocol's phase from where the connection stands: {@code before} until it is open (and
     * while it reconnects), {@code open} (the protocol's own phase) while it is, {@code closed} once
     * it has closed.
     */
    protected final <P> P phase(P before, P open, P closed) {
        return switch (link) {
            case NEW, CONNECTING, RECONNECTING -> before;
            case OPEN -> open;
            case CLOSED -> closed;
        };
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

    /** Calls every listener; one that throws is logged and the rest still hear it. */
    private void tell(Consumer<ClientListener<M, V>> call) {
        for (ClientListener<M, V> l : listeners) {
            try {
                call.accept(l);
            } catch (RuntimeException e) {
                LOG.log(Level.WARNING, "a listener of the " + protocol + " client failed", e);
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

    /**
     * A keep-alive that the server answers (a ping and its pong), for {@link #keepAlive}: writes
     * {@code ping}, unless the oldest ping not answered yet ({@link #pingAnswered}) was sent two
     * intervals ago or more; then the connection is taken for lost ({@link #fail}, with a detail such
     * as {@code no SPONG from the server for 10 s}). A new connection starts with none waiting.
     *
     * @param answer the name of the server's answer, for the detail (e.g. {@code SPONG})
     */
    protected final void ping(ChannelHandlerContext ctx, Object ping, String answer) {
        long every = options.keepAlive().toNanos();
        long now = System.nanoTime();
        if (unansweredSince != 0 && now - unansweredSince >= 2 * every) {
            Duration silent = Duration.ofNanos(2 * every);
            fail("no " + answer + " from the server for "
                    + (silent.toMillis() < 1000 ? silent.toMillis() + " ms" : silent.toSeconds() + " s"));
            return;
        }
        if (unansweredSince == 0) {
            unansweredSince = now;
        }
        ctx.writeAndFlush(ping);
    }

    /** The server answered the keep-alive's {@link #ping}: call it from {@link #received}. On the event loop. */
    protected final void pingAnswered() {
        unansweredSince = 0;
    }

    /** Adds the protocol's stages to a new connection's pipeline; on the event loop. */
    protected abstract void codec(ChannelPipeline pipeline);

    /** A message from the server, before the listeners hear it: the state follows it. Default: nothing. */
    protected void received(M message) {
    }

    /** Something this client is writing, before the stages below it see it; on the event loop. Default: nothing. */
    protected void written(Object message) {
    }

    /**
     * Runs every {@link ClientOptions#keepAlive()} while the connection is open, on the event loop:
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

    /**
     * A new connection is open after a lost one ({@link ClientOptions#reconnect()}): reset the
     * state that belonged to the old connection and say what the protocol says first (for example
     * log in again with the same name), before the listeners hear
     * {@link ClientListener#reconnected}. On the event loop. Default: nothing.
     */
    protected void reconnected() {
    }

    /**
     * The connection has closed for good: end whatever waits on it (for example a login not
     * answered); called once, on the event loop, before the listeners hear it. Default: nothing.
     */
    protected void connectionClosed(CloseReason reason) {
    }

    private CloseReason closeReason() {
        if (protocolError != null) {
            return new CloseReason(CloseKind.PROTOCOL_ERROR, protocolError);
        }
        if (closeRequested) {
            return new CloseReason(CloseKind.CLIENT, "closed by this client");
        }
        if (failure != null) {
            return new CloseReason(CloseKind.FAILED, failure);
        }
        return new CloseReason(CloseKind.SERVER, "the server closed the connection");
    }

    /** The connection is gone: try again if the options say so, else report the close. On the event loop. */
    private void lost(CloseReason reason, EventLoop loop) {
        boolean again = (reason.kind() == CloseKind.FAILED || reason.kind() == CloseKind.SERVER)
                && attempts < options.reconnect().attempts();
        synchronized (this) {
            if (closeCalled) {
                again = false;
            } else if (again) {
                link = Link.RECONNECTING;
            }
        }
        if (!again) {
            giveUp(reason);
            return;
        }
        attempts++;
        protocolError = null;
        failure = null;
        int attempt = attempts;
        Duration delay = options.reconnect().delay();
        tell(l -> l.reconnecting(reason, attempt, delay));
        pendingReconnect = loop.schedule(() -> reconnect(loop), delay.toNanos(), TimeUnit.NANOSECONDS);
    }

    private void reconnect(EventLoop loop) {
        if (link != Link.RECONNECTING) {
            return; // closed meanwhile
        }
        ChannelFuture future = bootstrap().connect(host, port);
        channel = future.channel();
        future.addListener((ChannelFutureListener) f -> {
            if (f.isSuccess() || link != Link.RECONNECTING) {
                return; // channelActive goes on; or the client was closed meanwhile
            }
            lost(new CloseReason(CloseKind.FAILED, "could not connect again to " + host + ":" + port + " after "
                    + attempts + (attempts == 1 ? " attempt: " : " attempts: ") + f.cause().getMessage()), loop);
        });
    }

    private void giveUp(CloseReason reason) {
        if (link == Link.CLOSED && closed.isDone()) {
            return;
        }
        ScheduledFuture<?> p = pendingReconnect;
        if (p != null) {
            p.cancel(false);
        }
        link = Link.CLOSED;
        try {
            connectionClosed(reason);
            tell(l -> l.closed(reason));
        } finally {
            closed.complete(reason);
        }
    }

    /** The client's end of the pipeline. Runs on the event loop. */
    private final class Handler extends ChannelDuplexHandler {

        private ScheduledFuture<?> keepAlives;

        @Override
        public void channelActive(ChannelHandlerContext ctx) throws Exception {
            boolean again;
            synchronized (NettyClient.this) {
                if (link == Link.CLOSED) {
                    ctx.close(); // closed while this connection was being made
                    return;
                }
                again = link == Link.RECONNECTING;
                if (again) {
                    link = Link.OPEN;
                }
            }
            opened();
            unansweredSince = 0; // the pings of a lost connection are not this one's
            long every = options.keepAlive().toNanos();
            if (every > 0) {
                keepAlives = ctx.executor().scheduleAtFixedRate(() -> keepAlive(ctx), every, every, TimeUnit.NANOSECONDS);
            }
            if (again) {
                attempts = 0;
                reconnected();
                tell(ClientListener::reconnected);
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
            if (messages.isInstance(msg)) {
                M m = messages.cast(msg);
                received(m);
                tell(l -> l.message(m));
            } else if (violations.isInstance(msg)) {
                V v = violations.cast(msg);
                tell(l -> l.malformed(v));
            } else {
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
            lost(closeReason(), ctx.channel().eventLoop());
            super.channelInactive(ctx);
        }
    }
}
