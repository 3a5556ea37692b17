package org.boardlab.core;

import java.util.function.Supplier;
import org.boardlab.api.Player;

/**
 * A seat at a match: a name and where its player comes from. {@code players} is called at the start
 * of every game of the match, so a player bundle replaced between two games plays the next game in
 * its new version (the game in progress finishes with the old one).
 *
 * @param name    the name shown in events, views and results
 * @param players gives a fresh player for each game; may throw if the player is gone
 */
public record PlayerSeat(String name, Supplier<Player> players) {

    /** A seat for the registry's player {@code id}, looked up afresh for every game. */
    public static PlayerSeat of(Registry registry, String id) {
        registry.requirePlayer(id);
        return new PlayerSeat(id, () -> registry.requirePlayer(id).get());
    }
}
