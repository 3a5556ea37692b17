package org.boardlab.core;

import org.boardlab.api.Side;
import org.boardlab.api.event.MatchOutcome;

/**
 * One finished game of a match.
 *
 * @param number  the game's number in the match, from 1
 * @param first   the seat name that played {@link Side#FIRST}
 * @param second  the seat name that played {@link Side#SECOND}
 * @param outcome how it ended
 */
public record GameResult(int number, String first, String second, MatchOutcome outcome) {

    /** The seat name of the winner, or {@code null} for a draw or an aborted game. */
    public String winnerName() {
        Side w = outcome.winner();
        return w == null ? null : w == Side.FIRST ? first : second;
    }

    /** The seat name playing {@code side}. */
    public String name(Side side) {
        return side == Side.FIRST ? first : second;
    }
}
