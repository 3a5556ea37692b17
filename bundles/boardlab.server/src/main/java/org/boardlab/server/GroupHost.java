package org.boardlab.server;

import java.net.InetSocketAddress;
import java.util.List;
import java.util.concurrent.ScheduledExecutorService;
import org.boardlab.api.Game;
import org.boardlab.api.GameOptions;
import org.boardlab.core.Match;
import org.boardlab.core.MatchSettings;
import org.boardlab.core.PlayerSeat;
import org.osgi.annotation.versioning.ProviderType;

/**
 * What the server gives one service of a protocol with several ports (see
 * {@link ServerProtocol#portRoles()}). Implemented by the server.
 */
@ProviderType
public interface GroupHost {

    /** The name of this set of ports, unique in the server: the protocol id and the first port, e.g. {@code reversi@14000}. */
    String name();

    /** The addresses bound, in the order of {@link ServerProtocol#portRoles()}. */
    List<InetSocketAddress> addresses();

    /** The server's limits and time rules. */
    ServerSettings settings();

    /**
     * The loaded game {@code id}.
     *
     * @throws IllegalArgumentException if no such game is loaded
     */
    Game game(String id);

    /**
     * A match played through the server's referee, like every other server game: its events go to
     * the event bus (views, the inspector's match ids), each game that counts is recorded as the
     * server records games (its log, {@code serve}'s output and {@code --json}), and a game still
     * being played when the server closes is ended, decided by the scores. Start it yourself.
     */
    Match newMatch(Game game, GameOptions options, PlayerSeat first, PlayerSeat second, MatchSettings settings);

    /** The server's timer (daemon thread; keep tasks short). */
    ScheduledExecutorService timer();

    /** Writes a line to the server's log. */
    void log(String line);

    /** {@code true} while somebody listens to the wire tap (the inspector, {@code --trace}): only then pass frames. */
    default boolean tapping() {
        return false;
    }

    /**
     * A failed accept on the port this service listens on itself ({@link ServerProtocol#ownsListener()}), told as
     * the server's own ports tell theirs: one plain line (what happened, the limit of open files, what to do), then at
     * most one a minute with a count. Call it once for each failed accept; the default does nothing.
     *
     * @param port  the listening port's address
     * @param cause why the accept failed (e.g. "Too many open files")
     */
    default void acceptFailed(InetSocketAddress port, Throwable cause) {
    }

    /**
     * A connection accepted on the port this service listens on itself: after failed accepts, the server says once
     * that accepting works again. Cheap when nothing failed (a volatile read); the default does nothing.
     */
    default void accepted() {
    }

    /**
     * Hands one frame of a connection this service runs itself to the wire tap (for a protocol with
     * its own listener: {@link ServerProtocol#ownsListener()}); dropped and counted when the tap is full.
     *
     * @param connectionId the connection's id, unique in the process
     * @param remote       the client's {@code host:port}
     * @param player       the player's name once known, else {@code null}
     * @param fromClient   {@code true} for a frame the client sent
     * @param raw          the frame's bytes
     * @param matchId      the match it belongs to, {@code 0} outside a game
     * @param violation    why the frame broke the protocol, else {@code null}
     */
    default void tapFrame(long connectionId, String remote, String player, boolean fromClient, byte[] raw, long matchId,
            String violation) {
    }
}
