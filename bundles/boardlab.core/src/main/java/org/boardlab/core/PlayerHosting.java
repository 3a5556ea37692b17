package org.boardlab.core;

import java.util.List;
import org.boardlab.api.Player;

/**
 * Runs players in processes of their own (implemented by the {@code boardlab.sandbox} bundle, found
 * as a {@code @Named} component). The registry uses it for the players of bundles dropped into the
 * players folder, unless {@value #IN_PROCESS} says otherwise.
 */
public interface PlayerHosting {

    /**
     * The system property that runs players from the players folder inside boardlab (to debug them with
     * breakpoints): {@code true} for all, or a comma-separated list of player ids.
     */
    String IN_PROCESS = "boardlab.players.inProcess";

    /** How the registry's description of a player run in its own process ends. */
    String HOSTED = "a student's player, run in its own process";

    /** Whether {@code player} (a registry component) runs in a process of its own. */
    static boolean hosted(Component<?> player) {
        return player.description().endsWith(HOSTED) && !inProcess(player.id());
    }

    /**
     * A new player (one game) for the {@code @Named} class {@code className} of bundle {@code bundleId},
     * run in a process of its own. Cheap: the process is started, or a warm one taken, when the game
     * needs it.
     *
     * @param id        the player's id
     * @param bundleId  the framework's id of the bundle that holds the class
     * @param className the player's class
     * @throws PlayerSeat.Unavailable if the bundle is gone or going (being replaced): the match waits for the
     *                                new version, as for a player the registry does not list yet
     */
    Player player(String id, long bundleId, String className);

    /** The limits in words, with what this machine cannot enforce, for the Match view and the console. */
    String describe(PlayerLimits limits);

    /**
     * The limits of engine {@code playerId} (a descriptor in the players folder sets them), or empty if
     * no engine of that id is loaded here; for the Match view, which words them with {@link #describe}.
     */
    java.util.Optional<PlayerLimits> engineLimits(String playerId);

    /** The limits this machine cannot enforce, each with the reason and what is done instead; empty if none. */
    List<String> unenforced();

    /** Whether player {@code id} runs in boardlab's own process because {@value #IN_PROCESS} says so. */
    static boolean inProcess(String id) {
        String value = System.getProperty(IN_PROCESS, "").trim();
        if (value.equalsIgnoreCase("true")) {
            return true;
        }
        for (String one : value.split(",")) {
            if (one.trim().equals(id)) {
                return true;
            }
        }
        return false;
    }
}
