package org.boardlab.workbench.internal;

import java.util.ArrayList;
import java.util.List;
import org.boardlab.api.Game;
import org.boardlab.api.Player;
import org.boardlab.core.Registry;

/**
 * Who may play a side of a match of one game: a person at this board, each loaded player that
 * {@linkplain Player#supports supports} the game, and a network client on each protocol that plays
 * it. The Match view's "First:" and "Second:" offer these, as plain strings.
 *
 * <p>Not thread-safe: the match model's thread only.
 */
final class SideChoices {

    static final String HUMAN = "a person at this board";
    private static final String NETWORK = "a network client (";

    /** What a choice is. */
    enum Kind {
        HUMAN, PLAYER, NETWORK
    }

    private final Registry registry;

    SideChoices(Registry registry) {
        this.registry = registry;
    }

    /** The choice that offers a network client of {@code protocolId}. */
    static String network(String protocolId) {
        return NETWORK + protocolId + ")";
    }

    static Kind kind(String choice) {
        if (choice.equals(HUMAN)) {
            return Kind.HUMAN;
        }
        return choice.startsWith(NETWORK) && choice.endsWith(")") ? Kind.NETWORK : Kind.PLAYER;
    }

    /** The protocol of a {@link Kind#NETWORK} choice. */
    static String protocolOf(String choice) {
        return choice.substring(NETWORK.length(), choice.length() - 1);
    }

    /**
     * The choices for {@code game}: a person, the players that support it (by id), then a network
     * client for each of {@code protocols} (the protocols that play it).
     */
    List<String> of(Game game, List<String> protocols) {
        List<String> choices = new ArrayList<>();
        choices.add(HUMAN);
        choices.addAll(registry.playerIdsFor(game));
        protocols.forEach(p -> choices.add(network(p)));
        return choices;
    }

    /** {@code true} if the loaded player {@code id} supports {@code game}. */
    boolean supports(String id, Game game) {
        return registry.supports(id, game);
    }
}
