package org.boardlab.protocol.gomoku;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelPipeline;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
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
import org.boardlab.client.ClientListener;
import org.boardlab.client.ClientOptions;
import org.boardlab.client.NettyClient;
import org.boardlab.client.SeatOptions;

/**
 * A client of seed 003's GMKU protocol over Netty: it connects, sends typed
 * {@link GomokuMessage}s, decodes the server's frames, keeps what a player must know (its colour,
 * the board, whose turn it is, the result) and tells {@linkplain Listener listeners} about every
 * server message, every frame it had to skip and the close. It sends a heartbeat every 40 s, as
 * the original client does (the server drops a connection silent for 45 s). The connection itself
 * (connecting, reconnecting, the listeners, the close reported once) is the client stack's
 * {@link NettyClient}, which every protocol's client is built on; this class adds GMKU. GMKU has
 * no names, so a client that reconnects ({@link ClientOptions#withReconnect}) starts afresh: the
 * round it was in is lost, and a seat on it joins again.
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
 * As {@link NettyClient} says: listeners and the futures' completions run on the connection's event
 * loop, where nothing may block. {@link #send}, {@link #close} and the getters may be called from
 * any thread. The state is updated before the listeners hear of the message that changed it.
 *
 * <h2>Options</h2>
 * {@link #defaults()}: a heartbeat every 40 s, the shared event loops, no reconnect; change them
 * with the {@link ClientOptions} {@code with...} methods. Added handlers sit after the codec's
 * stages ({@code gomoku-framer}, {@code gomoku-decoder}, {@code gomoku-encoder}).
 *
 * <h2>Closing</h2>
 * {@link #close()} closes the connection (during a round, the server gives the round to the
 * opponent). The reason a connection closed, in {@link ClientListener#closed} and
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
public final class GomokuClient extends NettyClient<GomokuClient, GomokuMessage, ProtocolViolation> {

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
     * What a client tells the code that uses it: {@link ClientListener#message} a well-formed frame
     * (heartbeats included), {@link ClientListener#malformed} a frame that could not be read as a
     * message (bad JSON, an unknown type, a message only clients send...): it is skipped and the
     * connection stays open. Every method has an empty default.
     */
    public interface Listener extends ClientListener<GomokuMessage, ProtocolViolation> {
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

    /** A client with the {@link #defaults()} and one listener. */
    public GomokuClient(ClientListener<GomokuMessage, ProtocolViolation> listener) {
        this(listener, defaults());
    }

    /**
     * A client; it does nothing until {@link #connect}.
     *
     * @param listener the first listener; {@code null} for none (add some with {@link #addListener})
     * @param options  how to connect
     */
    public GomokuClient(ClientListener<GomokuMessage, ProtocolViolation> listener, ClientOptions options) {
        super("gomoku", GomokuMessage.class, ProtocolViolation.class, options, listener);
    }

    /** The default options: a heartbeat every 40 s, as the original client sends; the shared event loops; no reconnect. */
    public static ClientOptions defaults() {
        return ClientOptions.keepAliveEvery(GomokuWire.HEARTBEAT_INTERVAL);
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
     * Plays with a loaded player: it joins, and on every turn asks {@code player} (one second a
     * move, without waiting for it) and places its stone; after each round it asks for another.
     * Shorthand for {@link GomokuSeat#start} with {@link SeatOptions#defaults()}.
     *
     * @param game the {@code gomoku} game as loaded (its rules track the position the player is
     *             asked about)
     */
    public GomokuSeat playWith(Player player, Game game) {
        return GomokuSeat.start(this, player, game, SeatOptions.defaults(), null);
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

    /** A new connection after a lost one: GMKU has no names, so the client starts afresh (join again). */
    @Override
    protected void reconnected() {
        phase = Phase.CONNECTED;
        round = null;
        spectatorRoundOpening = false;
    }

    /** What the client sent, for the state; on the event loop. */
    @Override
    protected void written(Object m) {
        if (m instanceof GomokuMessage.NewRound && phase == Phase.ROUND_OVER) {
            phase = Phase.WAITING;
        }
    }

    /** What the server said, for the state; on the event loop, before the listeners hear it. */
    @Override
    protected void received(GomokuMessage m) {
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
