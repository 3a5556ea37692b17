package org.boardlab.cli.internal;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import org.boardlab.cli.Cli;
import org.boardlab.store.LadderEntry;
import org.boardlab.store.Store;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/** {@code boardlab ratings}: the running lab ladder, as every stored game made it. */
@Command(name = "ratings", mixinStandardHelpOptions = true,
        description = {"List the lab ladder: each player's rating for a game, as every rated game stored so far made it.",
            "elo: seed 002's Elo (start 1600, K 25 below 1700, 15 below 2400, 10 from 2400). glicko2: Glicko-2 with Lichess's defaults "
                + "(start 1500, deviation 500, volatility 0.09, tau 0.75).",
            "Rated: every finished game between two different player ids (matches, tournaments, workers, servers, the workbench), "
                + "not aborted games, imported records, nor games of a network client that gave no name (onitama#17); a forfeit is a loss."})
public final class RatingsCommand implements Callable<Integer> {

    @ParentCommand
    Cli cli;

    @Spec
    CommandSpec spec;

    @Mixin
    StoreOption database;

    @Option(names = "--game", paramLabel = "GAME", description = "Only this game's ladder (othello, gomoku, ...); default: every game's.")
    String game;

    @Option(names = "--ladder", paramLabel = "L", description = "elo (default) or glicko2.", defaultValue = "elo")
    String ladder;

    @Option(names = "--format", paramLabel = "F", description = "text (default), csv or json (one list, best first per game).",
            defaultValue = "text")
    String format;

    @Override
    public Integer call() {
        UsageException.requireOneOf("--format", format, "text", "csv", "json");
        UsageException.requireOneOf("--ladder", ladder, "elo", "glicko2");
        Store store = database.open(cli);
        List<LadderEntry> entries = store.ladder(ladder, game);
        boolean glicko = ladder.equals("glicko2");
        PrintWriter out = spec.commandLine().getOut();
        switch (format) {
            case "json" -> {
                List<Object> list = new ArrayList<>();
                for (Ranked r : ranked(entries)) {
                    Map<String, Object> m = new LinkedHashMap<>();
                    m.put("ladder", r.e().ladder());
                    m.put("game", r.e().game());
                    m.put("rank", r.rank());
                    m.put("player", r.e().player());
                    m.put("rating", glicko ? round1(r.e().rating()) : (Object) Math.round(r.e().rating()));
                    if (glicko) {
                        m.put("deviation", round1(r.e().deviation()));
                        m.put("volatility", Math.round(r.e().volatility() * 1e6) / 1e6);
                    }
                    m.put("games", r.e().games());
                    m.put("wins", r.e().wins());
                    m.put("draws", r.e().draws());
                    m.put("losses", r.e().losses());
                    m.put("last_game", r.e().lastGameId());
                    m.put("updated_at", r.e().updatedAt() == null ? null : r.e().updatedAt().toString());
                    list.add(m);
                }
                out.println(Json.line(list));
            }
            case "csv" -> {
                out.println("ladder,game,rank,player,rating" + (glicko ? ",deviation,volatility" : "") + ",games,wins,draws,losses,last_game");
                for (Ranked r : ranked(entries)) {
                    LadderEntry e = r.e();
                    out.println(String.join(",", e.ladder(), GamesCommand.csv(e.game()), Integer.toString(r.rank()), GamesCommand.csv(e.player()),
                            rating(e, glicko) + (glicko ? "," + String.format(Locale.ROOT, "%.1f,%.6f", e.deviation(), e.volatility()) : ""),
                            Integer.toString(e.games()), Integer.toString(e.wins()), Integer.toString(e.draws()), Integer.toString(e.losses()),
                            e.lastGameId() == null ? "" : Long.toString(e.lastGameId())));
                }
            }
            default -> {
                if (entries.isEmpty()) {
                    out.println("no rated game" + (game == null ? "" : " of " + game) + " yet (database: " + store.url() + ")");
                    break;
                }
                String current = null;
                for (Ranked r : ranked(entries)) {
                    LadderEntry e = r.e();
                    if (!e.game().equals(current)) {
                        if (current != null) {
                            out.println();
                        }
                        current = e.game();
                        out.printf("%s ladder, %s%n", glicko ? "Glicko-2" : "Elo", e.game());
                        out.printf(glicko ? "%4s  %-24s  %7s  %5s  %6s  %5s  %4s  %5s  %4s%n" : "%4s  %-24s  %6s  %5s  %4s  %5s  %4s%n",
                                glicko ? new Object[] {"RANK", "PLAYER", "RATING", "RD", "VOL", "GAMES", "WON", "DRAWN", "LOST"}
                                        : new Object[] {"RANK", "PLAYER", "RATING", "GAMES", "WON", "DRAWN", "LOST"});
                    }
                    if (glicko) {
                        out.printf(Locale.ROOT, "%4d  %-24s  %7.1f  %5.1f  %6.4f  %5d  %4d  %5d  %4d%n", r.rank(), e.player(), e.rating(),
                                e.deviation(), e.volatility(), e.games(), e.wins(), e.draws(), e.losses());
                    } else {
                        out.printf(Locale.ROOT, "%4d  %-24s  %6d  %5d  %4d  %5d  %4d%n", r.rank(), e.player(), Math.round(e.rating()), e.games(),
                                e.wins(), e.draws(), e.losses());
                    }
                }
                out.printf("(database: %s)%n", store.url());
            }
        }
        out.flush();
        return 0;
    }

    private record Ranked(int rank, LadderEntry e) {
    }

    /** Ranks within each game: 1 for the best; equal ratings share a rank. */
    private static List<Ranked> ranked(List<LadderEntry> entries) {
        List<Ranked> out = new ArrayList<>();
        String game = null;
        int index = 0;
        int rank = 0;
        double last = Double.NaN;
        for (LadderEntry e : entries) {
            if (!e.game().equals(game)) {
                game = e.game();
                index = 0;
                last = Double.NaN;
            }
            index++;
            if (e.rating() != last) {
                rank = index;
                last = e.rating();
            }
            out.add(new Ranked(rank, e));
        }
        return out;
    }

    private static String rating(LadderEntry e, boolean glicko) {
        return glicko ? String.format(Locale.ROOT, "%.1f", e.rating()) : Long.toString(Math.round(e.rating()));
    }

    private static double round1(double x) {
        return Math.round(x * 10) / 10.0;
    }
}
