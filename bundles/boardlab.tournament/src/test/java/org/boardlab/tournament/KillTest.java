package org.boardlab.tournament;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.boardlab.store.GameQuery;
import org.boardlab.store.Store;
import org.boardlab.store.StoredGame;
import org.boardlab.store.testing.TestDatabases;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The crash test: a tournament process killed with {@code kill -9} (SIGKILL) at random
 * moments, at least 20 times, and started again each time under the same name, ends with the same
 * crosstable as an uninterrupted run with the same seed (played at the same time, on a database of
 * its own); every scheduled game is stored exactly once, and no game the process reported as
 * finished is ever lost.
 *
 * <p>Every other kill comes 300-1,000 ms after its run's start, so on a loaded machine many land in the
 * new database's first starts, inside its migrations (on H2 an {@code ALTER TABLE} killed halfway left a
 * copy of the table that no later game could be stored past: boardlab.store's {@code Migrations},
 * {@code InterruptedAlterTest}). A run that ends by itself must exit with 0: a runner that stopped
 * because the store failed exits with 1 ({@link KillableTournament}); before, it printed the table of
 * the games stored so far, and the test reported a tournament that seemed to end after 21 games.
 * Each run's standard error is kept in a file and shown when a run fails.
 *
 * <p>The other kills come 0-300 ms after their run's first {@code done} line (read from its output as
 * it comes), among games being stored and reported. Timed from the start alone, how many games were
 * reported before a kill depended on the machine's speed (169 in all on one run, 0 on another, 0 at
 * load 8), and with none "every game reported finished is stored" checked nothing; the test now fails
 * unless at least 10 kills came after their run had reported a game. Break check (session 20): a
 * {@code Store.complete} that returned before its game was committed failed it.
 *
 * <p>On H2 a kill once left a scheduled game done without its count ({@code [after kill 15: the done
 * games counted] expected: 57 but was: 56}, CI): H2 had written, in the chunk of another
 * connection's commit, the store writer's transaction half committed, and the process was killed
 * before the writer's own chunk. Since then the store runs one transaction that writes at a time on
 * H2 (boardlab.store's {@code Database}, its README's <i>Durability</i>). {@link KillLoop} runs these
 * kills many times over and checks the database after each.
 */
class KillTest {

    @TempDir
    Path dir;

    /** The processes this test started: any still running at its end (it failed) is killed. */
    private final List<Process> started = new ArrayList<>();

    @AfterEach
    void killWhatIsLeft() {
        started.stream().filter(Process::isAlive).forEach(Process::destroyForcibly);
    }

    private Run start(String db, String errors) throws Exception {
        Run run = new Run(db, "term", dir.resolve(errors));
        started.add(run.process);
        return run;
    }

    /** One run of {@link KillableTournament}; its output lines so far, its standard error in a file. */
    private static final class Run {
        final Process process;
        final List<String> lines = java.util.Collections.synchronizedList(new ArrayList<>());
        final Thread reader;
        final Path errors;
        /** Counted down at the run's first {@code done} line, or when its output ends. */
        final java.util.concurrent.CountDownLatch firstDone = new java.util.concurrent.CountDownLatch(1);

        Run(String db, String name, Path errors) throws Exception {
            this.errors = errors;
            process = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
                    System.getProperty("java.class.path"), KillableTournament.class.getName(), db, name)
                    .redirectError(errors.toFile()).start();
            reader = new Thread(() -> {
                try (BufferedReader in = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
                    for (String line; (line = in.readLine()) != null;) {
                        lines.add(line);
                        if (line.startsWith("done ")) {
                            firstDone.countDown();
                        }
                    }
                } catch (java.io.IOException e) {
                    // the process was killed
                } finally {
                    firstDone.countDown();
                }
            });
            reader.start();
        }

        /** The standings of a run that ended by itself; fails with its standard error if it did not finish the tournament. */
        String standings() throws Exception {
            reader.join();
            assertThat(process.waitFor()).as("exit code of a run that ended by itself; its standard error:%n%s",
                    java.nio.file.Files.readString(errors)).isZero();
            synchronized (lines) {
                return lines.stream().filter(l -> l.startsWith("standings ")).findFirst().orElse(null);
            }
        }
    }

    @ParameterizedTest
    @MethodSource("org.boardlab.store.testing.StoreFixture#kinds")
    void killedTwentyTimesAndResumedEndsAsAnUninterruptedRun(String kind) throws Exception {
        // the uninterrupted run, on a database of its own, plays while the other is killed: its standings are read at the end
        String reference = TestDatabases.fresh(kind, dir);
        Run whole = start(reference, "whole.err");

        String db = TestDatabases.fresh(kind, dir);
        Random random = new Random(2026);
        Set<Integer> reported = new HashSet<>();
        int kills = 0;
        int killsAfterAReport = 0; // kills of a run that had reported a game: "no reported game lost" checked after each
        int runs = 0;
        String standings = null;
        while (standings == null) {
            assertThat(runs++).as("runs").isLessThan(200);
            Run run = start(db, "run" + runs + ".err");
            if (kills < 20) {
                if (kills % 2 == 0) {
                    // from the start: on a loaded machine it lands in the start-up (the store's migrations, the claims)
                    long delay = 300 + random.nextInt(700);
                    if (run.process.waitFor(delay, TimeUnit.MILLISECONDS)) {
                        standings = run.standings(); // it finished before the kill
                        break;
                    }
                } else {
                    // after the run's first reported game, at any machine's speed: among games being stored and reported
                    assertThat(run.firstDone.await(120, TimeUnit.SECONDS)).as("run %d reported a game within 120 s; its standard "
                            + "error:%n%s", runs, java.nio.file.Files.readString(run.errors)).isTrue();
                    if (run.process.waitFor(random.nextInt(300), TimeUnit.MILLISECONDS) || !run.process.isAlive()) {
                        standings = run.standings(); // it finished before the kill (its output ended without a game)
                        break;
                    }
                }
                run.process.destroyForcibly(); // SIGKILL on Linux: kill -9
                run.process.waitFor();
                run.reader.join();
                kills++;
                int before = reported.size();
                synchronized (run.lines) {
                    run.lines.stream().filter(l -> l.startsWith("done ")).forEach(l -> reported.add(Integer.parseInt(l.substring(5))));
                }
                if (reported.size() > before) {
                    killsAfterAReport++;
                }
                try (Store store = Store.open(db)) {
                    Set<Integer> stored = storedNumbers(store);
                    assertThat(stored).as("after kill %d: every game reported finished is stored", kills).containsAll(reported);
                    // the counts a resume reads instead of the rows (kept in the queue's own transactions) equal a full count
                    int killed = kills;
                    store.tournament("term").ifPresent(t -> {
                        Store.QueueState q = store.queueState(t.id());
                        assertThat(q.done()).as("after kill %d: the done games counted", killed).isEqualTo(stored.size());
                        assertThat(q.scheduled()).as("after kill %d: the scheduled games counted", killed).isEqualTo(store.scheduled(t.id()).size());
                    });
                }
            } else {
                assertThat(run.process.waitFor(300, TimeUnit.SECONDS)).isTrue();
                standings = run.standings();
            }
        }
        assertThat(kills).as("kills before the tournament ended").isGreaterThanOrEqualTo(20);
        // every second kill waits for its run's first reported game: without them the check above could hold for nothing
        assertThat(killsAfterAReport).as("kills after their run had reported a game (%d games reported in all)", reported.size())
                .isGreaterThanOrEqualTo(10);
        System.out.printf("[kill] tournament %s: %d kills, %d after their run had reported a game, %d games reported before a kill%n",
                kind, kills, killsAfterAReport, reported.size());
        assertThat(whole.process.waitFor(300, TimeUnit.SECONDS)).isTrue();
        String expected = whole.standings();
        assertThat(expected).as("the uninterrupted run's standings").isNotNull();
        assertThat(standings).isEqualTo(expected);
        try (Store store = Store.open(db)) {
            long tournament = store.tournament("term").orElseThrow().id();
            int scheduled = store.scheduled(tournament).size();
            assertThat(scheduled).isEqualTo(600);
            assertThat(store.queueState(tournament).scheduled()).isEqualTo(600);
            assertThat(store.queueState(tournament).done()).isEqualTo(600);
            List<StoredGame> games = store.games(GameQuery.ALL.withTournament("term"));
            assertThat(games).hasSize(scheduled);
            assertThat(games.stream().map(g -> g.game().scheduledId()).distinct().count()).isEqualTo(scheduled);
            // the result the queue keeps for each game (what a resume reads) is its stored game's, after every kill
            java.util.Map<Long, org.boardlab.store.FinishedGame> byScheduled = new java.util.HashMap<>();
            games.forEach(g -> byScheduled.put(g.game().scheduledId(), g.game()));
            assertThat(store.scheduled(tournament)).allSatisfy(s -> {
                org.boardlab.store.FinishedGame g = byScheduled.get(s.id());
                assertThat(s.isDone()).isTrue();
                assertThat(s.winner()).isEqualTo(g.winner());
                assertThat(s.ending()).isEqualTo(g.ending());
                assertThat(s.result()).isEqualTo(g.result());
                assertThat(s.plies()).isEqualTo(g.plies());
            });
        }
    }

    private static Set<Integer> storedNumbers(Store store) {
        Set<Integer> out = new HashSet<>();
        store.tournament("term").ifPresent(t -> store.scheduled(t.id()).stream().filter(org.boardlab.store.ScheduledGame::isDone)
                .forEach(s -> out.add(s.game().number())));
        return out;
    }
}
