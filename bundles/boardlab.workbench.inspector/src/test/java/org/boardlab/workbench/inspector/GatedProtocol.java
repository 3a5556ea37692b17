package org.boardlab.workbench.inspector;

import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicInteger;
import org.boardlab.api.DecodedMessage;
import org.boardlab.api.Protocol;

/**
 * A protocol that decodes as another does, but on the inspector's filter thread
 * ({@link BackgroundFilter#THREAD_NAME}) only as many frames as a test lets through: each decoding
 * there takes one permit of {@link #gate()}. So a test can hold the filter in the middle of its work
 * and see what the person sees meanwhile. It also counts the frames decoded on one thread (the UI
 * thread, say), which the filter must not use.
 */
final class GatedProtocol implements Protocol {

    private final Protocol protocol;
    private final Semaphore gate;
    private final AtomicInteger decodedOnWatched = new AtomicInteger();
    private volatile Thread watched;
    private volatile boolean open;

    /** Decodes as {@code protocol}; the filter thread may decode {@code permits} frames before it waits. */
    GatedProtocol(Protocol protocol, int permits) {
        this.protocol = protocol;
        this.gate = new Semaphore(permits);
    }

    /** The permits of the filter thread's decoding: {@code release(n)} lets it decode n more frames. */
    Semaphore gate() {
        return gate;
    }

    /** Lets the filter thread decode as many frames as it wants from now on. */
    void open() {
        open = true;
        gate.release(1_000_000); // wakes a decoding that waits
    }

    /** Counts from now on the frames decoded on {@code thread}. */
    void watch(Thread thread) {
        watched = thread;
    }

    /** How many frames were decoded on the watched thread. */
    int decodedOnWatched() {
        return decodedOnWatched.get();
    }

    @Override
    public String id() {
        return protocol.id();
    }

    @Override
    public String name() {
        return protocol.name();
    }

    @Override
    public String gameId() {
        return protocol.gameId();
    }

    @Override
    public int defaultPort() {
        return protocol.defaultPort();
    }

    @Override
    public DecodedMessage describe(byte[] frame, boolean fromClient) {
        Thread current = Thread.currentThread();
        if (current == watched) {
            decodedOnWatched.incrementAndGet();
        }
        if (!open && current.getName().equals(BackgroundFilter.THREAD_NAME)) {
            gate.acquireUninterruptibly();
        }
        return protocol.describe(frame, fromClient);
    }
}
