package org.boardlab.tournament;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.boardlab.api.GameOptions;
import org.boardlab.store.GameQuery;
import org.boardlab.store.Store;
import org.boardlab.store.StoredGame;
import org.boardlab.store.testing.OldDatabases;
import org.boardlab.store.testing.TestDatabases;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** The runner on the real store, H2 and PostgreSQL. */
class StoreTournamentTest {

    @TempDir
    Path dir;

    private final Lab lab = new Lab();

    @AfterEach
    void close() {
        lab.close();
    }

    static List<String> kinds() {
        return TestDatabases.kinds();
    }

    private static TournamentSettings settings(String name, Format format, int rounds) {
        return new TournamentSettings(name, "tictactoe", GameOptions.DEFAULT, List.of("random", "random2", "random3", "first-legal", "random4"),
                format, rounds, 2, TimeControl.parse("2s"), 11, "random:1", List.of(), null);
    }

    private TournamentRunner runner(StoreTournamentLog.Opened opened, int concurrency) {
        TournamentSettings s = opened.settings();
        Openings openings = Openings.parse(s.openings(), lab.registry.requireGame(s.game()), s.options());
        return new TournamentRunner(lab.referee, lab.registry, lab.bus, s, openings, opened.log(), opened.earlier(), opened.results(),
                concurrency);
    }

    @ParameterizedTest
    @MethodSource("kinds")
    void everyGameIsStoredOnceWithItsOpeningAndAResumeEndsWhereAnUninterruptedRunEnds(String kind) throws Exception {
        try (Store store = Store.open(TestDatabases.fresh(kind, dir))) {
            TournamentSettings whole = settings("whole", Format.SWISS, 3);
            StoreTournamentLog.Opened a = StoreTournamentLog.open(store, "whole", whole, false);
            TournamentRunner uninterrupted = runner(a, 2);
            Standings expected = uninterrupted.run();
            a.log().close();
            assertThat(store.tournament("whole").orElseThrow().status()).isEqualTo("finished");
            List<StoredGame> games = store.games(GameQuery.ALL.withTournament("whole"));
            assertThat(games).hasSize(uninterrupted.scheduledGames().size());
            StoredGame one = store.game(games.get(0).id()).orElseThrow();
            assertThat(one.game().openingPlies()).isEqualTo(1);
            assertThat(one.game().moves()).hasSize(one.game().plies());

            // the same tournament, stopped twice and resumed, taking up to 3 games a take (claim ahead: one commit for several)
            TournamentSettings s = settings("stopped", Format.SWISS, 3);
            for (int stop : new int[] {3, 7}) {
                StoreTournamentLog.Opened o = StoreTournamentLog.open(store, "stopped", s, stop != 3);
                o.log().claimAhead(3);
                TournamentRunner r = runner(o, 2);
                r.listen(new TournamentRunner.Listener() {
                    @Override
                    public void finished(ScheduledGame game, GameScore score, int finished) {
                        if (finished >= stop) {
                            r.stop();
                        }
                    }
                });
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
            TournamentRunner r = runner(last, 2);
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
    @MethodSource("kinds")
    void aTournamentStoppedUnderTheSchemaBeforeResumesWithTheSameResultsAndEndsAsAnUninterruptedRun(String kind) throws Exception {
        String url = TestDatabases.fresh(kind, dir);
        Standings expected;
        Map<Integer, GameScore> before;
        int all;
        try (Store store = Store.open(url)) {
            StoreTournamentLog.Opened a = StoreTournamentLog.open(store, "whole", settings("whole", Format.ROUND_ROBIN, 2), false);
            TournamentRunner uninterrupted = runner(a, 2);
            expected = uninterrupted.run();
            a.log().close();
            all = uninterrupted.scheduledGames().size();

            StoreTournamentLog.Opened o = StoreTournamentLog.open(store, "old", settings("old", Format.ROUND_ROBIN, 2), false);
            TournamentRunner r = runner(o, 2);
            r.listen(new TournamentRunner.Listener() {
                @Override
                public void finished(ScheduledGame game, GameScore score, int finished) {
                    if (finished >= 13) {
                        r.stop();
                    }
                }
            });
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
            TournamentRunner r = runner(last, 2);
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
    @MethodSource("kinds")
    void aNameThatExistsWithOtherSettingsIsRefusedAndNothingIsLost(String kind) throws Exception {
        try (Store store = Store.open(TestDatabases.fresh(kind, dir))) {
            StoreTournamentLog.Opened a = StoreTournamentLog.open(store, "term", settings("term", Format.ROUND_ROBIN, 1), false);
            runner(a, 2).run();
            a.log().close();
            long stored = store.countGames();
            assertThatThrownBy(() -> StoreTournamentLog.open(store, "term", settings("term", Format.SWISS, 2), false))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("a tournament named 'term' exists in")
                    .hasMessageContaining("with other settings: format is round-robin, not swiss; rounds is 1, not 2")
                    .hasMessageContaining("Use another --name");
            assertThatThrownBy(() -> StoreTournamentLog.open(store, "nope", null, true))
                    .hasMessageContaining("there is no tournament named 'nope'");
            assertThat(store.countGames()).isEqualTo(stored);
            // the same settings: a finished tournament plays nothing more and gives the same table
            StoreTournamentLog.Opened again = StoreTournamentLog.open(store, "term", settings("term", Format.ROUND_ROBIN, 1), false);
            TournamentRunner r = runner(again, 2);
            r.run();
            again.log().close();
            assertThat(r.playedHere()).isZero();
            assertThat(store.countGames()).isEqualTo(stored);
        }
    }
}
