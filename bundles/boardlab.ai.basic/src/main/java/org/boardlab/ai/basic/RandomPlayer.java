package org.boardlab.ai.basic;

import java.util.List;
import java.util.SplittableRandom;
import javax.inject.Named;
import org.boardlab.api.Move;
import org.boardlab.api.MoveRequest;
import org.boardlab.api.Player;

/**
 * Plays a uniformly random legal move. The choice depends only on the request's seed and the
 * position, so a match replayed with the same seed is the same game.
 */
@Named("random")
public final class RandomPlayer implements Player {

    @Override
    public Move chooseMove(MoveRequest request) {
        List<Move> moves = request.state().legalMoves();
        SplittableRandom random = new SplittableRandom(request.seed() * 31 + request.state().ply());
        return moves.get(random.nextInt(moves.size()));
    }

    @Override
    public String description() {
        return "a uniformly random legal move (seeded: same seed, same game)";
    }
}
