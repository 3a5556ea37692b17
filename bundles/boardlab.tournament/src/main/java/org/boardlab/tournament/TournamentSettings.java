package org.boardlab.tournament;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.boardlab.api.GameOptions;
import org.boardlab.tournament.rating.Sprt;

/**
 * What a tournament is: the settings that decide which games are played. A tournament stored under a
 * name can be resumed only with the same settings ({@link #differences}); the concurrency is not one
 * of them (a resumed tournament may run more or fewer games at once).
 *
 * @param name         the tournament's name (its key in the store)
 * @param game         the game's id
 * @param options      the game's options
 * @param players      the players' registry ids, in seeding order (distinct)
 * @param format       how players are paired
 * @param rounds       round-robin and gauntlet: cycles; Swiss: rounds; knockout: not used (1)
 * @param gamesPerPair games each pairing plays (2: one with each colour)
 * @param time         the time control
 * @param seed         the tournament's seed: openings, and each game's seed (tournament seed + game number)
 * @param openings     {@code none}, {@code random:N} or a file's path
 * @param openingLines a file's openings (their moves), so a changed file is noticed; empty otherwise
 * @param sprt         the SPRT to stop on, or {@code null}
 */
public record TournamentSettings(String name, String game, GameOptions options, List<String> players, Format format, int rounds,
        int gamesPerPair, TimeControl time, long seed, String openings, List<List<String>> openingLines, Sprt sprt) {

    private static final ObjectMapper JSON = new ObjectMapper();

    public TournamentSettings {
        players = List.copyOf(players);
        openingLines = List.copyOf(openingLines);
        Objects.requireNonNull(name, "name");
        if (name.isBlank() || name.length() > 200) {
            throw new IllegalArgumentException("a tournament needs a name of 1 to 200 characters");
        }
        if (players.size() < 2) {
            throw new IllegalArgumentException("a tournament needs at least two players, not " + players.size());
        }
        Set<String> seen = new HashSet<>();
        for (String p : players) {
            if (!seen.add(p)) {
                throw new IllegalArgumentException("player '" + p + "' is named twice in --players");
            }
        }
        if (rounds < 1 || rounds > 1000) {
            throw new IllegalArgumentException("--rounds must be between 1 and 1000, not " + rounds);
        }
        if (gamesPerPair < 1 || gamesPerPair > 10_000) {
            throw new IllegalArgumentException("--games-per-pair must be between 1 and 10000, not " + gamesPerPair);
        }
        if (sprt != null && players.size() != 2) {
            throw new IllegalArgumentException("--sprt compares two players (the new version first), not " + players.size());
        }
    }

    /** The settings as one JSON object (what the store keeps and a resume compares). */
    public String toJson() {
        try {
            return JSON.writeValueAsString(identity());
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    private Map<String, Object> identity() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("game", game);
        m.put("options", options.toString());
        m.put("players", players);
        m.put("format", format.id());
        m.put("rounds", rounds);
        m.put("games_per_pair", gamesPerPair);
        m.put("time", time.toString());
        m.put("seed", seed);
        m.put("openings", openings);
        m.put("opening_lines", openingLines.stream().map(l -> String.join(" ", l)).toList());
        m.put("sprt", sprt == null ? null : sprt.elo0() + " " + sprt.elo1() + " " + sprt.alpha() + " " + sprt.beta());
        return m;
    }

    /**
     * The settings stored as {@link #toJson()} under {@code name}.
     *
     * @throws IllegalArgumentException if they cannot be read
     */
    public static TournamentSettings fromJson(String name, String json) {
        try {
            Map<?, ?> m = JSON.readValue(json, Map.class);
            List<String> players = ((List<?>) m.get("players")).stream().map(String::valueOf).toList();
            String opts = String.valueOf(m.get("options"));
            GameOptions options = GameOptions.parse(opts.isBlank() ? List.of() : List.of(opts.trim().split("\\s+")));
            List<List<String>> lines = ((List<?>) m.get("opening_lines")).stream()
                    .map(l -> List.of(String.valueOf(l).split("\\s+"))).toList();
            Object sprtText = m.get("sprt");
            Sprt sprt = null;
            if (sprtText != null) {
                String[] p = String.valueOf(sprtText).split(" ");
                sprt = new Sprt(Double.parseDouble(p[0]), Double.parseDouble(p[1]), Double.parseDouble(p[2]), Double.parseDouble(p[3]));
            }
            return new TournamentSettings(name, String.valueOf(m.get("game")), options, players, Format.of(String.valueOf(m.get("format"))),
                    ((Number) m.get("rounds")).intValue(), ((Number) m.get("games_per_pair")).intValue(),
                    TimeControl.parse(String.valueOf(m.get("time"))), ((Number) m.get("seed")).longValue(), String.valueOf(m.get("openings")),
                    lines, sprt);
        } catch (JsonProcessingException | RuntimeException e) {
            throw new IllegalArgumentException("the stored settings of tournament '" + name + "' cannot be read: " + e.getMessage());
        }
    }

    /**
     * How a stored tournament's settings differ from these, one phrase per field
     * ({@code "format is swiss, not round-robin"}); empty when they are the same.
     */
    public List<String> differences(String storedJson) {
        Map<?, ?> stored;
        try {
            stored = JSON.readValue(storedJson, Map.class);
        } catch (JsonProcessingException e) {
            return List.of("the stored settings cannot be read (" + e.getOriginalMessage() + ")");
        }
        Map<?, ?> now;
        try {
            now = JSON.readValue(toJson(), Map.class);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
        List<String> out = new ArrayList<>();
        for (Map.Entry<?, ?> e : now.entrySet()) {
            Object was = stored.get(e.getKey());
            if (!Objects.equals(was, e.getValue())) {
                out.add(e.getKey() + " is " + show(was) + ", not " + show(e.getValue()));
            }
        }
        return out;
    }

    private static String show(Object o) {
        if (o instanceof List<?> l) {
            return String.join(",", l.stream().map(String::valueOf).toList());
        }
        return String.valueOf(o);
    }
}
