package org.boardlab.tournament;

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
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.boardlab.store.ScheduledGame;
import org.boardlab.store.Store;
import org.boardlab.store.testing.TestDatabases;

/**
 * {@link KillTest}'s kills many times over, each checked at once: {@link KillableTournament} is
 * started on one database and killed with SIGKILL 300-1,000 ms after its start (the test's window),
 * again and again (a new database when a tournament ends); after every kill the killed H2 file is
 * copied aside before anything opens it, and the database is checked: the test's own reads
 * (the done scheduled rows against {@code tournament_counts}, every game reported done stored), then
 * the same facts in SQL through three connections each in a transaction of its own (three
 * transaction ids on H2), through the table and through the queue's index: done rows =
 * {@code games_done} = the tournament's games, each scheduled game stored at most once, every game's
 * row done, every done row's game there, rows = {@code games_scheduled}.
 *
 * <pre>
 * java -cp TEST_CLASSPATH org.boardlab.tournament.KillLoop --kind h2|postgresql --kills 60 --dir DIR
 *     [--seed 2026] [--min-ms 300] [--max-ms 1000] [--window-from start|first-done] [--keep-all] [--stop-at-first]
 * </pre>
 *
 * {@code --window-from first-done}: the kill's moment is counted from the run's first stored game
 * instead of its start, for a machine so busy that a start alone takes longer than the test's window
 * (at load 13-16 on two cores no run got as far as creating the tournament in 80 kills).
 *
 * PostgreSQL needs {@code BOARDLAB_TEST_POSTGRES} ({@code scripts/with-postgres.sh}). A line per
 * kill, then {@code broken: N of K kills}; the killed H2 file of a kill that broke the invariant is
 * kept as {@code DIR/broken-N.mv.db} (with {@code --keep-all} every one, {@code DIR/kill-N.mv.db}),
 * each child's standard error as {@code DIR/run-N.err}. Exit code 0 when nothing broke.
 */
public final class KillLoop {

    private KillLoop() {
    }

    public static void main(String[] args) throws Exception {
        Map<String, String> o = new LinkedHashMap<>();
        for (int i = 0; i < args.length; i++) {
            String name = args[i].substring(2);
            o.put(name, i + 1 < args.length && !args[i + 1].startsWith("--") ? args[++i] : "");
        }
        String kind = o.getOrDefault("kind", "h2");
        int kills = Integer.parseInt(o.getOrDefault("kills", "60"));
        Path dir = Path.of(o.getOrDefault("dir", "kill-loop")).toAbsolutePath();
        Files.createDirectories(dir);
        int minMs = Integer.parseInt(o.getOrDefault("min-ms", "300"));
        int maxMs = Integer.parseInt(o.getOrDefault("max-ms", "1000"));
        boolean keepAll = o.containsKey("keep-all");
        boolean stopAtFirst = o.containsKey("stop-at-first");
        boolean fromFirstDone = o.getOrDefault("window-from", "start").equals("first-done");
        Random random = new Random(Long.parseLong(o.getOrDefault("seed", "2026")));
        System.out.printf("kill loop: %s, %d kills %d-%d ms after each %s, files in %s, load %s%n", kind, kills, minMs, maxMs,
                fromFirstDone ? "run's first game stored" : "start", dir, load());
        int broken = 0;
        int runs = 0;
        int tournaments = 0;
        int finished = 0;
        String db = null;
        Set<Integer> reported = new HashSet<>();
        long started = System.nanoTime();
        for (int kill = 1; kill <= kills;) {
            if (db == null) {
                db = TestDatabases.fresh(kind, dir);
                reported.clear();
                tournaments++;
            }
            runs++;
            Path errors = dir.resolve("run-" + runs + ".err");
            Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
                    System.getProperty("java.class.path"), KillableTournament.class.getName(), db, "term")
                    .redirectError(errors.toFile()).start();
            List<String> lines = Collections.synchronizedList(new ArrayList<>());
            Thread reader = new Thread(() -> {
                try (BufferedReader in = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
                    for (String line; (line = in.readLine()) != null;) {
                        lines.add(line);
                    }
                } catch (java.io.IOException e) {
                    // killed
                }
            });
            reader.start();
            long delay = minMs + random.nextInt(maxMs - minMs);
            if (fromFirstDone) {
                // on a machine too busy for the test's window (a start alone takes more than a second there): the window
                // begins when the run has stored its first game, so that the kills fall while it plays
                long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
                while (p.isAlive() && System.nanoTime() < until && !anyDone(lines)) {
                    Thread.sleep(5);
                }
            }
            if (p.waitFor(delay, TimeUnit.MILLISECONDS)) {
                reader.join();
                finished++;
                System.out.printf("run %d ended by itself (exit %d) before its kill: a new database%n", runs, p.exitValue());
                if (p.exitValue() != 0) {
                    System.out.println("  its standard error: " + Files.readString(errors));
                }
                db = null;
                continue;
            }
            p.destroyForcibly(); // SIGKILL
            p.waitFor();
            reader.join();
            synchronized (lines) {
                lines.stream().filter(l -> l.startsWith("done ")).forEach(l -> reported.add(Integer.parseInt(l.substring(5))));
            }
            Path copy = null;
            if (kind.equals("h2")) {
                Path file = Path.of(db.substring("jdbc:h2:file:".length()) + ".mv.db");
                if (Files.exists(file)) {
                    copy = dir.resolve("kill-" + kill + ".mv.db");
                    Files.copy(file, copy, StandardCopyOption.REPLACE_EXISTING);
                }
            }
            List<String> problems = new ArrayList<>();
            String figures = check(db, reported, problems);
            if (problems.isEmpty()) {
                System.out.printf("kill %d (run %d, %d ms): whole: %s%n", kill, runs, delay, figures);
                if (copy != null && !keepAll) {
                    Files.delete(copy);
                }
                Files.deleteIfExists(errors);
            } else {
                broken++;
                Path kept = null;
                if (copy != null) {
                    kept = dir.resolve("broken-" + kill + ".mv.db");
                    Files.move(copy, kept, StandardCopyOption.REPLACE_EXISTING);
                }
                System.out.printf("kill %d (run %d, %d ms): BROKEN (killed file: %s, stderr: %s): %s%n  %s%n", kill, runs, delay, kept, errors,
                        figures, String.join("\n  ", problems));
                db = null; // a new database for the next kills
                if (stopAtFirst) {
                    kill++;
                    break;
                }
            }
            kill++;
        }
        System.out.printf("broken: %d of %d kills (%s; %d runs, %d tournaments, %d ended by themselves; %d s); load %s%n", broken, kills, kind, runs,
                tournaments, finished, (System.nanoTime() - started) / 1_000_000_000L, load());
        System.exit(broken == 0 ? 0 : 1);
    }

    private static boolean anyDone(List<String> lines) {
        synchronized (lines) {
            return lines.stream().anyMatch(l -> l.startsWith("done "));
        }
    }

    private static String load() {
        try {
            return Files.readString(Path.of("/proc/loadavg")).trim();
        } catch (java.io.IOException e) {
            return "?";
        }
    }

    /**
     * The checks after a kill: first KillTest's own, through the store (which opens the database as
     * the test does), then the facts in SQL. Adds what breaks to {@code problems}.
     *
     * @return the figures, in words
     */
    static String check(String db, Set<Integer> reported, List<String> problems) throws SQLException {
        // SQL first: the database's first open after the kill (H2's recovery) is this one, with fresh transaction ids
        String figures = sql(db, problems);
        try (Store store = Store.open(db)) {
            store.tournament("term").ifPresent(t -> {
                List<ScheduledGame> rows = store.scheduled(t.id());
                Set<Integer> stored = new HashSet<>();
                rows.stream().filter(ScheduledGame::isDone).forEach(s -> stored.add(s.game().number()));
                if (!stored.containsAll(reported)) {
                    Set<Integer> lost = new HashSet<>(reported);
                    lost.removeAll(stored);
                    problems.add("games reported done but not stored: " + lost);
                }
                Store.QueueState q = store.queueState(t.id());
                if (q.done() != stored.size()) {
                    problems.add("KillTest's check: the done games counted " + q.done() + ", done scheduled rows (by number) " + stored.size());
                }
                if (q.scheduled() != rows.size()) {
                    problems.add("KillTest's check: the scheduled games counted " + q.scheduled() + ", scheduled rows " + rows.size());
                }
            });
        }
        return figures;
    }

    private static final String[] NAMES = {"rows", "games_scheduled", "done rows (table)", "done rows (index)", "games_done", "games",
        "scheduled games stored twice", "games whose row is not done", "done rows without their game"};

    /** The facts in SQL, read by three transactions at once; adds what breaks to {@code problems}. */
    private static String sql(String db, List<String> problems) throws SQLException {
        boolean h2 = db.startsWith("jdbc:h2:");
        List<Connection> readers = new ArrayList<>();
        try {
            List<long[]> all = new ArrayList<>();
            for (int r = 0; r < 3; r++) {
                // H2 opened as the store opens it: without H2's compaction in place (Database.open)
                Connection c = h2 ? DriverManager.getConnection(db + ";AUTO_COMPACT_FILL_RATE=0", "sa", "") : DriverManager.getConnection(db);
                readers.add(c);
                c.setAutoCommit(false); // each reader's transaction stays open: on H2 the next reader has another transaction id
                Long tournament = tournamentId(c);
                if (tournament == null) {
                    return "no tournament yet";
                }
                all.add(figures(c, h2, tournament));
            }
            long[] f = all.get(0);
            for (int r = 1; r < all.size(); r++) {
                if (!Arrays.equals(f, all.get(r))) {
                    problems.add("readers 1 and " + (r + 1) + " (transactions of their own) read different figures: " + describe(f) + " / "
                            + describe(all.get(r)));
                }
            }
            if (f[0] != f[1] || f[2] != f[3] || f[2] != f[4] || f[2] != f[5] || f[6] != 0 || f[7] != 0 || f[8] != 0) {
                problems.add("not whole: " + describe(f));
            }
            return describe(f);
        } finally {
            for (Connection c : readers) {
                c.rollback();
                c.close();
            }
        }
    }

    private static Long tournamentId(Connection c) throws SQLException {
        try (PreparedStatement p = c.prepareStatement("SELECT id FROM tournaments WHERE name = 'term'"); ResultSet r = p.executeQuery()) {
            return r.next() ? r.getLong(1) : null;
        } catch (SQLException e) {
            return null; // killed before the migrations made the table
        }
    }

    private static long[] figures(Connection c, boolean h2, long t) throws SQLException {
        String table = h2 ? "scheduled_games s USE INDEX ()" : "scheduled_games s";
        String index = h2 ? "scheduled_games s USE INDEX (scheduled_games_take)" : "scheduled_games s";
        return new long[] {
            one(c, "SELECT COUNT(*) FROM " + table + " WHERE s.tournament_id = ?", t),
            one(c, "SELECT games_scheduled FROM tournament_counts WHERE tournament_id = ?", t),
            one(c, "SELECT COUNT(*) FROM " + table + " WHERE s.tournament_id = ? AND s.state = 'done'", t),
            one(c, "SELECT COUNT(*) FROM " + index + " WHERE s.state = 'done' AND s.tournament_id = ?", t),
            one(c, "SELECT games_done FROM tournament_counts WHERE tournament_id = ?", t),
            one(c, "SELECT COUNT(*) FROM games g WHERE g.tournament_id = ?", t),
            one(c, "SELECT COUNT(*) FROM (SELECT g.scheduled_id FROM games g WHERE g.tournament_id = ? GROUP BY g.scheduled_id "
                    + "HAVING COUNT(*) > 1) x", t),
            one(c, "SELECT COUNT(*) FROM games g JOIN " + table + " ON s.id = g.scheduled_id WHERE g.tournament_id = ? AND s.state <> 'done'", t),
            one(c, "SELECT COUNT(*) FROM " + table + " LEFT JOIN games g ON g.scheduled_id = s.id WHERE s.tournament_id = ? AND s.state = 'done' "
                    + "AND g.id IS NULL", t),
        };
    }

    private static long one(Connection c, String sql, long t) throws SQLException {
        try (PreparedStatement p = c.prepareStatement(sql)) {
            p.setLong(1, t);
            try (ResultSet r = p.executeQuery()) {
                return r.next() ? r.getLong(1) : -1;
            }
        }
    }

    private static String describe(long[] f) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < f.length; i++) {
            sb.append(i == 0 ? "" : ", ").append(NAMES[i]).append(' ').append(f[i]);
        }
        return sb.toString();
    }
}
