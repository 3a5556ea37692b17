package org.boardlab.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.boardlab.ai.basic.RandomPlayer;
import org.boardlab.core.PlayerSeat;
import org.boardlab.game.othello.Othello;
import org.boardlab.store.internal.Migrations;
import org.boardlab.store.testing.OldDatabases;
import org.boardlab.store.testing.StoreFixture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * What a resumed tournament reads before it plays, without reading its scheduled games' rows: the
 * queue's state ({@link Store#queueState}) and the players' jars ({@link Store#tournamentJars}),
 * each checked against a full read of the rows ({@link Store#scheduled}), on H2 and PostgreSQL;
 * and the migration that fills the jars' table for the games scheduled before it.
 */
class QueueStateTest {

    @RegisterExtension
    final StoreFixture stores = new StoreFixture();

    static List<String> kinds() {
        return StoreFixture.kinds();
    }

    private static List<GameToSchedule> games(int from, int to, String firstJar, String secondJar) {
        List<GameToSchedule> out = new ArrayList<>();
        for (int n = from; n <= to; n++) {
            boolean aFirst = n % 2 == 1;
            out.add(new GameToSchedule(n, 1 + n / 10, 1, "tictactoe", "", aFirst ? "a" : "b", aFirst ? "b" : "a", aFirst ? firstJar : secondJar,
                    aFirst ? secondJar : firstJar, n % 4 == 0 ? "" : "b2", "1s", n));
        }
        return out;
    }

    /** The queue's state as a full read of the tournament's rows gives it, and the highest game id as SQL gives it. */
    private static Store.QueueState recount(Store store, String url, long tournamentId) throws SQLException {
        int scheduled = 0;
        int done = 0;
        List<ScheduledGame> leased = new ArrayList<>();
        for (ScheduledGame s : store.scheduled(tournamentId)) {
            scheduled++;
            switch (s.state()) {
                case "done" -> done++;
                case "queued" -> { }
                case "leased" -> leased.add(s);
                default -> throw new AssertionError(s.state());
            }
        }
        try (Connection c = StoreFixture.connect(url); Statement st = c.createStatement();
                ResultSet r = st.executeQuery("SELECT MAX(id) FROM games")) {
            r.next();
            return new Store.QueueState(scheduled, done, leased, r.getLong(1));
        }
    }

    /**
     * The counts a resume reads are those of a full read of the rows after every kind of change:
     * scheduling (again too), taking several at once, storing results one by one and through the
     * writer in one transaction, a second result for a game refused, a game given back, another
     * tournament's changes.
     */
    @ParameterizedTest
    @MethodSource("kinds")
    void theQueuesStateEqualsAFullReadOfItsRowsAtEveryStep(String kind) throws Exception {
        String url = stores.fresh(kind);
        Store store = stores.open(url);
        Tournament t = store.createTournament("t", "tictactoe", "", "{}", 1000, 0, 0);
        Tournament other = store.createTournament("other", "tictactoe", "", "{}", 1000, 0, 0);
        assertThat(store.queueState(t.id())).isEqualTo(new Store.QueueState(0, 0, List.of(), 0));
        store.schedule(other.id(), games(1, 7, null, null));
        store.schedule(t.id(), games(1, 30, null, null));
        store.schedule(t.id(), games(21, 40, null, null)); // 21..30 again: only 31..40 are new
        assertThat(store.queueState(t.id())).isEqualTo(recount(store, url, t.id()));
        assertThat(store.queueState(t.id()).scheduled()).isEqualTo(40);
        assertThat(store.queueState(t.id()).queued()).isEqualTo(40);

        List<FinishedGame> played = stores.play(new Othello(), new PlayerSeat("a", RandomPlayer::new), new PlayerSeat("b", RandomPlayer::new),
                13, 3, "tournament");
        List<ScheduledGame> taken = store.take(t.id(), "w1", Duration.ofMinutes(5), List.of(), 15);
        assertThat(taken).hasSize(15);
        for (int i = 0; i < 6; i++) {
            assertThat(store.complete(taken.get(i).id(), "w1", played.get(i))).isTrue();
        }
        List<java.util.concurrent.CompletableFuture<Boolean>> later = new ArrayList<>();
        for (int i = 6; i < 12; i++) {
            later.add(store.completeLater(taken.get(i).id(), "w1", played.get(i))); // the writer: several in a transaction
        }
        later.forEach(f -> assertThat(f.join()).isTrue());
        assertThat(store.complete(taken.get(3).id(), "w2", played.get(12))).as("a second result for game 4").isFalse();
        store.take(other.id(), "w2", Duration.ofMinutes(5)).orElseThrow(); // another tournament's lease is not counted
        store.release(taken.get(12).id(), "w1"); // back to the queue
        Store.QueueState state = store.queueState(t.id());
        assertThat(state).isEqualTo(recount(store, url, t.id()));
        assertThat(state.done()).isEqualTo(12);
        assertThat(state.leased()).extracting(s -> s.game().number()).containsExactly(14, 15);
        assertThat(state.leased()).extracting(ScheduledGame::leaseOwner).containsOnly("w1");
        assertThat(state.queued()).isEqualTo(26);
        assertThat(state.scheduled()).isEqualTo(40);
        assertThat(state.lastGameId()).isPositive();
        assertThat(store.queueState(other.id())).isEqualTo(recount(store, url, other.id()));
        assertThat(store.queueState(12345).scheduled()).isZero();
    }

    /**
     * A tournament's rows are read without reading the other tournaments': a small tournament beside a big one is read
     * through the queue's (tournament, number) key, where H2 scanned the whole table (every tournament's rows: the read
     * of 20 games looked at 2,020 rows), and one game of it is one row. What H2 looked at is its {@code EXPLAIN
     * ANALYZE} of the statement the store ran (from H2's statistics of the statements run).
     */
    @org.junit.jupiter.api.Test
    void aTournamentsRowsAreReadWithoutTheOtherTournamentsAndOneGameIsOneRow() throws Exception {
        String url = stores.fresh("h2");
        Store store = stores.open(url);
        long big = store.createTournament("big", "tictactoe", "", "{}", 1000, 0, 0).id();
        long small = store.createTournament("small", "tictactoe", "", "{}", 1000, 0, 0).id();
        store.schedule(big, games(1, 2000, null, null));
        store.schedule(small, games(1, 20, null, null));
        try (Connection c = StoreFixture.connect(url); Statement st = c.createStatement()) {
            st.execute("SET QUERY_STATISTICS TRUE");
            assertThat(store.scheduled(small)).extracting(s -> s.game().number()).containsExactlyElementsOf(
                    java.util.stream.IntStream.rangeClosed(1, 20).boxed().toList());
            String read = null;
            try (ResultSet r = st.executeQuery("SELECT SQL_STATEMENT FROM INFORMATION_SCHEMA.QUERY_STATISTICS")) {
                while (r.next()) {
                    String sql = r.getString(1);
                    if (sql.startsWith("SELECT s.id,") && sql.endsWith("WHERE s.tournament_id = ?")) {
                        assertThat(read).as("the statements that read a tournament's rows").isIn(null, sql);
                        read = sql;
                    }
                }
            }
            assertThat(read).as("the store's read of a tournament's rows").isNotNull();
            String plan;
            try (ResultSet r = st.executeQuery("EXPLAIN ANALYZE " + read.replace("?", Long.toString(small)))) {
                r.next();
                plan = r.getString(1);
            }
            java.util.regex.Matcher m = java.util.regex.Pattern.compile("scanCount: (\\d+)").matcher(plan);
            assertThat(m.find()).as(plan).isTrue();
            assertThat(Integer.parseInt(m.group(1))).as(plan).isLessThanOrEqualTo(21);
        }
        assertThat(store.scheduled(big)).hasSize(2000); // most of the queue: by the table itself, as before
        assertThat(store.scheduledGame(small, 7)).hasValueSatisfying(g -> {
            assertThat(g.game().number()).isEqualTo(7);
            assertThat(g.tournamentId()).isEqualTo(small);
        });
        assertThat(store.scheduledGame(small, 21)).isEmpty();
    }

    /**
     * A database of the schema before gets each tournament's counts from its rows, and they stay
     * exact from then on.
     */
    @ParameterizedTest
    @MethodSource("kinds")
    void aDatabaseOfTheSchemaBeforeGetsItsTournamentsCountsFilledIn(String kind) throws Exception {
        String url = stores.fresh(kind);
        Store store = stores.open(url);
        long t = store.createTournament("t", "tictactoe", "", "{}", 1000, 0, 0).id();
        long empty = store.createTournament("empty", "tictactoe", "", "{}", 1000, 0, 0).id();
        store.schedule(t, games(1, 9, null, null));
        List<FinishedGame> played = stores.play(new Othello(), new PlayerSeat("a", RandomPlayer::new), new PlayerSeat("b", RandomPlayer::new),
                4, 5, "tournament");
        List<ScheduledGame> taken = store.take(t, "w1", Duration.ofMinutes(5), List.of(), 5);
        for (int i = 0; i < 3; i++) {
            assertThat(store.complete(taken.get(i).id(), "w1", played.get(i))).isTrue();
        }
        stores.closeAll();
        OldDatabases.beforeTournamentJars(url);

        Store migrated = stores.open(url);
        assertThat(migrated.schemaVersion()).isEqualTo(Migrations.latest());
        assertThat(migrated.queueState(t)).isEqualTo(recount(migrated, url, t));
        assertThat(migrated.queueState(t).done()).isEqualTo(3);
        assertThat(migrated.queueState(t).leased()).hasSize(2);
        assertThat(migrated.queueState(empty)).isEqualTo(recount(migrated, url, empty));
        assertThat(migrated.complete(taken.get(3).id(), "w1", played.get(3))).isTrue();
        assertThat(migrated.queueState(t)).isEqualTo(recount(migrated, url, t));
        assertThat(migrated.queueState(t).done()).isEqualTo(4);
    }

    @ParameterizedTest
    @MethodSource("kinds")
    void theJarsATournamentsGamesNameAreKeptWithItsScheduleAndReadWithoutItsGames(String kind) {
        Store store = stores.store(kind);
        String one = store.putJar("team.one", "1.0.0", "one.jar", new byte[] {1, 2, 3});
        String two = store.putJar("team.two", "1.0.0", "two.jar", new byte[] {4, 5, 6});
        Tournament t = store.createTournament("t", "tictactoe", "", "{}", 1000, 0, 0);
        Tournament other = store.createTournament("other", "tictactoe", "", "{}", 1000, 0, 0);
        store.schedule(t.id(), games(1, 10, one, null));
        assertThat(store.tournamentJars(t.id())).containsExactly(Map.entry("a", one));
        store.schedule(t.id(), games(11, 20, one, two)); // a next round: b now comes from a jar too
        store.schedule(t.id(), games(11, 20, one, two)); // scheduled again (a resume): nothing new
        assertThat(store.tournamentJars(t.id())).containsExactly(Map.entry("a", one), Map.entry("b", two));
        assertThat(store.tournamentJars(other.id())).isEmpty();
        store.schedule(other.id(), games(1, 3, two, null));
        assertThat(store.tournamentJars(other.id())).containsExactly(Map.entry("a", two));
        assertThat(store.tournamentJars(t.id())).isEqualTo(jarsOfTheRows(store, t.id()));
        // a game naming a jar the database does not have is refused whole, with its schedule
        assertThatThrownBy(() -> store.schedule(t.id(), games(21, 22, "f".repeat(64), null))).isInstanceOf(StoreException.class);
        assertThat(store.scheduled(t.id())).hasSize(20);
        assertThat(store.tournamentJars(t.id())).containsExactly(Map.entry("a", one), Map.entry("b", two));
    }

    /** Each player and jar the tournament's scheduled games name, from a full read of the rows. */
    private static List<Map.Entry<String, String>> jarsOfTheRows(Store store, long tournamentId) {
        java.util.TreeSet<Map.Entry<String, String>> out = new java.util.TreeSet<>(Map.Entry.<String, String>comparingByKey()
                .thenComparing(Map.Entry.comparingByValue()));
        for (ScheduledGame s : store.scheduled(tournamentId)) {
            if (s.game().firstJar() != null) {
                out.add(Map.entry(s.game().firstPlayer(), s.game().firstJar()));
            }
            if (s.game().secondJar() != null) {
                out.add(Map.entry(s.game().secondPlayer(), s.game().secondJar()));
            }
        }
        return List.copyOf(out);
    }

    @ParameterizedTest
    @MethodSource("kinds")
    void aDatabaseOfTheSchemaBeforeGetsTheJarsOfItsScheduledGamesFilledIn(String kind) throws Exception {
        String url = stores.fresh(kind);
        Store store = stores.open(url);
        String one = store.putJar("team.one", "1.0.0", "one.jar", new byte[] {1, 2, 3});
        String two = store.putJar("team.two", "1.0.0", "two.jar", new byte[] {4, 5, 6});
        long t = store.createTournament("t", "tictactoe", "", "{}", 1000, 0, 0).id();
        long u = store.createTournament("u", "tictactoe", "", "{}", 1000, 0, 0).id();
        store.schedule(t, games(1, 10, one, two));
        store.schedule(u, games(1, 4, null, null));
        stores.closeAll();
        OldDatabases.beforeTournamentJars(url);

        Store migrated = stores.open(url);
        assertThat(migrated.schemaVersion()).isEqualTo(Migrations.latest());
        assertThat(migrated.tournamentJars(t)).containsExactly(Map.entry("a", one), Map.entry("b", two));
        assertThat(migrated.tournamentJars(u)).isEmpty();
    }

    @Test
    void anH2DatabaseKilledAtAnyPointOfTheMigrationOpensWithEveryJarAndItsCounts() throws Exception {
        int version = OldDatabases.migration(OldDatabases.TOURNAMENT_JARS);
        int statements = Migrations.statementsOf(version, false).size();
        assertThat(statements).isEqualTo(4);
        // what a kill -9 leaves after each statement (here each is committed, the INSERT too, before the migration is recorded)
        for (int done = 0; done <= statements; done++) {
            String url = stores.fresh("h2");
            Store store = stores.open(url);
            String one = store.putJar("team.one", "1.0.0", "one.jar", new byte[] {1, 2, 3});
            long t = store.createTournament("t", "tictactoe", "", "{}", 1000, 0, 0).id();
            store.schedule(t, games(1, 6, one, null));
            stores.closeAll();
            OldDatabases.beforeTournamentJars(url);
            OldDatabases.applyPartly(url, version, done);
            Store migrated = stores.open(url);
            assertThat(migrated.schemaVersion()).as("after %d statements", done).isEqualTo(Migrations.latest());
            assertThat(migrated.tournamentJars(t)).as("after %d statements", done).containsExactly(Map.entry("a", one));
            assertThat(migrated.queueState(t)).as("after %d statements", done).isEqualTo(recount(migrated, url, t));
            assertThat(migrated.queueState(t).scheduled()).isEqualTo(6);
            stores.closeAll();
        }
    }
}
