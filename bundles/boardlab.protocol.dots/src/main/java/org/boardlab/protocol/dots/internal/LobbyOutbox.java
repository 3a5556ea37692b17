package org.boardlab.protocol.dots.internal;

import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;

/**
 * What the lobby sends, done after its lock is let go. The room decides under the lobby's lock who is sent what and
 * adds each delivery here, in that order; after letting the lock go, the thread that added them {@link #deliver}s
 * everything waiting, unless another thread is doing so already (which then delivers them too, in the same order). So
 * each subscriber is sent the lobby's news in the order it happened (a user's entry into a view is never overtaken by
 * his quit), as when the deliveries were made under the lock, and no thread waits for the lock while somebody else's
 * deliveries are made (each one runs CometD's outgoing extensions, freezes the message into JSON and resumes the
 * subscriber's held {@code /meta/connect}). With nobody else delivering, a publisher's own messages are delivered
 * before his publish is answered, as before.
 *
 * <p>A thread of the port delivers at most {@link #BATCH} at a time: while a class pairs, deliveries keep coming from
 * every thread, and the one delivering would otherwise go on with everybody's, its own client's next WebSocket frame
 * unread meanwhile (a 2,000-client smoke of a build without the bound: 242 sockets closed by clients whose answers came
 * too late, none on main's build). What is left then goes on in {@code elsewhere} (the port's delivery pool), which
 * delivers until nothing waits.
 */
final class LobbyOutbox {

    /** Deliveries a thread of the port makes at most at a time (about what one pairing decides: ~130). */
    static final int BATCH = 256;

    private final ConcurrentLinkedQueue<Runnable> queue = new ConcurrentLinkedQueue<>();
    /** Held by whoever delivers: one at a time, so in the order added. */
    private final AtomicBoolean delivering = new AtomicBoolean();
    private final Object lock;
    private final Executor elsewhere;
    private final Consumer<RuntimeException> failed;

    /**
     * An outbox for what is decided under {@code lock} (never delivered by a thread that holds it); what a thread leaves
     * after {@link #BATCH} goes on in {@code elsewhere}; {@code failed} is told of a delivery that threw (the others go
     * on).
     */
    LobbyOutbox(Object lock, Executor elsewhere, Consumer<RuntimeException> failed) {
        this.lock = lock;
        this.elsewhere = elsewhere;
        this.failed = failed;
    }

    /** {@code delivery} is done after every one added before it, by the next {@link #deliver}. */
    void add(Runnable delivery) {
        queue.add(delivery);
    }

    /**
     * Does the deliveries waiting, in order, unless another thread is at it (it then does these too), or this thread
     * holds the lobby's lock (the thread lets it go first, then calls this); after {@link #BATCH}, the rest goes on
     * elsewhere.
     */
    void deliver() {
        if (Thread.holdsLock(lock)) {
            return;
        }
        while (!queue.isEmpty() && delivering.compareAndSet(false, true)) {
            boolean handedOn = false;
            try {
                if (deliverSome(BATCH)) {
                    elsewhere.execute(this::deliverAll); // it holds the turn now, and lets it go
                    handedOn = true;
                    return;
                }
            } catch (RejectedExecutionException e) {
                // the port is closing: what waits is not delivered
            } finally {
                if (!handedOn) {
                    delivering.set(false);
                }
            }
            // one added after the last poll, whose thread saw this one delivering and left it here: loop
        }
    }

    /** In {@code elsewhere}, holding the turn: delivers until nothing waits, then lets the turn go. */
    private void deliverAll() {
        try {
            deliverSome(Integer.MAX_VALUE);
        } finally {
            delivering.set(false);
        }
        deliver();
    }

    /** Delivers up to {@code most}; {@code true} if some are left. */
    private boolean deliverSome(int most) {
        for (int n = 0; n < most; n++) {
            Runnable next = queue.poll();
            if (next == null) {
                return false;
            }
            try {
                next.run();
            } catch (RuntimeException e) {
                failed.accept(e);
            }
        }
        return !queue.isEmpty();
    }

    /** How many deliveries wait (tests). */
    int waiting() {
        return queue.size();
    }
}
