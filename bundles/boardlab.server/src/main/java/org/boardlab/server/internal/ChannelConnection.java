package org.boardlab.server.internal;

import io.netty.channel.Channel;
import io.netty.channel.ChannelHandler;
import java.net.InetSocketAddress;
import org.boardlab.api.Protocol;
import org.boardlab.core.EventBus;
import org.boardlab.server.Connection;
import org.boardlab.server.EmbeddedServer;
import org.boardlab.server.Lobby;
import org.boardlab.server.ServerSettings;

/** A connection as the server keeps it: the channel, who is on it, and its tap. */
public final class ChannelConnection implements Connection {

    private final long id = org.boardlab.server.WireTap.newConnectionId();
    private final Channel channel;
    private final Protocol protocol;
    private final EmbeddedServer server;
    private final String remote;
    private final long connectedAt = System.currentTimeMillis();
    private final TapHandler tap = new TapHandler(this);
    private final BackPressure backPressure;
    private final RefusalLimiter refusals = new RefusalLimiter();
    private volatile String player;
    private volatile long matchId;
    private volatile long lastRead = System.currentTimeMillis();
    private volatile String state = "connected";
    private volatile boolean violated;
    private volatile org.boardlab.server.faults.FaultHandler faults;

    public ChannelConnection(Channel channel, Protocol protocol, EmbeddedServer server) {
        this.channel = channel;
        this.protocol = protocol;
        this.server = server;
        this.remote = channel.remoteAddress() instanceof InetSocketAddress a
                ? a.getAddress().getHostAddress() + ":" + a.getPort() : String.valueOf(channel.remoteAddress());
        ServerSettings settings = server.settings();
        this.backPressure = new BackPressure(this, settings.maxQueuedBytes(), settings.maxQueuedTime().toNanos());
    }

    /** This connection's back-pressure handler, first in its pipeline (see {@link BackPressure}). */
    public ChannelHandler backPressure() {
        return backPressure;
    }

    /** The client is closed for not reading its output: logged, counted, and shown in the inspector. */
    void slowReader(String why) {
        server.slowReader(this, why);
        server.tapFrame(EventBus.nowMicros(), id, remote, player, protocol, true, new byte[0], matchId,
                "slow reader: " + why);
    }

    @Override
    public org.boardlab.server.faults.FaultProfile faults() {
        org.boardlab.server.faults.FaultHandler f = faults;
        return f == null ? org.boardlab.server.faults.FaultProfile.NONE : f.profile();
    }

    /**
     * Injects {@code profile}'s faults: the first time, a {@link org.boardlab.server.faults.FaultHandler}
     * goes first in the pipeline (next to the socket); later, its profile changes. Every fault goes to
     * the wire tap and the server's log counts them.
     */
    @Override
    public synchronized void faults(org.boardlab.server.faults.FaultProfile profile) {
        org.boardlab.server.faults.FaultHandler f = faults;
        if (f != null) {
            f.profile(profile);
            return;
        }
        if (profile.none()) {
            return;
        }
        org.boardlab.server.faults.FaultHandler handler = new org.boardlab.server.faults.FaultHandler(profile,
                (direction, kind, text, bytes) -> {
                    server.faultInjected();
                    server.tap().fault(id, remote, player, protocol, direction.fromClient(), kind, text, bytes, matchId);
                });
        faults = handler;
        if (channel.eventLoop().inEventLoop() || !channel.isRegistered()) {
            channel.pipeline().addFirst(org.boardlab.server.faults.FaultHandler.NAME, handler);
        } else {
            // waited for: "from now on" means the next byte read or written, and the event loop would
            // otherwise handle a read already waiting (and the answer to it) before this task
            channel.eventLoop().submit(() -> channel.pipeline().addFirst(org.boardlab.server.faults.FaultHandler.NAME, handler))
                    .awaitUninterruptibly(5, java.util.concurrent.TimeUnit.SECONDS);
        }
    }

    EmbeddedServer server() {
        return server;
    }

    /** A frame came in from the client (seen by the tap handler whether or not anybody listens). */
    void read() {
        lastRead = System.currentTimeMillis();
    }

    void tapped(byte[] bytes, boolean fromClient) {
        server.tapFrame(EventBus.nowMicros(), id, remote, player, protocol, fromClient, bytes, matchId, null);
    }

    @Override
    public long id() {
        return id;
    }

    @Override
    public String remoteAddress() {
        return remote;
    }

    @Override
    public String protocolId() {
        return protocol.id();
    }

    @Override
    public String playerName() {
        return player;
    }

    @Override
    public void playerName(String name) {
        player = name;
    }

    @Override
    public void matchId(long id) {
        matchId = id;
    }

    @Override
    public long matchId() {
        return matchId;
    }

    @Override
    public ServerSettings settings() {
        return server.settings();
    }

    @Override
    public Lobby lobby() {
        return server.lobby();
    }

    @Override
    public ChannelHandler tap() {
        return tap;
    }

    @Override
    public void violation(String reason) {
        if (violated) {
            return; // one violation per connection: what follows (a frame cut short by the close) is its echo
        }
        violated = true;
        server.violation(this, reason);
        server.tapFrame(EventBus.nowMicros(), id, remote, player, protocol, true, new byte[0], matchId, reason);
        channel.config().setAutoRead(false); // nothing more is read from a client being closed for a violation
        channel.eventLoop().execute(() -> channel.writeAndFlush(io.netty.buffer.Unpooled.EMPTY_BUFFER)
                .addListener(io.netty.channel.ChannelFutureListener.CLOSE));
    }

    @Override
    public Refusal refuse() {
        return refusals.refuse(System.nanoTime());
    }

    @Override
    public void accepted() {
        refusals.accepted();
    }

    @Override
    public void close() {
        channel.close();
    }

    public Channel channel() {
        return channel;
    }

    @Override
    public long connectedAtMillis() {
        return connectedAt;
    }

    @Override
    public long lastReadMillis() {
        return lastRead;
    }

    @Override
    public String state() {
        return state;
    }

    @Override
    public void state(String s) {
        state = s;
    }
}
