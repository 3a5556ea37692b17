package org.boardlab.api.event;

import java.util.List;
import org.boardlab.api.GameState;
import org.boardlab.api.Move;
import org.boardlab.api.Side;

/**
 * How a game of a match ended: by the rules or by a forfeit.
 *
 * @param winner      the winning side, or {@code null} for a draw or an aborted game
 * @param ending      what ended it
 * @param loser       for a forfeit, the side that forfeited; otherwise {@code null}
 * @param detail      a sentence for people, e.g. {@code "black played d9: not on the board"}
 * @param finalState  the last position
 * @param moves       every move, in order
 * @param scores      the game's score of each side ({@link org.boardlab.api.GameState#score})
 * @param timeNanos   each side's total thinking time
 * @param gmScores    each side's score as seed 004's Game Master counts it: own points / all points
 *                    x 100 + (total time - own time) / total time x 100 + 100 for the winner; 0 for
 *                    a side that forfeited
 */
public record MatchOutcome(Side winner, Ending ending, Side loser, String detail, GameState finalState,
        List<Move> moves, int[] scores, long[] timeNanos, int[] gmScores) {

    public MatchOutcome {
        moves = List.copyOf(moves);
    }

    /** What ended a game. */
    public enum Ending {
        /** The rules ended it (a win or a draw). */
        NORMAL,
        /** A side played an illegal move. */
        ILLEGAL_MOVE,
        /** A side moved when it was not its turn (network players). */
        OUT_OF_TURN,
        /** A side did not answer before its deadline. */
        TIMEOUT,
        /** A side failed (threw an exception, lost its connection). */
        ERROR,
        /** The match was stopped or restarted before the game ended: nobody wins. */
        ABORTED,
        /**
         * The game could not go on (a network player left and did not come back in time, the server
         * shut down) and was decided by the scores as they stood, as seed 000's server does.
         */
        ADJUDICATED;

        /** {@code true} for the endings where one side lost by its own fault. */
        public boolean isForfeit() {
            return this != NORMAL && this != ABORTED && this != ADJUDICATED;
        }
    }
}
