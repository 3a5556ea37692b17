package org.boardlab.ai.onitama;

import org.boardlab.api.GameState;
import org.boardlab.api.Move;
import org.boardlab.api.Outcome;
import org.boardlab.api.Side;
import org.boardlab.game.onitama.OnitamaHeuristic;

/**
 * Textbook minimax without pruning, as seed 001 describes it: the reference the alpha-beta search
 * must agree with. Values are from the root player's view; the first best root move is kept.
 */
final class PlainMinimax {

    private PlainMinimax() {
    }

    static Move choose(GameState root, int depth) {
        Side me = root.sideToMove();
        Move best = null;
        double bestValue = Double.NEGATIVE_INFINITY;
        for (Move move : root.legalMoves()) {
            double value = value(root.apply(move), depth - 1, 1, me);
            if (value > bestValue) {
                bestValue = value;
                best = move;
            }
        }
        return best;
    }

    private static double value(GameState state, int depth, int ply, Side me) {
        if (state.isTerminal()) {
            Outcome outcome = state.outcome();
            if (outcome.isDraw()) {
                return 0;
            }
            return outcome.winner() == me ? MinimaxSearch.WIN - ply : -(MinimaxSearch.WIN - ply);
        }
        if (depth == 0) {
            return OnitamaHeuristic.INSTANCE.evaluate(state, me);
        }
        boolean maximize = state.sideToMove() == me;
        double best = maximize ? Double.NEGATIVE_INFINITY : Double.POSITIVE_INFINITY;
        for (Move move : state.legalMoves()) {
            double v = value(state.apply(move), depth - 1, ply + 1, me);
            best = maximize ? Math.max(best, v) : Math.min(best, v);
        }
        return best;
    }
}
