package org.boardlab.store.internal;

import java.io.IOException;
import java.nio.file.FileSystemException;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Locale;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.ReentrantLock;
import java.util.logging.Logger;
import javax.sql.ConnectionPoolDataSource;
import org.boardlab.store.StoreException;
import org.h2.jdbcx.JdbcConnectionPool;
import org.h2.jdbcx.JdbcDataSource;
import org.postgresql.ds.PGConnectionPoolDataSource;

/**
 * A pool of connections to one database (H2's {@link JdbcConnectionPool}, which pools any
 * {@link ConnectionPoolDataSource}: H2's own or the PostgreSQL driver's), its schema brought up to
 * date when it opens, and the translation of the drivers' errors into {@link StoreException}s that
 * say what happened in words.
 *
 * <p>The drivers are used through their data sources, not {@code java.sql.DriverManager}, which
 * cannot see a driver in another bundle under OSGi.
 *
 * <p><b>On H2, one transaction that writes at a time.</b> H2 (MVStore) makes a commit durable by
 * writing a chunk of the file with the pages its maps (tables, indexes, each transaction's undo log)
 * have at that moment, taken one map after the other while the other connections' transactions go on.
 * A transaction's commit is applied map by map too (its rows in one table, then in the next). So the
 * chunk that one connection's commit writes can hold another transaction half committed (the
 * scheduled game's row done, the tournament's count not yet added to), or a change without the undo
 * record that would take it back. The chunk of that other transaction's own commit follows at once
 * and puts it right; a process killed between the two (SIGKILL: {@code kill -9}, a crash) leaves the
 * half state, and H2 opens it as it is: part of a transaction that never returned from its commit is
 * there, part is not (the tournament's {@code KillTest}: {@code the done games counted expected: 57 but
 * was: 56}; {@code H2KillProbe} in this bundle's tests, H2 alone: 6 torn databases in 475 kills,
 * 0 in 350 with this lock; boardlab.store's README, <i>Durability</i>). So on H2 every transaction that writes holds this database's write lock
 * ({@link #transaction}, {@link #write}, {@link #holdWrites}) from before its first statement until
 * after its commit or rollback: each chunk is then written by the commit of the one transaction with
 * changes, after all of them are applied. Reads ({@link #call}, {@link #snapshot}) do not take it. The
 * lock is one per H2 database in the process (two stores on one file share it). PostgreSQL, whose
 * commits are whole after a crash (its write-ahead log), keeps its concurrency: no lock.
 */
public final class Database {

    private static final Logger LOG = Logger.getLogger(Database.class.getName());

    /** A unit of work on a connection. */
    @FunctionalInterface
    public interface Work<T> {
        T run(Connection c) throws SQLException;
    }

    private final String shownUrl;
    private final boolean postgres;
    private final JdbcConnectionPool pool;
    /** H2's data source (a connection of its own when the database is closed), or {@code null} on PostgreSQL. */
    private final JdbcDataSource h2;
    private final java.util.concurrent.atomic.AtomicBoolean closing = new java.util.concurrent.atomic.AtomicBoolean();
    /** H2: held by the one transaction that writes (see the class); {@code null} on PostgreSQL. */
    private final ReentrantLock writes;

    /** H2's write locks, by database (its file's path): one per database in this process, whichever store opened it. */
    private static final ConcurrentHashMap<String, ReentrantLock> H2_WRITES = new ConcurrentHashMap<>();

    private Database(String shownUrl, boolean postgres, JdbcConnectionPool pool, JdbcDataSource h2, ReentrantLock writes) {
        this.shownUrl = shownUrl;
        this.postgres = postgres;
        this.pool = pool;
        this.h2 = h2;
        this.writes = writes;
    }

    /**
     * Opens {@code url} ({@code jdbc:h2:...} or {@code jdbc:postgresql://...}) and applies the
     * migrations it lacks.
     *
     * @throws StoreException if the URL is of another kind, the database cannot be reached, or its
     *                        schema is newer than this boardlab's
     */
    public static Database open(String url) {
        String shown = redact(url);
        ConnectionPoolDataSource source;
        boolean postgres;
        boolean leftOpen = false;
        java.nio.file.Path base = H2LockFile.base(url);
        if (url.startsWith("jdbc:h2:")) {
            // a lock file that a process which has ended left (killed, or ended by a signal while it opened the database)
            // would make H2 wait some 3 s: deleted first if it is provably left behind (H2LockFile says how). Not looked at
            // when this process has the database open already (or is opening it): the lock is this process's, and
            // H2LockFile's look at the data file's lock would release this process's own (closing any channel on a
            // file drops the process's locks on it)
            boolean ours = base != null && OPEN_H2.merge(base, 1, Integer::sum) > 1;
            H2LockFile.Found lock = ours ? H2LockFile.Found.KEPT : H2LockFile.removeIfLeftBehind(url);
            leftOpen = lock == H2LockFile.Found.REMOVED;
            if (leftOpen) {
                LOG.fine(() -> "deleted the lock file of " + shown + " that a process which ended without closing it left");
            }
            JdbcDataSource h2 = new JdbcDataSource();
            // no background compaction: a process killed while H2 moves chunks can leave a file that does not open
            // again ("Double mark", h2database#2752); KillTest failed 2 runs in 3 with it, 0 in 8 without
            h2.setURL(url + (url.toUpperCase(Locale.ROOT).contains("AUTO_COMPACT_FILL_RATE") ? "" : ";AUTO_COMPACT_FILL_RATE=0"));
            if (!url.toUpperCase(Locale.ROOT).contains(";USER=")) {
                h2.setUser("sa");
                h2.setPassword("");
            }
            source = h2;
            postgres = false;
        } else if (url.startsWith("jdbc:postgresql:")) {
            PGConnectionPoolDataSource pg = new PGConnectionPoolDataSource();
            pg.setURL(url);
            pg.setReWriteBatchedInserts(true);
            pg.setConnectTimeout(10);
            pg.setApplicationName("boardlab");
            source = pg;
            postgres = true;
        } else {
            throw new StoreException("boardlab stores its results in H2 (jdbc:h2:...) or PostgreSQL (jdbc:postgresql://...), not " + shown);
        }
        JdbcConnectionPool pool = JdbcConnectionPool.create(source);
        pool.setMaxConnections(16);
        pool.setLoginTimeout(30);
        Database db;
        try {
            db = new Database(shown, postgres, pool, postgres ? null : (JdbcDataSource) source, postgres ? null : h2Writes(pool, url));
            db.leftOpen = leftOpen;
            db.write(c -> {
                if (!postgres) {
                    // commit means written to the file (not only to H2's memory): a killed process loses no committed game
                    try (Statement s = c.createStatement()) {
                        s.execute("SET WRITE_DELAY 0");
                    }
                }
                int version = Migrations.apply(c, postgres, shown);
                LOG.fine(() -> "opened " + shown + " at schema version " + version);
                return version;
            });
        } catch (SQLException e) {
            pool.dispose();
            forgetOpen(base);
            throw new Database(shown, postgres, pool, null, null).translate(e); // the first connection failed: in words, as any other
        } catch (RuntimeException e) {
            pool.dispose();
            forgetOpen(base);
            throw e;
        }
        db.base = base;
        return db;
    }

    /** The embedded H2 databases this process has open (or is opening) through this class, by base path, with how many times. */
    private static final ConcurrentHashMap<java.nio.file.Path, Integer> OPEN_H2 = new ConcurrentHashMap<>();

    /** This H2 database's base path while it is counted in {@link #OPEN_H2}; {@code null} otherwise. */
    private java.nio.file.Path base;

    private static void forgetOpen(java.nio.file.Path base) {
        if (base != null) {
            OPEN_H2.computeIfPresent(base, (k, n) -> n <= 1 ? null : n - 1);
        }
    }

    /**
     * The write lock of the H2 database {@code url} names (see the class), by its file's path as H2
     * has it (the same file reached through two spellings of its URL has one lock); an in-memory
     * database by its URL.
     */
    private static ReentrantLock h2Writes(JdbcConnectionPool pool, String url) throws SQLException {
        String path;
        try (Connection c = pool.getConnection(); Statement s = c.createStatement();
                java.sql.ResultSet r = s.executeQuery("SELECT DATABASE_PATH()")) {
            path = r.next() ? r.getString(1) : null;
        }
        int semicolon = url.indexOf(';');
        String key = path != null ? "file:" + path : "url:" + (semicolon < 0 ? url : url.substring(0, semicolon));
        return H2_WRITES.computeIfAbsent(key, k -> new ReentrantLock(true));
    }

    /**
     * Whether the process that had this (H2) database open before ended without closing it, as its lock
     * file showed ({@link H2LockFile}: deleted before the database was opened). What it committed is in
     * the file; a transaction of another process that reached it through {@code AUTO_SERVER} may be there
     * in part (see the class).
     */
    private boolean leftOpen;

    /** {@code true} if the process that had this H2 database open before ended without closing it (see the field). */
    public boolean leftOpenByAnEndedProcess() {
        return leftOpen;
    }

    public String shownUrl() {
        return shownUrl;
    }

    public boolean postgres() {
        return postgres;
    }

    /**
     * Runs {@code work} on a connection in auto-commit mode: reads. It must not write (on H2 a write
     * must hold the write lock, see the class): {@link #write} or {@link #transaction}.
     */
    public <T> T call(Work<T> work) {
        try (Connection c = connect()) {
            return work.run(c);
        } catch (SQLException e) {
            throw translate(e);
        }
    }

    /**
     * Runs {@code work} on a connection in auto-commit mode (each statement commits by itself), on
     * H2 holding the write lock throughout (see the class): statements that write one by one.
     */
    public <T> T write(Work<T> work) {
        try (Held held = holdWrites(); Connection c = connect()) {
            return work.run(c);
        } catch (SQLException e) {
            throw translate(e);
        }
    }

    /** The write lock held until {@link #close()}; nothing to close on PostgreSQL. */
    public interface Held extends AutoCloseable {
        @Override
        void close();
    }

    private static final Held NOTHING_HELD = () -> {
    };

    /** Whether a thread waits for this database's write lock now (for tests). */
    boolean waitingForWrites() {
        return writes != null && writes.hasQueuedThreads();
    }

    /**
     * On H2, takes this database's write lock (see the class), waiting while another transaction
     * that writes holds it: for a caller that runs its transactions on a connection of its own (the
     * store's writer), from before its transaction's first statement until after its commit or
     * rollback. Re-entrant. On PostgreSQL, does nothing.
     */
    public Held holdWrites() {
        if (writes == null) {
            return NOTHING_HELD;
        }
        writes.lock();
        return writes::unlock;
    }

    /**
     * Runs {@code work} (reads: it must not write, and does not take the write lock) in one
     * transaction at {@code REPEATABLE READ}: every statement of it sees the database as of one
     * moment (both databases keep a snapshot), whatever commits meanwhile.
     */
    public <T> T snapshot(Work<T> work) {
        return inTransaction(Connection.TRANSACTION_REPEATABLE_READ, work);
    }

    /**
     * Runs {@code work} in one transaction: committed when it returns, rolled back when it throws; on
     * H2 holding the write lock from before its first statement until after its end (see the class).
     */
    public <T> T transaction(Work<T> work) {
        try (Held held = holdWrites()) {
            return inTransaction(-1, work);
        }
    }

    /** {@code work} in one transaction, at {@code isolation} (a {@link Connection} level) or, if -1, the connection's own. */
    private <T> T inTransaction(int isolation, Work<T> work) {
        try (Connection c = connect()) {
            int level = isolation == -1 ? -1 : c.getTransactionIsolation(); // not asked otherwise: PostgreSQL's driver may ask the server
            if (isolation != -1) {
                c.setTransactionIsolation(isolation);
            }
            c.setAutoCommit(false);
            try {
                T result = work.run(c);
                c.commit();
                return result;
            } catch (SQLException | RuntimeException | Error e) {
                try {
                    c.rollback();
                } catch (SQLException suppressed) {
                    e.addSuppressed(suppressed);
                }
                throw e;
            } finally {
                try {
                    c.setAutoCommit(true);
                    if (isolation != -1) {
                        c.setTransactionIsolation(level);
                    }
                } catch (SQLException ignored) {
                    // the connection is broken; the pool drops it
                }
            }
        } catch (SQLException e) {
            throw translate(e);
        }
    }

    /**
     * A connection from the pool. A pooled PostgreSQL connection whose link broke (the server restarted, a
     * connection lost in the middle of a commit) goes back to the pool when it is closed, and the pool's next
     * hand-out of it fails (the driver's {@code 08003}, "This connection has been closed.") and drops it: that
     * failure is not the caller's, so the next connection is taken, as many times as the pool can hold dead
     * ones.
     */
    private Connection connect() throws SQLException {
        for (int attempt = 0;; attempt++) {
            try {
                return pool.getConnection();
            } catch (SQLException e) {
                if (!postgres || !"08003".equals(e.getSQLState()) || attempt >= pool.getMaxConnections()) {
                    throw e;
                }
            }
        }
    }

    /**
     * A pooled connection of its own for a caller that keeps it across transactions (the store's
     * writer, with its statements prepared once): it goes back to the pool when closed.
     */
    public Connection connection() {
        try {
            return connect();
        } catch (SQLException e) {
            throw translate(e);
        }
    }

    /**
     * Closes every connection. An embedded H2 database that this store alone has open, and whose file
     * is mostly space that no live data uses, is compacted first ({@link H2Compaction}: H2's
     * {@code SHUTDOWN COMPACT}, a copy of the live data into a new file that then replaces the old
     * one in one rename).
     */
    public void close() {
        if (!closing.compareAndSet(false, true)) {
            return; // closed already: a second close must not open the H2 file again
        }
        try {
            closeConnections();
        } finally {
            forgetOpen(base);
            base = null;
        }
    }

    private void closeConnections() {
        if (h2 == null) {
            pool.dispose();
            return;
        }
        Connection own;
        try {
            own = h2.getConnection(); // not from the pool: it outlives the pool's connections, so the database stays open
        } catch (SQLException e) {
            pool.dispose();
            return; // the database is gone already (a full disk, a broken file): nothing to compact
        }
        pool.dispose();
        try (Connection c = own) {
            H2Compaction.onClose(c, shownUrl);
        } catch (SQLException | RuntimeException e) {
            // what is committed is in the file: a compaction that fails (a full disk) leaves the old file whole, H2 deletes its copy when it opens
            LOG.log(java.util.logging.Level.WARNING, "the database " + shownUrl + " was not compacted: " + rootMessage(e), e);
        }
    }

    /** The driver's error in words, naming the database. */
    public StoreException translate(SQLException e) {
        String state = e.getSQLState() == null ? "" : e.getSQLState();
        String why = rootMessage(e);
        if (isDiskFull(e)) {
            Throwable root = e;
            while (root.getCause() != null && root.getCause() != root) {
                root = root.getCause();
            }
            return new StoreException("the database " + shownUrl + " could not be written: the disk is full (" + firstLine(String.valueOf(root.getMessage()))
                    + "); nothing was stored by this operation, what was stored before is kept", e);
        }
        if (state.startsWith("08") || state.equals("57P03") || (!postgres && e.getErrorCode() == 90020)) {
            return new StoreException("cannot reach the database " + shownUrl + ": " + why, e);
        }
        if (state.equals("28P01") || state.equals("28000")) {
            return new StoreException("the database " + shownUrl + " refused the login: " + why, e);
        }
        if (state.equals("3D000")) {
            return new StoreException("the database " + shownUrl + " does not exist: " + why, e);
        }
        return new StoreException("the database " + shownUrl + " failed: " + why, e);
    }

    private static boolean isDiskFull(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
            String m = t.getMessage() == null ? "" : t.getMessage().toLowerCase(Locale.ROOT);
            if (m.contains("no space left") || m.contains("disk full") || m.contains("not enough space")) {
                return true;
            }
            if (t instanceof SQLException s && "53100".equals(s.getSQLState())) {
                return true;
            }
            if (t instanceof FileSystemException || t instanceof IOException) {
                if (m.contains("space")) {
                    return true;
                }
            }
        }
        return false;
    }

    private static String rootMessage(Throwable e) {
        String first = e.getMessage();
        Throwable t = e;
        while (t.getCause() != null && t.getCause() != t) {
            t = t.getCause();
        }
        String root = t.getMessage();
        if (root != null && first != null && !first.contains(root)) {
            return firstLine(first) + " (" + firstLine(root) + ")";
        }
        return firstLine(first == null ? String.valueOf(root) : first);
    }

    private static String firstLine(String s) {
        int nl = s.indexOf('\n');
        return nl < 0 ? s : s.substring(0, nl);
    }

    /** The URL without a {@code password=...} parameter. */
    public static String redact(String url) {
        return url.replaceAll("(?i)(password=)[^&;]*", "$1***");
    }
}
