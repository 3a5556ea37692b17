package org.boardlab.store.internal;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import org.boardlab.store.Store;
import org.boardlab.store.StoreException;

/**
 * The stores open in this process, one per URL; closed together when the bundle stops.
 *
 * <p><b>When the JVM exits on a signal</b> (SIGTERM, Ctrl+C: the workbench ended by its desktop or at
 * the terminal) the bundle does not stop: H2 closes each database that was open (its own shutdown
 * hook), and that deletes its lock file. A database whose opening was under way then was left open,
 * with its lock file behind it (H2 registers a database for closing on exit only once it is open, and
 * cannot once the exit has begun), and the next command waited for that file some 3 s
 * ({@link H2LockFile}). So the bundle registers {@link #exitHook}: on exit it refuses new openings and
 * waits (up to {@link #EXIT_WAIT_MS}) for an opening under way, which, once open, closes its store
 * again. The stores open before the exit are left to H2 and to the commands' own hooks (a
 * {@code serve} or a {@code worker} still records or gives back its games as it ends).
 */
public final class OpenStores {

    private static final Map<String, Store> OPEN = new LinkedHashMap<>();
    /** Held while a store is looked up or opened (an opening is in it). */
    private static final ReentrantLock LOCK = new ReentrantLock();
    /** Set when the JVM has begun to exit ({@link #exitHook}): no database is opened any more. */
    private static volatile boolean exiting;

    /** How long the exit waits for an opening under way (an H2 file's opening takes a fraction of a second). */
    static final long EXIT_WAIT_MS = 10_000;

    private OpenStores() {
    }

    /** The store at {@code url}, opened on first use. */
    public static Store open(String url) {
        LOCK.lock();
        try {
            Store s = OPEN.get(url);
            if (s == null) {
                refuseIfExiting(url);
                s = Store.open(url);
                if (exiting) {
                    // the exit began while it opened: nothing would close it (see the class)
                    s.close();
                    refuseIfExiting(url);
                }
                OPEN.put(url, s);
            }
            return s;
        } finally {
            LOCK.unlock();
        }
    }

    private static void refuseIfExiting(String url) {
        if (exiting) {
            throw new StoreException("boardlab is ending: the database " + Database.redact(url) + " is not opened");
        }
    }

    /** Forgets a store that is being closed. */
    public static void forget(Store store) {
        LOCK.lock();
        try {
            OPEN.values().removeIf(s -> s == store);
        } finally {
            LOCK.unlock();
        }
    }

    /** Closes every open store. */
    public static void closeAll() {
        List<Store> all;
        LOCK.lock();
        try {
            all = new ArrayList<>(OPEN.values());
            OPEN.clear();
        } finally {
            LOCK.unlock();
        }
        for (Store s : all) {
            s.close();
        }
    }

    /**
     * A JVM shutdown hook (not started): on exit, refuses new openings and waits for one under way,
     * which then closes its store (see the class). Registered by the bundle while it runs.
     */
    public static Thread exitHook() {
        return new Thread(OpenStores::exiting, "boardlab-store-exit");
    }

    /** The hook's work: see {@link #exitHook}. */
    static void exiting() {
        exiting = true;
        try {
            if (LOCK.tryLock(EXIT_WAIT_MS, TimeUnit.MILLISECONDS)) {
                LOCK.unlock(); // an opening under way has ended (and closed its store)
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
