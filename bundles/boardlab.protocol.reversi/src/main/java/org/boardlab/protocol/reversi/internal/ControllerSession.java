package org.boardlab.protocol.reversi.internal;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.timeout.IdleStateEvent;
import org.boardlab.protocol.reversi.ProtocolViolation;
import org.boardlab.protocol.reversi.ReversiMessage;
import org.boardlab.server.Connection;
import org.boardlab.server.OrderedWrites;

/**
 * One Game Controller's connection to a {@link GameMaster}, on the GC port. It sends nothing to log
 * in; it gets Status1 and Status2 after every move (and at once if a game is running), End at the
 * end of each game, and sends Control (answered OK or NOK) and Ping. Several controllers may watch
 * one Game Master; each can steer it. A controller that breaks the protocol is disconnected; the
 * game goes on.
 */
final class ControllerSession extends ChannelInboundHandlerAdapter {

    private final GameMaster gm;
    private final Connection connection;
    private final Liveness liveness = new Liveness();
    private ChannelHandlerContext ctx;
    private OrderedWrites writes;

    ControllerSession(GameMaster gm, Connection connection) {
        this.gm = gm;
        this.connection = connection;
    }

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) {
        this.ctx = ctx;
        this.writes = new OrderedWrites(ctx.executor());
        connection.playerName("controller");
        connection.state("Game Controller");
    }

    @Override
    public void channelActive(ChannelHandlerContext ctx) throws Exception {
        gm.controllerJoined(this);
        super.channelActive(ctx);
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        liveness.heard(msg);
        if (msg instanceof ReversiMessage.Control c) {
            String refused = gm.refusal(c);
            if (refused != null) {
                // within the limits every protocol shares (Connection.refuse): 64 NOKs in a row at once,
                // then at most 1 a second, and the 129th refused Control in a row closes the connection
                switch (connection.refuse()) {
                    case ANSWER -> {
                        gm.host().log("Control refused (NOK) from " + connection.remoteAddress() + ": " + refused);
                        writes.run(() -> ctx.writeAndFlush(ReversiMessage.Ok.NOK));
                    }
                    case QUIET -> {
                        // refused too often: not answered, not logged again
                    }
                    case CLOSE -> {
                        gm.controllerLeft(this);
                        writes.run(() -> ctx.writeAndFlush(ReversiMessage.Ok.NOK));
                        connection.violation(Connection.REFUSAL_LIMIT);
                    }
                }
            } else {
                connection.accepted();
                writes.run(() -> ctx.writeAndFlush(ReversiMessage.Ok.OK));
                gm.apply(c);
            }
        } else if (msg instanceof ReversiMessage.Ping) {
            writes.run(() -> ctx.writeAndFlush(ReversiMessage.Ok.OK));
        } else if (msg instanceof ReversiMessage.Ok) {
            // the answer to our Ping
        } else if (msg instanceof ProtocolViolation v) {
            gm.controllerLeft(this);
            connection.violation(v.reason());
        } else if (msg instanceof ReversiMessage m) {
            gm.controllerLeft(this);
            connection.violation(m.typeName() + " is sent on a player's port, not the Game Controller's");
        }
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object evt) throws Exception {
        if (evt instanceof IdleStateEvent) {
            if (liveness.silent(ctx)) {
                gm.controllerLeft(this);
                gm.host().log("closing the Game Controller " + connection.remoteAddress() + ": no answer to a Ping");
                ctx.close();
            }
            return;
        }
        super.userEventTriggered(ctx, evt);
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) throws Exception {
        gm.controllerLeft(this);
        super.channelInactive(ctx);
    }

    /** Tags this controller's frames with the match its Game Master plays now (for the wire tap). */
    void watching(long matchId) {
        connection.matchId(matchId);
    }

    /** Sends messages in order, from any thread. */
    void send(ReversiMessage... messages) {
        writes.run(() -> {
            for (ReversiMessage m : messages) {
                ctx.write(m);
            }
            ctx.flush();
        });
    }
}
