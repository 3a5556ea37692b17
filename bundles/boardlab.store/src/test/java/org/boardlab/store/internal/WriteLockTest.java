package org.boardlab.store.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.boardlab.ai.basic.RandomPlayer;
import org.boardlab.core.PlayerSeat;
import org.boardlab.game.othello.Othello;
import org.boardlab.store.FinishedGame;
import org.boardlab.store.GameToSchedule;
import org.boardlab.store.ScheduledGame;
import org.boardlab.store.Store;
import org.boardlab.store.Tournament;
import org.boardlab.store.testing.StoreFixture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * On H2 one transaction that writes at a time ({@link Database}'s class says why: H2 writes a chunk
 * of the file with the maps as they are, so another transaction's commit under way can be caught
 * half done, and a kill then leaves it so). While a transaction that writes is open, every other way
 * the store writes waits for it, whichever store of the process on the same file it comes from; reads
 * do not wait. PostgreSQL keeps its concurrency.
 */
class WriteLockTest {

    @RegisterExtension
    final StoreFixture stores = new StoreFixture();

    /** Waits (10 s at most) until a thread waits for {@code db}'s write lock. */
    private static boolean someoneWaits(Database db) throws InterruptedException {
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (System.nanoTime() < until) {
            if (db.waitingForWrites()) {
                return true;
            }
            Thread.sleep(1);
        }
        return false;
    }

    @Test
    void onH2EveryWriteOfTheStoreWaitsForTheTransactionThatWrites() throws Exception {
        String url = stores.fresh("h2");
        Store store = stores.open(url);
        Tournament t = store.createTournament("t", "othello", "", "{}", 1000, 0, 0);
        List<GameToSchedule> rows = new ArrayList<>();
        for (int n = 1; n <= 4; n++) {
            rows.add(new GameToSchedule(n, 1, n, "othello", "", "a", "b", null, null, "", "1s", n));
        }
        store.schedule(t.id(), rows);
        ScheduledGame held = store.take(t.id(), "w1", Duration.ofMinutes(1)).orElseThrow();
        FinishedGame game = stores.play(new Othello(), new PlayerSeat("a", RandomPlayer::new), new PlayerSeat("b", RandomPlayer::new), 1, 7,
                "match").get(0);
        List<String> writes = List.of("saveLater (the writer's batch)", "saveGame", "take", "take of several", "heartbeat", "schedule");
        List<Function<Store, Object>> runs = List.of(
                s -> s.saveLater(game).join(),
                s -> s.saveGame(game),
                s -> s.take(t.id(), "w2", Duration.ofMinutes(1)),
                s -> s.take(t.id(), "w3", Duration.ofMinutes(1), List.of(), 2),
                s -> s.heartbeat(held.id(), "w1", Duration.ofMinutes(1)),
                s -> s.schedule(t.id(), List.of(new GameToSchedule(99, 2, 1, "othello", "", "a", "b", null, null, "", "1s", 99))));
        // the lock is the database's: a second Database on the same file holds it for the store's writes
        Database other = Database.open(url);
        try {
            for (int k = 0; k < runs.size(); k++) {
                Function<Store, Object> run = runs.get(k);
                CompletableFuture<Object> write;
                try (Database.Held h = other.holdWrites()) {
                    write = CompletableFuture.supplyAsync(() -> run.apply(store));
                    assertThat(someoneWaits(other)).as("%s waits for the transaction that writes", writes.get(k)).isTrue();
                    assertThat(write).as(writes.get(k)).isNotDone();
                    // reads do not wait (on another thread: were they to wait, the test fails instead of waiting for itself)
                    assertThat(CompletableFuture.supplyAsync(() -> store.scheduled(t.id()).size()).get(30, TimeUnit.SECONDS))
                            .isGreaterThanOrEqualTo(4);
                    assertThat(CompletableFuture.supplyAsync(() -> store.queueState(t.id()).scheduled()).get(30, TimeUnit.SECONDS))
                            .isGreaterThanOrEqualTo(4);
                }
                write.get(30, TimeUnit.SECONDS); // done once the lock is free
            }
        } finally {
            other.close();
        }
    }

    @ParameterizedTest
    @MethodSource("org.boardlab.store.testing.StoreFixture#kinds")
    void aTransactionThatWritesWaitsForTheOpenOneOnH2Only(String kind) throws Exception {
        String url = stores.fresh(kind);
        stores.open(url).close(); // migrated
        Database db = Database.open(url);
        try {
            CountDownLatch inFirst = new CountDownLatch(1);
            CountDownLatch endFirst = new CountDownLatch(1);
            List<String> order = java.util.Collections.synchronizedList(new ArrayList<>());
            CompletableFuture<Void> first = CompletableFuture.runAsync(() -> db.transaction(c -> {
                try (java.sql.Statement s = c.createStatement()) {
                    s.executeUpdate("UPDATE ladder_lock SET changes = changes + 1 WHERE id = 1");
                }
                order.add("first wrote");
                inFirst.countDown();
                try {
                    assertThat(endFirst.await(30, TimeUnit.SECONDS)).isTrue();
                } catch (InterruptedException e) {
                    throw new IllegalStateException(e);
                }
                order.add("first commits");
                return null;
            }));
            assertThat(inFirst.await(30, TimeUnit.SECONDS)).isTrue();
            // another table: no row of the first transaction's in its way
            CompletableFuture<Void> second = CompletableFuture.runAsync(() -> db.transaction(c -> {
                order.add("second begins");
                try (java.sql.Statement s = c.createStatement()) {
                    s.executeUpdate("INSERT INTO bugs (found_at, protocol, role, component, address, version, scenario, check_id, rule, "
                            + "expected, received, frames) VALUES (CURRENT_TIMESTAMP, 'p', 'server', 'c', 'a', 'v', 's', 'k', 'r', 'e', 'x', 'f')");
                }
                return null;
            }));
            if (kind.equals("h2")) {
                assertThat(someoneWaits(db)).as("the second transaction waits for the lock").isTrue();
                assertThat(second).isNotDone();
                endFirst.countDown();
                second.get(30, TimeUnit.SECONDS);
                first.get(30, TimeUnit.SECONDS);
                assertThat(order).containsExactly("first wrote", "first commits", "second begins");
            } else {
                second.get(30, TimeUnit.SECONDS); // PostgreSQL: while the first is still open
                assertThat(first).isNotDone();
                assertThat(db.waitingForWrites()).isFalse();
                endFirst.countDown();
                first.get(30, TimeUnit.SECONDS);
                assertThat(order).containsExactly("first wrote", "second begins", "first commits");
            }
        } finally {
            db.close();
        }
    }
}
