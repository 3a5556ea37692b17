package org.boardlab.server;

import java.time.Duration;

/**
 * The server's limits and time rules, the same for every protocol.
 *
 * @param maxClients      connections allowed at once over all ports (seed 000 asks for it at start);
 *                        one more is closed at once
 * @param maxFrameBytes   the largest frame a protocol accepts before it closes the connection
 * @param idleTimeout     a connection that sends nothing for this long is closed (protocols with
 *                        heartbeats say so in their spec)
 * @param timePerMove     how long a networked player may think about one move
 * @param reconnectWindow how long a player who dropped out of a game may take to log in again with
 *                        the same name and go on (seed 000: 60 s); after it the game is decided by the
 *                        scores
 * @param invitationTimeout how long an invitation waits for an answer before it lapses
 * @param lobbyNewsDelay  how long lobby news (a player joined, left, turned ready or busy) may wait
 *                        to be sent with other news; a change undone within it is not sent at all
 *                        (see {@link Lobby})
 * @param lobbyListSize   how many members of a game the lobby list shows at most; lobby news is about
 *                        them only, so what each client is told is bounded whatever the lobby's size
 *                        (see {@link Lobby})
 */
public record ServerSettings(int maxClients, int maxFrameBytes, Duration idleTimeout, Duration timePerMove,
        Duration reconnectWindow, Duration invitationTimeout, Duration lobbyNewsDelay, int lobbyListSize) {

    /** The lobby list's size unless told otherwise: a lab group of a hundred sees each other. */
    public static final int DEFAULT_LOBBY_LIST_SIZE = 100;

    /** The settings with the default lobby list size. */
    public ServerSettings(int maxClients, int maxFrameBytes, Duration idleTimeout, Duration timePerMove,
            Duration reconnectWindow, Duration invitationTimeout, Duration lobbyNewsDelay) {
        this(maxClients, maxFrameBytes, idleTimeout, timePerMove, reconnectWindow, invitationTimeout, lobbyNewsDelay,
                DEFAULT_LOBBY_LIST_SIZE);
    }

    public ServerSettings {
        if (maxClients < 1) {
            throw new IllegalArgumentException("the maximum number of clients must be at least 1");
        }
        if (maxFrameBytes < 64) {
            throw new IllegalArgumentException("the maximum frame size must be at least 64 bytes");
        }
        if (lobbyNewsDelay.isNegative()) {
            throw new IllegalArgumentException("the lobby news delay cannot be negative");
        }
        if (lobbyListSize < 1) {
            throw new IllegalArgumentException("the lobby list must hold at least 1 player");
        }
    }

    /**
     * 10,000 clients, 10,240-byte frames, 5 minutes idle, 60 s a move, 60 s to reconnect, 60 s
     * invitations, lobby news gathered for 20 ms, lobby lists of 100.
     */
    public static ServerSettings defaults() {
        return new ServerSettings(10_000, 10_240, Duration.ofMinutes(5), Duration.ofSeconds(60), Duration.ofSeconds(60),
                Duration.ofSeconds(60), Duration.ofMillis(20));
    }

    public ServerSettings withMaxClients(int n) {
        return new ServerSettings(n, maxFrameBytes, idleTimeout, timePerMove, reconnectWindow, invitationTimeout,
                lobbyNewsDelay, lobbyListSize);
    }

    public ServerSettings withTimePerMove(Duration d) {
        return new ServerSettings(maxClients, maxFrameBytes, idleTimeout, d, reconnectWindow, invitationTimeout,
                lobbyNewsDelay, lobbyListSize);
    }

    public ServerSettings withReconnectWindow(Duration d) {
        return new ServerSettings(maxClients, maxFrameBytes, idleTimeout, timePerMove, d, invitationTimeout,
                lobbyNewsDelay, lobbyListSize);
    }

    public ServerSettings withIdleTimeout(Duration d) {
        return new ServerSettings(maxClients, maxFrameBytes, d, timePerMove, reconnectWindow, invitationTimeout,
                lobbyNewsDelay, lobbyListSize);
    }

    public ServerSettings withLobbyNewsDelay(Duration d) {
        return new ServerSettings(maxClients, maxFrameBytes, idleTimeout, timePerMove, reconnectWindow, invitationTimeout, d,
                lobbyListSize);
    }

    public ServerSettings withLobbyListSize(int n) {
        return new ServerSettings(maxClients, maxFrameBytes, idleTimeout, timePerMove, reconnectWindow, invitationTimeout,
                lobbyNewsDelay, n);
    }
}
