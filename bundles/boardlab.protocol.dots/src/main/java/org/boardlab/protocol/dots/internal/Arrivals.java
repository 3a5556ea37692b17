package org.boardlab.protocol.dots.internal;

import java.nio.channels.SelectableChannel;
import java.nio.channels.SelectionKey;
import java.nio.channels.SocketChannel;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.eclipse.jetty.io.ManagedSelector;
import org.eclipse.jetty.io.SelectorManager;
import org.eclipse.jetty.io.SocketChannelEndPoint;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.util.thread.Invocable;
import org.eclipse.jetty.util.thread.QueuedThreadPool;

/**
 * The clock of the time rules (the 10 s silence of a lobby member, a player, a Bayeux session): it runs as the
 * server keeps up, and stands still at the arrival of the oldest request the server has received and not yet begun to
 * read. A limit then counts from when a client's message arrived, not from when a late server got to it.
 *
 * <p>Why: a server late by seconds (a class told "start now": 5,000 logins and 2,500 invitations at once) has each
 * client's next long poll, heartbeat or first message in a game waiting in its own queue, behind the others'. Counted
 * from the last message handled, those clients were silent: CometD dropped their sessions ({@code maxInterval}) and
 * the room made them lose games they had not reached (session 19: 11,921 errors, 701 of 2,500 games reached). Any
 * request waiting may be the one that proves a client is there, and before it is read nobody knows whose it is: so no
 * limit that ran out after the oldest waiting request arrived is enforced until that request has been read.
 *
 * <p>How: a request waits in the server's queue between the selector's seeing its connection readable and a thread's
 * beginning to read it ({@link Stamped}: the task the selector hands the thread pool carries the moment it was made).
 * That thread then reads it, parses it and hands it to CometD (which cancels its session's expiry, and passes each
 * message through the room); the clock stands still until it is done, for at most {@link #HANDLING_NANOS} of it. A new
 * connection waits too, from its accepting until a thread of the pool has made its end point. What waits in the
 * kernel's queues before the acceptor or the selector looks is not seen: they do little else.
 *
 * <p>WebSocket (session 21): a WebSocket connection reads its next frame only once the last one's answer is written
 * (CometD asks for it then); when that happens on another thread (the write finished later, or a delivery's thread
 * finished it), Jetty hands the reading to the pool directly ({@code WebSocketConnection.demand}: {@code
 * execute(this)}), not through the selector, and what the client sent meanwhile waits with it, unstamped. So every
 * job that waits in the port's pool ({@link #pool}) holds the clock too, from its {@code execute} until a thread takes
 * it. Niced smokes on a busy machine (load 5-8, shares only): 2,000-3,000 clients on WebSocket pairing lost 90-873
 * games for silence, with nothing stamped waiting when the sweep forfeited them (27-29 of the pool's 32 threads waiting
 * for the lobby's lock); 2,000 over long-polling at the same load lost none; with the pool's jobs stamped, 3,000 on
 * WebSocket lost 63 (not none: see the bundle's README, "On WebSocket").
 */
final class Arrivals {

    /**
     * How long a request that a thread has begun to handle still holds the clock back: the handling of a Bayeux batch
     * takes milliseconds; a body that trickles in, or a handler stuck, must not stop the time rules.
     */
    static final long HANDLING_NANOS = 2_000_000_000L;
    /** How often the connections are looked at, at most (a look reads each open connection's stamp once). */
    private static final long LOOK_EVERY_NANOS = 50_000_000L;

    private final Set<Stamped> open = ConcurrentHashMap.newKeySet();
    /** Jobs handed to the pool that no thread has taken yet, each with when it was handed. */
    private final Set<Queued> queued = ConcurrentHashMap.newKeySet();
    /** Connections accepted whose end point a thread has not yet made, with when they were accepted. */
    private final Map<SelectableChannel, Long> accepting = new ConcurrentHashMap<>();
    private long lookedAt;
    private long clockAtLook;
    private boolean looked;

    /**
     * The time rules' clock at {@code now} ({@link System#nanoTime()}): the time of the last look at the connections
     * (at most 50 ms ago), or just before the arrival of the oldest request then waiting to be read, whichever is earlier.
     * Never later than {@code now}; a limit enforced with it may be enforced up to 50 ms late, never early.
     */
    synchronized long clock(long now) {
        if (!looked || now - lookedAt >= LOOK_EVERY_NANOS || now - lookedAt < 0) {
            long clock = now;
            for (long since : accepting.values()) {
                if (since - 1 - clock < 0) {
                    clock = since - 1;
                }
            }
            for (Queued q : queued) {
                if (q.since - 1 - clock < 0) {
                    clock = q.since - 1;
                }
            }
            for (Stamped e : open) {
                long since = e.waitingSince(now);
                if (since != 0 && since - 1 - clock < 0) {
                    clock = since - 1;
                }
            }
            looked = true;
            lookedAt = now;
            clockAtLook = clock;
        }
        return clockAtLook;
    }

    /** How many connections hold a request that no thread has begun to read (tests). */
    int waiting() {
        int n = 0;
        for (Stamped e : open) {
            n += e.arrived != 0 && e.handled == 0 ? 1 : 0;
        }
        return n + accepting.size() + queued.size();
    }

    /**
     * A pool for the port whose queued jobs hold the clock from their {@code execute} until a thread takes them (what a
     * WebSocket connection will read next waits in such a job).
     */
    QueuedThreadPool pool(int maxThreads, int minThreads) {
        return new QueuedThreadPool(maxThreads, minThreads) {
            @Override
            public void execute(Runnable job) {
                long now = System.nanoTime();
                Queued q = new Queued(now == 0 ? 1 : now);
                queued.add(q);
                try {
                    super.execute(Invocable.from(Invocable.getInvocationType(job), () -> {
                        queued.remove(q);
                        job.run();
                    }));
                } catch (RuntimeException e) {
                    queued.remove(q);
                    throw e;
                }
            }
        };
    }

    /** A job waiting in the pool since {@code since} (one object a job: two handed in the same nanosecond are two). */
    private static final class Queued {
        final long since;

        Queued(long since) {
            this.since = since;
        }
    }

    /**
     * Stamps the new connections of {@code connector} from their accepting until a thread of the pool has made their
     * end point (a new connection's first request, a login's as a rule, waits too); its {@code newEndPoint} must make
     * them with {@link #endPoint}.
     */
    void watch(ServerConnector connector) {
        connector.getSelectorManager().addEventListener(new SelectorManager.AcceptListener() {
            @Override
            public void onAccepting(SelectableChannel channel) {
                long now = System.nanoTime();
                accepting.put(channel, now == 0 ? 1 : now);
            }

            @Override
            public void onAcceptFailed(SelectableChannel channel, Throwable cause) {
                accepting.remove(channel);
            }
        });
    }

    /** The end point of a connection of a {@link #watch watched} connector: stamped while what it received waits. */
    SocketChannelEndPoint endPoint(ServerConnector connector, SocketChannel channel, ManagedSelector selector, SelectionKey key) {
        accepting.remove(channel);
        Stamped endpoint = new Stamped(channel, selector, key, connector);
        endpoint.setIdleTimeout(connector.getIdleTimeout());
        return endpoint;
    }

    /**
     * A connection that knows since when something it received waits for the server: from the selector's seeing it
     * readable until the thread that took it has read and handled it (for a long poll: until CometD holds it), or for
     * at most {@link #HANDLING_NANOS} of that handling (a body that trickles in must not stop the clock).
     */
    private final class Stamped extends SocketChannelEndPoint {
        volatile long arrived;
        volatile long handled;

        Stamped(SocketChannel channel, ManagedSelector selector, SelectionKey key, ServerConnector connector) {
            super(channel, selector, key, connector.getScheduler());
        }

        @Override
        public void onOpen() {
            super.onOpen();
            open.add(this);
        }

        @Override
        public void onClose(Throwable cause) {
            open.remove(this);
            super.onClose(cause);
        }

        /** The arrival of what this connection's thread has not yet handled, 0 if none, as the clock counts it at {@code now}. */
        long waitingSince(long now) {
            long a = arrived;
            if (a == 0) {
                return 0;
            }
            long h = handled;
            return h == 0 || h - a < 0 || now - h < HANDLING_NANOS ? a : 0;
        }

        /** On the selector's thread: the task it makes now runs when a thread is free; until then this waits. */
        @Override
        public Runnable onSelected() {
            Runnable task = super.onSelected();
            if (task == null) {
                return null;
            }
            long now = System.nanoTime();
            long mine = now == 0 ? 1 : now;
            handled = 0;
            arrived = mine;
            return Invocable.from(Invocable.getInvocationType(task), () -> {
                long begun = System.nanoTime();
                handled = begun == 0 ? 1 : begun;
                try {
                    task.run();
                } finally {
                    if (arrived == mine) {
                        arrived = 0;
                    }
                }
            });
        }
    }
}
