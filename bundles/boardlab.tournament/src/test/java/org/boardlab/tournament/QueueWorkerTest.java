package org.boardlab.tournament;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.boardlab.api.GameOptions;
import org.boardlab.store.GameQuery;
import org.boardlab.store.Store;
import org.boardlab.store.testing.TestDatabases;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** A tournament played by its own runner and two workers on one database: every game once, the same table. */
class QueueWorkerTest {

    @TempDir
    Path dir;

    @RegisterExtension
    final Lab lab = new Lab();

    @ParameterizedTest
    @MethodSource("org.boardlab.store.testing.StoreFixture#kinds")
    void theRunnerAndTwoWorkersShareTheQueue(String kind) throws Exception {
        // players that take 30 ms a move: while the runner (one game at a time) plays one game of a round,
        // the round's other game waits in the queue for 150 ms or more, so the workers (who look every 200 ms)
        // take some; with 3 ms a move the runner played every game before a worker looked (PostgreSQL, CI)
        for (String id : List.of("steady-1", "steady-2", "steady-3", "steady-4")) {
            lab.addSlowRandom(id, 30);
        }
        TournamentSettings s = new TournamentSettings("shared", "tictactoe", GameOptions.DEFAULT,
                List.of("steady-1", "steady-2", "steady-3", "steady-4"), Format.SWISS, 3, 4, TimeControl.parse("2s"), 5, "random:1", List.of(), null);
        Openings openings = Openings.parse("random:1", lab.registry.requireGame("tictactoe"), GameOptions.DEFAULT);
        Standings expected = new TournamentRunner(lab.referee, lab.registry, lab.bus, s, openings, TournamentLog.NONE, List.of(), java.util.Map.of(), 1)
                .run();
        try (Store store = Store.open(TestDatabases.fresh(kind, dir))) {
            StoreTournamentLog.Opened opened = StoreTournamentLog.open(store, "shared", s, false);
            TournamentRunner runner = new TournamentRunner(lab.referee, lab.registry, lab.bus, s, openings, opened.log(), opened.earlier(),
                    opened.results(), 1);
            List<QueueWorker> workers = List.of(new QueueWorker(store, lab.referee, lab.registry, lab.bus, "worker-a", 2),
                    new QueueWorker(store, lab.referee, lab.registry, lab.bus, "worker-b", 2));
            List<Thread> threads = new ArrayList<>();
            for (QueueWorker w : workers) {
                Thread t = new Thread(() -> {
                    try {
                        w.run(false);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                });
                t.start();
                threads.add(t);
            }
            Standings table = runner.run();
            opened.log().close();
            workers.forEach(QueueWorker::stop);
            for (Thread t : threads) {
                t.join(30_000);
            }
            assertThat(table.toJson()).isEqualTo(expected.toJson());
            int games = runner.scheduledGames().size();
            assertThat(store.games(GameQuery.ALL.withTournament("shared"))).hasSize(games);
            int byWorkers = workers.stream().mapToInt(QueueWorker::stored).sum();
            assertThat(runner.playedHere() + byWorkers).isEqualTo(games);
            assertThat(byWorkers).as("games the workers played").isPositive();
        }
    }
}
