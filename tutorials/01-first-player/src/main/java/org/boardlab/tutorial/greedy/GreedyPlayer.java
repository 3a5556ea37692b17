package org.boardlab.tutorial.greedy;

import java.util.List;
import javax.inject.Named;
import org.boardlab.api.GameState;
import org.boardlab.api.Move;
import org.boardlab.api.MoveRequest;
import org.boardlab.api.Player;
import org.boardlab.api.Side;

/**
 * A greedy player: it tries every legal move and keeps the one after which its own score minus the
 * opponent's is highest. A move that wins at once is always taken. It looks only one move ahead, so
 * it is easy to beat, but it already plays every game boardlab knows.
 *
 * <p>{@code @Named("greedy")} is all boardlab needs to find it: the id "greedy" is how you name it in
 * {@code boardlab match} and in the workbench.
 */
@Named("greedy")
public class GreedyPlayer implements Player {

    @Override
    public Move chooseMove(MoveRequest request) {
        GameState state = request.state();
        Side me = state.sideToMove();
        List<Move> moves = state.legalMoves();
        Move best = moves.get(0);
        int bestValue = Integer.MIN_VALUE;
        for (Move move : moves) {
            if (request.isCancelled()) {
                break; // out of time: play the best move found so far
            }
            GameState after = state.apply(move);
            int value;
            if (after.isTerminal() && after.outcome().winner() == me) {
                return move; // a win: take it
            }
            value = after.score(me) - after.score(me.other());
            if (value > bestValue) {
                bestValue = value;
                best = move;
            }
        }
        return best;
    }

    @Override
    public String description() {
        return "tutorial 01: the move with the best score right after it";
    }
}
