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

    /** Another member of the same game logged in (also called once per member already there at login). */
    default void memberJoined(Member other) {
    }

    /** A member left the lobby. */
    default void memberLeft(String name) {
    }

    /**
     * The other members of this member's game, as they are now, given when this member comes back
     * to the lobby from a game (during a game it hears no lobby news). The session tells its client
     * what changed since it last heard.
     */
    default void lobbyChanged(java.util.List<Member> others) {
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
