package org.boardlab.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.boardlab.store.testing.StoreFixture;
import org.boardlab.store.testing.TestProcesses;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code kill -9} at random moments: a process that plays games and stores each one before it
 * prints it is killed 20 times (SIGKILL: no shutdown hook, no close) and started again on the same
 * database. Every game it printed is stored, every stored game has all its moves (no half game),
 * and the database opens again each time; every stored game moved the lab ladder exactly once.
 */
class KillTest {

    @RegisterExtension
    final StoreFixture stores = new StoreFixture();

    static List<String> kinds() {
        return StoreFixture.kinds();
    }

    @ParameterizedTest
    @MethodSource("kinds")
    @Execution(ExecutionMode.CONCURRENT) // the two databases at once (src/test/resources/junit-platform.properties)
    void killedAtRandomMomentsItLosesNoReportedGameAndLeavesNoHalfGame(String kind) throws Exception {
        String url = stores.fresh(kind);
        Random random = new Random(20261125L);
        Set<Long> reported = new HashSet<>();
        int kills = 0;
        for (int round = 0; round < 20; round++) {
            List<String> lines = new CopyOnWriteArrayList<>();
            Process p = new ProcessBuilder(TestProcesses.java(PlayAndStore.class, url, Long.toString(round))).redirectErrorStream(true).start();
            Thread reader = new Thread(() -> {
                try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
                    for (String line; (line = r.readLine()) != null;) {
                        lines.add(line);
                    }
                } catch (java.io.IOException e) {
                    // the process was killed
                }
            });
            reader.start();
            // wait until it plays (the JVM and the database opened), then a random moment more
            long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (!lines.contains("started") && p.isAlive() && System.nanoTime() < until) {
                Thread.sleep(5);
            }
            assertThat(lines).as("the player process started: %s", lines).contains("started");
            // then until it has reported a game (on a loaded machine a fixed time could pass before the
            // first commit), and a random moment more, so the kill falls anywhere in a commit's life
            while (lines.stream().noneMatch(l -> l.startsWith("stored ")) && p.isAlive() && System.nanoTime() < until) {
                Thread.sleep(5);
            }
            Thread.sleep(random.nextInt(500));
            p.destroyForcibly(); // SIGKILL
            assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
            reader.join(10_000);
            kills++;
            for (String line : lines) {
                if (line.startsWith("stored ")) {
                    reported.add(Long.parseLong(line.substring(7)));
                } else if (!line.equals("started")) {
                    throw new AssertionError("the player process said: " + String.join("\n", lines));
                }
            }
            // the database opens again, holds every reported game, and no game without all its moves
            // (each stored game read once: a reported game is one of them, so its moves are checked with the others')
            try (Store store = Store.open(url)) {
                List<StoredGame> all = store.games(GameQuery.ALL);
                Set<Long> stored = new HashSet<>();
                all.forEach(s -> stored.add(s.id()));
                for (long id : reported) {
                    if (!stored.contains(id)) {
                        throw new AssertionError("game " + id + " was reported but is not stored");
                    }
                }
                assertThat(all.size()).isGreaterThanOrEqualTo(reported.size());
                for (StoredGame s : all) {
                    assertThat(store.game(s.id()).orElseThrow().game().moves()).as("game %d's moves", s.id()).hasSize(s.game().plies());
                }
            }
        }
        // the lab ladder: every stored game rated exactly once (two players on two ladders: four history rows), and the
        // ladder is what replaying the stored games in id order gives
        try (Store store = Store.open(url);
                java.sql.Connection c = StoreFixture.connect(url);
                java.sql.Statement s = c.createStatement();
                java.sql.ResultSet r = s.executeQuery("SELECT COUNT(*) FROM games g LEFT JOIN (SELECT game_id, COUNT(*) AS n FROM ratings GROUP BY game_id) x "
                        + "ON x.game_id = g.id WHERE COALESCE(x.n, 0) <> 4")) {
            r.next();
            assertThat(r.getInt(1)).as("games not rated exactly once").isZero();
            assertThat(Ladder.now(store)).hasSize(4).isEqualTo(Ladder.replay(store));
        }
        assertThat(kills).isEqualTo(20);
        assertThat(reported).as("games reported before the kills (at least one a process)").hasSizeGreaterThanOrEqualTo(20);
        System.out.printf("[kill] %s: %d kills, %d games reported, 0 lost%n", kind, kills, reported.size());
    }
}
