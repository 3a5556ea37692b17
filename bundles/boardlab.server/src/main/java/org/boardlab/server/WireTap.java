package org.boardlab.server;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.boardlab.api.DecodedMessage;
import org.boardlab.api.Protocol;
import org.boardlab.api.event.WireEvent;
import org.boardlab.core.EventBus;

/**
 * Turns frames into {@link WireEvent}s without slowing the server: the I/O threads only offer a
 * small record (with a copy of the bytes) to a bounded queue, and only while somebody listens for wire
 * events; a thread of the tap's own publishes the events, and a frame is decoded by its protocol's
 * describer only when a listener asks for it ({@link WireEvent#decoded()}).
 * When the queue is full (by count, {@link #CAPACITY}, or by bytes, {@link #CAPACITY_BYTES}) the frame
 * is dropped and counted ({@link #dropped()}), never waited for: a listener that cannot keep up (the
 * inspector, a trace file on a slow disk) loses frames, it never slows the server or grows its heap.
 */
public final class WireTap implements AutoCloseable {

    /** How many frames may wait to be published. */
    public static final int CAPACITY = 65_536;

    /** How many bytes of frames may wait to be published (frames can be up to a protocol's frame limit). */
    public static final long CAPACITY_BYTES = 32L << 20;

    /** A frame as the I/O thread hands it over. */
    record Frame(long timeMicros, long connectionId, String remote, String player, Protocol protocol, boolean fromClient,
            byte[] raw, long matchId, String violation, String fault) {
        Frame(long timeMicros, long connectionId, String remote, String player, Protocol protocol, boolean fromClient,
                byte[] raw, long matchId, String violation) {
            this(timeMicros, connectionId, remote, player, protocol, fromClient, raw, matchId, violation, null);
        }
    }

    private static final AtomicLong CONNECTION_IDS = new AtomicLong();

    /**
     * A connection id no other connection of this process has, whoever taps it (the server, the fault
     * proxy, the workbench's own clients), so the inspector never mixes two connections up.
     */
    public static long newConnectionId() {
        return CONNECTION_IDS.incrementAndGet();
    }

    private final EventBus events;
    /**
     * Netty's bounded lock-free queue for many producers and one consumer (an array, so offering a
     * frame allocates nothing and touches no shared counter): the I/O threads never wait for each
     * other or for the publisher, and {@code offer} says at once when it is full.
     */
    private final java.util.Queue<Frame> queue = io.netty.util.internal.PlatformDependent.newFixedMpscQueue(CAPACITY);
    private final AtomicLong sequence = new AtomicLong();
    private final AtomicLong dropped = new AtomicLong();
    /** Frames handed to {@link #offer}, counted before they are queued (or dropped). */
    private final AtomicLong handed = new AtomicLong();
    /** Frames whose event every listener has had, counted after the publish returns. */
    private final AtomicLong published = new AtomicLong();
    private final AtomicLong queuedBytes = new AtomicLong();
    private final Thread publisher;
    private volatile boolean running = true;

    public WireTap(EventBus events) {
        this.events = events;
        publisher = new Thread(this::publish, "boardlab-wire-tap");
        publisher.setDaemon(true);
        publisher.start();
    }

    /** {@code true} when events would reach somebody; the I/O threads skip the copy otherwise. */
    public boolean active() {
        return events.hasListeners(WireEvent.class);
    }

    /**
     * Hands a frame seen outside the server's own connections to the tap (the fault proxy's), only while
     * {@link #active()}.
     */
    public void frame(long connectionId, String remote, String player, Protocol protocol, boolean fromClient, byte[] raw,
            long matchId) {
        if (active()) {
            offer(new Frame(EventBus.nowMicros(), connectionId, remote, player, protocol, fromClient, raw, matchId, null));
        }
    }

    /**
     * Hands an injected fault to the tap (only while {@link #active()}): published as a {@link WireEvent}
     * whose {@link WireEvent#fault()} is {@code kind}, with {@code text} as its summary.
     *
     * @param fromClient {@code true} for a fault on what the client sends
     * @param raw        the bytes the fault changed (may be empty)
     */
    public void fault(long connectionId, String remote, String player, Protocol protocol, boolean fromClient, String kind,
            String text, byte[] raw, long matchId) {
        if (active()) {
            offer(new Frame(EventBus.nowMicros(), connectionId, remote, player, protocol, fromClient, raw, matchId, text, kind));
        }
    }

    void offer(Frame frame) {
        handed.incrementAndGet();
        int size = frame.raw().length;
        if (queuedBytes.addAndGet(size) > CAPACITY_BYTES) {
            queuedBytes.addAndGet(-size);
            dropped.incrementAndGet();
        } else if (!queue.offer(frame)) {
            queuedBytes.addAndGet(-size);
            dropped.incrementAndGet();
        }
    }

    /** Frames handed to the tap while somebody listened (exact once the queue is empty). */
    public long frames() {
        return sequence.get() + queue.size() + dropped.get();
    }

    /** Frames dropped because the queue was full (by count or by bytes). */
    public long dropped() {
        return dropped.get();
    }

    /**
     * Frames (and faults) handed to the tap whose events have not reached every listener yet, neither published nor
     * dropped: the tap publishes on a thread of its own, so a listener hears of a frame a moment after the connection
     * saw it (longer on a busy machine). 0 means that everything handed over so far has been heard: code that reads
     * what its listener collected after some traffic (a test) waits for it. Never counts low: a frame is counted from
     * before it is queued until after its event was published.
     */
    public long pending() {
        long done = published.get();
        long lost = dropped.get();
        return handed.get() - lost - done;
    }

    private void publish() {
        while (running || !queue.isEmpty()) {
            Frame frame = queue.poll();
            if (frame == null) {
                // nothing queued: look again in 1 ms while somebody listens, else in 50 ms (frames are offered
                // only while somebody listens: an idle tap should not wake a core a thousand times a second)
                java.util.concurrent.locks.LockSupport.parkNanos(active() ? 1_000_000L : 50_000_000L);
                if (Thread.interrupted()) {
                    return;
                }
                continue;
            }
            queuedBytes.addAndGet(-frame.raw().length);
            if (frame.fault() != null) {
                String kind = frame.fault();
                String text = frame.violation();
                publish(new WireEvent(frame.timeMicros(), sequence.incrementAndGet(), frame.connectionId(),
                        frame.remote(), frame.player(), frame.protocol().id(), frame.fromClient(), frame.raw(),
                        () -> faultMessage(kind, text, frame.fromClient(), frame.raw().length), frame.matchId(), kind));
                continue;
            }
            java.util.function.Supplier<DecodedMessage> describe = frame.violation() != null
                    ? () -> new DecodedMessage("violation", "protocol violation: " + frame.violation(), java.util.List.of(),
                            frame.violation())
                    : () -> frame.protocol().describe(frame.raw(), frame.fromClient());
            publish(new WireEvent(frame.timeMicros(), sequence.incrementAndGet(), frame.connectionId(),
                    frame.remote(), frame.player(), frame.protocol().id(), frame.fromClient(), frame.raw(), describe,
                    frame.matchId()));
        }
    }

    private void publish(WireEvent event) {
        try {
            events.publish(event);
        } finally {
            published.incrementAndGet();
        }
    }

    /** How the inspector shows an injected fault: type {@code fault}, the sentence as its summary. */
    public static DecodedMessage faultMessage(String kind, String text, boolean fromClient, int bytes) {
        return new DecodedMessage("fault", kind + ": " + text, java.util.List.of(
                org.boardlab.api.MessageField.of("fault", kind),
                org.boardlab.api.MessageField.of("direction", fromClient ? "to the server" : "to the client"),
                org.boardlab.api.MessageField.of("what", text),
                org.boardlab.api.MessageField.of("bytes", String.valueOf(bytes))), null);
    }

    /** Publishes what is queued, then stops. */
    @Override
    public void close() {
        running = false;
        java.util.concurrent.locks.LockSupport.unpark(publisher);
        try {
            publisher.join(2_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
