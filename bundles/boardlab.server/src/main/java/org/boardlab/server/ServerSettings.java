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
 * @param maxQueuedBytes  the most output that may wait for a client that does not read: over it the
 *                        connection is closed as a slow reader (see {@link EmbeddedServer})
 * @param maxQueuedTime   how long a connection may stay unwritable (its output over the high water
 *                        mark, {@link EmbeddedServer#WRITE_BUFFER_HIGH} bytes) before it is closed as a
 *                        slow reader
 * @param reconnectAnyAddress {@code false} (the default): a dropped player's seat goes back only to a
 *                        login from the same address (host) it played from; {@code true}: to any login
 *                        with the name, as the seeds do (for a lab whose clients all share one address,
 *                        behind one NAT)
 */
public record ServerSettings(int maxClients, int maxFrameBytes, Duration idleTimeout, Duration timePerMove,
        Duration reconnectWindow, Duration invitationTimeout, Duration lobbyNewsDelay, int lobbyListSize,
        long maxQueuedBytes, Duration maxQueuedTime, boolean reconnectAnyAddress) {

    /** The lobby list's size unless told otherwise: a lab group of a hundred sees each other. */
    public static final int DEFAULT_LOBBY_LIST_SIZE = 100;

    /** 1 MiB of output may wait for a client that does not read. */
    public static final long DEFAULT_MAX_QUEUED_BYTES = 1L << 20;

    /** A connection may stay unwritable for 10 s. */
    public static final Duration DEFAULT_MAX_QUEUED_TIME = Duration.ofSeconds(10);

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
        if (maxQueuedBytes <= EmbeddedServer.WRITE_BUFFER_HIGH) {
            throw new IllegalArgumentException("the output queued for one client must be allowed to exceed "
                    + EmbeddedServer.WRITE_BUFFER_HIGH + " bytes (the high water mark)");
        }
        if (maxQueuedTime.isNegative() || maxQueuedTime.isZero()) {
            throw new IllegalArgumentException("the time a client may leave its output unread must be positive");
        }
    }

    /** The settings with the default lobby list size, slow-reader limits and reconnect rule. */
    public ServerSettings(int maxClients, int maxFrameBytes, Duration idleTimeout, Duration timePerMove,
            Duration reconnectWindow, Duration invitationTimeout, Duration lobbyNewsDelay) {
        this(maxClients, maxFrameBytes, idleTimeout, timePerMove, reconnectWindow, invitationTimeout, lobbyNewsDelay,
                DEFAULT_LOBBY_LIST_SIZE);
    }

    /** The settings with the default slow-reader limits and reconnect rule. */
    public ServerSettings(int maxClients, int maxFrameBytes, Duration idleTimeout, Duration timePerMove,
            Duration reconnectWindow, Duration invitationTimeout, Duration lobbyNewsDelay, int lobbyListSize) {
        this(maxClients, maxFrameBytes, idleTimeout, timePerMove, reconnectWindow, invitationTimeout, lobbyNewsDelay,
                lobbyListSize, DEFAULT_MAX_QUEUED_BYTES, DEFAULT_MAX_QUEUED_TIME, false);
    }

    /**
     * 10,000 clients, 10,240-byte frames, 5 minutes idle, 60 s a move, 60 s to reconnect (from the same
     * address), 60 s invitations, lobby news gathered for 20 ms, lobby lists of 100, 1 MiB or 10 s of
     * unread output.
     */
    public static ServerSettings defaults() {
        return new ServerSettings(10_000, 10_240, Duration.ofMinutes(5), Duration.ofSeconds(60), Duration.ofSeconds(60),
                Duration.ofSeconds(60), Duration.ofMillis(20));
    }

    public ServerSettings withMaxClients(int n) {
        return new ServerSettings(n, maxFrameBytes, idleTimeout, timePerMove, reconnectWindow, invitationTimeout,
                lobbyNewsDelay, lobbyListSize, maxQueuedBytes, maxQueuedTime, reconnectAnyAddress);
    }

    public ServerSettings withTimePerMove(Duration d) {
        return new ServerSettings(maxClients, maxFrameBytes, idleTimeout, d, reconnectWindow, invitationTimeout,
                lobbyNewsDelay, lobbyListSize, maxQueuedBytes, maxQueuedTime, reconnectAnyAddress);
    }

    public ServerSettings withReconnectWindow(Duration d) {
        return new ServerSettings(maxClients, maxFrameBytes, idleTimeout, timePerMove, d, invitationTimeout,
                lobbyNewsDelay, lobbyListSize, maxQueuedBytes, maxQueuedTime, reconnectAnyAddress);
    }

    public ServerSettings withIdleTimeout(Duration d) {
        return new ServerSettings(maxClients, maxFrameBytes, d, timePerMove, reconnectWindow, invitationTimeout,
                lobbyNewsDelay, lobbyListSize, maxQueuedBytes, maxQueuedTime, reconnectAnyAddress);
    }

    public ServerSettings withLobbyNewsDelay(Duration d) {
        return new ServerSettings(maxClients, maxFrameBytes, idleTimeout, timePerMove, reconnectWindow, invitationTimeout, d,
                lobbyListSize, maxQueuedBytes, maxQueuedTime, reconnectAnyAddress);
    }

    public ServerSettings withLobbyListSize(int n) {
        return new ServerSettings(maxClients, maxFrameBytes, idleTimeout, timePerMove, reconnectWindow, invitationTimeout,
                lobbyNewsDelay, n, maxQueuedBytes, maxQueuedTime, reconnectAnyAddress);
    }

    /** The slow-reader limits: at most {@code bytes} of output waiting, unwritable for at most {@code time}. */
    public ServerSettings withMaxQueued(long bytes, Duration time) {
        return new ServerSettings(maxClients, maxFrameBytes, idleTimeout, timePerMove, reconnectWindow, invitationTimeout,
                lobbyNewsDelay, lobbyListSize, bytes, time, reconnectAnyAddress);
    }

    /** {@code true}: a dropped player's seat goes back to a login from any address (see the record's doc). */
    public ServerSettings withReconnectAnyAddress(boolean any) {
        return new ServerSettings(maxClients, maxFrameBytes, idleTimeout, timePerMove, reconnectWindow, invitationTimeout,
                lobbyNewsDelay, lobbyListSize, maxQueuedBytes, maxQueuedTime, any);
    }
}
