package org.boardlab.cli.internal;

import java.io.PrintWriter;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import org.boardlab.api.Game;
import org.boardlab.api.GameOptions;
import org.boardlab.api.Move;
import org.boardlab.api.Side;
import org.boardlab.api.event.MatchOutcome;
import org.boardlab.cli.Cli;
import org.boardlab.core.GameRecord;
import org.boardlab.core.GameResult;
import org.boardlab.core.Match;
import org.boardlab.core.MatchSettings;
import org.boardlab.core.PlayerSeat;
import org.boardlab.core.Registry;
import org.boardlab.store.FinishedGame;
import org.boardlab.store.Seats;
import org.boardlab.store.Store;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code boardlab match <game> <playerA> <playerB>}: plays games between two loaded players through
 * the referee and prints each result and a summary.
 */
@Command(name = "match", mixinStandardHelpOptions = true,
        description = {"Play games between two loaded players and print each result and a summary.",
            "The players swap sides after every game (A moves first in games 1, 3, 5, ...) unless --same-sides is given. "
                + "A player that plays an illegal move, throws, or runs out of time loses that game."})
public final class MatchCommand implements Callable<Integer> {

    @ParentCommand
    Cli cli;

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", description = "The game's id (see boardlab list).")
    String gameId;

    @Parameters(index = "1", description = "Player A's id.")
    String playerA;

    @Parameters(index = "2", description = "Player B's id.")
    String playerB;

    @Option(names = "--time-per-move", paramLabel = "S", description = "Seconds a side may think about one move (default: ${DEFAULT-VALUE}).",
            defaultValue = "10")
    double timePerMove;

    @Option(names = "--games", paramLabel = "N", description = "How many games (default: ${DEFAULT-VALUE}).", defaultValue = "1")
    int games;

    @Option(names = "--match-seed", paramLabel = "S", description = "The match's seed, given to the players; game k uses seed + k - 1 (default: ${DEFAULT-VALUE}).",
            defaultValue = "1")
    long seed;

    @picocli.CommandLine.Mixin
    GameOptionsMixin gameOptionsMixin;

    @Option(names = "--same-sides", description = "Player A moves first in every game.")
    boolean sameSides;

    @Option(names = "--records", paramLabel = "DIR", description = "Write each game's record (the text the workbench imports) to DIR/<game>-<n>.txt; DIR is created if missing.")
    java.nio.file.Path records;

    @Option(names = "--trace", paramLabel = "FILE", description = "Write every line the match's engines (players from *.engine descriptors) exchange with boardlab to FILE, "
        + "as JSON lines in serve --trace's format; players written in Java exchange none.")
    java.nio.file.Path trace;

    @picocli.CommandLine.Mixin
    LimitOptions limits;

    @Option(names = "--json", description = "Print one JSON object per game, then one with the summary.")
    boolean json;

    @Option(names = "--db", paramLabel = "URL", description = "Store the games in this database (jdbc:h2:... or jdbc:postgresql://...); "
        + "default: -Dboardlab.db, else data/boardlab (H2) under the working directory.")
    String db;

    @Override
    public Integer call() {
        if (games < 1) {
            throw new UsageException("--games must be at least 1");
        }
        if (!(timePerMove > 0) || timePerMove > 86_400) {
            throw new UsageException("--time-per-move must be between 0 and 86400 seconds");
        }
        Registry registry = cli.services().registry();
        Game game = registry.requireGame(gameId);
        GameOptions gameOptions = gameOptionsMixin.toOptions();
        game.newGame(gameOptions); // refuse bad options before anything is played
        for (String id : List.of(playerA, playerB)) {
            org.boardlab.api.Player probe;
            try {
                probe = registry.requirePlayer(id).get();
            } catch (RuntimeException | LinkageError e) {
                continue; // a player that cannot be created forfeits each game, with the reason, and the match goes on
            }
            if (!probe.supports(game)) {
                throw new IllegalArgumentException("player '" + id + "' cannot play " + game.id());
            }
        }
        String nameA = playerA.equals(playerB) ? playerA + "#1" : playerA;
        String nameB = playerA.equals(playerB) ? playerB + "#2" : playerB;
        PlayerSeat a = new PlayerSeat(nameA, PlayerSeat.of(registry, playerA).players());
        PlayerSeat b = new PlayerSeat(nameB, PlayerSeat.of(registry, playerB).players());
        MatchSettings settings = MatchSettings.defaults()
                .withTimePerMove(Duration.ofNanos((long) (timePerMove * 1e9)))
                .withGames(games).withSeed(seed).withAlternateSides(!sameSides).withLimits(limits.limits());
        // open the store and the trace before the first game: an unreachable or newer database, or a trace that cannot
        // be written, stops the match before it starts
        Store store = cli.services().stores().open(db);
        TraceWriter traceWriter = trace == null ? null : TraceWriter.open(trace);
        try (org.boardlab.core.Subscription tracing = traceWriter == null ? null
                : cli.services().events().subscribe(traceWriter, org.boardlab.api.event.WireEvent.class)) {
            return play(registry, game, gameOptions, nameA, nameB, a, b, settings, store);
        } finally {
            if (traceWriter != null) {
                try {
                    traceWriter.close();
                    spec.commandLine().getErr().println("boardlab: trace: " + traceWriter.lines() + " lines written to " + trace);
                } catch (java.io.IOException e) {
                    spec.commandLine().getErr().println("boardlab: could not finish the trace " + trace + ": " + TraceWriter.why(e));
                }
            }
        }
    }

    private int play(Registry registry, Game game, GameOptions gameOptions, String nameA, String nameB, PlayerSeat a, PlayerSeat b,
            MatchSettings settings, Store store) {
        Match match = new Match(cli.services().referee(), game, gameOptions, a, b, settings, cli.services().events());
        PrintWriter out = spec.commandLine().getOut();
        LimitOptions.describe(cli.services(), List.of(playerA, playerB), settings.limits(), "the time per move",
                spec.commandLine().getErr());
        long start = System.nanoTime();
        Summary summary = new Summary(nameA, nameB);
        if (records != null) {
            try {
                java.nio.file.Files.createDirectories(records);
            } catch (java.io.IOException e) {
                throw new IllegalArgumentException("cannot create " + records + ": " + e.getMessage());
            }
        }
        // each game goes to the store's writer (committed with the games finished meanwhile, off the game's thread);
        // it is printed, counted and written to --records only once committed: a game printed here survives a crash
        java.util.concurrent.atomic.AtomicReference<RuntimeException> failed = new java.util.concurrent.atomic.AtomicReference<>();
        java.util.List<java.util.concurrent.CompletableFuture<?>> pending = new java.util.ArrayList<>();
        match.onGameResult(result -> {
            // read now, on the game's thread, before the next game starts: the journal is this game's
            FinishedGame finished = FinishedGame.of(match.journal(), "match", Seats.ofName(registry, result.first()),
                    Seats.ofName(registry, result.second()));
            String record = records == null ? null : GameRecord.of(match.journal()).write();
            java.util.concurrent.CompletableFuture<?> done = store.saveLater(finished).whenComplete((id, error) -> {
                if (error != null) {
                    Throwable why = error instanceof java.util.concurrent.CompletionException && error.getCause() != null
                            ? error.getCause() : error;
                    if (failed.compareAndSet(null, why instanceof RuntimeException r ? r : new IllegalStateException(why))) {
                        match.stop(); // no further game: it could not be stored either
                    }
                    return;
                }
                summary.add(result);
                print(result, id, game, out);
                if (record != null) {
                    java.nio.file.Path file = records.resolve(game.id() + "-" + result.number() + ".txt");
                    try {
                        java.nio.file.Files.writeString(file, record, java.nio.charset.StandardCharsets.UTF_8);
                    } catch (java.io.IOException e) {
                        spec.commandLine().getErr().println("boardlab: cannot write " + file + ": " + e.getMessage());
                    }
                }
            });
            synchronized (pending) {
                pending.add(done);
            }
        });
        match.runHere();
        java.util.concurrent.CompletableFuture<?>[] all;
        synchronized (pending) {
            all = pending.toArray(java.util.concurrent.CompletableFuture[]::new);
        }
        try {
            java.util.concurrent.CompletableFuture.allOf(all).join(); // every game committed (or failed) and printed
        } catch (java.util.concurrent.CompletionException e) {
            // the first failure is thrown below
        }
        if (failed.get() != null) {
            throw failed.get();
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        if (json) {
            Map<String, Object> s = new LinkedHashMap<>();
            s.put("game", game.id());
            s.put("options", gameOptions.asMap());
            s.put("games", summary.games);
            s.put("a", nameA);
            s.put("b", nameB);
            s.put("wins_a", summary.winsA);
            s.put("wins_b", summary.winsB);
            s.put("draws", summary.draws);
            s.put("forfeits_a", summary.forfeitsA);
            s.put("forfeits_b", summary.forfeitsB);
            s.put("seconds", Math.round(seconds * 1000) / 1000.0);
            s.put("stored", summary.games);
            s.put("db", store.url());
            out.println(Json.line(Map.of("summary", s)));
        } else {
            out.printf("%d %s: %s won %d, %s won %d, %d drawn (forfeits: %s %d, %s %d) in %.2f s%n", summary.games,
                    summary.games == 1 ? "game" : "games", nameA,
                    summary.winsA, nameB, summary.winsB, summary.draws, nameA, summary.forfeitsA, nameB, summary.forfeitsB,
                    seconds);
            out.printf("stored in %s%n", store.url());
        }
        out.flush();
        return 0;
    }

    private void print(GameResult r, long id, Game game, PrintWriter out) {
        MatchOutcome o = r.outcome();
        if (json) {
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("game", r.number());
            row.put("id", id);
            row.put("first", r.first());
            row.put("second", r.second());
            row.put("winner", r.winnerName());
            row.put("winner_side", o.winner() == null ? null : game.sideName(o.winner()));
            row.put("ending", o.ending().name().toLowerCase());
            row.put("detail", o.detail());
            row.put("plies", o.moves().size());
            row.put("moves", o.moves().stream().map(Move::notation).collect(Collectors.joining(" ")));
            row.put("scores", List.of(o.scores()[0], o.scores()[1]));
            row.put("gm_scores", List.of(o.gmScores()[0], o.gmScores()[1]));
            row.put("time_ms", List.of(o.timeNanos()[0] / 1_000_000, o.timeNanos()[1] / 1_000_000));
            out.println(Json.line(row));
        } else {
            String result = o.winner() == null ? "draw" : r.winnerName() + " (" + game.sideName(o.winner()) + ") wins";
            out.printf("game %d: %s (%s) vs %s (%s): %s, %s, %d moves (stored as game %d)%n", r.number(), r.first(),
                    game.sideName(Side.FIRST), r.second(), game.sideName(Side.SECOND), result, o.detail(), o.moves().size(), id);
        }
        out.flush();
    }

    /** Wins, draws and forfeits per seat. */
    private static final class Summary {
        final String a;
        final String b;
        int games;
        int winsA;
        int winsB;
        int draws;
        int forfeitsA;
        int forfeitsB;

        Summary(String a, String b) {
            this.a = a;
            this.b = b;
        }

        void add(GameResult r) {
            games++;
            String winner = r.winnerName();
            if (winner == null) {
                draws++;
            } else if (winner.equals(a)) {
                winsA++;
            } else {
                winsB++;
            }
            Side loser = r.outcome().loser();
            if (loser != null) {
                if (r.name(loser).equals(a)) {
                    forfeitsA++;
                } else {
                    forfeitsB++;
                }
            }
        }
    }
}
