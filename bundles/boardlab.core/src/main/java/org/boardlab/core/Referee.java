package org.boardlab.core;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.FutureTask;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import javax.inject.Named;
import javax.inject.Singleton;
import org.boardlab.api.AsyncPlayer;
import org.boardlab.api.Game;
import org.boardlab.api.GameOptions;
import org.boardlab.api.GameState;
import org.boardlab.api.IllegalMoveException;
import org.boardlab.api.Move;
import org.boardlab.api.MoveRequest;
import org.boardlab.api.Outcome;
import org.boardlab.api.Player;
import org.boardlab.api.Side;
import org.boardlab.api.event.MatchEvent;
import org.boardlab.api.event.MatchOutcome;
import org.boardlab.api.event.MatchOutcome.Ending;

/**
 * Plays games between two {@link Player}s and is the only thing that changes a game: it asks the
 * side to move for a move, checks the answer with the game's rules, applies it, writes it in the
 * game's {@link MatchJournal} and publishes the event.
 *
 * <p>The rules of seed 004's Game Master apply: a side that returns an illegal move (or none),
 * throws, does not answer within the time per move, or moves out of turn (reported by a protocol
 * through {@link GameRun#forfeit}) loses the game at once. A move the rules force (a pass, see
 * {@link GameState#forcedMove()}) is played by the referee without asking.
 *
 * <p><b>Threads.</b> A game holds no thread while it waits: each game is a small state machine that
 * moves on when something happens (an answer, a submitted move, a deadline, a step or a resume),
 * on the thread that brought it. Deadlines and the runaway reaper run on a small scheduler pool
 * sized to the cores ({@code boardlab-referee-N}). Only a player inside boardlab (a bundle's
 * {@link Player#chooseMove}, which blocks) gets a worker thread ({@code boardlab-player-N}) for the
 * time of its move; a network client or a person ({@link SubmittingPlayer}, {@link AsyncPlayer})
 * uses none. So a thousand network games need no more threads than one.
 *
 * <p><b>House players.</b> A player that a server plays for its clients (seed 001's PvE opponent, a
 * player seated in the lobby), marked with {@link #housePlayer}, thinks on a pool sized to the cores
 * ({@code boardlab-house-N}) instead: its moves wait their turn for a core, so ten thousand games
 * against the server's own AI need no more threads than the machine has cores (a thread each, as
 * other players get, made the pool grow with the queue: 113 threads at 10,000 clients, each a
 * stack and a share of the cores' time slices). A house move that has waited a quarter of its time
 * for a core (behind players that think until their deadline) is given a worker thread of its own,
 * so that no move loses on time for want of a thread. A student's player from the players folder is
 * never a house player: when it runs inside boardlab ({@link PlayerHosting#IN_PROCESS}) it keeps a
 * thread of its own, as the player sandbox's rules say, so that a player that loops cannot hold up
 * the server's others.
 *
 * <p>A player that never returns cannot hang the referee: at the deadline the referee moves on and
 * interrupts the player's thread. If the thread is still running {@link #RUNAWAY_GRACE} later, it is
 * stopped with {@code Thread.stop()} (possible up to Java 19); on newer Java it is left running in
 * the background and counted in {@link #runawayThreadsStillRunning()}.
 *
 * <p>One referee serves the whole of boardlab: it is a singleton component (inject it), so thread
 * limits and the runaway accounting are in one place; boardlab.core closes it when it stops. Tests
 * and tools outside the framework create their own and close it.
 */
@Named
@Singleton
public final class Referee implements AutoCloseable {

    private static final java.util.logging.Logger LOG = java.util.logging.Logger.getLogger(Referee.class.getName());

    /** How long a player's thread may keep running after its deadline before it is stopped. */
    public static final Duration RUNAWAY_GRACE = Duration.ofSeconds(2);

    private static final AtomicLong MATCH_IDS = new AtomicLong();

    /** How often the house pool's queue is looked at for moves that waited too long, while it holds any. */
    private static final long SWEEP_NANOS = TimeUnit.MILLISECONDS.toNanos(100);

    private final ExecutorService workers;
    private final ThreadPoolExecutor house;
    private final LinkedBlockingQueue<Runnable> houseQueue = new LinkedBlockingQueue<>();
    private final AtomicBoolean sweeping = new AtomicBoolean();
    private final AtomicLong houseMovesOnOwnThread = new AtomicLong();
    private final ScheduledThreadPoolExecutor scheduler;
    private final AtomicInteger runaways = new AtomicInteger();
    private final AtomicInteger stillRunning = new AtomicInteger();
    private final AtomicInteger busy = new AtomicInteger();
    private final AtomicLong gamesPlayed = new AtomicLong();
    private final Map<Long, GameRun> live = new ConcurrentHashMap<>();

    /** A referee with its own threads (daemons); close it when done. */
    public Referee() {
        this(Runtime.getRuntime().availableProcessors());
    }

    /** A referee whose house players think on {@code houseThreads} threads (tests). */
    Referee(int houseThreads) {
        if (houseThreads < 1) {
            throw new IllegalArgumentException("the house players need at least one thread, not " + houseThreads);
        }
        AtomicInteger n = new AtomicInteger();
        workers = Executors.newCachedThreadPool(r -> {
            Thread t = new Thread(r, "boardlab-player-" + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
        AtomicInteger m = new AtomicInteger();
        scheduler = new ScheduledThreadPoolExecutor(Math.max(2, Runtime.getRuntime().availableProcessors()), r -> {
            Thread t = new Thread(r, "boardlab-referee-" + m.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
        scheduler.setRemoveOnCancelPolicy(true); // a deadline met is let go at once, not kept until it is due
        AtomicInteger h = new AtomicInteger();
        house = new ThreadPoolExecutor(houseThreads, houseThreads, 60, TimeUnit.SECONDS, houseQueue, r -> {
            Thread t = new Thread(r, "boardlab-house-" + h.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
        house.allowCoreThreadTimeOut(true); // an idle server (or a workbench that never serves) keeps none
    }

    /**
     * {@code player} marked as a house player: one that a server plays for its clients, which thinks on
     * the referee's pool sized to the cores (see the class comment). A player that needs no thread
     * ({@link SubmittingPlayer}, {@link AsyncPlayer}: a client, a person, a player in a process of its
     * own) and a student's player from the players folder that runs inside boardlab are returned as
     * they are: the latter keeps a thread of its own. Marking a player twice changes nothing.
     *
     * @param player the player for one game; never {@code null}
     * @return the player to hand to {@link #newGame}
     */
    public static Player housePlayer(Player player) {
        if (player instanceof HousePlayer || player instanceof SubmittingPlayer || player instanceof AsyncPlayer
                || org.boardlab.core.internal.PlayersFolder.holds(player.getClass())) {
            return player;
        }
        return new HousePlayer(player);
    }

    /** A player marked by {@link #housePlayer}: the referee asks the player inside on the house pool. */
    private static final class HousePlayer implements Player {
        private final Player player;

        HousePlayer(Player player) {
            this.player = player;
        }

        @Override
        public Move chooseMove(MoveRequest request) throws Exception {
            return player.chooseMove(request);
        }

        @Override
        public boolean supports(Game game) {
            return player.supports(game);
        }

        @Override
        public String description() {
            return player.description();
        }
    }

    /** A house player's move, waiting in the house pool's queue or thinking. */
    private final class HouseMove extends FutureTask<Void> {
        final long queuedAt = System.nanoTime();
        /** How long it may wait for a house thread before it gets a thread of its own. */
        final long patience;

        HouseMove(Runnable think, long timeNanos) {
            super(think, null);
            this.patience = Math.max(0, timeNanos) / 4;
        }
    }

    /** Queues a house player's move; a look at the queue is scheduled while it holds moves. */
    private void think(HouseMove move) {
        house.execute(move);
        sweepLater();
    }

    /**
     * Gives each move at the head of the house queue that has waited longer than its patience a worker
     * thread of its own (the queue is in the order the moves came, so the look stops at the first
     * move that may still wait).
     */
    private void sweep() {
        long now = System.nanoTime();
        Runnable head;
        while ((head = houseQueue.peek()) instanceof HouseMove move && now - move.queuedAt >= move.patience) {
            if (houseQueue.remove(move)) {
                if (!move.isDone()) {
                    houseMovesOnOwnThread.incrementAndGet();
                }
                try {
                    workers.execute(move);
                } catch (RejectedExecutionException e) {
                    return; // closed
                }
            }
        }
        sweeping.set(false);
        sweepLater();
    }

    /** Schedules a look at the house queue while it holds moves, unless one is already scheduled. */
    private void sweepLater() {
        if (!houseQueue.isEmpty() && sweeping.compareAndSet(false, true)) {
            if (schedule(this::sweep, SWEEP_NANOS) == null) {
                sweeping.set(false);
            }
        }
    }

    /** A new, unique match id. */
    public static long newMatchId() {
        return MATCH_IDS.incrementAndGet();
    }

    /** How many player threads overran their deadline by more than {@link #RUNAWAY_GRACE}. */
    public int runawayThreads() {
        return runaways.get();
    }

    /** Runaway player threads that could not be stopped and still run. */
    public int runawayThreadsStillRunning() {
        return stillRunning.get();
    }

    /** Player threads running a player's move now (players inside boardlab; network players use none). */
    public int busyPlayerThreads() {
        return busy.get();
    }

    /** The house pool's threads now (house players' moves): at most the number it was made with, the cores by default. */
    public int houseThreads() {
        return house.getPoolSize();
    }

    /** House players' moves that waited a quarter of their time for a house thread and were given a thread of their own. */
    public long houseMovesOnOwnThread() {
        return houseMovesOnOwnThread.get();
    }

    /** The scheduler's threads (deadlines, next games): at most the number of cores, at least 2. */
    public int schedulerThreads() {
        return scheduler.getPoolSize();
    }

    /** Games being played now. */
    public int gamesInProgress() {
        return live.size();
    }

    /** Games played to their end since this referee was made. */
    public long gamesPlayed() {
        return gamesPlayed.get();
    }

    /**
     * The journal of the game match {@code matchId} is playing now; empty when no game of that match is
     * in progress. Keep the journal to read a game after it ended.
     */
    public Optional<MatchJournal> journal(long matchId) {
        GameRun run = live.get(matchId);
        return run == null ? Optional.empty() : Optional.of(run.journal);
    }

    /** Runs {@code task} soon on the referee's scheduler (never on the caller's thread); not once the referee is closed. */
    void execute(Runnable task) {
        try {
            scheduler.execute(task);
        } catch (RejectedExecutionException e) {
            // closed: nothing runs any more
        }
    }

    /** Runs {@code task} on the referee's scheduler after {@code delayNanos}; {@code null} once the referee is closed. */
    ScheduledFuture<?> schedule(Runnable task, long delayNanos) {
        try {
            return scheduler.schedule(task, Math.max(0, delayNanos), TimeUnit.NANOSECONDS);
        } catch (RejectedExecutionException e) {
            return null;
        }
    }

    /**
     * Prepares one game; {@link GameRun#play} or {@link GameRun#start} plays it.
     *
     * @param matchId     the match it belongs to (see {@link #newMatchId()})
     * @param start       the start position (made with the game's default options)
     * @param players     the player of {@link Side#FIRST} then of {@link Side#SECOND}
     * @param names       their names, in the same order, for events and messages
     * @param timePerMove how long a side may think about one move
     * @param seed        the game's seed, handed to the players
     * @param events      where to publish the game's events, or {@code null}
     */
    public GameRun newGame(long matchId, GameState start, List<Player> players, List<String> names,
            Duration timePerMove, long seed, EventBus events) {
        return newGame(new MatchJournal(matchId, 1, GameOptions.DEFAULT, start, names, timePerMove), players, seed, events);
    }

    /**
     * Prepares one game that writes {@code journal}; {@link GameRun#play} or {@link GameRun#start}
     * plays it.
     *
     * @param journal the game's journal, as yet empty: its start position, players' names and time per
     *                move are the game's
     * @param players the player of {@link Side#FIRST} then of {@link Side#SECOND}
     * @param seed    the game's seed, handed to the players
     * @param events  where to publish the game's events, or {@code null}
     */
    public GameRun newGame(MatchJournal journal, List<Player> players, long seed, EventBus events) {
        return new GameRun(journal, players, seed, events);
    }

    /** Ends the games in progress as aborted and stops the referee's threads. */
    @Override
    public void close() {
        for (GameRun run : List.copyOf(live.values())) {
            run.abort("the referee was closed");
        }
        workers.shutdownNow();
        house.shutdownNow();
        scheduler.shutdownNow();
    }

    /**
     * Decides, before each move, whether it may be asked for now; the match's modes (step, pause, a
     * delay between moves) implement it. Called with the game's lock held: decide at once, never block,
     * and call no method of the game from inside.
     */
    @FunctionalInterface
    public interface Gate {

        /** What the game does next. */
        enum Decision {
            /** Ask for the next move now. */
            GO,
            /** Hold: whoever holds the gate calls {@link GameRun#wake()} when the game may go on. */
            WAIT,
            /** End the game at once as aborted. */
            STOP
        }

        /** Whether the next move of {@code run} may be asked for now. */
        Decision next(GameRun run);

        /** A gate that never holds. */
        Gate OPEN = run -> Decision.GO;
    }

    /** A way the game ends from outside: a forfeit, an adjudication or an abort. */
    private record End(Side loser, Ending ending, String detail) {
    }

    /** A side's answer; a part of its time that is not known is -1 (see {@link MatchJournal.MoveTimes}). */
    /**
     * @param checkedIn the position {@code move} was found legal in when it was submitted, or {@code null}: the
     *                  referee does not check it again there
     */
    private record Answer(Move move, long networkNanos, long thinkingNanos, long hostNanos, GameState checkedIn) {
        Answer(Move move, long networkNanos, long thinkingNanos) {
            this(move, networkNanos, thinkingNanos, -1, null);
        }

        Answer(Move move, long networkNanos, long thinkingNanos, long hostNanos) {
            this(move, networkNanos, thinkingNanos, hostNanos, null);
        }
    }

    private record Failure(Throwable error) {
    }

    /** A move submitted before its side was asked (the match held): used when the side is asked. */
    private record Early(int ply, Side side, Move move, GameState checkedIn) {
    }

    /** One question to one side: open until it is answered, times out, or the game ends. */
    private final class Ask {
        final Side side;
        final long begin;
        final Request request;
        final Player player;
        /** When the question left for the client or the person ({@link System#nanoTime()}). */
        long sent;
        /** The answer: an {@link Answer} or a {@link Failure} (guarded by the run). */
        Object result;
        long answeredAt;
        Future<?> task;
        CompletableFuture<AsyncPlayer.Timed> async;
        final AtomicReference<Thread> runner = new AtomicReference<>();

        Ask(Side side, long begin, Request request, Player player) {
            this.side = side;
            this.begin = begin;
            this.request = request;
            this.player = player;
        }
    }

    /**
     * One game between two players. It holds no thread: {@link #start} sets it going and every change
     * (an answer, a submitted move, a deadline, {@link #wake}) moves it on under its own lock, on the
     * thread that brought the change. Every method is safe from any thread.
     */
    public final class GameRun {

        private final long matchId;
        private final Game game;
        private final List<Player> players;
        private final List<String> names;
        private final long timePerMoveNanos;
        private final long seed;
        private final EventBus events;
        private final MatchJournal journal;
        private final CompletableFuture<MatchOutcome> done = new CompletableFuture<>();
        // all guarded by this
        private final long[] timeNanos = new long[2];
        private final long[] deadlineOverride = new long[2];
        private volatile GameState state;
        private Gate gate = Gate.OPEN;
        private boolean started;
        private boolean over;
        private boolean advancing;
        private Ask ask;
        private End end;
        private Early early;
        /**
         * The run's one deadline timer, or {@code null}: due at or before the deadline of the open
         * question. It is not scheduled and cancelled for every move (on a busy server that was two
         * operations on the scheduler's shared queue a move): it stays armed from one question to the
         * next and, when it fires before the open question's deadline, is armed again for that
         * deadline. So a game with a minute a move wakes the scheduler about once a minute. Cancelled
         * when the game ends.
         */
        private Deadline timer;

        private GameRun(MatchJournal journal, List<Player> players, long seed, EventBus events) {
            if (players.size() != 2 || journal.players().size() != 2) {
                throw new IllegalArgumentException("a game needs exactly two players");
            }
            if (journal.ply() != 0) {
                throw new IllegalArgumentException("the journal of a new game must be empty");
            }
            this.journal = journal;
            this.matchId = journal.matchId();
            this.game = journal.game();
            this.state = journal.start();
            this.players = List.copyOf(players);
            this.names = journal.players();
            this.timePerMoveNanos = journal.timePerMove().toNanos();
            this.seed = seed;
            this.events = events;
        }

        /** The current position. */
        public GameState state() {
            return state;
        }

        /** The game's journal, which this run writes. */
        public MatchJournal journal() {
            return journal;
        }

        /** Completes with how the game ended. */
        public CompletableFuture<MatchOutcome> outcome() {
            return done;
        }

        /**
         * Sets the game going and returns at once (the first question is asked, or the first worker
         * started, before it returns).
         *
         * @param gate decides when each move may be asked for (pause, step by step)
         * @return completes with how the game ended
         * @throws IllegalStateException if it was started before
         */
        public CompletableFuture<MatchOutcome> start(Gate gate) {
            synchronized (this) {
                if (started) {
                    throw new IllegalStateException("game of match " + matchId + " has already started");
                }
                started = true;
                this.gate = gate;
                live.put(matchId, this);
                publish(new MatchEvent.Started(EventBus.nowMicros(), matchId, journal.gameNumber(), state, names,
                        TimeUnit.NANOSECONDS.toMillis(timePerMoveNanos)));
                advance();
            }
            return done;
        }

        /**
         * Plays the game to its end on the calling thread's watch (the moves themselves are played
         * where they come from). An interrupt ends the game as aborted.
         *
         * @param gate decides when each move may be asked for (pause, step by step)
         * @return how the game ended; never {@code null}
         */
        public MatchOutcome play(Gate gate) {
            CompletableFuture<MatchOutcome> outcome = start(gate);
            try {
                return outcome.get();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                abort("the game was interrupted");
                return outcome.join();
            } catch (ExecutionException e) {
                throw new IllegalStateException("the game failed", e.getCause());
            }
        }

        /** The gate may let the game go on: asks it again. Safe from any thread; does nothing if not waiting. */
        public void wake() {
            synchronized (this) {
                if (started && !over) {
                    advance();
                }
            }
        }

        /**
         * A move submitted by {@code side} (a network client's, a person's click), checked at once.
         * Only a side played by a {@link SubmittingPlayer} submits. An illegal move is refused with the
         * reason and the side may try again before its deadline; a move submitted while the match holds
         * (paused, step by step) is kept and played when the side is asked.
         *
         * @param notation     the move in the game's notation
         * @param arrivedNanos when it arrived ({@link System#nanoTime()}), for the move's network time
         * @return what became of it; never {@code null}
         */
        public Submission submit(Side side, String notation, long arrivedNanos) {
            synchronized (this) {
                if (over || state.isTerminal()) {
                    return Submission.GAME_OVER;
                }
                if (!(players.get(side.index()) instanceof SubmittingPlayer)) {
                    return Submission.refused(who(side) + " chooses its own moves: they cannot be submitted");
                }
                GameState now = state;
                if (now.sideToMove() != side || (early != null && early.ply() == now.ply())) {
                    return Submission.OUT_OF_TURN;
                }
                Move move;
                String why;
                try {
                    move = now.parseMove(notation);
                    why = now.whyIllegal(move);
                } catch (IllegalMoveException e) {
                    move = null;
                    why = e.reason();
                } catch (RuntimeException e) {
                    move = null;
                    why = "not a move of " + game.id() + " (" + e.getMessage() + ")";
                }
                if (why != null) {
                    return Submission.refused(why);
                }
                Ask a = ask;
                if (a == null) {
                    early = new Early(now.ply(), side, move, now); // the match holds: played when the side is asked
                    return Submission.ACCEPTED;
                }
                if (a.side != side || a.result != null) {
                    return Submission.OUT_OF_TURN;
                }
                a.result = new Answer(move, Math.max(0, arrivedNanos - a.sent), -1, -1, now);
                a.answeredAt = System.nanoTime();
                advance();
                return Submission.ACCEPTED;
            }
        }

        /**
         * Makes {@code side} lose at once, e.g. for a move out of turn or a lost connection. Safe from
         * any thread; ignored once the game is over.
         */
        public void forfeit(Side side, Ending ending, String detail) {
            if (!ending.isForfeit()) {
                throw new IllegalArgumentException(ending + " is not a forfeit");
            }
            endFromOutside(new End(side, ending, detail));
        }

        /**
         * Ends the game at once and decides it by the scores as they stand (equal scores: a draw), for
         * a game that cannot go on: a player left and did not come back in time, or the server stops.
         */
        public void adjudicate(String detail) {
            endFromOutside(new End(null, Ending.ADJUDICATED, detail));
        }

        /** Ends the game at once without a winner (the match was stopped or restarted). */
        public void abort(String detail) {
            endFromOutside(new End(null, Ending.ABORTED, detail));
        }

        private synchronized void endFromOutside(End why) {
            if (over || end != null) {
                return;
            }
            end = why;
            if (started) {
                advance();
            }
        }

        /**
         * Moves {@code side}'s deadline for its current move (if it is thinking now) or for its next
         * one to {@code deadlineNanos} (on the {@link System#nanoTime()} clock). The server uses it to
         * hold a player's clock while the player reconnects. Safe from any thread.
         */
        public synchronized void setDeadline(Side side, long deadlineNanos) {
            Ask a = ask;
            if (a != null && a.side == side && a.result == null) {
                a.request.deadline = deadlineNanos;
                arm(deadlineNanos);
            } else {
                deadlineOverride[side.index()] = deadlineNanos;
            }
        }

        /**
         * Moves the game on as far as it can go now. Runs with the lock held; a change that comes
         * while it runs on this thread (an answer given at once) is picked up by its loop, not by a
         * nested call, so the stack stays flat however many moves follow each other.
         */
        private void advance() {
            if (advancing) {
                return;
            }
            advancing = true;
            try {
                while (!over) {
                    if (end != null) {
                        endNow(end);
                        return;
                    }
                    if (ask != null) {
                        if (ask.result == null) {
                            return; // waiting for the answer or the deadline
                        }
                        Ask answered = ask;
                        ask = null;
                        settle(answered);
                        continue;
                    }
                    if (state.isTerminal()) {
                        Outcome outcome = state.outcome();
                        finish(outcome.winner(), Ending.NORMAL, null, outcome.reason());
                        return;
                    }
                    Gate.Decision decision;
                    try {
                        decision = gate.next(this);
                    } catch (RuntimeException e) {
                        decision = Gate.Decision.STOP;
                    }
                    if (decision == Gate.Decision.STOP) {
                        finish(null, Ending.ABORTED, null, "the game was stopped");
                        return;
                    }
                    if (decision == Gate.Decision.WAIT) {
                        return;
                    }
                    Optional<Move> forced;
                    try {
                        forced = state.forcedMove();
                    } catch (RuntimeException e) {
                        forced = Optional.empty();
                    }
                    if (forced.isPresent()) {
                        apply(state.sideToMove(), forced.get(), new MatchJournal.MoveTimes(0, -1, -1), true);
                        continue;
                    }
                    ask();
                }
            } finally {
                advancing = false;
            }
        }

        /** Asks the side to move; the answer comes back through {@link #answered} or {@link #submit}. */
        private void ask() {
            Side side = state.sideToMove();
            long begin = System.nanoTime();
            long override = deadlineOverride[side.index()];
            deadlineOverride[side.index()] = 0;
            long deadline = override != 0 ? override : begin + timePerMoveNanos;
            Player player = players.get(side.index());
            int played = state.ply() - journal.start().ply();
            Ask a = new Ask(side, begin, new Request(state, journal, played, deadline, seed * 2 + side.index()), player);
            ask = a;
            long askedMicros = EventBus.nowMicros();
            journal.asked(new MatchJournal.Turn(state.ply(), side, askedMicros, deadline));
            publish(new MatchEvent.Thinking(askedMicros, matchId, side, deadline));
            arm(deadline);
            if (early != null) {
                Early kept = early;
                early = null;
                if (kept.ply() == state.ply() && kept.side() == side) {
                    a.sent = begin;
                    a.result = new Answer(kept.move(), 0, -1, -1, kept.checkedIn());
                    a.answeredAt = begin;
                    return;
                }
            }
            a.sent = System.nanoTime();
            if (player instanceof SubmittingPlayer submitting) {
                try {
                    submitting.yourTurn(a.request);
                } catch (RuntimeException e) {
                    a.result = new Failure(e);
                    a.answeredAt = System.nanoTime();
                }
            } else if (player instanceof AsyncPlayer async) {
                CompletableFuture<AsyncPlayer.Timed> answer;
                try {
                    answer = async.requestTimedMove(a.request);
                } catch (RuntimeException e) {
                    answer = CompletableFuture.failedFuture(e);
                }
                a.async = answer;
                answer.whenComplete((timed, error) -> {
                    long at = System.nanoTime();
                    answered(a, error != null ? new Failure(unwrap(error)) : timedAnswer(player, timed, at - a.sent), at);
                });
            } else {
                try {
                    if (player instanceof HousePlayer h) {
                        HouseMove move = new HouseMove(() -> play(a, h.player), deadline - begin);
                        a.task = move;
                        think(move);
                    } else {
                        a.task = workers.submit(() -> play(a, player));
                    }
                } catch (RejectedExecutionException e) {
                    a.result = new Failure(new IllegalStateException("the referee is closed"));
                    a.answeredAt = System.nanoTime();
                }
            }
        }

        /**
         * An asynchronous player's answer: a network client's whole wait is network time; a player that
         * measured its thinking (a player host) has the rest of the wait counted as its host's overhead; a
         * person at a board of this process ({@link PersonPlayer}) thought for the whole wait.
         */
        private Object timedAnswer(Player player, AsyncPlayer.Timed timed, long waitNanos) {
            if (player instanceof PersonPlayer) {
                return new Answer(timed == null ? null : timed.move(), -1, waitNanos);
            }
            if (timed == null) {
                return new Answer(null, waitNanos, -1);
            }
            if (timed.thinkingNanos() < 0) {
                return new Answer(timed.move(), waitNanos, -1);
            }
            long thinking = Math.min(timed.thinkingNanos(), waitNanos);
            return new Answer(timed.move(), -1, thinking, waitNanos - thinking);
        }

        /** A player inside boardlab thinks on a worker thread. */
        private void play(Ask a, Player player) {
            a.runner.set(Thread.currentThread());
            busy.incrementAndGet();
            try {
                long t0 = System.nanoTime();
                Move move = player.chooseMove(a.request);
                long t1 = System.nanoTime();
                answered(a, new Answer(move, -1, t1 - t0), t1);
            } catch (Throwable e) {
                answered(a, new Failure(e), System.nanoTime());
                if (e instanceof ThreadDeath death) {
                    throw death;
                }
            } finally {
                busy.decrementAndGet();
                a.runner.set(null);
            }
        }

        /** An answer from a worker or a future; ignored unless {@code a} is still the open question. */
        private void answered(Ask a, Object result, long at) {
            synchronized (this) {
                if (ask != a || a.result != null || over) {
                    return;
                }
                a.result = result;
                a.answeredAt = at;
                advance();
            }
        }

        /**
         * Makes sure the timer fires by {@code deadline} ({@link System#nanoTime()} clock): a timer due
         * earlier stays (it looks again when it fires), a later one is replaced. Runs with the lock held.
         */
        private void arm(long deadline) {
            Deadline t = timer;
            if (t != null) {
                if (t.due - deadline <= 0) {
                    return;
                }
                t.cancel();
            }
            Deadline next = new Deadline(deadline);
            timer = next;
            next.future = schedule(next, deadline - System.nanoTime());
        }

        /** The run's deadline timer (see {@link GameRun#timer}). */
        private final class Deadline implements Runnable {
            final long due;
            ScheduledFuture<?> future;

            Deadline(long due) {
                this.due = due;
            }

            void cancel() {
                ScheduledFuture<?> f = future;
                if (f != null) {
                    f.cancel(false);
                }
            }

            @Override
            public void run() {
                synchronized (GameRun.this) {
                    if (timer != this) {
                        return; // replaced or cancelled meanwhile
                    }
                    timer = null;
                    Ask a = ask;
                    if (a != null) {
                        timedOut(a); // the next question arms the timer again when there is none open now
                    }
                }
            }
        }

        /** The deadline of {@code a} may have passed. */
        private void timedOut(Ask a) {
            synchronized (this) {
                if (ask != a || a.result != null || over) {
                    return;
                }
                long now = System.nanoTime();
                if (now - a.request.deadline < 0) {
                    arm(a.request.deadline); // not yet (the deadline moved, or the timer was due for an earlier question)
                    return;
                }
                ask = null;
                String done = null;
                if (a.player instanceof AsyncPlayer async) {
                    try {
                        done = async.timedOut();
                    } catch (RuntimeException e) {
                        done = null;
                    }
                }
                letGo(a);
                timeNanos[a.side.index()] += Math.min(now - a.begin, Math.max(timePerMoveNanos, a.request.deadline - a.begin));
                finish(a.side.other(), Ending.TIMEOUT, a.side, who(a.side) + " did not move within "
                        + TimeUnit.NANOSECONDS.toMillis(timePerMoveNanos) + " ms" + (done == null ? "" : "; " + done));
            }
        }

        /** Judges the answer to {@code a}: applies a legal move, or ends the game. */
        private void settle(Ask a) {
            letGo(a);
            Side side = a.side;
            long took = a.answeredAt - a.begin;
            if (a.answeredAt - a.request.deadline > 0) {
                timeNanos[side.index()] += Math.min(took, Math.max(timePerMoveNanos, a.request.deadline - a.begin));
                finish(side.other(), Ending.TIMEOUT, side,
                        who(side) + " did not move within " + TimeUnit.NANOSECONDS.toMillis(timePerMoveNanos) + " ms");
                return;
            }
            timeNanos[side.index()] += took;
            if (a.result instanceof Failure failure) {
                Throwable e = failure.error();
                Throwable fault = e instanceof PlayerFault ? e : e.getCause() instanceof PlayerFault f ? f : null;
                finish(side.other(), Ending.ERROR, side, who(side) + " failed: " + (fault != null
                        ? fault.getMessage() : e.getClass().getSimpleName() + (e.getMessage() == null ? "" : ": " + e.getMessage())));
                return;
            }
            Answer answer = (Answer) a.result;
            Move move = answer.move();
            if (move == null) {
                finish(side.other(), Ending.ILLEGAL_MOVE, side, who(side) + " returned no move");
                return;
            }
            String why = null;
            if (answer.checkedIn() != state) { // a submitted move was checked in this very position: not again
                try {
                    why = state.whyIllegal(move);
                } catch (RuntimeException e) {
                    why = "not a move of " + game.id() + " (" + e + ")";
                }
            }
            if (why != null) {
                finish(side.other(), Ending.ILLEGAL_MOVE, side, who(side) + " played " + safeNotation(move) + ": " + why);
                return;
            }
            apply(side, move, new MatchJournal.MoveTimes(took, answer.networkNanos(), answer.thinkingNanos(), answer.hostNanos()),
                    false);
        }

        private void apply(Side side, Move move, MatchJournal.MoveTimes times, boolean forced) {
            state = state.apply(move);
            long now = EventBus.nowMicros();
            journal.moved(side, move, state, now, times, timeNanos.clone(), forced);
            publish(new MatchEvent.Moved(now, matchId, state.ply(), side, move, state, times.elapsedNanos(),
                    timeNanos[side.index()]));
        }

        /** The question is over: its worker (interrupted, reaped if it runs on) and its future go (the run's timer stays, see {@link #timer}). */
        private void letGo(Ask a) {
            a.request.cancelled = true;
            if (a.result == null) {
                if (a.task != null) {
                    a.task.cancel(true);
                    String name = names.get(a.side.index());
                    schedule(() -> reap(a.runner, name), RUNAWAY_GRACE.toNanos());
                }
                if (a.async != null) {
                    a.async.cancel(true);
                }
            }
        }

        private void endNow(End why) {
            Ask a = ask;
            ask = null;
            if (a != null) {
                letGo(a);
            }
            switch (why.ending()) {
                case ABORTED -> finish(null, Ending.ABORTED, null, why.detail());
                case ADJUDICATED -> {
                    int first = state.score(Side.FIRST);
                    int second = state.score(Side.SECOND);
                    Side winner = first == second ? null : first > second ? Side.FIRST : Side.SECOND;
                    finish(winner, Ending.ADJUDICATED, null, why.detail() + " (" + (winner == null ? "a draw"
                            : game.sideName(winner) + " wins") + " on the scores " + first + "-" + second + ")");
                }
                default -> finish(why.loser().other(), why.ending(), why.loser(), why.detail());
            }
        }

        private void finish(Side winner, Ending ending, Side loser, String detail) {
            over = true;
            Deadline t = timer;
            if (t != null) {
                timer = null;
                t.cancel(); // let go at once, not kept (with the run) until it is due
            }
            int[] scores = {state.score(Side.FIRST), state.score(Side.SECOND)};
            int[] gm = gmScores(scores, timeNanos, winner, loser);
            MatchOutcome outcome = new MatchOutcome(winner, ending, loser, detail, state, journal.snapshot().moves(), scores,
                    timeNanos.clone(), gm);
            journal.ended(outcome);
            gamesPlayed.incrementAndGet();
            try {
                publish(new MatchEvent.Ended(EventBus.nowMicros(), matchId, outcome));
            } finally {
                live.remove(matchId, this);
                closePlayers();
                done.complete(outcome);
            }
        }

        /** Players that hold something for their game (a player host's process) let it go. */
        private void closePlayers() {
            for (Player player : players) {
                if (player instanceof AutoCloseable closeable && player instanceof AsyncPlayer) {
                    try {
                        closeable.close();
                    } catch (Exception | LinkageError e) {
                        // a player that cannot close changes nothing about the game that ended
                    }
                }
            }
        }

        private String who(Side side) {
            return names.get(side.index()) + " (" + game.sideName(side) + ")";
        }

        private void publish(MatchEvent event) {
            if (events != null) {
                events.publish(event);
            }
        }
    }

    private static Throwable unwrap(Throwable error) {
        return (error instanceof CompletionException || error instanceof ExecutionException) && error.getCause() != null
                ? error.getCause() : error instanceof CancellationException ? new IllegalStateException("the move was cancelled") : error;
    }

    @SuppressWarnings("removal")
    private void reap(AtomicReference<Thread> runner, String name) {
        Thread thread = runner.get();
        if (thread == null) {
            return;
        }
        runaways.incrementAndGet();
        LOG.warning("player " + name + " ignored its deadline and the interrupt; stopping its thread");
        try {
            thread.stop();
        } catch (UnsupportedOperationException e) {
            stillRunning.incrementAndGet();
            LOG.warning("this Java cannot stop threads; player " + name + " keeps running in the background");
        }
    }

    private static String safeNotation(Move move) {
        try {
            return move.notation();
        } catch (RuntimeException e) {
            return move.getClass().getSimpleName();
        }
    }

    /**
     * Seed 004's Game Master score of each side: own points / all points x 100 + (total time - own
     * time) / total time x 100 + 100 for the winner, each term rounded down; 0 for a side that
     * forfeited. When nobody has points (or nobody used time) that term is 50 for both.
     *
     * @param points each side's points ({@link GameState#score})
     * @param timeNanos each side's thinking time
     * @param winner the winner or {@code null}
     * @param forfeiter the side that forfeited or {@code null}
     */
    public static int[] gmScores(int[] points, long[] timeNanos, Side winner, Side forfeiter) {
        long totalPoints = (long) points[0] + points[1];
        long totalTime = timeNanos[0] + timeNanos[1];
        int[] result = new int[2];
        for (Side side : Side.values()) {
            int i = side.index();
            if (side == forfeiter) {
                continue;
            }
            long pointTerm = totalPoints == 0 ? 50 : 100L * points[i] / totalPoints;
            long timeTerm = totalTime == 0 ? 50 : (long) (100.0 * (totalTime - timeNanos[i]) / totalTime);
            result[i] = (int) (pointTerm + timeTerm + (side == winner ? 100 : 0));
        }
        return result;
    }

    /** The referee's question to a player; the history is read from the journal only if the player asks. */
    private static final class Request implements MoveRequest {
        private final GameState state;
        private final MatchJournal journal;
        private final int played;
        volatile long deadline;
        private final long seed;
        volatile boolean cancelled;
        private List<Move> history;

        Request(GameState state, MatchJournal journal, int played, long deadline, long seed) {
            this.state = state;
            this.journal = journal;
            this.played = played;
            this.deadline = deadline;
            this.seed = seed;
        }

        @Override
        public GameState state() {
            return state;
        }

        @Override
        public synchronized List<Move> history() {
            if (history == null) {
                List<MatchJournal.Entry> entries = journal.snapshot().entries();
                Move[] moves = new Move[played];
                for (int i = 0; i < moves.length; i++) {
                    moves[i] = entries.get(i).move();
                }
                history = List.of(moves);
            }
            return history;
        }

        @Override
        public long deadlineNanos() {
            return deadline;
        }

        @Override
        public boolean isCancelled() {
            return cancelled || System.nanoTime() - deadline > 0;
        }

        @Override
        public long seed() {
            return seed;
        }

        @Override
        public GameOptions options() {
            return journal.options();
        }
    }
}
