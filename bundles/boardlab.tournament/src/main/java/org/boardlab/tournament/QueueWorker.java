package org.boardlab.tournament;

import java.util.List;
import java.util.Map;
import java.util.Optional;
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
 */
public final class QueueWorker {

    private static final Logger LOG = Logger.getLogger(QueueWorker.class.getName());

    private final Store store;
    private final ScheduledGamePlayer player;
    private final String owner;
    private final int concurrency;
    private final Map<Long, ScheduledGamePlayer.Playing> playing = new ConcurrentHashMap<>();
    private final AtomicInteger stored = new AtomicInteger();
    private volatile boolean stopping;

    /**
     * @param owner       this worker's name in the queue's leases (e.g. {@code worker@host:pid})
     * @param concurrency games played at once
     */
    public QueueWorker(Store store, Referee referee, Registry registry, EventBus events, String owner, int concurrency) {
        if (concurrency < 1) {
            throw new IllegalArgumentException("--concurrency must be at least 1, not " + concurrency);
        }
        this.store = store;
        this.player = new ScheduledGamePlayer(referee, registry, events);
        this.owner = owner;
        this.concurrency = concurrency;
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
                Optional<org.boardlab.store.ScheduledGame> taken = store.take(null, owner, StoreTournamentLog.LEASE);
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
        TimeControl tc;
        ScheduledGamePlayer.Playing p;
        try {
            tc = TimeControl.parse(row.game().timeControl());
            String opts = row.game().options();
            GameOptions options = GameOptions.parse(opts.isBlank() ? List.of() : List.of(opts.trim().split("\\s+")));
            p = player.start(g, row.game().game(), options, tc, control);
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "cannot play scheduled game " + row.id() + " (" + row.game().game() + "): " + e.getMessage()
                    + "; it goes back to the queue");
            store.release(row.id(), owner);
            return;
        }
        playing.put(row.id(), p);
        p.result().whenCompleteAsync((played, error) -> {
            try {
                if (played == null) {
                    store.release(row.id(), owner);
                    return;
                }
                FinishedGame f = FinishedGame.of(played.journal(), "worker", seat(g.first(), played.players().get(0)),
                        seat(g.second(), played.players().get(1))).withOpening(g.opening(), 1);
                if (store.complete(row.id(), owner, f)) {
                    stored.incrementAndGet();
                }
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

    private static Seat seat(String id, Component<?> c) {
        return c == null ? new Seat(id, id, null, null, null) : new Seat(id, id, c.bundle(), c.bundleVersion(), null);
    }

}
