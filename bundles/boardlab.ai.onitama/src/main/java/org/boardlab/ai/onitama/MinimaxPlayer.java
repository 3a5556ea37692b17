package org.boardlab.ai.onitama;

import java.util.List;
import java.util.concurrent.TimeUnit;
import org.boardlab.api.Game;
import org.boardlab.api.Move;
import org.boardlab.api.MoveRequest;
import org.boardlab.api.Player;
import org.boardlab.game.onitama.Onitama;
import org.boardlab.game.onitama.OnitamaPosition;

/** Seed 001's minimax player at a fixed depth; the two difficulties are its subclasses. */
abstract class MinimaxPlayer implements Player {

    /** Time kept back from the deadline to return the move: a tenth of the time given, at most 50 ms. */
    private static final long MAX_MARGIN = TimeUnit.MILLISECONDS.toNanos(50);

    private final String id;
    private final int depth;

    MinimaxPlayer(String id, int depth) {
        this.id = id;
        this.depth = depth;
    }

    /** The search depth in plies (moves of either side). */
    public int depth() {
        return depth;
    }

    /**
     * The minimax choice at {@link #depth()} plies, or, if the deadline comes first, the choice of
     * the deepest search that finished (at least one ply).
     *
     * @throws IllegalArgumentException if the position is not Onitama
     */
    @Override
    public Move chooseMove(MoveRequest request) {
        if (!(request.state() instanceof OnitamaPosition position)) {
            throw new IllegalArgumentException(id + " plays only Onitama, not " + request.state().game().id());
        }
        List<Move> moves = position.legalMoves();
        if (moves.size() == 1) {
            return moves.get(0);
        }
        long now = System.nanoTime();
        long remaining = Math.max(0, request.deadlineNanos() - now);
        long stopAt = now + remaining - Math.min(MAX_MARGIN, remaining / 10);
        MinimaxSearch search = new MinimaxSearch(() -> System.nanoTime() >= stopAt || request.isCancelled()
                || Thread.currentThread().isInterrupted());
        return search.choose(position, depth).move();
    }

    /** {@code true} for Onitama only. */
    @Override
    public boolean supports(Game game) {
        return Onitama.ID.equals(game.id());
    }

    @Override
    public String description() {
        return "seed 001's minimax, " + depth + " plies with alpha-beta: pieces left and the master's distance"
                + " to the enemy temple";
    }
}
