package org.boardlab.store;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Does embedded H2 (MVStore) keep part of a transaction when its process is killed with
 * {@code kill -9}? A probe of H2 alone, no boardlab code in the killed process: the queue's pattern
 * of boardlab's store in SQL of its own. A child process runs, on one H2 file with
 * {@code WRITE_DELAY 0} (as boardlab sets it), the transactions of a tournament's process: a
 * <i>taker</i> leases queued rows ({@code q}), a <i>writer</i> stores a game for each leased row
 * and, in the same transaction, marks the row done and adds to a count ({@code counts.done}:
 * boardlab's {@code tournament_counts.games_done}), and two <i>beaters</i> commit small updates
 * of their own all the time (the lease heartbeats). The parent kills the child at a random moment
 * (SIGKILL), copies the killed file aside (before anything opens it), opens the database and checks
 * that every transaction is whole: done rows (read through the table and through an index) = the
 * count = the games stored, every game's row done, every done row with its game. It reads through
 * three connections, each in a transaction of its own, so that three transaction ids read (H2 hands
 * out the lowest free id; what a dead transaction left behind reads differently for a reader that
 * has its id).
 *
 * <p>{@code --heavy N} adds N threads that update 300-1,000 rows of a table of their own per
 * transaction: their commits' chunks take long to write, and the commits queued behind them wait
 * (H2 writes one chunk at a time), so a state caught half committed stays the file's newest for
 * longer and more kills find it.
 *
 * <p>{@code --serialize} makes the child run one writing transaction at a time (a lock from the
 * transaction's first statement to its commit), as boardlab's store does on H2.
 *
 * <pre>
 * java -cp TEST_CLASSPATH org.boardlab.store.H2KillProbe --dir DIR [--kills 200] [--serialize] [--seed 1]
 *     [--min-ms 20] [--max-ms 600] [--heavy 0] [--keep-all]
 * </pre>
 *
 * Prints a line per kill and a summary ({@code torn: N of K kills}); the files of kills that left a
 * torn database are kept as {@code DIR/torn-N.mv.db} (with {@code --keep-all} every killed file,
 * {@code DIR/kill-N.mv.db}). Exit code 0 when none was torn, 1 otherwise.
 */
public final class H2KillProbe {

    private static final int ROWS = 200_000;

    private H2KillProbe() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length > 0 && args[0].equals("child")) {
            child(args[1], Boolean.parseBoolean(args[2]), Long.parseLong(args[3]), Integer.parseInt(args[4]));
            return;
        }
        Map<String, String> o = options(args);
        Path dir = Path.of(o.getOrDefault("dir", "h2-kill-probe")).toAbsolutePath();
        Files.createDirectories(dir);
        int kills = Integer.parseInt(o.getOrDefault("kills", "200"));
        boolean serialize = o.containsKey("serialize");
        boolean keepAll = o.containsKey("keep-all");
        int heavy = Integer.parseInt(o.getOrDefault("heavy", "0"));
        int minMs = Integer.parseInt(o.getOrDefault("min-ms", "20"));
        int maxMs = Integer.parseInt(o.getOrDefault("max-ms", "600"));
        Random random = new Random(Long.parseLong(o.getOrDefault("seed", "1")));
        System.out.printf("H2 kill probe: %d kills, %s, %d heavy threads, kill %d-%d ms after the child is ready, files in %s, load %s%n", kills,
                serialize ? "one writing transaction at a time" : "transactions concurrent (H2's own locking)", heavy, minMs, maxMs, dir, load());
        int torn = 0;
        int dbNumber = 0;
        String url = null;
        Path file = null;
        long committedBefore = 0;
        long totalCommits = 0;
        for (int kill = 1; kill <= kills; kill++) {
            if (url == null || committedBefore > ROWS * 3 / 4) {
                dbNumber++;
                Path base = dir.resolve("db" + dbNumber);
                Files.deleteIfExists(Path.of(base + ".mv.db"));
                Files.deleteIfExists(Path.of(base + ".trace.db"));
                url = "jdbc:h2:file:" + base + ";AUTO_COMPACT_FILL_RATE=0"; // as boardlab's store opens H2 (Database.open)
                file = Path.of(base + ".mv.db");
                create(url);
                committedBefore = 0;
            }
            Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
                    System.getProperty("java.class.path"), H2KillProbe.class.getName(), "child", url, Boolean.toString(serialize),
                    Long.toString(random.nextLong()), Integer.toString(heavy)).redirectError(ProcessBuilder.Redirect.INHERIT).start();
            BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
            String first = out.readLine();
            if (!"ready".equals(first)) {
                p.destroyForcibly();
                throw new IllegalStateException("the child did not start: " + first);
            }
            long delay = minMs + random.nextInt(Math.max(1, maxMs - minMs));
            Thread.sleep(delay);
            p.destroyForcibly(); // SIGKILL
            p.waitFor();
            Path kept = dir.resolve("kill-" + kill + ".mv.db");
            Files.copy(file, kept, StandardCopyOption.REPLACE_EXISTING);
            List<String> problems = new ArrayList<>();
            long done = check(url, problems);
            totalCommits += Math.max(0, done - committedBefore);
            committedBefore = done;
            if (problems.isEmpty()) {
                System.out.printf("kill %d (%d ms): whole, %d done%n", kill, delay, done);
                if (!keepAll) {
                    Files.delete(kept);
                }
            } else {
                torn++;
                Path as = dir.resolve("torn-" + kill + ".mv.db");
                Files.move(kept, as, StandardCopyOption.REPLACE_EXISTING);
                System.out.printf("kill %d (%d ms): TORN (the killed file: %s)%n  %s%n", kill, delay, as, String.join("\n  ", problems));
                url = null; // a new database for the next kills
            }
        }
        System.out.printf("torn: %d of %d kills (%s); games stored meanwhile: %d; load %s%n", torn, kills,
                serialize ? "serialized" : "concurrent", totalCommits, load());
        System.exit(torn == 0 ? 0 : 1);
    }

    private static Map<String, String> options(String[] args) {
        Map<String, String> o = new LinkedHashMap<>();
        for (int i = 0; i < args.length; i++) {
            if (!args[i].startsWith("--")) {
                throw new IllegalArgumentException("an option begins with --, not " + args[i]);
            }
            String name = args[i].substring(2);
            if (i + 1 < args.length && !args[i + 1].startsWith("--")) {
                o.put(name, args[++i]);
            } else {
                o.put(name, "");
            }
        }
        return o;
    }

    private static String load() {
        try {
            return Files.readString(Path.of("/proc/loadavg")).trim();
        } catch (java.io.IOException e) {
            return "?";
        }
    }

    private static void create(String url) throws SQLException {
        try (Connection c = DriverManager.getConnection(url, "sa", ""); Statement s = c.createStatement()) {
            s.execute("SET WRITE_DELAY 0");
            s.execute("CREATE TABLE q (id BIGINT PRIMARY KEY, number INT NOT NULL UNIQUE, state VARCHAR(16) NOT NULL, "
                    + "lease_owner VARCHAR(200), lease_until TIMESTAMP WITH TIME ZONE, attempts INT NOT NULL, game_id BIGINT)");
            s.execute("CREATE INDEX q_take ON q (state, number)");
            s.execute("CREATE TABLE counts (id INT PRIMARY KEY, scheduled INT NOT NULL, done INT NOT NULL)");
            s.execute("CREATE TABLE games (id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY, q_id BIGINT UNIQUE, "
                    + "payload VARCHAR(2000) NOT NULL)");
            s.execute("CREATE TABLE beats (id INT PRIMARY KEY, n BIGINT NOT NULL)");
            s.execute("INSERT INTO q (id, number, state, attempts) SELECT X, X, 'queued', 0 FROM SYSTEM_RANGE(1, " + ROWS + ")");
            s.execute("INSERT INTO counts VALUES (1, " + ROWS + ", 0)");
            s.execute("INSERT INTO beats VALUES (1, 0), (2, 0)");
            s.execute("CREATE TABLE bulk (id INT PRIMARY KEY, n BIGINT NOT NULL, pad VARCHAR(200) NOT NULL)");
            s.execute("INSERT INTO bulk SELECT X, 0, REPEAT('x', 100) FROM SYSTEM_RANGE(1, 20000)");
        }
    }

    /**
     * Opens the killed database and checks that every transaction of the child is whole; adds what
     * is not to {@code problems}.
     *
     * @return the done rows
     */
    static long check(String url, List<String> problems) throws SQLException {
        List<Connection> readers = new ArrayList<>();
        try {
            List<long[]> figures = new ArrayList<>();
            for (int r = 0; r < 3; r++) {
                Connection c = DriverManager.getConnection(url, "sa", "");
                readers.add(c);
                c.setAutoCommit(false); // each reader's transaction stays open: the next reader gets another transaction id
                figures.add(figures(c));
            }
            String[] names = {"done rows (table)", "done rows (index q_take)", "counts.done", "games", "games whose row is not done",
                    "done rows without a game", "leased rows (index)", "leased rows (table)"};
            long[] f = figures.get(0);
            for (int r = 1; r < figures.size(); r++) {
                if (!java.util.Arrays.equals(f, figures.get(r))) {
                    problems.add("reader 1 (transaction " + txId(readers.get(0)) + ") and reader " + (r + 1) + " (transaction "
                            + txId(readers.get(r)) + ") read different figures: " + describe(names, f) + " / " + describe(names, figures.get(r)));
                }
            }
            if (f[0] != f[1] || f[0] != f[2] || f[0] != f[3] || f[4] != 0 || f[5] != 0 || f[6] != f[7]) {
                problems.add("not whole: " + describe(names, f));
                problems.addAll(rows(readers.get(0)));
            }
            return f[0];
        } finally {
            for (Connection c : readers) {
                c.rollback();
                c.close();
            }
        }
    }

    private static String txId(Connection c) {
        try (Statement s = c.createStatement(); ResultSet r = s.executeQuery("SELECT SESSION_ID()")) {
            r.next();
            return "of session " + r.getLong(1);
        } catch (SQLException e) {
            return "?";
        }
    }

    private static String describe(String[] names, long[] f) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < f.length; i++) {
            sb.append(i == 0 ? "" : ", ").append(names[i]).append(' ').append(f[i]);
        }
        return sb.toString();
    }

    private static long[] figures(Connection c) throws SQLException {
        return new long[] {
            one(c, "SELECT COUNT(*) FROM q USE INDEX () WHERE state = 'done'"),
            one(c, "SELECT COUNT(*) FROM q USE INDEX (q_take) WHERE state = 'done'"),
            one(c, "SELECT done FROM counts WHERE id = 1"),
            one(c, "SELECT COUNT(*) FROM games"),
            one(c, "SELECT COUNT(*) FROM games g JOIN q USE INDEX () ON q.id = g.q_id WHERE q.state <> 'done'"),
            one(c, "SELECT COUNT(*) FROM q USE INDEX () LEFT JOIN games g ON g.q_id = q.id WHERE q.state = 'done' AND g.id IS NULL"),
            one(c, "SELECT COUNT(*) FROM q USE INDEX (q_take) WHERE state = 'leased'"),
            one(c, "SELECT COUNT(*) FROM q USE INDEX () WHERE state = 'leased'"),
        };
    }

    /** The rows that break the invariant (at most 10 of each kind), for the report. */
    private static List<String> rows(Connection c) throws SQLException {
        List<String> out = new ArrayList<>();
        String[] queries = {
            "SELECT 'game without its done row', g.id, g.q_id, q.state FROM games g JOIN q USE INDEX () ON q.id = g.q_id "
                    + "WHERE q.state <> 'done' FETCH FIRST 10 ROWS ONLY",
            "SELECT 'done row without its game', q.id, q.game_id, q.state FROM q USE INDEX () LEFT JOIN games g ON g.q_id = q.id "
                    + "WHERE q.state = 'done' AND g.id IS NULL FETCH FIRST 10 ROWS ONLY",
            "SELECT 'newest done rows', id, game_id, state FROM q USE INDEX () WHERE state = 'done' ORDER BY game_id DESC FETCH FIRST 5 ROWS ONLY",
            "SELECT 'newest games', id, q_id, payload FROM games ORDER BY id DESC FETCH FIRST 5 ROWS ONLY",
        };
        for (String sql : queries) {
            try (Statement s = c.createStatement(); ResultSet r = s.executeQuery(sql)) {
                while (r.next()) {
                    out.add(r.getString(1) + ": " + r.getObject(2) + " " + r.getObject(3) + " " + r.getObject(4));
                }
            }
        }
        return out;
    }

    private static long one(Connection c, String sql) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet r = s.executeQuery(sql)) {
            r.next();
            return r.getLong(1);
        }
    }

    // ---------------------------------------------------------------- the killed process

    /** Held by a transaction from its first statement to its end, with {@code --serialize}. */
    private static final ReentrantLock WRITES = new ReentrantLock(true); // fair, as the store's (Database)

    private interface Tx {
        void run(Connection c) throws SQLException;
    }

    private static void child(String url, boolean serialize, long seed, int heavy) throws Exception {
        BlockingQueue<Long> leased = new ArrayBlockingQueue<>(16);
        List<Thread> threads = new ArrayList<>();
        Connection setup = DriverManager.getConnection(url, "sa", "");
        try (Statement s = setup.createStatement()) {
            s.execute("SET WRITE_DELAY 0");
            // rows leased by a killed child are taken again
            s.execute("UPDATE q SET state = 'queued', lease_owner = NULL, lease_until = NULL WHERE state = 'leased'");
        }
        String owner = "child-" + ProcessHandle.current().pid();
        long[] next = new long[1];
        try (Statement s = setup.createStatement(); ResultSet r = s.executeQuery("SELECT COALESCE(MAX(id), 0) + 1 FROM q USE INDEX () "
                + "WHERE state <> 'queued'")) {
            r.next();
            next[0] = r.getLong(1);
        }
        threads.add(worker("taker", url, serialize, c -> {
            if (leased.remainingCapacity() < 4) {
                try {
                    Thread.sleep(1);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                return;
            }
            List<Long> ids = new ArrayList<>();
            for (int k = 0; k < 4 && next[0] <= ROWS; k++) {
                ids.add(next[0]++); // the next rows in the queue's order (a scan of the queue's index per take cost most of the child's CPU)
            }
            try (PreparedStatement p = c.prepareStatement("UPDATE q SET state = 'leased', lease_owner = ?, "
                    + "lease_until = CURRENT_TIMESTAMP + INTERVAL '10' SECOND, attempts = attempts + 1 WHERE id = ? AND state = 'queued'")) {
                for (long id : ids) {
                    p.setString(1, owner);
                    p.setLong(2, id);
                    p.executeUpdate();
                }
            }
            c.commit();
            for (long id : ids) {
                try {
                    leased.put(id);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        }));
        Random random = new Random(seed);
        threads.add(worker("writer", url, serialize, c -> {
            List<Long> batch = new ArrayList<>();
            try {
                batch.add(leased.take());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
            leased.drainTo(batch, random.nextInt(4));
            int stored = 0;
            try (PreparedStatement check = c.prepareStatement("SELECT state FROM q WHERE id = ? FOR UPDATE");
                    PreparedStatement insert = c.prepareStatement("INSERT INTO games (q_id, payload) VALUES (?, ?)",
                            Statement.RETURN_GENERATED_KEYS);
                    PreparedStatement done = c.prepareStatement("UPDATE q SET state = 'done', game_id = ?, lease_until = NULL WHERE id = ?")) {
                for (long id : batch) {
                    check.setLong(1, id);
                    try (ResultSet r = check.executeQuery()) {
                        if (!r.next() || r.getString(1).equals("done")) {
                            continue;
                        }
                    }
                    insert.setLong(1, id);
                    insert.setString(2, "game of row " + id + " " + "x".repeat(200 + random.nextInt(800)));
                    insert.executeUpdate();
                    long gameId;
                    try (ResultSet k = insert.getGeneratedKeys()) {
                        k.next();
                        gameId = k.getLong(1);
                    }
                    done.setLong(1, gameId);
                    done.setLong(2, id);
                    done.executeUpdate();
                    stored++;
                }
            }
            if (stored > 0) {
                try (PreparedStatement count = c.prepareStatement("UPDATE counts SET done = done + ? WHERE id = 1")) {
                    count.setInt(1, stored);
                    count.executeUpdate();
                }
            }
            c.commit();
        }));
        for (int b = 1; b <= 2; b++) {
            int beat = b;
            Random r = new Random(seed + b);
            threads.add(worker("beater-" + b, url, serialize, c -> {
                try (PreparedStatement p = c.prepareStatement("UPDATE beats SET n = n + 1 WHERE id = ?")) {
                    p.setInt(1, beat);
                    p.executeUpdate();
                }
                c.commit();
                try {
                    Thread.sleep(r.nextInt(3));
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }));
        }
        for (int h = 1; h <= heavy; h++) {
            Random r = new Random(seed - h);
            // a big transaction now and then: its commit's chunk takes long to write, and the commits behind it wait
            // (H2 writes one chunk at a time): a transaction caught half committed by the chunk before stays so longer
            threads.add(worker("heavy-" + h, url, serialize, c -> {
                try (PreparedStatement p = c.prepareStatement("UPDATE bulk SET n = n + 1 WHERE id BETWEEN ? AND ?")) {
                    int from = 1 + r.nextInt(19_000);
                    p.setInt(1, from);
                    p.setInt(2, from + 300 + r.nextInt(700));
                    p.executeUpdate();
                }
                c.commit();
            }));
        }
        System.out.println("ready");
        System.out.flush();
        for (Thread t : threads) {
            t.start();
        }
        for (Thread t : threads) {
            t.join();
        }
    }

    private static Thread worker(String name, String url, boolean serialize, Tx tx) throws SQLException {
        Connection c = DriverManager.getConnection(url, "sa", "");
        c.setAutoCommit(false);
        Connection use = serialize ? new LockingConnection(c).proxy() : c;
        return new Thread(() -> {
            while (!Thread.currentThread().isInterrupted()) {
                try {
                    tx.run(use);
                } catch (SQLException e) {
                    try {
                        use.rollback();
                    } catch (SQLException ignored) {
                        // the next transaction finds out
                    }
                    System.err.println(name + ": " + e.getMessage());
                }
            }
        }, name);
    }

    /**
     * A connection with {@code --serialize}: the lock is taken at its transaction's first statement and
     * given back after its commit or rollback (a thread waits for its work, the writer for leased
     * games, before its transaction begins).
     */
    private static final class LockingConnection implements java.lang.reflect.InvocationHandler {
        private final Connection c;
        private boolean held;

        LockingConnection(Connection c) {
            this.c = c;
        }

        Connection proxy() {
            return (Connection) java.lang.reflect.Proxy.newProxyInstance(Connection.class.getClassLoader(), new Class<?>[] {Connection.class},
                    this);
        }

        @Override
        public Object invoke(Object proxy, java.lang.reflect.Method m, Object[] args) throws Throwable {
            String n = m.getName();
            boolean ends = n.equals("commit") || n.equals("rollback");
            if (!held && !ends) {
                WRITES.lock();
                held = true;
            }
            try {
                return m.invoke(c, args);
            } catch (java.lang.reflect.InvocationTargetException e) {
                throw e.getCause();
            } finally {
                if (ends && held) {
                    held = false;
                    WRITES.unlock();
                }
            }
        }
    }
}
