package org.boardlab.protocol.othello;

import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelPipeline;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicReference;
import org.boardlab.api.Game;
import org.boardlab.api.Player;
import org.boardlab.client.ClientListener;
import org.boardlab.client.ClientOptions;
import org.boardlab.client.CloseReason;
import org.boardlab.client.NettyClient;
import org.boardlab.client.SeatOptions;

/**
 * A client of seed 000's Othello protocol over Netty: it connects, sends typed
 * {@link ClientMessage}s, decodes the server's lines, keeps what a client must know (the lobby,
 * the invitation, the game) and tells {@linkplain Listener listeners} about every server message,
 * every malformed line and the close. It pings the server every 5 s, as the spec asks, and takes
 * the connection for lost when no {@code SPONG} has come for two intervals. The connection itself
 * (connecting, reconnecting, the listeners, the close reported once) is the client stack's
 * {@link NettyClient}, which every protocol's client is built on; this class adds the Othello
 * protocol. With {@link ClientOptions#withReconnect} it logs in again with the same name on a new
 * connection, which the server answers with {@code SRECOV} when a game was being played (the
 * server's reconnect window, 60 s).
 *
 * <pre>{@code
 * OthelloClient client = new OthelloClient(new OthelloClient.Listener() {
 *     public void message(ServerMessage m) { System.out.println(m.summary()); }
 * });
 * client.connect("127.0.0.1", OthelloCodec.DEFAULT_PORT).join();
 * client.login("ann").join();                 // fails if the name is taken
 * client.send(new ClientMessage.CReq("bob")); // invite bob; ann plays black
 * ...
 * client.close();                             // CEXIT, then the connection closes
 * }</pre>
 *
 * <h2>Threads</h2>
 * As {@link NettyClient} says: listeners and the futures' completions run on the connection's event
 * loop, where nothing may block. {@link #send}, {@link #login}, {@link #close} and the state getters
 * may be called from any thread. The state is updated before the listeners hear of the message
 * that changed it, so a listener of {@code SSTARTG} already sees the game in {@link #game()}.
 *
 * <h2>Options</h2>
 * {@link #defaults()}: a ping every 5 s, the shared event loops, no reconnect; change them with the
 * {@link ClientOptions} {@code with...} methods.
 *
 * <h2>Closing</h2>
 * {@link #close()} sends {@code CEXIT} while connected, then closes the connection. The reason a
 * connection closed, in {@link ClientListener#closed} and {@link #closeFuture()}: a protocol error when
 * the server sent {@code SERR}, else this client's close (or a {@code CEXIT} it sent), else a
 * failure (the network, or no {@code SPONG} for two ping intervals), else the server's close.
 *
 * <h2>Pitfalls</h2>
 * <ul>
 * <li>Without {@link ClientOptions#withReconnect} a client connects once: make a new one to connect
 * again (and log in again within the server's 60 s reconnect window).</li>
 * <li>The server passes for a player without a move ({@code SPASS}); a client never sends a pass.
 * {@link GameInfo#toMove()} follows the {@code next} field of {@code SMOV}, which already accounts
 * for the pass.</li>
 * <li>While a game is being played the server sends no lobby news; it sends what changed when the
 * game ends, so {@link #lobby()} is right again then.</li>
 * </ul>
 */
public final class OthelloClient extends NettyClient<OthelloClient, ServerMessage, ProtocolViolation> {

    /** The spec's ping interval. */
    public static final Duration PING_INTERVAL = Duration.ofSeconds(5);

    /** Where the client stands, as the spec's section 4 names the states (plus the two ends). */
    public enum Phase {
        /** {@link #connect} has not succeeded yet (or was not called). */
        CONNECTING,
        /** Connected, not logged in: send {@code CNAME} ({@link #login}). */
        CONNECTED,
        /** Logged in, free: may invite and be invited. */
        LOBBY,
        /** Sent {@code CREQ} and waits for the answer. */
        INVITING,
        /** Got {@code SREQ} and has not answered yet (or accepted and waits for {@code SSTARTG}). */
        INVITED,
        /** Playing a game. */
        IN_GAME,
        /** The connection is closed; the client cannot be used again. */
        CLOSED
    }

    /**
     * The one pending invitation, sent or received.
     *
     * @param name the other player
     * @param sent {@code true} if this client invited {@code name}, {@code false} if {@code name}
     *             invited this client
     */
    public record Invitation(String name, boolean sent) {
        /** Checks the name. */
        public Invitation {
            Objects.requireNonNull(name, "name");
        }
    }

    /**
     * The client's game, as the server's lines tell it: the running game, or the last one once it
     * has ended (until the next starts).
     *
     * @param opponent  the opponent's name ({@code ?} when a seed-style {@code SRECOV} did not say)
     * @param colour    this client's colour
     * @param board     the board after the last move
     * @param toMove    who moves now; empty when the game is over
     * @param lastMove  the last square played; empty at the start and after a reconnect
     * @param result    the {@code SENDG} that ended the game; empty while it goes on or when it was
     *                  cancelled
     * @param cancelled {@code true} when the game was cancelled ({@code SGAMEEC}), without a result
     */
    public record GameInfo(String opponent, Colour colour, Board board, Optional<Colour> toMove,
            Optional<Square> lastMove, Optional<ServerMessage.SEndG> result, boolean cancelled) {

        /** Checks that nothing is {@code null}. */
        public GameInfo {
            Objects.requireNonNull(opponent, "opponent");
            Objects.requireNonNull(colour, "colour");
            Objects.requireNonNull(board, "board");
            Objects.requireNonNull(toMove, "toMove");
            Objects.requireNonNull(lastMove, "lastMove");
            Objects.requireNonNull(result, "result");
        }

        /** {@code true} when this client is to move. */
        public boolean myTurn() {
            return toMove.isPresent() && toMove.get() == colour;
        }

        /** {@code true} once the game has ended, with a result or cancelled. */
        public boolean over() {
            return result.isPresent() || cancelled;
        }

        GameInfo moved(ServerMessage.SMov m) {
            return new GameInfo(opponent, colour, m.board(), m.next(), Optional.of(m.square()), result, cancelled);
        }

        GameInfo ended(ServerMessage.SEndG end) {
            return new GameInfo(opponent, colour, board, Optional.empty(), lastMove, Optional.of(end), false);
        }

        GameInfo cancel() {
            return new GameInfo(opponent, colour, board, Optional.empty(), lastMove, result, true);
        }
    }

    /**
     * What a client tells the code that uses it ({@link ClientListener#message} a server line,
     * {@link ClientListener#malformed} a line that starts with {@code S} but is not a well-formed
     * message: it is skipped and the connection stays open). Every method has an empty default.
     */
    public interface Listener extends ClientListener<ServerMessage, ProtocolViolation> {
    }

    private final Map<String, Status> lobby = new ConcurrentHashMap<>();
    private final AtomicReference<CompletableFuture<Void>> login = new AtomicReference<>();
    /** Where the client stands while connected; {@link #phase()} takes CONNECTING and CLOSED from the link. */
    private volatile Phase phase = Phase.CONNECTED;
    private volatile String name;
    private volatile String loginName;
    private volatile Invitation invitation;
    private volatile GameInfo game;

    /** A client with the {@link #defaults()} and one listener. */
    public OthelloClient(ClientListener<ServerMessage, ProtocolViolation> listener) {
        this(listener, defaults());
    }

    /**
     * A client; it does nothing until {@link #connect}.
     *
     * @param listener the first listener; {@code null} for none (add some with {@link #addListener})
     * @param options  how to connect
     */
    public OthelloClient(ClientListener<ServerMessage, ProtocolViolation> listener, ClientOptions options) {
        super("othello", ServerMessage.class, ProtocolViolation.class, options, listener);
    }

    /**
     * The default options: a {@code CPING} every 5 s (after two intervals without {@code SPONG}
     * the connection is taken for lost), the shared event loops, no extra handlers (added ones sit
     * after the codec's {@link OthelloCodec#FRAMER}, {@link OthelloCodec#DECODER} and
     * {@link OthelloCodec#ENCODER}), no reconnect.
     */
    public static ClientOptions defaults() {
        return ClientOptions.keepAliveEvery(PING_INTERVAL);
    }

    /**
     * Logs in: sends {@code CNAME~name}. The future completes on {@code SNAMEOK}; it fails with an
     * {@link IllegalStateException} saying why on {@code SNAMEERR} (the client stays connected and
     * may try another name) or when the connection closes first.
     *
     * @throws IllegalArgumentException if the name breaks the protocol's name rule
     * @throws IllegalStateException    if not connected, or a login is already under way
     */
    public CompletableFuture<Void> login(String name) {
        ClientMessage.CName cname = new ClientMessage.CName(name);
        CompletableFuture<Void> done = new CompletableFuture<>();
        if (!login.compareAndSet(null, done)) {
            throw new IllegalStateException("a login is already under way");
        }
        try {
            send(cname);
        } catch (RuntimeException e) {
            login.set(null);
            throw e;
        }
        return done;
    }

    /**
     * Sends a message (also fine from a listener). The client's state follows what it sends, on
     * the event loop as the message is written: a {@code CREQ} makes it {@link Phase#INVITING}, a
     * {@code CEXIT} marks the coming close as the client's own.
     *
     * @return completes once the line is written to the socket (so the state has followed it), or
     *         fails with the reason it could not be; never wait for it inside a listener
     * @throws IllegalStateException if the client is not connected
     */
    public CompletableFuture<Void> send(ClientMessage message) {
        Objects.requireNonNull(message, "message");
        return write(message);
    }

    /**
     * Sends a line exactly as given, with an LF after it: for lessons on how the server answers a
     * broken line. The line's characters are sent as single bytes (ISO-8859-1). Prefer
     * {@link #send}, which can only send well-formed lines.
     *
     * @return completes once the line is written to the socket
     * @throws IllegalStateException if the client is not connected
     */
    public CompletableFuture<Void> sendRaw(String line) {
        Channel ch = activeChannel();
        ByteBuf buf = ch.alloc().buffer(line.length() + 1);
        for (int i = 0; i < line.length(); i++) {
            buf.writeByte(line.charAt(i));
        }
        buf.writeByte('\n');
        return completion(ch.writeAndFlush(buf));
    }

    /**
     * Plays with a loaded player: on every turn of this client's games it asks {@code player} (one
     * second a move, without waiting for it) and sends the move; it accepts every invitation. Shorthand
     * for {@link OthelloSeat#start} with {@link SeatOptions#defaults()}; log in first or after,
     * either works.
     *
     * @param game the {@code othello} game as loaded (its rules track the position the player is
     *             asked about)
     */
    public OthelloSeat playWith(Player player, Game game) {
        return OthelloSeat.start(this, player, game, SeatOptions.defaults(), null);
    }

    /** Where the client stands now. */
    public Phase phase() {
        return phase(Phase.CONNECTING, phase, Phase.CLOSED);
    }

    /** The name this client is logged in with, once {@code SNAMEOK} came. */
    public Optional<String> name() {
        return Optional.ofNullable(name);
    }

    /**
     * The other players the server told this client about, by name, with their status; a sorted
     * copy. This client's own name is not in it.
     */
    public Map<String, Status> lobby() {
        return new TreeMap<>(lobby);
    }

    /** The pending invitation, sent or received. */
    public Optional<Invitation> invitation() {
        return Optional.ofNullable(invitation);
    }

    /** The running game, or the last one once it has ended (until the next starts); empty before the first. */
    public Optional<GameInfo> game() {
        return Optional.ofNullable(game);
    }

    /** The codec's three stages: {@link OthelloCodec#FRAMER}, {@link OthelloCodec#DECODER}, {@link OthelloCodec#ENCODER}. */
    @Override
    protected void codec(ChannelPipeline pipeline) {
        OthelloCodec.addClientSide(pipeline);
    }

    /** Sends {@code CPING}, or gives the connection up when the oldest one has waited two intervals. */
    @Override
    protected void keepAlive(ChannelHandlerContext ctx) {
        ping(ctx, new ClientMessage.CPing(), "SPONG");
    }

    /** {@code CEXIT}, then the close. */
    @Override
    protected void closeOpen(Channel channel) {
        channel.writeAndFlush(new ClientMessage.CExit()).addListener(ChannelFutureListener.CLOSE);
    }

    /** A login still waiting fails. */
    @Override
    protected void connectionClosed(CloseReason reason) {
        CompletableFuture<Void> f = login.getAndSet(null);
        if (f != null) {
            f.completeExceptionally(new IllegalStateException("the connection closed before the login was answered: "
                    + reason.detail()));
        }
    }

    /**
     * A new connection after a lost one: the lobby and the invitation belonged to the old one; the
     * client logs in again with its name (the server answers {@code SRECOV} if a game waits for
     * it). The game stays until the server says more.
     */
    @Override
    protected void reconnected() {
        lobby.clear();
        invitation = null;
        phase = Phase.CONNECTED;
        String again = name != null ? name : loginName;
        if (again != null) {
            write(new ClientMessage.CName(again));
        }
    }

    /** What a client sent, for the state: runs on the event loop, in order with the server's lines. */
    @Override
    protected void written(Object msg) {
        if (msg instanceof ClientMessage.CName c) {
            loginName = c.name();
        } else if (msg instanceof ClientMessage.CReq r) {
            if (phase == Phase.LOBBY) {
                invitation = new Invitation(r.opponent(), true);
                phase = Phase.INVITING;
            }
        } else if (msg instanceof ClientMessage.CRes r) {
            Invitation i = invitation;
            if (r.answer() == Answer.DECLINE && i != null && !i.sent() && i.name().equals(r.name())) {
                invitation = null;
                phase = Phase.LOBBY;
            }
        } else if (msg instanceof ClientMessage.CReqC r) {
            Invitation i = invitation;
            if (i != null && i.sent() && i.name().equals(r.name())) {
                invitation = null;
                phase = Phase.LOBBY;
            }
        } else if (msg instanceof ClientMessage.CExit) {
            markOwnClose();
        }
    }

    /** What the server said, for the state: runs on the event loop before the listeners hear it. */
    @Override
    protected void received(ServerMessage m) {
        String me = name;
        if (m instanceof ServerMessage.SPong) {
            pingAnswered();
        } else if (m instanceof ServerMessage.SNameOk) {
            name = loginName;
            phase = Phase.LOBBY;
            CompletableFuture<Void> f = login.getAndSet(null);
            if (f != null) {
                f.complete(null);
            }
        } else if (m instanceof ServerMessage.SNameErr e) {
            CompletableFuture<Void> f = login.getAndSet(null);
            if (f != null) {
                f.completeExceptionally(new IllegalStateException("login refused: " + e.reason()));
            }
        } else if (m instanceof ServerMessage.SAddP p) {
            if (!p.name().equals(me)) {
                lobby.put(p.name(), Status.READY);
            }
        } else if (m instanceof ServerMessage.SDelP p) {
            lobby.remove(p.name());
        } else if (m instanceof ServerMessage.SUps u) {
            if (!u.name().equals(me)) {
                lobby.put(u.name(), u.status());
            }
        } else if (m instanceof ServerMessage.SReq r) {
            invitation = new Invitation(r.name(), false);
            phase = Phase.INVITED;
        } else if (m instanceof ServerMessage.SRes r) {
            Invitation i = invitation;
            if (r.answer() == Answer.DECLINE && i != null && i.sent() && i.name().equals(r.name())) {
                invitation = null;
                if (phase == Phase.INVITING) {
                    phase = Phase.LOBBY;
                }
            }
        } else if (m instanceof ServerMessage.SReqC r) {
            Invitation i = invitation;
            if (i != null && i.name().equals(r.name())) {
                invitation = null;
                if (phase == Phase.INVITING || phase == Phase.INVITED) {
                    phase = Phase.LOBBY;
                }
            }
        } else if (m instanceof ServerMessage.SStartG s) {
            Invitation i = invitation;
            Colour colour = s.colour().orElse(i != null && i.sent() ? Colour.BLACK : Colour.WHITE);
            game = new GameInfo(s.opponent(), colour, Board.start(), Optional.of(Colour.BLACK), Optional.empty(),
                    Optional.empty(), false);
            invitation = null;
            phase = Phase.IN_GAME;
        } else if (m instanceof ServerMessage.SMov mv) {
            GameInfo g = game;
            if (g != null && !g.over()) {
                game = g.moved(mv);
            }
        } else if (m instanceof ServerMessage.SEndG end) {
            GameInfo g = game;
            if (g != null && !g.over()) {
                game = g.ended(end);
            }
            phase = Phase.LOBBY;
        } else if (m instanceof ServerMessage.SGameEC) {
            GameInfo g = game;
            if (g != null && !g.over()) {
                game = g.cancel();
            }
            phase = Phase.LOBBY;
        } else if (m instanceof ServerMessage.SRecov r) {
            Colour colour = r.host() ? Colour.BLACK : Colour.WHITE;
            game = new GameInfo(r.opponent().orElse("?"), colour, r.board(),
                    Optional.of(r.whiteToMove() ? Colour.WHITE : Colour.BLACK), Optional.empty(), Optional.empty(), false);
            invitation = null;
            phase = Phase.IN_GAME;
        } else if (m instanceof ServerMessage.SErr e) {
            reportProtocolError("the server reported a protocol error: " + e.reason());
        }
    }
}
