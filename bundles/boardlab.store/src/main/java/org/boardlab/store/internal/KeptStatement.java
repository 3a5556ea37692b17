package org.boardlab.store.internal;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * One read that is made very often (an account by its id: one a login on the Dots port), prepared once on each of
 * a few pooled connections that it keeps, instead of on a connection taken from the pool and given back each time.
 *
 * <p>Why: handing a connection back to H2's pool rolls its session back, which empties the session's cache of
 * parsed statements, so every read through {@link Database#call} had H2 parse its SQL again, take a connection and
 * roll it back (a third, a sixth and an eighth of the account read in a JFR of 2,000 Dots logins, session 22). A kept
 * statement runs in auto-commit mode: each execution reads what is committed at that moment (a new account, a
 * changed rating or password is seen at once); nothing read is kept.
 *
 * <p>At most {@code most} connections are kept (taken from the pool's 16 when first needed). A caller who finds none
 * free, or whose kept statement fails (a connection that broke: the database restarted), makes the same read the
 * ordinary way (the statement prepared on a connection of {@link Database#call}, which says what went wrong in
 * words); a kept connection that failed is closed, and a new one is made when next needed. {@link #close} before the
 * database closes.
 */
public final class KeptStatement implements AutoCloseable {

    /** A read on the kept statement, its parameters set by it. */
    @FunctionalInterface
    public interface Read<T> {
        T run(PreparedStatement p) throws SQLException;
    }

    private record Kept(Connection connection, PreparedStatement statement) {
        void close() {
            try {
                statement.close();
            } catch (SQLException ignored) {
                // closing anyway
            }
            try {
                connection.close();
            } catch (SQLException ignored) {
                // a broken connection: the pool drops it
            }
        }
    }

    private final Database db;
    private final String sql;
    private final int most;
    private final ArrayBlockingQueue<Kept> idle;
    private final AtomicInteger made = new AtomicInteger();
    private final AtomicInteger prepared = new AtomicInteger();
    private final AtomicInteger ordinary = new AtomicInteger();
    private volatile boolean closed;

    public KeptStatement(Database db, String sql, int most) {
        if (most < 1) {
            throw new IllegalArgumentException("keeps at least one statement");
        }
        this.db = db;
        this.sql = sql;
        this.most = most;
        this.idle = new ArrayBlockingQueue<>(most);
    }

    /**
     * Runs {@code read} on a kept statement; if none is free and no more may be kept, or it fails, runs it the
     * ordinary way: on the statement prepared on a connection of {@link Database#call}.
     */
    public <T> T read(Read<T> read) {
        Kept k = closed ? null : take();
        if (k != null) {
            try {
                T result = read.run(k.statement());
                give(k);
                return result;
            } catch (SQLException | RuntimeException e) {
                discard(k);
            }
        }
        ordinary.incrementAndGet();
        return db.call(c -> {
            try (PreparedStatement p = c.prepareStatement(sql)) {
                return read.run(p);
            }
        });
    }

    /** How many times the statement has been prepared (on a new kept connection) since this was made (tests). */
    int prepared() {
        return prepared.get();
    }

    /** How many reads were made the ordinary way, not on a kept statement (tests). */
    int ordinaryReads() {
        return ordinary.get();
    }

    /** Closes the kept statements and gives their connections back; later reads go the ordinary way. */
    @Override
    public void close() {
        closed = true;
        Kept k;
        while ((k = idle.poll()) != null) {
            k.close();
            made.decrementAndGet();
        }
    }

    private Kept take() {
        Kept k = idle.poll();
        if (k != null) {
            return k;
        }
        if (made.incrementAndGet() > most) {
            made.decrementAndGet();
            return null;
        }
        Connection c = null;
        try {
            c = db.connection();
            c.setAutoCommit(true);
            PreparedStatement p = c.prepareStatement(sql);
            prepared.incrementAndGet();
            return new Kept(c, p);
        } catch (SQLException | RuntimeException e) {
            made.decrementAndGet();
            if (c != null) {
                try {
                    c.close();
                } catch (SQLException ignored) {
                    // it failed already
                }
            }
            return null;
        }
    }

    private void give(Kept k) {
        if (closed || !idle.offer(k)) {
            discard(k);
        } else if (closed && idle.remove(k)) {
            discard(k); // closed meanwhile: close() may have emptied the queue before this one went back
        }
    }

    private void discard(Kept k) {
        k.close();
        made.decrementAndGet();
    }
}
