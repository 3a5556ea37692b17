package org.boardlab.protocol.gomoku;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelPipeline;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.nio.NioEventLoopGroup;
import java.time.Duration;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.boardlab.api.Game;
import org.boardlab.api.Player;
import org.boardlab.protocol.gomoku.GomokuMessage.Color;
import org.boardlab.protocol.gomoku.GomokuMessage.FullUpdate;
import org.boardlab.protocol.gomoku.GomokuMessage.Hello;
import org.boardlab.protocol.gomoku.GomokuMessage.Place;
import org.boardlab.protocol.gomoku.GomokuMessage.Sender;
import org.boardlab.protocol.gomoku.GomokuMessage.Update;
import org.boardlab.protocol.gomoku.GomokuMessage.Win;
import org.boardlab.server.client.CloseKind;
import org.boardlab.server.client.NettyClient;

/**
 * A client of seed 003's GMKU protocol over Netty: it connects, sends typed
 * {@link GomokuMessage}s, decodes the server's frames, keeps what a player must know (its colour,
 * the board, whose turn it is, the result) and tells {@linkplain Listener listeners} about every
 * server message, every frame it had to skip and the close. It sends a heartbeat every 40 s, as
 * the original client does (the server drops a connection silent for 45 s). The connection itself
 * (connecting, the listeners, the close reported once) is the boardlab server bundle's
 * {@link NettyClient}, which every protocol's client is built on; this class adds GMKU.
 *
 * <pre>{@code
 * GomokuClient client = new GomokuClient(new GomokuClient.Listener() {
 *     public void message(GomokuMessage m) { System.out.println(m.type()); }
 * });
 * client.connect("127.0.0.1", GomokuWire.DEFAULT_PORT).join();
 * client.send(GomokuMessage.JOIN);            // wait to be paired with the next client
 * ...                                         // on your turn: client.send(new Place(7, 7)), h8
 * client.close();
 * }</pre>
 *
 * <h2>Threads</h2>
 * Every listener call, and every completion of the futures this class returns, runs on the
 * connection's Netty event loop, one at a time and in the order the frames arrived. Listeners must
 * return quickly and never block there: hand slow work to another thread, as {@link GomokuSeat}
 * does with a player's thinking, and come back with {@link #execute}. {@link #send},
 * {@link #close} and the getters may be called from any thread. The state is updated before the
 * listeners hear of the message that changed it.
 *
 * <h2>Event loops</h2>
 * Clients share one small group of daemon event-loop threads ({@link #sharedGroup()}) unless
 * {@link Options#group()} names another {@link NioEventLoopGroup}: a load generator with thousands
 * of clients gives them all its own group.
 *
 * <h2>Closing</h2>
 * {@link #close()} closes the connection (during a round, the server gives the round to the
 * opponent). The reason a connection closed, in {@link Listener#closed} and
 * {@link #closeFuture()}: a protocol error when the server's bytes were not a stream of GMKU frames
 * (this client then closes the connection), else this client's close, else a failure of the
 * network, else the server's close.
 *
 * <h2>Pitfalls</h2>
 * <ul>
 * <li>GMKU has no names and no lobby: {@code join} pairs the client with the next one, and the
 * server says nothing until a round starts except {@code hello}.</li>
 * <li>An incremental {@code update} names the colour to move <em>now</em>; the stone placed is the
 * other colour ({@link Update#placed()}).</li>
 * <li>A client connects once: make a new one to connect again.</li>
 * </ul>
 */
public final class GomokuClient extends NettyClient<GomokuClient, GomokuClient.Listener, GomokuClient.CloseReason> {

    /** Where the client stands. */
    public enum Phase {
        /** {@link #connect} has not succeeded yet (or was not called). */
        CONNECTING,
        /** Connected; has not been answered {@code hello} yet (send {@code join}). */
        CONNECTED,
        /** Joined: waits for an opponent or for the next round to start. */
        WAITING,
        /**
         * A round is being played ({@code color} came, or for a spectator the board after a
         * {@code hello}; no {@code win} yet).
         */
        PLAYING,
        /** The round is over ({@code win}); send {@code new} for another. */
        ROUND_OVER,
        /** The connection is closed; the client cannot be used again. */
        CLOSED
    }

    /**
     * The client's round, as the server's frames tell it: the running round, or the last one once it
     * is over (until the next starts).
     *
     * @param role    what this client is in the round
     * @param board   the board after the last stone
     * @param lastRow the row of the last stone, or -1 when there is none
     * @param lastCol the column of the last stone, or -1 when there is none
     * @param turn    the colour to move
     * @param result  the {@code win} that ended the round; empty while it goes on
     */
    public record Round(Role role, WireBoard board, int lastRow, int lastCol, Stone turn, Optional<Winner> result) {

        /** Checks that nothing is {@code null}. */
        public Round {
            Objects.requireNonNull(role, "role");
            Objects.requireNonNull(board, "board");
            Objects.requireNonNull(turn, "turn");
            Objects.requireNonNull(result, "result");
        }

        /** This client's colour, or empty for a spectator. */
        public Optional<Stone> colour() {
            return role.stone();
        }

        /** {@code true} when the round goes on and this client is to move. */
        public boolean myTurn() {
            return result.isEmpty() && role.stone().isPresent() && role.stone().get() == turn;
        }

        /** {@code true} once the round is over. */
        public boolean over() {
            return result.isPresent();
        }
    }

    /**
     * Why the connection closed.
     *
     * @param kind   who or what closed it
     * @param detail one sentence for people
     */
    public record CloseReason(Kind kind, String detail) {

        /** Who or what closed the connection. */
        public enum Kind {
            /** This client ({@link #close()}). */
            CLIENT,
            /** The server closed it (it shut down, or dropped the client). */
            SERVER,
            /** The server's bytes were not a stream of GMKU frames, so this client closed it. */
            PROTOCOL_ERROR,
            /** The network failed. */
            FAILED
        }

        /** Checks that nothing is {@code null}. */
        public CloseReason {
            Objects.requireNonNull(kind, "kind");
            Objects.requireNonNull(detail, "detail");
        }
    }

    /**
     * What a client tells the code that uses it. Every method has an empty default. Calls run on
     * the connection's event loop; an exception thrown by a listener is printed to standard error
     * and the client goes on.
     */
    public interface Listener {

        /** A well-formed frame from the server (heartbeats included), after the state was updated. */
        default void message(GomokuMessage message) {
        }

        /**
         * A frame from the server that could not be read as a message (bad JSON, an unknown type, a
         * message only clients send...): it is skipped and the connection stays open.
         */
        default void skipped(ProtocolViolation violation) {
        }

        /** The connection closed; called once, last. Not called when {@link #connect} fails. */
        default void closed(CloseReason reason) {
        }
    }

    /**
     * How a client connects.
     *
     * @param group             the event loops to run on: a {@link NioEventLoopGroup}, or
     *                          {@code null} for {@link GomokuClient#sharedGroup()}
     * @param heartbeatInterval how often to send the empty frame (the original: 40 s);
     *                          {@link Duration#ZERO}: never
     * @param pipeline          called with each new connection's pipeline after the codec's stages
     *                          ({@code gomoku-framer}, {@code gomoku-decoder},
     *                          {@code gomoku-encoder}) and before the client's own handler, to add
     *                          handlers; {@code null} for none
     */
    public record Options(EventLoopGroup group, Duration heartbeatInterval, Consumer<ChannelPipeline> pipeline) {

        /** Checks the interval. */
        public Options {
            Objects.requireNonNull(heartbeatInterval, "heartbeatInterval");
            if (heartbeatInterval.isNegative()) {
                throw new IllegalArgumentException("the heartbeat interval may not be negative");
            }
        }

        /** The shared group, a heartbeat every 40 s, no extra handlers. */
        public static Options defaults() {
            return new Options(null, GomokuWire.HEARTBEAT_INTERVAL, null);
        }

        /** The same options on another group of event loops. */
        public Options withGroup(EventLoopGroup group) {
            return new Options(group, heartbeatInterval, pipeline);
        }

        /** The same options with another heartbeat interval ({@link Duration#ZERO}: none). */
        public Options withHeartbeatInterval(Duration interval) {
            return new Options(group, interval, pipeline);
        }

        /** The same options with extra handlers added to each pipeline. */
        public Options withPipeline(Consumer<ChannelPipeline> pipeline) {
            return new Options(group, heartbeatInterval, pipeline);
        }
    }

    private static final Pattern POINT = Pattern.compile("([a-z])([0-9]{1,9})");

    private final GomokuMessageEncoder encoder = new GomokuMessageEncoder();
    private final GomokuMessageDecoder decoder = GomokuMessageDecoder.fromServer();
    /** Where the client stands while connected; {@link #phase()} takes CONNECTING and CLOSED from the link. */
    private volatile Phase phase = Phase.CONNECTED;
    private volatile Round round;
    /**
     * A spectator heard {@code hello}: it gets no {@code color} at a round's start, so the full
     * update that follows opens its next round.
     */
    private boolean spectatorRoundOpening;
    private volatile int roundsOver;

    /** A client with default {@link Options} and one listener. */
    public GomokuClient(Listener listener) {
        this(listener, Options.defaults());
    }

    /**
     * A client; it does nothing until {@link #connect}.
     *
     * @param listener the first listener; {@code null} for none (add some with {@link #addListener})
     * @param options  how to connect
     */
    public GomokuClient(Listener listener, Options options) {
        super("gomoku", Objects.requireNonNull(options, "options").group(), options.heartbeatInterval(),
                options.pipeline(), listener);
    }

    /**
     * The group of event loops that clients use unless told otherwise: daemon threads named
     * {@code gomoku-client-...}, at most two, made on first use and kept for the life of the JVM.
     */
    public static EventLoopGroup sharedGroup() {
        return sharedGroup("gomoku");
    }

    /**
     * A point in boardlab notation ({@code h8}: a column letter from the left, a row number from
     * the top, both from {@code a} / 1) as the wire's zero-based {@code place}: {@code h8} is row 7,
     * col 7, the inverse of {@link GomokuWire#point}. Upper case is accepted. Empty when the text
     * is not a point (row 0 included); a point off the board is for the server to refuse.
     */
    public static Optional<Place> place(String point) {
        Matcher m = POINT.matcher(point.trim().toLowerCase(Locale.ROOT));
        if (!m.matches()) {
            return Optional.empty();
        }
        int row = Integer.parseInt(m.group(2)) - 1;
        if (row < 0) {
            return Optional.empty();
        }
        return Optional.of(new Place(row, m.group(1).charAt(0) - 'a'));
    }

    /**
     * Sends a message that a client may send ({@code join}, {@code hello}, {@code place},
     * {@code new}, a heartbeat); also fine from a listener.
     *
     * @return completes once the frame is written to the socket; never wait for it in a listener
     * @throws IllegalArgumentException if only the server sends this message
     * @throws IllegalStateException    if the client is not connected
     */
    public CompletableFuture<Void> send(GomokuMessage message) {
        Objects.requireNonNull(message, "message");
        if (!message.sentBy(Sender.CLIENT)) {
            throw new IllegalArgumentException("a client does not send " + message.type());
        }
        return write(message);
    }

    /**
     * Plays with a loaded player: it joins, and on every turn asks {@code player} (on a worker
     * thread, one second a move) and places its stone; after each round it asks for another.
     * Shorthand for {@link GomokuSeat#start} with {@link GomokuSeat.Options#defaults()}.
     *
     * @param game the {@code gomoku} game as loaded (its rules track the position the player is
     *             asked about)
     */
    public GomokuSeat playWith(Player player, Game game) {
        return GomokuSeat.start(this, player, game, GomokuSeat.Options.defaults(), null);
    }

    /** Where the client stands now. */
    public Phase phase() {
        return phase(Phase.CONNECTING, phase, Phase.CLOSED);
    }

    /**
     * The running round, or the last one once it is over (until the next starts); empty before the
     * first. A player's round starts with {@code color}; a spectator gets {@code color} only once,
     * so its next round starts with the full {@code update} that follows a {@code hello}.
     */
    public Optional<Round> round() {
        return Optional.ofNullable(round);
    }

    /** How many rounds this client has seen end ({@code win}). */
    public int roundsOver() {
        return roundsOver;
    }

    /** The codec's stages: {@code gomoku-framer}, {@code gomoku-decoder}, {@code gomoku-encoder}. */
    @Override
    protected void codec(ChannelPipeline pipeline) {
        pipeline.addLast("gomoku-framer", new GomokuFrameDecoder())
                .addLast("gomoku-decoder", decoder)
                .addLast("gomoku-encoder", encoder);
    }

    /** A server frame: the state follows it, then the listeners hear it. */
    @Override
    protected boolean read(Object msg) {
        if (msg instanceof GomokuMessage m) {
            received(m);
            tell(l -> l.message(m));
            return true;
        }
        if (msg instanceof ProtocolViolation v) {
            tell(l -> l.skipped(v));
            return true;
        }
        return false;
    }

    /** The empty heartbeat frame. */
    @Override
    protected void keepAlive(ChannelHandlerContext ctx) {
        ctx.writeAndFlush(GomokuMessage.HEARTBEAT);
    }

    /** The frame decoder found the bytes are not GMKU frames (it closes the connection). */
    @Override
    protected String protocolErrorOf(Throwable cause) {
        return cause instanceof GomokuProtocolException e ? "the server broke the protocol: " + e.violation().reason() : null;
    }

    @Override
    protected CloseReason closeReason(CloseKind kind, String detail) {
        return new CloseReason(kind(CloseReason.Kind.class, kind), detail);
    }

    @Override
    protected void connectionClosed(CloseReason reason) {
        tell(l -> l.closed(reason));
    }

    /** What the client sent, for the state; on the event loop. */
    @Override
    protected void written(Object m) {
        if (m instanceof GomokuMessage.NewRound && phase == Phase.ROUND_OVER) {
            phase = Phase.WAITING;
        }
    }

    /** What the server said, for the state; on the event loop, before the listeners hear it. */
    private void received(GomokuMessage m) {
        if (m instanceof Hello) {
            if (phase == Phase.CONNECTED || phase == Phase.ROUND_OVER) {
                phase = Phase.WAITING;
            }
            Round r = round;
            spectatorRoundOpening = r != null && r.role() == Role.SPECTATOR;
        } else if (m instanceof Color c) {
            int size = GomokuWire.BOARD_SIZE;
            round = new Round(c.role(), WireBoard.empty(size, size), -1, -1, Stone.BLACK, Optional.empty());
            phase = Phase.PLAYING;
            spectatorRoundOpening = false;
        } else if (m instanceof FullUpdate f) {
            Round r = round;
            if (r != null) {
                if (spectatorRoundOpening) {
                    // the original server's next round, as a spectator sees it: hello, then the board
                    round = new Round(r.role(), f.board(), f.row(), f.col(), f.turn(), Optional.empty());
                    phase = Phase.PLAYING;
                } else {
                    round = new Round(r.role(), f.board(), f.row(), f.col(), f.turn(), r.result());
                }
            }
            spectatorRoundOpening = false;
        } else if (m instanceof Update u) {
            Round r = round;
            if (r != null && r.board().contains(u.row(), u.col())) {
                round = new Round(r.role(), r.board().with(u.row(), u.col(), Cell.of(u.placed())), u.row(), u.col(),
                        u.turn(), r.result());
            }
        } else if (m instanceof Win w) {
            Round r = round;
            if (r != null && !r.over()) {
                round = new Round(r.role(), r.board(), r.lastRow(), r.lastCol(), r.turn(), Optional.of(w.winner()));
            }
            roundsOver++;
            phase = Phase.ROUND_OVER;
        }
    }
}
