package org.boardlab.game.onitama;

import org.boardlab.api.Evaluation;
import org.boardlab.api.GameState;
import org.boardlab.api.Outcome;
import org.boardlab.api.Side;

/**
 * Seed 001's heuristic for its minimax player: the pieces ("tokens") each side has left and the
 * Manhattan distance of each master to the enemy temple. For {@code side} against the other side:
 *
 * <pre>
 *   100 x (own pieces - enemy pieces)
 * +  10 x (enemy master's distance to our temple - our master's distance to the enemy temple)
 * </pre>
 *
 * so a piece is worth ten steps of the master. The value is antisymmetric
 * ({@code evaluate(s, blue) == -evaluate(s, red)}), as negamax needs, and within -480..480 for
 * positions in play; a finished game counts 1000 for the winner, -1000 for the loser, 0 for a draw.
 * Thread-safe and without state.
 */
public final class OnitamaHeuristic implements Evaluation {

    /** The one instance: the heuristic has no state. */
    public static final OnitamaHeuristic INSTANCE = new OnitamaHeuristic();

    /** Value of one piece left (a student or the master). */
    public static final int PIECE = 100;

    /** Value of one step less between a master and the enemy temple. */
    public static final int STEP = 10;

    /** Value of a won game. */
    public static final int WON = 1000;

    private OnitamaHeuristic() {
    }

    /**
     * @throws IllegalArgumentException if {@code state} is not an {@link OnitamaPosition}
     */
    @Override
    public double evaluate(GameState state, Side side) {
        OnitamaPosition position = Onitama.position(state);
        if (position.isTerminal()) {
            Outcome outcome = position.outcome();
            return outcome.isDraw() ? 0 : outcome.winner() == side ? WON : -WON;
        }
        Side enemy = side.other();
        int pieces = position.pieces(side) - position.pieces(enemy);
        int steps = distanceToEnemyTemple(position, enemy) - distanceToEnemyTemple(position, side);
        return PIECE * pieces + STEP * steps;
    }

    private static int distanceToEnemyTemple(OnitamaPosition position, Side side) {
        // a position in play has both masters
        return position.master(side).orElseThrow().distance(Square.temple(side.other()));
    }
}
