package org.boardlab.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.boardlab.store.testing.StoreFixture;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The queue at the size of a big tournament: 20,000 queued games, 100 of them first leased by a
 * holder that died (its lease ran out), taken by 4 takers at once until the queue is empty (two
 * taking one game a take, two taking three in one transaction), on H2 (read without locks, claimed by
 * a re-checking update) and on PostgreSQL ({@code FOR UPDATE SKIP LOCKED}): every game is taken
 * exactly once, each by the taker the database says holds it. How
 * fast is a benchmark's question ({@code QueueTake} in benchmarks/), not this test's.
 */
class QueueTakeScaleTest {

    private static final int GAMES = 20_000;
    private static final int DEAD = 100;
    private static final int TAKERS = 4;

    @RegisterExtension
    final StoreFixture stores = new StoreFixture();

    static List<String> kinds() {
        return StoreFixture.kinds();
    }

    @ParameterizedTest
    @MethodSource("kinds")
    void fourTakersTakeEveryOneOfTwentyThousandGamesExactlyOnce(String kind) throws Exception {
        try (Store store = Store.open(stores.fresh(kind))) {
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
                int batch = k < TAKERS / 2 ? 1 : 3; // half take one game a take (workers), half three in one transaction (a runner's claim ahead)
                takers.add(pool.submit(() -> {
                    List<Long> mine = new ArrayList<>();
                    while (true) {
                        List<ScheduledGame> got = batch == 1 ? store.take(t.id(), owner, Duration.ofHours(1)).map(List::of).orElse(List.of())
                                : store.take(t.id(), owner, Duration.ofHours(1), List.of(), batch);
                        if (got.isEmpty()) {
                            return mine;
                        }
                        assertThat(got.size()).isLessThanOrEqualTo(batch);
                        for (ScheduledGame g : got) {
                            assertThat(g.leaseOwner()).isEqualTo(owner);
                            assertThat(g.tournamentId()).isEqualTo(t.id());
                            mine.add(g.id());
                        }
                    }
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
