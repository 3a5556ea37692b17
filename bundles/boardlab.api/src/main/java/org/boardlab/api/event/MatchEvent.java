package org.boardlab.api.event;

import java.util.List;
import org.boardlab.api.GameState;
import org.boardlab.api.Move;
import org.boardlab.api.Side;

/**
 * Something that happened in a match. Every event carries the match's id; events of one match
 * arrive in order.
 */
public sealed interface MatchEvent extends BoardlabEvent {

    /** The match's id, unique while boardlab runs. */
    long matchId();

    /**
     * A game of the match started (again, after a restart).
     *
     * @param gameNumber the game's number in its match, from 1 (a restarted game keeps its number)
     * @param players the players' display names, first side first
     */
    record Started(long timeMicros, long matchId, int gameNumber, GameState state,
            List<String> players, long timePerMoveMillis) implements MatchEvent {
        public Started {
            players = List.copyOf(players);
        }
    }

    /**
     * A side is asked for a move; its clock runs from now until {@code deadlineNanos}.
     */
    record Thinking(long timeMicros, long matchId, Side side, long deadlineNanos) implements MatchEvent {
    }

    /**
     * A move was accepted and applied.
     *
     * @param elapsedNanos    how long the side took for this move
     * @param totalNanos      the side's total thinking time in this game so far, this move included
     */
    record Moved(long timeMicros, long matchId, int ply, Side side, Move move, GameState after,
            long elapsedNanos, long totalNanos) implements MatchEvent {
    }

    /** The match changed mode (continuous, step by step) or was paused or resumed. */
    record ModeChanged(long timeMicros, long matchId, String mode, boolean paused) implements MatchEvent {
    }

    /**
     * The next game waits for a seat's player, which is not available right now (its bundle is being
     * replaced: between uninstall and install); it starts as soon as the player is back, or with that
     * side forfeiting once {@code untilNanos} ({@code System.nanoTime()}) has passed.
     *
     * @param player the seat's name
     * @param detail what the match waits for, in words, e.g. "waiting up to 5.0 s for player greedy: ..."
     */
    record Waiting(long timeMicros, long matchId, String player, long untilNanos, String detail) implements MatchEvent {
    }

    /** The game ended; see {@link MatchOutcome} for the details. */
    record Ended(long timeMicros, long matchId, MatchOutcome outcome) implements MatchEvent {
    }
}
