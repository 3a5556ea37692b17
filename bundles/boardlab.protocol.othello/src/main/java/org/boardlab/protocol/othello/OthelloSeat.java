package org.boardlab.protocol.othello;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import org.boardlab.api.Game;
import org.boardlab.api.GameState;
import org.boardlab.api.Move;
import org.boardlab.api.MoveRequest;
import org.boardlab.api.Player;
import org.boardlab.api.Side;
import org.boardlab.game.othello.Othello;
import org.boardlab.game.othello.OthelloPosition;
import org.boardlab.game.othello.Scoring;

/**
 * A loaded {@link Player} (any AI) playing on a server through an {@link OthelloClient}: on every
 * turn of the client's games it asks the player for a move, on a worker thread, and sends it as
 * {@code CMOV}. It keeps the position with the rules of the {@code othello} game, applying every
 * {@code SMOV} (and the passes the server makes), so the player gets a real {@link GameState} and
 * the moves played so far.
 *
 * <pre>{@code
 * OthelloClient client = new OthelloClient(null);
 * client.connect("127.0.0.1", 10000).join();
 * OthelloSeat seat = OthelloSeat.start(client, registry.requirePlayer("alphabeta").get(),
 *         registry.requireGame("othello"), OthelloSeat.Options.defaults().withInvite("bob").withGames(1), null);
 * client.login("ann").join();
 * seat.finished().join();   // bob was invited, the game was played
 * client.close();
 * }</pre>
 *
 * <h2>What it does, message by message</h2>
 * <ul>
 * <li>{@code SREQ}: accepts the invitation when {@link Options#acceptInvitations()} (the default)
 * and games are left to play.</li>
 * <li>With {@link Options#invite()} set, it invites that player whenever both are free: once the
 * lobby shows the player READY, and again after each game. A declined or withdrawn invitation is
 * tried again half a second later (an invitation can cross the end of a game on the wire).</li>
 * <li>{@code SSTARTG}, {@code SMOV} whose {@code next} is this client's colour, {@code SRECOV} on
 * this client's turn: asks the player, with {@link Options#timePerMove()} until the request's
 * deadline, and sends its move. Nothing is sent while the only legal move is a pass: the server
 * passes for the player.</li>
 * <li>{@code SENDG}, {@code SGAMEEC}: the game is over; a move still being thought about is
 * cancelled ({@link MoveRequest#isCancelled()}) and its answer dropped. After
 * {@link Options#games()} games, {@link #finished()} completes and the seat stops inviting and
 * accepting (the client stays connected).</li>
 * <li>{@code SMOVERR} for its move: told to the listener as a problem; the player is asked again
 * after the next {@code SGAMEI} (the server refuses moves while the opponent is away and says so
 * with {@code SGAMEI} when it is back).</li>
 * </ul>
 *
 * <p>A player that throws, returns {@code null} or returns an illegal move is reported to the
 * {@link Listener} and no move is sent, so the server's clock decides; the server's board is the
 * authority, and when it differs from the seat's position the seat follows the server and says so.
 *
 * <h2>Threads</h2>
 * The player is asked on the {@linkplain Options#executor() executor} (by default a daemon thread of
 * the seat's own), never on the event loop, one request at a time. Everything else, the
 * {@link Listener} calls included, runs on the client's event loop.
 */
public final class OthelloSeat implements AutoCloseable {

    /** A declined or withdrawn invitation is tried again after this long. */
    static final long RETRY_MILLIS = 500;

    /**
     * How a seat plays.
     *
     * @param timePerMove       how long the player may think about a move: the request's deadline is
     *                          this long after the move is asked for (the server's own clock,
     *                          60 s by default, still decides a time-out)
     * @param acceptInvitations accept every invitation while games are left to play
     * @param invite            the player to invite whenever both are free, or {@code null}
     * @param games             how many games to play, then stop; 0 for no limit
     * @param seed              the seed for the player's randomness; game {@code k} (from 1) gets
     *                          {@code seed + k - 1}
     * @param executor          where the player is asked, or {@code null} for a thread of the seat's
     *                          own; a shared pool is fine (each seat asks one move at a time)
     */
    public record Options(Duration timePerMove, boolean acceptInvitations, String invite, int games, long seed,
            Executor executor) {

        /** Checks the values. */
        public Options {
            Objects.requireNonNull(timePerMove, "timePerMove");
            if (timePerMove.isNegative() || timePerMove.isZero()) {
                throw new IllegalArgumentException("the time per move must be positive");
            }
            if (invite != null) {
                Wire.name(invite, "the name to invite");
            }
            if (games < 0) {
                throw new IllegalArgumentException("the number of games may not be negative");
            }
        }

        /** One second a move, every invitation accepted, nobody invited, no limit, seed 1, own thread. */
        public static Options defaults() {
            return new Options(Duration.ofSeconds(1), true, null, 0, 1, null);
        }

        /** The same options with another time per move. */
        public Options withTimePerMove(Duration d) {
            return new Options(d, acceptInvitations, invite, games, seed, executor);
        }

        /** The same options, accepting invitations or not. */
        public Options withAcceptInvitations(boolean accept) {
            return new Options(timePerMove, accept, invite, games, seed, executor);
        }

        /** The same options, inviting {@code name} ({@code null}: nobody). */
        public Options withInvite(String name) {
            return new Options(timePerMove, acceptInvitations, name, games, seed, executor);
        }

        /** The same options with another number of games (0: no limit). */
        public Options withGames(int n) {
            return new Options(timePerMove, acceptInvitations, invite, n, seed, executor);
        }

        /** The same options with another seed. */
        public Options withSeed(long s) {
            return new Options(timePerMove, acceptInvitations, invite, games, s, executor);
        }

        /** The same options with the player asked on {@code e}. */
        public Options withExecutor(Executor e) {
            return new Options(timePerMove, acceptInvitations, invite, games, seed, e);
        }
    }

    /** What a seat tells its user; every method has an empty default. Called on the event loop. */
    public interface Listener {

        /** The player is being asked for a move in {@code position}. */
        default void thinking(GameState position) {
        }

        /** The player chose {@code move} after thinking for {@code thought}; it is being sent. */
        default void played(Move move, Duration thought) {
        }

        /** Something went wrong that the user should hear of, in one sentence; the seat goes on. */
        default void problem(String message) {
        }
    }

    private final OthelloClient client;
    private final Player player;
    private final Game game;
    private final Options options;
    private final Listener listener;
    private final Executor executor;
    private final ExecutorService ownExecutor;
    private final CompletableFuture<Integer> finished = new CompletableFuture<>();
    private final OthelloClient.Listener feed = new Feed();

    // the fields below are used on the client's event loop only, except where marked volatile
    private GameState state;
    private Colour mine;
    private final List<Move> history = new ArrayList<>();
    /** Goes up at every start and end of a game, so an answer about an old position is dropped. */
    private volatile int generation;
    private volatile int gamesPlayed;
    private volatile boolean closed;
    private boolean asking;
    private boolean refused;
    private boolean retryPending;

    private OthelloSeat(OthelloClient client, Player player, Game game, Options options, Listener listener) {
        this.client = client;
        this.player = player;
        this.game = game;
        this.options = options;
        this.listener = listener == null ? new Listener() { } : listener;
        if (options.executor() == null) {
            ownExecutor = Executors.newSingleThreadExecutor(r -> {
                Thread t = new Thread(r, "othello-seat");
                t.setDaemon(true);
                return t;
            });
            executor = ownExecutor;
        } else {
            ownExecutor = null;
            executor = options.executor();
        }
    }

    /**
     * Seats {@code player} at {@code client}. The client may be connected and logged in already
     * (the seat then invites, accepts or takes over the running game at once) or not yet.
     *
     * @param game     the {@code othello} game as loaded: its rules track the position
     * @param listener told what the player does; {@code null} for nobody
     * @throws IllegalArgumentException if the player says it cannot play {@code game}
     */
    public static OthelloSeat start(OthelloClient client, Player player, Game game, Options options, Listener listener) {
        Objects.requireNonNull(client, "client");
        Objects.requireNonNull(player, "player");
        Objects.requireNonNull(game, "game");
        Objects.requireNonNull(options, "options");
        if (!player.supports(game)) {
            throw new IllegalArgumentException("the player " + player.description() + " cannot play " + game.id());
        }
        OthelloSeat seat = new OthelloSeat(client, player, game, options, listener);
        client.addListener(seat.feed);
        client.execute(seat::takeOver);
        return seat;
    }

    /**
     * Completes with the number of games played once {@link Options#games()} games are over; fails
     * if the connection or the seat closes first (so it never completes normally without a limit).
     */
    public CompletableFuture<Integer> finished() {
        return finished;
    }

    /** How many games have ended (with a result or cancelled) since the seat started. */
    public int gamesPlayed() {
        return gamesPlayed;
    }

    /**
     * Stops playing: a move being thought about is cancelled and dropped, nothing more is sent. The
     * client stays connected; close it separately.
     */
    @Override
    public void close() {
        closed = true;
        generation++;
        client.removeListener(feed);
        if (ownExecutor != null) {
            ownExecutor.shutdownNow();
        }
        finished.completeExceptionally(new IllegalStateException("the seat was closed after " + gamesPlayed + " games"));
    }

    /** Picks up where the client stands when the seat starts. */
    private void takeOver() {
        if (closed) {
            return;
        }
        switch (client.phase()) {
            case LOBBY -> maybeInvite();
            case INVITED -> client.invitation().filter(i -> !i.sent()).ifPresent(i -> answer(i.name()));
            case IN_GAME -> client.game().filter(g -> !g.over()).ifPresent(g -> {
                if (resume(g.board(), g.toMove().orElse(Colour.BLACK), g.colour())) {
                    ask();
                }
            });
            default -> { }
        }
    }

    private boolean done() {
        return closed || options.games() > 0 && gamesPlayed >= options.games();
    }

    private void answer(String inviter) {
        if (options.acceptInvitations() && !done()) {
            client.send(new ClientMessage.CRes(inviter, Answer.ACCEPT));
        }
    }

    private void maybeInvite() {
        String target = options.invite();
        if (target == null || done() || retryPending || client.phase() != OthelloClient.Phase.LOBBY
                || client.lobby().get(target) != Status.READY) {
            return;
        }
        client.send(new ClientMessage.CReq(target));
    }

    private void retryInvite() {
        if (options.invite() == null || retryPending) {
            return;
        }
        retryPending = true;
        client.schedule(() -> {
            retryPending = false;
            maybeInvite();
        }, RETRY_MILLIS);
    }

    private void begin(Colour colour) {
        generation++;
        mine = colour;
        state = game.newGame();
        history.clear();
        asking = false;
        refused = false;
        ask();
    }

    /**
     * Takes over a game from its board (after {@code SRECOV}, or a seat started mid-game): only
     * possible with boardlab's own Othello rules, which can set up a position.
     */
    private boolean resume(Board board, Colour toMove, Colour colour) {
        generation++;
        mine = colour;
        history.clear();
        asking = false;
        refused = false;
        state = position(board, toMove);
        if (state == null) {
            listener.problem("cannot take over a game in progress: the game " + game.id()
                    + " cannot set up a position from a board; the seat waits for the next game");
        }
        return state != null;
    }

    private GameState position(Board board, Colour toMove) {
        if (!(game instanceof Othello othello)) {
            return null;
        }
        return othello.position(String.join("\n", board.rows()), toMove.side(), Scoring.PLAIN);
    }

    private void moved(ServerMessage.SMov m) {
        if (state == null) {
            return;
        }
        String why;
        if (Colour.of(state.sideToMove()) != m.colour()) {
            why = "it was " + Colour.of(state.sideToMove()).word() + "'s turn";
        } else {
            Move move;
            try {
                move = state.parseMove(m.square().notation());
                why = state.whyIllegal(move);
            } catch (IllegalArgumentException e) {
                move = null;
                why = e.getMessage();
            }
            if (why == null) {
                state = state.apply(move);
                history.add(move);
                while (!state.isTerminal() && onlyPass(state)) {
                    Move pass = state.legalMoves().get(0);
                    state = state.apply(pass);
                    history.add(pass);
                }
                Optional<Colour> next = state.isTerminal() ? Optional.empty() : Optional.of(Colour.of(state.sideToMove()));
                if (!next.equals(m.next())) {
                    why = "the server names " + m.next().map(Colour::word).orElse("nobody") + " to move next";
                } else if (!sameBoard(state, m.board())) {
                    why = "the server's board differs";
                }
            }
        }
        if (why != null) {
            listener.problem("the server's " + m.type() + " " + m.square() + " does not follow from this seat's game ("
                    + why + "); following the server's board");
            generation++;
            asking = false;
            history.clear();
            state = m.next().isEmpty() ? null : position(m.board(), m.next().get());
            if (state == null) {
                return;
            }
        }
        if (m.next().isPresent() && m.next().get() == mine) {
            ask();
        }
    }

    private static boolean onlyPass(GameState s) {
        List<Move> legal = s.legalMoves();
        return legal.size() == 1 && legal.get(0).notation().equals("pass");
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

    private void ended(boolean counted) {
        generation++;
        state = null;
        asking = false;
        if (counted) {
            gamesPlayed++;
        }
        if (options.games() > 0 && gamesPlayed >= options.games()) {
            finished.complete(gamesPlayed);
        } else {
            maybeInvite();
        }
    }

    private void ask() {
        if (closed || asking || state == null || state.isTerminal() || mine == null
                || Colour.of(state.sideToMove()) != mine || onlyPass(state)) {
            return;
        }
        asking = true;
        int asked = generation;
        GameState position = state;
        List<Move> before = List.copyOf(history);
        long deadline = System.nanoTime() + options.timePerMove().toNanos();
        long seed = options.seed() + gamesPlayed;
        MoveRequest request = MoveRequest.of(position, before, deadline, seed, () -> generation != asked);
        listener.thinking(position);
        try {
            executor.execute(() -> think(request, asked));
        } catch (RejectedExecutionException e) {
            asking = false;
        }
    }

    /** On the worker: asks the player, then hands the answer back to the event loop. */
    private void think(MoveRequest request, int asked) {
        if (generation != asked) {
            return; // the game moved on while the request waited for the worker
        }
        long start = System.nanoTime();
        Move move = null;
        Throwable failure = null;
        try {
            move = player.chooseMove(request);
        } catch (Throwable t) { // a student's player may fail in any way; the seat must go on
            failure = t;
        }
        long took = System.nanoTime() - start;
        Move chosen = move;
        Throwable failed = failure;
        client.execute(() -> answered(asked, request.state(), chosen, failed, took));
    }

    private void answered(int asked, GameState position, Move move, Throwable failure, long nanos) {
        if (asked != generation) {
            return; // the game moved on (it ended, or the seat followed the server's board)
        }
        asking = false;
        if (position != state) {
            ask(); // the position changed meanwhile: ask about the new one if it is still this seat's turn
            return;
        }
        if (failure != null) {
            listener.problem("the player failed: " + failure + "; no move sent");
            return;
        }
        if (move == null) {
            listener.problem("the player returned no move; no move sent");
            return;
        }
        String why = position.whyIllegal(move);
        if (why != null) {
            listener.problem("the player chose " + move.notation() + ", which is illegal: " + why + "; no move sent");
            return;
        }
        Square square;
        try {
            square = Square.of(move.notation());
        } catch (IllegalArgumentException e) {
            listener.problem("the player chose " + move.notation() + ", which this protocol cannot send: " + e.getMessage());
            return;
        }
        listener.played(move, Duration.ofNanos(nanos));
        client.send(new ClientMessage.CMov(square));
    }

    /** The client's messages, on its event loop. */
    private final class Feed implements OthelloClient.Listener {
        @Override
        public void message(ServerMessage m) {
            if (closed) {
                return;
            }
            String target = options.invite();
            if (m instanceof ServerMessage.SReq r) {
                answer(r.name());
            } else if (m instanceof ServerMessage.SAddP p) {
                if (p.name().equals(target)) {
                    maybeInvite();
                }
            } else if (m instanceof ServerMessage.SUps u) {
                if (u.name().equals(target) || client.name().map(u.name()::equals).orElse(false)) {
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
                client.game().ifPresent(g -> begin(g.colour()));
            } else if (m instanceof ServerMessage.SRecov r) {
                if (resume(r.board(), r.whiteToMove() ? Colour.WHITE : Colour.BLACK, r.host() ? Colour.BLACK : Colour.WHITE)) {
                    ask();
                }
            } else if (m instanceof ServerMessage.SMov mv) {
                refused = false;
                moved(mv);
            } else if (m instanceof ServerMessage.SEndG) {
                ended(true);
            } else if (m instanceof ServerMessage.SGameEC) {
                ended(true);
            } else if (m instanceof ServerMessage.SMovErr e) {
                if (state != null) {
                    refused = true;
                    listener.problem("the server refused the move " + e.square() + ": " + e.reason());
                }
            } else if (m instanceof ServerMessage.SGameI) {
                if (refused) {
                    refused = false;
                    ask();
                }
            }
        }

        @Override
        public void closed(OthelloClient.CloseReason reason) {
            closed = true;
            generation++;
            if (ownExecutor != null) {
                ownExecutor.shutdownNow();
            }
            finished.completeExceptionally(new IllegalStateException("the connection closed after " + gamesPlayed
                    + " games: " + reason.detail()));
        }
    }
}
