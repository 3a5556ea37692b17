package org.boardlab.server;

import org.boardlab.api.GameState;
import org.boardlab.api.Move;
import org.boardlab.api.Side;
import org.boardlab.api.event.MatchOutcome;
import org.osgi.annotation.versioning.ConsumerType;

/**
 * What the lobby and a table tell a member (lobby news only while it is not playing); implemented by each protocol's session, which turns the
 * calls into its own messages. Calls come from any thread (the lobby's caller, a match's thread);
 * they must not block: write to the connection and return.
 */
@ConsumerType
public interface MemberListener {

    /**
     * Whether this member is told about the others in the lobby ({@link #memberJoined},
     * {@link #memberLeft}, {@link #lobbyChanged}, the others' changes in {@link #lobbyNews}). A
     * protocol without a lobby list (seed 003's GMKU) says {@code false}: the lobby then spends no
     * work on it, and tells it only its own status ({@link #statusChanged} or {@link #lobbyNews}).
     * The default is {@code true}.
     */
    default boolean hearsLobby() {
        return true;
    }

    /**
     * For a member played by a loaded player in this process (a {@link LobbySeat}): gives a fresh
     * player for each of its games. Its table then hands that player to the referee, which asks it
     * for its moves as it asks any loaded player (with the match's deadline, on the referee's player
     * threads, a runaway stopped), and {@link #yourTurn} is never called for it. {@code null}, the
     * default, for a member whose moves come over the network.
     */
    default java.util.function.Supplier<org.boardlab.api.Player> seatedPlayer() {
        return null;
    }

    /** Another member of the same game logged in (also called once per member already there at login). */
    default void memberJoined(Member other) {
    }

    /** A member left the lobby. */
    default void memberLeft(String name) {
    }

    /**
     * The members of this member's game as they are now (the list may include this member itself),
     * given with the first lobby news after this member comes back from a game (during a game it
     * hears no lobby news). The session tells its client what changed since it last heard.
     */
    default void lobbyChanged(java.util.List<Member> others) {
    }

    /**
     * The net change of the lobby since the last news, gathered over {@link ServerSettings#lobbyNewsDelay()}
     * (see {@link Lobby}); this member's own status is among them when it changed. The default calls
     * {@link #memberLeft}, {@link #memberJoined} and {@link #statusChanged} for each change. A listener
     * that keeps its own list of what it told its client should compare with that list instead: a
     * member that came back from a game was already given the lobby as it was then.
     */
    default void lobbyNews(java.util.List<LobbyChange> changes) {
        for (LobbyChange change : changes) {
            LobbyChange.Entry before = change.before();
            LobbyChange.Entry now = change.now();
            if (before != null && now != null && before.member() == now.member()) {
                statusChanged(now.member());
                continue;
            }
            if (before != null) {
                memberLeft(change.name());
            }
            if (now != null) {
                memberJoined(now.member());
            }
        }
    }

    /** A member became ready or busy. */
    default void statusChanged(Member other) {
    }

    /** {@code from} invites this member to a game. */
    default void invited(Member from) {
    }

    /** {@code from} withdrew its invitation, or it lapsed. */
    default void invitationWithdrawn(String from) {
    }

    /** {@code to} answered this member's invitation. */
    default void invitationAnswered(String to, boolean accepted) {
    }

    /** A game starts at {@code table}; this member plays {@code side}. */
    default void gameStarted(Table table, Side side) {
    }

    /** It is this member's move; the answer must reach the server before {@code deadlineNanos}. */
    default void yourTurn(Table table, GameState state, long deadlineNanos) {
    }

    /** A move was played (by either side). */
    default void moved(Table table, Side side, Move move, GameState after) {
    }

    /** This member's move was refused; it may send another before its deadline. */
    default void moveRefused(Table table, String move, String reason) {
    }

    /** The opponent dropped out ({@code away}) or came back. */
    default void opponentAway(Table table, boolean away) {
    }

    /** The game ended. */
    default void gameEnded(Table table, MatchOutcome outcome) {
    }
}
