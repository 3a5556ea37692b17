package org.boardlab.protocol.reversi;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelPipeline;
import io.netty.channel.EventLoopGroup;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Iterator;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import org.boardlab.client.ClientOptions;
import org.boardlab.client.CloseReason;
import org.boardlab.client.NettyClient;

/**
 * A client of a seed 004 Game Master, as a player (on the BP or WP port) or as a Game Controller (on
 * the GC port): it keeps the order of the answers, answers the Game Master's Pings with OK, pings
 * after a second of silence and closes a Game Master that leaves a Ping unanswered for 2 s.
 *
 * <p>A player (a client that sent Connect) closes its connection after End, as the seed asks; a
 * controller stays connected for the next game.
 *
 * <p>Answers (OK/NOK) come in the order of the requests (spec, section 2), so the client keeps the
 * kinds of its requests waiting for an answer in a queue and hands each answer to the right
 * listener method: {@link Listener#moveAnswered}, {@link Listener#controlAnswered}, or none for a
 * Ping's. Every listener call runs on the connection's event loop (see {@link NettyClient}).
 */
public final class ReversiClient extends NettyClient<ReversiClient, ReversiMessage, ProtocolViolation> {

    /** What a player or a controller hears; every method has an empty default. */
    public interface Listener {
        /** Player OK: the seat's colour ({@link ReversiMessage#BLACK} or {@link ReversiMessage#WHITE}); again = a colour change. */
        default void playerOk(int colour) {
        }

        /** The Game Master refused the Connect (the seat is taken). */
        default void connectRefused() {
        }

        /** Next Turn: this player's move is wanted on {@code board}. */
        default void nextTurn(ReversiMessage.Board board) {
        }

        /** The answer to this client's New Move. */
        default void moveAnswered(boolean ok) {
        }

        /** Status1 then Status2 (a controller). */
        default void status(ReversiMessage.Board board, ReversiMessage.Status2 status) {
        }

        /** The answer to this client's Control. */
        default void controlAnswered(boolean ok) {
        }

        /** End, with both scores. */
        default void end(ReversiMessage.End end) {
        }

        /** The Game Master pinged (the client has answered OK). */
        default void pinged() {
        }

        /** The connection closed. */
        default void closed(CloseReason reason) {
        }
    }

    private enum Asked { CONNECT, MOVE, CONTROL, PING }

    private final CopyOnWriteArrayList<Listener> listeners = new CopyOnWriteArrayList<>();
    private final Deque<Asked> waiting = new ArrayDeque<>();
    private ReversiMessage.Board pendingBoard;
    private long lastHeard = System.nanoTime();
    private long pingSentAt;
    private volatile boolean ended;
    /** It sent Connect: a player, who disconnects after End (a controller stays). */
    private volatile boolean player;

    /** A client on the shared event loops, with a first listener (or {@code null}). */
    public ReversiClient(Listener listener) {
        this(null, listener);
    }

    /** A client on {@code group} (a load generator's own), or the shared loops for {@code null}. */
    public ReversiClient(EventLoopGroup group, Listener listener) {
        super("reversi", ReversiMessage.class, ProtocolViolation.class,
                ClientOptions.keepAliveEvery(Duration.ofMillis(500)).withGroup(group), null);
        if (listener != null) {
            listeners.add(listener);
        }
        addListener(new org.boardlab.client.ClientListener<>() {
            @Override
            public void malformed(ProtocolViolation violation) {
                ReversiClient.this.malformed(violation);
            }
        });
    }

    /** Adds a listener (calls come on the connection's event loop). */
    public void listen(Listener listener) {
        listeners.add(listener);
    }

    private void tell(Consumer<Listener> call) {
        for (Listener l : listeners) {
            try {
                call.accept(l);
            } catch (RuntimeException e) {
                java.util.logging.Logger.getLogger("org.boardlab.protocol.reversi")
                        .warning("a listener of the reversi client failed: " + e);
            }
        }
    }

    /** {@code true} once End has come. */
    public boolean ended() {
        return ended;
    }

    /** Sends Connect with the name (a player). Any thread. */
    public void connectAs(String name) {
        player = true;
        send(ReversiMessage.Connect.of(name), Asked.CONNECT);
    }

    /** Sends New Move. Any thread. */
    public void move(int x, int y) {
        send(new ReversiMessage.NewMove(x, y), Asked.MOVE);
    }

    /** Sends Control (a controller). Any thread. */
    public void control(ReversiMessage.Control control) {
        send(control, Asked.CONTROL);
    }

    private void send(ReversiMessage m, Asked kind) {
        if (!execute(() -> {
            if (link() != Link.OPEN) {
                return; // closed meanwhile (the Game Master closes players after End): nothing to send to
            }
            try {
                write(m);
            } catch (IllegalStateException e) {
                return; // the connection closed a moment before this client heard of it: the same, nothing to send to
            }
            waiting.add(kind);
        })) {
            throw new IllegalStateException("the client is not connected");
        }
    }

    @Override
    protected void codec(ChannelPipeline pipeline) {
        ReversiCodec.addClientSide(pipeline);
    }

    /** Bytes from the Game Master that are not a message: the protocol is broken. */
    private void malformed(ProtocolViolation v) {
        lastHeard = System.nanoTime();
        reportProtocolError("the Game Master sent bad bytes: " + v.reason());
        if (v.fatal()) {
            activeChannel().close();
        }
    }

    @Override
    protected void received(ReversiMessage m) {
        lastHeard = System.nanoTime();
        if (m instanceof ReversiMessage.Ping) {
            write(ReversiMessage.Ok.OK);
            tell(Listener::pinged);
        } else if (m instanceof ReversiMessage.Ok ok) {
            Asked asked = answeredBy(ok.ok());
            if (asked == Asked.PING) {
                pingSentAt = 0;
            } else if (asked == Asked.MOVE) {
                tell(l -> l.moveAnswered(ok.ok()));
            } else if (asked == Asked.CONTROL) {
                tell(l -> l.controlAnswered(ok.ok()));
            } else if (asked == Asked.CONNECT && !ok.ok()) {
                tell(Listener::connectRefused);
            }
        } else if (m instanceof ReversiMessage.PlayerOk p) {
            waiting.removeFirstOccurrence(Asked.CONNECT);
            tell(l -> l.playerOk(p.colour()));
        } else if (m instanceof ReversiMessage.NextTurn t) {
            tell(l -> l.nextTurn(t.board()));
        } else if (m instanceof ReversiMessage.Status1 s) {
            pendingBoard = s.board();
        } else if (m instanceof ReversiMessage.Status2 s) {
            ReversiMessage.Board b = pendingBoard;
            pendingBoard = null;
            if (b != null) {
                tell(l -> l.status(b, s));
            }
        } else if (m instanceof ReversiMessage.End e) {
            ended = true;
            tell(l -> l.end(e));
            if (player) {
                close(); // the seed (L30): "END: the client player must disconnect and stop"; a controller stays for the next game
            }
        }
    }

    /**
     * The request that an OK ({@code true}) or NOK answers, taken from the queue: the oldest one it can
     * answer. Answers come in the order of the requests, but a Connect is answered by Player OK or
     * NOK, never OK, and a Ping by OK, never NOK; so an OK that a Game Master sends for a Ping ahead
     * of the Player OK of an earlier Connect (boardlab's own conformance kit did, under load) is
     * the Ping's, not taken for the Connect's while the Ping stays unanswered.
     */
    private Asked answeredBy(boolean ok) {
        for (Iterator<Asked> i = waiting.iterator(); i.hasNext();) {
            Asked a = i.next();
            if (ok ? a != Asked.CONNECT : a != Asked.PING) {
                i.remove();
                return a;
            }
        }
        return null;
    }

    /** After a second of silence: a Ping; a Ping unanswered for 2 s: the Game Master does not respond. */
    @Override
    protected void keepAlive(ChannelHandlerContext ctx) {
        long now = System.nanoTime();
        if (pingSentAt != 0) {
            if (now - pingSentAt > 2_000_000_000L) {
                fail("the Game Master did not answer a Ping within 2 s");
            }
            return;
        }
        if (now - lastHeard >= 1_000_000_000L) {
            pingSentAt = now;
            waiting.add(Asked.PING);
            ctx.writeAndFlush(ReversiMessage.Ping.INSTANCE);
        }
    }

    @Override
    protected void connectionClosed(CloseReason reason) {
        tell(l -> l.closed(reason));
    }
}
