package org.boardlab.bench.store;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.boardlab.ai.basic.RandomPlayer;
import org.boardlab.api.GameOptions;
import org.boardlab.core.EventBus;
import org.boardlab.core.GameResult;
import org.boardlab.core.Match;
import org.boardlab.core.MatchSettings;
import org.boardlab.core.PlayerSeat;
import org.boardlab.core.Referee;
import org.boardlab.game.othello.Othello;
import org.boardlab.store.FinishedGame;
import org.boardlab.store.Seat;
import org.boardlab.store.Store;

/**
 * Stored games per second: random against random, Othello 8x8, four players (round-robin pairs,
 * colours alternating), {@code --concurrency} games at once, each game played through the referee
 * (as {@code boardlab match} plays it) and committed to the store, with its moves, in one
 * transaction before it counts. Prints the figure with the machine's load average.
 *
 * <pre>
 * java -cp benchmarks/target/benchmarks.jar org.boardlab.bench.store.StoreThroughput [--db URL] [--games 10000] [--concurrency 2] [--no-store]
 * </pre>
 *
 * Without {@code --db}, a new H2 file database in a temporary folder (deleted afterwards).
 */
public final class StoreThroughput {

    /** {@code --no-store}: the games only, for comparison (nothing is committed). */
    private static volatile boolean NO_STORE;
    private static final AtomicLong TOTAL_COMMIT_NANOS = new AtomicLong();

    private StoreThroughput() {
    }

    public static void main(String[] args) throws Exception {
        String url = null;
        int games = 10_000;
        int concurrency = 2;
        boolean noStore = false;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--db" -> url = args[++i];
                case "--games" -> games = Integer.parseInt(args[++i]);
                case "--concurrency" -> concurrency = Integer.parseInt(args[++i]);
                case "--no-store" -> noStore = true;
                default -> {
                    System.err.println("usage: StoreThroughput [--db URL] [--games N] [--concurrency C]");
                    System.exit(2);
                }
            }
        }
        Path temp = null;
        if (url == null) {
            temp = Files.createTempDirectory("boardlab-bench-store");
            url = "jdbc:h2:file:" + temp.resolve("boardlab");
        }
        String[] players = {"random-a", "random-b", "random-c", "random-d"};
        // the six pairs of four players, each in both colours: 12 pairings, played in turn
        List<String[]> pairings = new ArrayList<>();
        for (int a = 0; a < players.length; a++) {
            for (int b = 0; b < players.length; b++) {
                if (a != b) {
                    pairings.add(new String[] {players[a], players[b]});
                }
            }
        }
        Othello othello = new Othello();
        Referee referee = new Referee();
        EventBus events = new EventBus();
        events.subscribe(e -> { }); // someone listens, as the workbench does
        NO_STORE = noStore;
        try (Store store = Store.open(url)) {
            long before = store.countGames();
            // warm-up: 200 games, not counted
            run(store, referee, events, othello, pairings, 200, concurrency, new AtomicLong());
            double[] loadBefore = load();
            AtomicLong maxCommitNanos = new AtomicLong();
            TOTAL_COMMIT_NANOS.set(0);
            long start = System.nanoTime();
            run(store, referee, events, othello, pairings, games, concurrency, maxCommitNanos);
            double seconds = (System.nanoTime() - start) / 1e9;
            double[] loadAfter = load();
            long stored = store.countGames() - before - 200;
            System.out.printf(Locale.ROOT, "store: %s%n", store.url());
            System.out.printf(Locale.ROOT, "%d games (random vs random, othello 8x8, 4 players, concurrency %d), each committed before it counts, "
                    + "in %.2f s: %.0f games/s; %d stored; commit (saveGame) %.2f ms on average, %.1f ms at most%n", games, concurrency, seconds,
                    games / seconds, stored, TOTAL_COMMIT_NANOS.get() / 1e6 / games, maxCommitNanos.get() / 1e6);
            System.out.printf(Locale.ROOT, "load average before %.2f %.2f %.2f, after %.2f %.2f %.2f; %d cores%n", loadBefore[0],
                    loadBefore[1], loadBefore[2], loadAfter[0], loadAfter[1], loadAfter[2], Runtime.getRuntime().availableProcessors());
            if (stored != games && !noStore) {
                System.err.println("stored " + stored + " games, not " + games);
                System.exit(1);
            }
        } finally {
            referee.close();
            if (temp != null) {
                try (var files = Files.walk(temp)) {
                    files.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
                }
            }
        }
    }

    private static void run(Store store, Referee referee, EventBus events, Othello othello, List<String[]> pairings, int games,
            int concurrency, AtomicLong maxCommitNanos) throws Exception {
        AtomicInteger next = new AtomicInteger();
        ExecutorService pool = Executors.newFixedThreadPool(concurrency);
        List<Future<?>> done = new ArrayList<>();
        for (int t = 0; t < concurrency; t++) {
            done.add(pool.submit(() -> {
                for (int k; (k = next.getAndIncrement()) < games;) {
                    String[] pair = pairings.get(k % pairings.size());
                    Match[] m = new Match[1];
                    m[0] = new Match(referee, othello, GameOptions.DEFAULT, new PlayerSeat(pair[0], RandomPlayer::new),
                            new PlayerSeat(pair[1], RandomPlayer::new), MatchSettings.defaults().withSeed(k), events);
                    m[0].onGameResult((GameResult r) -> {
                        if (NO_STORE) {
                            return;
                        }
                        long t0 = System.nanoTime();
                        store.saveGame(FinishedGame.of(m[0].journal(), "match", new Seat(r.first(), "random", "boardlab.ai.basic", "0.1.0", null),
                                new Seat(r.second(), "random", "boardlab.ai.basic", "0.1.0", null)));
                        long took = System.nanoTime() - t0;
                        maxCommitNanos.accumulateAndGet(took, Math::max);
                        TOTAL_COMMIT_NANOS.addAndGet(took);
                    });
                    m[0].runHere();
                }
                return null;
            }));
        }
        for (Future<?> f : done) {
            f.get();
        }
        pool.shutdown();
    }

    private static double[] load() {
        try {
            String[] f = Files.readString(Path.of("/proc/loadavg")).trim().split("\\s+");
            return new double[] {Double.parseDouble(f[0]), Double.parseDouble(f[1]), Double.parseDouble(f[2])};
        } catch (Exception e) {
            return new double[] {-1, -1, -1};
        }
    }
}
