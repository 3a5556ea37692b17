package org.boardlab.bench.tournament;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.boardlab.ai.basic.RandomPlayer;
import org.boardlab.api.GameOptions;
import org.boardlab.api.event.RegistryEvent.Kind;
import org.boardlab.core.Component;
import org.boardlab.core.EventBus;
import org.boardlab.core.MatchJournal;
import org.boardlab.core.Referee;
import org.boardlab.core.Registry;
import org.boardlab.game.tictactoe.TicTacToe;
import org.boardlab.store.Store;
import org.boardlab.tournament.Format;
import org.boardlab.tournament.GameScore;
import org.boardlab.tournament.Openings;
import org.boardlab.tournament.ScheduledGame;
import org.boardlab.tournament.Standings;
import org.boardlab.tournament.StoreTournamentLog;
import org.boardlab.tournament.TimeControl;
import org.boardlab.tournament.TournamentRunner;
import org.boardlab.tournament.TournamentSettings;

/**
 * A 100,000-game tournament on the real runner and store, for the figures: the heap it needs
 * (run it with {@code -Xmx256m}: it must finish) and how long a resume takes. Four seeded random
 * players, tic-tac-toe, a round-robin with enough games a pair; the runner is stopped halfway, as a
 * crash would leave it, and the tournament opened again: the time from opening it to its first game
 * being played again is the resume time (the tournament counted and its first game taken from the
 * queue; its finished games are read when the standings are first asked for, printed after the
 * figure).
 *
 * <p>{@code --first-only} plays the first half and ends the process there (the database as a crash
 * halfway leaves it, but for the games in flight); {@code --resume-only} is a new process that
 * resumes such a database, as {@code boardlab tournament --resume} does, and also gives the time from
 * the JVM's start (its classes loaded, the database opened, its schema brought up to date) to the
 * first new game. {@code --stop-at-first} ends a resume once its first new game has started (the
 * figure printed), for several samples of the resume, each on a copy of the same database.
 *
 * <pre>
 * java -Xmx256m -cp benchmarks/target/benchmarks.jar org.boardlab.bench.tournament.TournamentScale [--games 100000]
 *     [--concurrency 2] [--claim-ahead N] [--db jdbc:h2:file:/tmp/scale/db] [--first-only [--halt] | --resume-only [--stop-at-first]]
 * </pre>
 *
 * <p>{@code --stop-at-first} halts the JVM as a kill would; with {@code -Dscale.exit=true} it exits
 * normally instead, so that a JFR recording ({@code -XX:StartFlightRecording=filename=...}) is written.</p>
 */
public final class TournamentScale {

    public static void main(String[] args) throws Exception {
        long mainAt = ManagementFactory.getRuntimeMXBean().getUptime();
        long mainCpu = cpu();
        int games = 100_000;
        int concurrency = 2;
        String db = null;
        boolean first = true;
        boolean resume = true;
        boolean stopAtFirst = false;
        boolean halt = false;
        int ahead = -1;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--games" -> games = Integer.parseInt(args[++i]);
                case "--concurrency" -> concurrency = Integer.parseInt(args[++i]);
                case "--db" -> db = args[++i];
                case "--first-only" -> resume = false;
                case "--resume-only" -> first = false;
                case "--stop-at-first" -> stopAtFirst = true;
                case "--halt" -> halt = true;
                case "--claim-ahead" -> ahead = Integer.parseInt(args[++i]);
                default -> throw new IllegalArgumentException("unknown option " + args[i]);
            }
        }
        int claimAhead = ahead < 0 ? concurrency : ahead; // as boardlab tournament does; 1: a take (a commit) for each game
        if (db == null) {
            if (!first) {
                throw new IllegalArgumentException("--resume-only needs the --db of a --first-only run");
            }
            db = "jdbc:h2:file:" + Files.createTempDirectory("tournament-scale").resolve("db").toAbsolutePath();
        }
        List<String> players = List.of("p1", "p2", "p3", "p4");
        int cycles = Math.max(1, (games / 6 + 9_999) / 10_000); // at most 10,000 games a pairing a cycle
        int gamesPerPair = Math.max(2, games / 6 / cycles);
        TournamentSettings s = new TournamentSettings("scale", "tictactoe", GameOptions.DEFAULT, players, Format.ROUND_ROBIN, cycles,
                gamesPerPair, TimeControl.parse("5s"), 1, "random:1", List.of(), null);
        int total = 6 * gamesPerPair * cycles;
        System.out.printf(Locale.ROOT, "tournament of %,d games (4 random players, tic-tac-toe), concurrency %d, %s, max heap %d MB, %s%n",
                total, concurrency, db, Runtime.getRuntime().maxMemory() >> 20, load());
        EventBus bus = new EventBus();
        Registry registry = new Registry(bus);
        TicTacToe game = new TicTacToe();
        registry.add(new Component<>(Kind.GAME, "tictactoe", game.name(), "boardlab.game.tictactoe", "0.1.0", 1, () -> game));
        for (String p : players) {
            registry.add(new Component<>(Kind.PLAYER, p, "random", "boardlab.ai.basic", "0.1.0", 2, RandomPlayer::new));
        }
        long o0 = System.nanoTime();
        if (!first) {
            System.out.printf(Locale.ROOT, "main() began %,d ms after the JVM started (process CPU %,d ms); the database's file before it is "
                    + "opened: %s%n", mainAt, mainCpu / 1_000_000, fileSize(db));
        }
        boolean haltAtHalf = halt;
        try (Referee referee = new Referee(); Store store = Store.open(db)) {
            long openedDb = System.nanoTime();
            if (!first) {
                System.out.printf(Locale.ROOT, "database opened, schema %d up to date, in %.0f ms (%,d ms after the JVM started; process CPU "
                        + "so far %,d ms)%n", store.schemaVersion(), (openedDb - o0) / 1e6, ManagementFactory.getRuntimeMXBean().getUptime(),
                        cpu() / 1_000_000);
            }
            if (first) {
                // the first half, then a stop as a crash would leave it (the games in flight are not stored)
                long t0 = System.nanoTime();
                StoreTournamentLog.Opened opened = StoreTournamentLog.open(store, "scale", s, false);
                opened.log().claimAhead(claimAhead);
                TournamentRunner a = new TournamentRunner(referee, registry, bus, s, Openings.parse(s.openings(), game, s.options()),
                        opened.log(), opened.history(), concurrency);
                int half = total / 2;
                a.listen(new TournamentRunner.Listener() {
                    @Override
                    public void finished(ScheduledGame g, GameScore score, int finished) {
                        if (finished == half && haltAtHalf) {
                            // as kill -9 leaves it: no stop, no close (so no compaction); the games in flight are lost, never reported
                            System.out.printf(Locale.ROOT, "  %,d games stored, the process halts as a kill would end it; the file: %s; %s%n",
                                    finished, fileSize(store.url()), load());
                            System.out.flush();
                            Runtime.getRuntime().halt(0);
                        }
                        if (finished == half) {
                            a.stop();
                        }
                        if (finished % 10_000 == 0) {
                            System.out.printf(Locale.ROOT, "  %,d games, heap used %d MB%n", finished, used() >> 20);
                        }
                    }
                });
                a.run();
                opened.log().close();
                double firstSeconds = (System.nanoTime() - t0) / 1e9;
                System.out.printf(Locale.ROOT, "first half: %,d games in %.1f s (%.0f games/s, every game committed to the store before it counts)%n",
                        a.playedHere(), firstSeconds, a.playedHere() / firstSeconds);
            }
            if (resume) {
                resume(store, referee, registry, bus, s, game, concurrency, claimAhead, first, stopAtFirst);
            }
            System.out.printf(Locale.ROOT, "heap: %d MB at most (peak of the heap pools), %d MB used after a GC at the end; %s%n",
                    peak() >> 20, afterGc() >> 20, load());
            System.out.printf(Locale.ROOT, "the database's file before the store is closed: %s%n", fileSize(db));
            long c0 = System.nanoTime();
            store.close(); // an H2 file mostly of old chunks is compacted here (boardlab.store's README, Compaction)
            System.out.printf(Locale.ROOT, "store closed in %,d ms; the file: %s; %s%n", (System.nanoTime() - c0) / 1_000_000, fileSize(db), load());
        }
    }

    /** The size of an H2 URL's {@code .mv.db} file, in words. */
    private static String fileSize(String url) {
        if (!url.startsWith("jdbc:h2:file:")) {
            return "not an H2 file";
        }
        Path file = Path.of(url.substring("jdbc:h2:file:".length()).replaceFirst(";.*", "") + ".mv.db");
        try {
            return String.format(Locale.ROOT, "%,d MB", Files.size(file) >> 20);
        } catch (java.io.IOException e) {
            return "not there";
        }
    }

    /** Opens the tournament again and plays what is left; prints how long it took to the first new game. */
    private static void resume(Store store, Referee referee, Registry registry, EventBus bus, TournamentSettings s, TicTacToe game,
            int concurrency, int claimAhead, boolean sameProcess, boolean stopAtFirst) throws InterruptedException {
        long r0 = System.nanoTime();
        long c0 = cpu();
        long t0 = ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime();
        StoreTournamentLog.Opened again = StoreTournamentLog.open(store, "scale", sameProcess ? s : null, !sameProcess);
        again.log().claimAhead(claimAhead);
        long opened = System.nanoTime();
        System.out.printf(Locale.ROOT, "  the store read on this thread: %,d ms of its CPU%n",
                (ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime() - t0) / 1_000_000);
        TournamentRunner b = new TournamentRunner(referee, registry, bus, again.settings(), Openings.parse(s.openings(), game, s.options()),
                again.log(), again.history(), concurrency);
        long ready = System.nanoTime(); // the standings are not worked out before the first game (boardlab tournament does not either)
        long[] started = new long[2];
        b.listen(new TournamentRunner.Listener() {
            @Override
            public void started(ScheduledGame g, long matchId, MatchJournal journal) {
                synchronized (started) {
                    if (started[0] == 0) {
                        started[0] = System.nanoTime();
                        started[1] = ManagementFactory.getRuntimeMXBean().getUptime();
                        long c1 = cpu();
                        long s0 = System.nanoTime();
                        Standings before = b.standings(); // after the figure: what the table of the games found costs, for the record
                        long s1 = System.nanoTime();
                        // said at once: the figure does not wait for the rest of the tournament
                        System.out.printf(Locale.ROOT, "resume: %,d games found finished; store read in %.0f ms, runner ready %.0f ms later, "
                                + "first game started %.0f ms after the tournament was opened again (process CPU %,d ms)%s; "
                                + "then the standings of %,d games in %.0f ms; heap used %d MB; %s%n",
                                again.finishedCount(), (opened - r0) / 1e6, (ready - opened) / 1e6, (started[0] - r0) / 1e6,
                                (c1 - c0) / 1_000_000, sameProcess ? "" : String.format(Locale.ROOT,
                                        " (%,d ms after the JVM started, process CPU %,d ms)", started[1], c1 / 1_000_000), before.finished(),
                                (s1 - s0) / 1e6, used() >> 20, load());
                        if (stopAtFirst) {
                            System.out.flush();
                            if (Boolean.getBoolean("scale.exit")) {
                                System.exit(0); // shutdown hooks run: a JFR recording (-XX:StartFlightRecording) is written
                            }
                            Runtime.getRuntime().halt(0); // as a kill would end it: the database is safe at any moment
                        }
                    }
                }
            }

            @Override
            public void finished(ScheduledGame g, GameScore score, int finished) {
                if (finished % 10_000 == 0) {
                    System.out.printf(Locale.ROOT, "  %,d games, heap used %d MB%n", finished, used() >> 20);
                }
            }
        });
        long r1 = System.nanoTime();
        Standings end = b.run();
        again.log().close();
        double second = (System.nanoTime() - r1) / 1e9;
        if (started[0] == 0) {
            System.out.printf(Locale.ROOT, "resume: %,d games found finished, nothing left to play; store read in %.0f ms, runner ready %.0f ms "
                    + "later%n", again.finishedCount(), (opened - r0) / 1e6, (ready - opened) / 1e6);
            return;
        }
        System.out.printf(Locale.ROOT, "second half: %,d games in %.1f s (%.0f games/s); %,d of %,d games stored; state %s%n",
                b.playedHere(), second, b.playedHere() / second, end.finished(), end.scheduled(), b.state());
    }

    /** The CPU time this process has used so far (all its threads), in nanoseconds; the figure a busy machine changes least. */
    private static long cpu() {
        return ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os ? os.getProcessCpuTime() : -1;
    }

    private static long used() {
        Runtime rt = Runtime.getRuntime();
        return rt.totalMemory() - rt.freeMemory();
    }

    private static long peak() {
        long sum = 0;
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            if (pool.getType() == MemoryType.HEAP) {
                sum += pool.getPeakUsage().getUsed();
            }
        }
        return sum;
    }

    private static long afterGc() {
        System.gc();
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    }

    private static String load() {
        try {
            return "load average " + Files.readString(Path.of("/proc/loadavg")).trim().split(" ", 4)[0] + " on "
                    + Runtime.getRuntime().availableProcessors() + " cores";
        } catch (java.io.IOException e) {
            return "load not known";
        }
    }
}
