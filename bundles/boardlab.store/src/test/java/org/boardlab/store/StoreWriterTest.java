package org.boardlab.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.boardlab.ai.basic.RandomPlayer;
import org.boardlab.core.PlayerSeat;
import org.boardlab.game.othello.Othello;
import org.boardlab.store.testing.StoreFixture;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The store's writer ({@link Store#saveLater}): one thread that commits the games queued meanwhile
 * in one transaction and completes each game's future only after that commit; a full queue makes
 * the caller wait; a bad game in a batch fails only itself. On H2 and PostgreSQL.
 */
class StoreWriterTest {

    @RegisterExtension
    final StoreFixture stores = new StoreFixture();

    static List<String> kinds() {
        return StoreFixture.kinds();
    }

    private String url;

    private Store store(String kind) throws Exception {
        url = stores.fresh(kind);
        return stores.open(url);
    }

    private List<FinishedGame> play(int n, long seed) {
        return stores.play(new Othello(), new PlayerSeat("random#1", RandomPlayer::new), new PlayerSeat("random#2", RandomPlayer::new), n, seed,
                "match");
    }

    /**
     * Hands {@code g} to the writer with a follower that keeps the writer's thread until
     * {@code release}; returns once the writer is held (the follower runs), with the follower's future.
     */
    static CompletableFuture<Void> holdWriter(Store store, FinishedGame g, CountDownLatch release) throws Exception {
        for (int attempt = 0; attempt < 50; attempt++) {
            CompletableFuture<Boolean> holding = new CompletableFuture<>();
            CompletableFuture<Void> held = store.saveLater(g).thenAccept(id -> {
                if (!Thread.currentThread().getName().equals("boardlab-store-writer")) {
                    holding.complete(false); // committed before the follower was added: it runs here, holds nothing; try again
                    return;
                }
                holding.complete(true);
                try {
                    release.await(60, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            });
            if (holding.get(30, TimeUnit.SECONDS)) {
                return held;
            }
        }
        throw new AssertionError("could not hold the writer");
    }

    @ParameterizedTest
    @MethodSource("kinds")
    void aGamesFutureCompletesOnlyOnceItIsCommittedAndVisibleToOtherConnections(String kind) throws Exception {
        Store store = store(kind);
        List<FinishedGame> games = play(20, 3);
        List<CompletableFuture<Boolean>> seen = new ArrayList<>();
        for (FinishedGame g : games) {
            // run when the future completes: another pooled connection must already see the game, with all its moves
            seen.add(store.saveLater(g).thenApply(id -> store.game(id).map(s -> s.game().moves().size() == g.plies()).orElse(false)));
        }
        for (CompletableFuture<Boolean> f : seen) {
            assertThat(f.get(30, TimeUnit.SECONDS)).isTrue();
        }
        assertThat(store.countGames()).isEqualTo(20);
    }

    @ParameterizedTest
    @MethodSource("kinds")
    void gamesQueuedMeanwhileAreCommittedTogetherInOrder(String kind) throws Exception {
        Store store = store(kind);
        List<FinishedGame> games = play(300, 4);
        CountDownLatch release = new CountDownLatch(1);
        // the first game's follower holds the writer's thread: what comes next queues up meanwhile
        CompletableFuture<Void> held = holdWriter(store, games.get(0), release);
        long base = store.countGames();
        long[] before = store.writerCounts();
        List<CompletableFuture<Long>> rest = new ArrayList<>();
        List<Long> order = new java.util.concurrent.CopyOnWriteArrayList<>();
        for (FinishedGame g : games.subList(1, games.size())) {
            CompletableFuture<Long> f = store.saveLater(g);
            f.thenAccept(order::add);
            rest.add(f);
        }
        assertThat(store.writerQueue()).isEqualTo(299);
        Thread.sleep(150); // each of the 299 waits longer than 100 ms for its commit
        release.countDown();
        // wait without get(): a thread waiting in get() may run followers itself, out of the writer's order
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (order.size() < rest.size() && System.nanoTime() < until) {
            Thread.sleep(5);
        }
        held.get(30, TimeUnit.SECONDS);
        List<Long> ids = new ArrayList<>();
        for (CompletableFuture<Long> f : rest) {
            ids.add(f.get(30, TimeUnit.SECONDS));
        }
        long[] after = store.writerCounts();
        assertThat(after[1] - before[1]).isEqualTo(299);
        // 299 games queued at once, in batches of at most WRITER_BATCH: a handful of transactions, not 299
        assertThat(after[0] - before[0]).isEqualTo((299 + Store.WRITER_BATCH - 1) / Store.WRITER_BATCH);
        assertThat(ids).isSorted().doesNotHaveDuplicates();
        assertThat(order).as("futures complete in the order the games were handed in").isEqualTo(ids);
        assertThat(store.countGames() - base).isEqualTo(299);
        // what the writer says it did: the 299 were waiting at once when it took them, in batches of at most 64
        String report = store.writerReport();
        assertThat(report).contains(", at most 299 waiting;").contains("at most " + Store.WRITER_BATCH + ")");
        java.util.regex.Matcher over = java.util.regex.Pattern.compile("\\(([0-9,]+) over 100 ms").matcher(report);
        assertThat(over.find()).as(report).isTrue();
        assertThat(Long.parseLong(over.group(1).replace(",", ""))).as(report).isGreaterThanOrEqualTo(299);
    }

    /**
     * A server's writer (handed games that may wait, {@link Store#saveLater(FinishedGame, Duration)}) runs at a
     * lower priority than the process (Linux: its nice value {@link Store#WRITER_NICE} higher), so that on a
     * busy machine the server's network loops come first; a writer handed only games to commit at once
     * ({@code match}, a tournament) keeps the process's. The report says which.
     */
    @ParameterizedTest
    @MethodSource("kinds")
    void aServersWriterGivesWayToTheThreadsThatPlay(String kind) throws Exception {
        org.junit.jupiter.api.Assumptions.assumeTrue(org.boardlab.store.internal.WriterPriorityTest.reniceThere(), "Linux with renice");
        Store store = store(kind);
        java.nio.file.Path self = java.nio.file.Path.of("/proc/thread-self");
        int process = org.boardlab.store.internal.WriterPriority.nice(self);
        FinishedGame g = play(1, 9).get(0);
        assertThat(writersNice(store, g, Duration.ZERO)).as("a writer handed games without a delay").isEqualTo(process);
        assertThat(store.writerReport()).endsWith("; its priority as the process's");
        int writer = writersNice(store, g, Duration.ofMillis(1));
        assertThat(writer).as("once handed a game that may wait").isEqualTo(Math.min(19, process + Store.WRITER_NICE));
        if (process < 19) {
            assertThat(writer).as("below the process's priority").isGreaterThan(process);
        }
        assertThat(writersNice(store, g, Duration.ZERO)).as("and from then on").isEqualTo(writer);
        assertThat(store.writerReport()).matches("[0-9,]+ games? in [0-9,]+ transactions? \\(.*").endsWith("; at nice " + writer);
    }

    /** The writer thread's nice value, read on that thread by a game's follower (one added after the commit runs elsewhere: again). */
    private static int writersNice(Store store, FinishedGame g, Duration delay) throws Exception {
        java.nio.file.Path self = java.nio.file.Path.of("/proc/thread-self");
        for (int attempt = 0; attempt < 50; attempt++) {
            Integer nice = store.saveLater(g, delay).thenApply(id -> {
                if (!Thread.currentThread().getName().equals("boardlab-store-writer")) {
                    return null;
                }
                try {
                    return org.boardlab.store.internal.WriterPriority.nice(self);
                } catch (java.io.IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            }).get(30, TimeUnit.SECONDS);
            if (nice != null) {
                return nice;
            }
        }
        throw new AssertionError("no follower ran on the writer's thread");
    }

    @ParameterizedTest
    @MethodSource("kinds")
    void aFullQueueMakesTheCallerWaitAndLosesNothing(String kind) throws Exception {
        Store store = store(kind);
        List<FinishedGame> games = play(2, 5);
        CountDownLatch release = new CountDownLatch(1);
        // the first game's follower holds the writer's thread: what comes next queues up meanwhile
        CompletableFuture<Void> held = holdWriter(store, games.get(0), release);
        long base = store.countGames();
        List<CompletableFuture<Long>> queued = new ArrayList<>();
        for (int k = 0; k < Store.WRITER_QUEUE; k++) {
            queued.add(store.saveLater(games.get(1)));
        }
        assertThat(store.writerQueue()).isEqualTo(Store.WRITER_QUEUE);
        AtomicBoolean returned = new AtomicBoolean();
        CompletableFuture<CompletableFuture<Long>> one = CompletableFuture.supplyAsync(() -> {
            CompletableFuture<Long> f = store.saveLater(games.get(0));
            returned.set(true);
            return f;
        });
        Thread.sleep(500);
        assertThat(returned).as("saveLater waits while the queue is full").isFalse();
        release.countDown();
        held.get(30, TimeUnit.SECONDS);
        queued.add(one.get(30, TimeUnit.SECONDS));
        for (CompletableFuture<Long> f : queued) {
            f.get(60, TimeUnit.SECONDS);
        }
        assertThat(store.countGames() - base).isEqualTo(Store.WRITER_QUEUE + 1);
    }

    @ParameterizedTest
    @MethodSource("kinds")
    void aGameStoredTwiceInOneBatchFailsOnlyItself(String kind) throws Exception {
        Store store = store(kind);
        List<FinishedGame> games = play(4, 6);
        Tournament t = store.createTournament("twice", "othello", "", "{}", 1000, 0, 0);
        store.schedule(t.id(), List.of(new GameToSchedule(1, 1, 1, "othello", "", "random", "random", null, null, "", "1s", 1)));
        ScheduledGame s = store.take(t.id(), "w", Duration.ofMinutes(1)).orElseThrow();
        CountDownLatch release = new CountDownLatch(1);
        // the first game's follower holds the writer's thread: what comes next queues up meanwhile
        CompletableFuture<Void> held = holdWriter(store, games.get(0), release);
        long base = store.countGames();
        // one batch: a plain game, the scheduled game's result, a second result for it, another plain game
        CompletableFuture<Long> plain = store.saveLater(games.get(1));
        CompletableFuture<Boolean> once = store.completeLater(s.id(), "w", games.get(2));
        CompletableFuture<Boolean> twice = store.completeLater(s.id(), "w", games.get(3));
        CompletableFuture<Long> last = store.saveLater(games.get(3));
        release.countDown();
        held.get(30, TimeUnit.SECONDS);
        assertThat(plain.get(30, TimeUnit.SECONDS)).isPositive();
        assertThat(once.get(30, TimeUnit.SECONDS)).isTrue();
        assertThat(twice.get(30, TimeUnit.SECONDS)).as("the second result for one scheduled game is not stored").isFalse();
        assertThat(last.get(30, TimeUnit.SECONDS)).isPositive();
        assertThat(store.countGames() - base).isEqualTo(3);
        assertThat(store.scheduled(t.id())).singleElement().satisfies(x -> assertThat(x.state()).isEqualTo("done"));
        // the writer goes on after a failed batch: the next games are committed as before
        List<CompletableFuture<Long>> after = List.of(store.saveLater(games.get(0)), store.saveLater(games.get(1)));
        for (CompletableFuture<Long> f : after) {
            assertThat(store.game(f.get(30, TimeUnit.SECONDS))).isPresent();
        }
        assertThat(store.countGames() - base).isEqualTo(5);
    }

    /**
     * A batch whose commit succeeded and whose writer then fails (making its connection ready for the next
     * batch: the ladder's cache, the statements' batches) is stored once: the writer commits a failed batch
     * again game by game, which for a batch already committed stored (and rated) each game a second time.
     */
    @ParameterizedTest
    @MethodSource("kinds")
    void aFailureAfterABatchCommittedStoresNoGameTwice(String kind) throws Exception {
        Store store = store(kind);
        List<FinishedGame> games = play(5, 8); // random#1 against random#2: rated, so the batch writes the ladder too
        CountDownLatch release = new CountDownLatch(1);
        // the first game's follower holds the writer's thread: the next three queue up meanwhile and make one batch
        CompletableFuture<Void> held = holdWriter(store, games.get(0), release);
        long base = store.countGames();
        int rated = store.ratingHistory("elo", "othello", "random#1").size();
        List<CompletableFuture<Long>> batch = new ArrayList<>();
        for (FinishedGame g : games.subList(1, 4)) {
            batch.add(store.saveLater(g));
        }
        AtomicBoolean failed = new AtomicBoolean();
        Store.afterWriterCommit = () -> {
            if (failed.compareAndSet(false, true)) {
                throw new IllegalStateException("the connection broke after the commit");
            }
        };
        try {
            release.countDown();
            held.get(30, TimeUnit.SECONDS);
            Set<Long> ids = new HashSet<>();
            for (CompletableFuture<Long> f : batch) {
                ids.add(f.get(30, TimeUnit.SECONDS)); // committed: each future has its game's id, none failed
            }
            assertThat(failed).as("the fault struck after the batch's commit").isTrue();
            assertThat(ids).hasSize(3);
            assertThat(store.countGames() - base).as("each game of the batch stored once").isEqualTo(3);
            // rated once too: one history row per ladder and player for each game
            assertThat(store.ratingHistory("elo", "othello", "random#1")).hasSize(rated + 3);
            // the writer goes on, on a new connection
            long next = store.saveLater(games.get(4)).get(30, TimeUnit.SECONDS);
            assertThat(store.game(next)).isPresent();
            assertThat(store.countGames() - base).isEqualTo(4);
            assertThat(store.ratingHistory("elo", "othello", "random#1")).hasSize(rated + 4);
        } finally {
            Store.afterWriterCommit = null;
        }
    }

    @ParameterizedTest
    @MethodSource("kinds")
    void closingCommitsWhatIsQueuedAndRefusesWhatComesAfter(String kind) throws Exception {
        Store store = store(kind);
        List<FinishedGame> games = play(50, 7);
        List<CompletableFuture<Long>> futures = new ArrayList<>();
        for (FinishedGame g : games) {
            futures.add(store.saveLater(g));
        }
        store.close();
        Set<Long> ids = new HashSet<>();
        for (CompletableFuture<Long> f : futures) {
            ids.add(f.getNow(null));
        }
        assertThat(ids).hasSize(50).doesNotContainNull();
        CompletableFuture<Long> late = store.saveLater(games.get(0));
        assertThat(late).isCompletedExceptionally();
        try {
            late.join();
        } catch (CompletionException e) {
            assertThat(e.getCause()).isInstanceOf(StoreException.class).hasMessageContaining("is closed: the game was not stored");
        }
        try (Store again = Store.open(url)) {
            assertThat(again.countGames()).isEqualTo(50);
        }
    }

    @ParameterizedTest
    @MethodSource("kinds")
    void gamesThatMayWaitAreCommittedTogetherNotBeforeTheirDelay(String kind) throws Exception {
        Store store = store(kind);
        List<FinishedGame> games = play(Store.WRITER_BATCH + 12, 8);
        // alone, a game that may wait 300 ms is committed when its delay has run out, not before
        long[] before = store.writerCounts();
        long start = System.nanoTime();
        long alone = store.saveLater(games.get(0), Duration.ofMillis(300)).get(30, TimeUnit.SECONDS);
        assertThat(System.nanoTime() - start).as("committed only once its delay ran out").isGreaterThanOrEqualTo(300_000_000L);
        assertThat(store.game(alone)).isPresent();
        // ten that may wait ten minutes, then one that may not: one transaction, at once (the first due ends the wait)
        List<CompletableFuture<Long>> batch = new ArrayList<>();
        for (FinishedGame g : games.subList(1, 11)) {
            batch.add(store.saveLater(g, Duration.ofMinutes(10)));
        }
        batch.add(store.saveLater(games.get(11)));
        List<Long> ids = new ArrayList<>();
        for (CompletableFuture<Long> f : batch) {
            ids.add(f.get(60, TimeUnit.SECONDS));
        }
        assertThat(ids).isSorted().doesNotHaveDuplicates();
        long[] after = store.writerCounts();
        assertThat(after[0] - before[0]).as("transactions: the first game alone, then the eleven together").isEqualTo(2);
        // a full batch does not wait for its games' delay either
        List<CompletableFuture<Long>> full = new ArrayList<>();
        for (FinishedGame g : games.subList(12, 12 + Store.WRITER_BATCH)) {
            full.add(store.saveLater(g, Duration.ofMinutes(10)));
        }
        for (CompletableFuture<Long> f : full) {
            assertThat(f.get(60, TimeUnit.SECONDS)).isPositive();
        }
        assertThat(store.writerCounts()[0] - after[0]).isEqualTo(1);
        assertThat(store.countGames()).isEqualTo(Store.WRITER_BATCH + 12);
    }

    @ParameterizedTest
    @MethodSource("kinds")
    void closingCommitsAGameThatCouldStillWait(String kind) throws Exception {
        Store store = store(kind);
        FinishedGame g = play(1, 9).get(0);
        CompletableFuture<Long> waiting = store.saveLater(g, Duration.ofMinutes(10));
        store.close();
        assertThat(waiting.getNow(null)).as("committed by close, not after ten minutes").isNotNull();
        try (Store again = Store.open(url)) {
            assertThat(again.game(waiting.join())).isPresent();
        }
    }
}
