package org.boardlab.tournament;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.boardlab.api.Game;
import org.boardlab.core.EventBus;
import org.boardlab.core.MatchJournal;
import org.boardlab.core.Referee;
import org.boardlab.core.Registry;
import org.boardlab.tournament.rating.Sprt;

/**
 * Plays a tournament through boardlab's one {@link Referee} (injected, never made here): schedules
 * the games of each round ({@link Schedule}), plays up to {@code concurrency} of them at once, writes
 * each finished game to the {@link TournamentLog} before it counts, and moves on to the next round.
 *
 * <p><b>Resume.</b> Give the constructor the games scheduled and finished before (read back from the
 * store): finished games are kept and not played again; a scheduled game without a result (it was in
 * flight when the process died) is played again from its start; the schedule then goes on exactly as
 * it would have, since it depends only on the settings and the results.
 *
 * <p><b>A resume reads the finished games only when it needs them.</b> Given a {@link TournamentHistory}
 * not read yet (the store's, {@link StoreTournamentLog#open}), the runner first plays what the log's
 * queue holds ({@link TournamentLog#claim} with no candidates), and reads the earlier games and their
 * results when it first needs them: for {@link #standings()}, {@link #scheduledGames()} or
 * {@link #results()}, once the queue has nothing more for it (to schedule a next round, or to take in
 * what workers stored), and at once for an SPRT (it is taken on the games in their numbers' order).
 * What it reads is merged with what it played meanwhile: a game counts once.
 *
 * <p><b>Time.</b> With a time per move the referee's deadline is that time. With a clock
 * ({@code 5m+2s}) the runner sets each move's deadline to what is left on the side's clock (see
 * {@link TimeControl}). A side that does not move in time loses the game, as in the Match view.
 *
 * <p><b>Pause, resume, stop.</b> {@link #pause()} holds every game in flight before its next move
 * (a move being thought about is finished first) and starts no new game; {@link #resume()} lets them
 * go on. {@link #stop()} aborts the games in flight (they are not recorded, so a later resume plays
 * them again) and makes {@link #run()} return.
 *
 * <p><b>SPRT.</b> With {@code --sprt} the test is taken after each game on the games numbered 1..k
 * that are all finished (so the decision does not depend on which game happened to finish first);
 * once decided, no new game starts and the games in flight are aborted.
 */
public final class TournamentRunner {

    private static final Logger LOG = Logger.getLogger(TournamentRunner.class.getName());

    /** What a runner tells about its progress; called on the runner's and the referee's threads. */
    public interface Listener {
        /** Games were scheduled (a round, or the whole tournament). */
        default void scheduled(List<ScheduledGame> games) {
        }

        /** A game started; its journal can be followed (the Match view, the Tournament view). */
        default void started(ScheduledGame game, long matchId, MatchJournal journal) {
        }

        /**
         * A game finished and was recorded; {@code finished} games have a result now. Ask
         * {@link TournamentRunner#standings()} for the table (it is worked out when asked).
         */
        default void finished(ScheduledGame game, GameScore score, int finished) {
        }

        /** The runner's state changed. */
        default void state(State state) {
        }
    }

    /** Where a runner is. */
    public enum State {
        NEW, RUNNING, PAUSED, STOPPED, FINISHED
    }

    private final Referee referee;
    private final Registry registry;
    private final EventBus events;
    private final TournamentSettings settings;
    private final Schedule schedule;
    private final TournamentLog log;
    private final Game game;
    private final ScheduledGamePlayer player;
    private final int concurrency;
    private final List<Listener> listeners = new CopyOnWriteArrayList<>();
    /** Commits finished games and tells the listeners, off the referee's threads. */
    private final java.util.concurrent.ExecutorService finisher = java.util.concurrent.Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "boardlab-tournament-finisher");
        t.setDaemon(true);
        return t;
    });

    // guarded by this
    private final List<ScheduledGame> scheduled = new ArrayList<>();
    private final Map<Integer, GameScore> results = new HashMap<>();
    private final Map<Integer, Referee.GameRun> running = new LinkedHashMap<>();
    private final Set<Referee.GameRun> held = ConcurrentHashMap.newKeySet();
    private State state = State.NEW;
    private boolean paused;
    private boolean stopping;
    private Sprt.Status sprtDecision;
    private Standings standings;
    private boolean stale;
    /** The earlier games while they are not read ({@link TournamentHistory#later}); {@code null} once they are. */
    private TournamentHistory unread;
    /** Held while the earlier games are read, so they are read once. */
    private final Object reading = new Object();
    private int sprtNext;
    private long sprtWins;
    private long sprtDraws;
    private long sprtLosses;
    private int playedHere;

    /**
     * @param referee     boardlab's referee
     * @param registry    where the players and the game are looked up
     * @param events      where the games' events go (the views), or {@code null}
     * @param settings    the tournament
     * @param openings    its openings ({@link Openings#parse})
     * @param log         where results are committed
     * @param earlier     games scheduled before (resume), by number; empty for a new tournament
     * @param results     their results, by number (the finished ones)
     * @param concurrency games played at once by this runner; 0: it plays none and waits for the
     *                    results that {@code boardlab worker}s commit to the log (the store's queue)
     */
    public TournamentRunner(Referee referee, Registry registry, EventBus events, TournamentSettings settings, Openings openings,
            TournamentLog log, List<ScheduledGame> earlier, Map<Integer, GameScore> results, int concurrency) {
        this(referee, registry, events, settings, openings, log, TournamentHistory.of(earlier, results), concurrency);
    }

    /**
     * @param referee     boardlab's referee
     * @param registry    where the players and the game are looked up
     * @param events      where the games' events go (the views), or {@code null}
     * @param settings    the tournament
     * @param openings    its openings ({@link Openings#parse})
     * @param log         where results are committed
     * @param earlier     games scheduled and finished before (resume); read only when needed if not read yet
     *                    (see the class); {@link TournamentHistory#NONE} for a new tournament
     * @param concurrency games played at once by this runner; 0: it plays none and waits for the
     *                    results that {@code boardlab worker}s commit to the log (the store's queue)
     */
    public TournamentRunner(Referee referee, Registry registry, EventBus events, TournamentSettings settings, Openings openings,
            TournamentLog log, TournamentHistory earlier, int concurrency) {
        if (concurrency < 0) {
            throw new IllegalArgumentException("--concurrency must be 0 (workers play every game) or more, not " + concurrency);
        }
        this.referee = referee;
        this.registry = registry;
        this.events = events;
        this.settings = settings;
        this.log = log;
        this.concurrency = concurrency;
        this.game = registry.requireGame(settings.game());
        this.player = new ScheduledGamePlayer(referee, registry, events);
        this.schedule = new Schedule(settings, openings, game);
        if (earlier.isRead() || settings.sprt() != null || earlier.scheduledCount() == 0) {
            this.scheduled.addAll(earlier.games());
            this.scheduled.sort(Comparator.comparingInt(ScheduledGame::number));
            this.results.putAll(earlier.results());
        } else {
            this.unread = earlier;
        }
        this.stale = true;
        synchronized (this) {
            checkSprt(); // a resumed SPRT that had decided stays decided
        }
    }

    public TournamentRunner listen(Listener listener) {
        listeners.add(listener);
        return this;
    }

    public TournamentSettings settings() {
        return settings;
    }

    public Schedule schedule() {
        return schedule;
    }

    /** The standings now (worked out when asked, after a change; the earlier games read first if they are not yet). */
    public Standings standings() {
        readEarlier();
        synchronized (this) {
            if (stale || standings == null) {
                standings = Standings.of(settings, schedule, scheduled, results);
                stale = false;
            }
            return standings;
        }
    }

    /** Finished games (with a result), here or elsewhere. */
    public synchronized int finishedCount() {
        return finishedNow();
    }

    /** Every game scheduled so far, by number (the earlier games read first if they are not yet). */
    public List<ScheduledGame> scheduledGames() {
        readEarlier();
        synchronized (this) {
            return List.copyOf(scheduled);
        }
    }

    /** The results so far, by game number (the earlier games read first if they are not yet). */
    public Map<Integer, GameScore> results() {
        readEarlier();
        synchronized (this) {
            return Map.copyOf(results);
        }
    }

    /** Games with a result: those read, or while the earlier games are not read, those counted then and those finished since. Holds the lock. */
    private int finishedNow() {
        return unread == null ? results.size() : unread.finishedCount() + results.size();
    }

    /**
     * Reads the earlier games if they are not read yet ({@link TournamentHistory#later}), outside the
     * runner's lock (the games in flight go on meanwhile), and merges them with what happened since:
     * a game this runner finished or is finishing keeps its own result (the one it stored); a game
     * another process (a worker) stored after the history was counted is taken in and told to the
     * listeners, as {@link #adoptRecordedElsewhere} does; the games finished before are taken in
     * without a word (they were counted: {@link #finishedCount()}).
     */
    private void readEarlier() {
        synchronized (reading) {
            TournamentHistory h;
            synchronized (this) {
                h = unread;
            }
            if (h == null) {
                return;
            }
            TournamentHistory.Read read = h.read();
            List<ScheduledGame> adopted = new ArrayList<>();
            int now;
            synchronized (this) {
                scheduled.addAll(read.games()); // nothing is scheduled before they are read (Schedule.next needs them)
                scheduled.sort(Comparator.comparingInt(ScheduledGame::number));
                for (ScheduledGame g : scheduled) {
                    GameScore score = read.results().get(g.number());
                    if (score != null && !results.containsKey(g.number()) && !running.containsKey(g.number())) {
                        results.put(g.number(), score);
                        if (read.finishedSince().contains(g.number())) {
                            adopted.add(g); // stored by another process after the history was counted
                        }
                    }
                }
                unread = null;
                stale = true;
                checkSprt();
                now = results.size();
            }
            for (ScheduledGame g : adopted) {
                for (Listener l : listeners) {
                    l.finished(g, read.results().get(g.number()), now);
                }
            }
        }
    }

    /** Games played to their end by this runner (not those found finished at a resume). */
    public synchronized int playedHere() {
        return playedHere;
    }

    /** The games being played now, by number, with their referee's match id. */
    public synchronized Map<Integer, Long> running() {
        Map<Integer, Long> out = new LinkedHashMap<>();
        running.forEach((n, run) -> out.put(n, run.journal().matchId()));
        return out;
    }

    /** The journal of game {@code number} while it is being played. */
    public synchronized java.util.Optional<MatchJournal> journal(int number) {
        Referee.GameRun run = running.get(number);
        return run == null ? java.util.Optional.empty() : java.util.Optional.of(run.journal());
    }

    public synchronized State state() {
        return state;
    }

    /** The SPRT's decision that ended the tournament early, or {@code null}. */
    public synchronized Sprt.Status sprtDecision() {
        return sprtDecision;
    }

    /** How many games the tournament will have, as far as it can be told now (knockout tie-breaks not counted). */
    public int expectedGames() {
        int n = settings.players().size();
        int gpp = settings.gamesPerPair();
        return switch (settings.format()) {
            case ROUND_ROBIN -> n * (n - 1) / 2 * settings.rounds() * gpp;
            case GAUNTLET -> (n - 1) * settings.rounds() * gpp;
            case SWISS -> n / 2 * settings.rounds() * gpp;
            case KNOCKOUT -> Math.max((n - 1) * gpp, scheduledCount());
        };
    }

    /** Games scheduled so far. */
    public synchronized int scheduledCount() {
        return unread == null ? scheduled.size() : unread.scheduledCount();
    }

    /** Holds the games in flight before their next move and starts no new game. */
    public void pause() {
        synchronized (this) {
            if (state != State.RUNNING) {
                return;
            }
            paused = true;
        }
        setState(State.PAUSED);
    }

    /** Lets a paused tournament go on. */
    public void resume() {
        synchronized (this) {
            if (!paused) {
                return;
            }
            paused = false;
            notifyAll();
        }
        for (Referee.GameRun run : List.copyOf(held)) {
            held.remove(run);
            run.wake();
        }
        setState(State.RUNNING);
    }

    /** Aborts the games in flight (a later resume plays them again) and ends {@link #run()}. */
    public void stop() {
        List<Referee.GameRun> abort;
        synchronized (this) {
            stopping = true;
            paused = false;
            notifyAll();
            abort = List.copyOf(running.values());
        }
        for (Referee.GameRun run : abort) {
            run.abort("the tournament was stopped");
        }
    }

    /**
     * Plays the tournament to its end (or until {@link #stop()}) on the calling thread's watch.
     *
     * @return the final standings
     * @throws InterruptedException if the calling thread is interrupted (the games in flight are aborted)
     */
    public Standings run() throws InterruptedException {
        setState(State.RUNNING);
        try {
            boolean unreadEarlier;
            synchronized (this) {
                unreadEarlier = unread != null;
            }
            if (unreadEarlier && concurrency > 0) {
                playQueued(); // the earlier games are read once the queue has nothing more for this runner
            }
            while (true) {
                readEarlier();
                List<ScheduledGame> pending;
                synchronized (this) {
                    if (stopping) {
                        break;
                    }
                    if (sprtDecision != null) {
                        break;
                    }
                    pending = scheduled.stream().filter(g -> !results.containsKey(g.number())).toList();
                }
                if (pending.isEmpty()) {
                    List<ScheduledGame> next;
                    synchronized (this) {
                        next = schedule.next(scheduled, results);
                    }
                    if (next.isEmpty()) {
                        break;
                    }
                    log.scheduled(next);
                    synchronized (this) {
                        scheduled.addAll(next);
                        stale = true;
                    }
                    for (Listener l : listeners) {
                        l.scheduled(next);
                    }
                    continue;
                }
                playAll(pending);
            }
        } catch (InterruptedException e) {
            stop();
            waitForRunning();
            finisher.shutdown();
            setState(State.STOPPED);
            throw e;
        }
        boolean finished;
        synchronized (this) {
            finished = !stopping;
        }
        // a stop breaks the loop at once, and a stop made by a listener comes while its game is still
        // telling the other listeners: return only when every game in flight has told them (stopped
        // games are aborted, so this is quick); returning before let a listener hear of a game after run()
        waitForRunning();
        finisher.shutdown();
        if (finished) {
            log.completed();
        }
        setState(finished ? State.FINISHED : State.STOPPED);
        return standings();
    }

    /**
     * A resume whose earlier games are not read yet: plays what the log's queue holds (its games
     * without a result, whoever scheduled them), up to {@code concurrency} at once, until the queue
     * has nothing more for this runner (or on stop); the games still being played then go on.
     */
    private void playQueued() throws InterruptedException {
        while (true) {
            synchronized (this) {
                while ((paused || running.size() >= concurrency) && !stopping && sprtDecision == null) {
                    wait();
                }
                if (stopping || sprtDecision != null) {
                    return;
                }
            }
            java.util.Optional<ScheduledGame> claimed = log.claim(List.of());
            if (claimed.isEmpty()) {
                return;
            }
            startOrRelease(claimed.get());
        }
    }

    /** Starts a claimed game, or gives it back if it has a result or is being played here already. */
    private void startOrRelease(ScheduledGame g) {
        boolean fresh;
        synchronized (this) {
            fresh = !results.containsKey(g.number()) && !running.containsKey(g.number());
        }
        if (fresh) {
            start(g);
        } else {
            log.release(g);
        }
    }

    /**
     * Plays {@code pending} (by number) with at most {@code concurrency} at once, each claimed from
     * the log first (other processes may hold some); returns when every one has a result (or on
     * stop). Walks {@code pending} once: starting a game costs the same at game 1 and at game 100,000.
     */
    private void playAll(List<ScheduledGame> pending) throws InterruptedException {
        if (concurrency == 0) {
            waitForOthers(pending);
            return;
        }
        int next = 0;
        while (true) {
            ScheduledGame candidate;
            synchronized (this) {
                while ((paused || running.size() >= concurrency) && !stopping && sprtDecision == null) {
                    wait();
                }
                if (stopping || sprtDecision != null) {
                    break;
                }
                while (next < pending.size() && (results.containsKey(pending.get(next).number())
                        || running.containsKey(pending.get(next).number()))) {
                    next++;
                }
                candidate = next < pending.size() ? pending.get(next) : null;
                if (candidate == null && !running.isEmpty()) {
                    wait(); // only games being played here are left: one of them ends
                    continue;
                }
                if (candidate == null && allDone(pending)) {
                    break;
                }
            }
            java.util.Optional<ScheduledGame> claimed = candidate == null ? java.util.Optional.empty() : log.claim(List.of(candidate));
            if (claimed.isPresent()) {
                startOrRelease(claimed.get());
                continue;
            }
            // nothing to claim now: other processes hold the games left; take in their results, look again soon
            adoptRecordedElsewhere();
            synchronized (this) {
                if (allDone(pending)) {
                    break;
                }
                next = 0; // a game given back may be claimable again
                wait(200);
            }
        }
        waitForRunning();
    }

    /** Concurrency 0: others (workers) play {@code pending}; their results are taken in every 200 ms. */
    private void waitForOthers(List<ScheduledGame> pending) throws InterruptedException {
        while (true) {
            adoptRecordedElsewhere();
            synchronized (this) {
                if (stopping || sprtDecision != null || allDone(pending)) {
                    return;
                }
                wait(200);
            }
        }
    }

    private boolean allDone(List<ScheduledGame> pending) {
        for (ScheduledGame g : pending) {
            if (!results.containsKey(g.number())) {
                return false;
            }
        }
        return true;
    }

    /** Takes in results that other processes recorded. */
    private void adoptRecordedElsewhere() {
        Map<Integer, GameScore> elsewhere = log.recordedElsewhere();
        if (elsewhere.isEmpty()) {
            return;
        }
        List<ScheduledGame> adopted = new ArrayList<>();
        int now;
        synchronized (this) {
            for (ScheduledGame g : scheduled) {
                GameScore score = elsewhere.get(g.number());
                if (score != null && !results.containsKey(g.number()) && !running.containsKey(g.number())) {
                    results.put(g.number(), score);
                    adopted.add(g);
                }
            }
            if (!adopted.isEmpty()) {
                stale = true;
                checkSprt();
            }
            now = finishedNow();
        }
        for (ScheduledGame g : adopted) {
            for (Listener l : listeners) {
                l.finished(g, elsewhere.get(g.number()), now); // played by a worker: counted here as it is taken in
            }
        }
    }

    private void waitForRunning() throws InterruptedException {
        synchronized (this) {
            while (!running.isEmpty()) {
                wait();
            }
        }
    }

    private void start(ScheduledGame g) {
        ScheduledGamePlayer.Playing playing = player.start(g, settings.game(), settings.options(), settings.time(), settings.limits(),
                control);
        synchronized (this) {
            running.put(g.number(), playing.run());
        }
        for (Listener l : listeners) {
            l.started(g, playing.matchId(), playing.run().journal());
        }
        // not on the referee's thread: it holds the game's lock, and listeners may stop other games
        playing.result().whenCompleteAsync((played, error) -> done(g, playing.run(), played, error), finisher);
    }

    /** The runner's pause and stop, for each game's gate (called under the game's lock: it takes the runner's). */
    private final ScheduledGamePlayer.Control control = new ScheduledGamePlayer.Control() {
        @Override
        public boolean stopped() {
            synchronized (TournamentRunner.this) {
                return stopping || sprtDecision != null;
            }
        }

        @Override
        public boolean paused(ScheduledGamePlayer.Playing game) {
            synchronized (TournamentRunner.this) {
                if (paused) {
                    held.add(game.run());
                    return true;
                }
                return false;
            }
        }
    };

    private void done(ScheduledGame g, Referee.GameRun run, PlayedGame played, Throwable error) {
        try {
            if (error != null) {
                LOG.log(Level.WARNING, "game " + g.number() + " of tournament " + settings.name() + " failed", error);
                log.release(g);
                return;
            }
            if (played == null) {
                log.release(g); // stopped: played again at the next resume
                return;
            }
            GameScore score = played.score();
            boolean counted;
            try {
                counted = log.finished(played);
            } catch (RuntimeException e) {
                LOG.log(Level.SEVERE, "game " + g.number() + " of tournament " + settings.name() + " could not be stored: "
                        + e.getMessage(), e);
                stop();
                failure = e;
                return;
            }
            int now;
            List<Referee.GameRun> toWake = List.of();
            synchronized (this) {
                if (!counted || results.containsKey(g.number())) {
                    return;
                }
                results.put(g.number(), score);
                playedHere++;
                stale = true;
                now = finishedNow();
                if (checkSprt()) {
                    toWake = List.copyOf(running.values());
                }
            }
            for (Referee.GameRun r : toWake) {
                r.wake(); // its gate now says STOP (woken outside the runner's lock: the gate takes it under the game's)
            }
            for (Listener l : listeners) {
                l.finished(g, score, now);
            }
        } finally {
            synchronized (this) {
                running.remove(g.number());
                held.remove(run);
                notifyAll();
            }
        }
    }

    private volatile RuntimeException failure;

    /** Why the tournament stopped by itself (the store failed), or {@code null}. */
    public RuntimeException failure() {
        return failure;
    }

    /**
     * Takes the SPRT on the longest run of finished games 1..k (k grows as games finish; each game is
     * counted once); {@code true} when it has just decided. Holds the lock.
     */
    private boolean checkSprt() {
        Sprt sprt = settings.sprt();
        if (sprt == null || sprtDecision != null) {
            return false;
        }
        String newVersion = settings.players().get(0);
        while (sprtNext < scheduled.size()) {
            ScheduledGame g = scheduled.get(sprtNext);
            GameScore s = results.get(g.number());
            if (s == null) {
                return false;
            }
            sprtNext++;
            double p = g.first().equals(newVersion) ? s.firstPoints() : 1 - s.firstPoints();
            if (p == 1) {
                sprtWins++;
            } else if (p == 0) {
                sprtLosses++;
            } else {
                sprtDraws++;
            }
            Sprt.Status status = sprt.status(sprtWins, sprtDraws, sprtLosses);
            if (status.decision() != Sprt.Decision.CONTINUE) {
                sprtDecision = status;
                notifyAll();
                return true;
            }
        }
        return false;
    }

    private void setState(State s) {
        synchronized (this) {
            if (state == s) {
                return;
            }
            state = s;
        }
        for (Listener l : listeners) {
            l.state(s);
        }
    }

    /** The time a tournament of this many games still needs at the rate so far. */
    public static Duration eta(int done, int total, Duration elapsed) {
        if (done <= 0 || total <= done) {
            return Duration.ZERO;
        }
        return Duration.ofNanos((long) ((double) elapsed.toNanos() / done * (total - done)));
    }
}
