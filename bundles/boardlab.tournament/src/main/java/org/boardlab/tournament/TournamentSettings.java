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
import java.math.BigDecimal;
import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.boardlab.api.GameOptions;
import org.boardlab.core.PlayerLimits;
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
 * @param limits       what each player that runs in a process of its own (a student's jar, an
 *                     engine) may use in every game of the tournament: heap, threads, CPU time per
 *                     move, file size ({@code --player-heap}, ...); the wall time of a move is the
 *                     time control's
 */
public record TournamentSettings(String name, String game, GameOptions options, List<String> players, Format format, int rounds,
        int gamesPerPair, TimeControl time, long seed, String openings, List<List<String>> openingLines, Sprt sprt,
        PlayerLimits limits) {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** The key of the players' limits in {@link #toJson()}; a tournament stored without it has {@link PlayerLimits#DEFAULT}. */
    static final String LIMITS_KEY = "player_limits";

    public TournamentSettings {
        players = List.copyOf(players);
        openingLines = List.copyOf(openingLines);
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(limits, "limits");
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

    /** A tournament whose players run under the default limits ({@link PlayerLimits#DEFAULT}). */
    public TournamentSettings(String name, String game, GameOptions options, List<String> players, Format format, int rounds,
            int gamesPerPair, TimeControl time, long seed, String openings, List<List<String>> openingLines, Sprt sprt) {
        this(name, game, options, players, format, rounds, gamesPerPair, time, seed, openings, openingLines, sprt, PlayerLimits.DEFAULT);
    }

    /** The same tournament with these limits for its players. */
    public TournamentSettings withLimits(PlayerLimits l) {
        return new TournamentSettings(name, game, options, players, format, rounds, gamesPerPair, time, seed, openings, openingLines,
                sprt, l);
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
        m.put(LIMITS_KEY, limitsText(limits));
        return m;
    }

    private static final Pattern LIMITS = Pattern.compile("heap=(\\d+)MB threads=(\\d+) cpu=(move|\\d+(?:\\.\\d+)?s) files=(\\d+)MB");

    /**
     * The limits as the settings keep them: {@code heap=256MB threads=64 cpu=move files=64MB}
     * ({@code cpu=move}: the time per move; else seconds, exactly, such as {@code cpu=0.25s}).
     */
    public static String limitsText(PlayerLimits l) {
        String cpu = l.cpuPerMove().isZero() ? "move"
                : BigDecimal.valueOf(l.cpuPerMove().toNanos(), 9).stripTrailingZeros().toPlainString() + "s";
        return "heap=" + l.heapMegabytes() + "MB threads=" + l.threads() + " cpu=" + cpu + " files=" + l.fileMegabytes() + "MB";
    }

    /**
     * The limits of {@link #limitsText}.
     *
     * @throws IllegalArgumentException if {@code text} is not such a text, or not a player's limits
     */
    public static PlayerLimits parseLimits(String text) {
        Matcher m = LIMITS.matcher(text);
        if (!m.matches()) {
            throw new IllegalArgumentException("the players' limits '" + text + "' are not of the form heap=256MB threads=64 cpu=move files=64MB");
        }
        Duration cpu = m.group(3).equals("move") ? Duration.ZERO
                : Duration.ofNanos(new BigDecimal(m.group(3).substring(0, m.group(3).length() - 1)).movePointRight(9).longValueExact());
        return new PlayerLimits(Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)), cpu, Integer.parseInt(m.group(4)));
    }

    /**
     * The players' limits of a tournament stored as {@code json} ({@link #toJson()}): what a worker
     * plays its games under. A tournament stored before the limits were kept has none: the
     * defaults, which its games were played under then.
     *
     * @throws IllegalArgumentException if they cannot be read
     */
    public static PlayerLimits limitsOf(String json) {
        try {
            Object text = JSON.readValue(json, Map.class).get(LIMITS_KEY);
            return text == null ? PlayerLimits.DEFAULT : parseLimits(String.valueOf(text));
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("the stored settings cannot be read: " + e.getOriginalMessage());
        }
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
                    lines, sprt, m.get(LIMITS_KEY) == null ? PlayerLimits.DEFAULT : parseLimits(String.valueOf(m.get(LIMITS_KEY))));
        } catch (JsonProcessingException | RuntimeException e) {
            throw new IllegalArgumentException("the stored settings of tournament '" + name + "' cannot be read: " + e.getMessage());
        }
    }

    /**
     * How a stored tournament's settings differ from these, one phrase per field
     * ({@code "format is swiss, not round-robin"}); empty when they are the same. Settings stored
     * without the players' limits (by an older boardlab) have the defaults.
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
            if (was == null && LIMITS_KEY.equals(e.getKey())) {
                was = limitsText(PlayerLimits.DEFAULT);
            }
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
