package org.boardlab.protocol.reversi.internal;

import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.timeout.IdleStateEvent;
import org.boardlab.api.Side;
import org.boardlab.protocol.reversi.ProtocolViolation;
import org.boardlab.protocol.reversi.ReversiMessage;
import org.boardlab.server.Connection;
import org.boardlab.server.OrderedWrites;

/**
 * One player's connection to a {@link GameMaster}, on the BP or WP port. States:
 *
 * <pre>
 *  CONNECTING ── Connect, seat free ──► SEATED ── End / lost / forfeit ──► DONE (closed)
 *      │            (Player OK)            │
 *      └── Connect, seat taken: NOK, close └── New Move: to the Game Master (OK or NOK once judged)
 * </pre>
 *
 * <p>Answers go out in the order of the requests: an OK to a Ping that arrives while a New Move is
 * being judged waits for that move's OK/NOK. Everything here runs on the connection's event loop;
 * the Game Master's calls from the match thread hop onto it.
 */
final class PlayerSession extends ChannelInboundHandlerAdapter {

    private enum State { CONNECTING, SEATED, DONE }

    private final GameMaster gm;
    private final Connection connection;
    private final Side side;
    private volatile String name = "?";
    /** Its game is over (End is on its way): a move from now on is late and ignored. */
    private volatile boolean gameOver;
    private ChannelHandlerContext ctx;
    /** Every write to this player, in the order made (see {@link OrderedWrites}). */
    private OrderedWrites writes;
    private State state = State.CONNECTING;
    /** A New Move was handed to the referee and its OK/NOK is not sent yet. */
    private boolean moveReplyPending;
    /** Pings answered after that reply. */
    private int deferredPingAnswers;
    private final Liveness liveness = new Liveness();

    PlayerSession(GameMaster gm, Connection connection, Side side) {
        this.gm = gm;
        this.connection = connection;
        this.side = side;
    }

    Side side() {
        return side;
    }

    String name() {
        return name;
    }

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) {
        this.ctx = ctx;
        this.writes = new OrderedWrites(ctx.executor());
        connection.state("connected to the " + GameMaster.colour(side) + " port");
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        liveness.heard(msg);
        if (state == State.DONE) {
            return;
        }
        if (msg instanceof ProtocolViolation v) {
            broke(v.reason());
        } else if (msg instanceof ReversiMessage.Connect c) {
            if (state == State.SEATED) {
                broke("Connect sent twice");
                return;
            }
            name = c.text();
            connection.playerName(name);
            if (gm.seat(this)) {
                state = State.SEATED;
            } else {
                state = State.DONE;
                connection.state("refused: the " + GameMaster.colour(side) + " seat is taken");
                gm.host().log("refused " + name + " on the " + GameMaster.colour(side) + " port: the seat is taken");
                writes.run(() -> ctx.writeAndFlush(ReversiMessage.Ok.NOK).addListener(ChannelFutureListener.CLOSE));
            }
        } else if (msg instanceof ReversiMessage.NewMove m) {
            if (state != State.SEATED) {
                broke("New Move before Connect");
                return;
            }
            gm.move(this, m.x(), m.y());
        } else if (msg instanceof ReversiMessage.Ping) {
            if (moveReplyPending) {
                deferredPingAnswers++;
            } else {
                writes.run(() -> ctx.writeAndFlush(ReversiMessage.Ok.OK));
            }
        } else if (msg instanceof ReversiMessage.Ok) {
            // the answer to our Ping (Liveness has seen it)
        } else if (msg instanceof ReversiMessage m) {
            broke(m.typeName() + " is sent on the Game Controller's port, not a player's");
        }
    }

    /** The player broke the protocol: NOK, it loses a game in progress, and it is disconnected. */
    private void broke(String reason) {
        boolean seated = state == State.SEATED;
        state = State.DONE;
        if (seated) {
            writes.run(() -> ctx.writeAndFlush(ReversiMessage.Ok.NOK));
            gm.garbage(this, reason);
        }
        connection.violation(reason);
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object evt) throws Exception {
        if (evt instanceof IdleStateEvent) {
            if (liveness.silent(ctx) && state != State.DONE) {
                boolean seated = state == State.SEATED;
                state = State.DONE;
                if (seated) {
                    gm.left(this, "did not answer a Ping within " + GameMaster.PING_ANSWER_MILLIS / 1000 + " s");
                }
                gm.host().log("closing " + connection.remoteAddress() + " (" + name + "): no answer to a Ping");
                ctx.close();
            }
            return;
        }
        super.userEventTriggered(ctx, evt);
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) throws Exception {
        state = State.DONE;
        gm.left(this, "lost the connection");
        super.channelInactive(ctx);
    }

    // ---- called by the Game Master, from any thread ----

    void state(String description) {
        connection.state(description);
    }

    void inGame(long matchId) {
        connection.matchId(matchId);
        connection.state(GameMaster.colour(side) + ", in game");
    }

    void send(ReversiMessage message) {
        onLoop(() -> ctx.writeAndFlush(message));
    }

    /** A move was handed to the referee (on this event loop). */
    /** Its game ended: what it sends from now on until it is closed is ignored. */
    void gameOver() {
        gameOver = true;
    }

    boolean isGameOver() {
        return gameOver;
    }

    void moveSent() {
        moveReplyPending = true;
    }

    /** NOK to a move refused at once (out of turn, off the board); on this event loop. */
    void refuseMove() {
        writes.run(() -> ctx.writeAndFlush(ReversiMessage.Ok.NOK));
    }

    /** The referee applied this player's move: OK, then the Pings answered meanwhile. */
    void moveAccepted() {
        onLoop(() -> reply(ReversiMessage.Ok.OK));
    }

    /** The referee refused this player's move (the game ends): NOK if a move was waiting for its answer. */
    void refuseIfMoveSent() {
        onLoop(() -> {
            if (moveReplyPending) {
                reply(ReversiMessage.Ok.NOK);
            }
        });
    }

    private void reply(ReversiMessage.Ok answer) {
        moveReplyPending = false;
        ctx.write(answer);
        for (; deferredPingAnswers > 0; deferredPingAnswers--) {
            ctx.write(ReversiMessage.Ok.OK);
        }
        ctx.flush();
    }

    /** End, then the connection is closed (the seed: the player disconnects and stops). */
    void endAndClose(ReversiMessage.End end) {
        onLoop(() -> {
            if (moveReplyPending) {
                reply(ReversiMessage.Ok.NOK);
            }
            state = State.DONE;
            connection.state("game over");
            ctx.writeAndFlush(end).addListener(ChannelFutureListener.CLOSE);
        });
    }

    private void onLoop(Runnable task) {
        writes.run(task);
    }
}
