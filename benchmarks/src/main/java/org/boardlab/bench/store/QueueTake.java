package org.boardlab.bench.store;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.boardlab.store.GameToSchedule;
import org.boardlab.store.ScheduledGame;
import org.boardlab.store.Store;
import org.boardlab.store.Tournament;

/**
 * How fast the scheduled games' queue gives out games when it is long (issue 12: {@code boardlab
 * worker}, {@code Store.take}): {@code --games} games queued in one tournament, then {@code --takers}
 * threads take them (each its own holder, a lease of an hour) until the queue is empty. It prints
 * the takes per second over the first {@code --window} takes (the queue at its longest), over all of
 * them, each take's time (p50, p99, max), and the machine's load average before and after.
 *
 * <pre>
 * java -cp benchmarks/target/benchmarks.jar org.boardlab.bench.store.QueueTake --games 20000 --takers 4 [--db URL] [--window 2000]
 * </pre>
 */
public final class QueueTake {

    public static void main(String[] args) throws Exception {
        int games = 20_000;
        int takers = 4;
        int window = 2_000;
        String db = null;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--games" -> games = Integer.parseInt(args[++i]);
                case "--takers" -> takers = Integer.parseInt(args[++i]);
                case "--window" -> window = Integer.parseInt(args[++i]);
                case "--db" -> db = args[++i];
                default -> throw new IllegalArgumentException("unknown option " + args[i]
                        + " (--games N --takers T --window W --db URL)");
            }
        }
        if (db == null) {
            db = "jdbc:h2:file:" + Files.createTempDirectory("queue-take").resolve("db").toAbsolutePath();
        }
        try (Store store = Store.open(db)) {
            Tournament t = store.createTournament("queue-take-" + System.nanoTime(), "othello", "", "{}", 1000, 0, 0);
            List<GameToSchedule> todo = new ArrayList<>(games);
            for (int i = 1; i <= games; i++) {
                todo.add(new GameToSchedule(i, 1 + i / 100, i, "othello", "", "a", "b", null, null, "", "1s", i));
            }
            for (int from = 0; from < games; from += 5_000) {
                store.schedule(t.id(), todo.subList(from, Math.min(games, from + 5_000)));
            }
            System.out.printf(Locale.ROOT, "%s: %d games queued; %d takers%n", store.isPostgres() ? "PostgreSQL" : "H2", games, takers);
            double[] loadBefore = load();
            long[] at = new long[games]; // when each take returned, in the order they returned
            long[] took = new long[games];
            java.util.concurrent.atomic.AtomicInteger next = new java.util.concurrent.atomic.AtomicInteger();
            ExecutorService pool = Executors.newFixedThreadPool(takers);
            List<Future<?>> running = new ArrayList<>();
            long start = System.nanoTime();
            for (int k = 0; k < takers; k++) {
                String owner = "taker-" + k;
                running.add(pool.submit(() -> {
                    while (true) {
                        long t0 = System.nanoTime();
                        java.util.Optional<ScheduledGame> g = store.take(t.id(), owner, Duration.ofHours(1));
                        long t1 = System.nanoTime();
                        if (g.isEmpty()) {
                            return null;
                        }
                        int n = next.getAndIncrement();
                        at[n] = t1 - start;
                        took[n] = t1 - t0;
                    }
                }));
            }
            for (Future<?> f : running) {
                f.get();
            }
            long end = System.nanoTime();
            pool.shutdown();
            double[] loadAfter = load();
            int n = next.get();
            if (n != games) {
                throw new IllegalStateException(n + " games taken of " + games);
            }
            int w = Math.min(window, n);
            long[] sorted = Arrays.copyOf(took, n);
            Arrays.sort(sorted);
            System.out.printf(Locale.ROOT, "first %d takes (%d to %d games queued): %.0f takes/s%n", w, games, games - w,
                    w / (at[w - 1] / 1e9));
            System.out.printf(Locale.ROOT, "all %d takes: %.1f s, %.0f takes/s; a take: p50 %.2f ms, p99 %.2f ms, max %.1f ms%n", n,
                    (end - start) / 1e9, n / ((end - start) / 1e9), sorted[n / 2] / 1e6, sorted[(int) (n * 0.99)] / 1e6,
                    sorted[n - 1] / 1e6);
            System.out.printf(Locale.ROOT, "load average before %.2f %.2f %.2f, after %.2f %.2f %.2f; %d cores%n", loadBefore[0],
                    loadBefore[1], loadBefore[2], loadAfter[0], loadAfter[1], loadAfter[2], Runtime.getRuntime().availableProcessors());
        }
    }

    private static double[] load() {
        try {
            String[] f = Files.readString(Path.of("/proc/loadavg")).trim().split("\\s+");
            return new double[] {Double.parseDouble(f[0]), Double.parseDouble(f[1]), Double.parseDouble(f[2])};
        } catch (java.io.IOException | RuntimeException e) {
            return new double[] {-1, -1, -1};
        }
    }
}
