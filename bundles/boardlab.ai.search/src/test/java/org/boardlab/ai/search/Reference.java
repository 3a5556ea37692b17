package org.boardlab.ai.search;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.boardlab.api.GameState;
import org.boardlab.api.Move;
import org.boardlab.api.Outcome;

/**
 * Plain minimax without pruning, over whole game trees of small games: the answer alpha-beta must
 * agree with. Values use alpha-beta's scale: a win {@code n} plies ahead is {@code WIN - n}, a loss
 * {@code -(WIN - n)}, a draw 0, from the point of view of the side to move.
 */
final class Reference {

    private final Map<GameState, Double> memo = new HashMap<>();

    /** The exact value of {@code state} for its side to move. */
    double value(GameState state) {
        Double known = memo.get(state);
        if (known != null) {
            return known;
        }
        double value;
        if (state.isTerminal()) {
            Outcome outcome = state.outcome();
            value = outcome.isDraw() ? 0
                    : outcome.winner() == state.sideToMove() ? AlphaBetaPlayer.WIN : -AlphaBetaPlayer.WIN;
        } else {
            value = Double.NEGATIVE_INFINITY;
            for (Move move : state.legalMoves()) {
                value = Math.max(value, valueOf(state, move));
            }
        }
        memo.put(state, value);
        return value;
    }

    /** The exact value of playing {@code move} in {@code state}, for the side to move in {@code state}. */
    double valueOf(GameState state, Move move) {
        GameState child = state.apply(move);
        double v = value(child);
        if (child.sideToMove() != state.sideToMove()) {
            v = -v;
        }
        return v > 0 ? v - 1 : v < 0 ? v + 1 : 0; // one ply further away
    }

    /** Every non-terminal position reachable from {@code start}. */
    static List<GameState> positions(GameState start) {
        Set<GameState> seen = new HashSet<>();
        List<GameState> open = new ArrayList<>();
        Deque<GameState> queue = new ArrayDeque<>();
        queue.add(start);
        while (!queue.isEmpty()) {
            GameState state = queue.poll();
            if (!seen.add(state) || state.isTerminal()) {
                continue;
            }
            open.add(state);
            for (Move move : state.legalMoves()) {
                queue.add(state.apply(move));
            }
        }
        return open;
    }
}
