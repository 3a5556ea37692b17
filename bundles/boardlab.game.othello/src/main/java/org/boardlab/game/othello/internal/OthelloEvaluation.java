package org.boardlab.game.othello.internal;

import org.boardlab.api.Evaluation;
import org.boardlab.api.GameState;
import org.boardlab.api.Side;

/**
 * A simple Othello heuristic for search players, from the point of view of one side:
 * <ul>
 * <li>corners: +30 for each own corner, -30 for each of the opponent's;</li>
 * <li>the squares diagonally next to an empty corner (the "X-squares"): -15 each for the side on them,
 *     as they tend to give the corner away;</li>
 * <li>mobility: up to +-150, by the share of the available moves that are one's own;</li>
 * <li>discs: up to +-200, by the share of the discs that are one's own, weighted from nothing while
 *     the board is half empty to full weight when it is full (early on, fewer discs is often better).</li>
 * </ul>
 * A finished game is +1000 won, -1000 lost, 0 drawn. Positions of other games evaluate to 0.
 */
public final class OthelloEvaluation implements Evaluation {

    @Override
    public double evaluate(GameState state, Side side) {
        if (!(state instanceof OthelloState position)) {
            return 0;
        }
        Side opp = side.other();
        if (position.isTerminal()) {
            return Integer.signum(position.score(side) - position.score(opp)) * 1000.0;
        }
        int size = position.size();
        int last = size - 1;
        double value = 0;
        int[][] corners = {{0, 0, 1, 1}, {last, 0, last - 1, 1}, {0, last, 1, last - 1}, {last, last, last - 1, last - 1}};
        for (int[] c : corners) {
            Side corner = position.disc(c[0], c[1]).orElse(null);
            if (corner != null) {
                value += corner == side ? 30 : -30;
            } else {
                Side x = position.disc(c[2], c[3]).orElse(null);
                if (x != null) {
                    value += x == side ? -15 : 15;
                }
            }
        }
        int mine = position.mobility(side);
        int theirs = position.mobility(opp);
        value += 150.0 * (mine - theirs) / (mine + theirs + 2);
        int own = position.discs(side);
        int other = position.discs(opp);
        double filled = (double) (own + other) / (size * size);
        double weight = filled <= 0.5 ? 0 : (filled - 0.5) * 2;
        value += 200.0 * weight * weight * (own - other) / (own + other);
        return value;
    }
}
