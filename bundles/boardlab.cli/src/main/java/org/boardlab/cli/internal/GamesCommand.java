package org.boardlab.cli.internal;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.boardlab.cli.Cli;
import org.boardlab.store.FinishedGame;
import org.boardlab.store.GameQuery;
import org.boardlab.store.Seat;
import org.boardlab.store.Store;
import org.boardlab.store.StoreException;
import org.boardlab.store.StoredGame;
import org.boardlab.store.StoredMove;
import org.boardlab.store.Tournament;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * {@code boardlab games}: lists the stored games, filtered; {@code games show ID} shows one with its
 * moves; {@code games export ID} prints its game record.
 */
@Command(name = "games", mixinStandardHelpOptions = true,
        description = {"List the stored games (newest first), filtered by tournament, player, game, date and result.",
            "'games show ID' shows one game with every move; 'games export ID' prints its game record (the text the workbench imports)."},
        subcommands = {GamesCommand.Show.class, GamesCommand.Export.class})
public final class GamesCommand implements Callable<Integer> {

    @ParentCommand
    Cli cli;

    @Spec
    CommandSpec spec;

    @Mixin
    StoreOption database;

    @Option(names = "--tournament", paramLabel = "NAME", description = "Only this tournament's games.")
    String tournament;

    @Option(names = "--player", paramLabel = "ID", description = "Only games this player (an id such as random, or a side's name) played, on either side.")
    String player;

    @Option(names = "--game", paramLabel = "GAME", description = "Only games of this game (othello, gomoku, ...).")
    String game;

    @Option(names = "--since", paramLabel = "DATE", description = "Only games that ended on or after DATE (2026-11-25, or 2026-11-25T14:00:00Z).")
    String since;

    @Option(names = "--until", paramLabel = "DATE", description = "Only games that ended before DATE.")
    String until;

    @Option(names = "--result", paramLabel = "R", description = "Only games with this result: win, draw, forfeit, or an ending (normal, timeout, illegal_move, ...).")
    String result;

    @Option(names = "--limit", paramLabel = "N", description = "At most N games (default: all).", defaultValue = "0")
    int limit;

    @Option(names = "--format", paramLabel = "F", description = "text (default), csv or json (one list; each game has a unique id).",
            defaultValue = "text")
    String format;

    @Override
    public Integer call() {
        UsageException.requireOneOf("--format", format, "text", "csv", "json");
        if (limit < 0) {
            throw new UsageException("--limit must be 0 (all) or more");
        }
        GameQuery q = new GameQuery(tournament, player, game, instant(since, "--since"), instant(until, "--until"), result, limit);
        Store store = database.open(cli);
        List<StoredGame> games = store.games(q);
        Map<Long, String> tournaments = tournamentNames(store);
        PrintWriter out = spec.commandLine().getOut();
        switch (format) {
            case "json" -> {
                List<Object> list = new ArrayList<>();
                for (StoredGame g : games) {
                    list.add(json(g, tournaments, false));
                }
                out.println(Json.line(list));
            }
            case "csv" -> {
                out.println("id,game,options,origin,tournament,first,first_player,second,second_player,winner,ending,result,"
                        + "first_score,second_score,plies,started_at,ended_at");
                for (StoredGame s : games) {
                    FinishedGame g = s.game();
                    out.println(String.join(",", List.of(Long.toString(s.id()), csv(g.game()), csv(g.options()), csv(g.origin()),
                            csv(tournaments.getOrDefault(g.tournamentId(), "")), csv(g.first().name()), csv(g.first().player()),
                            csv(g.second().name()), csv(g.second().player()), csv(winner(g)), csv(g.ending()), csv(g.result()),
                            Integer.toString(g.firstScore()), Integer.toString(g.secondScore()), Integer.toString(g.plies()),
                            g.startedAt().toString(), g.endedAt().toString())));
                }
            }
            default -> {
                if (games.isEmpty()) {
                    out.println("no stored game matches (database: " + store.url() + ")");
                    break;
                }
                // columns as wide as their longest entry (a server's names, e.g. onitama-normal#3421, are long)
                int game = 9;
                int first = 16;
                int second = 16;
                int result = 24;
                for (StoredGame s : games) {
                    FinishedGame g = s.game();
                    game = Math.max(game, g.game().length());
                    first = Math.max(first, g.first().name().length());
                    second = Math.max(second, g.second().name().length());
                    result = Math.max(result, resultText(g).length());
                }
                String row = "%6s  %-19s  %-" + game + "s  %-" + first + "s  %-" + second + "s  %-" + result + "s  %5s  %s%n";
                out.printf(row, "ID", "ENDED (UTC)", "GAME", "FIRST", "SECOND", "RESULT", "PLIES", "TOURNAMENT");
                for (StoredGame s : games) {
                    FinishedGame g = s.game();
                    out.printf(row, s.id(), WHEN.format(g.endedAt()), g.game(), g.first().name(), g.second().name(), resultText(g),
                            g.plies(), tournaments.getOrDefault(g.tournamentId(), "-"));
                }
                out.printf("%d %s (database: %s)%n", games.size(), games.size() == 1 ? "game" : "games", store.url());
            }
        }
        out.flush();
        return 0;
    }

    private static final DateTimeFormatter WHEN = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss").withZone(ZoneOffset.UTC);

    private static Instant instant(String text, String option) {
        if (text == null) {
            return null;
        }
        try {
            return text.length() <= 10 ? LocalDate.parse(text).atStartOfDay(ZoneOffset.UTC).toInstant() : Instant.parse(text);
        } catch (DateTimeParseException e) {
            throw new UsageException(option + " is a date (2026-11-25) or a time (2026-11-25T14:00:00Z), not " + text);
        }
    }

    private static Map<Long, String> tournamentNames(Store store) {
        Map<Long, String> names = new HashMap<>();
        for (Tournament t : store.tournaments()) {
            names.put(t.id(), t.name());
        }
        return names;
    }

    private static String winner(FinishedGame g) {
        return g.winner() == null ? "" : g.winnerName();
    }

    private static String resultText(FinishedGame g) {
        String r = g.winner() != null ? g.winnerName() + " wins" : g.winnerName().equals("-") ? "aborted" : "draw";
        return "normal".equals(g.ending()) ? r : r + " (" + g.ending() + ")";
    }

    /** A CSV field (RFC 4180): quoted when it holds a comma, a quote or a line break. */
    static String csv(String s) {
        if (s == null) {
            return "";
        }
        if (s.contains(",") || s.contains("\"") || s.contains("\n") || s.contains("\r")) {
            return '"' + s.replace("\"", "\"\"") + '"';
        }
        return s;
    }

    private static Map<String, Object> seat(Seat s) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("name", s.name());
        m.put("player", s.player());
        m.put("bundle", s.bundle());
        m.put("version", s.version());
        m.put("hash", s.hash());
        return m;
    }

    static Map<String, Object> json(StoredGame s, Map<Long, String> tournaments, boolean withMoves) {
        FinishedGame g = s.game();
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("id", s.id());
        m.put("game", g.game());
        m.put("options", g.options());
        m.put("origin", g.origin());
        m.put("tournament", tournaments.get(g.tournamentId()));
        m.put("first", seat(g.first()));
        m.put("second", seat(g.second()));
        m.put("winner", g.winner() == null ? null : g.winnerName());
        m.put("winner_side", g.winner());
        m.put("ending", g.ending());
        m.put("result", g.result());
        m.put("scores", List.of(g.firstScore(), g.secondScore()));
        m.put("time_ms", List.of(g.firstTimeMs(), g.secondTimeMs()));
        m.put("plies", g.plies());
        m.put("opening_plies", g.openingPlies());
        m.put("started_at", g.startedAt().toString());
        m.put("ended_at", g.endedAt().toString());
        if (withMoves) {
            List<Object> moves = new ArrayList<>();
            for (StoredMove mv : g.moves()) {
                Map<String, Object> x = new LinkedHashMap<>();
                x.put("ply", mv.ply());
                x.put("side", mv.side());
                x.put("move", mv.notation());
                x.put("elapsed_us", mv.elapsedUs());
                x.put("thinking_us", mv.thinkingUs());
                x.put("network_us", mv.networkUs());
                x.put("clock_used_ms", mv.clockUsedMs());
                x.put("clock_left_ms", mv.clockLeftMs());
                moves.add(x);
            }
            m.put("moves", moves);
        }
        return m;
    }

    static StoredGame find(Store store, long id) {
        return store.game(id).orElseThrow(() -> new StoreException("there is no game " + id + " in the database " + store.url()
                + " ('boardlab games' lists the stored games)"));
    }

    /** {@code games show ID}. */
    @Command(name = "show", mixinStandardHelpOptions = true, description = "Show one stored game: who played, how it ended, and every move with its time.")
    static final class Show implements Callable<Integer> {

        @ParentCommand
        GamesCommand parent;

        @Spec
        CommandSpec spec;

        @Parameters(index = "0", paramLabel = "ID", description = "The game's id (from 'boardlab games').")
        long id;

        @Mixin
        StoreOption database;

        @Option(names = "--format", paramLabel = "F", description = "text (default) or json.", defaultValue = "text")
        String format;

        @Override
        public Integer call() {
            UsageException.requireOneOf("--format", format, "text", "json");
            Store store = database.open(parent.cli, parent.database);
            StoredGame s = find(store, id);
            Map<Long, String> tournaments = tournamentNames(store);
            PrintWriter out = spec.commandLine().getOut();
            if (format.equals("json")) {
                out.println(Json.line(json(s, tournaments, true)));
                out.flush();
                return 0;
            }
            FinishedGame g = s.game();
            out.printf("game %d: %s%s%n", s.id(), g.game(), g.options().isEmpty() ? "" : " (" + g.options() + ")");
            out.printf("first:  %s%s%n", g.first().name(), describe(g.first()));
            out.printf("second: %s%s%n", g.second().name(), describe(g.second()));
            out.printf("played: %s to %s UTC (%s%s)%n", WHEN.format(g.startedAt()), WHEN.format(g.endedAt()), g.origin(),
                    g.tournamentId() == null ? "" : ", tournament " + tournaments.get(g.tournamentId()));
            out.printf("result: %s%n", g.result());
            out.printf("ending: %s; scores %d to %d; thinking %d ms and %d ms%n", g.ending(), g.firstScore(), g.secondScore(),
                    g.firstTimeMs(), g.secondTimeMs());
            out.printf("%5s  %-6s  %-14s  %10s  %10s  %10s%n", "PLY", "SIDE", "MOVE", "ELAPSED", "THINKING", "CLOCK");
            for (StoredMove m : g.moves()) {
                out.printf("%5d  %-6s  %-14s  %10s  %10s  %10s%n", m.ply(), m.side() == 1 ? "first" : "second", m.notation(),
                        m.ply() <= g.openingPlies() ? "opening" : millis(m.elapsedUs()), millis(m.thinkingUs()), m.clockUsedMs() + " ms");
            }
            out.flush();
            return 0;
        }

        private static String describe(Seat s) {
            if (s.isAnonymous()) {
                return " (a client that gave no name: the game is not rated)";
            }
            if (s.bundle() == null) {
                return s.player().equals(s.name()) ? "" : " (" + s.player() + ")";
            }
            return " (" + s.player() + ", " + s.bundle() + " " + s.version() + (s.hash() == null ? "" : ", sha256 " + s.hash().substring(0, 12)) + ")";
        }

        private static String millis(long micros) {
            return micros < 0 ? "-" : String.format(java.util.Locale.ROOT, "%.1f ms", micros / 1000.0);
        }
    }

    /** {@code games export ID}. */
    @Command(name = "export", mixinStandardHelpOptions = true,
            description = "Print a stored game's record (the text the workbench's Import and 'boardlab play --record' read), or write it to a file.")
    static final class Export implements Callable<Integer> {

        @ParentCommand
        GamesCommand parent;

        @Spec
        CommandSpec spec;

        @Parameters(index = "0", paramLabel = "ID", description = "The game's id (from 'boardlab games').")
        long id;

        @Mixin
        StoreOption database;

        @Option(names = {"-o", "--output"}, paramLabel = "FILE", description = "Write the record to FILE instead of standard output.")
        Path output;

        @Override
        public Integer call() {
            Store store = database.open(parent.cli, parent.database);
            String text = find(store, id).game().record().write();
            if (output == null) {
                spec.commandLine().getOut().print(text);
                spec.commandLine().getOut().flush();
                return 0;
            }
            try {
                Files.writeString(output, text, StandardCharsets.UTF_8);
            } catch (IOException e) {
                throw new IllegalStateException("cannot write " + output + ": " + e.getMessage(), e);
            }
            return 0;
        }
    }
}
