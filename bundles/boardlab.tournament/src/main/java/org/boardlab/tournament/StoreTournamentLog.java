package org.boardlab.tournament;

import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.boardlab.core.Component;
import org.boardlab.store.FinishedGame;
import org.boardlab.store.GameToSchedule;
import org.boardlab.store.Seat;
import org.boardlab.store.Store;
import org.boardlab.store.StoreException;
import org.boardlab.store.Tournament;

/**
 * A tournament kept in the store: its row, its scheduled games (the queue that {@code boardlab
 * worker} processes share), and each finished game committed with its moves, in one transaction,
 * before it counts. Games this process plays are leased from the queue and the leases renewed every
 * {@link #LEASE} / 3; a process killed with {@code kill -9} loses its leases, and its games go back
 * to the queue (at once when the same machine resumes the tournament, see {@link #open}).
 */
public final class StoreTournamentLog implements TournamentLog, AutoCloseable {

    private static final Logger LOG = Logger.getLogger(StoreTournamentLog.class.getName());

    /** How long a game leased by this process stays ours without a heartbeat. */
    public static final Duration LEASE = Duration.ofSeconds(10);

    /**
     * A tournament opened in the store: new, or found under its name with the same settings.
     *
     * @param log      where the runner commits
     * @param row      the tournament's row
     * @param settings its settings (the stored ones for {@code --resume})
     * @param history  the games it has scheduled and their results: counted when it was opened, read
     *                 only when first asked for (give it to the {@link TournamentRunner} as it is)
     * @param resumed  {@code true} when it existed before
     * @param requeued games that were in flight in a process that is gone and were put back in the queue
     */
    public record Opened(StoreTournamentLog log, Tournament row, TournamentSettings settings, TournamentHistory history, boolean resumed,
            int requeued) {

        /** The games it has scheduled, by number (read from the store the first time one of these two is asked). */
        public List<ScheduledGame> earlier() {
            return history.games();
        }

        /** The results of the finished ones, by number (read from the store the first time one of these two is asked). */
        public Map<Integer, GameScore> results() {
            return history.results();
        }

        /** How many games it had scheduled when it was opened (nothing read but the queue's index). */
        public int scheduledCount() {
            return history.scheduledCount();
        }

        /** How many of them had a result when it was opened. */
        public int finishedCount() {
            return history.finishedCount();
        }
    }

    private final Store store;
    private final Tournament row;
    private final TournamentSettings settings;
    private final String owner;
    /** The row id of each game this process has taken, by number. */
    private final Map<Integer, Long> ids = new ConcurrentHashMap<>();
    private final Set<Long> held = ConcurrentHashMap.newKeySet();
    /** Each player's jar (SHA-256) as scheduled so far, for the players that came from a jar file. */
    private final Map<String, String> scheduledJars = new ConcurrentHashMap<>();
    /** Each player's jar as this process has it ({@link #useJars}). */
    private volatile Map<String, String> jars = Map.of();
    private final ScheduledExecutorService heartbeats;

    private StoreTournamentLog(Store store, Tournament row, TournamentSettings settings) {
        this.store = store;
        this.row = row;
        this.settings = settings;
        this.owner = ownerName();
        this.heartbeats = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "boardlab-tournament-heartbeat");
            t.setDaemon(true);
            return t;
        });
        long every = LEASE.toMillis() / 3;
        heartbeats.scheduleAtFixedRate(this::beat, every, every, TimeUnit.MILLISECONDS);
    }

    /** This process's name in the queue's leases: {@code tournament@HOST:PID}. */
    public static String ownerName() {
        return "tournament@" + host() + ":" + ProcessHandle.current().pid();
    }

    private static String host() {
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (java.io.IOException e) {
            return ManagementFactory.getRuntimeMXBean().getName().replaceFirst("^\\d+@", "");
        }
    }

    /**
     * Opens tournament {@code settings.name()} in {@code store}: creates it, or finds it and checks
     * that it was started with the same settings. Games that a process on this machine was playing
     * when it died are put back in the queue at once (elsewhere their leases run out).
     *
     * <p>A tournament found is counted, not read: its queue's state ({@link Store#queueState}: its
     * games scheduled and done, counted in the store; the leased ones) and its players' jars
     * ({@link Store#tournamentJars}); its scheduled games and their results are read when the
     * {@link Opened#history()} is first asked for them (the runner: when it needs them).
     *
     * @param settings the settings asked for; with {@code resume} and {@code asked == null}, the stored ones are used
     * @param resume   {@code true}: the tournament must exist
     * @throws IllegalArgumentException if it exists with other settings, or does not exist and {@code resume} is set
     * @throws StoreException if the store fails
     */
    public static Opened open(Store store, String name, TournamentSettings settings, boolean resume) {
        Optional<Tournament> found = store.tournament(name);
        if (found.isEmpty()) {
            if (resume || settings == null) {
                throw new IllegalArgumentException("there is no tournament named '" + name + "' in " + store.url()
                        + " to resume; without --resume a new one is started");
            }
            TimeControl tc = settings.time();
            Tournament row = store.createTournament(name, settings.game(), settings.options().toString(), settings.toJson(),
                    tc.isClock() ? 0 : tc.perMove().toMillis(), tc.isClock() ? tc.base().toMillis() : 0,
                    tc.isClock() ? tc.increment().toMillis() : 0);
            StoreTournamentLog log = new StoreTournamentLog(store, row, settings);
            log.readUpTo = store.queueState(row.id()).lastGameId(); // none of its games is stored yet
            return new Opened(log, row, settings, TournamentHistory.NONE, false, 0);
        }
        Tournament row = found.get();
        TournamentSettings stored = TournamentSettings.fromJson(name, row.settings());
        TournamentSettings use = settings == null ? stored : settings;
        List<String> differences = use.differences(row.settings());
        if (!differences.isEmpty()) {
            throw new IllegalArgumentException("a tournament named '" + name + "' exists in " + store.url() + " with other settings: "
                    + String.join("; ", differences) + ". Use another --name for a new tournament, or --resume alone to go on "
                    + "with its own settings");
        }
        StoreTournamentLog log = new StoreTournamentLog(store, row, use);
        for (Map.Entry<String, String> pj : store.tournamentJars(row.id())) {
            log.scheduledJars.putIfAbsent(pj.getKey(), pj.getValue());
        }
        Store.QueueState queue = store.queueState(row.id());
        int requeued = 0;
        for (org.boardlab.store.ScheduledGame s : queue.leased()) {
            if (deadOwnerHere(s.leaseOwner())) {
                store.requeue(s.id());
                requeued++;
            }
        }
        long tournamentId = row.id();
        long lastGameId = queue.lastGameId();
        log.readUpTo = lastGameId; // a game stored later has a higher id, or is found missing by the count (recordedElsewhere)
        TournamentHistory history = TournamentHistory.later(queue.scheduled(), queue.done(), () -> log.read(tournamentId, lastGameId));
        return new Opened(log, row, use, history, true, requeued);
    }

    /**
     * Every scheduled game of the tournament and the results of the finished ones, as the store has
     * them now; a game whose stored game's id is above {@code lastGameId} (the newest when the
     * tournament was opened) was stored since.
     */
    private TournamentHistory.Read read(long tournamentId, long lastGameId) {
        List<ScheduledGame> games = new ArrayList<>();
        Map<Integer, GameScore> results = new HashMap<>();
        java.util.Set<Integer> since = new java.util.HashSet<>();
        List<org.boardlab.store.ScheduledGame> rows = store.scheduled(tournamentId);
        rowsRead.addAndGet(rows.size());
        for (org.boardlab.store.ScheduledGame s : rows) {
            ScheduledGame g = toGame(s.game());
            games.add(g);
            if (s.isDone()) {
                results.put(g.number(), score(g, s));
                knownDone.put(g.number(), score(g, s));
                if (s.gameId() != null && s.gameId() > lastGameId) {
                    since.add(g.number());
                }
            }
        }
        return new TournamentHistory.Read(games, results, since);
    }

    /** {@code true} for a lease owner on this machine whose process has ended. */
    static boolean deadOwnerHere(String owner) {
        if (owner == null) {
            return false;
        }
        int colon = owner.lastIndexOf(':');
        int at = owner.indexOf('@');
        if (colon < 0 || at < 0 || at > colon) {
            return false;
        }
        if (!owner.substring(at + 1, colon).equals(host())) {
            return false;
        }
        try {
            long pid = Long.parseLong(owner.substring(colon + 1));
            return pid != ProcessHandle.current().pid() && ProcessHandle.of(pid).map(p -> !p.isAlive()).orElse(true);
        } catch (NumberFormatException e) {
            return false;
        }
    }

    static ScheduledGame toGame(GameToSchedule s) {
        List<String> opening = moves(s.opening());
        return new ScheduledGame(s.number(), s.round(), s.pairing(), s.firstPlayer(), s.secondPlayer(), opening, s.seed());
    }

    /** What separates an opening's moves; compiled once (a resume splits up to 100,000 openings). */
    private static final java.util.regex.Pattern BLANKS = java.util.regex.Pattern.compile("\\s+");

    /**
     * An opening's moves, separated by blanks. {@code String.split("\\s+")} compiled its pattern for
     * every one of a resume's scheduled games.
     */
    static List<String> moves(String opening) {
        return opening.isBlank() ? List.of() : List.of(BLANKS.split(opening.trim()));
    }

    /** A stored result as the standings count it. */
    static GameScore score(ScheduledGame g, org.boardlab.store.ScheduledGame s) {
        Integer w = s.winner();
        double first = w == null ? 0.5 : w == 1 ? 1 : 0;
        String ending = s.ending() == null ? "normal" : s.ending();
        boolean forfeit = switch (ending) {
            case "illegal_move", "out_of_turn", "timeout", "error" -> true;
            default -> false;
        };
        String loser = forfeit && w != null ? (w == 1 ? g.second() : g.first()) : null;
        return new GameScore(g.number(), first, ending, loser, s.result() == null ? "" : s.result(),
                Math.max(0, s.plies() - g.opening().size()));
    }

    /**
     * The jars of the players as this process has them (player id to SHA-256, uploaded to the store
     * by {@code Jars.upload}; players built into boardlab have none): every game scheduled from now
     * on names them, so that workers play the same versions, and every game this process stores
     * records them.
     *
     * @throws IllegalArgumentException if a player's jar is not the one the tournament's games
     *                                  were scheduled with (the student rebuilt it halfway)
     */
    public void useJars(Map<String, String> playerJars) {
        List<String> changed = new ArrayList<>();
        for (Map.Entry<String, String> e : scheduledJars.entrySet()) {
            String now = playerJars.get(e.getKey());
            if (!e.getValue().equals(now)) {
                changed.add("player " + e.getKey() + " was jar " + e.getValue() + ", here it is "
                        + (now == null ? "not from a jar file" : "jar " + now));
            }
        }
        if (!changed.isEmpty()) {
            throw new IllegalArgumentException("tournament '" + row.name() + "' was scheduled with other player jars than are loaded now: "
                    + String.join("; ", changed) + ". Put the jars it started with back in players/, or start a new tournament (--name)");
        }
        this.jars = Map.copyOf(playerJars);
    }

    public Tournament row() {
        return row;
    }

    public Store store() {
        return store;
    }

    @Override
    public void scheduled(List<ScheduledGame> games) {
        List<GameToSchedule> rows = new ArrayList<>(games.size());
        for (ScheduledGame g : games) {
            rows.add(new GameToSchedule(g.number(), g.round(), g.pairing(), settings.game(), settings.options().toString(), g.first(),
                    g.second(), jars.get(g.first()), jars.get(g.second()), String.join(" ", g.opening()), settings.time().toString(), g.seed()));
        }
        store.schedule(row.id(), rows); // no read back: a game's row id is learnt when this process takes it (claim)
    }

    /**
     * Games taken from the queue ahead of the runner's free slots ({@link #claimAhead}): held by this
     * process (their leases renewed), not yet handed to the runner; given back by {@link #close}.
     */
    private final java.util.ArrayDeque<ScheduledGame> ahead = new java.util.ArrayDeque<>();
    private volatile int claimAhead = 1;

    /**
     * How many games a take gets at once (1, the default: one a take). With {@code n > 1} a take that
     * finds nothing ahead takes up to {@code n} games in one transaction and hands them to the runner
     * one by one: on H2 every commit writes a chunk of the file, and a take per game was about half
     * of a tournament's commits (boardlab.store's README, <i>Compaction</i>). The price: up to
     * {@code n - 1} games wait here, held, for a slot of this runner (at most one game's length), when
     * a {@code boardlab worker} might have played them. {@code boardlab tournament} sets it to its
     * concurrency.
     */
    public void claimAhead(int n) {
        claimAhead = Math.max(1, n);
    }

    /** Takes the first game of this tournament's queue that nobody holds (not always the runner's candidate: workers may hold that). */
    @Override
    public Optional<ScheduledGame> claim(List<ScheduledGame> candidates) {
        synchronized (ahead) {
            ScheduledGame next = ahead.poll();
            if (next != null) {
                return Optional.of(next);
            }
        }
        List<org.boardlab.store.ScheduledGame> taken = store.take(row.id(), owner, LEASE, List.of(), claimAhead);
        if (taken.isEmpty()) {
            return Optional.empty();
        }
        for (org.boardlab.store.ScheduledGame s : taken) {
            ids.put(s.game().number(), s.id());
            held.add(s.id());
        }
        synchronized (ahead) {
            for (org.boardlab.store.ScheduledGame s : taken.subList(1, taken.size())) {
                ahead.add(toGame(s.game()));
            }
        }
        return Optional.of(toGame(taken.get(0).game()));
    }

    @Override
    public void release(ScheduledGame game) {
        Long id = ids.get(game.number());
        if (id != null && held.remove(id)) {
            try {
                store.release(id, owner);
            } catch (StoreException e) {
                LOG.log(Level.WARNING, "cannot give game " + game.number() + " back to the queue (its lease will run out): " + e.getMessage());
            }
        }
    }

    @Override
    public boolean finished(PlayedGame game) {
        ScheduledGame g = game.game();
        Long id = ids.get(g.number());
        if (id == null) {
            throw new IllegalStateException("game " + g.number() + " of tournament " + row.name() + " was never scheduled in the store");
        }
        FinishedGame f = FinishedGame.of(game.journal(), "tournament", seat(g.first(), game.players().get(0), jars.get(g.first())),
                seat(g.second(), game.players().get(1), jars.get(g.second()))).withOpening(g.opening(), 1);
        try {
            return store.complete(id, owner, f);
        } finally {
            held.remove(id);
        }
    }

    /** The tournament's done games this log has read (the history, then each look of {@link #recordedElsewhere}), by number. */
    private final Map<Integer, GameScore> knownDone = new ConcurrentHashMap<>();
    /** The newest stored game's id at this log's last look: the games above it have not been read. */
    private volatile long readUpTo;
    /** Scheduled games' rows read from the store by this log (the history's and the looks'), for tests and figures. */
    private final java.util.concurrent.atomic.AtomicLong rowsRead = new java.util.concurrent.atomic.AtomicLong();
    private final Object looking = new Object();
    /** How far below its last look a look goes back first when the count says a game is missing (then 4, 16, ... times as far). */
    static final long LOOK_BACK = 1024;

    private final java.util.concurrent.atomic.AtomicInteger looks = new java.util.concurrent.atomic.AtomicInteger();

    /** The scheduled games' rows this log has read from the store so far (its history and every look for workers' results). */
    public long rowsRead() {
        return rowsRead.get();
    }

    /** How many times {@link #recordedElsewhere} has looked (a runner waiting for workers: every 200 ms). */
    public int looks() {
        return looks.get();
    }

    /**
     * The results of the tournament's done games as far as this log has read them, each look reading
     * only what was stored since the one before ({@link Store#doneSince}: the games whose id is above
     * the newest game's id at the last look, through the games' primary key), not every scheduled
     * game of the tournament: a runner waiting for workers looks every 200 ms, and a school's store
     * holds tens of thousands of games.
     *
     * <p><b>Why "the ids above the last look" alone would lose games.</b> A game's id is handed out
     * when it is inserted, and its transaction commits later: two workers (or the store's writer,
     * which commits up to 64 games at once) may take ids 10 and 11 and commit 11 first. A look between
     * the two commits sees 11, moves on past 11, and game 10, committed next, is never above a later
     * look's mark. (The ladder's lock makes rated games commit in their ids' order, but not every
     * tournament game need be rated, and this does not rely on it.) So each look also reads the
     * tournament's count of done games ({@code tournament_counts}, written in each game's own
     * transaction) in the same snapshot as the rows: every game the count holds is committed in that
     * snapshot, and a game counted done stays done, so while the games known are fewer than the count,
     * one is missing: its id is at or below the mark. The look then reads back from {@link #LOOK_BACK}
     * ids below the mark, then 4 times as far, and so on (down to the first game), until it knows as
     * many as the count. A late commit is a game whose transaction was open across a look, so its id
     * is recent: the first step back finds it. A game counted missing is found at the latest by the
     * look after its commit is counted; none is lost, none counted twice (by number). (A done game
     * whose games row is gone, which only a database changed by hand has, cannot be found through the
     * games: then, and only then, the look reads the tournament's queue once, as every look did before.)
     *
     * <p>The map holds every done game read, this runner's own included (the runner takes in only
     * those it has no result for and is not playing).
     */
    @Override
    public Map<Integer, GameScore> recordedElsewhere() {
        synchronized (looking) {
            looks.incrementAndGet();
            long from = readUpTo;
            Store.DoneSince d = look(from);
            long back = LOOK_BACK;
            while (knownDone.size() < d.done() && from > 0) {
                from = Math.max(0, from - back);
                back *= 4;
                d = look(from);
            }
            if (knownDone.size() < d.done()) {
                // still missing after going back to the first game: a done game whose games row is not there (none is
                // deleted by boardlab; a database mended by hand might): its result is in its queue row, so the queue is
                // read once, as every look did before
                List<org.boardlab.store.ScheduledGame> all = store.scheduled(row.id());
                rowsRead.addAndGet(all.size());
                for (org.boardlab.store.ScheduledGame s : all) {
                    if (s.isDone()) {
                        ScheduledGame g = toGame(s.game());
                        knownDone.putIfAbsent(g.number(), score(g, s));
                    }
                }
            }
            readUpTo = Math.max(readUpTo, d.lastGameId());
            return java.util.Collections.unmodifiableMap(knownDone);
        }
    }

    private Store.DoneSince look(long afterGameId) {
        Store.DoneSince d = store.doneSince(row.id(), afterGameId);
        rowsRead.addAndGet(d.games().size());
        for (org.boardlab.store.ScheduledGame s : d.games()) {
            ScheduledGame g = toGame(s.game());
            knownDone.putIfAbsent(g.number(), score(g, s));
        }
        return d;
    }

    @Override
    public void completed() {
        store.setTournamentStatus(row.id(), "finished");
    }

    private static Seat seat(String id, Component<?> c, String jar) {
        return c == null ? new Seat(id, id, null, null, jar) : new Seat(id, id, c.bundle(), c.bundleVersion(), jar);
    }

    private void beat() {
        for (Long id : List.copyOf(held)) {
            try {
                store.heartbeat(id, owner, LEASE);
            } catch (RuntimeException e) {
                LOG.log(Level.WARNING, "heartbeat for scheduled game " + id + " failed: " + e.getMessage());
            }
        }
    }

    /**
     * Gives back the games taken ahead and not played ({@link #claimAhead}), and stops the heartbeats
     * (the store stays open: it belongs to whoever opened it).
     */
    @Override
    public void close() {
        List<ScheduledGame> unplayed;
        synchronized (ahead) {
            unplayed = List.copyOf(ahead);
            ahead.clear();
        }
        for (ScheduledGame g : unplayed) {
            release(g);
        }
        heartbeats.shutdownNow();
    }

}
