package org.boardlab.store.testing;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import org.boardlab.store.internal.Migrations;

/**
 * Databases as an older boardlab left them, for the tests of a migration: a database made by this
 * boardlab is taken back to the schema before a migration, as it would be had the older boardlab
 * written the same rows. The store that made it must be closed first (H2 opens a file once).
 */
public final class OldDatabases {

    /** The first line of the migration that keeps a done scheduled game's result in its own row. */
    public static final String SCHEDULED_RESULTS = "a done scheduled game keeps its result";

    /** The first line of the migration that keeps each tournament's player jars in a table of their own. */
    public static final String TOURNAMENT_JARS = "what a resumed tournament reads before it plays";

    /** The first line of the migration that drops the rating history's foreign keys and counts the ladder's changes. */
    public static final String RATINGS_WITHOUT_KEYS = "a rated game writes less";

    private OldDatabases() {
    }

    /** The number of the migration whose description starts with {@code description} (so a renumbering does not matter). */
    public static int migration(String description) {
        return Migrations.all().stream().filter(m -> m.description().startsWith(description)).findFirst()
                .orElseThrow(() -> new AssertionError("no migration '" + description + "...'")).version();
    }

    /** A JDBC connection to a test database ({@link TestDatabases}): H2's as its default user. */
    public static Connection connect(String url) throws SQLException {
        return url.startsWith("jdbc:h2:") ? DriverManager.getConnection(url, "sa", "") : DriverManager.getConnection(url);
    }

    /**
     * Takes the database back to the schema before migration {@link #SCHEDULED_RESULTS}: the four
     * result columns of {@code scheduled_games} dropped, and that migration and every later one
     * forgotten (so the next start applies them). Every game stays stored; the queue's rows keep their
     * state and the id of their game, as the older schema had them.
     */
    public static void beforeScheduledResults(String url) throws SQLException {
        int version = migration(SCHEDULED_RESULTS);
        if (version + 1 != migration(TOURNAMENT_JARS)) {
            throw new AssertionError("migration " + version + " is not followed by '" + TOURNAMENT_JARS + "' any more: take back the later ones here");
        }
        beforeTournamentJars(url);
        try (Connection c = connect(url); Statement s = c.createStatement()) {
            for (String column : List.of("winner", "ending", "result", "plies")) {
                s.execute("ALTER TABLE scheduled_games DROP COLUMN " + column);
            }
            s.execute("DELETE FROM schema_version WHERE version >= " + version);
        }
    }

    /**
     * Takes the database back to the schema before migration {@link #TOURNAMENT_JARS}: the tables
     * {@code tournament_jars} and {@code tournament_counts} dropped, and that migration forgotten. The
     * scheduled games keep their jars and states, as the older schema had them.
     */
    public static void beforeTournamentJars(String url) throws SQLException {
        int version = migration(TOURNAMENT_JARS);
        if (version + 1 != migration(RATINGS_WITHOUT_KEYS)) {
            throw new AssertionError("migration " + version + " is not followed by '" + RATINGS_WITHOUT_KEYS + "' any more: take back the later ones here");
        }
        beforeRatingsWithoutKeys(url);
        try (Connection c = connect(url); Statement s = c.createStatement()) {
            s.execute("DROP TABLE tournament_jars");
            s.execute("DROP TABLE tournament_counts");
            s.execute("DELETE FROM schema_version WHERE version >= " + version);
        }
    }

    /**
     * Takes the database back to the schema before migration {@link #RATINGS_WITHOUT_KEYS}: the rating
     * history's {@code game_id} and {@code tournament_id} foreign keys added again, as migration 1 made
     * them, {@code ladder_lock.changes} dropped, and that migration forgotten.
     */
    public static void beforeRatingsWithoutKeys(String url) throws SQLException {
        int version = migration(RATINGS_WITHOUT_KEYS);
        if (version != Migrations.latest()) {
            throw new AssertionError("migration " + version + " is not the newest any more: take back the later ones here too");
        }
        try (Connection c = connect(url); Statement s = c.createStatement()) {
            s.execute("ALTER TABLE ratings ADD FOREIGN KEY (tournament_id) REFERENCES tournaments (id) ON DELETE CASCADE");
            s.execute("ALTER TABLE ratings ADD FOREIGN KEY (game_id) REFERENCES games (id) ON DELETE SET NULL");
            s.execute("ALTER TABLE ladder_lock DROP COLUMN changes");
            s.execute("DELETE FROM schema_version WHERE version >= " + version);
        }
    }

    /** Runs the first {@code count} statements of migration {@code version} as H2 runs them (what a kill in it leaves). */
    public static void applyPartly(String url, int version, int count) throws SQLException {
        List<String> statements = Migrations.statementsOf(version, false);
        try (Connection c = connect(url); Statement s = c.createStatement()) {
            for (String statement : statements.subList(0, count)) {
                Migrations.run(c, s, Migrations.rerunnable(statement));
            }
        }
    }
}
