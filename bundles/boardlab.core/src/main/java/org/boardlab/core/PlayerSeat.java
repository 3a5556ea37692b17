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

    /**
     * Thrown by a seat's {@link #players()} when its player is not loaded right now (its bundle may be
     * between two versions): the {@link Match} waits for it a little ({@link MatchSettings#swapGrace()})
     * before that side forfeits. Anything else thrown by {@code players} (a constructor that throws)
     * forfeits the game at once, with its message.
     */
    public static final class Unavailable extends IllegalStateException {
        private static final long serialVersionUID = 1L;

        public Unavailable(String message) {
            super(message);
        }
    }

    /** A seat for the registry's player {@code id}, looked up afresh for every game. */
    public static PlayerSeat of(Registry registry, String id) {
        registry.requirePlayer(id);
        return new PlayerSeat(id, () -> {
            Component<Player> component;
            try {
                component = registry.requirePlayer(id);
            } catch (IllegalArgumentException e) {
                throw new Unavailable(e.getMessage());
            }
            try {
                return component.get();
            } catch (RuntimeException | LinkageError e) {
                if (registry.player(id).orElse(null) != component) {
                    // its bundle went away while the player was being created: being replaced, not broken
                    throw new Unavailable("player '" + id + "' is being replaced");
                }
                throw e;
            }
        });
    }
}
