package org.boardlab.cli.internal;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.boardlab.cli.Cli;
import org.boardlab.core.Referee;
import org.boardlab.store.GameQuery;
import org.boardlab.store.ScheduledGame;
import org.boardlab.store.Store;
import org.boardlab.store.StoredGame;
import org.boardlab.store.testing.TestDatabases;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The issue's test of {@code boardlab worker}: a tournament kept in a real PostgreSQL server whose
 * process plays no game itself ({@code --concurrency 0}), three {@code boardlab worker} processes
 * playing its games, one of them killed with {@code kill -9} (SIGKILL) while it holds games. The
 * tournament completes; the dead worker's games go back to the queue when their leases run out and
 * are played by the others; every scheduled game is stored exactly once; the final standings (the
 * crosstable's points and ratings) equal those of an uninterrupted run with the same seed in one
 * process. Each process is {@link LabProcess}: the real command line outside the framework.
 */
@Timeout(value = 10, unit = TimeUnit.MINUTES)
class WorkerProcessesTest {

    @TempDir
    Path dir;

    private final List<Lab> processes = new ArrayList<>();

    @AfterEach
    void stopAll() throws InterruptedException {
        for (Lab p : processes) {
            p.process.destroyForcibly();
            p.process.waitFor(30, TimeUnit.SECONDS);
        }
    }

    /** One {@link LabProcess}, its standard output read line by line. */
    private static final class Lab {
        final Process process;
        final List<String> lines = Collections.synchronizedList(new ArrayList<>());
        final Thread reader;

        Lab(Path dir, String name, List<String> args) throws Exception {
            List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
                    System.getProperty("java.class.path"), LabProcess.class.getName()));
            command.addAll(args);
            process = new ProcessBuilder(command).redirectError(dir.resolve(name + ".err").toFile()).start();
            reader = new Thread(() -> {
                try (BufferedReader in = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
                    for (String line; (line = in.readLine()) != null;) {
                        lines.add(line);
                    }
                } catch (java.io.IOException e) {
                    // killed
                }
            });
            reader.start();
        }

        List<String> lines() throws InterruptedException {
            reader.join(30_000);
            synchronized (lines) {
                return List.copyOf(lines);
            }
        }
    }

    private static List<String> tournament(String name, String db, int concurrency) {
        List<String> args = new ArrayList<>(List.of("tournament", "--name", name, "--game", "tictactoe", "--players",
                String.join(",", LabProcess.PLAYERS), "--format", "round-robin", "--rounds", "2", "--games-per-pair", "2", "--time", "10s",
                "--seed", "7", "--openings", "random:1", "--db", db, "--concurrency", String.valueOf(concurrency), "--json"));
        return args;
    }

    @Test
    void threeWorkersOneKilledWhileItHoldsAGameTheTournamentCompletesEveryGameOnce() throws Exception {
        // the uninterrupted run, in this process
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code;
        try (Referee referee = new Referee()) {
            code = Cli.execute(LabProcess.services(referee), tournament("whole", TestDatabases.h2(dir), 2), new PrintWriter(out, true),
                    new PrintWriter(err, true));
        }
        assertThat(code).as(err.toString()).isZero();
        ObjectMapper json = new ObjectMapper();
        String[] outLines = out.toString().strip().split("\\R");
        JsonNode expected = json.readTree(outLines[outLines.length - 1]);
        int games = expected.get("scheduled").asInt();
        assertThat(games).isEqualTo(6 * 5 / 2 * 2 * 2);

        String db = TestDatabases.postgres();
        // each process's standard error is kept in target/worker-processes/ (the workers' refusals and warnings)
        Path logs = java.nio.file.Files.createDirectories(Path.of("target", "worker-processes"));
        Lab tournament = new Lab(logs, "tournament", tournament("shared", db, 0));
        processes.add(tournament);
        List<Lab> workers = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            Lab w = new Lab(logs, "worker" + i, List.of("worker", "--db", db, "--concurrency", "2"));
            workers.add(w);
            processes.add(w);
        }
        Lab victim = workers.get(0);
        String victimSuffix = ":" + victim.process.pid();
        Set<Long> heldWhenKilled = new HashSet<>();
        try (Store store = Store.open(db)) {
            long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(3);
            long tid = -1;
            while (heldWhenKilled.isEmpty()) {
                assertThat(System.nanoTime()).as("worker 0 holds a game before the tournament ends").isLessThan(deadline);
                assertThat(victim.process.isAlive()).as("worker 0 runs").isTrue();
                if (tid < 0) {
                    tid = store.tournament("shared").map(t -> t.id()).orElse(-1L);
                }
                if (tid >= 0) {
                    List<ScheduledGame> held = store.scheduled(tid).stream()
                            .filter(s -> "leased".equals(s.state()) && s.leaseOwner() != null && s.leaseOwner().endsWith(victimSuffix)).toList();
                    if (!held.isEmpty()) {
                        // SIGKILL (kill -9), through the process's handle: Process.destroyForcibly would also close this end
                        // of its standard output, losing lines it wrote before it died
                        victim.process.toHandle().destroyForcibly();
                        assertThat(victim.process.waitFor(30, TimeUnit.SECONDS)).isTrue();
                        // what it still held when it died: games it had not committed
                        store.scheduled(tid).stream().filter(s -> "leased".equals(s.state()) && s.leaseOwner().endsWith(victimSuffix))
                                .forEach(s -> heldWhenKilled.add(s.id()));
                        assertThat(heldWhenKilled).as("worker 0 held a game when it was killed (it finished %s meanwhile)", held).isNotEmpty();
                    }
                }
                Thread.sleep(5);
            }

            assertThat(tournament.process.waitFor(5, TimeUnit.MINUTES)).as("the tournament completes").isTrue();
            assertThat(tournament.process.exitValue()).isZero();
            List<String> lines = tournament.lines();
            JsonNode result = json.readTree(lines.get(lines.size() - 1));
            assertThat(result.get("finished").asBoolean()).isTrue();
            assertThat(result.get("scheduled").asInt()).isEqualTo(games);
            assertThat(result.get("stored").asInt()).isEqualTo(games);
            assertThat(result.get("played").asInt()).as("games the tournament's process played itself").isZero();
            assertThat(result.get("standings")).isEqualTo(expected.get("standings"));

            List<StoredGame> stored = store.games(GameQuery.ALL.withTournament("shared"));
            assertThat(stored).hasSize(games);
            assertThat(stored.stream().map(g -> g.game().scheduledId()).distinct().count()).isEqualTo(games);
            assertThat(stored).allSatisfy(g -> assertThat(g.game().origin()).isEqualTo("worker"));
            for (ScheduledGame s : store.scheduled(tid)) {
                assertThat(s.isDone()).isTrue();
                if (heldWhenKilled.contains(s.id())) {
                    assertThat(s.attempts()).as("the dead worker's game %d, taken again", s.game().number()).isGreaterThanOrEqualTo(2);
                    assertThat(s.leaseOwner()).doesNotEndWith(victimSuffix);
                }
            }

            // the workers stop cleanly on SIGTERM (Ctrl+C), and every game each said it stored is stored, once
            for (Lab w : workers.subList(1, 3)) {
                w.process.toHandle().destroy(); // SIGTERM, its output still read to the end
                assertThat(w.process.waitFor(60, TimeUnit.SECONDS)).isTrue();
            }
            List<String> said = new ArrayList<>();
            for (Lab w : workers) {
                said.addAll(w.lines().stream().filter(l -> l.startsWith("game ") && !l.contains("(not stored")).toList());
            }
            assertThat(said).hasSize(games);
            assertThat(said.stream().map(l -> l.substring(0, l.indexOf(':'))).collect(Collectors.toSet())).hasSize(games);
            for (Lab w : workers.subList(1, 3)) {
                assertThat(w.lines()).as("%s", java.nio.file.Files.readString(logs.resolve("worker" + workers.indexOf(w) + ".err")))
                        .anyMatch(l -> l.startsWith("worker worker@") && l.contains(" stopped: "));
            }
        }
    }
}
