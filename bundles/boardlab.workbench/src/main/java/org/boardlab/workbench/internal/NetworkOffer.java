package org.boardlab.workbench.internal;

import java.util.function.LongConsumer;
import org.boardlab.api.Game;
import org.boardlab.server.LobbyException;
import org.boardlab.server.PlayerOffer;
import org.boardlab.server.ServerService;

/**
 * A side of the Match view that is a network client, without widgets: the other side, a loaded
 * player, is offered to the protocol's clients on the embedded server ({@link ServerService#offer});
 * the game a client starts against it is then watched like any server game.
 *
 * <p>Confined to the model's thread, as {@link MatchModel} is.
 */
final class NetworkOffer {

    /** The name a loaded player offered to network clients has in the server's lobby. */
    static final String LOBBY_NAME = "workbench";

    private final ServerService server;
    private PlayerOffer offer;

    /** @param server the embedded server; {@code null} for none */
    NetworkOffer(ServerService server) {
        this.server = server;
    }

    /**
     * Offers {@code other} (the choice for the side that is not the network client) to the clients of
     * {@code protocolId} for {@code g}; returns what the status line says.
     *
     * @param watch told (on a server thread) the id of each game a client starts against it
     */
    String offer(Game g, String protocolId, String other, LongConsumer watch) {
        close();
        if (SideChoices.kind(other) != SideChoices.Kind.PLAYER) {
            return "a network client plays against a loaded player; a person plays a networked game with 'boardlab client "
                    + protocolId + "'";
        }
        if (server == null) {
            return "there is no embedded server in this workbench";
        }
        try {
            offer = server.offer(LOBBY_NAME, other, g.id(), protocolId, System.getProperty("boardlab.server.bind", "127.0.0.1"),
                    table -> watch.accept(table.id()));
            return offer.describe();
        } catch (LobbyException | RuntimeException e) {
            return "cannot offer " + other + " on the server: " + e.getMessage();
        }
    }

    /** Takes the player off the server's lobby. */
    void close() {
        if (offer != null) {
            offer.close();
            offer = null;
        }
    }
}
