package org.boardlab.cli.internal;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import org.boardlab.api.Game;
import org.boardlab.api.GameOptions;
import org.boardlab.api.Player;
import org.boardlab.cli.Cli;
import org.boardlab.core.Registry;
import org.boardlab.tournament.Format;
import org.boardlab.tournament.GameScore;
import org.boardlab.tournament.Openings;
import org.boardlab.tournament.Reports;
import org.boardlab.tournament.ScheduledGame;
import org.boardlab.tournament.StoreTournamentLog;
import org.boardlab.tournament.Standings;
import org.boardlab.tournament.TimeControl;
import org.boardlab.tournament.TournamentLog;
import org.boardlab.tournament.TournamentRunner;
import org.boardlab.tournament.TournamentSettings;
import org.boardlab.tournament.rating.Sprt;
import org.boardlab.store.Store;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code boardlab tournament --name NAME --game GAME --players A,B,C ...}: a tournament between loaded
 * players through the referee, with a progress bar, the standings and crosstable, CSV, HTML and JSON.
 */
@Command(name = "tournament", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Play a tournament between loaded players and print the standings, the ratings and the crosstable.",
            "Every pairing plays its games in pairs with the colours swapped, from the same opening. A player that plays an illegal "
                + "move, throws, or runs out of time loses that game.",
            "Students' players from the players folder run in processes of their own under the --player-* limits, which are kept "
                + "with the tournament: a resumed tournament, and every boardlab worker playing its games, uses them. A player over "
                + "a limit loses that game, with the reason."})
public final class TournamentCommand implements Callable<Integer> {

    @ParentCommand
    Cli cli;

    @Spec
    CommandSpec spec;

    @Option(names = "--name", required = true, paramLabel = "NAME", description = "The tournament's name.")
    String name;

    @Option(names = "--game", paramLabel = "GAME", description = "The game's id (see boardlab list).")
    String gameId;

    @Option(names = "--players", split = ",", paramLabel = "ID,ID,...",
            description = "The players' ids, in seeding order (gauntlet: the first plays the others; SPRT: the first is the new version).")
    List<String> players;

    @Option(names = "--format", defaultValue = "round-robin", paramLabel = "FORMAT",
            description = "round-robin, gauntlet, swiss or knockout (default: ${DEFAULT-VALUE}).")
    String format;

    @Option(names = "--rounds", defaultValue = "1", paramLabel = "N",
            description = "Round-robin and gauntlet: cycles; Swiss: rounds; knockout: not used (default: ${DEFAULT-VALUE}).")
    int rounds;

    @Option(names = "--games-per-pair", defaultValue = "2", paramLabel = "N",
            description = "Games each pairing plays, the colours swapped after each (default: ${DEFAULT-VALUE}).")
    int gamesPerPair;

    @Option(names = "--time", defaultValue = "1s", paramLabel = "T",
            description = "Time per move (20ms, 1s, 1.5s, 2m) or a clock of base + increment (5m+2s) (default: ${DEFAULT-VALUE}).")
    String time;

    @Option(names = "--seed", defaultValue = "1", paramLabel = "S",
            description = "The tournament's seed: random openings, and game n's players get seed S + n (default: ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--concurrency", paramLabel = "C", description = {"Games this process plays at once (default: as many as this machine has cores).",
        "It takes them from the same queue in the database as any boardlab worker on it; 0: it plays none and waits for workers."})
    Integer concurrency;

    @Option(names = "--openings", defaultValue = "none", paramLabel = "FILE|random:N",
            description = "A file of openings (one a line, moves separated by spaces) or random:N, N random legal moves (default: ${DEFAULT-VALUE}).")
    String openings;

    @Option(names = "--sprt", arity = "1..4", paramLabel = "KEY=VALUE",
            description = "Stop when the SPRT decides whether the first player is stronger: elo0=0 elo1=10 alpha=0.05 beta=0.05.")
    List<String> sprt;

    @picocli.CommandLine.Mixin
    LimitOptions limits;

    @Option(names = "--size", paramLabel = "N|WxH", description = "Board size: N for square boards (othello, gomoku), WxH for dots.")
    String size;

    @Option(names = {"-o", "--option"}, paramLabel = "KEY=VALUE", description = "Any other game option, e.g. scoring=seed000; may be repeated.")
    List<String> gameOptions = new ArrayList<>();

    @Option(names = "--db", paramLabel = "URL",
            description = "The database the tournament is kept in: jdbc:h2:... or jdbc:postgresql://... (default: -Dboardlab.db, else data/boardlab under this folder).")
    String db;

    @Option(names = "--resume", description = {"Go on with the stored tournament of this name, with its own settings (options given must match them).",
        "Without it, a name that exists with the same settings goes on too; with other settings it is refused."})
    boolean resume;

    @Option(names = "--csv", paramLabel = "FILE", description = "Also write the standings as CSV to FILE.")
    Path csv;

    @Option(names = "--html", paramLabel = "FILE", description = "Also write an HTML report with plots to FILE (one file, no network needed to view it).")
    Path html;

    @Option(names = "--json", description = "Print one JSON object (the last line) instead of the tables.")
    boolean json;

    @Option(names = "--verbose", description = "Print a line for each finished game.")
    boolean verbose;

    @Option(names = "--progress", negatable = true, description = "Show a progress bar on standard error (default: when it is a terminal).")
    Boolean progress;

    @Override
    public Integer call() throws Exception {
        Registry registry = cli.services().registry();
        Store store = cli.services().stores().open(db);
        TournamentSettings asked = null;
        if (!resume || gameId != null || players != null) {
            if (gameId == null || players == null) {
                throw new UsageException("--game and --players are needed for a new tournament (or --resume to go on with a stored one)");
            }
            asked = settings(registry);
        }
        StoreTournamentLog.Opened opened = StoreTournamentLog.open(store, name, asked, resume);
        TournamentSettings settings = opened.settings();
        if (resume && asked == null) {
            checkGiven(settings);
        }
        Game game = registry.requireGame(settings.game());
        checkPlayers(registry, game, settings.players());
        Openings book = settings.openingLines().isEmpty() ? Openings.parse(settings.openings(), game, settings.options())
                : Openings.of(settings.openings(), settings.openingLines());
        int c = concurrency == null ? Runtime.getRuntime().availableProcessors() : concurrency;
        if (c < 0 || c > 1024) {
            throw new UsageException("--concurrency must be between 0 (workers play every game) and 1024, not " + c);
        }
        opened.log().useJars(uploadJars(store, registry, settings.players()));
        opened.log().claimAhead(c); // one take (one commit) for up to c games: boardlab.store's README, Compaction
        TournamentLog log = opened.log();
        if (opened.resumed() && !json) {
            spec.commandLine().getErr().printf(Locale.ROOT, "boardlab: tournament %s goes on from %s: %d of %d scheduled games finished%s%n",
                    name, store.url(), opened.finishedCount(), opened.scheduledCount(),
                    opened.requeued() == 0 ? "" : ", " + opened.requeued() + " in flight when it stopped will be played again");
        }
        if (!json) {
            LimitOptions.describe(cli.services(), settings.players(), settings.limits(), "the time control's ("
                    + settings.time() + ")", spec.commandLine().getErr());
        }
        if (c == 0 && !json) {
            spec.commandLine().getErr().printf(Locale.ROOT, "boardlab: tournament %s: this process plays no game (--concurrency 0); "
                    + "its games wait in %s for boardlab worker processes%n", name, store.url());
        }
        // the finished games are read when the runner needs them (the standings), not before its first game
        TournamentRunner runner = new TournamentRunner(cli.services().referee(), registry, cli.services().events(), settings, book, log,
                opened.history(), c);
        try {
            return run(runner, settings, game, log, store);
        } finally {
            opened.log().close();
        }
    }

    /**
     * Stores the jar of each player loaded from a jar file (players/) in the database by its SHA-256,
     * so that workers play the same versions; players built into boardlab have none. Outside
     * boardlab's framework (tests) there are no bundles and nothing is uploaded.
     */
    private static Map<String, String> uploadJars(Store store, Registry registry, List<String> players) {
        Map<String, String> jars = new LinkedHashMap<>();
        if (!org.boardlab.store.Framework.apiPresent()) {
            return jars; // a plain Java program (a test): no bundles, no jars
        }
        for (String id : players) {
            String hash = org.boardlab.store.Jars.upload(store, registry, id);
            if (hash != null) {
                jars.put(id, hash);
            }
        }
        return jars;
    }

    /** The settings the options ask for. */
    private TournamentSettings settings(Registry registry) {
        Game game = registry.requireGame(gameId);
        GameOptions options = GameOptions.parse(gameOptions);
        if (size != null) {
            options = options.with("size", size);
        }
        game.newGame(options); // refuse bad options before anything is played
        checkPlayers(registry, game, players);
        try {
            TimeControl tc = TimeControl.parse(time);
            Format fmt = Format.of(format);
            Sprt test = sprt == null ? null : Sprt.parse(String.join(" ", sprt));
            Openings book = Openings.parse(openings, game, options);
            return new TournamentSettings(name, game.id(), options, players, fmt, rounds, gamesPerPair, tc, seed, book.spec(), book.lines(),
                    test, limits.limits());
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
    }

    /** With --resume and no --game/--players: options that were given must agree with the stored settings. */
    private void checkGiven(TournamentSettings stored) {
        CommandLine.ParseResult parsed = spec.commandLine().getParseResult();
        List<String> wrong = new ArrayList<>();
        if (parsed.hasMatchedOption("--format") && !Format.of(format).equals(stored.format())) {
            wrong.add("--format " + format + " (stored: " + stored.format().id() + ")");
        }
        if (parsed.hasMatchedOption("--rounds") && rounds != stored.rounds()) {
            wrong.add("--rounds " + rounds + " (stored: " + stored.rounds() + ")");
        }
        if (parsed.hasMatchedOption("--games-per-pair") && gamesPerPair != stored.gamesPerPair()) {
            wrong.add("--games-per-pair " + gamesPerPair + " (stored: " + stored.gamesPerPair() + ")");
        }
        if (parsed.hasMatchedOption("--time") && !TimeControl.parse(time).equals(stored.time())) {
            wrong.add("--time " + time + " (stored: " + stored.time() + ")");
        }
        if (parsed.hasMatchedOption("--seed") && seed != stored.seed()) {
            wrong.add("--seed " + seed + " (stored: " + stored.seed() + ")");
        }
        if (parsed.hasMatchedOption("--openings") && !openings.equals(stored.openings())) {
            wrong.add("--openings " + openings + " (stored: " + stored.openings() + ")");
        }
        wrong.addAll(limits.differences(stored.limits()));
        if (!wrong.isEmpty()) {
            throw new IllegalArgumentException("tournament '" + name + "' was started with other settings than " + String.join(", ", wrong)
                    + "; leave them out to go on with the stored ones");
        }
    }

    private static void checkPlayers(Registry registry, Game game, List<String> ids) {
        for (String id : ids) {
            Player probe;
            try {
                probe = registry.requirePlayer(id).get();
            } catch (IllegalArgumentException e) {
                throw e;
            } catch (RuntimeException | LinkageError e) {
                continue; // a player that cannot be created forfeits each of its games, with the reason
            }
            if (!probe.supports(game)) {
                throw new IllegalArgumentException("player '" + id + "' cannot play " + game.id());
            }
        }
    }

    private int run(TournamentRunner runner, TournamentSettings settings, Game game, TournamentLog log, Store store) throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        boolean bar = progress != null ? progress : System.console() != null;
        Progress meter = new Progress(runner, err, bar);
        runner.listen(new TournamentRunner.Listener() {
            @Override
            public void finished(ScheduledGame g, GameScore score, int finished) {
                if (verbose) {
                    meter.clear();
                    synchronized (out) {
                        out.printf(Locale.ROOT, "game %d (round %d): %s vs %s: %s, %s%n", g.number(), g.round(), g.first(), g.second(),
                                score.firstPoints() == 1 ? "1-0" : score.firstPoints() == 0 ? "0-1" : "1/2-1/2", score.detail());
                        out.flush();
                    }
                }
                meter.update(finished);
            }
        });
        long start = System.nanoTime();
        Standings table;
        try {
            table = runner.run();
        } finally {
            meter.clear();
        }
        if (runner.failure() != null) {
            throw new IllegalStateException("the tournament stopped: " + runner.failure().getMessage());
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        List<ScheduledGame> scheduled = runner.scheduledGames();
        Map<Integer, GameScore> results = runner.results();
        write(csv, Reports.csv(table));
        write(html, Reports.html(settings, table, scheduled, results));
        if (json) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("tournament", settings.name());
            m.put("game", game.id());
            m.put("format", settings.format().id());
            m.put("finished", runner.state() == TournamentRunner.State.FINISHED);
            m.put("scheduled", scheduled.size());
            m.put("stored", store.queueCounts(((StoreTournamentLog) log).row().id()).get("done")); // counted in the database, no row read
            m.put("db", store.url());
            m.put("played", runner.playedHere());
            m.put("seconds", Math.round(seconds * 1000) / 1000.0);
            if (table.sprt() != null) {
                Map<String, Object> test = new LinkedHashMap<>();
                test.put("llr", Math.round(table.sprt().llr() * 1000) / 1000.0);
                test.put("lower", table.sprt().lower());
                test.put("upper", table.sprt().upper());
                test.put("decision", table.sprt().decision().name());
                m.put("sprt", test);
            }
            m.put("standings", table.toJson());
            out.println(Json.line(m));
        } else {
            out.print(Reports.text(settings, table));
            out.printf(Locale.ROOT, "%d games played in %.1f s (%.1f games/s)%n", runner.playedHere(), seconds,
                    runner.playedHere() / Math.max(seconds, 1e-9));
        }
        out.flush();
        return 0;
    }

    private static void write(Path file, String text) {
        if (file == null) {
            return;
        }
        try {
            Path parent = file.toAbsolutePath().getParent();
            if (parent != null) {
                Files.createDirectories(parent);
            }
            Files.writeString(file, text, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot write " + file + ": " + e.getMessage());
        }
    }

    /** The progress bar on standard error: games done, games/s, time left. */
    static final class Progress {
        private final TournamentRunner runner;
        private final PrintWriter err;
        private final boolean on;
        private final long start = System.nanoTime();
        private long last;
        private boolean drawn;

        Progress(TournamentRunner runner, PrintWriter err, boolean on) {
            this.runner = runner;
            this.err = err;
            this.on = on;
        }

        synchronized void update(int done) {
            if (!on) {
                return;
            }
            long now = System.nanoTime();
            int total = Math.max(done, runner.expectedGames());
            if (now - last < 200_000_000L && done < total) {
                return;
            }
            last = now;
            err.print('\r' + line(done, total, Duration.ofNanos(now - start)));
            err.flush();
            drawn = true;
        }

        synchronized void clear() {
            if (drawn) {
                err.print("\r" + " ".repeat(78) + "\r");
                err.flush();
                drawn = false;
            }
        }

        /** {@code [#####-----]  45/120 games  37.5 %  12.3 games/s  6 s left} */
        static String line(int done, int total, Duration elapsed) {
            int width = 24;
            int filled = total == 0 ? width : (int) ((long) done * width / total);
            double rate = done / Math.max(elapsed.toNanos() / 1e9, 1e-9);
            Duration left = TournamentRunner.eta(done, total, elapsed);
            return String.format(Locale.ROOT, "[%s%s] %d/%d games %5.1f%% %7.1f games/s %s left", "#".repeat(filled), "-".repeat(width - filled),
                    done, total, total == 0 ? 100.0 : 100.0 * done / total, rate, words(left));
        }

        static String words(Duration d) {
            long s = d.toSeconds();
            if (s < 60) {
                return s + " s";
            }
            if (s < 3600) {
                return s / 60 + " min " + s % 60 + " s";
            }
            return s / 3600 + " h " + s / 60 % 60 + " min";
        }
    }
}
