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
