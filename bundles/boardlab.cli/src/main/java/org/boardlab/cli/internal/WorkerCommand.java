package org.boardlab.cli.internal;

import java.io.PrintWriter;
import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.boardlab.cli.Cli;
import org.boardlab.store.FinishedGame;
import org.boardlab.store.ScheduledGame;
import org.boardlab.store.Store;
import org.boardlab.tournament.PlayerJars;
import org.boardlab.tournament.QueueWorker;
import org.boardlab.tournament.StoreTournamentLog;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code boardlab worker --db URL [--concurrency C]}: plays scheduled games of any tournament in
 * that database, with a lease and heartbeats, until it is stopped (Ctrl+C, SIGTERM).
 */
@Command(name = "worker", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Play scheduled games of any tournament in a shared database, on as many machines as you like, until stopped (Ctrl+C).",
            "Each game is taken from the database's queue with a lease of " + 10 + " s, renewed every few seconds while it is played; "
                + "a worker that dies loses its leases and its games go back to the queue for others. A result is stored once, "
                + "whoever finishes the game first. Players come from the jars the tournament uploaded (by SHA-256): a worker that has "
                + "another version of a player leaves that player's games to others. Students' players run in processes of their own "
                + "under the limits stored with each game's tournament (its --player-* options)."})
public final class WorkerCommand implements Callable<Integer> {

    @ParentCommand
    Cli cli;

    @Spec
    CommandSpec spec;

    @Option(names = "--db", required = true, paramLabel = "URL",
            description = "The tournaments' database: jdbc:postgresql://HOST[:PORT]/DATABASE?user=USER&password=PASSWORD "
                + "(or jdbc:h2:... for workers on the tournament's own machine).")
    String db;

    @Option(names = "--concurrency", paramLabel = "C",
            description = "Games played at once (default: as many as this machine has cores).")
    Integer concurrency;

    @Option(names = "--quiet", description = "Print no line per game (only the start, refusals and the end).")
    boolean quiet;

    @Override
    public Integer call() throws Exception {
        int c = concurrency == null ? Runtime.getRuntime().availableProcessors() : concurrency;
        if (c < 1 || c > 1024) {
            throw new UsageException("--concurrency must be between 1 and 1024, not " + c);
        }
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        Store store = cli.services().stores().open(db);
        String owner = "worker@" + StoreTournamentLog.ownerName().substring("tournament@".length());
        QueueWorker worker = new QueueWorker(store, cli.services().referee(), cli.services().registry(), cli.services().events(), owner, c,
                PlayerJars.of(store, cli.services().registry(), Duration.ofSeconds(30)), new QueueWorker.Listener() {
                    @Override
                    public void stored(ScheduledGame row, FinishedGame game, boolean counted) {
                        if (quiet) {
                            return;
                        }
                        synchronized (out) {
                            out.printf(Locale.ROOT, "game %d of tournament %d: %s vs %s: %s%s%n", row.game().number(), row.tournamentId(),
                                    row.game().firstPlayer(), row.game().secondPlayer(), score(game),
                                    counted ? "" : " (not stored: another worker's result for it was stored first)");
                            out.flush();
                        }
                    }

                    @Override
                    public void refused(ScheduledGame row, String why) {
                        synchronized (err) {
                            err.printf(Locale.ROOT, "boardlab worker: game %d of tournament %d left to other workers: %s%n", row.game().number(),
                                    row.tournamentId(), why);
                            err.flush();
                        }
                    }
                });
        synchronized (out) {
            out.printf(Locale.ROOT, "worker %s: playing scheduled games from %s, %d at once (Ctrl+C stops; games in flight go back to the queue)%n",
                    owner, store.url(), c);
            out.flush();
        }
        CountDownLatch ended = new CountDownLatch(1);
        Thread hook = new Thread(() -> {
            worker.stop(); // games in flight are aborted and given back to the queue at once
            try {
                ended.await(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "boardlab-worker-stop");
        Runtime.getRuntime().addShutdownHook(hook);
        try {
            int stored = worker.run(false);
            synchronized (out) {
                out.printf(Locale.ROOT, "worker %s stopped: %d games stored%n", owner, stored);
                out.flush();
            }
            return 0;
        } finally {
            ended.countDown();
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException shuttingDown) {
                // the hook is running: it stopped us
            }
        }
    }

    private static String score(FinishedGame g) {
        String result = g.winner() == null ? "1/2-1/2" : g.winner() == 1 ? "1-0" : "0-1";
        return result + ", " + g.result();
    }
}
