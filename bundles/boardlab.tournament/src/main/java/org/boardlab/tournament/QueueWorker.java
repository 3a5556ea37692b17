package org.boardlab.tournament;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.boardlab.api.GameOptions;
import org.boardlab.core.Component;
import org.boardlab.core.EventBus;
import org.boardlab.core.Referee;
import org.boardlab.core.Registry;
import org.boardlab.store.FinishedGame;
import org.boardlab.store.Seat;
import org.boardlab.store.Store;

/**
 * Takes scheduled games of any tournament from the store's queue, plays them through the referee and
 * commits each with its moves ({@code boardlab worker}, on as many machines as the lab has, with
 * PostgreSQL as the coordinator). Each game taken is leased for {@link StoreTournamentLog#LEASE}
 * and the lease renewed every third of it; a worker that dies loses its leases and its games go
 * back to the queue. A game finished twice (a lease ran out while it was still played) is stored
 * once: the first commit counts.
 *
 * <p><b>Player jars.</b> A scheduled game names the jar (SHA-256) of each side's player when the
 * tournament's player came from a jar file. Before it plays, the worker checks each: a player of
 * that id loaded here from that very jar is played; one loaded here from another jar (another
 * version) is not: the worker gives the game back to the queue with the reason, and from then on
 * passes over every game naming that jar, leaving them to others; a player not loaded here is
 * installed from the database by its hash (the bytes checked against it). Each stored game
 * records both sides' jar hashes.
 *
 * <p><b>Limits.</b> A player that runs in a process of its own plays under the limits stored with
 * its game's tournament ({@code --player-heap}, ... of {@code boardlab tournament}; the defaults
 * for a tournament stored before limits were kept), read once per tournament.
 */
public final class QueueWorker {

    private static final Logger LOG = Logger.getLogger(QueueWorker.class.getName());

    /** What a worker tells about its games; called on its threads. */
    public interface Listener {
        /** A game was played and committed ({@code counted}), or another holder's result was there first. */
        default void stored(org.boardlab.store.ScheduledGame row, FinishedGame game, boolean counted) {
        }

        /** A game was given back to the queue without being played, and why. */
        default void refused(org.boardlab.store.ScheduledGame row, String why) {
        }
    }

    private final Store store;
    private final Registry registry;
    private final PlayerJars jars;
    private final Listener listener;
    private final ScheduledGamePlayer player;
    private final String owner;
    private final int concurrency;
    private final Set<String> refusedJars = ConcurrentHashMap.newKeySet();
    private final Map<Long, ScheduledGamePlayer.Playing> playing = new ConcurrentHashMap<>();
    /** Each tournament's players' limits, by tournament id, once read. */
    private final Map<Long, org.boardlab.core.PlayerLimits> limits = new ConcurrentHashMap<>();
    private final AtomicInteger stored = new AtomicInteger();
    private volatile boolean stopping;

    /**
     * @param owner       this worker's name in the queue's leases (e.g. {@code worker@host:pid})
     * @param concurrency games played at once
     */
    public QueueWorker(Store store, Referee referee, Registry registry, EventBus events, String owner, int concurrency) {
        this(store, referee, registry, events, owner, concurrency, PlayerJars.of(store, registry, Duration.ofSeconds(30)), new Listener() {
        });
    }

    /**
     * @param owner       this worker's name in the queue's leases (e.g. {@code worker@host:pid})
     * @param concurrency games played at once
     * @param jars        where its players come from ({@link PlayerJars#of} in boardlab)
     * @param listener    told of each game stored or given back
     */
    public QueueWorker(Store store, Referee referee, Registry registry, EventBus events, String owner, int concurrency, PlayerJars jars,
            Listener listener) {
        if (concurrency < 1) {
            throw new IllegalArgumentException("--concurrency must be at least 1, not " + concurrency);
        }
        this.store = store;
        this.registry = registry;
        this.jars = jars;
        this.listener = listener;
        this.player = new ScheduledGamePlayer(referee, registry, events);
        this.owner = owner;
        this.concurrency = concurrency;
    }

    /** The jars whose games this worker passes over (it has another version of their player). */
    public Set<String> refusedJars() {
        return Set.copyOf(refusedJars);
    }

    /** Games this worker stored. */
    public int stored() {
        return stored.get();
    }

    /** Ends {@link #run}: the games in flight are stopped and given back to the queue. */
    public void stop() {
        stopping = true;
        for (ScheduledGamePlayer.Playing p : List.copyOf(playing.values())) {
            p.abort("the worker was stopped");
        }
    }

    /**
     * Plays games from the queue until {@link #stop()} or an interrupt; with {@code untilEmpty}, also
     * returns once nothing is left to take and nothing is being played.
     *
     * @return how many games this worker stored
     */
    public int run(boolean untilEmpty) throws InterruptedException {
        ScheduledExecutorService beats = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "boardlab-worker-heartbeat");
            t.setDaemon(true);
            return t;
        });
        long every = StoreTournamentLog.LEASE.toMillis() / 3;
        beats.scheduleAtFixedRate(() -> playing.keySet().forEach(id -> {
            try {
                store.heartbeat(id, owner, StoreTournamentLog.LEASE);
            } catch (RuntimeException e) {
                LOG.log(Level.WARNING, "heartbeat for scheduled game " + id + " failed: " + e.getMessage());
            }
        }), every, every, TimeUnit.MILLISECONDS);
        try {
            while (!stopping) {
                if (playing.size() >= concurrency) {
                    synchronized (this) {
                        wait(50);
                    }
                    continue;
                }
                Optional<org.boardlab.store.ScheduledGame> taken = store.take(null, owner, StoreTournamentLog.LEASE, refusedJars);
                if (taken.isEmpty()) {
                    if (untilEmpty && playing.isEmpty()) {
                        break;
                    }
                    synchronized (this) {
                        wait(200);
                    }
                    continue;
                }
                start(taken.get());
            }
        } catch (InterruptedException e) {
            stop();
            throw e;
        } finally {
            while (!playing.isEmpty()) {
                synchronized (this) {
                    wait(50);
                }
            }
            beats.shutdownNow();
        }
        return stored.get();
    }

    private void start(org.boardlab.store.ScheduledGame row) {
        ScheduledGame g = StoreTournamentLog.toGame(row.game());
        Refusal refusal = refusal(row);
        if (refusal != null) {
            refusedJars.add(refusal.jar());
            giveBack(row, refusal.why());
            return;
        }
        org.boardlab.core.PlayerLimits limited;
        try {
            limited = limits(row.tournamentId());
        } catch (RuntimeException e) {
            giveBack(row, "cannot read the players' limits of tournament " + row.tournamentId() + ": " + e.getMessage());
            synchronized (this) {
                try {
                    wait(200); // not at once again: the next take may give the same game
                } catch (InterruptedException interrupted) {
                    Thread.currentThread().interrupt();
                }
            }
            return;
        }
        TimeControl tc;
        ScheduledGamePlayer.Playing p;
        try {
            tc = TimeControl.parse(row.game().timeControl());
            String opts = row.game().options();
            GameOptions options = GameOptions.parse(opts.isBlank() ? List.of() : List.of(opts.trim().split("\\s+")));
            p = player.start(g, row.game().game(), options, tc, limited, control);
        } catch (RuntimeException e) {
            giveBack(row, "cannot play it (" + row.game().game() + "): " + e.getMessage());
            return;
        }
        playing.put(row.id(), p);
        p.result().whenCompleteAsync((played, error) -> {
            try {
                if (played == null) {
                    store.release(row.id(), owner);
                    return;
                }
                FinishedGame f = FinishedGame.of(played.journal(), "worker",
                        seat(g.first(), played.players().get(0), row.game().firstJar()),
                        seat(g.second(), played.players().get(1), row.game().secondJar())).withOpening(g.opening(), 1);
                boolean counted = store.complete(row.id(), owner, f);
                if (counted) {
                    stored.incrementAndGet();
                }
                listener.stored(row, f, counted);
            } catch (RuntimeException e) {
                LOG.log(Level.SEVERE, "scheduled game " + row.id() + " could not be stored: " + e.getMessage(), e);
            } finally {
                playing.remove(row.id());
                synchronized (QueueWorker.this) {
                    QueueWorker.this.notifyAll();
                }
            }
        });
    }

    /** The players' limits stored with tournament {@code id} (read once). */
    private org.boardlab.core.PlayerLimits limits(long id) {
        org.boardlab.core.PlayerLimits known = limits.get(id);
        if (known != null) {
            return known;
        }
        org.boardlab.store.Tournament t = store.tournament(id)
                .orElseThrow(() -> new IllegalStateException("there is no tournament " + id + " in " + store.url()));
        org.boardlab.core.PlayerLimits l = TournamentSettings.limitsOf(t.settings());
        limits.put(id, l);
        return l;
    }

    /** Puts a game back in the queue unplayed and says why. */
    private void giveBack(org.boardlab.store.ScheduledGame row, String why) {
        String text = "worker " + owner + " leaves game " + row.game().number() + " (scheduled game " + row.id() + ") to others: " + why;
        LOG.log(Level.WARNING, text);
        try {
            store.release(row.id(), owner);
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "cannot give scheduled game " + row.id() + " back (its lease will run out): " + e.getMessage());
        }
        listener.refused(row, why);
    }

    /**
     * Why this worker must not play {@code row} (and the jar it passes over from now on), or {@code null}: each side's player must be the one
     * of the jar the tournament names (installed from the database if it is not loaded here).
     */
    private record Refusal(String why, String jar) {
    }

    private Refusal refusal(org.boardlab.store.ScheduledGame row) {
        String[][] sides = {{row.game().firstPlayer(), row.game().firstJar()}, {row.game().secondPlayer(), row.game().secondJar()}};
        for (String[] side : sides) {
            String id = side[0];
            String hash = side[1];
            if (hash == null) {
                continue; // a player built into boardlab, or a tournament run outside the framework: the one loaded here plays
            }
            Optional<String> here = jars.loadedFrom(id);
            if (here.isPresent()) {
                if (here.get().equals(hash)) {
                    continue;
                }
                return new Refusal("its player " + id + " is " + describeLoaded(id, here.get()) + ", but the tournament plays "
                        + describeJar(hash) + " (jar " + hash + ")", hash);
            }
            try {
                jars.install(hash, id);
            } catch (RuntimeException e) {
                return new Refusal("cannot load player " + id + " from jar " + hash + ": " + e.getMessage(), hash);
            }
        }
        return null;
    }

    private String describeLoaded(String id, String hash) {
        String version = registry.player(id).map(c -> c.bundle() + " " + c.bundleVersion()).orElse(id);
        return version + (PlayerJars.NOT_FROM_A_FILE.equals(hash) ? " (not from a jar file)" : " (jar " + hash + ")");
    }

    private String describeJar(String hash) {
        try {
            return store.jar(hash).map(j -> j.bundle() + " " + j.version() + " from " + j.fileName()).orElse("a jar the database does not have");
        } catch (RuntimeException e) {
            return "a jar the database cannot give (" + e.getMessage() + ")";
        }
    }

    private final ScheduledGamePlayer.Control control = new ScheduledGamePlayer.Control() {
        @Override
        public boolean stopped() {
            return stopping;
        }

        @Override
        public boolean paused(ScheduledGamePlayer.Playing game) {
            return false;
        }
    };

    /** A side as stored: its jar is the one the tournament named (checked before the game), else the one loaded here. */
    private Seat seat(String id, Component<?> c, String scheduledJar) {
        String hash = scheduledJar;
        if (hash == null) {
            hash = jars.loadedFrom(id).filter(h -> !PlayerJars.NOT_FROM_A_FILE.equals(h)).orElse(null);
        }
        return c == null ? new Seat(id, id, null, null, hash) : new Seat(id, id, c.bundle(), c.bundleVersion(), hash);
    }

}
