package org.boardlab.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import org.boardlab.store.internal.Migrations;
import org.boardlab.store.testing.OldDatabases;
import org.boardlab.store.testing.StoreFixture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Migration 10: the indexes of the games and of the rating history by player are gone (no query of
 * boardlab's used them), on H2 and PostgreSQL; a database of the schema before opens with every game
 * still found by player (id or side name), and every rating history and current rating as it was.
 */
class PlayerIndexesTest {

    @RegisterExtension
    final StoreFixture stores = new StoreFixture();

    static List<String> kinds() {
        return StoreFixture.kinds();
    }

    private static final Instant T = Instant.parse("2026-11-30T04:00:00Z");

    /** A finished Othello game; {@code first} and {@code second} are seats (a side's name and player id may differ). */
    private static FinishedGame game(Seat first, Seat second, Integer winner, int minute) {
        Instant end = T.plusSeconds(60L * minute);
        return new FinishedGame("othello", "", "match", null, null, first, second, end.minusSeconds(30), end, winner, "normal",
                winner == null ? "draw" : "side " + winner + " wins", 33, 31, 10, 12, 0, 0, List.of());
    }

    /** Games among ann, ben and cid (rated), one of alphabeta against itself under two names (not rated), one of a named side. */
    private static List<FinishedGame> games(int from, int n) {
        String[] players = {"ann", "ben", "cid"};
        List<FinishedGame> out = new ArrayList<>();
        for (int k = from; k < from + n; k++) {
            String a = players[k % 3];
            String b = players[(k + 1 + k / 3) % 3];
            if (a.equals(b)) {
                b = players[(k + 1) % 3];
            }
            out.add(game(Seat.named(a), Seat.named(b), k % 4 == 3 ? null : 1 + k % 2, k));
        }
        out.add(game(new Seat("alphabeta#1", "alphabeta", "boardlab.ai.search", "0.1.0", null),
                new Seat("alphabeta#2", "alphabeta", "boardlab.ai.search", "0.1.0", null), 2, from + n));
        out.add(game(new Seat("dora", "random", "boardlab.ai.basic", "0.1.0", null), Seat.named("ann"), 1, from + n + 1));
        return out;
    }

    /** What a player's lookups give: the ids of the games found by each name, each history and the current ratings. */
    private static Map<String, Object> lookups(Store store) {
        Map<String, Object> out = new TreeMap<>();
        for (String who : List.of("ann", "ben", "cid", "alphabeta", "alphabeta#2", "random", "dora", "nobody")) {
            out.put("games " + who, store.games(GameQuery.ALL.withPlayer(who)).stream().map(StoredGame::id).toList());
        }
        for (String ladder : List.of("elo", "glicko2")) {
            for (String who : List.of("ann", "ben", "cid", "alphabeta")) {
                out.put(ladder + " history " + who, store.ratingHistory(ladder, "othello", who));
            }
            out.put(ladder + " now", store.ratings(ladder, "othello"));
            out.put(ladder + " gomoku now", store.ratings(ladder, "gomoku"));
        }
        return out;
    }

    @ParameterizedTest
    @MethodSource("kinds")
    void aDatabaseOfTheSchemaBeforeOpensWithItsGamesFoundByPlayerAndItsRatingHistoriesAsTheyWere(String kind) throws Exception {
        String url = stores.fresh(kind);
        Store store = stores.open(url);
        store.saveGames(games(0, 9));
        Map<String, Object> before = lookups(store);
        assertThat(list(before.get("games ann"))).hasSize(7); // six among the three, and dora's
        assertThat(list(before.get("games alphabeta#2"))).hasSize(1);
        assertThat(list(before.get("elo history ann"))).hasSize(7);
        assertThat(list(before.get("elo history alphabeta"))).isEmpty(); // against itself: not rated
        stores.closeAll();
        OldDatabases.beforeFewerPlayerIndexes(url);
        assertThat(indexes(url, "games")).contains("games_first_player", "games_second_player");
        assertThat(indexes(url, "ratings")).contains("ratings_player");

        Store migrated = stores.open(url);
        assertThat(migrated.schemaVersion()).isEqualTo(Migrations.latest());
        assertThat(indexes(url, "games")).doesNotContain("games_first_player", "games_second_player")
                .contains("games_tournament", "games_ended");
        assertThat(indexes(url, "ratings")).doesNotContain("ratings_player");
        assertThat(lookups(migrated)).isEqualTo(before);

        List<Long> later = migrated.saveGames(games(9, 3));
        Map<String, Object> after = lookups(migrated);
        assertThat(list(after.get("games ann"))).startsWith(later.get(4)).containsAll(list(before.get("games ann")));
        assertThat(list(after.get("elo history ann"))).hasSize((list(before.get("elo history ann"))).size() + 3);
        assertThat(Ladder.replay(migrated)).isEqualTo(Ladder.now(migrated));
    }

    @Test
    void onH2TheMigrationKilledAfterAnyOfItsStatementsRunsAgainToTheSameIndexes() throws Exception {
        String url = stores.fresh("h2");
        Store store = stores.open(url);
        store.saveGames(games(0, 6));
        Map<String, Object> before = lookups(store);
        stores.closeAll();
        int version = OldDatabases.migration(OldDatabases.FEWER_PLAYER_INDEXES);
        int statements = Migrations.statementsOf(version, false).size();
        assertThat(statements).isEqualTo(3);
        for (int done = 0; done <= statements; done++) {
            OldDatabases.beforeFewerPlayerIndexes(url);
            OldDatabases.applyPartly(url, version, done); // what a kill after this many statements leaves
            Store again = stores.open(url);
            assertThat(again.schemaVersion()).as("after %d statements", done).isEqualTo(Migrations.latest());
            assertThat(lookups(again)).as("after %d statements", done).isEqualTo(before);
            stores.closeAll();
            assertThat(indexes(url, "games")).as("after %d statements", done).doesNotContain("games_first_player", "games_second_player");
            assertThat(indexes(url, "ratings")).as("after %d statements", done).doesNotContain("ratings_player");
        }
    }

    @SuppressWarnings("unchecked")
    private static List<Object> list(Object o) {
        return (List<Object>) o;
    }

    /** The names of a table's indexes, in lower case (H2's INFORMATION_SCHEMA, PostgreSQL's pg_indexes). */
    private static TreeSet<String> indexes(String url, String table) throws SQLException {
        boolean h2 = url.startsWith("jdbc:h2:");
        TreeSet<String> out = new TreeSet<>();
        try (Connection c = StoreFixture.connect(url); PreparedStatement p = c.prepareStatement(h2
                ? "SELECT INDEX_NAME FROM INFORMATION_SCHEMA.INDEXES WHERE TABLE_SCHEMA = 'PUBLIC' AND TABLE_NAME = ?"
                : "SELECT indexname FROM pg_indexes WHERE schemaname = current_schema() AND tablename = ?")) {
            p.setString(1, h2 ? table.toUpperCase(Locale.ROOT) : table);
            try (ResultSet r = p.executeQuery()) {
                while (r.next()) {
                    out.add(r.getString(1).toLowerCase(Locale.ROOT));
                }
            }
        }
        return out;
    }
}
