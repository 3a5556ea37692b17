package org.boardlab.workbench.internal;

import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Supplier;
import org.boardlab.store.FinishedGame;
import org.boardlab.store.GameQuery;
import org.boardlab.store.Store;
import org.boardlab.store.StoredGame;
import org.boardlab.store.Tournament;

/**
 * What the Match view's "Open stored game" dialog lists and opens, without a display: the games in
 * the store (newest first, at most {@link #LIMIT}), filtered as {@code boardlab games} filters them
 * (player on either side, game, tournament, result, ended on or after a day), and the game chosen,
 * with its moves. Every filter is text as a person types it; an empty one does not filter.
 */
final class StoredGames {

    /** The most games listed at once (the newest); the filters find older ones. */
    static final int LIMIT = 500;

    /** The results a person can filter on ({@code ""}: any), as {@link GameQuery#result()} takes them. */
    static final List<String> RESULTS = List.of("", "win", "draw", "forfeit");

    private static final DateTimeFormatter WHEN = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm", Locale.ROOT);

    /**
     * One line of the list.
     *
     * @param id         the game's id in the store
     * @param ended      when it ended, local time ({@code 2026-11-28 23:40})
     * @param game       the game's id
     * @param first      the first side's name
     * @param second     the second side's name
     * @param score      {@code 1-0}, {@code 0-1}, {@code 1/2}, or {@code -} (aborted)
     * @param result     the result in words
     * @param plies      how many moves
     * @param tournament the tournament's name, or {@code ""}
     * @param origin     where it was played ({@code match}, {@code tournament}, {@code workbench}, ...)
     */
    record Row(long id, String ended, String game, String first, String second, String score, String result, int plies,
            String tournament, String origin) {
    }

    private final Supplier<Store> store;
    private final ZoneId zone;
    private String player = "";
    private String game = "";
    private String tournament = "";
    private String result = "";
    private String since = "";

    /**
     * @param store the store the games are in (asked each time: the default database is opened when first needed)
     * @param zone  the time zone the dates are shown and read in
     */
    StoredGames(Supplier<Store> store, ZoneId zone) {
        this.store = store;
        this.zone = zone;
    }

    void setPlayer(String p) {
        player = p.trim();
    }

    void setGame(String g) {
        game = g.trim();
    }

    void setTournament(String t) {
        tournament = t.trim();
    }

    /** One of {@link #RESULTS}, or an ending such as {@code timeout}. */
    void setResult(String r) {
        result = r.trim();
    }

    /** A day, {@code 2026-11-28}: games that ended on it or later. */
    void setSince(String day) {
        since = day.trim();
    }

    /**
     * The query the filters make.
     *
     * @throws IllegalArgumentException if the day is not a date such as 2026-11-28
     */
    GameQuery query() {
        GameQuery q = GameQuery.ALL.limit(LIMIT);
        if (!player.isEmpty()) {
            q = q.withPlayer(player);
        }
        if (!game.isEmpty()) {
            q = q.withGame(game);
        }
        if (!tournament.isEmpty()) {
            q = q.withTournament(tournament);
        }
        if (!result.isEmpty()) {
            q = q.withResult(result);
        }
        if (!since.isEmpty()) {
            Instant from;
            try {
                from = LocalDate.parse(since).atStartOfDay(zone).toInstant();
            } catch (DateTimeParseException e) {
                throw new IllegalArgumentException("'" + since + "' is not a day such as 2026-11-28");
            }
            q = q.between(from, null);
        }
        return q;
    }

    /**
     * The games the filters let through, newest first, at most {@link #LIMIT}.
     *
     * @throws IllegalArgumentException if a filter is wrong
     * @throws org.boardlab.store.StoreException if the store cannot be read
     */
    List<Row> rows() {
        GameQuery q = query();
        Store s = store.get();
        List<StoredGame> games = s.games(q);
        Map<Long, String> names = new HashMap<>();
        if (games.stream().anyMatch(g -> g.game().tournamentId() != null)) {
            for (Tournament t : s.tournaments()) {
                names.put(t.id(), t.name());
            }
        }
        return games.stream().map(g -> row(g, names)).toList();
    }

    private Row row(StoredGame stored, Map<Long, String> tournaments) {
        FinishedGame g = stored.game();
        String score = g.winner() != null ? (g.winner() == 1 ? "1-0" : "0-1") : "aborted".equals(g.ending()) ? "-" : "1/2";
        String t = g.tournamentId() == null ? "" : tournaments.getOrDefault(g.tournamentId(), "#" + g.tournamentId());
        return new Row(stored.id(), WHEN.format(g.endedAt().atZone(zone)), g.game(), g.first().name(), g.second().name(), score, g.result(),
                g.plies(), t, g.origin());
    }

    /** What the list says above it: how many games, and that there may be more. */
    static String summary(List<Row> rows) {
        if (rows.isEmpty()) {
            return "No stored game matches.";
        }
        if (rows.size() >= LIMIT) {
            return "The newest " + LIMIT + " games that match; narrow the filters to find older ones.";
        }
        return rows.size() == 1 ? "1 game." : rows.size() + " games.";
    }

    /**
     * The game with this id, with its moves.
     *
     * @throws IllegalArgumentException if the store has no such game
     */
    StoredGame open(long id) {
        Store s = store.get();
        return s.game(id).orElseThrow(() -> new IllegalArgumentException("there is no game " + id + " in " + s.url()));
    }
}
