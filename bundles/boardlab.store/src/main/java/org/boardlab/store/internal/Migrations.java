package org.boardlab.store.internal;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import org.boardlab.store.StoreException;

/**
 * The schema's versioned migrations: numbered SQL files in this bundle,
 * {@code org/boardlab/store/migrations/1.sql}, {@code 2.sql}, ... (the first line, a comment, says
 * what the file does), applied in order at start, each recorded in the table
 * {@code schema_version}. The same files run on H2 and on PostgreSQL.
 *
 * <p>On PostgreSQL the whole upgrade is one transaction under an advisory lock, so several
 * processes (workers) starting at once on a new database upgrade it once; a failed migration
 * leaves the database as it was. H2 commits each DDL statement by itself, so a process killed in
 * the middle of a migration leaves part of it behind: on H2 each {@code CREATE TABLE},
 * {@code CREATE INDEX} and {@code ALTER TABLE ... ADD COLUMN} is run as its {@code IF NOT EXISTS}
 * form ({@link #rerunnable}), and the next start runs the whole migration again over what is there.
 * A migration file must therefore hold only such statements, or statements that can run twice. One
 * process opens an H2 file at a time.
 *
 * <p><b>An H2 {@code ALTER TABLE} killed halfway.</b> H2 adds a column (and changes a column's type)
 * by copying the table: it creates {@code T_COPY_<session>_<n>}, copies the rows, re-creates on the
 * copy every constraint, including the foreign keys of other tables that point at {@code T} (named
 * {@code T_COPY_..._CONSTRAINT_...}), then drops {@code T} and renames the copy {@code T}; each step
 * commits by itself. A process killed before the drop leaves the copy and those foreign keys behind:
 * the statement run again adds its column to {@code T} and finishes, but every row inserted later
 * into the other table must now also be found in the copy, which is empty or out of date
 * ({@code Referential integrity constraint violation: "GAMES_COPY_3_0_CONSTRAINT_656C: PUBLIC.RATINGS
 * FOREIGN KEY(GAME_ID) REFERENCES PUBLIC.GAMES_COPY_3_0(ID)"}: no game could be stored again). Seen
 * in the tournament's {@code KillTest} when the first starts of a new database were killed during
 * migrations 3 and 7 (5 runs in 30 at load 9-16, and a sixth with GAMES gone). So every start on H2 first looks for such copies
 * ({@link #repairInterruptedCopies}): while {@code T} is there it holds every row (H2 drops it only
 * once the copy is complete), so the copy and the foreign keys that point at it are dropped; once
 * {@code T} is gone the copy is complete and is renamed {@code T}, its indexes and constraints
 * renamed back (the store names {@code scheduled_games_take} in its queries). Both were seen: the
 * first left no game storable, the second made migration 3 fail with {@code Table "GAMES" not
 * found} at every start.
 *
 * <p>Where the two databases need different text (a view over arrays: H2 has no correlated
 * {@code UNNEST}), a statement preceded by the comment line {@code -- on h2} runs only on H2, one
 * preceded by {@code -- on postgresql} only on PostgreSQL; every other statement runs on both.
 *
 * <p>One statement is boardlab's own, not SQL: {@code DROP FOREIGN KEYS OF table (column, ...)}
 * drops every foreign key constraint of {@code table} on one of those columns, whatever name the
 * database gave it (H2 names them {@code CONSTRAINT_...}, PostgreSQL {@code table_column_fkey}),
 * found in the standard {@code information_schema}; it does nothing for a key already dropped, so
 * it can run twice ({@link #run}).
 *
 * <p>A database whose schema is newer than the newest file here is refused: an older boardlab
 * must not write into tables it does not know.
 */
public final class Migrations {

    private static final String FOLDER = "/org/boardlab/store/migrations/";
    /** An arbitrary number: the advisory lock key boardlab's migrations take on PostgreSQL. */
    private static final long LOCK_KEY = 0x626f6172646c6162L; // "boardlab"

    /** One migration file. */
    public record Migration(int version, String description, String sql) {
    }

    private Migrations() {
    }

    /** Every migration file, in order. */
    public static List<Migration> all() {
        List<Migration> list = new ArrayList<>();
        for (int v = 1;; v++) {
            try (InputStream in = Migrations.class.getResourceAsStream(FOLDER + v + ".sql")) {
                if (in == null) {
                    return list;
                }
                String sql = new String(in.readAllBytes(), StandardCharsets.UTF_8);
                String first = sql.lines().findFirst().orElse("").replaceFirst("^--\\s*\\d+:\\s*", "").trim();
                list.add(new Migration(v, first.length() > 200 ? first.substring(0, 200) : first, sql));
            } catch (IOException e) {
                throw new IllegalStateException("cannot read migration " + v + ": " + e.getMessage(), e);
            }
        }
    }

    /** The newest schema version this boardlab knows. */
    public static int latest() {
        return all().size();
    }

    /**
     * Brings the database's schema up to {@link #latest()}.
     *
     * @return the schema version now
     * @throws StoreException if the database's schema is newer than this boardlab's
     * @throws SQLException   if a migration fails (nothing of it stays on PostgreSQL)
     */
    public static int apply(Connection c, boolean postgres, String shownUrl) throws SQLException {
        List<Migration> all = all();
        boolean auto = c.getAutoCommit();
        c.setAutoCommit(false);
        try {
            if (postgres) {
                try (PreparedStatement lock = c.prepareStatement("SELECT pg_advisory_xact_lock(?)")) {
                    lock.setLong(1, LOCK_KEY);
                    lock.execute();
                }
            }
            if (!postgres) {
                repairInterruptedCopies(c, shownUrl);
            }
            try (Statement s = c.createStatement()) {
                s.execute("CREATE TABLE IF NOT EXISTS schema_version (version INT PRIMARY KEY, description VARCHAR(200) NOT NULL, "
                        + "applied_at TIMESTAMP WITH TIME ZONE NOT NULL)");
            }
            int current = current(c);
            if (current > all.size()) {
                throw new StoreException("the database " + shownUrl + " has schema version " + current
                        + ", newer than this boardlab knows (" + all.size() + "): it was written by a newer boardlab. "
                        + "Use that boardlab, or another database (--db URL).");
            }
            for (Migration m : all.subList(current, all.size())) {
                try (Statement s = c.createStatement()) {
                    for (String statement : statements(m.sql(), postgres)) {
                        run(c, s, postgres ? statement : rerunnable(statement));
                    }
                } catch (SQLException e) {
                    throw new SQLException("migration " + m.version() + " (" + m.description() + ") failed: " + e.getMessage(),
                            e.getSQLState(), e);
                }
                try (PreparedStatement p = c.prepareStatement("INSERT INTO schema_version (version, description, applied_at) VALUES (?, ?, ?)")) {
                    p.setInt(1, m.version());
                    p.setString(2, m.description());
                    p.setObject(3, OffsetDateTime.now(ZoneOffset.UTC));
                    p.executeUpdate();
                }
                if (!postgres) {
                    c.commit();
                }
            }
            c.commit();
            return all.size();
        } catch (SQLException | RuntimeException e) {
            c.rollback();
            throw e;
        } finally {
            c.setAutoCommit(auto);
        }
    }

    /** The name H2 gives the copy of table {@code T} an {@code ALTER TABLE} makes: {@code T_COPY_<session>_<n>}. */
    private static final java.util.regex.Pattern H2_COPY = java.util.regex.Pattern.compile("(.+)_COPY_\\d+_\\d+");

    /**
     * H2: removes what an {@code ALTER TABLE} killed halfway left behind (see the class): for each
     * table {@code T_COPY_<session>_<n>} of the schema {@code PUBLIC} whose {@code T} exists, the
     * foreign keys of other tables that point at the copy are dropped, then the copy. When {@code T}
     * is gone (killed between H2's drop of {@code T} and the rename of its copy), the copy holds every
     * row: it is renamed {@code T}, and its indexes and constraints (and the foreign keys that point
     * at it) lose the copy's prefix, as H2 does when it finishes. Nothing is done to a database
     * without such tables.
     *
     * @return what was done, one line each (logged as a warning too)
     */
    public static List<String> repairInterruptedCopies(Connection c, String shownUrl) throws SQLException {
        java.util.Set<String> tables = new java.util.HashSet<>();
        java.util.Map<String, List<String>> copies = new java.util.TreeMap<>();
        try (Statement s = c.createStatement(); ResultSet r = s.executeQuery("SELECT TABLE_NAME FROM INFORMATION_SCHEMA.TABLES "
                + "WHERE TABLE_SCHEMA = 'PUBLIC' AND TABLE_TYPE = 'BASE TABLE' ORDER BY TABLE_NAME")) {
            while (r.next()) {
                String name = r.getString(1);
                tables.add(name);
                java.util.regex.Matcher m = H2_COPY.matcher(name);
                if (m.matches()) {
                    copies.computeIfAbsent(m.group(1), k -> new ArrayList<>()).add(name);
                }
            }
        }
        List<String> done = new ArrayList<>();
        for (java.util.Map.Entry<String, List<String>> e : copies.entrySet()) {
            String table = e.getKey();
            List<String> left = e.getValue();
            if (!tables.contains(table)) {
                // killed between H2's drop of T and the rename of its copy: the copy holds every row, with T's indexes and
                // constraints (and the foreign keys pointing at it) under names prefixed with its own; finished as H2 would
                String whole = left.get(0);
                for (String copy : left) {
                    if (columns(c, copy) > columns(c, whole)) {
                        whole = copy;
                    }
                }
                left.remove(whole);
                try (Statement s = c.createStatement()) {
                    s.execute("ALTER TABLE PUBLIC." + quote(whole) + " RENAME TO " + quote(table));
                    done.add("renamed table " + whole + " to " + table + " (" + table + " was dropped, the copy holds its rows)");
                    String prefix = whole + "_";
                    for (String[] k : names(c, "SELECT TABLE_NAME, CONSTRAINT_NAME FROM INFORMATION_SCHEMA.TABLE_CONSTRAINTS "
                            + "WHERE CONSTRAINT_SCHEMA = 'PUBLIC' AND LEFT(CONSTRAINT_NAME, ?) = ?", prefix)) {
                        String to = k[1].substring(prefix.length());
                        if (names(c, "SELECT TABLE_NAME, CONSTRAINT_NAME FROM INFORMATION_SCHEMA.TABLE_CONSTRAINTS "
                                + "WHERE CONSTRAINT_SCHEMA = 'PUBLIC' AND LENGTH(CONSTRAINT_NAME) = ? AND CONSTRAINT_NAME = ?", to).isEmpty()) {
                            s.execute("ALTER TABLE PUBLIC." + quote(k[0]) + " RENAME CONSTRAINT PUBLIC." + quote(k[1]) + " TO " + quote(to));
                            done.add("renamed constraint " + k[1] + " to " + to);
                        }
                    }
                    for (String[] k : names(c, "SELECT TABLE_NAME, INDEX_NAME FROM INFORMATION_SCHEMA.INDEXES "
                            + "WHERE INDEX_SCHEMA = 'PUBLIC' AND LEFT(INDEX_NAME, ?) = ?", prefix)) {
                        String to = k[1].substring(prefix.length());
                        if (names(c, "SELECT TABLE_NAME, INDEX_NAME FROM INFORMATION_SCHEMA.INDEXES "
                                + "WHERE INDEX_SCHEMA = 'PUBLIC' AND LENGTH(INDEX_NAME) = ? AND INDEX_NAME = ?", to).isEmpty()) {
                            s.execute("ALTER INDEX PUBLIC." + quote(k[1]) + " RENAME TO " + quote(to));
                            done.add("renamed index " + k[1] + " to " + to);
                        }
                    }
                }
            }
            for (String copy : left) {
                List<String[]> pointing = new ArrayList<>();
                try (PreparedStatement p = c.prepareStatement("SELECT fk.TABLE_NAME, fk.CONSTRAINT_NAME "
                        + "FROM INFORMATION_SCHEMA.REFERENTIAL_CONSTRAINTS rc "
                        + "JOIN INFORMATION_SCHEMA.TABLE_CONSTRAINTS fk ON fk.CONSTRAINT_SCHEMA = rc.CONSTRAINT_SCHEMA "
                        + "AND fk.CONSTRAINT_NAME = rc.CONSTRAINT_NAME "
                        + "JOIN INFORMATION_SCHEMA.TABLE_CONSTRAINTS pk ON pk.CONSTRAINT_SCHEMA = rc.UNIQUE_CONSTRAINT_SCHEMA "
                        + "AND pk.CONSTRAINT_NAME = rc.UNIQUE_CONSTRAINT_NAME "
                        + "WHERE pk.TABLE_SCHEMA = 'PUBLIC' AND pk.TABLE_NAME = ? AND fk.TABLE_NAME <> ? ORDER BY fk.CONSTRAINT_NAME")) {
                    p.setString(1, copy);
                    p.setString(2, copy);
                    try (ResultSet r = p.executeQuery()) {
                        while (r.next()) {
                            pointing.add(new String[] {r.getString(1), r.getString(2)});
                        }
                    }
                }
                try (Statement s = c.createStatement()) {
                    for (String[] fk : pointing) {
                        s.execute("ALTER TABLE PUBLIC." + quote(fk[0]) + " DROP CONSTRAINT PUBLIC." + quote(fk[1]));
                        done.add("dropped foreign key " + fk[1] + " of table " + fk[0] + " (it pointed at " + copy + ")");
                    }
                    s.execute("DROP TABLE PUBLIC." + quote(copy) + " RESTRICT");
                    done.add("dropped table " + copy + " (a copy of " + table + ")");
                }
            }
        }
        if (!done.isEmpty()) {
            java.util.logging.Logger.getLogger(Migrations.class.getName()).warning("the database " + shownUrl
                    + " held what an ALTER TABLE stopped halfway left (a process killed during a migration): " + String.join("; ", done));
        }
        return done;
    }

    private static int columns(Connection c, String table) throws SQLException {
        try (PreparedStatement p = c.prepareStatement("SELECT COUNT(*) FROM INFORMATION_SCHEMA.COLUMNS WHERE TABLE_SCHEMA = 'PUBLIC' "
                + "AND TABLE_NAME = ?")) {
            p.setString(1, table);
            try (ResultSet r = p.executeQuery()) {
                r.next();
                return r.getInt(1);
            }
        }
    }

    /** The rows (two columns) of {@code sql}, whose parameters are {@code name}'s length and {@code name}. */
    private static List<String[]> names(Connection c, String sql, String name) throws SQLException {
        List<String[]> out = new ArrayList<>();
        try (PreparedStatement p = c.prepareStatement(sql)) {
            p.setInt(1, name.length());
            p.setString(2, name);
            try (ResultSet r = p.executeQuery()) {
                while (r.next()) {
                    out.add(new String[] {r.getString(1), r.getString(2)});
                }
            }
        }
        return out;
    }

    private static String quote(String identifier) {
        return '"' + identifier.replace("\"", "\"\"") + '"';
    }

    /**
     * {@code statement} in a form that does nothing when what it creates is there already (H2:
     * {@code CREATE TABLE IF NOT EXISTS}, {@code CREATE [UNIQUE] INDEX IF NOT EXISTS},
     * {@code ADD COLUMN IF NOT EXISTS}); other statements as they are.
     */
    public static String rerunnable(String statement) {
        if (statement.toUpperCase(java.util.Locale.ROOT).contains("IF NOT EXISTS")) {
            return statement;
        }
        return statement.replaceFirst("(?is)^(\\s*CREATE\\s+(?:UNIQUE\\s+)?(?:TABLE|INDEX))\\s+", "$1 IF NOT EXISTS ")
                .replaceFirst("(?is)^(\\s*ALTER\\s+TABLE\\s+\\S+\\s+ADD\\s+COLUMN)\\s+", "$1 IF NOT EXISTS ");
    }

    private static final java.util.regex.Pattern DROP_FOREIGN_KEYS =
            java.util.regex.Pattern.compile("(?is)\\s*DROP\\s+FOREIGN\\s+KEYS\\s+OF\\s+(\\w+)\\s*\\(([\\w\\s,]+)\\)\\s*");

    /**
     * Runs one statement of a migration on {@code s} (a statement of {@code c}): SQL as it is, and
     * {@code DROP FOREIGN KEYS OF table (column, ...)} as the class's text says.
     */
    public static void run(Connection c, Statement s, String statement) throws SQLException {
        java.util.regex.Matcher m = DROP_FOREIGN_KEYS.matcher(statement);
        if (!m.matches()) {
            s.execute(statement);
            return;
        }
        String table = m.group(1);
        List<String> columns = new ArrayList<>();
        for (String column : m.group(2).split(",")) {
            columns.add(column.strip().toUpperCase(java.util.Locale.ROOT));
        }
        for (String constraint : foreignKeys(c, table, columns)) {
            s.execute("ALTER TABLE " + table + " DROP CONSTRAINT \"" + constraint.replace("\"", "\"\"") + "\"");
        }
    }

    /** The names of {@code table}'s foreign key constraints on one of {@code columns} (upper case), in the current schema. */
    public static List<String> foreignKeys(Connection c, String table, List<String> columns) throws SQLException {
        List<String> names = new ArrayList<>();
        try (PreparedStatement p = c.prepareStatement("SELECT DISTINCT tc.constraint_name FROM information_schema.table_constraints tc "
                + "JOIN information_schema.key_column_usage k ON k.constraint_schema = tc.constraint_schema "
                + "AND k.constraint_name = tc.constraint_name AND k.table_name = tc.table_name "
                + "WHERE tc.constraint_type = 'FOREIGN KEY' AND tc.table_schema = CURRENT_SCHEMA AND UPPER(tc.table_name) = ? "
                + "AND UPPER(k.column_name) = ?")) {
            for (String column : columns) {
                p.setString(1, table.toUpperCase(java.util.Locale.ROOT));
                p.setString(2, column);
                try (ResultSet r = p.executeQuery()) {
                    while (r.next()) {
                        if (!names.contains(r.getString(1))) {
                            names.add(r.getString(1));
                        }
                    }
                }
            }
        }
        return names;
    }

    /** The database's schema version: 0 for an empty database. */
    public static int current(Connection c) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet r = s.executeQuery("SELECT MAX(version) FROM schema_version")) {
            r.next();
            return r.getInt(1);
        }
    }

    /** The statements of migration {@code version}, as they are run on PostgreSQL (without H2's rewriting). */
    public static List<String> statementsOf(int version) {
        return statements(all().get(version - 1).sql(), true);
    }

    /** The statements of migration {@code version} that run on H2 ({@code postgres} false) or PostgreSQL, as written. */
    public static List<String> statementsOf(int version, boolean postgres) {
        return statements(all().get(version - 1).sql(), postgres);
    }

    /**
     * The statements of a file that run on one database: split at each {@code ;} that ends a line,
     * comments dropped; a statement after a line {@code -- on h2} ({@code -- on postgresql}) is kept
     * only for H2 (PostgreSQL).
     */
    static List<String> statements(String sql, boolean postgres) {
        List<String> out = new ArrayList<>();
        StringBuilder sb = new StringBuilder();
        String only = null;
        for (String line : sql.split("\\R")) {
            String t = line.strip();
            if (sb.length() == 0 && t.matches("(?i)--\\s*on\\s+(h2|postgresql)\\s*")) {
                only = t.replaceFirst("(?i)--\\s*on\\s+", "").strip().toLowerCase(java.util.Locale.ROOT);
                continue;
            }
            if (t.startsWith("--") || t.isEmpty()) {
                continue;
            }
            sb.append(line).append('\n');
            if (t.endsWith(";")) {
                String stmt = sb.toString().strip();
                if (only == null || only.equals(postgres ? "postgresql" : "h2")) {
                    out.add(stmt.substring(0, stmt.length() - 1));
                }
                sb.setLength(0);
                only = null;
            }
        }
        if (!sb.toString().isBlank() && (only == null || only.equals(postgres ? "postgresql" : "h2"))) {
            out.add(sb.toString().strip());
        }
        return out;
    }
}
