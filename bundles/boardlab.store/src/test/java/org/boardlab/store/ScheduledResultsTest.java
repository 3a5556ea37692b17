package org.boardlab.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
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
 * A done scheduled game keeps its game's winner, ending, result and plies in its own row (migration
 * "a done scheduled game keeps its result"), written with the game in its transaction, so that
 * {@link Store#scheduled} (what a resumed tournament reads) reads no {@code games} row; a database of
 * the schema before gets them filled from its stored games, on H2 and PostgreSQL, also when H2 was
 * killed at any point of the migration.
 */
class ScheduledResultsTest {

    @RegisterExtension
    final StoreFixture stores = new StoreFixture();

    static List<String> kinds() {
        return StoreFixture.kinds();
    }

    private Store store(String url) {
        return stores.open(url);
    }

    private void closeAll() {
        stores.closeAll();
    }

    private List<FinishedGame> play(int n, long seed) {
        return stores.play(new Othello(), new PlayerSeat("a", RandomPlayer::new), new PlayerSeat("b", RandomPlayer::new), n, seed, "tournament");
    }

    /** A forfeit on time with a result longer than the 2,000 characters a result keeps. */
    private static FinishedGame forfeit(FinishedGame g) {
        return new FinishedGame(g.game(), g.options(), g.origin(), null, null, g.first(), g.second(), g.startedAt(), g.endedAt(), 1,
                "timeout", "b ran out of time " + "and more ".repeat(300), g.firstScore(), g.secondScore(), g.firstTimeMs(),
                g.secondTimeMs(), g.plies(), g.openingPlies(), g.moves());
    }

    /**
     * Tournament {@code t} with five scheduled games: 1 stored through {@link Store#complete}, 2 (a
     * forfeit) and 3 through the writer ({@link Store#completeLater}), 4 leased, 5 queued.
     *
     * @return the tournament's id
     */
    private long tournament(Store store, List<FinishedGame> played) {
        Tournament t = store.createTournament("t", "othello", "", "{}", 1000, 0, 0);
        List<GameToSchedule> todo = new ArrayList<>();
        for (int n = 1; n <= 5; n++) {
            todo.add(new GameToSchedule(n, 1, (n + 1) / 2, "othello", "", n % 2 == 1 ? "a" : "b", n % 2 == 1 ? "b" : "a", null, null, "",
                    "1s", n));
        }
        store.schedule(t.id(), todo);
        List<ScheduledGame> taken = new ArrayList<>();
        for (int n = 1; n <= 4; n++) {
            taken.add(store.take(t.id(), "w", Duration.ofMinutes(5)).orElseThrow());
        }
        assertThat(store.complete(taken.get(0).id(), "w", played.get(0))).isTrue();
        var two = store.completeLater(taken.get(1).id(), "w", forfeit(played.get(1)));
        var three = store.completeLater(taken.get(2).id(), "w", played.get(2));
        assertThat(two.join()).isTrue();
        assertThat(three.join()).isTrue();
        return t.id();
    }

    /** Each done row's result is its stored game's; the others have none. */
    private static void assertResultsAreTheGames(Store store, List<ScheduledGame> rows) {
        assertThat(rows).extracting(ScheduledGame::state).containsExactly("done", "done", "done", "leased", "queued");
        for (ScheduledGame s : rows.subList(0, 3)) {
            FinishedGame g = store.game(s.gameId()).orElseThrow().game();
            assertThat(s.winner()).as("game %d's winner", s.game().number()).isEqualTo(g.winner());
            assertThat(s.ending()).as("game %d's ending", s.game().number()).isEqualTo(g.ending());
            assertThat(s.result()).as("game %d's result", s.game().number()).isEqualTo(g.result()).isNotBlank();
            assertThat(s.plies()).as("game %d's plies", s.game().number()).isEqualTo(g.plies()).isPositive();
        }
        assertThat(rows.get(1).ending()).isEqualTo("timeout");
        assertThat(rows.get(1).winner()).isEqualTo(1);
        assertThat(rows.get(1).result()).hasSize(2000).startsWith("b ran out of time and more");
        for (ScheduledGame s : rows.subList(3, 5)) {
            assertThat(s.gameId()).isNull();
            assertThat(s.winner()).isNull();
            assertThat(s.ending()).isNull();
            assertThat(s.result()).isNull();
            assertThat(s.plies()).isZero();
        }
    }

    @ParameterizedTest
    @MethodSource("kinds")
    void aStoredScheduledGameKeepsItsResultInItsOwnRowSoTheQueueIsReadWithoutTheGames(String kind) throws Exception {
        String url = stores.fresh(kind);
        Store store = store(url);
        long t = tournament(store, play(3, 5));
        List<ScheduledGame> rows = store.scheduled(t);
        assertResultsAreTheGames(store, rows);
        closeAll();

        // the games' rows gone, the queue still tells every result: scheduled() reads no games row
        try (Connection c = OldDatabases.connect(url); Statement s = c.createStatement()) {
            assertThat(s.executeUpdate("DELETE FROM games")).isEqualTo(3);
        }
        Store again = store(url);
        assertThat(again.countGames()).isZero();
        assertThat(again.scheduled(t)).isEqualTo(rows);
    }

    @ParameterizedTest
    @MethodSource("kinds")
    void aDatabaseOfTheSchemaBeforeGetsTheResultsOfItsDoneGamesFilledIn(String kind) throws Exception {
        String url = stores.fresh(kind);
        Store store = store(url);
        List<FinishedGame> played = play(4, 8);
        long t = tournament(store, played);
        List<ScheduledGame> rows = store.scheduled(t);
        closeAll();
        OldDatabases.beforeScheduledResults(url);

        Store migrated = store(url);
        assertThat(migrated.schemaVersion()).isEqualTo(Migrations.latest());
        assertThat(migrated.scheduled(t)).isEqualTo(rows);
        assertResultsAreTheGames(migrated, rows);
        // the leased game stored now keeps its result as any other
        assertThat(migrated.complete(rows.get(3).id(), "w", played.get(3))).isTrue();
        ScheduledGame four = migrated.scheduled(t).get(3);
        assertThat(four.ending()).isEqualTo(played.get(3).ending());
        assertThat(four.result()).isEqualTo(played.get(3).result());
        assertThat(four.plies()).isEqualTo(played.get(3).plies());
        assertThat(four.winner()).isEqualTo(played.get(3).winner());
    }

    @Test
    void anH2DatabaseKilledAtAnyPointOfTheMigrationOpensWithEveryResult() throws Exception {
        int version = OldDatabases.migration(OldDatabases.SCHEDULED_RESULTS);
        int statements = Migrations.statementsOf(version, false).size();
        assertThat(statements).isEqualTo(5);
        List<FinishedGame> played = play(3, 21);
        // what a kill -9 leaves after each statement (H2 commits each ALTER TABLE by itself; here the
        // UPDATE is committed too, before the migration is recorded)
        for (int done = 0; done <= statements; done++) {
            String url = stores.fresh("h2");
            Store store = store(url);
            long t = tournament(store, played);
            List<ScheduledGame> rows = store.scheduled(t);
            closeAll();
            OldDatabases.beforeScheduledResults(url);
            OldDatabases.applyPartly(url, version, done);
            Store migrated = store(url);
            assertThat(migrated.schemaVersion()).as("after %d statements", done).isEqualTo(Migrations.latest());
            assertThat(migrated.scheduled(t)).as("after %d statements", done).isEqualTo(rows);
            closeAll();
        }
    }
}
