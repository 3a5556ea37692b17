package org.boardlab.api;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Options of a new game as text pairs, e.g. {@code size=10} or {@code seed=42}, the same in the
 * CLI ({@code --option size=10}), the workbench and the protocols. Each {@link Game} documents the
 * options it knows in {@link Game#optionHelp()} and refuses unknown ones.
 */
public final class GameOptions {

    /** No options: every game's default set-up. */
    public static final GameOptions DEFAULT = new GameOptions(Map.of());

    private final Map<String, String> values;

    private GameOptions(Map<String, String> values) {
        this.values = Collections.unmodifiableMap(new LinkedHashMap<>(values));
    }

    /** Options from a map; keys and values are kept as given. */
    public static GameOptions of(Map<String, String> values) {
        return new GameOptions(values);
    }

    /**
     * Options from {@code key=value} texts, e.g. {@code ["size=10", "seed=7"]}.
     *
     * @throws IllegalArgumentException if a text has no {@code =}
     */
    public static GameOptions parse(Iterable<String> pairs) {
        Map<String, String> map = new LinkedHashMap<>();
        for (String pair : pairs) {
            int eq = pair.indexOf('=');
            if (eq <= 0) {
                throw new IllegalArgumentException("an option is written key=value, not '" + pair + "'");
            }
            map.put(pair.substring(0, eq).trim(), pair.substring(eq + 1).trim());
        }
        return new GameOptions(map);
    }

    /** This set with one more option (replacing an earlier value of the same key). */
    public GameOptions with(String key, String value) {
        Map<String, String> map = new LinkedHashMap<>(values);
        map.put(key, value);
        return new GameOptions(map);
    }

    /** The value of {@code key}, if given. */
    public Optional<String> get(String key) {
        return Optional.ofNullable(values.get(key));
    }

    /**
     * The value of {@code key} as an int, or {@code fallback} if absent.
     *
     * @throws IllegalArgumentException if the value is not a whole number
     */
    public int getInt(String key, int fallback) {
        String value = values.get(key);
        if (value == null) {
            return fallback;
        }
        try {
            return Integer.parseInt(value);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("option " + key + " must be a whole number, not '" + value + "'");
        }
    }

    /** All options, in the order given; unmodifiable. */
    public Map<String, String> asMap() {
        return values;
    }

    /**
     * Refuses options other than {@code known}, so a typo is reported rather than ignored.
     *
     * @throws IllegalArgumentException naming the unknown option and the known ones
     */
    public void requireOnly(String gameId, String... known) {
        outer:
        for (String key : values.keySet()) {
            for (String k : known) {
                if (k.equals(key)) {
                    continue outer;
                }
            }
            throw new IllegalArgumentException(gameId + " has no option '" + key + "'; it knows: "
                    + (known.length == 0 ? "none" : String.join(", ", known)));
        }
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof GameOptions other && other.values.equals(values);
    }

    @Override
    public int hashCode() {
        return values.hashCode();
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder();
        values.forEach((k, v) -> sb.append(sb.length() == 0 ? "" : " ").append(k).append('=').append(v));
        return sb.toString();
    }
}
