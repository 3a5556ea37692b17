package org.boardlab.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.boardlab.ai.basic.RandomPlayer;
import org.boardlab.core.PlayerSeat;
import org.boardlab.game.othello.Othello;
import org.boardlab.store.testing.OldDatabases;
import org.boardlab.store.testing.StoreFixture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * An H2 database whose {@code ALTER TABLE ... ADD COLUMN} (migrations 3 and 7) was killed halfway
 * stores games again once it is opened (org.boardlab.store.internal.Migrations, <i>An H2 ALTER TABLE
 * killed halfway</i>).
 *
 * <p>The state is the one the tournament's {@code KillTest} left (3 runs in 19 under load: a new
 * database's first starts killed during the migrations): H2 adds a column by copying the table
 * ({@code AlterTableAlterColumn.copyData}): it creates {@code T_COPY_<session>_<n>}, copies the rows,
 * and re-creates on the copy each constraint, the foreign keys of other tables pointing at {@code T}
 * included (as {@code T_COPY_..._<constraint>}), each step committed, before it drops {@code T} and
 * renames the copy. Killed before the drop, the copy and those foreign keys stay; the next start runs
 * the statement again, which adds the column to {@code T}, and every later insert into the other
 * table failed: {@code Referential integrity constraint violation: "GAMES_COPY_3_0_CONSTRAINT_656C:
 * PUBLIC.RATINGS FOREIGN KEY(GAME_ID) REFERENCES PUBLIC.GAMES_COPY_3_0(ID)"}. Here that state is made
 * with the statements H2 runs up to the kill (a kill cannot be timed inside one statement).
 */
class InterruptedAlterTest {

    @RegisterExtension
    final StoreFixture stores = new StoreFixture();

    private List<FinishedGame> play(int n, long seed) {
        return stores.play(new Othello(), new PlayerSeat("a", RandomPlayer::new), new PlayerSeat("b", RandomPlayer::new), n, seed,
                "tournament");
    }

    /**
     * What H2 leaves of {@code ALTER TABLE table ADD COLUMN ...} killed after the copy's constraints
     * were made and before {@code table} was dropped: the copy {@code TABLE_COPY_3_0} with the rows,
     * its primary key, and for each foreign key of another table that points at {@code table} the
     * same key pointing at the copy, named as H2 names it. Each statement commits by itself, as in H2.
     *
     * @return the foreign keys made, as {@code TABLE.CONSTRAINT}
     */
    private static List<String> leaveAnAlterKilledHalfway(String url, String table) throws SQLException {
        String copy = table.toUpperCase(java.util.Locale.ROOT) + "_COPY_3_0";
        List<String> made = new ArrayList<>();
        try (Connection c = StoreFixture.connect(url); Statement s = c.createStatement()) {
            s.execute("CREATE TABLE " + copy + " AS SELECT * FROM " + table);
            s.execute("ALTER TABLE " + copy + " ALTER COLUMN id SET NOT NULL");
            s.execute("ALTER TABLE " + copy + " ADD PRIMARY KEY (id)");
            List<String[]> keys = new ArrayList<>();
            try (PreparedStatement p = c.prepareStatement("SELECT fk.TABLE_NAME, fk.CONSTRAINT_NAME, k.COLUMN_NAME, rc.DELETE_RULE "
                    + "FROM INFORMATION_SCHEMA.REFERENTIAL_CONSTRAINTS rc "
                    + "JOIN INFORMATION_SCHEMA.TABLE_CONSTRAINTS fk ON fk.CONSTRAINT_NAME = rc.CONSTRAINT_NAME "
                    + "JOIN INFORMATION_SCHEMA.TABLE_CONSTRAINTS pk ON pk.CONSTRAINT_NAME = rc.UNIQUE_CONSTRAINT_NAME "
                    + "JOIN INFORMATION_SCHEMA.KEY_COLUMN_USAGE k ON k.CONSTRAINT_NAME = fk.CONSTRAINT_NAME "
                    + "WHERE pk.TABLE_NAME = ? AND fk.TABLE_NAME <> ?")) {
                p.setString(1, table.toUpperCase(java.util.Locale.ROOT));
                p.setString(2, table.toUpperCase(java.util.Locale.ROOT));
                try (ResultSet r = p.executeQuery()) {
                    while (r.next()) {
                        keys.add(new String[] {r.getString(1), r.getString(2), r.getString(3), r.getString(4)});
                    }
                }
            }
            assertThat(keys).as("foreign keys pointing at %s", table).isNotEmpty();
            for (String[] k : keys) {
                String name = copy + "_" + k[1];
                s.execute("ALTER TABLE " + k[0] + " ADD CONSTRAINT " + name + " FOREIGN KEY (" + k[2] + ") REFERENCES " + copy
                        + " (id) ON DELETE " + k[3]);
                made.add(k[0] + "." + name);
            }
        }
        return made;
    }

    /** The foreign keys of the database, as {@code TABLE.CONSTRAINT -> REFERENCED_TABLE}. */
    private static List<String> foreignKeys(String url) throws SQLException {
        List<String> out = new ArrayList<>();
        try (Connection c = StoreFixture.connect(url); Statement s = c.createStatement();
                ResultSet r = s.executeQuery("SELECT fk.TABLE_NAME, fk.CONSTRAINT_NAME, pk.TABLE_NAME "
                        + "FROM INFORMATION_SCHEMA.REFERENTIAL_CONSTRAINTS rc "
                        + "JOIN INFORMATION_SCHEMA.TABLE_CONSTRAINTS fk ON fk.CONSTRAINT_NAME = rc.CONSTRAINT_NAME "
                        + "JOIN INFORMATION_SCHEMA.TABLE_CONSTRAINTS pk ON pk.CONSTRAINT_NAME = rc.UNIQUE_CONSTRAINT_NAME "
                        + "ORDER BY 1, 2")) {
            while (r.next()) {
                out.add(r.getString(1) + "." + r.getString(2) + " -> " + r.getString(3));
            }
        }
        return out;
    }

    private static List<String> tables(String url) throws SQLException {
        List<String> out = new ArrayList<>();
        try (Connection c = StoreFixture.connect(url); Statement s = c.createStatement();
                ResultSet r = s.executeQuery("SELECT TABLE_NAME FROM INFORMATION_SCHEMA.TABLES WHERE TABLE_SCHEMA = 'PUBLIC' "
                        + "AND TABLE_TYPE = 'BASE TABLE' ORDER BY 1")) {
            while (r.next()) {
                out.add(r.getString(1));
            }
        }
        return out;
    }

    @Test
    void aCopyOfGamesLeftByAKilledAlterIsDroppedAndRatedGamesAreStoredAgain() throws Exception {
        String url = stores.fresh("h2");
        List<FinishedGame> played = play(3, 31);
        Store store = stores.open(url);
        long first = store.saveGame(played.get(0)); // rated: a and b are two players
        List<String> before = foreignKeys(url);
        stores.closeAll();
        // migrations 3 and 7 (the ALTERs a kill can cut) ran before migration 9 dropped the rating history's keys
        OldDatabases.beforeRatingsWithoutKeys(url);
        List<String> made = leaveAnAlterKilledHalfway(url, "games");
        assertThat(made).anyMatch(k -> k.startsWith("RATINGS.GAMES_COPY_3_0_"));

        Store again = stores.open(url);
        long second = again.saveGame(played.get(1)); // failed before: its ratings rows were not in GAMES_COPY_3_0
        List<Long> third = again.saveGames(List.of(played.get(2)));
        assertThat(again.game(first)).isPresent();
        assertThat(again.game(second)).isPresent();
        assertThat(again.game(third.get(0))).isPresent();
        try (Connection c = StoreFixture.connect(url); Statement s = c.createStatement();
                ResultSet r = s.executeQuery("SELECT COUNT(DISTINCT game_id) FROM ratings")) {
            r.next();
            assertThat(r.getInt(1)).as("games rated").isEqualTo(3);
        }
        stores.closeAll();
        assertThat(tables(url)).doesNotContain("GAMES_COPY_3_0").contains("GAMES", "RATINGS");
        assertThat(foreignKeys(url)).as("the foreign keys as they were before the ALTER, less those migration 9 drops").isEqualTo(before);
    }

    @Test
    void aCopyOfTheQueueLeftByAKilledAlterIsDroppedAndTournamentGamesAreStoredAgain() throws Exception {
        String url = stores.fresh("h2");
        List<FinishedGame> played = play(2, 47);
        Store store = stores.open(url);
        Tournament t = store.createTournament("t", "othello", "", "{}", 1000, 0, 0);
        store.schedule(t.id(), List.of(new GameToSchedule(1, 1, 1, "othello", "", "a", "b", null, null, "", "1s", 1)));
        ScheduledGame one = store.take(t.id(), "w", Duration.ofMinutes(5)).orElseThrow();
        assertThat(store.complete(one.id(), "w", played.get(0))).isTrue();
        List<String> before = foreignKeys(url);
        stores.closeAll();
        List<String> made = leaveAnAlterKilledHalfway(url, "scheduled_games");
        assertThat(made).anyMatch(k -> k.startsWith("GAMES.SCHEDULED_GAMES_COPY_3_0_"));

        Store again = stores.open(url);
        again.schedule(t.id(), List.of(new GameToSchedule(2, 1, 1, "othello", "", "b", "a", null, null, "", "1s", 2)));
        ScheduledGame two = again.take(t.id(), "w", Duration.ofMinutes(5)).orElseThrow();
        assertThat(two.game().number()).isEqualTo(2);
        // failed before: the game's scheduled_id was looked for in SCHEDULED_GAMES_COPY_3_0 too, which has only game 1
        assertThat(again.complete(two.id(), "w", played.get(1))).isTrue();
        assertThat(again.scheduled(t.id())).allMatch(ScheduledGame::isDone).hasSize(2);
        assertThat(again.queueState(t.id()).done()).isEqualTo(2);
        stores.closeAll();
        assertThat(tables(url)).doesNotContain("SCHEDULED_GAMES_COPY_3_0").contains("SCHEDULED_GAMES");
        assertThat(foreignKeys(url)).as("the foreign keys as they were before the ALTER").isEqualTo(before);
    }

    /**
     * What H2 leaves when killed between its drop of {@code table} and the rename of the copy: the
     * copy, complete (its rows, indexes and constraints, and the foreign keys pointing at it), under
     * {@code TABLE_COPY_3_4} with every index and constraint name prefixed by it, and no {@code table}.
     * Made here by renaming the table and those names as H2 named them in the copy.
     */
    private static void leaveTheCopyAlone(String url, String table) throws SQLException {
        String copy = table.toUpperCase(java.util.Locale.ROOT) + "_COPY_3_4";
        try (Connection c = StoreFixture.connect(url); Statement s = c.createStatement()) {
            List<String[]> constraints = new ArrayList<>();
            try (PreparedStatement p = c.prepareStatement("SELECT tc.TABLE_NAME, tc.CONSTRAINT_NAME FROM INFORMATION_SCHEMA.TABLE_CONSTRAINTS tc "
                    + "WHERE tc.TABLE_NAME = ? OR tc.CONSTRAINT_NAME IN (SELECT rc.CONSTRAINT_NAME FROM INFORMATION_SCHEMA.REFERENTIAL_CONSTRAINTS rc "
                    + "JOIN INFORMATION_SCHEMA.TABLE_CONSTRAINTS pk ON pk.CONSTRAINT_NAME = rc.UNIQUE_CONSTRAINT_NAME WHERE pk.TABLE_NAME = ?)")) {
                p.setString(1, table.toUpperCase(java.util.Locale.ROOT));
                p.setString(2, table.toUpperCase(java.util.Locale.ROOT));
                try (ResultSet r = p.executeQuery()) {
                    while (r.next()) {
                        constraints.add(new String[] {r.getString(1), r.getString(2)});
                    }
                }
            }
            List<String> indexes = new ArrayList<>();
            try (PreparedStatement p = c.prepareStatement("SELECT INDEX_NAME FROM INFORMATION_SCHEMA.INDEXES WHERE TABLE_NAME = ?")) {
                p.setString(1, table.toUpperCase(java.util.Locale.ROOT));
                try (ResultSet r = p.executeQuery()) {
                    while (r.next()) {
                        indexes.add(r.getString(1));
                    }
                }
            }
            s.execute("ALTER TABLE " + table + " RENAME TO " + copy);
            for (String[] k : constraints) {
                String on = k[0].equals(table.toUpperCase(java.util.Locale.ROOT)) ? copy : k[0];
                s.execute("ALTER TABLE " + on + " RENAME CONSTRAINT \"" + k[1] + "\" TO \"" + copy + "_" + k[1] + "\"");
            }
            for (String i : indexes) {
                if (!i.startsWith("PRIMARY_KEY") && !i.contains("_INDEX_")) { // the constraints' own indexes go with them
                    s.execute("ALTER INDEX \"" + i + "\" RENAME TO \"" + copy + "_" + i + "\"");
                }
            }
        }
    }

    private static List<String> indexes(String url, String table) throws SQLException {
        List<String> out = new ArrayList<>();
        try (Connection c = StoreFixture.connect(url);
                PreparedStatement p = c.prepareStatement("SELECT INDEX_NAME FROM INFORMATION_SCHEMA.INDEXES WHERE TABLE_NAME = ? ORDER BY 1")) {
            p.setString(1, table);
            try (ResultSet r = p.executeQuery()) {
                while (r.next()) {
                    out.add(r.getString(1));
                }
            }
        }
        return out;
    }

    @Test
    void aQueueDroppedByAKilledAlterIsTakenBackFromItsCopyWithItsIndexes() throws Exception {
        String url = stores.fresh("h2");
        List<FinishedGame> played = play(2, 53);
        Store store = stores.open(url);
        Tournament t = store.createTournament("t", "othello", "", "{}", 1000, 0, 0);
        store.schedule(t.id(), List.of(new GameToSchedule(1, 1, 1, "othello", "", "a", "b", null, null, "", "1s", 1),
                new GameToSchedule(2, 1, 1, "othello", "", "b", "a", null, null, "", "1s", 2)));
        ScheduledGame one = store.take(t.id(), "w", Duration.ofMinutes(5)).orElseThrow();
        assertThat(store.complete(one.id(), "w", played.get(0))).isTrue();
        List<String> keys = foreignKeys(url);
        List<String> indexes = indexes(url, "SCHEDULED_GAMES");
        assertThat(indexes).contains("SCHEDULED_GAMES_TAKE", "SCHEDULED_GAMES_LEASE");
        stores.closeAll();
        leaveTheCopyAlone(url, "scheduled_games");
        assertThat(tables(url)).contains("SCHEDULED_GAMES_COPY_3_4").doesNotContain("SCHEDULED_GAMES");

        Store again = stores.open(url); // failed before: every use of the queue, "Table SCHEDULED_GAMES not found"
        assertThat(again.queueState(t.id()).done()).isEqualTo(1); // the store names scheduled_games_take (USE INDEX) here
        ScheduledGame two = again.take(t.id(), "w", Duration.ofMinutes(5)).orElseThrow();
        assertThat(two.game().number()).isEqualTo(2);
        assertThat(again.complete(two.id(), "w", played.get(1))).isTrue();
        assertThat(again.scheduled(t.id())).allMatch(ScheduledGame::isDone).hasSize(2);
        stores.closeAll();
        assertThat(tables(url)).contains("SCHEDULED_GAMES").doesNotContain("SCHEDULED_GAMES_COPY_3_4");
        assertThat(indexes(url, "SCHEDULED_GAMES")).isEqualTo(indexes);
        assertThat(foreignKeys(url)).isEqualTo(keys);
    }
}
