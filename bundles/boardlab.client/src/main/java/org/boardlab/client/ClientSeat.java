package org.boardlab.client;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicReference;
import org.boardlab.api.AsyncPlayer;
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
 * the game with the rules of the loaded {@link Game} ({@link #follow}, {@link #apply},
 * {@link #applyReported}), says which side the seat plays ({@link #playAs}) and what the server
 * refused ({@link #refused}), and how a move goes on the wire ({@link #wire}); this class asks the
 * player on the seat's turns ({@link #ourTurn}) and checks its answer, sends it
 * ({@link #send}), counts the games, and follows the connection: it stops when the connection
 * closes, drops the position while the client reconnects ({@link ClientOptions#reconnect()}) and
 * picks up again once it is back ({@link #takeOver}).
 *
 * <h2>Asking the player</h2>
 * {@link #ask()} asks the player one request at a time, with a {@link MoveRequest} whose deadline
 * is {@link SeatOptions#timePerMove()} from now, whose history is the moves applied since the
 * position was last followed, and whose seed is {@link SeatOptions#seed()} plus the games played so
 * far. No thread of the seat waits for the answer: an {@link AsyncPlayer} (a person at a board, a
 * player in a process of its own) is asked with {@link AsyncPlayer#requestTimedMove} and answers by
 * completing its future; any other player's blocking {@link Player#chooseMove} runs on the
 * {@linkplain SeatOptions#executor() executor} (by default daemon threads of the seat's own), never
 * on the event loop, and hands its answer back there. So a player that is slow, or loops, never
 * stops the seat from reading the server's messages, sending the keep-alive or closing.
 *
 * <p>The request is {@linkplain MoveRequest#isCancelled() cancelled} as soon as the position is
 * left behind: a new game, a game over, the server's board followed, the connection lost, or the
 * seat closed. Then the answer's future is cancelled too (an {@link AsyncPlayer}'s own future; the
 * thread running a blocking player is interrupted) and whatever answer still comes is dropped; when
 * only moves were applied meanwhile, the player is asked again about the new position if it is still
 * the seat's turn. A blocking player that ignores the cancel and the interrupt keeps its thread until
 * it returns, but not the seat: the next request runs on another thread.
 *
 * <p>A player that throws (or whose future fails), returns {@code null}, returns an illegal move or
 * one the protocol cannot send is reported to the {@link SeatListener} and nothing is sent, so the
 * server's clock decides; the seat plays on.
 *
 * <h2>Threads</h2>
 * Everything but the player's thinking runs on the client's event loop: the subclass's hooks, the
 * protected methods (call them there only), the {@link SeatListener} calls, and the handling of an
 * answer, from whichever thread it comes. {@link #close()}, {@link #finished()} and
 * {@link #gamesPlayed()} may be used from any thread; {@link #close()} never waits for the player.
 *
 * @param <C> the protocol's client
 * @param <M> the protocol's messages from the server
 * @param <W> the protocol's message that carries a move
 */
@ConsumerType
public abstract class ClientSeat<C extends NettyClient<C, M, ?>, M, W> implements AutoCloseable {

    /**
     * How a protocol's seat is started on its client: the signature of every seat's static
     * {@code start} (for example {@code OthelloSeat::start}), so that the client stack's
     * {@link TerminalSession} and {@link SeatRemotePlay} can seat a player on any protocol.
     *
     * @param <C> the protocol's client
     * @param <M> its messages from the server
     */
    @FunctionalInterface
    public interface Starter<C extends NettyClient<C, M, ?>, M> {
        /**
         * Seats {@code player} at {@code client} and starts it.
         *
         * @throws IllegalArgumentException if the player cannot play {@code game}, or the options
         *                                  break the protocol's rules
         */
        ClientSeat<C, M, ?> start(C client, Player player, Game game, SeatOptions options, SeatListener listener);
    }

    /**
     * A protocol's seat constructor ({@code OthelloSeat::new}), for {@link #started}.
     *
     * @param <C> the protocol's client
     * @param <S> the protocol's seat
     */
    @FunctionalInterface
    protected interface Constructor<C, S> {
        /** A seat that hears nothing yet (the subclass's constructor). */
        S make(C client, Player player, Game game, SeatOptions options, SeatListener listener);
    }

    /**
     * What every protocol seat's static {@code start} does: makes the seat with {@code constructor}
     * and {@linkplain #start() starts} it.
     *
     * @param needsLoop {@code true}: a client with no event loop to run the seat on (not connected yet,
     *                  or closing) is refused: the seat is closed and {@link IllegalStateException}
     *                  thrown; {@code false}: such a seat waits, listening, for the client
     * @throws NullPointerException     if {@code client} is {@code null}
     * @throws IllegalArgumentException if the player cannot play {@code game}
     * @throws IllegalStateException    with {@code needsLoop}, if the client cannot run the seat
     */
    protected static <C, S extends ClientSeat<?, ?, ?>> S started(Constructor<C, S> constructor, C client, Player player,
            Game game, SeatOptions options, SeatListener listener, boolean needsLoop) {
        Objects.requireNonNull(client, "client");
        S seat = constructor.make(client, player, game, options, listener);
        if (!seat.start() && needsLoop) {
            seat.close();
            throw new IllegalStateException("connect the client before seating a player");
        }
        return seat;
    }

    private static final SeatListener NOBODY = new SeatListener() { };

    private final C client;
    private final Player player;
    private final Game game;
    private final SeatOptions options;
    private final SeatListener listener;
    private final Executor executor;
    private final ExecutorService ownExecutor;
    private final CompletableFuture<Integer> finished = new CompletableFuture<>();
    /** The answer being waited for, cancelled when the position is left behind. */
    private final AtomicReference<CompletableFuture<AsyncPlayer.Timed>> pending = new AtomicReference<>();
    private volatile Runnable unlisten;

    // used on the client's event loop only, except where marked volatile
    private GameState state;
    private final List<Move> history = new ArrayList<>();
    /** Goes up whenever the position is left behind, so that an answer about an old one is dropped. */
    private volatile int generation;
    private volatile int gamesPlayed;
    private volatile boolean closed;
    private boolean asking;
    private Side mine;
    /** The ply of the followed position in which the server refused the seat's move, or -1. */
    private int refusedAt = -1;

    /**
     * A seat; it hears nothing until {@link #start()}.
     *
     * @param game     the game as loaded: its rules track the position the player is asked about
     * @param listener told what the player does; {@code null} for nobody
     * @throws IllegalArgumentException if the player says it cannot play {@code game}
     */
    protected ClientSeat(C client, Player player, Game game, SeatOptions options, SeatListener listener) {
        this.client = Objects.requireNonNull(client, "client");
        this.player = Objects.requireNonNull(player, "player");
        this.game = Objects.requireNonNull(game, "game");
        this.options = Objects.requireNonNull(options, "options");
        String threadName = client.protocol() + "-seat"; // when options name no executor
        if (!player.supports(game)) {
            throw new IllegalArgumentException("the player " + player.description() + " cannot play " + game.id());
        }
        this.listener = listener == null ? NOBODY : listener;
        if (options.executor() == null) {
            // a cached pool: a thread while a blocking player thinks; one that ignores a cancel keeps
            // its thread, and the next request gets another
            ownExecutor = Executors.newCachedThreadPool(r -> {
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
        NettyClient<?, M, ?> connection = client;
        unlisten = listenTo(connection);
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
        leaveBehind();
        if (ownExecutor != null) {
            ownExecutor.shutdownNow();
        }
        finished.completeExceptionally(new IllegalStateException(why));
    }

    /** The client the seat plays through. */
    protected final C client() {
        return client;
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
        leaveBehind();
        asking = false;
        refusedAt = -1;
        history.clear();
        state = position;
    }

    /** Applies a move the server reported to the followed position; the subclass has checked it is legal. */
    protected final void apply(Move move) {
        state = state.apply(move);
        history.add(move);
        refusedAt = -1; // a refusal was about the position before
    }

    /**
     * Applies the moves the rules force ({@link GameState#forcedMove()}, such as a pass in Othello) to
     * the followed position: a server makes them without asking, and its protocol may not announce
     * them.
     */
    protected final void applyForcedMoves() {
        while (state != null && state.forcedMove().isPresent()) {
            apply(state.forcedMove().get());
        }
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
     * The side the seat plays from now on ({@code null}: none, for example a spectator's seat): its
     * turns are the positions where this side is to move ({@link #ourTurn}).
     */
    protected final void playAs(Side side) {
        mine = side;
    }

    /** The side the seat plays, or {@code null}. */
    protected final Side side() {
        return mine;
    }

    /**
     * The server refused the seat's move: {@code message} goes to the listener, and the player is not
     * asked again about the followed position until {@link #askAgain()} or another position is
     * followed.
     */
    protected final void refused(String message) {
        if (state != null) {
            refusedAt = state.ply();
        }
        problem(message);
    }

    /**
     * Asks the player again about a position whose move the server refused (for example once the
     * server takes moves again), if the seat's turn it still is.
     *
     * @return {@code false} if the server had refused nothing in the followed position
     */
    protected final boolean askAgain() {
        if (refusedAt < 0) {
            return false;
        }
        refusedAt = -1;
        ask();
        return true;
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
     * already, and it is its turn ({@link #ourTurn}); otherwise does nothing. It never waits for the
     * answer, which comes back to the event loop.
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
        long start = System.nanoTime();
        CompletableFuture<AsyncPlayer.Timed> answer = request(request);
        pending.set(answer);
        if (generation != asked) {
            answer.cancel(true); // the seat was closed from another thread meanwhile
        }
        answer.whenComplete((timed, error) -> {
            long took = System.nanoTime() - start;
            // without an event loop the connection is gone: there is nothing to send the answer on
            client.execute(() -> answered(asked, position, timed, error, took));
        });
    }

    /**
     * Asks the player without waiting: an {@link AsyncPlayer} through its future, any other player's
     * {@link Player#chooseMove} on the executor.
     */
    private CompletableFuture<AsyncPlayer.Timed> request(MoveRequest request) {
        if (player instanceof AsyncPlayer async) {
            try {
                CompletableFuture<AsyncPlayer.Timed> answer = async.requestTimedMove(request);
                return answer != null ? answer
                        : CompletableFuture.failedFuture(new NullPointerException("requestTimedMove returned null"));
            } catch (RuntimeException e) { // a student's player may fail in any way; the seat must go on
                return CompletableFuture.failedFuture(e);
            }
        }
        Thinking thinking = new Thinking(player, request);
        try {
            executor.execute(thinking);
        } catch (RejectedExecutionException e) { // the seat's threads are gone: the seat was closed
            thinking.completeExceptionally(e);
        }
        return thinking;
    }

    /** The position was left behind: a request about it is cancelled and its answer will be dropped. */
    private void leaveBehind() {
        generation++;
        CompletableFuture<AsyncPlayer.Timed> answer = pending.getAndSet(null);
        if (answer != null) {
            answer.cancel(true);
        }
    }

    /**
     * A blocking player's {@link Player#chooseMove}, run on a worker as a future: its answer, with the
     * time it took. Cancelling it interrupts the worker while the player runs (and never after).
     */
    private static final class Thinking extends CompletableFuture<AsyncPlayer.Timed> implements Runnable {
        private final Player player;
        private final MoveRequest request;
        private Thread runner; // guarded by this

        Thinking(Player player, MoveRequest request) {
            this.player = player;
            this.request = request;
        }

        @Override
        public void run() {
            synchronized (this) {
                if (isDone()) {
                    return; // cancelled before a worker took it
                }
                runner = Thread.currentThread();
            }
            try {
                long start = System.nanoTime();
                Move move = player.chooseMove(request);
                complete(new AsyncPlayer.Timed(move, System.nanoTime() - start));
            } catch (Throwable t) { // a student's player may fail in any way; the seat must go on
                completeExceptionally(t);
            } finally {
                synchronized (this) {
                    runner = null;
                }
                Thread.interrupted(); // a cancel's interrupt stays with this request, not the worker's next task
            }
        }

        @Override
        public boolean cancel(boolean mayInterruptIfRunning) {
            boolean cancelled = super.cancel(mayInterruptIfRunning);
            synchronized (this) {
                if (runner != null) {
                    runner.interrupt();
                }
            }
            return cancelled;
        }
    }

    private void answered(int asked, GameState position, AsyncPlayer.Timed timed, Throwable error, long nanos) {
        if (closed || asked != generation) {
            return; // the position was left behind (a game ended, the server's board was followed)
        }
        asking = false;
        pending.set(null);
        if (position != state) {
            ask(); // moves were applied meanwhile: ask about the new position if it is still the seat's turn
            return;
        }
        if (error != null) {
            Throwable failure = (error instanceof CompletionException || error instanceof ExecutionException)
                    && error.getCause() != null ? error.getCause() : error;
            problem("the player failed: " + failure + "; " + nothingSent());
            return;
        }
        Move move = timed == null ? null : timed.move();
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
        listener.played(move, Duration.ofNanos(timed.thinkingNanos() >= 0 ? timed.thinkingNanos() : nanos));
        send(message);
    }

    /**
     * Picks up where the client stands: when the seat starts, and again when the client has
     * reconnected. For example accept a pending invitation, join, or follow a game in progress.
     */
    protected abstract void takeOver();

    /** A message from the server (the client's state already follows it), while the seat plays. */
    protected abstract void heard(M message);

    /**
     * Whether the seat is to move in {@code position}: by default when its side ({@link #playAs}) is
     * to move, has a choice (a move the rules force, {@link GameState#forcedMove()}, is the server's
     * to make, as the referee makes it) and the server has not refused its move there
     * ({@link #refused}). A protocol may add conditions of its own.
     */
    protected boolean ourTurn(GameState position) {
        return mine != null && position.sideToMove() == mine && position.ply() != refusedAt
                && position.forcedMove().isEmpty();
    }

    /**
     * The protocol's message for a legal {@code move}.
     *
     * @throws IllegalArgumentException saying why, if the protocol cannot carry the move
     */
    protected abstract W wire(Move move);

    /** Sends a move's message through the client. Default: writes it as it is. */
    protected void send(W message) {
        client.write(message);
    }

    /** The word for the games in messages, plural. Default: {@code games}. */
    protected String gamesNoun() {
        return "games";
    }

    /** How a problem's message ends when nothing is sent. Default: {@code no move sent}. */
    protected String nothingSent() {
        return "no move sent";
    }
}
