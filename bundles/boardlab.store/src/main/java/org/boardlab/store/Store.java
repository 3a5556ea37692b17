package org.boardlab.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.boardlab.store.internal.Database;
import org.boardlab.store.internal.Ladders;
import org.boardlab.store.internal.Passwords;

/**
 * One database of results: H2 or PostgreSQL, opened by {@link Stores}. Thread-safe: every method
 * takes a pooled connection for its own transaction (on H2 one transaction that writes at a time, so
 * that a {@code kill -9} never leaves half of one: {@code Database}). Every write is committed before
 * the method returns; a method that fails has written nothing.
 *
 * <p>Errors are {@link StoreException}s whose message names the database and the reason
 * ({@code cannot reach the database jdbc:postgresql://...}, {@code ... is full}).
 */
public final class Store implements AutoCloseable {

    private final Database db;
    /**
     * The account read by id ({@link #user(long)}: one a login on the Dots port), prepared once on a few connections of
     * its own: through the pool H2 parsed its SQL again each time (a connection handed back is rolled back, which
     * empties the session's statement cache). Reads what is committed at each execution; nothing read is kept.
     */
    private final org.boardlab.store.internal.KeptStatement userById;
    /** Connections kept for {@link #userById} at most (of the pool's 16). */
    private static final int KEPT_USER_READS = 4;

    private static final java.util.logging.Logger LOG = java.util.logging.Logger.getLogger(Store.class.getName());

    /**
     * Opens the database at {@code url}, bringing its schema up to date. Prefer {@link Stores#open(String)}.
     *
     * <p>An embedded H2 database that the process which had it open left without closing it (killed,
     * or ended by a signal while it opened it: its lock file shows it) has its tournaments' queues
     * and its ladder checked and repaired first ({@link #repairTournamentQueues}, {@link #repairLadder}): across processes H2 can have
     * written part of a transaction (the class {@code Database} says how). Each repair is logged as a
     * warning; a repair that fails is logged and the store opens all the same.
     */
    public static Store open(String url) {
        Store store = new Store(Database.open(url));
        if (store.db.leftOpenByAnEndedProcess()) {
            try {
                for (String repaired : store.repairTournamentQueues()) {
                    LOG.warning(() -> "the database " + store.url() + " was left open by a process that ended without closing it: " + repaired);
                }
            } catch (StoreException e) {
                LOG.log(java.util.logging.Level.WARNING, "the tournaments' queues of " + store.url() + " could not be checked: " + e.getMessage(), e);
            }
            try {
                for (String repaired : store.repairLadder()) {
                    LOG.warning(() -> "the database " + store.url() + " was left open by a process that ended without closing it: " + repaired);
                }
            } catch (StoreException e) {
                LOG.log(java.util.logging.Level.WARNING, "the ladder of " + store.url() + " could not be checked: " + e.getMessage(), e);
            }
        }
        return store;
    }

    private Store(Database db) {
        this.db = db;
        this.userById = new org.boardlab.store.internal.KeptStatement(db, USER_BY_ID, KEPT_USER_READS);
    }

    /** The database's URL, with any password taken out. */
    public String url() {
        return db.shownUrl();
    }

    /** {@code true} on PostgreSQL, {@code false} on H2. */
    public boolean isPostgres() {
        return db.postgres();
    }

    /** The database's schema version (the newest migration applied). */
    public int schemaVersion() {
        return db.call(Store::schemaVersion);
    }

    private static int schemaVersion(Connection c) throws SQLException {
        return org.boardlab.store.internal.Migrations.current(c);
    }

    // ---------------------------------------------------------------- games

    /**
     * Stores a finished game and its moves in one transaction; for a scheduled game, also marks it
     * done in the queue. When this returns, the game survives a crash of this process.
     *
     * @return the stored game's id
     * @throws AlreadyStoredException if its scheduled game is already stored
     */
    public long saveGame(FinishedGame g) {
        return db.transaction(c -> insertGame(c, g));
    }

    /**
     * Stores finished games in one transaction ({@link #saveGame} for each): all of them or, if
     * one fails, none.
     *
     * @return the stored games' ids, in order
     */
    public List<Long> saveGames(List<FinishedGame> games) {
        return db.transaction(c -> {
            if (games.stream().anyMatch(Ladders::rated)) {
                Ladders.lock(c); // first, before any other lock (see Ladders)
            }
            List<Long> ids = new ArrayList<>(games.size());
            try (Inserter in = new Inserter(c)) {
                for (FinishedGame g : games) {
                    ids.add(in.insert(g));
                }
                in.finish();
            }
            return ids;
        });
    }

    /**
     * How many finished games may wait for the writer before {@link #saveLater} waits: 8,192, more than a
     * server of 10,000 clients has games at once (its players wait for a game's end to be told before
     * they play the next), so that a writer behind in a wave of game ends never makes a server's network
     * loop wait; some 8 KB a game of 60 moves, 64 MB when full.
     */
    public static final int WRITER_QUEUE = 8192;

    /**
     * How much the writer's thread lowers its scheduling priority (its nice value, Linux; system property
     * {@code boardlab.store.writerNice}, 0 to 19, default 10; 0 leaves it as the process's) once it is handed
     * a game that may wait ({@link #saveLater(FinishedGame, Duration)} with a delay: a server's): on a machine
     * whose cores are busy the server's network loops run first, and the writer commits in the time they
     * leave it (the game's players hear of its end that much later). A writer that is never handed such a
     * game ({@code match}, a tournament) keeps the process's priority. See
     * {@link org.boardlab.store.internal.WriterPriority}.
     */
    public static final int WRITER_NICE = Math.max(0, Math.min(19, Integer.getInteger("boardlab.store.writerNice", 10)));
    /**
     * The most games the writer commits in one transaction (system property
     * {@code boardlab.store.batch}, default 64: on H2 the CPU a game costs is lowest between 8 and
     * 64 games a transaction, and higher with 256).
     */
    public static final int WRITER_BATCH = Integer.getInteger("boardlab.store.batch", 64);

    /**
     * How long a server's finished game may wait for the store's writer to commit it together with
     * other games ({@link #saveLater(FinishedGame, Duration)}): 50 ms (system property
     * {@code boardlab.store.serverDelayMs}; 0 commits each at once). The server tells a game's end
     * to its players only once it is committed, so they learn it up to this much later; in return a
     * server finishing 150 games a second commits some eight at a time, which halves the CPU a game
     * costs the store and cuts the H2 file's growth by about two thirds (benchmarks/README.md).
     */
    public static final Duration SERVER_DELAY = Duration.ofMillis(Math.max(0, Long.getLong("boardlab.store.serverDelayMs", 50)));

    private final Object writerLock = new Object();
    private org.boardlab.store.internal.GroupCommitter<FinishedGame, Long> writer;
    private volatile boolean closed;

    /**
     * Hands a finished game to this store's writer, one thread that commits the games queued
     * meanwhile together, in one transaction (group commit), so that the thread that finished the
     * game does not wait for the disk. The future completes with the stored game's id only once
     * that transaction has committed: report the game (log it, tell its players, count it) from
     * the future, never before, and a crash loses no reported game. Futures complete in the order
     * their games were handed in, on the writer's thread, which also runs what follows them (unless
     * a thread waiting in {@code get} or {@code join} runs it first): keep that short, and never
     * wait there for this store's writer.
     *
     * <p>When {@value #WRITER_QUEUE} games already wait, this call waits until there is room
     * (nothing is dropped). A batch that fails is committed again game by game, so a game already
     * stored ({@link AlreadyStoredException}) or refused fails only its own future.
     *
     * @return completed with the stored game's id, or exceptionally with a {@link StoreException}
     *         (nothing of that game stored)
     */
    public java.util.concurrent.CompletableFuture<Long> saveLater(FinishedGame g) {
        return saveLater(g, Duration.ZERO);
    }

    /**
     * {@link #saveLater(FinishedGame)}, but the writer may keep the game up to {@code maxDelay}
     * before it begins the transaction, to commit it together with the games finished meanwhile.
     * Each transaction costs the database a fixed amount on top of its games (on H2 a new chunk of
     * the file, with the pages of every index it touched), so a server that finishes many games a
     * second stores them with less CPU and a smaller file when they are committed a few at a time;
     * the game is still committed before its future completes, only up to {@code maxDelay} later.
     * {@link Duration#ZERO}: at once, as {@link #saveLater(FinishedGame)}.
     */
    public java.util.concurrent.CompletableFuture<Long> saveLater(FinishedGame g, Duration maxDelay) {
        org.boardlab.store.internal.GroupCommitter<FinishedGame, Long> w = writer();
        if (w == null) {
            return java.util.concurrent.CompletableFuture.failedFuture(
                    new StoreException("the store " + url() + " is closed: the game was not stored"));
        }
        return w.submit(g, maxDelay.toNanos());
    }

    /**
     * {@link #saveLater} for the finished game a journal holds, each side's seat found by its name
     * in the registry ({@link Seats#ofName}). The journal is read now, on the caller's thread
     * (before the next game of its match starts).
     */
    public java.util.concurrent.CompletableFuture<Long> recordLater(org.boardlab.core.MatchJournal journal, String origin,
            org.boardlab.core.Registry registry) {
        return recordLater(journal, origin, registry, Duration.ZERO);
    }

    /**
     * {@link #recordLater(org.boardlab.core.MatchJournal, String, org.boardlab.core.Registry)} that
     * may wait up to {@code maxDelay} for other games to commit with ({@link #saveLater(FinishedGame, Duration)}).
     */
    public java.util.concurrent.CompletableFuture<Long> recordLater(org.boardlab.core.MatchJournal journal, String origin,
            org.boardlab.core.Registry registry, Duration maxDelay) {
        FinishedGame g;
        try {
            List<String> names = journal.players();
            g = FinishedGame.of(journal, origin, Seats.ofName(registry, names.get(0)), Seats.ofName(registry, names.get(1)));
        } catch (RuntimeException e) {
            return java.util.concurrent.CompletableFuture.failedFuture(e);
        }
        return saveLater(g, maxDelay);
    }

    /** How many finished games wait for the writer now. */
    public int writerQueue() {
        synchronized (writerLock) {
            return writer == null ? 0 : writer.queued();
        }
    }

    /**
     * What the writer has done so far: {@code [transactions, games]} committed (games / transactions
     * is the average batch).
     */
    public long[] writerCounts() {
        synchronized (writerLock) {
            return writer == null ? new long[2] : new long[] {writer.transactions(), writer.committed()};
        }
    }

    /** The writer thread's nice value once it lowered its priority ({@link #WRITER_NICE}), or {@code null}: not lowered. */
    private volatile Integer writerNice;

    /**
     * What the writer has done so far, in one line for a person: games, transactions, the largest batch,
     * the most games that waited at once, how long a game waited from being handed in until its commit
     * ended (mean, longest, how many over 100 ms and over 1 s), and the writer thread's CPU time a game (which
     * includes what ran on the games' completion: a server hands that to a thread of its own); {@code null} if the
     * writer never ran.
     */
    public String writerReport() {
        org.boardlab.store.internal.GroupCommitter.Stats s;
        Integer nice;
        synchronized (writerLock) {
            if (writer == null) {
                return null;
            }
            s = writer.stats();
            nice = writerNice;
        }
        StringBuilder b = new StringBuilder();
        b.append(String.format(java.util.Locale.ROOT, "%,d game%s in %,d transaction%s (%.1f a transaction, at most %d), at most %,d waiting; "
                + "a game committed %.0f ms after it was handed in on average, at most %,.0f ms (%,d over 100 ms, %,d over 1 s)",
                s.committed(), s.committed() == 1 ? "" : "s", s.transactions(), s.transactions() == 1 ? "" : "s",
                s.transactions() == 0 ? 0.0 : (double) s.committed() / s.transactions(), s.largestBatch(), s.mostWaiting(), s.meanWaitMs(),
                s.longestWaitMs(), s.over100ms(), s.over1s()));
        if (s.cpuMs() >= 0 && s.committed() > 0) {
            b.append(String.format(java.util.Locale.ROOT, "; the writer's CPU %.3f ms a game", s.cpuMs() / s.committed()));
        }
        b.append(nice == null ? "; its priority as the process's" : "; at nice " + nice);
        return b.toString();
    }

    private org.boardlab.store.internal.GroupCommitter<FinishedGame, Long> writer() {
        synchronized (writerLock) {
            if (writer == null) {
                if (closed) {
                    return null;
                }
                // a failed batch's games are committed again one by one through the same checked commit (writeBatch)
                writer = new org.boardlab.store.internal.GroupCommitter<>(url(), this::writeBatch, g -> writeBatch(List.of(g)).get(0), WRITER_QUEUE,
                        WRITER_BATCH, () -> writerNice = org.boardlab.store.internal.WriterPriority.lower(WRITER_NICE));
            }
            return writer;
        }
    }

    /**
     * The writer's own connection and statements, kept from one batch to the next (so that the
     * database does not parse the same SQL for every transaction); touched only on the writer's
     * thread, and by {@link #close} once the writer has ended.
     */
    private volatile WriterSession writerSession;

    /** A connection in manual commit with an {@link Inserter} on it, for the writer's batches. */
    private final class WriterSession implements AutoCloseable {
        final Connection c;
        final Inserter in;
        PreparedStatement lock;

        /** PostgreSQL: the server process that serves this connection, and when it started (its pid alone may be reused); else 0, {@code null}. */
        int backendPid;
        OffsetDateTime backendStart;

        WriterSession(Connection c) throws SQLException {
            this.c = c;
            try {
                if (db.postgres()) {
                    // what a failed commit waits for to end before it asks whether the batch is there (committedAllTheSame)
                    try (Statement s = c.createStatement();
                            ResultSet r = s.executeQuery("SELECT pid, backend_start FROM pg_stat_activity WHERE pid = pg_backend_pid()")) {
                        if (r.next()) {
                            backendPid = r.getInt(1);
                            backendStart = r.getObject(2, OffsetDateTime.class);
                        }
                    }
                }
                c.setAutoCommit(false);
            } catch (SQLException | RuntimeException e) {
                try {
                    c.close();
                } catch (SQLException suppressed) {
                    e.addSuppressed(suppressed);
                }
                throw e;
            }
            this.in = new Inserter(c, new Ladders.Cache());
        }

        @Override
        public void close() {
            try {
                in.close();
                if (lock != null) {
                    lock.close();
                }
            } catch (SQLException ignored) {
                // closing anyway
            }
            try {
                c.rollback();
                c.setAutoCommit(true);
            } catch (SQLException ignored) {
                // a broken connection: the pool drops it
            }
            try {
                c.close();
            } catch (SQLException ignored) {
                // already gone
            }
        }
    }

    /**
     * The writer's batch ({@link #saveGames} on the writer's own connection, its statements prepared
     * once): one transaction, committed before it returns; rolled back when anything fails, and
     * the connection then given back (a new one for the next batch).
     */
    private List<Long> writeBatch(List<FinishedGame> games) {
        // on H2 the one transaction that writes, from before its first statement until after its commit or its
        // rollback (a rollback writes a chunk too): Database's class says why
        try (Database.Held held = db.holdWrites()) {
            List<Long> ids = writeBatchOnce(games);
            if (ids == null) {
                ids = writeBatchOnce(games); // its commit was lost and did not happen: once more, on a new connection
            }
            if (ids == null) {
                throw lostCommit; // lost twice: the writer commits the games again one by one (or fails a lone one)
            }
            return ids;
        }
    }

    /** The last commit that {@link #writeBatchOnce} found lost and not done (the writer's thread only). */
    private StoreException lostCommit;

    /**
     * One attempt at a batch: its ids once committed; {@code null} if its commit threw and the database
     * shows that it did not happen ({@link #committedAllTheSame}; the error in {@link #lostCommit}).
     */
    private List<Long> writeBatchOnce(List<FinishedGame> games) {
        WriterSession w = writerSession;
        try {
            if (w == null) {
                w = new WriterSession(db.connection());
                writerSession = w;
            }
            long ladderVersion = -1;
            if (games.stream().anyMatch(Ladders::rated)) {
                if (w.lock == null) {
                    w.lock = w.c.prepareStatement(Ladders.LOCK);
                }
                ladderVersion = Ladders.lock(w.lock); // first, before any other lock (see Ladders)
            }
            w.in.begin(ladderVersion);
            List<Long> ids = new ArrayList<>(games.size());
            for (FinishedGame g : games) {
                ids.add(w.in.insert(g));
            }
            w.in.finish();
            try {
                w.c.commit();
            } catch (SQLException e) {
                if (!connectionLost(e)) {
                    throw e; // the database refused the commit: not committed
                }
                WriterSession lost = w;
                dropWriterSession(lost);
                w = null; // dropped: not again below
                return committedAllTheSame(lost, ids, e);
            }
            afterCommit(w, ids.size());
            return ids;
        } catch (SQLException e) {
            dropWriterSession(w);
            throw db.translate(e);
        } catch (RuntimeException | Error e) {
            dropWriterSession(w);
            throw e;
        }
    }

    /**
     * What a batch does once its transaction has committed: the ladder's cache keeps what it wrote, and
     * the statements are made ready for the next batch. A failure here must not fail the batch: its games
     * are stored, and a batch that throws is committed again game by game by the writer (each game would
     * be stored twice, and rated twice). So it is logged, and the writer's session (its connection, its
     * statements and the ladder's cache, which may be half updated) is dropped: the next batch starts
     * afresh on a new connection.
     */
    private void afterCommit(WriterSession w, int games) {
        try {
            Runnable fault = afterWriterCommit;
            if (fault != null) {
                fault.run();
            }
            w.in.committed();
            w.in.reset();
        } catch (SQLException | RuntimeException e) {
            LOG.log(java.util.logging.Level.WARNING, "the store writer of " + url() + " committed " + games
                    + " games, then failed to make its connection ready for the next batch (a new one is taken): " + e, e);
            dropWriterSession(w);
        }
    }

    /** How long a failed commit goes on asking whether its games are there (the database unreachable meanwhile). */
    static final long COMMIT_CHECK_MS = 20_000;
    /** How long a failed commit waits on PostgreSQL for its server process to end by itself before it ends it. */
    static final long COMMIT_BACKEND_WAIT_MS = 5_000;

    /**
     * A batch's commit threw: it may have happened all the same. A PostgreSQL connection lost in the middle
     * of {@code COMMIT} (the server committed, its answer never arrived) throws exactly as one lost before
     * it; committing the batch again would store (and rate) each game twice, or refuse a scheduled game's
     * result as already stored. So the writer asks the database, on a new connection, whether the batch's
     * games are there, by the ids the database gave them in the transaction (an id is handed out once,
     * whether its transaction commits or not: a row with it is this batch's game, and one transaction's rows
     * are all there or none). On PostgreSQL it first waits for the server process that ran the transaction
     * to end (it may still be committing; ended, its transaction has committed or rolled back for good),
     * after {@link #COMMIT_BACKEND_WAIT_MS} ending it ({@code pg_terminate_backend}: a process inside its
     * commit ends only after it).
     *
     * @return the ids, if every game is there (the commit happened); {@code null} if none is (it did not: the
     *         batch is committed again), with the commit's error in {@link #lostCommit}
     * @throws StoreException a {@code CommitOutcomeUnknown} if that cannot be told (not committed again)
     */
    private List<Long> committedAllTheSame(WriterSession w, List<Long> ids, SQLException failure) {
        StoreException commitError = db.translate(failure);
        long start = System.nanoTime();
        boolean terminated = false;
        StoreException last = null;
        while (true) {
            long waited = (System.nanoTime() - start) / 1_000_000;
            if (waited > COMMIT_CHECK_MS) {
                throw new org.boardlab.store.internal.CommitOutcomeUnknown("the commit of " + ids.size() + (ids.size() == 1 ? " game" : " games")
                        + " to " + url() + " failed (" + commitError.getMessage() + "), and whether the database has them could not be told in "
                        + COMMIT_CHECK_MS / 1000 + " s (" + (last == null ? "its server process did not end" : last.getMessage())
                        + "): they were not stored again; look for them (boardlab games) before storing them again", failure);
            }
            Integer found;
            try {
                boolean endTheBackend = !terminated && waited > COMMIT_BACKEND_WAIT_MS;
                terminated |= endTheBackend;
                found = db.call(c -> {
                    if (w.backendStart != null && backendRuns(c, w, endTheBackend)) {
                        return null; // its transaction may still commit: ask again
                    }
                    return present(c, ids);
                });
            } catch (StoreException e) {
                last = e; // not reachable yet
                found = null;
            }
            if (found == null) {
                try {
                    Thread.sleep(last == null ? 20 : 250);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw commitError;
                }
                continue;
            }
            if (found == 0) {
                LOG.warning(() -> "the commit of " + ids.size() + (ids.size() == 1 ? " game" : " games") + " to " + url() + " failed ("
                        + commitError.getMessage() + "), and the database does not have them: committing them again");
                lostCommit = commitError;
                return null; // not committed: committed again
            }
            if (found < ids.size()) {
                throw new org.boardlab.store.internal.CommitOutcomeUnknown("the commit of " + ids.size() + " games to " + url() + " failed ("
                        + commitError.getMessage() + "), and the database has " + found + " of them: they were not stored again", failure);
            }
            LOG.warning(() -> "the commit of " + ids.size() + (ids.size() == 1 ? " game" : " games") + " to " + url() + " failed ("
                    + commitError.getMessage() + "), but the database has them: the commit happened; stored once, not again");
            return ids;
        }
    }

    /**
     * Whether {@code e} says that the connection was lost (so a commit may have happened all the same):
     * PostgreSQL's connection errors (class 08) and its server process ended by the server (57P01-57P03);
     * H2's connection to another process's server broken (90067). Any other error of a commit is the
     * database refusing it: not committed.
     */
    private boolean connectionLost(SQLException e) {
        String state = e.getSQLState() == null ? "" : e.getSQLState();
        if (db.postgres()) {
            return state.startsWith("08") || state.startsWith("57P");
        }
        return e.getErrorCode() == 90067;
    }

    /** Whether the PostgreSQL server process of the writer's lost connection still runs; ends it first if {@code end}. */
    private static boolean backendRuns(Connection c, WriterSession w, boolean end) throws SQLException {
        try (PreparedStatement p = c.prepareStatement((end ? "SELECT pg_terminate_backend(pid)" : "SELECT pid")
                + " FROM pg_stat_activity WHERE pid = ? AND backend_start = ?")) {
            p.setInt(1, w.backendPid);
            p.setObject(2, w.backendStart);
            try (ResultSet r = p.executeQuery()) {
                return r.next();
            }
        }
    }

    /** How many of the games {@code ids} are stored. */
    private static int present(Connection c, List<Long> ids) throws SQLException {
        StringBuilder sql = new StringBuilder("SELECT COUNT(*) FROM games WHERE id IN (");
        for (int k = 0; k < ids.size(); k++) {
            sql.append(k == 0 ? "?" : ", ?");
        }
        try (PreparedStatement p = c.prepareStatement(sql.append(')').toString())) {
            for (int k = 0; k < ids.size(); k++) {
                p.setLong(k + 1, ids.get(k));
            }
            try (ResultSet r = p.executeQuery()) {
                r.next();
                return r.getInt(1);
            }
        }
    }

    /** For tests: run by the writer after a batch's commit, before its session is made ready for the next batch. */
    static volatile Runnable afterWriterCommit;

    /** After a failed batch: rolled back, and the connection given back (the next batch takes a new one). */
    private void dropWriterSession(WriterSession w) {
        if (w != null) {
            writerSession = null;
            w.close();
        }
    }

    private long insertGame(Connection c, FinishedGame g) throws SQLException {
        if (Ladders.rated(g)) {
            Ladders.lock(c); // first, before any other lock (see Ladders)
        }
        try (Inserter in = new Inserter(c)) {
            long id = in.insert(g);
            in.finish();
            return id;
        }
    }

    /**
     * Writes games on one connection, inside the caller's transaction, each statement prepared once
     * for all of them. A game is one {@code games} row: its moves are in it, one array per field
     * ({@code move_sides}, {@code move_notations}, ...; element i is ply i), not one row per ply
     * (migration 3: the rows per ply were most of what a game cost to store).
     */
    private final class Inserter implements AutoCloseable {
        private final Connection c;
        /** The ladder's entries kept from one transaction to the next (the writer's), or {@code null}. */
        private final Ladders.Cache ladderCache;
        /** The ladder's version read under its lock in this transaction ({@link #begin}), or -1. */
        private long ladderVersion = -1;
        private PreparedStatement scheduledCheck;
        private PreparedStatement gameInsert;
        private PreparedStatement scheduledDone;
        private Ladders.Session ladder;
        /** Scheduled games marked done in this transaction, by tournament: counted in {@link #finish}. */
        private final java.util.TreeMap<Long, Integer> done = new java.util.TreeMap<>();

        Inserter(Connection c) {
            this(c, null);
        }

        Inserter(Connection c, Ladders.Cache ladderCache) {
            this.c = c;
            this.ladderCache = ladderCache;
        }

        /** A transaction begins: {@code ladderVersion} is what {@link Ladders#lock} returned in it (-1: not locked). */
        void begin(long ladderVersion) {
            this.ladderVersion = ladderVersion;
        }

        /** The transaction committed: the ladder's cache keeps what it wrote. */
        void committed() {
            if (ladder != null) {
                ladder.committed(); // nothing unless it was told the version and wrote the ladder
            }
        }

        /**
         * Writes what waits (the ladder's changes, the tournaments' counts of done games); call it
         * before the commit. The counts' rows are locked last, by tournament id, after every
         * scheduled game's row (and the ladder's lock first): two transactions cannot wait on each
         * other for them.
         */
        void finish() throws SQLException {
            if (ladder != null) {
                ladder.flush();
            }
            for (Map.Entry<Long, Integer> e : done.entrySet()) {
                count(c, e.getKey(), 0, e.getValue());
            }
            done.clear();
        }

        /** Ready for the connection's next transaction, with the same statements. */
        void reset() throws SQLException {
            if (ladder != null) {
                ladder.reset();
            }
            done.clear();
            ladderVersion = -1;
        }

        @Override
        public void close() throws SQLException {
            for (PreparedStatement p : new PreparedStatement[] {scheduledCheck, gameInsert, scheduledDone}) {
                if (p != null) {
                    p.close();
                }
            }
            if (ladder != null) {
                ladder.close();
            }
        }

        /** Writes one game with its moves; for a scheduled game, checks and marks it. */
        long insert(FinishedGame g) throws SQLException {
            if (g.scheduledId() != null) {
                if (scheduledCheck == null) {
                    scheduledCheck = c.prepareStatement("SELECT state, game_id, tournament_id FROM scheduled_games WHERE id = ? FOR UPDATE");
                }
                scheduledCheck.setLong(1, g.scheduledId());
                try (ResultSet r = scheduledCheck.executeQuery()) {
                    if (!r.next()) {
                        throw new StoreException("there is no scheduled game " + g.scheduledId() + " in " + url());
                    }
                    if ("done".equals(r.getString(1))) {
                        throw new AlreadyStoredException(g.scheduledId(), r.getLong(2));
                    }
                    done.merge(r.getLong(3), 1, Integer::sum); // counted in finish(), with this transaction
                }
            }
            if (gameInsert == null) {
                gameInsert = c.prepareStatement("INSERT INTO games (game, options, origin, tournament_id, scheduled_id, "
                        + "first_name, first_player, first_bundle, first_version, first_hash, second_name, second_player, second_bundle, "
                        + "second_version, second_hash, started_at, ended_at, winner, ending, result, first_score, second_score, "
                        + "first_time_ms, second_time_ms, plies, opening_plies, move_sides, move_notations, move_elapsed_us, "
                        + "move_thinking_us, move_network_us, move_clock_used_ms, move_clock_left_ms) "
                        + "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                        Statement.RETURN_GENERATED_KEYS);
            }
            PreparedStatement p = gameInsert;
            int i = 1;
            p.setString(i++, g.game());
            p.setString(i++, g.options());
            p.setString(i++, g.origin());
            setLong(p, i++, g.tournamentId());
            setLong(p, i++, g.scheduledId());
            i = seat(p, i, g.first());
            i = seat(p, i, g.second());
            p.setObject(i++, time(g.startedAt()));
            p.setObject(i++, time(g.endedAt()));
            if (g.winner() == null) {
                p.setNull(i++, Types.SMALLINT);
            } else {
                p.setShort(i++, g.winner().shortValue());
            }
            p.setString(i++, g.ending());
            p.setString(i++, cut(g.result(), 2000));
            p.setInt(i++, g.firstScore());
            p.setInt(i++, g.secondScore());
            p.setLong(i++, g.firstTimeMs());
            p.setLong(i++, g.secondTimeMs());
            p.setInt(i++, g.plies());
            p.setInt(i++, g.openingPlies());
            moveArrays(c, p, i, g.moves());
            p.executeUpdate();
            long id;
            try (ResultSet keys = p.getGeneratedKeys()) {
                keys.next();
                id = keys.getLong(1);
            }
            if (g.scheduledId() != null) {
                if (scheduledDone == null) {
                    // the result's few fields go into the queue's row too (migration 7), so that a resumed
                    // tournament reads its results from scheduled_games alone, never the games' whole rows
                    scheduledDone = c.prepareStatement("UPDATE scheduled_games SET state = 'done', game_id = ?, lease_until = NULL, "
                            + "winner = ?, ending = ?, result = ?, plies = ? WHERE id = ?");
                }
                scheduledDone.setLong(1, id);
                if (g.winner() == null) {
                    scheduledDone.setNull(2, Types.SMALLINT);
                } else {
                    scheduledDone.setShort(2, g.winner().shortValue());
                }
                scheduledDone.setString(3, g.ending());
                scheduledDone.setString(4, cut(g.result(), 2000));
                scheduledDone.setInt(5, g.plies());
                scheduledDone.setLong(6, g.scheduledId());
                scheduledDone.executeUpdate();
            }
            if (Ladders.rated(g)) {
                if (ladder == null) {
                    ladder = new Ladders.Session(c, ladderCache);
                }
                if (ladderVersion >= 0) {
                    ladder.begin(ladderVersion);
                }
                ladder.rate(g, id); // the lab ladder, in the game's own transaction: rated once, or not stored at all
            }
            return id;
        }
    }

    /**
     * Sets the seven move arrays of a games row from parameter {@code i} on. The moves must be plies
     * 1, 2, 3, ... in order (the array's index is the ply).
     */
    private void moveArrays(Connection c, PreparedStatement p, int i, List<StoredMove> moves) throws SQLException {
        int n = moves.size();
        Short[] sides = new Short[n];
        String[] notations = new String[n];
        Long[] elapsed = new Long[n];
        Long[] thinking = new Long[n];
        Long[] network = new Long[n];
        Long[] used = new Long[n];
        Long[] left = new Long[n];
        for (int k = 0; k < n; k++) {
            StoredMove m = moves.get(k);
            if (m.ply() != k + 1) {
                throw new StoreException("a game's moves are stored as plies 1, 2, 3, ... in order; move " + (k + 1) + " ("
                        + m.notation() + ") says ply " + m.ply() + "; nothing was stored in " + url());
            }
            if (m.notation().length() > 64) {
                throw new StoreException("a move's notation has at most 64 characters, not " + m.notation().length() + " (ply " + m.ply()
                        + "); nothing was stored in " + url());
            }
            sides[k] = (short) m.side();
            notations[k] = m.notation();
            elapsed[k] = m.elapsedUs();
            thinking[k] = m.thinkingUs();
            network[k] = m.networkUs();
            used[k] = m.clockUsedMs();
            left[k] = m.clockLeftMs();
        }
        array(c, p, i++, "SMALLINT", sides);
        array(c, p, i++, "VARCHAR", notations);
        array(c, p, i++, "BIGINT", elapsed);
        array(c, p, i++, "BIGINT", thinking);
        array(c, p, i++, "BIGINT", network);
        array(c, p, i++, "BIGINT", used);
        array(c, p, i, "BIGINT", left);
    }

    /**
     * Sets an array parameter. H2 takes the Java array itself: its {@code createArrayOf} and
     * {@code setArray} convert every element to H2's values, back to Java objects and to values
     * again, which was a third of the store's CPU when a server stored 270 games a second (seven
     * arrays of each game's moves); PostgreSQL's driver is given a {@link java.sql.Array} as JDBC
     * asks.
     */
    private void array(Connection c, PreparedStatement p, int i, String type, Object[] elements) throws SQLException {
        if (!db.postgres()) {
            p.setObject(i, elements, Types.ARRAY);
        } else {
            p.setArray(i, c.createArrayOf(type, elements));
        }
    }

    /**
     * Stores the finished game a journal holds ({@link #saveGame}), each side's seat found by its
     * name in the registry ({@link Seats#ofName}).
     *
     * @param origin where it was played: {@code match}, {@code server}, {@code workbench}, ...
     * @return the stored game's id
     */
    public long record(org.boardlab.core.MatchJournal journal, String origin, org.boardlab.core.Registry registry) {
        List<String> names = journal.players();
        return saveGame(FinishedGame.of(journal, origin, Seats.ofName(registry, names.get(0)), Seats.ofName(registry, names.get(1))));
    }

    private static int seat(PreparedStatement p, int i, Seat s) throws SQLException {
        p.setString(i++, cut(s.name(), 200));
        p.setString(i++, cut(s.player(), 200));
        p.setString(i++, s.bundle());
        p.setString(i++, s.version());
        p.setString(i++, s.hash());
        return i;
    }

    private static final String GAME_COLUMNS = "g.id, g.game, g.options, g.origin, g.tournament_id, g.scheduled_id, g.first_name, "
            + "g.first_player, g.first_bundle, g.first_version, g.first_hash, g.second_name, g.second_player, g.second_bundle, "
            + "g.second_version, g.second_hash, g.started_at, g.ended_at, g.winner, g.ending, g.result, g.first_score, g.second_score, "
            + "g.first_time_ms, g.second_time_ms, g.plies, g.opening_plies";

    /** The game with this id, with its moves, or empty. */
    public Optional<StoredGame> game(long id) {
        return db.call(c -> {
            StoredGame found;
            try (PreparedStatement p = c.prepareStatement("SELECT " + GAME_COLUMNS + " FROM games g WHERE g.id = ?")) {
                p.setLong(1, id);
                try (ResultSet r = p.executeQuery()) {
                    if (!r.next()) {
                        return Optional.<StoredGame>empty();
                    }
                    found = readGame(r);
                }
            }
            return Optional.of(new StoredGame(id, found.game().withMoves(moves(c, id))));
        });
    }

    private static List<StoredMove> moves(Connection c, long id) throws SQLException {
        try (PreparedStatement p = c.prepareStatement("SELECT move_sides, move_notations, move_elapsed_us, move_thinking_us, "
                + "move_network_us, move_clock_used_ms, move_clock_left_ms FROM games WHERE id = ?")) {
            p.setLong(1, id);
            try (ResultSet r = p.executeQuery()) {
                if (!r.next()) {
                    return List.of();
                }
                Object[][] a = new Object[7][];
                for (int k = 0; k < 7; k++) {
                    java.sql.Array array = r.getArray(k + 1);
                    a[k] = array == null ? new Object[0] : (Object[]) array.getArray();
                }
                List<StoredMove> moves = new ArrayList<>(a[1].length);
                for (int k = 0; k < a[1].length; k++) {
                    moves.add(new StoredMove(k + 1, ((Number) a[0][k]).intValue(), (String) a[1][k], ((Number) a[2][k]).longValue(),
                            ((Number) a[3][k]).longValue(), ((Number) a[4][k]).longValue(), ((Number) a[5][k]).longValue(),
                            a[6][k] == null ? null : ((Number) a[6][k]).longValue()));
                }
                return moves;
            }
        }
    }

    /** The games {@code q} selects, newest first, without their moves ({@link #game} has them). */
    public List<StoredGame> games(GameQuery q) {
        StringBuilder sql = new StringBuilder("SELECT " + GAME_COLUMNS + " FROM games g WHERE 1 = 1");
        List<Object> args = new ArrayList<>();
        if (q.tournament() != null) {
            sql.append(" AND g.tournament_id = (SELECT t.id FROM tournaments t WHERE t.name = ?)");
            args.add(q.tournament());
        }
        if (q.player() != null) {
            sql.append(" AND (g.first_player = ? OR g.second_player = ? OR g.first_name = ? OR g.second_name = ?)");
            for (int k = 0; k < 4; k++) {
                args.add(q.player());
            }
        }
        if (q.game() != null) {
            sql.append(" AND g.game = ?");
            args.add(q.game());
        }
        if (q.since() != null) {
            sql.append(" AND g.ended_at >= ?");
            args.add(time(q.since()));
        }
        if (q.until() != null) {
            sql.append(" AND g.ended_at < ?");
            args.add(time(q.until()));
        }
        if (q.result() != null) {
            switch (q.result()) {
                case "win" -> sql.append(" AND g.winner IS NOT NULL");
                case "draw" -> sql.append(" AND g.winner IS NULL AND g.ending <> 'aborted'");
                case "forfeit" -> sql.append(" AND g.ending IN ('illegal_move', 'out_of_turn', 'timeout', 'error')");
                default -> {
                    sql.append(" AND g.ending = ?");
                    args.add(q.result());
                }
            }
        }
        sql.append(" ORDER BY g.id DESC");
        if (q.limit() > 0) {
            sql.append(" FETCH FIRST ").append(q.limit()).append(" ROWS ONLY");
        }
        return db.call(c -> {
            List<StoredGame> out = new ArrayList<>();
            try (PreparedStatement p = c.prepareStatement(sql.toString())) {
                for (int i = 0; i < args.size(); i++) {
                    p.setObject(i + 1, args.get(i));
                }
                try (ResultSet r = p.executeQuery()) {
                    while (r.next()) {
                        out.add(readGame(r));
                    }
                }
            }
            return out;
        });
    }

    /** How many games are stored. */
    public long countGames() {
        return db.call(c -> {
            try (Statement s = c.createStatement(); ResultSet r = s.executeQuery("SELECT COUNT(*) FROM games")) {
                r.next();
                return r.getLong(1);
            }
        });
    }

    private static StoredGame readGame(ResultSet r) throws SQLException {
        long id = r.getLong(1);
        Seat first = new Seat(r.getString(7), r.getString(8), r.getString(9), r.getString(10), r.getString(11));
        Seat second = new Seat(r.getString(12), r.getString(13), r.getString(14), r.getString(15), r.getString(16));
        short w = r.getShort(19);
        Integer winner = r.wasNull() ? null : (int) w;
        FinishedGame g = new FinishedGame(r.getString(2), r.getString(3), r.getString(4), getLong(r, 5), getLong(r, 6), first, second,
                instant(r, 17), instant(r, 18), winner, r.getString(20), r.getString(21), r.getInt(22), r.getInt(23), r.getLong(24),
                r.getLong(25), r.getInt(26), r.getInt(27), List.of());
        return new StoredGame(id, g);
    }

    // ---------------------------------------------------------------- tournaments, pairings, the queue

    /**
     * Creates a tournament, status {@code running}.
     *
     * @param settings         the tournament's own text (JSON), compared when it is run again
     * @param timePerMoveMs    the time per move, or 0 with a clock
     * @param clockBaseMs      the clock's base time, or 0 without a clock
     * @param clockIncrementMs the clock's increment, or 0
     * @throws StoreException if one of that name exists
     */
    public Tournament createTournament(String name, String game, String options, String settings, long timePerMoveMs,
            long clockBaseMs, long clockIncrementMs) {
        return db.transaction(c -> {
            if (tournament(c, name).isPresent()) {
                throw new StoreException("a tournament named '" + name + "' already exists in " + url());
            }
            try (PreparedStatement p = c.prepareStatement("INSERT INTO tournaments (name, game, options, settings, time_per_move_ms, "
                    + "clock_base_ms, clock_increment_ms, status, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, 'running', ?)")) {
                p.setString(1, name);
                p.setString(2, game);
                p.setString(3, options);
                p.setString(4, settings);
                p.setLong(5, timePerMoveMs);
                p.setLong(6, clockBaseMs);
                p.setLong(7, clockIncrementMs);
                p.setObject(8, time(Instant.now()));
                p.executeUpdate();
            }
            Tournament t = tournament(c, name).orElseThrow();
            try (PreparedStatement p = c.prepareStatement("INSERT INTO tournament_counts (tournament_id, games_scheduled, games_done) "
                    + "VALUES (?, 0, 0)")) {
                p.setLong(1, t.id());
                p.executeUpdate();
            }
            return t;
        });
    }

    /**
     * Adds to a tournament's counts ({@code tournament_counts}, migration 8) in the caller's
     * transaction: the counts change in the transaction that changes the queue, so they are what a
     * full count of its rows gives, after a {@code kill -9} too. A tournament without its counts' row
     * (not possible after migration 8; kept safe) gets one from a full count, which includes this
     * transaction's rows.
     */
    private static void count(Connection c, long tournamentId, int scheduled, int done) throws SQLException {
        try (PreparedStatement p = c.prepareStatement("UPDATE tournament_counts SET games_scheduled = games_scheduled + ?, "
                + "games_done = games_done + ? WHERE tournament_id = ?")) {
            p.setInt(1, scheduled);
            p.setInt(2, done);
            p.setLong(3, tournamentId);
            if (p.executeUpdate() == 1) {
                return;
            }
        }
        try (PreparedStatement p = c.prepareStatement("INSERT INTO tournament_counts (tournament_id, games_scheduled, games_done) "
                + "SELECT ?, (SELECT COUNT(*) FROM scheduled_games WHERE tournament_id = ?), "
                + "(SELECT COUNT(*) FROM scheduled_games WHERE tournament_id = ? AND state = 'done')")) {
            p.setLong(1, tournamentId);
            p.setLong(2, tournamentId);
            p.setLong(3, tournamentId);
            p.executeUpdate();
        }
    }

    /** The tournament named {@code name}, or empty. */
    public Optional<Tournament> tournament(String name) {
        return db.call(c -> tournament(c, name));
    }

    /** The tournament with this id, or empty. */
    public Optional<Tournament> tournament(long id) {
        return db.call(c -> {
            try (PreparedStatement p = c.prepareStatement("SELECT " + TOURNAMENT_COLUMNS + " FROM tournaments WHERE id = ?")) {
                p.setLong(1, id);
                try (ResultSet r = p.executeQuery()) {
                    return r.next() ? Optional.of(readTournament(r)) : Optional.empty();
                }
            }
        });
    }

    /** Every tournament, oldest first. */
    public List<Tournament> tournaments() {
        return db.call(c -> {
            List<Tournament> out = new ArrayList<>();
            try (Statement s = c.createStatement(); ResultSet r = s.executeQuery("SELECT " + TOURNAMENT_COLUMNS + " FROM tournaments ORDER BY id")) {
                while (r.next()) {
                    out.add(readTournament(r));
                }
            }
            return out;
        });
    }

    private static final String TOURNAMENT_COLUMNS = "id, name, game, options, settings, time_per_move_ms, clock_base_ms, "
            + "clock_increment_ms, status, created_at, finished_at";

    private static Optional<Tournament> tournament(Connection c, String name) throws SQLException {
        try (PreparedStatement p = c.prepareStatement("SELECT " + TOURNAMENT_COLUMNS + " FROM tournaments WHERE name = ?")) {
            p.setString(1, name);
            try (ResultSet r = p.executeQuery()) {
                return r.next() ? Optional.of(readTournament(r)) : Optional.empty();
            }
        }
    }

    private static Tournament readTournament(ResultSet r) throws SQLException {
        return new Tournament(r.getLong(1), r.getString(2), r.getString(3), r.getString(4), r.getString(5), r.getLong(6),
                r.getLong(7), r.getLong(8), r.getString(9), instant(r, 10), instant(r, 11));
    }

    /** Sets a tournament's status; {@code finished} also sets its finishing time. */
    public void setTournamentStatus(long tournamentId, String status) {
        db.transaction(c -> {
            try (PreparedStatement p = c.prepareStatement("UPDATE tournaments SET status = ?, finished_at = ? WHERE id = ?")) {
                p.setString(1, status);
                if ("finished".equals(status)) {
                    p.setObject(2, time(Instant.now()));
                } else {
                    p.setNull(2, Types.TIMESTAMP_WITH_TIMEZONE);
                }
                p.setLong(3, tournamentId);
                p.executeUpdate();
            }
            return null;
        });
    }

    /** Adds pairings (one transaction) and returns them with their ids. */
    public List<Pairing> addPairings(long tournamentId, List<Pairing> pairings) {
        return db.transaction(c -> {
            List<Pairing> out = new ArrayList<>();
            try (PreparedStatement p = c.prepareStatement("INSERT INTO pairings (tournament_id, round, number, first_player, "
                    + "second_player) VALUES (?, ?, ?, ?, ?)", Statement.RETURN_GENERATED_KEYS)) {
                for (Pairing x : pairings) {
                    p.setLong(1, tournamentId);
                    p.setInt(2, x.round());
                    p.setInt(3, x.number());
                    p.setString(4, x.firstPlayer());
                    p.setString(5, x.secondPlayer());
                    p.executeUpdate();
                    try (ResultSet k = p.getGeneratedKeys()) {
                        k.next();
                        out.add(new Pairing(k.getLong(1), tournamentId, x.round(), x.number(), x.firstPlayer(), x.secondPlayer()));
                    }
                }
            }
            return out;
        });
    }

    /** A tournament's pairings, by round and number. */
    public List<Pairing> pairings(long tournamentId) {
        return db.call(c -> {
            List<Pairing> out = new ArrayList<>();
            try (PreparedStatement p = c.prepareStatement("SELECT id, tournament_id, round, number, first_player, second_player "
                    + "FROM pairings WHERE tournament_id = ? ORDER BY round, number")) {
                p.setLong(1, tournamentId);
                try (ResultSet r = p.executeQuery()) {
                    while (r.next()) {
                        out.add(new Pairing(r.getLong(1), r.getLong(2), r.getInt(3), r.getInt(4), r.getString(5), r.getString(6)));
                    }
                }
            }
            return out;
        });
    }

    /**
     * Puts games in the queue (one transaction), state {@code queued}. A game whose {@code number}
     * the tournament already has is left out (so a resumed tournament may schedule a round again).
     *
     * @return how many were added
     */
    public int schedule(long tournamentId, List<GameToSchedule> games) {
        return db.transaction(c -> {
            java.util.Set<Integer> taken = new java.util.HashSet<>();
            try (PreparedStatement p = c.prepareStatement("SELECT number FROM scheduled_games WHERE tournament_id = ?")) {
                p.setLong(1, tournamentId);
                try (ResultSet r = p.executeQuery()) {
                    while (r.next()) {
                        taken.add(r.getInt(1));
                    }
                }
            }
            int added = 0;
            try (PreparedStatement p = c.prepareStatement("INSERT INTO scheduled_games (tournament_id, number, round, pairing, game, "
                    + "options, first_player, second_player, first_jar, second_jar, opening, time_control, seed, state, attempts) "
                    + "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'queued', 0)")) {
                for (GameToSchedule g : games) {
                    if (!taken.add(g.number())) {
                        continue;
                    }
                    p.setLong(1, tournamentId);
                    p.setInt(2, g.number());
                    p.setInt(3, g.round());
                    p.setInt(4, g.pairing());
                    p.setString(5, g.game());
                    p.setString(6, g.options());
                    p.setString(7, g.firstPlayer());
                    p.setString(8, g.secondPlayer());
                    p.setString(9, g.firstJar());
                    p.setString(10, g.secondJar());
                    p.setString(11, g.opening());
                    p.setString(12, g.timeControl());
                    p.setLong(13, g.seed());
                    p.addBatch();
                    added++;
                }
                if (added > 0) {
                    p.executeBatch();
                }
            }
            addTournamentJars(c, tournamentId, games);
            if (added > 0) {
                count(c, tournamentId, added, 0);
            }
            return added;
        });
    }

    /**
     * Records in {@code tournament_jars} each player and jar that {@code games} name and the
     * tournament does not have yet (migration 8): in the transaction that schedules them, so the table
     * always says which jars a tournament's scheduled games name.
     */
    private static void addTournamentJars(Connection c, long tournamentId, List<GameToSchedule> games) throws SQLException {
        java.util.Set<List<String>> named = new java.util.LinkedHashSet<>();
        for (GameToSchedule g : games) {
            if (g.firstJar() != null) {
                named.add(List.of(g.firstPlayer(), g.firstJar()));
            }
            if (g.secondJar() != null) {
                named.add(List.of(g.secondPlayer(), g.secondJar()));
            }
        }
        if (named.isEmpty()) {
            return;
        }
        named.removeAll(tournamentJars(c, tournamentId));
        if (named.isEmpty()) {
            return;
        }
        try (PreparedStatement p = c.prepareStatement("INSERT INTO tournament_jars (tournament_id, player, jar) VALUES (?, ?, ?)")) {
            for (List<String> pj : named) {
                p.setLong(1, tournamentId);
                p.setString(2, pj.get(0));
                p.setString(3, pj.get(1));
                p.addBatch();
            }
            p.executeBatch();
        }
    }

    /**
     * Each player of a tournament whose scheduled games name a jar, with that jar (SHA-256): one row
     * per player and jar, by player. Read from {@code tournament_jars} (written with the games), not
     * from the games: a resume checks them without reading its scheduled games.
     */
    public List<Map.Entry<String, String>> tournamentJars(long tournamentId) {
        return db.call(c -> {
            List<Map.Entry<String, String>> out = new ArrayList<>();
            for (List<String> pj : tournamentJars(c, tournamentId)) {
                out.add(Map.entry(pj.get(0), pj.get(1)));
            }
            return out;
        });
    }

    private static java.util.Set<List<String>> tournamentJars(Connection c, long tournamentId) throws SQLException {
        java.util.Set<List<String>> out = new java.util.LinkedHashSet<>();
        try (PreparedStatement p = c.prepareStatement("SELECT player, jar FROM tournament_jars WHERE tournament_id = ? ORDER BY player, jar")) {
            p.setLong(1, tournamentId);
            try (ResultSet r = p.executeQuery()) {
                while (r.next()) {
                    out.add(List.of(r.getString(1), r.getString(2)));
                }
            }
        }
        return out;
    }

    /**
     * What a tournament's queue holds, as a resume needs it before it plays, without reading the
     * rows of its games: how many games are scheduled and done (its counts, {@code tournament_counts},
     * kept in the transactions that change the queue), the leased ones whole (with their holders),
     * and the newest stored game's id (a game stored later has a higher one, see
     * {@link Store#queueState}). One snapshot of the three.
     *
     * @param scheduled  the games the tournament has scheduled
     * @param done       those with a result
     * @param leased     those someone holds (or held: a lease may have run out), by number
     * @param lastGameId the highest {@code games.id} in the database, 0 when it has none
     */
    public record QueueState(int scheduled, int done, List<ScheduledGame> leased, long lastGameId) {

        /** The games waiting to be taken. */
        public int queued() {
            return scheduled - done - leased.size();
        }
    }

    /**
     * The tournament's queue as a resume needs it ({@link QueueState}): two rows and the leased
     * games, through the queue's index ({@code scheduled_games_take}: state, tournament, number),
     * read in one {@code REPEATABLE READ} transaction. {@code lastGameId} tells the games stored after
     * this moment: their ids are higher. (Ids are handed out in the order rated games commit, under
     * the ladder's lock, and a tournament's games are rated; a game stored concurrently that is not
     * rated, such as a match of a player against itself, may take a higher id and commit first.)
     */
    public QueueState queueState(long tournamentId) {
        return db.snapshot(c -> {
            int scheduled = 0;
            int done = 0;
            try (PreparedStatement p = c.prepareStatement("SELECT games_scheduled, games_done FROM tournament_counts WHERE tournament_id = ?")) {
                p.setLong(1, tournamentId);
                try (ResultSet r = p.executeQuery()) {
                    if (r.next()) {
                        scheduled = r.getInt(1);
                        done = r.getInt(2);
                    }
                }
            }
            List<ScheduledGame> leased = new ArrayList<>();
            // on H2 named, so that H2 does not take the (tournament_id, number) index and read each of the tournament's rows for its state
            String take = db.postgres() ? "" : " USE INDEX (scheduled_games_take)";
            try (PreparedStatement p = c.prepareStatement("SELECT " + SCHEDULED_COLUMNS + " FROM scheduled_games s" + take
                    + " WHERE s.state = 'leased' AND s.tournament_id = ?")) {
                p.setLong(1, tournamentId);
                try (ResultSet r = p.executeQuery()) {
                    while (r.next()) {
                        leased.add(readScheduled(r));
                    }
                }
            }
            leased.sort(java.util.Comparator.comparingInt(g -> g.game().number()));
            long last;
            try (Statement st = c.createStatement(); ResultSet r = st.executeQuery("SELECT MAX(id) FROM games")) {
                r.next();
                last = r.getLong(1); // NULL (no game): 0
            }
            return new QueueState(scheduled, done, List.copyOf(leased), last);
        });
    }

    /**
     * Checks every tournament's queue against what its transactions write together, and repairs what
     * disagrees, in one transaction: a scheduled game whose game is stored ({@code games.scheduled_id})
     * but whose queue row is not done is marked done with that game's result (the game was played and
     * stored: its row is the proof); then each tournament's counts ({@code tournament_counts}: games
     * scheduled, games done) are set to what its rows give. One read of the queue's rows (all
     * tournaments') and one of the stored games that name a queue row not done.
     *
     * <p>Why: these are written in one transaction (a game, its queue row marked done, its tournament's
     * count), and on H2 a process killed at the wrong moment can leave part of a transaction of another
     * process that reached the database through {@code AUTO_SERVER} (the class {@code Database}; the
     * store's own transactions are whole, they write one at a time). {@link #open} calls it when the
     * process that had an H2 database open ended without closing it. A count too high made a
     * tournament's runner read its whole queue at every look for a game it could never find; too low,
     * a game stored elsewhere went unseen.
     *
     * @return one line per repair, in words (empty: nothing disagreed)
     */
    public List<String> repairTournamentQueues() {
        return db.transaction(c -> {
            List<String> repairs = new ArrayList<>();
            Map<Long, String> names = new java.util.HashMap<>();
            try (Statement st = c.createStatement(); ResultSet r = st.executeQuery("SELECT id, name FROM tournaments")) {
                while (r.next()) {
                    names.put(r.getLong(1), r.getString(2));
                }
            }
            List<Object[]> undone = new ArrayList<>();
            try (Statement st = c.createStatement(); ResultSet r = st.executeQuery("SELECT s.id, s.tournament_id, s.number, s.state, g.id, "
                    + "g.winner, g.ending, g.result, g.plies FROM scheduled_games s JOIN games g ON g.scheduled_id = s.id "
                    + "WHERE s.state <> 'done' ORDER BY s.id")) {
                while (r.next()) {
                    undone.add(new Object[] {r.getLong(1), r.getLong(2), r.getInt(3), r.getString(4), r.getLong(5), getLong(r, 6),
                            r.getString(7), r.getString(8), r.getInt(9)});
                }
            }
            if (!undone.isEmpty()) {
                try (PreparedStatement p = c.prepareStatement("UPDATE scheduled_games SET state = 'done', game_id = ?, lease_until = NULL, "
                        + "winner = ?, ending = ?, result = ?, plies = ? WHERE id = ?")) {
                    for (Object[] u : undone) {
                        p.setLong(1, (Long) u[4]);
                        setLong(p, 2, (Long) u[5]);
                        p.setString(3, (String) u[6]);
                        p.setString(4, (String) u[7]);
                        p.setInt(5, (Integer) u[8]);
                        p.setLong(6, (Long) u[0]);
                        p.addBatch();
                        repairs.add("tournament '" + names.get((Long) u[1]) + "': its game " + u[2] + " is stored (game " + u[4]
                                + ") but its queue row was " + u[3] + "; marked done");
                    }
                    p.executeBatch();
                }
            }
            Map<Long, long[]> rows = new java.util.TreeMap<>();
            try (Statement st = c.createStatement(); ResultSet r = st.executeQuery("SELECT tournament_id, COUNT(*), "
                    + "SUM(CASE WHEN state = 'done' THEN 1 ELSE 0 END) FROM scheduled_games GROUP BY tournament_id")) {
                while (r.next()) {
                    rows.put(r.getLong(1), new long[] {r.getLong(2), r.getLong(3)});
                }
            }
            Map<Long, long[]> counted = new java.util.TreeMap<>();
            try (Statement st = c.createStatement(); ResultSet r = st.executeQuery("SELECT tournament_id, games_scheduled, games_done "
                    + "FROM tournament_counts")) {
                while (r.next()) {
                    counted.put(r.getLong(1), new long[] {r.getLong(2), r.getLong(3)});
                }
            }
            java.util.Set<Long> ids = new java.util.TreeSet<>(rows.keySet());
            ids.addAll(counted.keySet());
            for (long id : ids) {
                long[] real = rows.getOrDefault(id, new long[2]);
                long[] count = counted.get(id);
                if (count != null && count[0] == real[0] && count[1] == real[1]) {
                    continue;
                }
                String sql = count == null
                        ? "INSERT INTO tournament_counts (games_scheduled, games_done, tournament_id) VALUES (?, ?, ?)"
                        : "UPDATE tournament_counts SET games_scheduled = ?, games_done = ? WHERE tournament_id = ?";
                try (PreparedStatement p = c.prepareStatement(sql)) {
                    p.setLong(1, real[0]);
                    p.setLong(2, real[1]);
                    p.setLong(3, id);
                    p.executeUpdate();
                }
                repairs.add("tournament '" + names.get(id) + "': " + (count == null ? "no counts"
                        : "counted " + count[0] + " games scheduled, " + count[1] + " done") + "; its queue holds " + real[0] + " scheduled, "
                        + real[1] + " done: counts set to the queue's");
            }
            return repairs;
        });
    }

    /**
     * Checks the lab ladder against the games stored, and repairs it, in one transaction that holds the
     * ladder's lock: the rating history's rows of a game that is not stored are deleted; each player's
     * {@code ladder} row is set to what its history says (its newest row's rating, the games counted, the
     * wins, draws and losses of those games; a row without history is deleted); a rated game stored after
     * the newest game with history rows, but without history rows itself, is rated now (in id order, as
     * the store rates). A database whose history is empty has nothing rated (games stored before schema 5
     * are not rated, and cannot be told from a game whose rating was torn off).
     *
     * <p>Why: a game, its ladder rows and its history rows are one transaction, and on H2 a process killed
     * at the wrong moment can leave part of a transaction of another process that reached the database
     * through {@code AUTO_SERVER} (the class {@code Database}): the game without its ratings, or the ratings
     * of a game that is not there. Only the last rating transaction can be torn so (they take the ladder's
     * lock one after the other, and the kill ends them all). {@link #open} calls it when the process that
     * had an H2 database open ended without closing it.
     *
     * @return one line per repair, in words (empty: nothing disagreed)
     */
    public List<String> repairLadder() {
        return db.transaction(c -> {
            Ladders.lock(c); // first, before any other lock (see Ladders)
            List<String> repairs = new ArrayList<>();
            List<Long> orphans = new ArrayList<>();
            try (Statement st = c.createStatement(); ResultSet r = st.executeQuery("SELECT DISTINCT game_id FROM ratings "
                    + "WHERE game_id NOT IN (SELECT id FROM games) ORDER BY game_id")) {
                while (r.next()) {
                    orphans.add(r.getLong(1));
                }
            }
            if (!orphans.isEmpty()) {
                int deleted;
                try (Statement st = c.createStatement()) {
                    deleted = st.executeUpdate("DELETE FROM ratings WHERE game_id NOT IN (SELECT id FROM games)");
                }
                repairs.add("the ladder: " + deleted + " rating rows of " + (orphans.size() == 1 ? "game " : "games ")
                        + joined(orphans) + ", which " + (orphans.size() == 1 ? "is" : "are") + " not stored; deleted");
            }
            Ladders.rebuildFromHistory(c, repairs);
            Long newest;
            try (Statement st = c.createStatement(); ResultSet r = st.executeQuery("SELECT MAX(game_id) FROM ratings")) {
                r.next();
                newest = getLong(r, 1);
            }
            if (newest != null) {
                List<Object[]> unrated = new ArrayList<>();
                try (PreparedStatement p = c.prepareStatement("SELECT id, game, tournament_id, first_name, first_player, second_name, "
                        + "second_player, started_at, ended_at, winner, ending, origin FROM games WHERE id > ? AND origin <> 'import' "
                        + "AND ending <> 'aborted' AND first_player <> second_player AND first_player <> '' AND second_player <> '' "
                        + "ORDER BY id")) { // Ladders.rated, in SQL
                    p.setLong(1, newest);
                    try (ResultSet r = p.executeQuery()) {
                        while (r.next()) {
                            Integer winner = r.getObject(10) == null ? null : r.getInt(10);
                            FinishedGame g = new FinishedGame(r.getString(2), "", r.getString(12), getLong(r, 3), null,
                                    new Seat(r.getString(4), r.getString(5), null, null, null),
                                    new Seat(r.getString(6), r.getString(7), null, null, null), instant(r, 8), instant(r, 9), winner,
                                    r.getString(11), "", 0, 0, 0, 0, 0, 0, List.of());
                            unrated.add(new Object[] {r.getLong(1), g});
                        }
                    }
                }
                if (!unrated.isEmpty()) {
                    try (Ladders.Session ladder = new Ladders.Session(c)) {
                        for (Object[] u : unrated) {
                            FinishedGame g = (FinishedGame) u[1];
                            ladder.rate(g, (Long) u[0]);
                            repairs.add("the ladder: game " + u[0] + " (" + g.game() + ", '" + g.first().player() + "' against '"
                                    + g.second().player() + "') is stored but was not rated; rated now");
                        }
                        ladder.flush();
                    }
                }
            }
            if (!repairs.isEmpty()) {
                try (Statement st = c.createStatement()) {
                    st.executeUpdate("UPDATE ladder_lock SET changes = changes + 1 WHERE id = 1"); // other writers' kept entries are stale
                }
            }
            return repairs;
        });
    }

    private static String joined(List<Long> ids) {
        StringBuilder b = new StringBuilder();
        for (int k = 0; k < ids.size(); k++) {
            b.append(k == 0 ? "" : k == ids.size() - 1 ? " and " : ", ").append(ids.get(k));
        }
        return b.toString();
    }

    /**
     * A tournament's scheduled games, by number, each with its result once done. Reads only the
     * queue's rows: a done row keeps its game's winner, ending, result and plies (written with the
     * game, in its transaction; migration 7 filled them for games stored before), so a tournament of
     * 100,000 games resumes without reading a single {@code games} row.
     */
    public List<ScheduledGame> scheduled(long tournamentId) {
        return db.call(c -> {
            List<ScheduledGame> out = new ArrayList<>();
            // no ORDER BY: H2 sorted the rows in a temporary result, which beyond 40,000 rows it writes to a file of its own
            // (a third of a 66,000-row read's time, TournamentScale); sorted here instead, in memory (the rows come nearly in order)
            String from = db.postgres() || !mostOfTheQueue(c, tournamentId) ? "scheduled_games s" : "scheduled_games s USE INDEX ()";
            try (PreparedStatement p = c.prepareStatement("SELECT " + SCHEDULED_COLUMNS + " FROM " + from + " WHERE s.tournament_id = ?")) {
                p.setLong(1, tournamentId);
                try (ResultSet r = p.executeQuery()) {
                    while (r.next()) {
                        out.add(readScheduled(r));
                    }
                }
            }
            out.sort(java.util.Comparator.comparingInt(g -> g.game().number()));
            return out;
        });
    }

    /**
     * On H2, whether the tournament's scheduled games are at least half of the queue's rows (all tournaments'),
     * by its count ({@code tournament_counts}) and the table's (H2 keeps it: no row is read). Then its rows are
     * read by the table itself ({@code USE INDEX ()}): through the (tournament_id, number) index H2 looks up each
     * row in the table on its own, which took half of a big tournament's read. For a tournament that is a small
     * part of the queue the index reads its rows alone, where the table scan read every tournament's.
     */
    private static boolean mostOfTheQueue(Connection c, long tournamentId) throws SQLException {
        long mine = 0;
        try (PreparedStatement p = c.prepareStatement("SELECT games_scheduled FROM tournament_counts WHERE tournament_id = ?")) {
            p.setLong(1, tournamentId);
            try (ResultSet r = p.executeQuery()) {
                if (r.next()) {
                    mine = r.getLong(1);
                }
            }
        }
        long all;
        try (Statement st = c.createStatement(); ResultSet r = st.executeQuery("SELECT COUNT(*) FROM scheduled_games")) {
            r.next();
            all = r.getLong(1);
        }
        return mine * 2 >= all;
    }

    /**
     * Game {@code number} of a tournament's queue, with its result once done, or empty: one row, through
     * the queue's (tournament_id, number) key.
     */
    public Optional<ScheduledGame> scheduledGame(long tournamentId, int number) {
        return db.call(c -> {
            try (PreparedStatement p = c.prepareStatement("SELECT " + SCHEDULED_COLUMNS + " FROM scheduled_games s"
                    + " WHERE s.tournament_id = ? AND s.number = ?")) {
                p.setLong(1, tournamentId);
                p.setInt(2, number);
                try (ResultSet r = p.executeQuery()) {
                    return r.next() ? Optional.of(readScheduled(r)) : Optional.<ScheduledGame>empty();
                }
            }
        });
    }

    /**
     * A tournament's games stored in a range of {@code games} ids, with its count of done games and
     * the newest stored game's id, read in one {@code REPEATABLE READ} transaction
     * ({@link #doneSince}).
     *
     * @param games      the tournament's done scheduled games whose stored game's id is in the range, each with its result
     * @param done       how many of the tournament's scheduled games are done (its count, {@code tournament_counts})
     * @param lastGameId the highest {@code games.id} in the database, 0 when it has none
     */
    public record DoneSince(List<ScheduledGame> games, int done, long lastGameId) {
    }

    /**
     * The done games of a tournament whose stored game's id is above {@code afterGameId}, with the
     * tournament's count of done games and the newest game's id ({@link DoneSince}), in one snapshot:
     * what a runner waiting for workers reads to learn what they stored since it last looked, without
     * reading the tournament's other games. The stored games are found through their primary key
     * ({@code games.id > afterGameId}: the games of every tournament stored since, and no older
     * game), and each one's scheduled game through its own (the result's four fields are read from
     * the queue's row, never the game's moves).
     *
     * <p>Ids are handed out when a game is inserted, not when it commits: a game with an id at or
     * below {@code afterGameId} may still commit after the caller's last look. The count is read in
     * the same snapshot as the rows, so the caller can tell that some done game is missing (it knows
     * fewer than {@code done}) and look further back ({@code StoreTournamentLog} in boardlab.tournament).
     */
    public DoneSince doneSince(long tournamentId, long afterGameId) {
        return db.snapshot(c -> {
            // the newest id first, then the count, then the rows: were a statement to see more than the one before (a
            // snapshot per statement), the mark would not pass a game not read, and no game read would be missing from the count
            long last;
            try (Statement st = c.createStatement(); ResultSet r = st.executeQuery("SELECT MAX(id) FROM games")) {
                r.next();
                last = r.getLong(1);
            }
            int done = 0;
            try (PreparedStatement p = c.prepareStatement("SELECT games_done FROM tournament_counts WHERE tournament_id = ?")) {
                p.setLong(1, tournamentId);
                try (ResultSet r = p.executeQuery()) {
                    if (r.next()) {
                        done = r.getInt(1);
                    }
                }
            }
            List<Long> scheduledIds = new ArrayList<>();
            // through the games' primary key, not games_tournament: the tournament's older games are not read. H2 took
            // games_tournament (or a scan of the whole table with USE INDEX ()) for g.id > ?, reading every game of the
            // tournament; its table's own key (_ROWID_, the BIGINT primary key itself) is read as a range (EXPLAIN ANALYZE:
            // scanCount 12 for 11 new games of 600). PostgreSQL: an index scan of games_pkey
            String after = db.postgres() ? "g.id > ?" : "g._ROWID_ > ?";
            try (PreparedStatement p = c.prepareStatement("SELECT g.scheduled_id FROM games g" + (db.postgres() ? "" : " USE INDEX ()")
                    + " WHERE " + after + " AND g.tournament_id = ?")) {
                p.setLong(1, afterGameId);
                p.setLong(2, tournamentId);
                try (ResultSet r = p.executeQuery()) {
                    while (r.next()) {
                        long id = r.getLong(1);
                        if (!r.wasNull()) {
                            scheduledIds.add(id);
                        }
                    }
                }
            }
            // then each one's queue row by its primary key (a join let PostgreSQL hash the whole queue when its statistics
            // were old: a sequential scan of scheduled_games, EXPLAIN ANALYZE on 600 games)
            List<ScheduledGame> out = new ArrayList<>(scheduledIds.size());
            if (!scheduledIds.isEmpty()) {
                try (PreparedStatement p = c.prepareStatement("SELECT " + SCHEDULED_COLUMNS + " FROM scheduled_games s WHERE s.id = ?")) {
                    for (long id : scheduledIds) {
                        p.setLong(1, id);
                        try (ResultSet r = p.executeQuery()) {
                            if (r.next()) {
                                out.add(readScheduled(r));
                            }
                        }
                    }
                }
            }
            out.sort(java.util.Comparator.comparingInt(g -> g.game().number()));
            return new DoneSince(List.copyOf(out), done, last);
        });
    }

    private static final String SCHEDULED_COLUMNS = "s.id, s.tournament_id, s.number, s.round, s.pairing, s.game, s.options, "
            + "s.first_player, s.second_player, s.first_jar, s.second_jar, s.opening, s.time_control, s.seed, s.state, s.lease_owner, "
            + "s.lease_until, s.attempts, s.game_id, s.winner, s.ending, s.result, s.plies";

    private static ScheduledGame readScheduled(ResultSet r) throws SQLException {
        GameToSchedule g = new GameToSchedule(r.getInt(3), r.getInt(4), r.getInt(5), r.getString(6), r.getString(7), r.getString(8),
                r.getString(9), r.getString(10), r.getString(11), r.getString(12), r.getString(13), r.getLong(14));
        short w = r.getShort(20);
        Integer winner = r.wasNull() ? null : (int) w;
        return new ScheduledGame(r.getLong(1), r.getLong(2), g, r.getString(15), r.getString(16), instant(r, 17), r.getInt(18),
                getLong(r, 19), winner, r.getString(21), r.getString(22), r.getInt(23));
    }

    private static ScheduledGame scheduledById(Connection c, long id) throws SQLException {
        try (PreparedStatement p = c.prepareStatement("SELECT " + SCHEDULED_COLUMNS + " FROM scheduled_games s WHERE s.id = ?")) {
            p.setLong(1, id);
            try (ResultSet r = p.executeQuery()) {
                r.next();
                return readScheduled(r);
            }
        }
    }

    /**
     * Takes a game of the queue that nobody holds for {@code owner}, until the database's clock
     * passes now + {@code lease}: first a game whose lease ran out (its holder died; the longest
     * run out first), else the first {@code queued} game by tournament, then number. Several processes may call this at once: each
     * gets another game. The holder renews the lease with {@link #heartbeat} and ends it with
     * {@link #complete} (or {@link #release}).
     *
     * <p>How, on each database: PostgreSQL locks the one row it takes and passes over rows others
     * hold ({@code SELECT ... FOR UPDATE SKIP LOCKED}). H2's {@code FOR UPDATE} locks every row the
     * query reads, so there a take reads up to {@value #TAKE_CANDIDATES} free games without a lock
     * and claims the first with {@code UPDATE ... WHERE id = ? AND} (still free), on its own, in
     * auto-commit: 0 rows means another taker was first, and the next candidate is tried (then the
     * queue is read again). Both read through the indexes of migration 4 ({@code scheduled_games_take},
     * {@code scheduled_games_lease}), so a take costs about the same with 20 or 20,000 games queued.
     *
     * @param tournamentId only from this tournament, or {@code null} for any
     * @return the game, or empty when nothing is left to take
     */
    public Optional<ScheduledGame> take(Long tournamentId, String owner, Duration lease) {
        return take(tournamentId, owner, lease, List.of());
    }

    /**
     * {@link #take(Long, String, Duration)}, passing over the games that name one of {@code skipJars}
     * as a side's jar (a worker that cannot play those jars leaves their games to others).
     */
    public Optional<ScheduledGame> take(Long tournamentId, String owner, Duration lease, java.util.Collection<String> skipJars) {
        Filter f = new Filter(tournamentId, List.copyOf(skipJars));
        return db.postgres() ? takeLocking(f, owner, lease) : takeOptimistic(f, owner, lease);
    }

    /** Which free games a take may have: of one tournament or any, and without the jars it skips. */
    private record Filter(Long tournamentId, List<String> skipJars) {
        String sql() {
            StringBuilder sb = new StringBuilder(tournamentId == null ? "" : " AND tournament_id = ?");
            if (!skipJars.isEmpty()) {
                String marks = String.join(", ", java.util.Collections.nCopies(skipJars.size(), "?"));
                sb.append(" AND (first_jar IS NULL OR first_jar NOT IN (").append(marks).append("))");
                sb.append(" AND (second_jar IS NULL OR second_jar NOT IN (").append(marks).append("))");
            }
            return sb.toString();
        }

        int set(PreparedStatement p, int i) throws SQLException {
            if (tournamentId != null) {
                p.setLong(i++, tournamentId);
            }
            for (int side = 0; side < 2 && !skipJars.isEmpty(); side++) {
                for (String jar : skipJars) {
                    p.setString(i++, jar);
                }
            }
            return i;
        }
    }

    /**
     * Takes up to {@code max} free games of the queue for {@code owner} in <b>one</b> transaction (the
     * order and the rules of {@link #take(Long, String, Duration)}): a runner that keeps a game or two
     * ahead of its free slots commits one take for several games instead of one each (on H2 every
     * commit is a chunk of the file: boardlab.store's README, <i>Compaction</i>). Every game returned
     * is held by {@code owner} until its lease runs out: renew it ({@link #heartbeat}), play it, or
     * give it back ({@link #release}).
     *
     * @return the games taken, in the queue's order; fewer than {@code max} (or none) when fewer are free
     */
    public List<ScheduledGame> take(Long tournamentId, String owner, Duration lease, java.util.Collection<String> skipJars, int max) {
        if (max <= 1) {
            return take(tournamentId, owner, lease, skipJars).map(List::of).orElse(List.of());
        }
        Filter f = new Filter(tournamentId, List.copyOf(skipJars));
        return db.postgres() ? takeManyLocking(f, owner, lease, max) : takeManyOptimistic(f, owner, lease, max);
    }

    /** PostgreSQL: up to {@code max} free rows, locked, skipping rows that others have locked; all marked in one transaction. */
    private List<ScheduledGame> takeManyLocking(Filter filter, String owner, Duration lease, int max) {
        return db.transaction(c -> {
            Instant now = dbNow(c);
            List<Long> ids = freeGames(c, FREE_EXPIRED, filter, now, max, " FOR UPDATE SKIP LOCKED");
            if (ids.size() < max) {
                ids.addAll(freeGames(c, FREE_QUEUED, filter, now, max - ids.size(), " FOR UPDATE SKIP LOCKED"));
            }
            List<ScheduledGame> out = new ArrayList<>(ids.size());
            try (PreparedStatement p = c.prepareStatement("UPDATE scheduled_games SET state = 'leased', lease_owner = ?, "
                    + "lease_until = ?, attempts = attempts + 1 WHERE id = ?")) {
                for (long id : ids) {
                    p.setString(1, owner);
                    p.setObject(2, time(now.plus(lease)));
                    p.setLong(3, id);
                    p.executeUpdate();
                    out.add(scheduledById(c, id));
                }
            }
            return out;
        });
    }

    /**
     * H2: the claims of {@link #takeOptimistic}, each re-checking that its game is still free, but in
     * one transaction, committed once. Another taker's claim of the same game waits for this commit
     * and then finds it taken (or fails with H2's "concurrent update", taken the same way).
     */
    private List<ScheduledGame> takeManyOptimistic(Filter filter, String owner, Duration lease, int max) {
        return db.transaction(c -> {
            List<ScheduledGame> out = new ArrayList<>(max);
            java.util.Set<Long> tried = new java.util.HashSet<>();
            try (PreparedStatement p = c.prepareStatement("UPDATE scheduled_games SET state = 'leased', lease_owner = ?, "
                    + "lease_until = ?, attempts = attempts + 1 WHERE id = ? AND (" + FREE_QUEUED + " OR (" + FREE_EXPIRED + "))")) {
                while (out.size() < max) {
                    Instant now = dbNow(c);
                    int want = max - out.size() + TAKE_CANDIDATES;
                    List<Long> candidates = freeGames(c, FREE_EXPIRED, filter, now, want, "");
                    if (candidates.size() < want) {
                        candidates.addAll(freeGames(c, FREE_QUEUED, filter, now, want - candidates.size(), ""));
                    }
                    candidates.removeIf(id -> !tried.add(id)); // a game lost to another taker is not tried again in this call
                    if (candidates.isEmpty()) {
                        break;
                    }
                    for (long id : candidates) {
                        if (out.size() >= max) {
                            break;
                        }
                        // another taker may have had the row: only this statement is undone, the claims before it stand
                        if (claim(p, owner, lease, now, id)) {
                            out.add(scheduledById(c, id));
                        }
                    }
                }
            }
            return out;
        });
    }

    /** How many free games an H2 take reads at a time before it claims one. */
    static final int TAKE_CANDIDATES = 8;

    private static final String FREE_EXPIRED = "state = 'leased' AND lease_until < ?";
    private static final String FREE_QUEUED = "state = 'queued'";

    /** PostgreSQL: the first free row, locked, skipping rows that others have locked. */
    private Optional<ScheduledGame> takeLocking(Filter filter, String owner, Duration lease) {
        return db.transaction(c -> {
            Instant now = dbNow(c);
            for (String free : List.of(FREE_EXPIRED, FREE_QUEUED)) {
                List<Long> ids = freeGames(c, free, filter, now, 1, " FOR UPDATE SKIP LOCKED");
                if (!ids.isEmpty()) {
                    long id = ids.get(0);
                    try (PreparedStatement p = c.prepareStatement("UPDATE scheduled_games SET state = 'leased', lease_owner = ?, "
                            + "lease_until = ?, attempts = attempts + 1 WHERE id = ?")) {
                        p.setString(1, owner);
                        p.setObject(2, time(now.plus(lease)));
                        p.setLong(3, id);
                        p.executeUpdate();
                    }
                    return Optional.of(scheduledById(c, id));
                }
            }
            return Optional.<ScheduledGame>empty();
        });
    }

    /** H2: read free games without locks, claim one with an update that checks it is still free. */
    private Optional<ScheduledGame> takeOptimistic(Filter filter, String owner, Duration lease) {
        return db.write(c -> {
            while (true) {
                Instant now = dbNow(c);
                List<Long> candidates = freeGames(c, FREE_EXPIRED, filter, now, TAKE_CANDIDATES, "");
                if (candidates.size() < TAKE_CANDIDATES) {
                    candidates.addAll(freeGames(c, FREE_QUEUED, filter, now, TAKE_CANDIDATES - candidates.size(), ""));
                }
                if (candidates.isEmpty()) {
                    return Optional.<ScheduledGame>empty();
                }
                try (PreparedStatement p = c.prepareStatement("UPDATE scheduled_games SET state = 'leased', lease_owner = ?, "
                        + "lease_until = ?, attempts = attempts + 1 WHERE id = ? AND (" + FREE_QUEUED + " OR (" + FREE_EXPIRED + "))")) {
                    for (long id : candidates) {
                        if (claim(p, owner, lease, now, id)) { // auto-commit: the row is locked only for this statement
                            return Optional.of(scheduledById(c, id));
                        }
                    }
                }
                // every candidate was taken by others meanwhile: read the queue again
            }
        });
    }

    /**
     * Runs the claim {@code p} (owner, lease end, id, now) for game {@code id}: {@code true} if this
     * taker has the game, {@code false} if another taker had or updated the row at the same moment.
     */
    private static boolean claim(PreparedStatement p, String owner, Duration lease, Instant now, long id) throws SQLException {
        p.setString(1, owner);
        p.setObject(2, time(now.plus(lease)));
        p.setLong(3, id);
        p.setObject(4, time(now));
        try {
            return p.executeUpdate() == 1;
        } catch (SQLException e) {
            if (!lostRace(e)) {
                throw e;
            }
            return false;
        }
    }

    /** H2's "concurrent update" (90131) and lock time-out (50200): another statement had the row. */
    private static boolean lostRace(SQLException e) {
        return e.getErrorCode() == 90131 || e.getErrorCode() == 50200;
    }

    /** The ids of up to {@code limit} free games ({@code free}: one of the two conditions), in the queue's order. */
    private static List<Long> freeGames(Connection c, String free, Filter filter, Instant now, int limit, String lock)
            throws SQLException {
        boolean expired = free.equals(FREE_EXPIRED);
        String sql = "SELECT id FROM scheduled_games WHERE " + free + filter.sql()
                + (expired ? " ORDER BY state, lease_until" : " ORDER BY state, tournament_id, number")
                + " FETCH FIRST " + limit + " ROWS ONLY" + lock;
        List<Long> ids = new ArrayList<>(limit);
        try (PreparedStatement p = c.prepareStatement(sql)) {
            int i = 1;
            if (expired) {
                p.setObject(i++, time(now));
            }
            filter.set(p, i);
            try (ResultSet r = p.executeQuery()) {
                while (r.next()) {
                    ids.add(r.getLong(1));
                }
            }
        }
        return ids;
    }

    /**
     * Stores the game played for a scheduled game and marks it done, in one transaction, committed
     * before this returns. If the scheduled game is already done (two holders played it because the
     * first one's lease ran out), nothing is stored: the first commit counts.
     *
     * @param owner who played it (for the record; a holder whose lease ran out may still complete)
     * @return {@code true} if this game was stored, {@code false} if another was stored before
     */
    public boolean complete(long scheduledId, String owner, FinishedGame game) {
        try {
            return completeLater(scheduledId, owner, game).join();
        } catch (java.util.concurrent.CompletionException e) {
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            throw e;
        }
    }

    /**
     * {@link #complete} through the store's writer ({@link #saveLater}): committed together with
     * the other games finished meanwhile.
     *
     * @return completed, once committed, with {@code true} if this game was stored, {@code false} if
     *         another was stored before
     */
    public java.util.concurrent.CompletableFuture<Boolean> completeLater(long scheduledId, String owner, FinishedGame game) {
        ScheduledGame row = db.call(c -> scheduledById(c, scheduledId));
        return saveLater(game.inTournament(row.tournamentId(), scheduledId)).handle((id, e) -> {
            if (e == null) {
                return true;
            }
            Throwable cause = e instanceof java.util.concurrent.CompletionException && e.getCause() != null ? e.getCause() : e;
            if (cause instanceof AlreadyStoredException) {
                return false;
            }
            throw cause instanceof RuntimeException r ? r : new StoreException(String.valueOf(cause.getMessage()), cause);
        });
    }

    /** Puts a scheduled game back in the queue, whoever holds it (a dead run's game); a done game stays done. */
    public boolean requeue(long scheduledId) {
        return db.transaction(c -> {
            try (PreparedStatement p = c.prepareStatement("UPDATE scheduled_games SET state = 'queued', lease_owner = NULL, "
                    + "lease_until = NULL WHERE id = ? AND state = 'leased'")) {
                p.setLong(1, scheduledId);
                return p.executeUpdate() == 1;
            }
        });
    }

    /**
     * Renews {@code owner}'s lease on a scheduled game until the database's clock passes now +
     * {@code lease}.
     *
     * @return {@code false} if {@code owner} no longer holds it (its lease ran out and another took
     *         it, or it is done): stop playing it
     */
    public boolean heartbeat(long scheduledId, String owner, Duration lease) {
        return db.transaction(c -> {
            Instant now = dbNow(c);
            try (PreparedStatement p = c.prepareStatement("UPDATE scheduled_games SET lease_until = ? WHERE id = ? AND lease_owner = ? "
                    + "AND state = 'leased'")) {
                p.setObject(1, time(now.plus(lease)));
                p.setLong(2, scheduledId);
                p.setString(3, owner);
                return p.executeUpdate() == 1;
            }
        });
    }

    /** Puts a game {@code owner} holds back in the queue (it will not play it). */
    public boolean release(long scheduledId, String owner) {
        return db.transaction(c -> {
            try (PreparedStatement p = c.prepareStatement("UPDATE scheduled_games SET state = 'queued', lease_owner = NULL, "
                    + "lease_until = NULL WHERE id = ? AND lease_owner = ? AND state = 'leased'")) {
                p.setLong(1, scheduledId);
                p.setString(2, owner);
                return p.executeUpdate() == 1;
            }
        });
    }

    /**
     * Puts every game whose lease ran out back in the queue (state {@code queued}); {@link #take}
     * takes such games anyway, this makes the queue's counts true.
     *
     * @return how many went back
     */
    public int requeueExpired() {
        return db.transaction(c -> {
            Instant now = dbNow(c);
            try (PreparedStatement p = c.prepareStatement("UPDATE scheduled_games SET state = 'queued', lease_owner = NULL, "
                    + "lease_until = NULL WHERE state = 'leased' AND lease_until < ?")) {
                p.setObject(1, time(now));
                return p.executeUpdate();
            }
        });
    }

    /** How many of a tournament's scheduled games are in each state ({@code queued}, {@code leased}, {@code done}). */
    public Map<String, Integer> queueCounts(long tournamentId) {
        return db.call(c -> {
            Map<String, Integer> out = new LinkedHashMap<>();
            out.put("queued", 0);
            out.put("leased", 0);
            out.put("done", 0);
            try (PreparedStatement p = c.prepareStatement("SELECT state, COUNT(*) FROM scheduled_games WHERE tournament_id = ? GROUP BY state")) {
                p.setLong(1, tournamentId);
                try (ResultSet r = p.executeQuery()) {
                    while (r.next()) {
                        out.put(r.getString(1), r.getInt(2));
                    }
                }
            }
            return out;
        });
    }

    /** How many scheduled games of the database (any tournament) are not stored yet. */
    public int unfinishedScheduled() {
        return db.call(c -> {
            try (Statement s = c.createStatement(); ResultSet r = s.executeQuery("SELECT COUNT(*) FROM scheduled_games WHERE state <> 'done'")) {
                r.next();
                return r.getInt(1);
            }
        });
    }

    /** The player jars (by hash) that scheduled games not stored yet name: what a worker must have. */
    public List<String> pendingJars() {
        return db.call(c -> {
            List<String> out = new ArrayList<>();
            try (Statement s = c.createStatement(); ResultSet r = s.executeQuery("SELECT first_jar FROM scheduled_games WHERE state <> 'done' "
                    + "AND first_jar IS NOT NULL UNION SELECT second_jar FROM scheduled_games WHERE state <> 'done' AND second_jar IS NOT NULL")) {
                while (r.next()) {
                    out.add(r.getString(1));
                }
            }
            return out;
        });
    }

    private static Instant dbNow(Connection c) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet r = s.executeQuery("SELECT CURRENT_TIMESTAMP")) {
            r.next();
            return r.getObject(1, OffsetDateTime.class).toInstant();
        }
    }

    // ---------------------------------------------------------------- ratings

    /**
     * Adds rating changes to the history, one transaction (a tournament writes its players' new
     * ratings at once).
     */
    public void recordRatings(List<Rating> ratings) {
        db.transaction(c -> {
            try (PreparedStatement p = c.prepareStatement("INSERT INTO ratings (ladder, game, player, rating, deviation, volatility, games, "
                    + "tournament_id, game_id, at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")) {
                Instant now = Instant.now();
                for (Rating x : ratings) {
                    p.setString(1, x.ladder());
                    p.setString(2, x.game());
                    p.setString(3, x.player());
                    p.setDouble(4, x.rating());
                    setDouble(p, 5, x.deviation());
                    setDouble(p, 6, x.volatility());
                    p.setInt(7, x.games());
                    setLong(p, 8, x.tournamentId());
                    setLong(p, 9, x.gameId());
                    p.setObject(10, time(x.at() == null ? now : x.at()));
                    p.addBatch();
                }
                p.executeBatch();
            }
            return null;
        });
    }

    /**
     * The running lab ladder: every player's current rating on {@code ladder} ({@code elo}: seed
     * 002's Elo; {@code glicko2}: Glicko-2 with Lichess's defaults), as the rated games stored so far
     * made it (each rated game updates it in its own transaction; which games count: the store's
     * README). Grouped by game, best first.
     *
     * @param game only this game's ladder, or {@code null} for every game's
     */
    public List<LadderEntry> ladder(String ladder, String game) {
        return db.call(c -> {
            try (PreparedStatement p = c.prepareStatement("SELECT ladder, game, player, rating, deviation, volatility, games, wins, draws, "
                    + "losses, last_game_id, updated_at FROM ladder WHERE ladder = ?" + (game == null ? "" : " AND game = ?")
                    + " ORDER BY game, rating DESC, player")) {
                p.setString(1, ladder);
                if (game != null) {
                    p.setString(2, game);
                }
                List<LadderEntry> out = new ArrayList<>();
                try (ResultSet r = p.executeQuery()) {
                    while (r.next()) {
                        out.add(new LadderEntry(r.getString(1), r.getString(2), r.getString(3), r.getDouble(4), getDouble(r, 5), getDouble(r, 6),
                                r.getInt(7), r.getInt(8), r.getInt(9), r.getInt(10), getLong(r, 11), instant(r, 12)));
                    }
                }
                return out;
            }
        });
    }

    /** A player's rating history on a ladder for a game, oldest first. */
    public List<Rating> ratingHistory(String ladder, String game, String player) {
        return db.call(c -> {
            try (PreparedStatement p = c.prepareStatement("SELECT " + RATING_COLUMNS + " FROM ratings WHERE ladder = ? AND game = ? "
                    + "AND player = ? ORDER BY id")) {
                p.setString(1, ladder);
                p.setString(2, game);
                p.setString(3, player);
                return readRatings(p);
            }
        });
    }

    /** Every player's current (newest) rating on a ladder for a game, by player. */
    public Map<String, Rating> ratings(String ladder, String game) {
        return db.call(c -> {
            try (PreparedStatement p = c.prepareStatement("SELECT " + RATING_COLUMNS + " FROM ratings r WHERE ladder = ? AND game = ? "
                    + "AND id = (SELECT MAX(id) FROM ratings x WHERE x.ladder = r.ladder AND x.game = r.game AND x.player = r.player) "
                    + "ORDER BY player")) {
                p.setString(1, ladder);
                p.setString(2, game);
                Map<String, Rating> out = new LinkedHashMap<>();
                for (Rating x : readRatings(p)) {
                    out.put(x.player(), x);
                }
                return out;
            }
        });
    }

    private static final String RATING_COLUMNS = "ladder, game, player, rating, deviation, volatility, games, tournament_id, game_id, at";

    private static List<Rating> readRatings(PreparedStatement p) throws SQLException {
        List<Rating> out = new ArrayList<>();
        try (ResultSet r = p.executeQuery()) {
            while (r.next()) {
                out.add(new Rating(r.getString(1), r.getString(2), r.getString(3), r.getDouble(4), getDouble(r, 5), getDouble(r, 6),
                        r.getInt(7), getLong(r, 8), getLong(r, 9), instant(r, 10)));
            }
        }
        return out;
    }

    // ---------------------------------------------------------------- users

    /**
     * Registers an account; only a salted slow hash of the password is kept ({@code password} is
     * wiped).
     *
     * @throws NameTakenException if another account has the name
     * @throws StoreException if the name is empty or longer than 64 characters
     */
    public User register(String name, char[] password, double rating) {
        if (name == null || name.isBlank() || name.length() > 64) {
            throw new StoreException("a user name has 1 to 64 characters");
        }
        String hash;
        try {
            hash = Passwords.hash(password);
        } finally {
            java.util.Arrays.fill(password, '\0');
        }
        return db.transaction(c -> {
            if (user(c, name).isPresent()) {
                throw new NameTakenException(name);
            }
            try (PreparedStatement p = c.prepareStatement("INSERT INTO users (name, password_hash, rating, games, created_at) VALUES (?, ?, ?, 0, ?)")) {
                p.setString(1, name);
                p.setString(2, hash);
                p.setDouble(3, rating);
                p.setObject(4, time(Instant.now()));
                p.executeUpdate();
            }
            return user(c, name).orElseThrow();
        });
    }

    /**
     * Checks a password ({@code password} is wiped), and notes the login when it is right.
     *
     * @return the account when the name exists and the password is right; empty otherwise (which of
     *         the two is not told)
     */
    public Optional<User> verify(String name, char[] password) {
        try {
            Optional<String> hash = db.call(c -> {
                try (PreparedStatement p = c.prepareStatement("SELECT password_hash FROM users WHERE name = ?")) {
                    p.setString(1, name);
                    try (ResultSet r = p.executeQuery()) {
                        return r.next() ? Optional.of(r.getString(1)) : Optional.<String>empty();
                    }
                }
            });
            if (hash.isEmpty()) {
                Passwords.hash(password); // the same work as for a real name, so timing does not tell which names exist
                return Optional.empty();
            }
            if (!Passwords.verify(password, hash.get())) {
                return Optional.empty();
            }
        } finally {
            java.util.Arrays.fill(password, '\0');
        }
        return db.transaction(c -> {
            try (PreparedStatement p = c.prepareStatement("UPDATE users SET last_login_at = ? WHERE name = ?")) {
                p.setObject(1, time(Instant.now()));
                p.setString(2, name);
                p.executeUpdate();
            }
            return user(c, name);
        });
    }

    /** The account named {@code name}, or empty. */
    public Optional<User> user(String name) {
        return db.call(c -> user(c, name));
    }

    /** The account with this id, or empty. */
    public Optional<User> user(long id) {
        return userById.read(p -> {
            p.setLong(1, id);
            return readUser(p);
        });
    }

    private static final String USER_COLUMNS = "id, name, rating, games, created_at, last_login_at";
    private static final String USER_BY_ID = "SELECT " + USER_COLUMNS + " FROM users WHERE id = ?";

    private static Optional<User> user(Connection c, String name) throws SQLException {
        try (PreparedStatement p = c.prepareStatement("SELECT " + USER_COLUMNS + " FROM users WHERE name = ?")) {
            p.setString(1, name);
            return readUser(p);
        }
    }

    private static Optional<User> readUser(PreparedStatement p) throws SQLException {
        try (ResultSet r = p.executeQuery()) {
            return r.next()
                    ? Optional.of(new User(r.getLong(1), r.getString(2), r.getDouble(3), r.getInt(4), instant(r, 5), instant(r, 6)))
                    : Optional.empty();
        }
    }

    /**
     * Sets an account's rating and rated games.
     *
     * @throws StoreException if there is no such account
     */
    public void setRating(String name, double rating, int games) {
        setRatings(List.of(new UserRating(name, rating, games)));
    }

    /**
     * Sets several accounts' ratings in one transaction (both players of a rated game).
     *
     * @throws StoreException if one of the accounts does not exist (then none is changed)
     */
    public void setRatings(List<UserRating> ratings) {
        db.transaction(c -> {
            try (PreparedStatement p = c.prepareStatement("UPDATE users SET rating = ?, games = ? WHERE name = ?")) {
                for (UserRating u : ratings) {
                    p.setDouble(1, u.rating());
                    p.setInt(2, u.games());
                    p.setString(3, u.name());
                    if (p.executeUpdate() != 1) {
                        throw new StoreException("there is no user named '" + u.name() + "'");
                    }
                }
            }
            return null;
        });
    }

    // ---------------------------------------------------------------- player jars

    /**
     * Keeps a player's jar by the SHA-256 of its bytes (storing the same bytes again changes nothing).
     *
     * @return the hash
     */
    public String putJar(String bundle, String version, String fileName, byte[] content) {
        String hash = Passwords.sha256(content);
        db.transaction(c -> {
            try (PreparedStatement q = c.prepareStatement("SELECT 1 FROM player_jars WHERE hash = ?")) {
                q.setString(1, hash);
                try (ResultSet r = q.executeQuery()) {
                    if (r.next()) {
                        return null;
                    }
                }
            }
            try (PreparedStatement p = c.prepareStatement("INSERT INTO player_jars (hash, bundle, version, file_name, size_bytes, content, "
                    + "stored_at) VALUES (?, ?, ?, ?, ?, ?, ?)")) {
                p.setString(1, hash);
                p.setString(2, bundle);
                p.setString(3, version);
                p.setString(4, fileName);
                p.setLong(5, content.length);
                p.setBytes(6, content);
                p.setObject(7, time(Instant.now()));
                p.executeUpdate();
            }
            return null;
        });
        return hash;
    }

    /** The jar with this hash, or empty. */
    public Optional<PlayerJar> jar(String hash) {
        return db.call(c -> {
            try (PreparedStatement p = c.prepareStatement("SELECT hash, bundle, version, file_name, content FROM player_jars WHERE hash = ?")) {
                p.setString(1, hash);
                try (ResultSet r = p.executeQuery()) {
                    return r.next() ? Optional.of(new PlayerJar(r.getString(1), r.getString(2), r.getString(3), r.getString(4), r.getBytes(5)))
                            : Optional.<PlayerJar>empty();
                }
            }
        });
    }

    // ---------------------------------------------------------------- the bug log

    /** Stores a bug found by a conformance kit; returns its id. */
    public long recordBug(Bug b) {
        return db.transaction(c -> {
            try (PreparedStatement p = c.prepareStatement("INSERT INTO bugs (found_at, protocol, role, component, address, version, scenario, "
                    + "check_id, rule, expected, received, frames) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", Statement.RETURN_GENERATED_KEYS)) {
                p.setObject(1, time(b.foundAt()));
                p.setString(2, b.protocol());
                p.setString(3, b.role());
                p.setString(4, b.component());
                p.setString(5, b.address());
                p.setString(6, b.version());
                p.setString(7, b.scenario());
                p.setString(8, b.checkId());
                p.setString(9, b.rule());
                p.setString(10, b.expected());
                p.setString(11, b.received());
                p.setString(12, b.frames());
                p.executeUpdate();
                try (ResultSet k = p.getGeneratedKeys()) {
                    k.next();
                    return k.getLong(1);
                }
            }
        });
    }

    /**
     * The bug log, oldest first.
     *
     * @param component only this component's bugs, or {@code null} for all
     * @param protocol  only this protocol's, or {@code null} for all
     */
    public List<Bug> bugs(String component, String protocol) {
        return db.call(c -> {
            StringBuilder sql = new StringBuilder("SELECT id, found_at, protocol, role, component, address, version, scenario, check_id, rule, "
                    + "expected, received, frames FROM bugs WHERE 1 = 1");
            List<String> args = new ArrayList<>();
            if (component != null) {
                sql.append(" AND component = ?");
                args.add(component);
            }
            if (protocol != null) {
                sql.append(" AND protocol = ?");
                args.add(protocol);
            }
            sql.append(" ORDER BY id");
            try (PreparedStatement p = c.prepareStatement(sql.toString())) {
                for (int i = 0; i < args.size(); i++) {
                    p.setString(i + 1, args.get(i));
                }
                List<Bug> out = new ArrayList<>();
                try (ResultSet r = p.executeQuery()) {
                    while (r.next()) {
                        out.add(new Bug(r.getLong(1), instant(r, 2), r.getString(3), r.getString(4), r.getString(5), r.getString(6), r.getString(7),
                                r.getString(8), r.getString(9), r.getString(10), r.getString(11), r.getString(12), r.getString(13)));
                    }
                }
                return out;
            }
        });
    }

    // ---------------------------------------------------------------- helpers

    /**
     * Closes its connections. A store from {@link Stores} is shared in the process: closing it makes
     * the next {@link Stores#open} open the database afresh (the bundle closes them all when it stops).
     */
    @Override
    public void close() {
        org.boardlab.store.internal.OpenStores.forget(this);
        org.boardlab.store.internal.GroupCommitter<FinishedGame, Long> w;
        synchronized (writerLock) {
            closed = true;
            w = writer;
        }
        if (w != null) {
            w.close(); // commits the games already handed to it
        }
        WriterSession session = writerSession;
        if (session != null) {
            writerSession = null;
            try (Database.Held held = db.holdWrites()) {
                session.close(); // the writer has ended: its connection goes back to the pool, which closes it below
            }
        }
        userById.close(); // its connections back to the pool before the pool closes them
        db.close();
    }

    @Override
    public String toString() {
        return "Store[" + url() + "]";
    }

    private static OffsetDateTime time(Instant i) {
        return i == null ? null : OffsetDateTime.ofInstant(i, ZoneOffset.UTC);
    }

    private static Instant instant(ResultSet r, int column) throws SQLException {
        OffsetDateTime t = r.getObject(column, OffsetDateTime.class);
        return t == null ? null : t.toInstant();
    }

    private static Long getLong(ResultSet r, int column) throws SQLException {
        long v = r.getLong(column);
        return r.wasNull() ? null : v;
    }

    private static Double getDouble(ResultSet r, int column) throws SQLException {
        double v = r.getDouble(column);
        return r.wasNull() ? null : v;
    }

    private static void setLong(PreparedStatement p, int i, Long v) throws SQLException {
        if (v == null) {
            p.setNull(i, Types.BIGINT);
        } else {
            p.setLong(i, v);
        }
    }

    private static void setDouble(PreparedStatement p, int i, Double v) throws SQLException {
        if (v == null) {
            p.setNull(i, Types.DOUBLE);
        } else {
            p.setDouble(i, v);
        }
    }

    private static String cut(String s, int max) {
        return s.length() <= max ? s : s.substring(0, max);
    }
}
