package org.boardlab.conform;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * Every frame of a run, in the order it was sent or read, each decoded and raw. Thread-safe: each
 * {@link Wire} reads on a thread of its own.
 */
public final class FrameRecorder {

    private final long start = System.nanoTime();
    private final List<Frame> frames = new ArrayList<>();
    private final List<Consumer<Frame>> listeners = new java.util.concurrent.CopyOnWriteArrayList<>();

    /** Records a frame and tells the listeners. */
    public Frame record(String connection, Frame.Direction direction, byte[] raw, String decoded) {
        Frame f;
        synchronized (frames) {
            f = new Frame(frames.size() + 1, System.nanoTime() - start, connection, direction, raw.clone(), decoded);
            frames.add(f);
        }
        for (Consumer<Frame> l : listeners) {
            l.accept(f);
        }
        return f;
    }

    /** Now, on the frames' clock: nanoseconds since the run began (as {@link Frame#nanos()}). */
    public long now() {
        return System.nanoTime() - start;
    }

    /** Hears every frame as it is recorded (on the thread that records it). */
    public void listen(Consumer<Frame> listener) {
        listeners.add(listener);
    }

    /** How many frames there are. */
    public int size() {
        synchronized (frames) {
            return frames.size();
        }
    }

    /** Every frame so far. */
    public List<Frame> frames() {
        synchronized (frames) {
            return List.copyOf(frames);
        }
    }

    /** The frames from index {@code from} (0-based) on. */
    public List<Frame> since(int from) {
        synchronized (frames) {
            return List.copyOf(frames.subList(Math.min(from, frames.size()), frames.size()));
        }
    }
}
