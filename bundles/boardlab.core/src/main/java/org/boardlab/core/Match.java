package org.boardlab.core;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

import org.boardlab.api.Game;
import org.boardlab.api.GameOptions;
import org.boardlab.api.GameState;
import org.boardlab.api.Move;
import org.boardlab.api.MoveRequest;
import org.boardlab.api.Player;
import org.boardlab.api.Side;
import org.boardlab.api.event.MatchEvent;
import org.boardlab.api.event.MatchOutcome;
import org.boardlab.api.event.MatchOutcome.Ending;

/**
 * A series of games between two seats, holding no thread of its own, and controlled like seed 004's
 * Game Controller: continuous or step-by-step mode, pause and resume, one step, restart (optionally
 * with new options such as another board size), stop.
 *
 * <p>Every move goes through the {@link Referee}; every change is published on the
 * {@link EventBus}. Methods are safe to call from any thread (a UI's, a network session's).
 */
public final class Match {

    /** How moves follow each other. */
    public enum Mode {
        /** Moves follow each other without waiting (but for the settings' move delay). */
        CONTINUOUS,
        /** Each move waits for {@link Match#step()}. */
        STEP
    }

    private final long id = Referee.newMatchId();
    private final Referee referee;
    private final Game game;
    private final List<PlayerSeat> seats;
    private final MatchSettings settings;
    private final EventBus events;
    private final CompletableFuture<List<GameResult>> results = new CompletableFuture<>();
    private final List<GameResult> finished = new ArrayList<>();
    private final List<Consumer<GameResult>> resultListeners = new CopyOnWriteArrayList<>();
    private final List<org.boardlab.api.event.EventListener> eventListeners = new CopyOnWriteArrayList<>();
    /** Hands this match's events to its own listeners first, then to the event bus. */
    private final EventBus relay = new EventBus();

    private GameOptions options;
    private Mode mode = Mode.CONTINUOUS;
    private boolean paused;
    private int steps;
    private boolean stopping;
    private GameOptions restartWith;
    private boolean restarting;
    private volatile Referee.GameRun current;
    /** The journal of the game in progress, or of the next one before it starts. */
    private volatile MatchJournal journal;
    /** Calls made before the game's run existed, replayed on it when it starts (guarded by this). */
    private final List<Consumer<Referee.GameRun>> early = new ArrayList<>();
    private volatile int gameIndex;
    private boolean started;
    /** The ply after which the move delay was already waited (guarded by this). */
    private int delayedPly = -1;

    /**
     * @param referee  plays the games
     * @param game     the game
     * @param options  its options for the first game
     * @param first    the seat that moves first in the first game
     * @param second   the other seat
     * @param settings time per move, number of games, ...
     * @param events   where events go
     */
    public Match(Referee referee, Game game, GameOptions options, PlayerSeat first, PlayerSeat second,
            MatchSettings settings, EventBus events) {
        this.referee = referee;
        this.game = game;
        this.options = options;
        this.seats = List.of(first, second);
        this.settings = settings;
        this.events = events;
        // refuse bad options now, not on the match thread
        journal = newJournal(0, options);
        relay.subscribe(event -> {
            for (org.boardlab.api.event.EventListener listener : eventListeners) {
                listener.onEvent(event);
            }
            events.publish(event);
        });
    }

    /**
     * Calls {@code listener} with this match's own events (on the thread that moved the game, before the event
     * bus gets them): cheaper than filtering the bus by match id when many matches run.
     */
    public Match onEvent(org.boardlab.api.event.EventListener listener) {
        eventListeners.add(listener);
        return this;
    }

    /** This match's id, as in its events. */
    public long id() {
        return id;
    }

    public Game game() {
        return game;
    }

    public MatchSettings settings() {
        return settings;
    }

    /** The position of the game in progress (or the last one). */
    public GameState state() {
        Referee.GameRun run = current;
        return run == null ? null : run.state();
    }

    /**
     * The journal of the game in progress: the one history of its moves, times, clocks and outcome
     * (see {@link MatchJournal}). Before the match starts, the first game's (empty); once a game has
     * ended, that game's until the next one starts (a {@link MatchEvent.Started} event). Never
     * {@code null}.
     */
    public MatchJournal journal() {
        return journal;
    }

    private MatchJournal newJournal(int k, GameOptions gameOptions) {
        boolean swap = settings.alternateSides() && k % 2 == 1;
        PlayerSeat firstSeat = seats.get(swap ? 1 : 0);
        PlayerSeat secondSeat = seats.get(swap ? 0 : 1);
        return new MatchJournal(id, k + 1, gameOptions, game.newGame(gameOptions),
                List.of(firstSeat.name(), secondSeat.name()), settings.timePerMove());
    }

    /**
     * Starts the match and returns at once. No thread is kept for it: the first game is set going on
     * the calling thread (its first question asked) and every later step happens where the referee
     * is moved on (see {@link Referee}).
     */
    public Match start() {
        synchronized (this) {
            if (started) {
                throw new IllegalStateException("match " + id + " has already started");
            }
            started = true;
        }
        nextGame();
        return this;
    }

    /** Completes with the results of all games once the match is over (or stopped). */
    public CompletableFuture<List<GameResult>> results() {
        return results;
    }

    /**
     * Calls {@code listener} after each game that counts (not after a game abandoned by a restart), on
     * a referee's thread, before the next game starts. Add listeners before starting the match.
     */
    public Match onGameResult(Consumer<GameResult> listener) {
        resultListeners.add(listener);
        return this;
    }

    /**
     * Plays the match and waits for its results. An interrupt of the waiting thread stops the match
     * (the game in progress ends as aborted).
     */
    public List<GameResult> runHere() {
        start();
        try {
            return results.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            stop();
            return results.join();
        } catch (java.util.concurrent.ExecutionException e) {
            throw e.getCause() instanceof RuntimeException r ? r : new IllegalStateException(e.getCause());
        }
    }

    /** Starts game {@code gameIndex}, or completes the match; runs with no lock held. */
    private void nextGame() {
        try {
            GameOptions gameOptions;
            int k;
            synchronized (this) {
                if (stopping || gameIndex >= settings.games()) {
                    results.complete(List.copyOf(finished));
                    return;
                }
                gameOptions = options;
                restarting = false;
                delayedPly = -1;
                k = gameIndex;
            }
            boolean swap = settings.alternateSides() && k % 2 == 1;
            PlayerSeat firstSeat = seats.get(swap ? 1 : 0);
            PlayerSeat secondSeat = seats.get(swap ? 0 : 1);
            MatchJournal next = journal;
            if (next.gameNumber() != k + 1 || next.ply() != 0 || next.isOver() || !next.options().equals(gameOptions)) {
                next = newJournal(k, gameOptions);
            }
            List<Player> players = List.of(seat(firstSeat), seat(secondSeat));
            Referee.GameRun run = referee.newGame(next, players, settings.seed() + k, relay);
            List<Consumer<Referee.GameRun>> calls;
            synchronized (this) {
                journal = next;
                current = run;
                calls = List.copyOf(early);
                early.clear();
            }
            for (Consumer<Referee.GameRun> call : calls) {
                call.accept(run); // outside this match's lock: the run's lock comes first (see gate)
            }
            run.start(this::gate).whenComplete((outcome, error) -> referee.execute(() -> {
                if (error != null) {
                    results.completeExceptionally(error);
                } else {
                    gameEnded(k, firstSeat, secondSeat, outcome);
                }
            }));
        } catch (RuntimeException | Error e) {
            results.completeExceptionally(e);
            throw e;
        }
    }

    private void gameEnded(int k, PlayerSeat firstSeat, PlayerSeat secondSeat, MatchOutcome outcome) {
        try {
            synchronized (this) {
                if (restarting && !stopping) {
                    if (restartWith != null) {
                        options = restartWith;
                        restartWith = null;
                    }
                    restarting = false;
                    // the aborted game does not count
                    referee.execute(this::nextGame);
                    return;
                }
            }
            GameResult result = new GameResult(k + 1, firstSeat.name(), secondSeat.name(), outcome);
            finished.add(result);
            for (Consumer<GameResult> listener : resultListeners) {
                listener.accept(result);
            }
            synchronized (this) {
                gameIndex++;
                if (outcome.ending() == Ending.ABORTED) {
                    stopping = true;
                }
            }
            nextGame();
        } catch (RuntimeException | Error e) {
            results.completeExceptionally(e);
            throw e;
        }
    }

    /**
     * The seat's player for the next game. A player that is not available ({@link PlayerSeat.Unavailable}:
     * its bundle between two versions while its jar is replaced) is waited for, up to
     * {@link MatchSettings#swapGrace()}, with a {@link MatchEvent.Waiting} event; still missing after that,
     * or failing to be created (a constructor that throws), the seat plays a player that fails, so that
     * side forfeits the game with the reason, and the match goes on.
     */
    private Player seat(PlayerSeat seat) {
        long until = System.nanoTime() + settings.swapGrace().toNanos();
        boolean announced = false;
        while (true) {
            try {
                Player player = seat.players().get();
                if (player instanceof LimitedPlayer limited) {
                    limited.limit(settings.limits(), settings.timePerMove());
                    limited.match(id);
                }
                return player;
            } catch (PlayerSeat.Unavailable e) {
                long left = until - System.nanoTime();
                if (left <= 0 || !waitForSwap(left)) {
                    return failing("player " + seat.name() + " is not available: " + e.getMessage());
                }
                if (!announced) {
                    announced = true;
                    relay.publish(new MatchEvent.Waiting(EventBus.nowMicros(), id, seat.name(), until,
                            String.format(java.util.Locale.ROOT, "waiting up to %.1f s for player %s: %s",
                                    left / 1e9, seat.name(), e.getMessage())));
                }
            } catch (RuntimeException | LinkageError e) {
                return failing("player " + seat.name() + " could not be created: " + rootMessage(e));
            }
        }
    }

    /** Waits a little for a player being replaced; {@code false} if the match is stopped meanwhile. */
    private synchronized boolean waitForSwap(long leftNanos) {
        if (stopping) {
            return false;
        }
        try {
            TimeUnit.NANOSECONDS.timedWait(this, Math.min(leftNanos, TimeUnit.MILLISECONDS.toNanos(10)));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
        return !stopping;
    }

    private static Player failing(String why) {
        return new Player() {
            @Override
            public Move chooseMove(MoveRequest request) {
                throw new IllegalStateException(why, new PlayerFault(why)); // the reason says it all
            }
        };
    }

    /**
     * What went wrong, in one line: the innermost cause's class and message (Guice wraps a constructor's
     * exception in a ProvisionException whose message is a 20-line report).
     */
    static String rootMessage(Throwable e) {
        Throwable root = e;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        String message = root.getMessage();
        return root.getClass().getSimpleName() + (message == null ? "" : ": " + message.lines().findFirst().orElse(""));
    }

    /**
     * The referee asks before each move (with the game's lock held, so this takes only this match's
     * lock and calls nothing of the game): stopped or restarting ends it; paused or step-by-step
     * without a step holds it; in continuous mode with a move delay, the first ask after a move holds
     * it and a timer wakes it when the delay is over.
     */
    private synchronized Referee.Gate.Decision gate(Referee.GameRun run) {
        if (stopping || restarting) {
            return Referee.Gate.Decision.STOP;
        }
        if (paused) {
            return Referee.Gate.Decision.WAIT;
        }
        if (mode == Mode.STEP) {
            if (steps > 0) {
                steps--;
                return Referee.Gate.Decision.GO;
            }
            return Referee.Gate.Decision.WAIT;
        }
        int ply = run.state().ply();
        if (!settings.moveDelay().isZero() && ply > run.journal().start().ply() && delayedPly != ply) {
            delayedPly = ply;
            referee.schedule(run::wake, settings.moveDelay().toNanos());
            return Referee.Gate.Decision.WAIT;
        }
        return Referee.Gate.Decision.GO;
    }

    /** Lets the game in progress ask its gate again (after a change of mode, a resume, a step). */
    private void wake() {
        Referee.GameRun run = current;
        if (run != null) {
            run.wake();
        }
    }

    /** Switches between continuous and step-by-step play. */
    public void setMode(Mode newMode) {
        synchronized (this) {
            mode = newMode;
            steps = 0;
            events.publish(new MatchEvent.ModeChanged(EventBus.nowMicros(), id, mode.name(), paused));
        }
        wake();
    }

    public synchronized Mode mode() {
        return mode;
    }

    /** Holds the match before the next move (a move being thought about is finished first). */
    public synchronized void pause() {
        paused = true;
        events.publish(new MatchEvent.ModeChanged(EventBus.nowMicros(), id, mode.name(), true));
    }

    /** Lets a paused match go on. */
    public void resume() {
        synchronized (this) {
            paused = false;
            events.publish(new MatchEvent.ModeChanged(EventBus.nowMicros(), id, mode.name(), false));
        }
        wake();
    }

    public synchronized boolean isPaused() {
        return paused;
    }

    /** In step-by-step mode, lets one more move be played. */
    public void step() {
        synchronized (this) {
            steps++;
        }
        wake();
    }

    /** Abandons the game in progress and starts it again with the same options. */
    public void restart() {
        restart(null);
    }

    /**
     * Abandons the game in progress (it ends as aborted and does not count) and starts a new one, with
     * {@code newOptions} if not {@code null} (seed 004's "change board size, applied at the next
     * restart").
     *
     * @throws IllegalArgumentException if the new options are refused by the game
     */
    public void restart(GameOptions newOptions) {
        if (newOptions != null) {
            game.newGame(newOptions);
        }
        Referee.GameRun run;
        synchronized (this) {
            run = current; // the game being played now, not the new one the match thread may start next
            restarting = true;
            restartWith = newOptions;
        }
        if (run != null) {
            run.abort("the game was restarted");
        }
    }

    /**
     * Ends the game in progress (or the next one, as soon as it starts) as aborted, without a winner.
     * A match of one game then ends with that aborted game as its result.
     */
    public void abortGame(String detail) {
        onRun(run -> run.abort(detail));
    }

    /** Ends the match: the game in progress ends as aborted, no further game starts. */
    public void stop() {
        Referee.GameRun run;
        synchronized (this) {
            run = current;
            stopping = true;
        }
        if (run != null) {
            run.abort("the match was stopped");
        }
    }

    /**
     * Moves the deadline of {@code side}'s current or next move in the game in progress (see
     * {@link Referee.GameRun#setDeadline}).
     */
    public void setDeadline(Side side, long deadlineNanos) {
        onRun(run -> run.setDeadline(side, deadlineNanos));
    }

    /** Applies {@code call} to the game in progress, or to the next one as soon as it starts. */
    private void onRun(Consumer<Referee.GameRun> call) {
        Referee.GameRun run;
        synchronized (this) {
            run = current;
            if (run == null) {
                early.add(call);
                return;
            }
        }
        call.accept(run);
    }

    /** Ends the game in progress, decided by the scores as they stand (see {@link Referee.GameRun#adjudicate}). */
    public void adjudicate(String detail) {
        onRun(run -> run.adjudicate(detail));
    }

    /**
     * A move submitted by {@code side} of the game in progress (see {@link Referee.GameRun#submit}):
     * checked at once; the answer says whether it was accepted, refused (with the reason; the side may
     * try again), out of turn, or too late.
     *
     * @param notation     the move in the game's notation
     * @param arrivedNanos when it arrived ({@link System#nanoTime()}), for the move's network time
     */
    public Submission submit(Side side, String notation, long arrivedNanos) {
        Referee.GameRun run = current;
        return run == null ? Submission.GAME_OVER : run.submit(side, notation, arrivedNanos);
    }

    /** Makes {@code side} of the game in progress lose at once (a move out of turn, a dropped client). */
    public void forfeit(Side side, Ending ending, String detail) {
        onRun(run -> run.forfeit(side, ending, detail));
    }
}
