package org.boardlab.tournament;

import java.util.Locale;

/** How players are paired. */
public enum Format {
    /** Everybody plays everybody, {@code rounds} times over (cycles). */
    ROUND_ROBIN("round-robin"),
    /** The first player plays each of the others, {@code rounds} times over. */
    GAUNTLET("gauntlet"),
    /** {@code rounds} rounds; each pairs players with equal or near scores who have not met yet. */
    SWISS("swiss"),
    /** Single elimination: the loser of each pairing is out; a tied pairing plays two more games. */
    KNOCKOUT("knockout");

    private final String id;

    Format(String id) {
        this.id = id;
    }

    /** The name on the command line, e.g. {@code round-robin}. */
    public String id() {
        return id;
    }

    /**
     * The format named {@code id}.
     *
     * @throws IllegalArgumentException naming the formats there are
     */
    public static Format of(String id) {
        for (Format f : values()) {
            if (f.id.equals(id.toLowerCase(Locale.ROOT))) {
                return f;
            }
        }
        throw new IllegalArgumentException("no format '" + id + "'; the formats are round-robin, gauntlet, swiss and knockout");
    }
}
