package org.boardlab.core;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ConcurrentHashMap;
import java.util.Map;
import java.util.Optional;
import javax.inject.Named;
import javax.inject.Singleton;
import org.boardlab.api.GameOptions;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.boardlab.api.Game;
import org.boardlab.api.GameState;
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
 * side to move for a move on a worker thread, checks the answer with the game's rules, applies it
 * and publishes the event.
 *
 * <p>The rules of seed 004's Game Master apply: a side that returns an illegal move (or none),
 * throws, does not answer within the time per move, or moves out of turn (reported by a protocol
 * through {@link GameRun#forfeit}) loses the game at once.
 *
 * <p>A player that never returns cannot hang the referee: the referee stops waiting at the deadline
 * and interrupts the player's thread. If the thread is still running {@link #RUNAWAY_GRACE} later,
 * it is stopped with {@code Thread.stop()} (possible up to Java 19); on newer Java it is left
 * running in the background and counted in {@link #runawayThreads()}.
 *
 * <p>One referee serves the whole of boardlab: it is a singleton component (inject it), so thread
 * limits and the runaway accounting are in one place; boardlab.core closes it when it stops. Tests
 * and tools outside the framework create their own and close it.
 *
 * <p>Every game writes its {@link MatchJournal}: the one history of the game that every reader uses.
 */
@Named
@Singleton
public final class Referee implements AutoCloseable {

    /** How long a player's thread may keep running after its deadline before it is stopped. */
    public static final Duration RUNAWAY_GRACE = Duration.ofSeconds(2);

    private static final AtomicLong MATCH_IDS = new AtomicLong();

    private final ExecutorService workers;
    private final ScheduledExecutorService reaper;
    private final AtomicInteger runaways = new AtomicInteger();
    private final AtomicInteger stillRunning = new AtomicInteger();
    private final AtomicInteger busy = new AtomicInteger();
    private final AtomicLong gamesPlayed = new AtomicLong();
    private final Map<Long, MatchJournal> live = new ConcurrentHashMap<>();

    /** A referee with its own pool of daemon worker threads; close it when done. */
    public Referee() {
        AtomicInteger n = new AtomicInteger();
        workers = Executors.newCachedThreadPool(r -> {
            Thread t = new Thread(r, "boardlab-player-" + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
        reaper = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "boardlab-referee-reaper");
            t.setDaemon(true);
            return t;
        });
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
        return Optional.ofNullable(live.get(matchId));
    }

    /**
     * Prepares one game; {@link GameRun#play} plays it.
     *
     * @param matchId     the match it belongs to (see {@link #newMatchId()})
     * @param start       the start position
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
     * Prepares one game that writes {@code journal}; {@link GameRun#play} plays it.
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

    @Override
    public void close() {
        workers.shutdownNow();
        reaper.shutdownNow();
    }

    /** Decides when the next move may be asked for; the match's modes (step, pause) implement it. */
    @FunctionalInterface
    public interface Gate {
        /**
         * Blocks until the next move may be played.
         *
         * @return {@code false} to end the game at once as aborted
         */
        boolean awaitTurn() throws InterruptedException;

        /** A gate that never waits. */
        Gate OPEN = () -> true;
    }

    private sealed interface Signal permits Answer, Failure, Forfeit, NewDeadline, Adjudicate {
    }

    private record NewDeadline(Side side, long nanos) implements Signal {
    }

    private record Adjudicate(String detail) implements Signal {
    }

    /** A side's answer; a part of its time that is not known is -1 (see {@link MatchJournal.MoveTimes}). */
    private record Answer(Move move, long networkNanos, long thinkingNanos) implements Signal {
    }

    private record Failure(Throwable error) implements Signal {
    }

    private record Forfeit(Side side, Ending ending, String detail) implements Signal {
    }

    /** One game between two players, played on the thread that calls {@link #play}. */
    public final class GameRun {

        private final long matchId;
        private final Game game;
        private final List<Player> players;
        private final List<String> names;
        private final long timePerMoveNanos;
        private final long seed;
        private final EventBus events;
        private final MatchJournal journal;
        private final long[] timeNanos = new long[2];
        private final BlockingQueue<Signal> external = new LinkedBlockingQueue<>();
        private volatile BlockingQueue<Signal> inbox;
        private volatile Side asking;
        private final long[] deadlineOverride = new long[2];
        private volatile GameState state;

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

        /**
         * Makes {@code side} lose at once, e.g. for a move out of turn or a lost connection. Safe from
         * any thread; ignored once the game is over.
         */
        public void forfeit(Side side, Ending ending, String detail) {
            if (!ending.isForfeit()) {
                throw new IllegalArgumentException(ending + " is not a forfeit");
            }
            post(new Forfeit(side, ending, detail));
        }

        /**
         * Moves {@code side}'s deadline for its current move (if it is thinking now) or for its next
         * one to {@code deadlineNanos} (on the {@link System#nanoTime()} clock). The server uses it to
         * hold a player's clock while the player reconnects. Safe from any thread.
         */
        public void setDeadline(Side side, long deadlineNanos) {
            synchronized (deadlineOverride) {
                BlockingQueue<Signal> box = inbox;
                if (asking == side && box != null) {
                    box.offer(new NewDeadline(side, deadlineNanos));
                } else {
                    deadlineOverride[side.index()] = deadlineNanos;
                }
            }
        }

        /**
         * Ends the game at once and decides it by the scores as they stand (equal scores: a draw), for
         * a game that cannot go on: a player left and did not come back in time, or the server stops.
         */
        public void adjudicate(String detail) {
            post(new Adjudicate(detail));
        }

        /** Ends the game at once without a winner (the match was stopped or restarted). */
        public void abort(String detail) {
            post(new Forfeit(null, Ending.ABORTED, detail));
        }

        private void post(Signal signal) {
            external.offer(signal);
            BlockingQueue<Signal> box = inbox;
            if (box != null) {
                box.offer(signal);
            }
        }

        /**
         * Plays the game to its end.
         *
         * @param gate decides when each move may be asked for (pause, step by step)
         * @return how the game ended; never {@code null}
         */
        public MatchOutcome play(Gate gate) {
            live.put(matchId, journal);
            try {
                publish(new MatchEvent.Started(EventBus.nowMicros(), matchId, journal.gameNumber(), state, names,
                        TimeUnit.NANOSECONDS.toMillis(timePerMoveNanos)));
                MatchOutcome outcome = loop(gate);
                journal.ended(outcome);
                gamesPlayed.incrementAndGet();
                publish(new MatchEvent.Ended(EventBus.nowMicros(), matchId, outcome));
                return outcome;
            } finally {
                live.remove(matchId, journal);
            }
        }

        private MatchOutcome loop(Gate gate) {
            while (!state.isTerminal()) {
                Signal pending = external.poll();
                if (pending instanceof Forfeit f) {
                    return end(f);
                }
                if (pending instanceof Adjudicate a) {
                    return adjudicated(a);
                }
                try {
                    if (!gate.awaitTurn()) {
                        return ended(null, Ending.ABORTED, null, "the game was stopped");
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return ended(null, Ending.ABORTED, null, "the game was interrupted");
                }
                pending = external.poll();
                if (pending instanceof Forfeit f) {
                    return end(f);
                }
                if (pending instanceof Adjudicate a) {
                    return adjudicated(a);
                }
                Side side = state.sideToMove();
                String who = names.get(side.index()) + " (" + game.sideName(side) + ")";
                long begin = System.nanoTime();
                long deadline;
                synchronized (deadlineOverride) {
                    long override = deadlineOverride[side.index()];
                    deadlineOverride[side.index()] = 0;
                    deadline = override != 0 ? override : begin + timePerMoveNanos;
                    asking = side;
                }
                long askedMicros = EventBus.nowMicros();
                journal.asked(new MatchJournal.Turn(state.ply(), side, askedMicros, deadline));
                publish(new MatchEvent.Thinking(askedMicros, matchId, side, deadline));
                Request request = new Request(state, journal.snapshot().moves(), deadline, seed * 2 + side.index());
                Signal signal = ask(players.get(side.index()), side, request);
                long took = System.nanoTime() - begin;
                if (signal instanceof Forfeit f) {
                    return end(f);
                }
                if (signal instanceof Adjudicate a) {
                    return adjudicated(a);
                }
                if (signal == null || System.nanoTime() - request.deadline > 0) {
                    timeNanos[side.index()] += Math.min(took, Math.max(timePerMoveNanos, request.deadline - begin));
                    return ended(side.other(), Ending.TIMEOUT, side,
                            who + " did not move within " + TimeUnit.NANOSECONDS.toMillis(timePerMoveNanos) + " ms");
                }
                timeNanos[side.index()] += took;
                if (signal instanceof Failure failure) {
                    Throwable e = failure.error();
                    return ended(side.other(), Ending.ERROR, side, who + " failed: " + e.getClass().getSimpleName()
                            + (e.getMessage() == null ? "" : ": " + e.getMessage()));
                }
                Answer answer = (Answer) signal;
                Move move = answer.move();
                if (move == null) {
                    return ended(side.other(), Ending.ILLEGAL_MOVE, side, who + " returned no move");
                }
                String why;
                try {
                    why = state.whyIllegal(move);
                } catch (RuntimeException e) {
                    why = "not a move of " + game.id() + " (" + e + ")";
                }
                if (why != null) {
                    return ended(side.other(), Ending.ILLEGAL_MOVE, side, who + " played " + safeNotation(move) + ": " + why);
                }
                state = state.apply(move);
                long now = EventBus.nowMicros();
                journal.moved(side, move, state, now, new MatchJournal.MoveTimes(took, answer.networkNanos(),
                        answer.thinkingNanos()), timeNanos.clone(), false);
                publish(new MatchEvent.Moved(now, matchId, state.ply(), side, move, state, took, timeNanos[side.index()]));
            }
            Outcome outcome = state.outcome();
            return ended(outcome.winner(), Ending.NORMAL, null, outcome.reason());
        }

        private MatchOutcome adjudicated(Adjudicate a) {
            int first = state.score(Side.FIRST);
            int second = state.score(Side.SECOND);
            Side winner = first == second ? null : first > second ? Side.FIRST : Side.SECOND;
            return ended(winner, Ending.ADJUDICATED, null, a.detail() + " (" + (winner == null ? "a draw"
                    : game.sideName(winner) + " wins") + " on the scores " + first + "-" + second + ")");
        }

        private MatchOutcome end(Forfeit f) {
            if (f.ending() == Ending.ABORTED) {
                return ended(null, Ending.ABORTED, null, f.detail());
            }
            return ended(f.side().other(), f.ending(), f.side(), f.detail());
        }

        private Signal ask(Player player, Side side, Request request) {
            BlockingQueue<Signal> box = new LinkedBlockingQueue<>();
            inbox = box;
            Signal early = external.peek();
            if (early != null) {
                box.offer(early);
            }
            AtomicReference<Thread> runner = new AtomicReference<>();
            Future<?> task;
            if (player instanceof AsyncPlayer async) {
                // no thread waits for it: the answer completes the future from wherever it comes
                CompletableFuture<Move> answer;
                long sent = System.nanoTime();
                try {
                    answer = async.requestMove(request);
                } catch (RuntimeException e) {
                    answer = CompletableFuture.failedFuture(e);
                }
                answer.whenComplete((move, error) -> box.offer(error == null
                        ? new Answer(move, System.nanoTime() - sent, -1)
                        : new Failure(error instanceof java.util.concurrent.CompletionException c && c.getCause() != null
                                ? c.getCause() : error)));
                task = answer;
            } else {
                task = workers.submit(() -> {
                    runner.set(Thread.currentThread());
                    busy.incrementAndGet();
                    try {
                        long t0 = System.nanoTime();
                        Move move = player.chooseMove(request);
                        box.offer(new Answer(move, -1, System.nanoTime() - t0));
                    } catch (Throwable e) {
                        box.offer(new Failure(e));
                        if (e instanceof ThreadDeath death) {
                            throw death;
                        }
                    } finally {
                        busy.decrementAndGet();
                        runner.set(null);
                    }
                });
            }
            Signal signal;
            try {
                while (true) {
                    signal = box.poll(Math.max(0, request.deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
                    if (signal instanceof NewDeadline moved) {
                        request.deadline = moved.nanos();
                        continue;
                    }
                    break;
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                signal = new Forfeit(null, Ending.ABORTED, "the game was interrupted");
            }
            synchronized (deadlineOverride) {
                inbox = null;
                asking = null;
            }
            request.cancelled = true;
            if (!(signal instanceof Answer) && !(signal instanceof Failure)) {
                task.cancel(true);
                reaper.schedule(() -> reap(runner, names.get(side.index())), RUNAWAY_GRACE.toMillis(), TimeUnit.MILLISECONDS);
            }
            if (signal instanceof Forfeit || signal instanceof Adjudicate) {
                external.remove(signal);
            }
            return signal;
        }

        private MatchOutcome ended(Side winner, Ending ending, Side loser, String detail) {
            int[] scores = {state.score(Side.FIRST), state.score(Side.SECOND)};
            int[] gm = gmScores(scores, timeNanos, winner, loser);
            return new MatchOutcome(winner, ending, loser, detail, state, journal.snapshot().moves(), scores,
                    timeNanos.clone(), gm);
        }

        private void publish(MatchEvent event) {
            if (events != null) {
                events.publish(event);
            }
        }
    }

    @SuppressWarnings("removal")
    private void reap(AtomicReference<Thread> runner, String name) {
        Thread thread = runner.get();
        if (thread == null) {
            return;
        }
        runaways.incrementAndGet();
        System.err.println("boardlab: player " + name + " ignored its deadline and the interrupt; stopping its thread");
        try {
            thread.stop();
        } catch (UnsupportedOperationException e) {
            stillRunning.incrementAndGet();
            System.err.println("boardlab: this Java cannot stop threads; player " + name + " keeps running in the background");
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

    private static final class Request implements MoveRequest {
        private final GameState state;
        private final List<Move> history;
        volatile long deadline;
        private final long seed;
        volatile boolean cancelled;

        Request(GameState state, List<Move> history, long deadline, long seed) {
            this.state = state;
            this.history = history;
            this.deadline = deadline;
            this.seed = seed;
        }

        @Override
        public GameState state() {
            return state;
        }

        @Override
        public List<Move> history() {
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
    }
}
