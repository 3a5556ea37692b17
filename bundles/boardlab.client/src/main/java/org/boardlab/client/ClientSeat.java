package org.boardlab.client;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import org.boardlab.api.Game;
import org.boardlab.api.GameState;
import org.boardlab.api.IllegalMoveException;
import org.boardlab.api.Move;
import org.boardlab.api.MoveRequest;
import org.boardlab.api.Player;
import org.boardlab.api.Side;
import org.osgi.annotation.versioning.ConsumerType;

/**
 * A loaded {@link Player} playing on a server through a {@link NettyClient}: the part of a
 * protocol's seat that is the same for every protocol (as {@code OthelloSeat} and
 * {@code GomokuSeat} use it). The subclass hears its client's messages ({@link #heard}), follows
 * the game with the rules of the loaded {@link Game} ({@link #follow}, {@link #apply}), says when it
 * is the seat's turn ({@link #ourTurn}) and how a move goes on the wire ({@link #wire},
 * {@link #send}); this class asks the player and checks its answer, counts the games, and follows
 * the connection: it stops when the connection closes, drops the position while the client
 * reconnects ({@link ClientOptions#reconnect()}) and picks up again once it is back
 * ({@link #takeOver}).
 *
 * <h2>Asking the player</h2>
 * {@link #ask()} asks the player on the {@linkplain SeatOptions#executor() executor} (by default a
 * daemon thread of the seat's own), never on the event loop, one request at a time, with a
 * {@link MoveRequest} whose deadline is {@link SeatOptions#timePerMove()} from now, whose history
 * is the moves applied since the position was last followed, and whose seed is
 * {@link SeatOptions#seed()} plus the games played so far. The request is
 * {@linkplain MoveRequest#isCancelled() cancelled} as soon as the position is left behind: a new
 * game, a game over, the server's board followed, the connection lost, or the seat closed. Its
 * answer is then dropped; when only moves were applied meanwhile, the player is asked again about
 * the new position if it is still the seat's turn.
 *
 * <p>A player that throws, returns {@code null}, returns an illegal move or one the protocol
 * cannot send is reported to the {@link SeatListener} and nothing is sent, so the server's clock
 * decides.
 *
 * <h2>Threads</h2>
 * Everything but the player's thinking runs on the client's event loop: the subclass's hooks, the
 * protected methods (call them there only) and the {@link SeatListener} calls. {@link #close()},
 * {@link #finished()} and {@link #gamesPlayed()} may be used from any thread.
 *
 * @param <M> the protocol's messages from the server
 * @param <W> the protocol's message that carries a move
 */
@ConsumerType
public abstract class ClientSeat<M, W> implements AutoCloseable {

    /**
     * How a protocol's seat is started on its client: the signature of every seat's static
     * {@code start} (for example {@code OthelloSeat::start}), so that the client stack's
     * {@link TerminalSession} and {@link SeatRemotePlay} can seat a player on any protocol.
     *
     * @param <C> the protocol's client
     * @param <M> its messages from the server
     */
    @FunctionalInterface
    public interface Starter<C, M> {
        /**
         * Seats {@code player} at {@code client} and starts it.
         *
         * @throws IllegalArgumentException if the player cannot play {@code game}, or the options
         *                                  break the protocol's rules
         */
        ClientSeat<M, ?> start(C client, Player player, Game game, SeatOptions options, SeatListener listener);
    }

    private static final SeatListener NOBODY = new SeatListener() { };

    private final NettyClient<?, M, ?> client;
    private final Player player;
    private final Game game;
    private final SeatOptions options;
    private final SeatListener listener;
    private final Executor executor;
    private final ExecutorService ownExecutor;
    private final CompletableFuture<Integer> finished = new CompletableFuture<>();
    private volatile Runnable unlisten;

    // used on the client's event loop only, except where marked volatile
    private GameState state;
    private final List<Move> history = new ArrayList<>();
    /** Goes up whenever the position is left behind, so that an answer about an old one is dropped. */
    private volatile int generation;
    private volatile int gamesPlayed;
    private volatile boolean closed;
    private boolean asking;

    /**
     * A seat; it hears nothing until {@link #start()}.
     *
     * @param game       the game as loaded: its rules track the position the player is asked about
     * @param listener   told what the player does; {@code null} for nobody
     * @param threadName the name of the seat's own thread, when {@code options} names no executor
     * @throws IllegalArgumentException if the player says it cannot play {@code game}
     */
    protected ClientSeat(NettyClient<?, M, ?> client, Player player, Game game, SeatOptions options,
            SeatListener listener, String threadName) {
        this.client = Objects.requireNonNull(client, "client");
        this.player = Objects.requireNonNull(player, "player");
        this.game = Objects.requireNonNull(game, "game");
        this.options = Objects.requireNonNull(options, "options");
        Objects.requireNonNull(threadName, "threadName");
        if (!player.supports(game)) {
            throw new IllegalArgumentException("the player " + player.description() + " cannot play " + game.id());
        }
        this.listener = listener == null ? NOBODY : listener;
        if (options.executor() == null) {
            ownExecutor = Executors.newSingleThreadExecutor(r -> {
                Thread t = new Thread(r, threadName);
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
     * Starts listening to the client, then runs {@link #takeOver} on the event loop (to pick up
     * where the client stands) unless the seat is closed by then. Call it once, at the end of the
     * subclass's factory method.
     *
     * @return {@code false} if the client has no event loop to run it on (not connected yet, or
     *         its loops are shutting down)
     */
    protected final boolean start() {
        unlisten = listenTo(client);
        return client.execute(() -> {
            if (!closed) {
                takeOver();
            }
        });
    }

    private <V> Runnable listenTo(NettyClient<?, M, V> c) {
        ClientListener<M, V> feed = new ClientListener<>() {
            @Override
            public void message(M message) {
                if (!closed) {
                    heard(message);
                }
            }

            @Override
            public void reconnecting(CloseReason why, int attempt, Duration delay) {
                if (!closed) {
                    follow(null);
                    problem("the connection was lost (" + why.detail() + "); the seat waits for the client to reconnect");
                }
            }

            @Override
            public void reconnected() {
                if (!closed) {
                    takeOver();
                }
            }

            @Override
            public void closed(CloseReason reason) {
                stop("the connection closed after " + gamesPlayed + " " + gamesNoun() + ": " + reason.detail());
            }
        };
        c.addListener(feed);
        return () -> c.removeListener(feed);
    }

    /**
     * Completes with the number of games played once {@link SeatOptions#games()} games are over; fails
     * if the connection or the seat closes first (so it never completes normally without a limit).
     */
    public final CompletableFuture<Integer> finished() {
        return finished;
    }

    /** How many games have ended since the seat started. */
    public final int gamesPlayed() {
        return gamesPlayed;
    }

    /**
     * Stops playing: a move being thought about is cancelled and dropped, nothing more is sent, and
     * {@link #finished()} fails if it has not completed. The client stays connected; close it
     * separately.
     */
    @Override
    public void close() {
        stop("the seat was closed after " + gamesPlayed + " " + gamesNoun());
        Runnable u = unlisten;
        if (u != null) {
            u.run();
        }
    }

    private void stop(String why) {
        closed = true;
        generation++;
        if (ownExecutor != null) {
            ownExecutor.shutdownNow();
        }
        finished.completeExceptionally(new IllegalStateException(why));
    }

    /** {@code true} once the seat or its connection has closed. */
    protected final boolean isClosed() {
        return closed;
    }

    /** {@code true} when the seat plays no more: closed, or its games are played. */
    protected final boolean done() {
        return closed || options.games() > 0 && gamesPlayed >= options.games();
    }

    /** How the seat plays. */
    protected final SeatOptions options() {
        return options;
    }

    /** The game whose rules track the position. */
    protected final Game game() {
        return game;
    }

    /** Tells the listener of a problem, in one sentence. */
    protected final void problem(String message) {
        listener.problem(message);
    }

    /** The position the seat follows, or {@code null} when it follows none (between games, or lost). */
    protected final GameState position() {
        return state;
    }

    /**
     * Follows {@code position} from now on (a new game, a game taken over, or the server's board
     * when it differs): the move history starts again and a request about the old position is
     * dropped. {@code null}: follow nothing until the next call.
     */
    protected final void follow(GameState position) {
        generation++;
        asking = false;
        history.clear();
        state = position;
    }

    /** Applies a move the server reported to the followed position; the subclass has checked it is legal. */
    protected final void apply(Move move) {
        state = state.apply(move);
        history.add(move);
    }

    /**
     * Applies a move the server says {@code side} played to the followed position, if it follows
     * from it: it is {@code side}'s turn, {@code notation} is a move of the game, and a legal one.
     * Otherwise nothing is applied and the reason is returned, for the subclass to say and to
     * follow the server's board instead. The reason names sides as the game does
     * ({@link Game#sideName}): {@code it was black's turn}.
     *
     * @param notation the move in the game's notation (the protocol's move, translated)
     * @return {@code null} when the move was applied, else why it does not follow
     * @throws IllegalStateException if the seat follows no position
     */
    protected final String applyReported(Side side, String notation) {
        if (state == null) {
            throw new IllegalStateException("the seat follows no position");
        }
        if (state.sideToMove() != side) {
            return "it was " + game.sideName(state.sideToMove()) + "'s turn";
        }
        Move move;
        String why;
        try {
            move = state.parseMove(notation);
            why = state.whyIllegal(move);
        } catch (IllegalMoveException | IllegalArgumentException e) { // not a move of the game
            return e.getMessage();
        }
        if (why == null) {
            apply(move);
        }
        return why;
    }

    /**
     * A game is over: the position is dropped, the game counted, and {@link #finished()} completes
     * once {@link SeatOptions#games()} are played.
     *
     * @return {@code true} if the seat plays on (not closed, games left)
     */
    protected final boolean gameEnded() {
        follow(null);
        gamesPlayed++;
        if (options.games() > 0 && gamesPlayed >= options.games()) {
            finished.complete(gamesPlayed);
            return false;
        }
        return !closed;
    }

    /**
     * Asks the player for a move if the seat follows a position that is not over, is not asking
     * already, and it is its turn ({@link #ourTurn}); otherwise does nothing.
     */
    protected final void ask() {
        GameState position = state;
        if (closed || asking || position == null || position.isTerminal() || !ourTurn(position)) {
            return;
        }
        asking = true;
        int asked = generation;
        List<Move> before = List.copyOf(history);
        long deadline = System.nanoTime() + options.timePerMove().toNanos();
        long seed = options.seed() + gamesPlayed;
        MoveRequest request = MoveRequest.of(position, before, deadline, seed, () -> generation != asked);
        listener.thinking(position);
        try {
            executor.execute(() -> think(request, asked));
        } catch (RejectedExecutionException e) {
            asking = false; // the seat's thread is gone: the seat was closed
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
        if (closed || asked != generation) {
            return; // the position was left behind (a game ended, the server's board was followed)
        }
        asking = false;
        if (position != state) {
            ask(); // moves were applied meanwhile: ask about the new position if it is still the seat's turn
            return;
        }
        if (failure != null) {
            problem("the player failed: " + failure + "; " + nothingSent());
            return;
        }
        if (move == null) {
            problem("the player returned no move; " + nothingSent());
            return;
        }
        String why = position.whyIllegal(move);
        if (why != null) {
            problem("the player chose " + move.notation() + ", which is illegal: " + why + "; " + nothingSent());
            return;
        }
        W message;
        try {
            message = wire(move);
        } catch (IllegalArgumentException e) {
            problem("the player chose " + move.notation() + ", which this protocol cannot send: " + e.getMessage());
            return;
        }
        listener.played(move, Duration.ofNanos(nanos));
        send(message);
    }

    /**
     * Picks up where the client stands: when the seat starts, and again when the client has
     * reconnected. For example accept a pending invitation, join, or follow a game in progress.
     */
    protected abstract void takeOver();

    /** A message from the server (the client's state already follows it), while the seat plays. */
    protected abstract void heard(M message);

    /** Whether the seat is to move in {@code position} (its side, and a move it may send). */
    protected abstract boolean ourTurn(GameState position);

    /**
     * The protocol's message for a legal {@code move}.
     *
     * @throws IllegalArgumentException saying why, if the protocol cannot carry the move
     */
    protected abstract W wire(Move move);

    /** Sends a move's message through the client. */
    protected abstract void send(W message);

    /** The word for the games in messages, plural. Default: {@code games}. */
    protected String gamesNoun() {
        return "games";
    }

    /** How a problem's message ends when nothing is sent. Default: {@code no move sent}. */
    protected String nothingSent() {
        return "no move sent";
    }
}
