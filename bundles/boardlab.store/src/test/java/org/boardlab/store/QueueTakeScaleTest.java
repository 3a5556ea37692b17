package org.boardlab.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.boardlab.store.testing.TestDatabases;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The queue at the size of a big tournament: 20,000 queued games, 100 of them first leased by a
 * holder that died (its lease ran out), taken by 4 takers at once until the queue is empty, on H2
 * (read without locks, claimed by a re-checking update) and on PostgreSQL ({@code FOR UPDATE SKIP
 * LOCKED}): every game is taken exactly once, each by the taker the database says holds it. How
 * fast is a benchmark's question ({@code QueueTake} in benchmarks/), not this test's.
 */
class QueueTakeScaleTest {

    private static final int GAMES = 20_000;
    private static final int DEAD = 100;
    private static final int TAKERS = 4;

    @TempDir
    Path dir;

    static List<String> kinds() {
        return TestDatabases.kinds();
    }

    @ParameterizedTest
    @MethodSource("kinds")
    void fourTakersTakeEveryOneOfTwentyThousandGamesExactlyOnce(String kind) throws Exception {
        try (Store store = Store.open(TestDatabases.fresh(kind, dir))) {
            Tournament t = store.createTournament("big", "othello", "", "{}", 1000, 0, 0);
            Tournament other = store.createTournament("other", "othello", "", "{}", 1000, 0, 0);
            List<GameToSchedule> todo = new ArrayList<>(GAMES);
            for (int i = 1; i <= GAMES; i++) {
                todo.add(new GameToSchedule(i, 1 + i / 100, i, "othello", "", "a", "b", null, null, "", "1s", i));
            }
            assertThat(store.schedule(t.id(), todo)).isEqualTo(GAMES);
            store.schedule(other.id(), List.of(new GameToSchedule(1, 1, 1, "othello", "", "a", "b", null, null, "", "1s", 1)));

            // a holder that dies: its leases run out on the database's clock, and its games are free again
            java.util.Set<Long> dead = new java.util.HashSet<>();
            while (dead.size() < DEAD) {
                dead.add(store.take(t.id(), "dead", Duration.ofSeconds(2)).orElseThrow().id());
            }
            // the database runs on this machine: its clock is this one
            java.time.Instant runOut = store.scheduled(t.id()).stream().filter(s -> dead.contains(s.id())).map(ScheduledGame::leaseUntil)
                    .max(java.util.Comparator.naturalOrder()).orElseThrow().plusMillis(100);
            while (java.time.Instant.now().isBefore(runOut)) {
                Thread.sleep(50);
            }

            ExecutorService pool = Executors.newFixedThreadPool(TAKERS);
            List<Future<List<Long>>> takers = new ArrayList<>();
            for (int k = 0; k < TAKERS; k++) {
                String owner = "taker-" + k;
                takers.add(pool.submit(() -> {
                    List<Long> mine = new ArrayList<>();
                    for (Optional<ScheduledGame> g; (g = store.take(t.id(), owner, Duration.ofHours(1))).isPresent();) {
                        assertThat(g.get().leaseOwner()).isEqualTo(owner);
                        assertThat(g.get().tournamentId()).isEqualTo(t.id());
                        mine.add(g.get().id());
                    }
                    return mine;
                }));
            }
            Map<Long, String> takenBy = new HashMap<>();
            for (int k = 0; k < TAKERS; k++) {
                for (long id : takers.get(k).get(10, TimeUnit.MINUTES)) {
                    String before = takenBy.put(id, "taker-" + k);
                    assertThat(before).as("game %d taken twice", id).isNull();
                }
            }
            pool.shutdown();

            assertThat(takenBy).hasSize(GAMES);
            List<ScheduledGame> rows = store.scheduled(t.id());
            assertThat(rows).hasSize(GAMES);
            for (ScheduledGame s : rows) {
                assertThat(s.state()).isEqualTo("leased");
                assertThat(s.leaseOwner()).as("holder of game %d", s.game().number()).isEqualTo(takenBy.get(s.id()));
                if (!dead.contains(s.id())) {
                    assertThat(s.attempts()).as("attempts of game %d", s.game().number()).isEqualTo(1);
                } else {
                    assertThat(s.attempts()).as("attempts of the dead holder's game %d", s.game().number()).isGreaterThanOrEqualTo(2);
                }
            }
            assertThat(store.queueCounts(other.id()).get("queued")).as("the other tournament's game is left alone").isEqualTo(1);
            assertThat(store.take(null, "last", Duration.ofHours(1))).map(g -> g.tournamentId()).contains(other.id());
        }
    }
}
