package org.boardlab.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.boardlab.store.internal.LeaveOpen;
import org.boardlab.store.testing.StoreFixture;
import org.boardlab.store.testing.TestProcesses;
import org.boardlab.store.testing.WarningLog;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The lab ladder torn from its games, as a process killed on H2 while another process's rating
 * transaction was half written (through {@code AUTO_SERVER}) can leave it, and repaired
 * ({@link Store#repairLadder}): directly on H2 and PostgreSQL, and by the open of an H2 database that a
 * process left open.
 */
class LadderRepairTest {

    @RegisterExtension
    final StoreFixture stores = new StoreFixture();

    static List<String> kinds() {
        return StoreFixture.kinds();
    }

    private static FinishedGame game(String first, String second, Integer winner, int minute) {
        Instant t = Instant.parse("2026-11-28T10:00:00Z").plusSeconds(60L * minute);
        return new FinishedGame("othello", "", "match", null, null, Seat.named(first), Seat.named(second), t, t.plusSeconds(5), winner,
                "normal", winner == null ? "draw" : "side " + winner + " wins", 33, 31, 10, 12, 0, 0, List.of());
    }

    /** The ladder and its history as they were after the first seven games: what the repair must give back. */
    private record Whole(List<LadderEntry> elo, List<LadderEntry> glicko, List<String> history) {
    }

    private static Whole whole(Store store, String url) throws SQLException {
        List<String> history = new ArrayList<>();
        try (Connection c = StoreFixture.connect(url); Statement st = c.createStatement();
                ResultSet r = st.executeQuery("SELECT ladder, game, player, rating, deviation, volatility, games, game_id, at FROM ratings "
                        + "ORDER BY game_id, ladder, player")) {
            while (r.next()) {
                history.add(r.getString(1) + " " + r.getString(2) + " " + r.getString(3) + " " + r.getDouble(4) + " " + r.getObject(5) + " "
                        + r.getObject(6) + " " + r.getInt(7) + " " + r.getLong(8) + " " + r.getObject(9, java.time.OffsetDateTime.class).toInstant());
            }
        }
        return new Whole(byPlayer(store.ladder("elo", null)), byPlayer(store.ladder("glicko2", null)), history);
    }

    /** The ladder's entries by game and player (its own order, best first, leaves ties to the database). */
    private static List<LadderEntry> byPlayer(List<LadderEntry> entries) {
        List<LadderEntry> sorted = new ArrayList<>(entries);
        sorted.sort(java.util.Comparator.comparing(LadderEntry::game).thenComparing(LadderEntry::player));
        return sorted;
    }

    /**
     * Stores eight rated games between alice, bob and carol (and one of alice against herself, not rated),
     * keeping the ladder as it was after the seventh, then tears it by hand: the eighth game's row deleted
     * (its ratings stay: the ratings of a game that is not stored), the seventh's history rows deleted
     * (the game without its ratings), carol's Elo off by 7, and a ladder row for dave, who played nothing.
     *
     * @return the ladder after seven games, and the ids of the seventh and eighth games
     */
    private Object[] torn(Store store, String url) throws SQLException {
        String[][] pairs = {{"alice", "bob"}, {"bob", "carol"}, {"carol", "alice"}, {"alice", "bob"}, {"bob", "carol"}, {"alice", "carol"},
            {"carol", "bob"}};
        Integer[] winners = {1, 2, null, 1, 1, 2, null};
        long seventh = 0;
        for (int k = 0; k < pairs.length; k++) {
            seventh = store.saveGame(game(pairs[k][0], pairs[k][1], winners[k], k));
        }
        store.saveGame(game("alice", "alice", 1, 8));
        Whole after7 = whole(store, url);
        long eighth = store.saveGame(game("bob", "alice", 2, 9));
        try (Connection c = StoreFixture.connect(url); Statement st = c.createStatement()) {
            assertThat(st.executeUpdate("DELETE FROM games WHERE id = " + eighth)).isEqualTo(1);
            assertThat(st.executeUpdate("DELETE FROM ratings WHERE game_id = " + seventh)).isEqualTo(4);
            assertThat(st.executeUpdate("UPDATE ladder SET rating = rating + 7 WHERE ladder = 'elo' AND player = 'carol'")).isEqualTo(1);
            assertThat(st.executeUpdate("INSERT INTO ladder (ladder, game, player, rating, games, wins, draws, losses, last_game_id, updated_at) "
                    + "VALUES ('elo', 'othello', 'dave', 1650, 1, 1, 0, 0, " + eighth + ", CURRENT_TIMESTAMP)")).isEqualTo(1);
        }
        return new Object[] {after7, seventh, eighth};
    }

    private static void assertRepaired(List<String> repairs, long seventh, long eighth) {
        assertThat(repairs.get(0)).isEqualTo("the ladder: 4 rating rows of game " + eighth + ", which is not stored; deleted");
        assertThat(repairs).contains("the ladder: game " + seventh + " (othello, 'carol' against 'bob') is stored but was not rated; rated now");
        assertThat(repairs).anySatisfy(r -> assertThat(r).startsWith("the ladder: elo othello 'dave' was 1650 after 1 game (1 won, 0 drawn, 0 lost, "
                + "the last game " + eighth + "); it has no rating history: deleted"));
        assertThat(repairs).anySatisfy(r -> assertThat(r).startsWith("the ladder: elo othello 'carol' was ").endsWith(": set to the history's"));
    }

    @ParameterizedTest
    @MethodSource("kinds")
    void theRepairDeletesTheRatingsOfGamesNotStoredRatesStoredGamesWithoutThemAndSetsTheLadderToItsHistory(String kind) throws Exception {
        String url = stores.fresh(kind);
        Store store = stores.open(url);
        Object[] t = torn(store, url);
        List<String> repairs = store.repairLadder();
        assertRepaired(repairs, (Long) t[1], (Long) t[2]);
        assertThat(whole(store, url)).as("the ladder and its history as after the seventh game").isEqualTo(t[0]);
        assertThat(Ladder.now(store)).isEqualTo(Ladder.replay(store));
        assertThat(store.repairLadder()).as("nothing left to repair").isEmpty();
        // and the store rates on from there
        store.saveGame(game("alice", "bob", 1, 10));
        assertThat(Ladder.now(store)).isEqualTo(Ladder.replay(store));
    }

    /**
     * A game of a client that gave no name is stored without ratings, as the last game, exactly as a rated game whose
     * ratings were torn off looks: the repair must leave it unrated ({@code Ladders.rated} in its query).
     */
    @ParameterizedTest
    @MethodSource("kinds")
    void aGameOfAClientWithoutANameStoredLastIsNotRatedByTheRepair(String kind) throws Exception {
        String url = stores.fresh(kind);
        Store store = stores.open(url);
        store.saveGame(game("alice", "bob", 1, 0));
        store.saveGame(game("bob", "alice", null, 1));
        Instant t = Instant.parse("2026-11-28T11:00:00Z");
        store.saveGame(new FinishedGame("othello", "", "server", null, null, Seat.anonymous("othello#17"), Seat.named("bob"), t,
                t.plusSeconds(5), 1, "normal", "side 1 wins", 40, 24, 10, 12, 0, 0, List.of()));
        Whole before = whole(store, url);
        assertThat(before.history()).as("two rated games").hasSize(8);
        assertThat(store.repairLadder()).as("nothing to repair").isEmpty();
        assertThat(whole(store, url)).isEqualTo(before);
        assertThat(Ladder.now(store)).isEqualTo(Ladder.replay(store));
    }

    @ParameterizedTest
    @MethodSource("kinds")
    void aWholeLadderIsLeftAlone(String kind) throws Exception {
        String url = stores.fresh(kind);
        Store store = stores.open(url);
        assertThat(store.repairLadder()).as("nothing rated yet").isEmpty();
        for (int k = 0; k < 5; k++) {
            store.saveGame(game(k % 2 == 0 ? "alice" : "bob", k % 2 == 0 ? "bob" : "carol", k % 3 == 0 ? null : 1 + k % 2, k));
        }
        Whole before = whole(store, url);
        assertThat(store.repairLadder()).isEmpty();
        assertThat(whole(store, url)).isEqualTo(before);
    }

    @Test
    void anH2DatabaseLeftOpenHasItsLadderRepairedWhenTheStoreOpens() throws Exception {
        Path base = stores.dir().resolve("lab");
        String url = Stores.h2File(base);
        Object[] t = torn(stores.open(url), url);
        stores.closeAll();
        Process p = new ProcessBuilder(TestProcesses.java(LeaveOpen.class, url)).redirectErrorStream(true).start();
        List<String> said = new ArrayList<>();
        try (BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line; (line = out.readLine()) != null;) {
                said.add(line);
            }
        }
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(said).as("the process that left the database open").contains("open");
        Store store;
        List<String> warnings;
        try (WarningLog log = WarningLog.of(Store.class)) {
            store = stores.open(url);
            warnings = log.messages();
        }
        String prefix = "the database " + url + " was left open by a process that ended without closing it: ";
        assertThat(warnings).allSatisfy(w -> assertThat(w).startsWith(prefix));
        assertRepaired(warnings.stream().map(w -> w.substring(prefix.length())).toList(), (Long) t[1], (Long) t[2]);
        assertThat(whole(store, url)).isEqualTo(t[0]);
    }
}
