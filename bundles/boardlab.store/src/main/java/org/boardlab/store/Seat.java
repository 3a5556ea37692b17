package org.boardlab.store;

import java.util.Objects;

/**
 * Who played one side of a stored game.
 *
 * @param name    the name shown for the side ({@code random#1}, a network client's login name, a
 *                person's name); never {@code null}
 * @param player  the player id ({@code random}), or the same as {@code name} for a network client
 *                or a person, or {@code ""} for a network client that gave no name ({@link #anonymous});
 *                never {@code null}
 * @param bundle  the symbolic name of the player's bundle, or {@code null} (a network client, a person)
 * @param version that bundle's version, or {@code null}
 * @param hash    the SHA-256 (hex) of the player's jar, or {@code null} when not known
 */
public record Seat(String name, String player, String bundle, String version, String hash) {

    public Seat {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(player, "player");
    }

    /** A side known only by its name (a network client, a person). */
    public static Seat named(String name) {
        return new Seat(name, name, null, null, null);
    }

    /**
     * A network client that gave no name, known by the name the server gave its connection ({@code onitama#17}):
     * its player id is {@code ""}, and a game with such a side is stored but not rated (a name that plays one game
     * and is gone is no player of the lab ladder).
     */
    public static Seat anonymous(String name) {
        return new Seat(name, "", null, null, null);
    }

    /** Whether this side is a network client that gave no name ({@link #anonymous}). */
    public boolean isAnonymous() {
        return player.isEmpty();
    }
}
