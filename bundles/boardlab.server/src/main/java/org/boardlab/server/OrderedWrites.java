package org.boardlab.server;

import io.netty.util.concurrent.EventExecutor;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Writes to one connection in the order they were made, from any thread. Netty runs a write made on
 * the connection's event loop at once and queues one made elsewhere, so mixing the two can reorder
 * them: a seed 004 Game Controller was sent the first move of a restarted game (made and written on
 * the event loop) before the new game's first Status (made on a referee thread a moment earlier and
 * still queued); a spectator or a watcher hears two players whose moves are made on two loops. Here
 * a write runs at once only when it is made on the event loop and none is queued; otherwise it is
 * queued behind the others. Every protocol session sends through one.
 */
public final class OrderedWrites {

    private final EventExecutor loop;
    /** Writes queued and not yet run. */
    private final AtomicInteger queued = new AtomicInteger();

    /** @param loop the connection's event loop */
    public OrderedWrites(EventExecutor loop) {
        this.loop = loop;
    }

    /** Runs {@code write} on the event loop after every write made before it. */
    public void run(Runnable write) {
        if (loop.inEventLoop() && queued.get() == 0) {
            write.run();
            return;
        }
        queued.incrementAndGet();
        loop.execute(() -> {
            try {
                write.run();
            } finally {
                queued.decrementAndGet();
            }
        });
    }
}
