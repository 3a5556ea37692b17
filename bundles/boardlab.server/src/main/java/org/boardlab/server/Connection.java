package org.boardlab.server;

import io.netty.channel.ChannelHandler;
import org.osgi.annotation.versioning.ProviderType;

/** One client connection as a protocol session sees the server. Implemented by the server. */
@ProviderType
public interface Connection {

    /**
     * What a session does with a message it refuses (a move out of turn or illegal, an invitation that
     * cannot be made, a name that is taken, a frame it skips): see {@link #refuse()}.
     */
    enum Refusal {
        /** Answer it, with a small answer (a refusal and its reason, never more than that). */
        ANSWER,
        /** Do not answer it: the client has been refused too often in a short time. */
        QUIET,
        /**
         * Close the connection: the client keeps sending what is refused. The session sends its
         * protocol's error message, if it has one, with {@link #REFUSAL_LIMIT} as the reason, and
         * reports it with {@link #violation(String)}.
         */
        CLOSE
    }

    /** The reason given when a connection is closed for {@link Refusal#CLOSE}. */
    String REFUSAL_LIMIT = "more than 128 refused messages in a row: a client must not repeat what the server refuses";

    /** The connection's id, unique while the server runs. */
    long id();

    /** The client's address, {@code host:port}. */
    String remoteAddress();

    /**
     * The client's IP address without the port (what {@link Lobby#login(String, String, String,
     * MemberListener, java.util.concurrent.Executor, String)} takes, so that a dropped player's seat
     * goes back only to the address it played from).
     */
    default String remoteHost() {
        String remote = remoteAddress();
        int colon = remote.lastIndexOf(':');
        return colon < 0 ? remote : remote.substring(0, colon);
    }

    /** The id of the protocol spoken on it. */
    String protocolId();

    /**
     * The name the server gives a client that gave none: {@code <protocol>#<connection>}, e.g. {@code onitama#17}
     * (a protocol whose clients may play without a name logs them in under it). The store knows the form: a side
     * so named is recorded as a client without a name, its games are stored but not rated, so a name that plays
     * one game does not become a row of the lab ladder (boardlab.store's README, "The running lab ladder"). The
     * names clients give in seeds 000 and 001 cannot have this form (no {@code #}).
     */
    default String anonymousName() {
        return protocolId() + "#" + id();
    }

    /** The player's name once logged in, else {@code null}. */
    String playerName();

    /** Records the player's name (for the wire tap and the server view). */
    void playerName(String name);

    /** Records the match this connection plays in ({@code 0}: none), for the wire tap. */
    void matchId(long matchId);

    /** The match this connection plays in, or {@code 0}. */
    long matchId();

    /** What the connection is doing, as the session last said ({@link #state(String)}). */
    String state();

    /** When the client last sent a frame, in milliseconds since the epoch. */
    long lastReadMillis();

    /** When the client connected, in milliseconds since the epoch. */
    long connectedAtMillis();

    /** Closes the connection from the server's side (the server view's "disconnect"). */
    void close();

    /** What the connection is doing, in a few words ("lobby", "in game", ...), for the server view. */
    void state(String description);

    /** The server's limits and time rules. */
    ServerSettings settings();

    /** The lobby shared by all protocols. */
    Lobby lobby();

    /** This connection's wire tap, to be placed between the framer and the message codec. */
    ChannelHandler tap();

    /**
     * Reports that the client broke the protocol: the reason goes to the wire tap (the inspector shows
     * it) and the server's log. The session sends its own error message first, if it has one, then
     * closes the connection.
     */
    void violation(String reason);

    /**
     * Counts one refused message of this connection and says what to do with it, the same for every
     * protocol, so that refusals cannot be used to make the server send more than it receives: 64
     * refusals in a row are answered (a whole 8x8 board of tries), then at most 1 a second; the 129th
     * refused message in a row closes the connection. {@link #accepted()} ends the row. Each protocol's
     * spec repeats these limits.
     * <p>The server's connections implement it; the default, for test doubles, answers every one.
     */
    default Refusal refuse() {
        return Refusal.ANSWER;
    }

    /** Something the client sent was accepted (a move played, a login, an invitation made): see {@link #refuse()}. */
    default void accepted() {
    }

    /**
     * The faults injected on this connection ({@link org.boardlab.server.faults.FaultProfile#NONE} when
     * none): from its port's profile when it connected, or as last set with {@link #faults(org.boardlab.server.faults.FaultProfile)}.
     */
    default org.boardlab.server.faults.FaultProfile faults() {
        return org.boardlab.server.faults.FaultProfile.NONE;
    }

    /**
     * Injects {@code profile}'s faults on this connection from now on (the Server view's per-connection
     * faults); {@link org.boardlab.server.faults.FaultProfile#NONE} stops injecting, and lifting a pause
     * sends what it held. The default, for test doubles: refused.
     */
    default void faults(org.boardlab.server.faults.FaultProfile profile) {
        throw new UnsupportedOperationException("this connection cannot inject faults");
    }
}
