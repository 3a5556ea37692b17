package org.boardlab.tournament;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.boardlab.store.FinishedGame;
import org.boardlab.store.GameQuery;
import org.boardlab.store.GameToSchedule;
import org.boardlab.store.Store;
import org.boardlab.store.Tournament;
import org.boardlab.store.testing.StoreFixture;
import org.boardlab.store.testing.TestDatabases;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A runner waiting for workers ({@code --concurrency 0}) reads only what they stored since it last
 * looked ({@link StoreTournamentLog#recordedElsewhere}), not every game of the tournament every 200 ms,
 * in a store that holds thousands of other games; and a game that commits after a later game (ids
 * are handed out at insert, not at commit) is not lost. H2 and PostgreSQL.
 */
class WaitingForWorkersTest {

    @TempDir
    Path dir;

    @RegisterExtension
    final Lab lab = new Lab();

    /** Plays tournament "whole" (40 games) and returns its standings; its stored games, with their moves, go to {@code games}. */
    private Standings whole(Store store, List<FinishedGame> games) throws Exception {
        StoreTournamentLog.Opened a = StoreTournamentLog.open(store, "whole", Lab.ticTacToe("whole", Format.ROUND_ROBIN, 2), false);
        Standings expected = lab.runner(a, 2).run();
        a.log().close();
        store.games(GameQuery.ALL.withTournament("whole")).forEach(g -> games.add(store.game(g.id()).orElseThrow().game()));
        assertThat(games).hasSize(40);
        return expected;
    }

    /** A school's store: {@code n} more stored games, of another tournament (the games of "whole" again, each in a scheduled game of its own). */
    private static void school(Store store, List<FinishedGame> games, int n) {
        Tournament t = store.createTournament("school", "tictactoe", "", "{}", 2000, 0, 0);
        List<GameToSchedule> rows = new ArrayList<>();
        for (int i = 1; i <= n; i++) {
            rows.add(new GameToSchedule(i, 1, i, "tictactoe", "", "random", "random2", null, null, "", "2s", i));
        }
        store.schedule(t.id(), rows);
        List<org.boardlab.store.ScheduledGame> scheduled = store.scheduled(t.id());
        List<FinishedGame> batch = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            batch.add(games.get(i % games.size()).inTournament(t.id(), scheduled.get(i).id()));
            if (batch.size() == 500 || i == n - 1) {
                store.saveGames(batch);
                batch.clear();
            }
        }
        assertThat(store.queueState(t.id()).done()).isEqualTo(n);
    }

    @ParameterizedTest
    @MethodSource("org.boardlab.store.testing.StoreFixture#kinds")
    void aRunnerWaitingForWorkersReadsEachOfTheirGamesOnceNotTheTournamentEveryLook(String kind) throws Exception {
        try (Store store = Store.open(TestDatabases.fresh(kind, dir))) {
            List<FinishedGame> played = new ArrayList<>();
            Standings expected = whole(store, played);
            school(store, played, 3000);

            // the tournament's process plays nothing (--concurrency 0): it schedules the games and waits for the workers' results
            StoreTournamentLog.Opened waiting = StoreTournamentLog.open(store, "waited", Lab.ticTacToe("waited", Format.ROUND_ROBIN, 2), false);
            TournamentRunner r = lab.runner(waiting, 0);
            Standings[] table = new Standings[1];
            Throwable[] failed = new Throwable[1];
            Thread t = new Thread(() -> {
                try {
                    table[0] = r.run();
                } catch (Throwable e) {
                    failed[0] = e;
                }
            });
            t.start();
            long id = waiting.row().id();
            long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(60);
            while (store.queueState(id).scheduled() < 40) {
                assertThat(System.nanoTime()).as("the games scheduled").isLessThan(deadline);
                Thread.sleep(20);
            }
            // the waiting runner looks (every 200 ms) before any game is stored too: two looks first, so that it has
            // looked at least three times in all however fast the worker plays (on a quiet machine its 40 games of
            // tic-tac-toe take less than one look's interval); the code before read all 40 rows at every look
            while (waiting.log().looks() < 2) {
                assertThat(System.nanoTime()).as("the waiting runner's first looks").isLessThan(deadline);
                Thread.sleep(20);
            }
            // a worker (another runner on the queue, one game at a time)
            StoreTournamentLog.Opened worker = StoreTournamentLog.open(store, "waited", null, true);
            TournamentRunner w = lab.runner(worker, 1);
            w.run();
            worker.log().close();
            t.join(60_000);
            waiting.log().close();
            assertThat(failed[0]).isNull();
            assertThat(r.state()).isEqualTo(TournamentRunner.State.FINISHED);
            assertThat(w.playedHere()).isEqualTo(40);
            assertThat(r.playedHere()).isZero();
            assertThat(table[0].toJson()).isEqualTo(expected.toJson());

            // every 200 ms the waiting runner looked; each look read only the games stored since the one before
            // (before: every look read all 40 of the tournament's rows, and on H2 scanned the queue's 3,080)
            int looks = waiting.log().looks();
            assertThat(looks).as("looks while the worker played").isGreaterThanOrEqualTo(3);
            assertThat(waiting.log().rowsRead()).as("rows read in %d looks", looks).isLessThanOrEqualTo(2 * 40);
        }
    }

    /**
     * Game 1 takes its id before game 2 but commits after it (two workers, or one's slow transaction):
     * the look between the two commits sees game 2 and moves past game 1's id; the next look finds game
     * 1 by the tournament's count of done games, read in the same snapshot as the rows.
     */
    @ParameterizedTest
    @MethodSource("org.boardlab.store.testing.StoreFixture#kinds")
    void aGameThatCommitsAfterALaterGameIsNotLost(String kind) throws Exception {
        String url = TestDatabases.fresh(kind, dir);
        try (Store store = Store.open(url)) {
            List<FinishedGame> played = new ArrayList<>();
            whole(store, played);
            StoreTournamentLog.Opened o = StoreTournamentLog.open(store, "late", Lab.ticTacToe("late", Format.ROUND_ROBIN, 2), false);
            StoreTournamentLog log = o.log();
            log.scheduled(List.of(new ScheduledGame(1, 1, 1, "random", "random2", List.of(), 1),
                    new ScheduledGame(2, 1, 1, "random2", "random", List.of(), 2)));
            long tournament = o.row().id();
            Map<Integer, Long> rows = new java.util.HashMap<>();
            store.scheduled(tournament).forEach(s -> rows.put(s.game().number(), s.id()));
            long source = store.games(GameQuery.ALL.withTournament("whole")).get(0).id();
            String columns = "game, options, origin, tournament_id, scheduled_id, first_name, first_player, first_bundle, first_version, "
                    + "first_hash, second_name, second_player, second_bundle, second_version, second_hash, started_at, ended_at, winner, "
                    + "ending, result, first_score, second_score, first_time_ms, second_time_ms, plies, opening_plies, move_sides, "
                    + "move_notations, move_elapsed_us, move_thinking_us, move_network_us, move_clock_used_ms, move_clock_left_ms";
            try (Connection c = StoreFixture.connect(url)) {
                c.setAutoCommit(false);
                // game 1, as the store writes a game, up to its commit: its row (its id taken now) and its queue row done
                long one;
                try (PreparedStatement p = c.prepareStatement("INSERT INTO games (" + columns + ") SELECT "
                        + columns.replace("tournament_id, scheduled_id", "?, ?") + " FROM games WHERE id = ?", Statement.RETURN_GENERATED_KEYS)) {
                    p.setLong(1, tournament);
                    p.setLong(2, rows.get(1));
                    p.setLong(3, source);
                    p.executeUpdate();
                    try (ResultSet k = p.getGeneratedKeys()) {
                        k.next();
                        one = k.getLong(1);
                    }
                }
                try (PreparedStatement p = c.prepareStatement("UPDATE scheduled_games SET state = 'done', game_id = ?, "
                        + "(winner, ending, result, plies) = (SELECT winner, ending, result, plies FROM games WHERE id = ?) WHERE id = ?")) {
                    p.setLong(1, one);
                    p.setLong(2, one);
                    p.setLong(3, rows.get(1));
                    assertThat(p.executeUpdate()).isEqualTo(1);
                }
                // game 2 stored whole, committed first, with a higher id
                long two = store.saveGame(played.get(1).inTournament(tournament, rows.get(2)));
                assertThat(two).isGreaterThan(one);
                assertThat(log.recordedElsewhere()).as("the look between the two commits").containsOnlyKeys(2);
                // game 1's transaction ends: its count, then the commit
                try (PreparedStatement p = c.prepareStatement("UPDATE tournament_counts SET games_done = games_done + 1 WHERE tournament_id = ?")) {
                    p.setLong(1, tournament);
                    p.executeUpdate();
                }
                c.commit();
            }
            assertThat(log.recordedElsewhere()).as("the look after game 1 committed").containsOnlyKeys(1, 2);
            assertThat(log.rowsRead()).as("rows read: game 2, then game 1 and game 2 again (the look went back)").isLessThanOrEqualTo(3);
            log.close();
        }
    }

    /** A done game whose games row is gone (a database changed by hand) is still found, from its queue row. */
    @ParameterizedTest
    @MethodSource("org.boardlab.store.testing.StoreFixture#kinds")
    void aDoneGameWithoutItsGamesRowIsFoundInTheQueue(String kind) throws Exception {
        String url = TestDatabases.fresh(kind, dir);
        try (Store store = Store.open(url)) {
            List<FinishedGame> played = new ArrayList<>();
            whole(store, played);
            StoreTournamentLog.Opened o = StoreTournamentLog.open(store, "gone", Lab.ticTacToe("gone", Format.ROUND_ROBIN, 2), false);
            o.log().scheduled(List.of(new ScheduledGame(1, 1, 1, "random", "random2", List.of(), 1),
                    new ScheduledGame(2, 1, 1, "random2", "random", List.of(), 2)));
            o.log().close();
            long tournament = o.row().id();
            Map<Integer, Long> rows = new java.util.HashMap<>();
            store.scheduled(tournament).forEach(s -> rows.put(s.game().number(), s.id()));
            long one = store.saveGame(played.get(0).inTournament(tournament, rows.get(1)));
            store.saveGame(played.get(1).inTournament(tournament, rows.get(2)));
            try (Connection c = StoreFixture.connect(url); Statement s = c.createStatement()) {
                assertThat(s.executeUpdate("DELETE FROM games WHERE id = " + one)).isEqualTo(1);
            }
            StoreTournamentLog.Opened again = StoreTournamentLog.open(store, "gone", null, true);
            assertThat(again.log().recordedElsewhere()).containsOnlyKeys(1, 2);
            again.log().close();
        }
    }
}
