package org.boardlab.workbench.internal;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.boardlab.api.Game;
import org.boardlab.api.Player;
import org.boardlab.api.event.RegistryEvent;
import org.boardlab.core.Component;
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
    /** Whether a player (this very component, so a replaced one is asked again) supports a game. */
    private final Map<Component<?>, Map<String, Boolean>> supports = new HashMap<>();

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
        for (Component<?> c : registry.all(RegistryEvent.Kind.PLAYER)) {
            if (game == null || supports(c, game)) {
                choices.add(c.id());
            }
        }
        protocols.forEach(p -> choices.add(network(p)));
        return choices;
    }

    /** {@code true} if the loaded player {@code id} supports {@code game}. */
    boolean supports(String id, Game game) {
        return registry.player(id).map(c -> supports(c, game)).orElse(false);
    }

    private boolean supports(Component<?> c, Game game) {
        return supports.computeIfAbsent(c, k -> new HashMap<>()).computeIfAbsent(game.id(), g -> {
            try {
                return ((Player) c.get()).supports(game);
            } catch (RuntimeException | LinkageError e) {
                return false; // a player that cannot even be made is not offered
            }
        });
    }

    /** Forgets what players said about games (a bundle came or went). */
    void registryChanged() {
        supports.keySet().removeIf(c -> registry.player(c.id()).map(now -> now != c).orElse(true));
    }
}
