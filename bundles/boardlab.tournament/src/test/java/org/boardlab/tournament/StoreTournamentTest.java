package org.boardlab.tournament;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.boardlab.store.GameQuery;
import org.boardlab.store.Store;
import org.boardlab.store.StoredGame;
import org.boardlab.store.testing.OldDatabases;
import org.boardlab.store.testing.TestDatabases;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** The runner on the real store, H2 and PostgreSQL. */
class StoreTournamentTest {

    @TempDir
    Path dir;

    @RegisterExtension
    final Lab lab = new Lab();

    private static Map<Integer, List<Object>> withoutText(Map<Integer, GameScore> results) {
        Map<Integer, List<Object>> out = new java.util.TreeMap<>();
        results.forEach((n, s) -> out.put(n, java.util.Arrays.asList(s.firstPoints(), s.ending(), s.loser(), s.plies())));
        return out;
    }

    /**
     * A resume starts its first game before it reads a single finished game (it plays what the queue
     * holds, and reads them when it needs them: here once the queue is empty), counts each game once
     * (a game another process stored after the resume had counted the queue is taken in when they are
     * read, and told to the listeners once), and ends with the table of an uninterrupted run.
     */
    @ParameterizedTest
    @MethodSource("org.boardlab.store.testing.StoreFixture#kinds")
    void aResumeStartsBeforeItReadsTheFinishedGamesAndCountsEachGameOnce(String kind) throws Exception {
        try (Store store = Store.open(TestDatabases.fresh(kind, dir))) {
            StoreTournamentLog.Opened a = StoreTournamentLog.open(store, "whole", Lab.ticTacToe("whole", Format.ROUND_ROBIN, 2), false);
            TournamentRunner uninterrupted = lab.runner(a, 2);
            Standings expected = uninterrupted.run();
            a.log().close();
            int all = uninterrupted.scheduledGames().size();
            assertThat(all).isEqualTo(40);

            StoreTournamentLog.Opened first = StoreTournamentLog.open(store, "lazy", Lab.ticTacToe("lazy", Format.ROUND_ROBIN, 2), false);
            Lab.stoppingAfter(lab.runner(first, 2), 11).run();
            first.log().close();

            StoreTournamentLog.Opened again = StoreTournamentLog.open(store, "lazy", null, true);
            long id = again.row().id();
            int before = again.finishedCount();
            assertThat(before).isBetween(11, 13).isEqualTo(store.queueCounts(id).get("done"));
            assertThat(again.scheduledCount()).isEqualTo(all);
            assertThat(again.history().isRead()).as("the finished games read at the open").isFalse();

            // another process (a worker) stores a game after the resume counted the queue, before the runner reads
            StoreTournamentLog.Opened elsewhere = StoreTournamentLog.open(store, "lazy", null, true);
            TournamentRunner worker = Lab.stoppingAfter(lab.runner(elsewhere, 1), before + 1);
            List<Integer> workerPlayed = new java.util.concurrent.CopyOnWriteArrayList<>();
            worker.listen(new TournamentRunner.Listener() {
                @Override
                public void finished(ScheduledGame game, GameScore score, int finished) {
                    workerPlayed.add(game.number());
                }
            });
            worker.run();
            elsewhere.log().close();
            assertThat(worker.playedHere()).isEqualTo(1);
            assertThat(workerPlayed).hasSize(1);
            int byWorker = workerPlayed.get(0);

            TournamentRunner r = lab.runner(again, 2);
            List<Boolean> readAtStart = new java.util.concurrent.CopyOnWriteArrayList<>();
            List<Integer> told = new java.util.concurrent.CopyOnWriteArrayList<>();
            List<Integer> counts = new java.util.concurrent.CopyOnWriteArrayList<>();
            r.listen(new TournamentRunner.Listener() {
                @Override
                public void started(ScheduledGame game, long matchId, org.boardlab.core.MatchJournal journal) {
                    readAtStart.add(again.history().isRead());
                }

                @Override
                public void finished(ScheduledGame game, GameScore score, int finished) {
                    told.add(game.number());
                    counts.add(finished);
                }
            });
            assertThat(r.finishedCount()).isEqualTo(before);
            assertThat(r.scheduledCount()).isEqualTo(all);
            Standings resumed = r.run();
            again.log().close();

            assertThat(readAtStart).as("the finished games read when each game started").hasSize(all - before - 1).containsOnly(false);
            assertThat(again.history().isRead()).isTrue();
            assertThat(r.playedHere()).isEqualTo(all - before - 1);
            // every game without a result at the open told once: the runner's own, and the worker's when they were read
            assertThat(told).doesNotHaveDuplicates().hasSize(all - before).contains(byWorker);
            // what the read found stored since the open: the worker's game, and this runner's own stored by then
            assertThat(again.history().read().finishedSince()).contains(byWorker).isSubsetOf(told);
            assertThat(java.util.Collections.max(counts)).isEqualTo(all);
            assertThat(java.util.Collections.min(counts)).isEqualTo(before + 1);
            assertThat(r.finishedCount()).isEqualTo(all);
            // every result as the uninterrupted run's (the text of a game read back from the store is the stored result's, which words
            // it differently from the live one: "X wins: X has three in a row"; compared without it)
            assertThat(withoutText(r.results())).hasSize(all).isEqualTo(withoutText(uninterrupted.results()));
            assertThat(resumed.toJson()).isEqualTo(expected.toJson());
            List<StoredGame> games = store.games(GameQuery.ALL.withTournament("lazy"));
            assertThat(games).hasSize(all);
            assertThat(games.stream().map(g -> g.game().scheduledId()).distinct().count()).isEqualTo(all);
        }
    }

    @ParameterizedTest
    @MethodSource("org.boardlab.store.testing.StoreFixture#kinds")
    void everyGameIsStoredOnceWithItsOpeningAndAResumeEndsWhereAnUninterruptedRunEnds(String kind) throws Exception {
        try (Store store = Store.open(TestDatabases.fresh(kind, dir))) {
            TournamentSettings whole = Lab.ticTacToe("whole", Format.SWISS, 3);
            StoreTournamentLog.Opened a = StoreTournamentLog.open(store, "whole", whole, false);
            TournamentRunner uninterrupted = lab.runner(a, 2);
            Standings expected = uninterrupted.run();
            a.log().close();
            assertThat(store.tournament("whole").orElseThrow().status()).isEqualTo("finished");
            List<StoredGame> games = store.games(GameQuery.ALL.withTournament("whole"));
            assertThat(games).hasSize(uninterrupted.scheduledGames().size());
            StoredGame one = store.game(games.get(0).id()).orElseThrow();
            assertThat(one.game().openingPlies()).isEqualTo(1);
            assertThat(one.game().moves()).hasSize(one.game().plies());

            // the same tournament, stopped twice and resumed, taking up to 3 games a take (claim ahead: one commit for several)
            TournamentSettings s = Lab.ticTacToe("stopped", Format.SWISS, 3);
            for (int stop : new int[] {3, 7}) {
                StoreTournamentLog.Opened o = StoreTournamentLog.open(store, "stopped", s, stop != 3);
                o.log().claimAhead(3);
                TournamentRunner r = Lab.stoppingAfter(lab.runner(o, 2), stop);
                r.run();
                o.log().close();
                assertThat(r.state()).isEqualTo(TournamentRunner.State.STOPPED);
                // the games taken ahead and not played went back to the queue with the close
                assertThat(store.queueCounts(o.row().id()).get("leased")).as("games still leased after the stop").isZero();
            }
            StoreTournamentLog.Opened last = StoreTournamentLog.open(store, "stopped", null, true);
            assertThat(last.resumed()).isTrue();
            assertThat(last.results().size()).isBetween(7, 9);
            last.log().claimAhead(3);
            TournamentRunner r = lab.runner(last, 2);
            Standings resumed = r.run();
            last.log().close();
            assertThat(resumed.toJson()).isEqualTo(expected.toJson());
            assertThat(store.games(GameQuery.ALL.withTournament("stopped"))).hasSize(uninterrupted.scheduledGames().size());
            assertThat(r.results()).isEqualTo(uninterrupted.results().entrySet().stream()
                    .collect(java.util.stream.Collectors.toMap(Map.Entry::getKey, e -> r.results().get(e.getKey()))));
        }
    }

    /**
     * A tournament stopped halfway by a boardlab whose queue did not keep the results (the schema
     * before "a done scheduled game keeps its result"): the next start fills them in from the stored
     * games, and the resume finds the same results and ends with the table of an uninterrupted run.
     */
    @ParameterizedTest
    @MethodSource("org.boardlab.store.testing.StoreFixture#kinds")
    void aTournamentStoppedUnderTheSchemaBeforeResumesWithTheSameResultsAndEndsAsAnUninterruptedRun(String kind) throws Exception {
        String url = TestDatabases.fresh(kind, dir);
        Standings expected;
        Map<Integer, GameScore> before;
        int all;
        try (Store store = Store.open(url)) {
            StoreTournamentLog.Opened a = StoreTournamentLog.open(store, "whole", Lab.ticTacToe("whole", Format.ROUND_ROBIN, 2), false);
            TournamentRunner uninterrupted = lab.runner(a, 2);
            expected = uninterrupted.run();
            a.log().close();
            all = uninterrupted.scheduledGames().size();

            StoreTournamentLog.Opened o = StoreTournamentLog.open(store, "old", Lab.ticTacToe("old", Format.ROUND_ROBIN, 2), false);
            TournamentRunner r = Lab.stoppingAfter(lab.runner(o, 2), 13);
            r.run();
            o.log().close();
            StoreTournamentLog.Opened stopped = StoreTournamentLog.open(store, "old", null, true);
            stopped.log().close();
            before = stopped.results();
            assertThat(before.size()).isBetween(13, 15);
            assertThat(before.values()).anySatisfy(g -> assertThat(g.firstPoints()).isEqualTo(1.0))
                    .anySatisfy(g -> assertThat(g.detail()).isNotBlank());
        }
        OldDatabases.beforeScheduledResults(url);

        try (Store store = Store.open(url)) {
            StoreTournamentLog.Opened last = StoreTournamentLog.open(store, "old", null, true);
            assertThat(last.results()).isEqualTo(before);
            TournamentRunner r = lab.runner(last, 2);
            Standings resumed = r.run();
            last.log().close();
            assertThat(resumed.toJson()).isEqualTo(expected.toJson());
            assertThat(r.playedHere()).isEqualTo(all - before.size());
            List<StoredGame> games = store.games(GameQuery.ALL.withTournament("old"));
            assertThat(games).hasSize(all);
            assertThat(games.stream().map(g -> g.game().scheduledId()).distinct().count()).isEqualTo(all);
        }
    }

    @ParameterizedTest
    @MethodSource("org.boardlab.store.testing.StoreFixture#kinds")
    void aNameThatExistsWithOtherSettingsIsRefusedAndNothingIsLost(String kind) throws Exception {
        try (Store store = Store.open(TestDatabases.fresh(kind, dir))) {
            StoreTournamentLog.Opened a = StoreTournamentLog.open(store, "term", Lab.ticTacToe("term", Format.ROUND_ROBIN, 1), false);
            lab.runner(a, 2).run();
            a.log().close();
            long stored = store.countGames();
            assertThatThrownBy(() -> StoreTournamentLog.open(store, "term", Lab.ticTacToe("term", Format.SWISS, 2), false))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("a tournament named 'term' exists in")
                    .hasMessageContaining("with other settings: format is round-robin, not swiss; rounds is 1, not 2")
                    .hasMessageContaining("Use another --name");
            assertThatThrownBy(() -> StoreTournamentLog.open(store, "nope", null, true))
                    .hasMessageContaining("there is no tournament named 'nope'");
            assertThat(store.countGames()).isEqualTo(stored);
            // the same settings: a finished tournament plays nothing more and gives the same table
            StoreTournamentLog.Opened again = StoreTournamentLog.open(store, "term", Lab.ticTacToe("term", Format.ROUND_ROBIN, 1), false);
            TournamentRunner r = lab.runner(again, 2);
            r.run();
            again.log().close();
            assertThat(r.playedHere()).isZero();
            assertThat(store.countGames()).isEqualTo(stored);
        }
    }
}
