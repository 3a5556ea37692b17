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
    private static final String REMOTE = "the opponent on a server (";

    /** What a choice is. */
    enum Kind {
        HUMAN, PLAYER, NETWORK,
        /** The other side of a game on somebody's server, by address: the side here plays there. */
        REMOTE
    }

    private final Registry registry;

    SideChoices(Registry registry) {
        this.registry = registry;
    }

    /** The choice that offers a network client of {@code protocolId}. */
    static String network(String protocolId) {
        return NETWORK + protocolId + ")";
    }

    /** The choice that plays the other side on a server of {@code protocolId}, given by address. */
    static String remote(String protocolId) {
        return REMOTE + protocolId + ")";
    }

    static Kind kind(String choice) {
        if (choice.equals(HUMAN)) {
            return Kind.HUMAN;
        }
        if (choice.startsWith(REMOTE) && choice.endsWith(")")) {
            return Kind.REMOTE;
        }
        return choice.startsWith(NETWORK) && choice.endsWith(")") ? Kind.NETWORK : Kind.PLAYER;
    }

    /** The protocol of a {@link Kind#NETWORK} or {@link Kind#REMOTE} choice. */
    static String protocolOf(String choice) {
        return choice.substring((kind(choice) == Kind.REMOTE ? REMOTE : NETWORK).length(), choice.length() - 1);
    }

    /**
     * The choices for {@code game}: a person, the players that support it (by id), then a network
     * client for each of {@code protocols} (the protocols that play it).
     */
    List<String> of(Game game, List<String> protocols) {
        return of(game, protocols, List.of());
    }

    /** As {@link #of(Game, List)}, then the opponent on a server for each of {@code remoteProtocols}. */
    List<String> of(Game game, List<String> protocols, List<String> remoteProtocols) {
        List<String> choices = new ArrayList<>();
        choices.add(HUMAN);
        choices.addAll(registry.playerIdsFor(game));
        protocols.forEach(p -> choices.add(network(p)));
        remoteProtocols.forEach(p -> choices.add(remote(p)));
        return choices;
    }

    /** {@code true} if the loaded player {@code id} supports {@code game}. */
    boolean supports(String id, Game game) {
        return registry.supports(id, game);
    }
}
