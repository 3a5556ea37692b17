package org.boardlab.protocol.othello;

import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import org.boardlab.api.Game;
import org.boardlab.api.GameState;
import org.boardlab.api.Move;
import org.boardlab.api.MoveRequest;
import org.boardlab.api.Player;
import org.boardlab.api.Side;
import org.boardlab.game.othello.Othello;
import org.boardlab.game.othello.OthelloPosition;
import org.boardlab.game.othello.Scoring;
import org.boardlab.client.ClientSeat;
import org.boardlab.client.SeatListener;
import org.boardlab.client.SeatOptions;

/**
 * A loaded {@link Player} (any AI) playing on a server through an {@link OthelloClient}: on every
 * turn of the client's games it asks the player for a move, without waiting for it (a blocking
 * player thinks on a worker thread), and sends it as {@code CMOV}. It keeps the position with the
 * rules of the {@code othello} game, applying every {@code SMOV} (and the passes the server makes),
 * so the player gets a real {@link GameState} and the moves played so far.
 *
 * <pre>{@code
 * OthelloClient client = new OthelloClient(null);
 * client.connect("127.0.0.1", 10000).join();
 * OthelloSeat seat = OthelloSeat.start(client, registry.requirePlayer("alphabeta").get(),
 *         registry.requireGame("othello"), SeatOptions.defaults().withInvite("bob").withGames(1), null);
 * client.login("ann").join();
 * seat.finished().join();   // bob was invited, the game was played
 * client.close();
 * }</pre>
 *
 * <h2>What it does, message by message</h2>
 * <ul>
 * <li>{@code SREQ}: accepts the invitation when {@link SeatOptions#acceptInvitations()} (the default)
 * and games are left to play.</li>
 * <li>With {@link SeatOptions#invite()} set, it invites that player whenever both are free: once the
 * lobby shows the player READY, and again after each game. A declined or withdrawn invitation is
 * tried again half a second later (an invitation can cross the end of a game on the wire).</li>
 * <li>{@code SSTARTG}, {@code SMOV} whose {@code next} is this client's colour, {@code SRECOV} on
 * this client's turn: asks the player, with {@link SeatOptions#timePerMove()} until the request's
 * deadline, and sends its move. Nothing is sent while the only legal move is a pass: the server
 * passes for the player.</li>
 * <li>{@code SENDG}, {@code SGAMEEC}: the game is over; a move still being thought about is
 * cancelled ({@link MoveRequest#isCancelled()}) and its answer dropped. After
 * {@link SeatOptions#games()} games, {@link #finished()} completes and the seat stops inviting and
 * accepting (the client stays connected).</li>
 * <li>{@code SMOVERR} for its move: told to the listener as a problem; the player is asked again
 * after the next {@code SGAMEI} (the server refuses moves while the opponent is away and says so
 * with {@code SGAMEI} when it is back).</li>
 * </ul>
 *
 * <p>A player that throws, returns {@code null} or returns an illegal move is reported to the
 * {@link SeatListener} and no move is sent, so the server's clock decides; the server's board is the
 * authority, and when it differs from the seat's position the seat follows the server and says so.
 *
 * <p>Asking the player (an {@link org.boardlab.api.AsyncPlayer} through its future, any other on a
 * worker thread), dropping an answer about a position the game has left, reporting a player's
 * failures, the threads, the seat's colour and a refused move, the passes the rules force and
 * following the connection (its close, a reconnect) are the client stack's {@link ClientSeat}; this
 * class adds the Othello protocol: invitations, colours, and the server's boards. After a reconnect the client logs in again
 * and the server's {@code SRECOV} gives the seat its game back.
 */
public final class OthelloSeat extends ClientSeat<OthelloClient, ServerMessage, ClientMessage.CMov> {

    /** A declined or withdrawn invitation is tried again after this long. */
    static final long RETRY_MILLIS = 500;

    private boolean retryPending; // on the client's event loop only

    private OthelloSeat(OthelloClient client, Player player, Game game, SeatOptions options, SeatListener listener) {
        super(client, player, game, options, listener);
    }

    /**
     * Seats {@code player} at {@code client}. The client may be connected and logged in already
     * (the seat then invites, accepts or takes over the running game at once) or not yet.
     *
     * @param game     the {@code othello} game as loaded: its rules track the position
     * @param options  how it plays: the time per move, the games, whom to invite, whether to accept
     * @param listener told what the player does; {@code null} for nobody
     * @throws IllegalArgumentException if the player says it cannot play {@code game}, or the name
     *                                  to invite breaks the protocol's name rule
     */
    public static OthelloSeat start(OthelloClient client, Player player, Game game, SeatOptions options,
            SeatListener listener) {
        Objects.requireNonNull(client, "client");
        if (options.invite() != null) {
            Wire.name(options.invite(), "the name to invite");
        }
        return started(OthelloSeat::new, client, player, game, options, listener, false);
    }

    /** Picks up where the client stands: when the seat starts, and after a reconnect. */
    @Override
    protected void takeOver() {
        switch (client().phase()) {
            case LOBBY -> maybeInvite();
            case INVITED -> client().invitation().filter(i -> !i.sent()).ifPresent(i -> answer(i.name()));
            case IN_GAME -> client().game().filter(g -> !g.over()).ifPresent(g -> {
                if (resume(g.board(), g.toMove().orElse(Colour.BLACK), g.colour())) {
                    ask();
                }
            });
            default -> { }
        }
    }

    private void answer(String inviter) {
        if (options().acceptInvitations() && !done()) {
            client().send(new ClientMessage.CRes(inviter, Answer.ACCEPT));
        }
    }

    private void maybeInvite() {
        String target = options().invite();
        if (target == null || done() || retryPending || client().phase() != OthelloClient.Phase.LOBBY
                || client().lobby().get(target) != Status.READY) {
            return;
        }
        client().send(new ClientMessage.CReq(target));
    }

    private void retryInvite() {
        if (options().invite() == null || retryPending) {
            return;
        }
        retryPending = true;
        client().schedule(() -> {
            retryPending = false;
            maybeInvite();
        }, Duration.ofMillis(RETRY_MILLIS));
    }

    private void begin(Colour colour) {
        playAs(colour.side());
        follow(game().newGame());
        ask();
    }

    /**
     * Takes over a game from its board (after {@code SRECOV}, or a seat started mid-game): only
     * possible with boardlab's own Othello rules, which can set up a position.
     */
    private boolean resume(Board board, Colour toMove, Colour colour) {
        playAs(colour.side());
        follow(setUp(board, toMove));
        if (position() == null) {
            problem("cannot take over a game in progress: the game " + game().id()
                    + " cannot set up a position from a board; the seat waits for the next game");
        }
        return position() != null;
    }

    private GameState setUp(Board board, Colour toMove) {
        if (!(game() instanceof Othello othello)) {
            return null;
        }
        return othello.position(String.join("\n", board.rows()), toMove.side(), Scoring.PLAIN);
    }

    private void moved(ServerMessage.SMov m) {
        GameState state = position();
        if (state == null) {
            return;
        }
        String why = applyReported(m.colour().side(), m.square().notation());
        if (why == null) {
            applyForcedMoves(); // the server passes without a word but SPASS
            state = position();
            Optional<Colour> next = state.isTerminal() ? Optional.empty() : Optional.of(Colour.of(state.sideToMove()));
            if (!next.equals(m.next())) {
                why = "the server names " + m.next().map(Colour::word).orElse("nobody") + " to move next";
            } else if (!sameBoard(state, m.board())) {
                why = "the server's board differs";
            }
        }
        if (why != null) {
            problem("the server's " + m.type() + " " + m.square() + " does not follow from this seat's game ("
                    + why + "); following the server's board");
            follow(m.next().isEmpty() ? null : setUp(m.board(), m.next().get()));
            if (position() == null) {
                return;
            }
        }
        if (m.next().isPresent() && m.next().get().side() == side()) {
            ask();
        }
    }

    private static boolean sameBoard(GameState s, Board board) {
        if (!(s instanceof OthelloPosition p) || p.size() != Square.SIZE) {
            return true; // nothing to compare with: the server's board is taken as it is
        }
        for (int y = 0; y < Square.SIZE; y++) {
            for (int x = 0; x < Square.SIZE; x++) {
                Optional<Side> disc = p.disc(x, y);
                Optional<Colour> wire = board.at(new Square(x, y));
                if (!disc.map(Colour::of).equals(wire)) {
                    return false;
                }
            }
        }
        return true;
    }

    private void ended() {
        if (gameEnded()) {
            maybeInvite();
        }
    }

    /** The move as {@code CMOV}: a square on the 8x8 board. */
    @Override
    protected ClientMessage.CMov wire(Move move) {
        return new ClientMessage.CMov(Square.of(move.notation()));
    }

    /** The client's messages, on its event loop. */
    @Override
    protected void heard(ServerMessage m) {
        String target = options().invite();
        if (m instanceof ServerMessage.SReq r) {
            answer(r.name());
        } else if (m instanceof ServerMessage.SAddP p) {
            if (p.name().equals(target)) {
                maybeInvite();
            }
        } else if (m instanceof ServerMessage.SUps u) {
            if (u.name().equals(target) || client().name().map(u.name()::equals).orElse(false)) {
                maybeInvite();
            }
        } else if (m instanceof ServerMessage.SRes r) {
            if (r.answer() == Answer.DECLINE && r.name().equals(target)) {
                retryInvite();
            }
        } else if (m instanceof ServerMessage.SReqC r) {
            if (r.name().equals(target)) {
                retryInvite();
            }
        } else if (m instanceof ServerMessage.SStartG) {
            client().game().ifPresent(g -> begin(g.colour()));
        } else if (m instanceof ServerMessage.SRecov r) {
            if (resume(r.board(), r.whiteToMove() ? Colour.WHITE : Colour.BLACK, r.host() ? Colour.BLACK : Colour.WHITE)) {
                ask();
            }
        } else if (m instanceof ServerMessage.SMov mv) {
            moved(mv);
        } else if (m instanceof ServerMessage.SEndG || m instanceof ServerMessage.SGameEC) {
            ended();
        } else if (m instanceof ServerMessage.SMovErr e) {
            if (position() != null) {
                refused("the server refused the move " + e.square() + ": " + e.reason());
            }
        } else if (m instanceof ServerMessage.SGameI) {
            askAgain();
        }
    }
}
