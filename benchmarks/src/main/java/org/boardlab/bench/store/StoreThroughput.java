package org.boardlab.bench.store;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
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
 * (as {@code boardlab match} plays it) and handed to the store's writer ({@link Store#saveLater}),
 * which commits the games finished meanwhile in one transaction; a game counts once its batch has
 * committed, and the clock stops when every game has. {@code --sync} commits each game on its
 * game's thread instead ({@link Store#saveGame}, one transaction per game), for comparison. Prints
 * the figure with the machine's load average.
 *
 * <pre>
 * java -cp benchmarks/target/benchmarks.jar org.boardlab.bench.store.StoreThroughput [--db URL] [--games 10000] [--concurrency 2] [--sync] [--no-store]
 * </pre>
 *
 * Without {@code --db}, a new H2 file database in a temporary folder (deleted afterwards).
 */
public final class StoreThroughput {

    /** {@code --no-store}: the games only, for comparison (nothing is committed). */
    private static volatile boolean NO_STORE;
    private static final AtomicLong TOTAL_COMMIT_NANOS = new AtomicLong();
    /** {@code --sync}: each game committed on its own game's thread ({@link Store#saveGame}), as before the writer. */
    private static volatile boolean SYNC;
    private static final List<CompletableFuture<Long>> commits = new ArrayList<>();
    /**
     * {@code --ladder}: the four players have four player ids ({@code random-a} ...), so every game
     * is rated on the lab ladder in its transaction; without it they share the id {@code random} and
     * no game is rated (a game between one player id and itself is not).
     */
    private static volatile boolean LADDER;
    /** {@code --players N}: how many player ids play (4 by default; a server has one per client). */
    private static volatile int PLAYERS = 4;

    /**
     * {@code --rate R}: the games are handed to the store at most R a second in all (the game
     * threads wait for each game's turn), as a server hands in the games its tables finish; 0: as
     * fast as they are played.
     */
    private static volatile double RATE;
    /**
     * {@code --delay MS}: how long the writer may keep each game to commit it with others
     * ({@link Store#saveLater(FinishedGame, java.time.Duration)}, as the server hands in its games).
     */
    private static volatile java.time.Duration DELAY = java.time.Duration.ZERO;

    private static Seat seat(String name) {
        return new Seat(name, LADDER ? name : "random", "boardlab.ai.basic", "0.1.0", null);
    }

    /**
     * The players of game {@code k}: {@code players} ids, each game between two of them; with four
     * players the twelve ordered pairs in turn, with more (a server's clients: {@code --players 1000})
     * pairs that change from round to round, so that every game moves two of many ladder rows.
     */
    private static String[] pair(List<String[]> pairings, int players, int k) {
        if (players <= 4) {
            return pairings.get(k % pairings.size());
        }
        int a = (2 * k) % players;
        int round = (2 * k) / players;
        int b = (a + 1 + 2 * (round % ((players - 1) / 2))) % players;
        return new String[] {"client-" + a, "client-" + b};
    }

    private StoreThroughput() {
    }

    public static void main(String[] args) throws Exception {
        String url = null;
        int games = 10_000;
        int concurrency = 2;
        boolean noStore = false;
        boolean commitOnly = false;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--db" -> url = args[++i];
                case "--games" -> games = Integer.parseInt(args[++i]);
                case "--concurrency" -> concurrency = Integer.parseInt(args[++i]);
                case "--no-store" -> noStore = true;
                case "--sync" -> SYNC = true;
                case "--commit-only" -> commitOnly = true;
                case "--ladder" -> LADDER = true;
                case "--players" -> PLAYERS = Integer.parseInt(args[++i]);
                case "--rate" -> RATE = Double.parseDouble(args[++i]);
                case "--delay" -> DELAY = java.time.Duration.ofMillis(Long.parseLong(args[++i]));
                default -> {
                    System.err.println("usage: StoreThroughput [--db URL] [--games N] [--concurrency C] [--sync] [--no-store] [--commit-only] "
                            + "[--ladder] [--players N] [--rate GAMES_PER_S] [--delay MS]");
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
        if (commitOnly) {
            commitOnly(url, temp, referee, events, othello, pairings, games, concurrency);
            return;
        }
        try (Store store = Store.open(url)) {
            long before = store.countGames();
            // warm-up: 200 games, not counted
            run(store, referee, events, othello, pairings, 200, concurrency, new AtomicLong());
            double[] loadBefore = load();
            AtomicLong maxCommitNanos = new AtomicLong();
            TOTAL_COMMIT_NANOS.set(0);
            long[] counts0 = store.writerCounts();
            long writerCpu0 = writerCpuNanos();
            long[] storeThreads0 = storeThreads();
            long cpu0 = cpuNanos();
            Path h2File = h2File(url);
            long file0 = fileBytes(h2File);
            long start = System.nanoTime();
            run(store, referee, events, othello, pairings, games, concurrency, maxCommitNanos);
            double seconds = (System.nanoTime() - start) / 1e9;
            double cpuMs = (cpuNanos() - cpu0) / 1e6;
            double writerCpuMs = (writerCpuNanos() - writerCpu0) / 1e6;
            long[] storeThreads1 = storeThreads();
            long file1 = fileBytes(h2File);
            long[] counts1 = store.writerCounts();
            double[] loadAfter = load();
            long stored = store.countGames() - before - 200;
            System.out.printf(Locale.ROOT, "store: %s%s%n", store.url(), LADDER ? " (every game rated on the lab ladder)" : "");
            System.out.printf(Locale.ROOT, "%d games (random vs random, othello 8x8, %d players, concurrency %d%s), each committed before it counts (%s), "
                    + "in %.2f s: %.0f games/s; %d stored; game over to committed %.2f ms on average, %.1f ms at most%n", games, PLAYERS,
                    concurrency, (RATE > 0 ? String.format(Locale.ROOT, ", handed in at %.0f games/s", RATE) : "")
                            + (DELAY.isZero() ? "" : ", the writer may wait " + DELAY.toMillis() + " ms for more"),
                    SYNC ? "saveGame on the game's thread" : "the store's writer, group commit", seconds,
                    games / seconds, stored, TOTAL_COMMIT_NANOS.get() / 1e6 / games, maxCommitNanos.get() / 1e6);
            long transactions = counts1[0] - counts0[0];
            System.out.printf(Locale.ROOT, "cpu: the store's writer thread %.3f ms a game, the process %.3f ms a game (games and store); "
                    + "%d transactions, %.1f games each%s%n", writerCpuMs / games, cpuMs / games, transactions,
                    (counts1[1] - counts0[1]) / (double) Math.max(1, transactions),
                    h2File == null ? "" : String.format(Locale.ROOT, "; the H2 file grew by %.1f KB a game (%.1f MB in all)",
                            (file1 - file0) / 1024.0 / games, file1 / 1024.0 / 1024.0));
            System.out.printf(Locale.ROOT, "store threads (the writer and H2's background writer): %.3f ms of CPU and %.1f KB allocated a game%n",
                    (storeThreads1[0] - storeThreads0[0]) / 1e6 / games, (storeThreads1[1] - storeThreads0[1]) / 1024.0 / games);
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
        long begin = System.nanoTime();
        for (int t = 0; t < concurrency; t++) {
            done.add(pool.submit(() -> {
                for (int k; (k = next.getAndIncrement()) < games;) {
                    String[] pair = pair(pairings, PLAYERS, k);
                    Match[] m = new Match[1];
                    m[0] = new Match(referee, othello, GameOptions.DEFAULT, new PlayerSeat(pair[0], RandomPlayer::new),
                            new PlayerSeat(pair[1], RandomPlayer::new), MatchSettings.defaults().withSeed(k), events);
                    long due = RATE > 0 ? begin + (long) (k / RATE * 1e9) : 0;
                    m[0].onGameResult((GameResult r) -> {
                        if (NO_STORE) {
                            return;
                        }
                        if (due != 0) {
                            java.util.concurrent.locks.LockSupport.parkNanos(due - System.nanoTime()); // the game's turn to end
                        }
                        long t0 = System.nanoTime();
                        FinishedGame g = FinishedGame.of(m[0].journal(), "match", seat(r.first()), seat(r.second()));
                        if (SYNC) {
                            store.saveGame(g);
                            long took = System.nanoTime() - t0;
                            maxCommitNanos.accumulateAndGet(took, Math::max);
                            TOTAL_COMMIT_NANOS.addAndGet(took);
                            return;
                        }
                        // the store's writer: the game's thread goes on, the game counts when its batch has committed
                        CompletableFuture<Long> stored = store.saveLater(g, DELAY).whenComplete((id, e) -> {
                            long took = System.nanoTime() - t0;
                            maxCommitNanos.accumulateAndGet(took, Math::max);
                            TOTAL_COMMIT_NANOS.addAndGet(took);
                        });
                        synchronized (commits) {
                            commits.add(stored);
                        }
                    });
                    m[0].runHere();
                }
                return null;
            }));
        }
        for (Future<?> f : done) {
            f.get();
        }
        // every game committed before the clock stops
        synchronized (commits) {
            CompletableFuture.allOf(commits.toArray(CompletableFuture[]::new)).get();
            commits.clear();
        }
        pool.shutdown();
    }

    /**
     * {@code --commit-only}: the games are played first, kept in memory, then committed as fast as
     * the store takes them: one thread calling {@code saveGame} per game ({@code --sync}), or all
     * handed to the writer ({@code saveLater}); the store's own capacity, without the games' CPU.
     */
    private static void commitOnly(String url, Path temp, Referee referee, EventBus events, Othello othello, List<String[]> pairings,
            int games, int concurrency) throws Exception {
        List<FinishedGame> played = java.util.Collections.synchronizedList(new ArrayList<>());
        AtomicInteger next = new AtomicInteger();
        ExecutorService pool = Executors.newFixedThreadPool(concurrency);
        List<Future<?>> done = new ArrayList<>();
        for (int t = 0; t < concurrency; t++) {
            done.add(pool.submit(() -> {
                for (int k; (k = next.getAndIncrement()) < games;) {
                    String[] pair = pair(pairings, PLAYERS, k);
                    Match[] m = new Match[1];
                    m[0] = new Match(referee, othello, GameOptions.DEFAULT, new PlayerSeat(pair[0], RandomPlayer::new),
                            new PlayerSeat(pair[1], RandomPlayer::new), MatchSettings.defaults().withSeed(k), events);
                    m[0].onGameResult((GameResult r) -> played.add(FinishedGame.of(m[0].journal(), "match", seat(r.first()), seat(r.second()))));
                    m[0].runHere();
                }
                return null;
            }));
        }
        for (Future<?> f : done) {
            f.get();
        }
        pool.shutdown();
        try (Store store = Store.open(url)) {
            for (FinishedGame g : played.subList(0, Math.min(200, played.size()))) {
                store.saveGame(g); // warm-up
            }
            double[] loadBefore = load();
            long cpu0 = cpuNanos();
            long start = System.nanoTime();
            if (SYNC) {
                for (FinishedGame g : played) {
                    store.saveGame(g);
                }
            } else {
                List<CompletableFuture<Long>> all = new ArrayList<>(played.size());
                for (FinishedGame g : played) {
                    all.add(store.saveLater(g));
                }
                CompletableFuture.allOf(all.toArray(CompletableFuture[]::new)).get();
            }
            double seconds = (System.nanoTime() - start) / 1e9;
            double cpuMsPerGame = (cpuNanos() - cpu0) / 1e6 / played.size();
            double[] loadAfter = load();
            long[] counts = store.writerCounts();
            System.out.printf(Locale.ROOT, "store: %s%n", store.url());
            System.out.printf(Locale.ROOT, "%d games played first, then committed (%s) in %.2f s: %.0f games/s, %.3f ms of CPU a game%s%n",
                    played.size(), SYNC ? "one thread, saveGame, one transaction each" : "the store's writer, group commit", seconds,
                    played.size() / seconds, cpuMsPerGame,
                    SYNC ? "" : String.format(Locale.ROOT, "; %d transactions, %.1f games each", counts[0], counts[1] / (double) Math.max(1, counts[0])));
            System.out.printf(Locale.ROOT, "load average before %.2f %.2f %.2f, after %.2f %.2f %.2f; %d cores%n", loadBefore[0],
                    loadBefore[1], loadBefore[2], loadAfter[0], loadAfter[1], loadAfter[2], Runtime.getRuntime().availableProcessors());
        } finally {
            referee.close();
            if (temp != null) {
                try (var files = Files.walk(temp)) {
                    files.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
                }
            }
        }
    }

    /** The CPU time of the store's writer threads ({@code boardlab-store-writer}) so far. */
    private static long writerCpuNanos() {
        return storeThreads()[0];
    }

    /**
     * What the store's own threads have used so far: {@code [cpu nanoseconds, bytes allocated]} of
     * the writer ({@code boardlab-store-writer}) and H2's background writer ({@code MVStore
     * background writer ...}, which writes the committed pages to the file). A thread that has ended
     * is not counted (neither does while a run lasts).
     */
    private static long[] storeThreads() {
        java.lang.management.ThreadMXBean threads = java.lang.management.ManagementFactory.getThreadMXBean();
        long cpu = 0;
        long allocated = 0;
        for (Thread t : Thread.getAllStackTraces().keySet()) {
            if (t.getName().equals("boardlab-store-writer") || t.getName().startsWith("MVStore background writer")) {
                cpu += Math.max(0, threads.getThreadCpuTime(t.getId()));
                if (threads instanceof com.sun.management.ThreadMXBean sun) {
                    allocated += Math.max(0, sun.getThreadAllocatedBytes(t.getId()));
                }
            }
        }
        return new long[] {cpu, allocated};
    }

    /** The H2 file of a {@code jdbc:h2:file:} URL, or {@code null} for another database. */
    private static Path h2File(String url) {
        if (!url.startsWith("jdbc:h2:file:")) {
            return null;
        }
        String path = url.substring("jdbc:h2:file:".length());
        int semicolon = path.indexOf(';');
        return Path.of((semicolon < 0 ? path : path.substring(0, semicolon)) + ".mv.db");
    }

    /** The size of an H2 file, or 0. */
    private static long fileBytes(Path file) {
        return file == null ? 0 : file.toFile().length();
    }

    /** The process's CPU time so far (all threads), or 0 if the JVM does not say. */
    private static long cpuNanos() {
        java.lang.management.OperatingSystemMXBean os = java.lang.management.ManagementFactory.getOperatingSystemMXBean();
        return os instanceof com.sun.management.OperatingSystemMXBean sun ? sun.getProcessCpuTime() : 0;
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
