package org.boardlab.server;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelDuplexHandler;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelPromise;
import java.net.InetSocketAddress;
import java.util.function.Supplier;
import org.boardlab.api.Protocol;
import org.boardlab.server.faults.TapFramer;

/**
 * The wire tap of one of boardlab's own client connections (the workbench playing on somebody's
 * server): first in the client's pipeline, it hands a copy of every whole frame, in and out, to a
 * {@link WireTap}, so the inspector shows the connection as it shows the server's. Frames are cut
 * by the protocol's {@linkplain ServerProtocol#newTapFramer() tap framer}; what the client sends is
 * "in" ({@code fromClient}), as on a server. Read-only; the bytes pass untouched.
 */
public final class ClientTap extends ChannelDuplexHandler {

    private final WireTap tap;
    private final Protocol protocol;
    private final String player;
    private final long id = WireTap.newConnectionId();
    private final TapFramer in;
    private final TapFramer out;
    private volatile long matchId;
    private volatile String remote = "?";

    /**
     * @param protocol the protocol spoken (its describer decodes the frames)
     * @param framer   makes the protocol's tap framer, or {@code null}: each read and write as it comes
     * @param player   the name the client plays under, or {@code null}
     */
    public ClientTap(WireTap tap, Protocol protocol, Supplier<ChannelHandler> framer, String player) {
        this.tap = tap;
        this.protocol = protocol;
        this.player = player;
        this.in = new TapFramer(framer);
        this.out = new TapFramer(framer);
    }

    /** The connection's id in the inspector. */
    public long connectionId() {
        return id;
    }

    /** The game shown for this connection's frames (the inspector's board at a message), or {@code 0}. */
    public void matchId(long id) {
        matchId = id;
    }

    /**
     * A whole message of a client whose connection is not a Netty pipeline (seed 002's web player:
     * CometD over Jetty's HTTP client), as its protocol's decoder reads it, under this connection's id,
     * player and game, as the frames of the clients on Netty are.
     *
     * @param address    the server's address as the inspector shows it ({@code HOST:PORT}), or {@code null} to keep the last
     * @param fromClient {@code true} for what the client sent ("in", as on a server)
     */
    public void message(String address, boolean fromClient, byte[] raw) {
        if (address != null) {
            remote = address;
        }
        if (tap.active()) {
            tap.frame(id, remote, player, protocol, fromClient, raw, matchId);
        }
    }

    @Override
    public void channelActive(ChannelHandlerContext ctx) throws Exception {
        if (ctx.channel().remoteAddress() instanceof InetSocketAddress a) {
            remote = a.getHostString() + ":" + a.getPort();
        }
        super.channelActive(ctx);
    }

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) {
        if (ctx.channel().remoteAddress() instanceof InetSocketAddress a) {
            remote = a.getHostString() + ":" + a.getPort();
        }
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (msg instanceof ByteBuf buf && buf.isReadable() && tap.active()) {
            for (byte[] frame : in.frames(buf)) {
                tap.frame(id, remote, player, protocol, false, frame, matchId);
            }
        }
        ctx.fireChannelRead(msg);
    }

    @Override
    public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) {
        if (msg instanceof ByteBuf buf && buf.isReadable() && tap.active()) {
            for (byte[] frame : out.frames(buf)) {
                tap.frame(id, remote, player, protocol, true, frame, matchId);
            }
        }
        ctx.write(msg, promise);
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        in.close();
        out.close();
        ctx.fireChannelInactive();
    }
}
