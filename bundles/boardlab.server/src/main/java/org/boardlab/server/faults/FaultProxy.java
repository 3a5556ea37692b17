package org.boardlab.server.faults;

import io.netty.bootstrap.Bootstrap;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.nio.NioEventLoopGroup;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.boardlab.api.Protocol;
import org.boardlab.server.WireTap;

/**
 * A TCP proxy that makes the network misbehave on purpose ({@code boardlab proxy --listen P --to
 * HOST:PORT}): every client that connects to it is connected on to the target server, and the
 * bytes both ways pass through a {@link FaultLane} each, with the {@link FaultProfile}'s faults.
 * Every frame that comes out of a lane (what the other side receives) and every fault goes to the
 * {@link WireTap}, so the inspector or a trace shows each fault next to the traffic it changed;
 * with a protocol's framer the frames are the protocol's, decoded by its describer.
 *
 * <pre>
 *   client ──► [proxy: to-server lane] ──► server
 *   client ◄── [proxy: to-client lane] ◄── server
 * </pre>
 * Both channels of a link run on one event loop, so a lane needs no lock. With no fault the bytes
 * are passed on as they come, in the read's own buffer (no copy), flushed per read. Back-pressure:
 * a side is not read while the other cannot take more (Netty's writability) or while a lane holds
 * more than {@link FaultLane#HOLD_HIGH} bytes.
 */
public final class FaultProxy implements AutoCloseable {

    /** One client connected through the proxy. */
    public interface Link {
        long id();

        /** The client's address, {@code host:port}. */
        String client();

        FaultProfile profile();

        /** Changes this link's faults from now on. */
        void profile(FaultProfile profile);

        void close();
    }

    private final String bindAddress;
    private final int port;
    private final String targetHost;
    private final int targetPort;
    private final Protocol protocol;
    private final Supplier<ChannelHandler> framer;
    private final WireTap tap;
    private final Consumer<String> log;
    private final EventLoopGroup boss = new NioEventLoopGroup(1);
    private final EventLoopGroup workers = new NioEventLoopGroup(1);
    private final Map<Long, ProxyLink> links = new ConcurrentHashMap<>();
    private volatile FaultProfile profile;
    private Channel listening;

    /**
     * @param protocol what the traffic is decoded as in the tap ({@code null}: {@link RawBytes})
     * @param framer   makes the protocol's tap framer for each direction of a link, or {@code null}
     * @param tap      where frames and faults go, or {@code null}
     * @param log      told of links opening and closing
     */
    public FaultProxy(String bindAddress, int port, String targetHost, int targetPort, FaultProfile profile, Protocol protocol,
            Supplier<ChannelHandler> framer, WireTap tap, Consumer<String> log) {
        this.bindAddress = bindAddress;
        this.port = port;
        this.targetHost = targetHost;
        this.targetPort = targetPort;
        this.profile = profile;
        this.protocol = protocol == null ? RawBytes.INSTANCE : protocol;
        this.framer = framer;
        this.tap = tap;
        this.log = log;
    }

    /**
     * Opens the listening port.
     *
     * @return the address bound
     * @throws IllegalStateException if the port cannot be opened
     */
    public synchronized InetSocketAddress start() {
        ServerBootstrap b = new ServerBootstrap().group(boss, workers).channel(NioServerSocketChannel.class)
                .option(ChannelOption.SO_BACKLOG, 1024)
                .childOption(ChannelOption.TCP_NODELAY, true)
                .childOption(ChannelOption.AUTO_READ, false)
                .childHandler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel ch) {
                        new ProxyLink(ch);
                    }
                });
        try {
            listening = b.bind(bindAddress, port).sync().channel();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while opening port " + port);
        } catch (Exception e) {
            throw new IllegalStateException("cannot listen on " + bindAddress + ":" + port + ": " + e.getMessage(), e);
        }
        return (InetSocketAddress) listening.localAddress();
    }

    /** The profile new links get. */
    public FaultProfile profile() {
        return profile;
    }

    /** Changes the faults of new links and of every open one. */
    public void profile(FaultProfile next) {
        profile = next;
        for (ProxyLink l : links.values()) {
            l.profile(next);
        }
    }

    /** The links now open. */
    public List<Link> links() {
        return List.copyOf(links.values());
    }

    @Override
    public void close() {
        if (listening != null) {
            listening.close().syncUninterruptibly();
        }
        for (ProxyLink l : List.copyOf(links.values())) {
            l.close();
        }
        workers.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
        boss.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
    }

    private final class ProxyLink implements Link {
        private final long id = WireTap.newConnectionId();
        private final Channel client;
        private final String remote;
        private volatile FaultProfile linkProfile = FaultProxy.this.profile;
        private Channel server;
        private FaultLane up;
        private FaultLane down;
        private final TapFramer upFrames = new TapFramer(framer);
        private final TapFramer downFrames = new TapFramer(framer);
        private boolean upFull;
        private boolean downFull;

        ProxyLink(SocketChannel ch) {
            this.client = ch;
            InetSocketAddress a = ch.remoteAddress();
            this.remote = a == null ? "?" : a.getAddress().getHostAddress() + ":" + a.getPort();
            links.put(id, this);
            FaultProfile p = linkProfile;
            FaultReporter reporter = (direction, kind, text, bytes) -> {
                if (tap != null) {
                    tap.fault(id, remote, null, protocol, direction.fromClient(), kind, text, bytes, 0);
                }
            };
            up = new FaultLane(Direction.TO_SERVER, p.toServer(), p.seed() + id, ch.eventLoop(), new Side(Direction.TO_SERVER),
                    reporter);
            down = new FaultLane(Direction.TO_CLIENT, p.toClient(), p.seed() + id, ch.eventLoop(), new Side(Direction.TO_CLIENT),
                    reporter);
            ch.pipeline().addLast("proxy-client", new ChannelInboundHandlerAdapter() {
                @Override
                public void channelRead(ChannelHandlerContext ctx, Object msg) {
                    up.accept((ByteBuf) msg, null);
                }

                @Override
                public void channelWritabilityChanged(ChannelHandlerContext ctx) {
                    readable();
                }

                @Override
                public void channelInactive(ChannelHandlerContext ctx) {
                    if (server == null) {
                        end();
                        return;
                    }
                    if (up.faults().paused()) {
                        up.discard();
                        closeServer();
                    } else {
                        up.then(FaultProxy.ProxyLink.this::closeServer);
                    }
                }

                @Override
                public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
                    log.accept("link " + id + " (" + remote + "): " + cause.getMessage());
                    close();
                }
            });
            ch.closeFuture().addListener(f -> end());
            new Bootstrap().group(ch.eventLoop()).channel(NioSocketChannel.class)
                    .option(ChannelOption.TCP_NODELAY, true)
                    .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, 10_000)
                    .handler(new ChannelInboundHandlerAdapter() {
                        @Override
                        public void channelRead(ChannelHandlerContext ctx, Object msg) {
                            down.accept((ByteBuf) msg, null);
                        }

                        @Override
                        public void channelWritabilityChanged(ChannelHandlerContext ctx) {
                            readable();
                        }

                        @Override
                        public void channelInactive(ChannelHandlerContext ctx) {
                            if (down.faults().paused()) {
                                down.discard();
                                closeClient();
                            } else {
                                down.then(FaultProxy.ProxyLink.this::closeClient);
                            }
                        }

                        @Override
                        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
                            log.accept("link " + id + " (" + remote + "): the server's side: " + cause.getMessage());
                            close();
                        }
                    })
                    .connect(targetHost, targetPort).addListener((ChannelFutureListener) f -> {
                        if (!f.isSuccess()) {
                            log.accept("link " + id + " (" + remote + "): cannot reach " + targetHost + ":" + targetPort + ": "
                                    + (f.cause() == null ? "failed" : f.cause().getMessage()) + "; closing the client");
                            client.close();
                            return;
                        }
                        server = f.channel();
                        server.closeFuture().addListener(x -> end());
                        log.accept("link " + id + ": " + remote + " -> " + targetHost + ":" + targetPort + " (faults: "
                                + linkProfile + ")");
                        server.read();
                        client.read();
                        client.config().setAutoRead(true);
                        server.config().setAutoRead(true);
                        readable();
                    });
            ch.config().setAutoRead(false);
        }

        /** Each side is read only while the other can take more and its lane holds little. */
        private void readable() {
            if (server == null) {
                return;
            }
            client.config().setAutoRead(server.isWritable() && !upFull);
            server.config().setAutoRead(client.isWritable() && !downFull);
        }

        private void closeServer() {
            if (server != null) {
                server.writeAndFlush(Unpooled.EMPTY_BUFFER).addListener(ChannelFutureListener.CLOSE);
            }
        }

        private void closeClient() {
            client.writeAndFlush(Unpooled.EMPTY_BUFFER).addListener(ChannelFutureListener.CLOSE);
        }

        private boolean ended;

        private void end() {
            if (links.remove(id) != null) {
                client.eventLoop().execute(() -> {
                    if (ended) {
                        return;
                    }
                    ended = true;
                    // what the lanes still hold is sent first if they can (the peer's close waits for it);
                    // a paused lane would hold it for ever
                    finish(up, () -> {
                        up.discard();
                        upFrames.close();
                        closeServer();
                    });
                    finish(down, () -> {
                        down.discard();
                        downFrames.close();
                        closeClient();
                    });
                    log.accept("link " + id + " (" + remote + ") closed");
                });
            }
        }

        private void finish(FaultLane lane, Runnable action) {
            if (lane.faults().paused()) {
                lane.discard();
                action.run();
            } else {
                lane.then(action);
            }
        }

        @Override
        public long id() {
            return id;
        }

        @Override
        public String client() {
            return remote;
        }

        @Override
        public FaultProfile profile() {
            return linkProfile;
        }

        @Override
        public void profile(FaultProfile next) {
            linkProfile = next;
            client.eventLoop().execute(() -> {
                up.faults(next.toServer());
                down.faults(next.toClient());
            });
        }

        @Override
        public void close() {
            client.eventLoop().execute(() -> {
                up.discard();
                down.discard();
                client.close();
                if (server != null) {
                    server.close();
                }
            });
        }

        /** Where a lane's bytes go: the other side's channel, and the tap. */
        private final class Side implements FaultLane.Sink {
            private final Direction direction;

            Side(Direction direction) {
                this.direction = direction;
            }

            private Channel target() {
                return direction == Direction.TO_SERVER ? server : client;
            }

            @Override
            public ChannelFuture deliver(ByteBuf bytes) {
                if (tap != null && tap.active() && bytes.isReadable()) {
                    TapFramer frames = direction == Direction.TO_SERVER ? upFrames : downFrames;
                    for (byte[] frame : frames.frames(bytes)) {
                        tap.frame(id, remote, null, protocol, direction.fromClient(), frame, 0);
                    }
                }
                return target().write(bytes);
            }

            @Override
            public void flush() {
                target().flush();
            }

            @Override
            public void close() {
                FaultProxy.ProxyLink.this.close();
            }

            @Override
            public void hold(boolean full) {
                if (direction == Direction.TO_SERVER) {
                    upFull = full;
                } else {
                    downFull = full;
                }
                readable();
            }
        }
    }
}
