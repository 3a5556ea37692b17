package org.boardlab.sandbox.internal;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.logging.Logger;
import org.boardlab.core.PlayerFault;

/**
 * The player hosts of this boardlab: starts them, keeps a warm one per player between games (so the
 * next game's first move does not wait for a JVM to start), replaces a host that failed with a fresh
 * one at once, retires the hosts of a bundle version that was replaced or removed, and ends hosts
 * idle for {@link #IDLE}.
 */
final class HostPool implements AutoCloseable {

    private static final Logger LOG = Logger.getLogger(HostPool.class.getName());

    /** How long a warm host waits for its next game before it is ended. */
    static final long IDLE = TimeUnit.SECONDS.toNanos(60);
    /** Warm hosts kept per spec. */
    static final int WARM = 2;

    /** A warm host: {@code host} completes with it once it has ended its last game, or with null if it cannot serve again. */
    private record Idle(CompletableFuture<HostProcess> host, long since) {
        HostProcess now() {
            return host.isDone() && !host.isCompletedExceptionally() ? host.join() : null;
        }
    }

    private final Confinement confinement;
    private final Path scratchRoot;
    private final Map<HostSpec, Deque<Idle>> idle = new HashMap<>();
    private final Set<String> retired = ConcurrentHashMap.newKeySet();
    private final Set<HostProcess> all = ConcurrentHashMap.newKeySet();
    private final ScheduledExecutorService timer;
    private final AtomicInteger started = new AtomicInteger();
    private volatile boolean closed;

    HostPool(Confinement confinement, Path scratchRoot) {
        this.confinement = confinement;
        this.scratchRoot = scratchRoot;
        this.timer = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "boardlab-host-pool");
            t.setDaemon(true);
            return t;
        });
        timer.scheduleWithFixedDelay(this::reap, 5, 5, TimeUnit.SECONDS);
    }

    Confinement confinement() {
        return confinement;
    }

    /** A host for one game of {@code spec}: a warm one if there is one, else a new one (ready when complete). */
    CompletableFuture<HostProcess> acquire(HostSpec spec) {
        CompletableFuture<HostProcess> warm = null;
        synchronized (this) {
            Deque<Idle> queue = idle.get(spec);
            while (queue != null && !queue.isEmpty() && warm == null) {
                Idle i = queue.pollFirst();
                HostProcess h = i.now();
                if (!i.host().isDone() || (h != null && h.alive())) {
                    warm = i.host(); // a host still ending its last game (a fraction of a millisecond) is worth waiting for
                }
            }
        }
        if (warm == null) {
            return start(spec).ready();
        }
        return warm.handle((h, e) -> h != null && h.alive() ? CompletableFuture.completedFuture(h) : start(spec).ready())
                .thenCompose(f -> f);
    }

    /** Starts a host; a host that cannot start gives a failed {@link HostProcess#ready()}. */
    private HostProcess start(HostSpec spec) {
        if (closed) {
            throw new IllegalStateException("boardlab's player hosts are closed");
        }
        try {
            HostProcess h = new HostProcess(spec, confinement, scratchRoot);
            started.incrementAndGet();
            all.add(h);
            h.ready().whenComplete((x, e) -> {
                if (e != null) {
                    all.remove(h);
                }
            });
            return h;
        } catch (IOException | RuntimeException e) {
            throw new IllegalStateException("cannot start a player host for " + spec.playerId() + ": " + e.getMessage(), e);
        }
    }

    /**
     * A game is over with {@code host}: a healthy host of a current version ends its game ({@code end})
     * and waits warm for the next; any other is ended, and a failed one is replaced by a fresh warm host.
     */
    void release(HostProcess host, boolean healthy) {
        HostSpec spec = host.spec;
        if (!healthy || !host.alive() || retired.contains(spec.bundleKey()) || closed) {
            end(host);
            if (!healthy && !retired.contains(spec.bundleKey()) && !closed) {
                prewarm(spec);
            }
            return;
        }
        CompletableFuture<HostProcess> after = host.request("end").orTimeout(5, TimeUnit.SECONDS).handle((answer, error) -> {
            // a player that leaves threads of its own running between games does not get a warm host
            boolean clean = error == null && answer.size() == 2 && answer.get(0).equals("ended") && answer.get(1).equals("0");
            if (!clean) {
                end(host);
                return null;
            }
            return host;
        });
        boolean kept = false;
        synchronized (this) {
            Deque<Idle> warm = idle.computeIfAbsent(spec, s -> new ArrayDeque<>());
            if (warm.size() < WARM) {
                warm.addLast(new Idle(after, System.nanoTime()));
                kept = true;
            }
        }
        if (!kept) {
            after.thenAccept(h -> {
                if (h != null) {
                    end(h);
                }
            });
        }
    }

    /** Starts a host for {@code spec} to wait warm, unless enough wait already. */
    private void prewarm(HostSpec spec) {
        synchronized (this) {
            Deque<Idle> warm = idle.computeIfAbsent(spec, s -> new ArrayDeque<>());
            if (warm.size() >= WARM) {
                return;
            }
        }
        try {
            HostProcess fresh = start(spec);
            synchronized (this) {
                idle.computeIfAbsent(spec, s -> new ArrayDeque<>()).addLast(new Idle(fresh.ready(), System.nanoTime()));
            }
        } catch (RuntimeException e) {
            LOG.warning(e.getMessage());
        }
    }

    private void end(Idle i) {
        i.host().thenAccept(h -> {
            if (h != null) {
                end(h);
            }
        });
    }

    private void end(HostProcess host) {
        all.remove(host);
        host.quit();
    }

    /** No new game gets a host of this bundle version; its warm hosts end now, busy ones after their game. */
    void retire(String bundleKey) {
        retired.add(bundleKey);
        List<Idle> ending = new ArrayList<>();
        synchronized (this) {
            idle.entrySet().removeIf(e -> {
                if (e.getKey().bundleKey().equals(bundleKey)) {
                    ending.addAll(e.getValue());
                    return true;
                }
                return false;
            });
        }
        ending.forEach(this::end);
    }

    private void reap() {
        long now = System.nanoTime();
        List<Idle> ending = new ArrayList<>();
        synchronized (this) {
            for (Deque<Idle> warm : idle.values()) {
                warm.removeIf(i -> {
                    HostProcess h = i.now();
                    if (i.host().isDone() && (h == null || !h.alive() || now - i.since() > IDLE)) {
                        ending.add(i);
                        return true;
                    }
                    return false;
                });
            }
        }
        ending.forEach(this::end);
    }

    /** Hosts running now (warm and playing). */
    int running() {
        return all.size();
    }

    /** Hosts started since boardlab started. */
    int started() {
        return started.get();
    }

    /** Ends every host. */
    @Override
    public void close() {
        closed = true;
        timer.shutdownNow();
        List<HostProcess> hosts = List.copyOf(all);
        for (HostProcess h : hosts) {
            h.kill();
        }
        for (HostProcess h : hosts) {
            h.awaitGone(500);
        }
        all.clear();
        synchronized (this) {
            idle.clear();
        }
        confinement.cgroups().close();
    }

    static PlayerFault fault(Throwable e) {
        Throwable t = e;
        while ((t instanceof java.util.concurrent.CompletionException || t instanceof java.util.concurrent.ExecutionException)
                && t.getCause() != null) {
            t = t.getCause();
        }
        return t instanceof PlayerFault f ? f : new PlayerFault(t.getMessage() == null ? t.toString() : t.getMessage(), t);
    }
}
