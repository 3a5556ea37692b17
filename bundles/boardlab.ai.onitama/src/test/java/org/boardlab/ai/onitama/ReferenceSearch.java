package org.boardlab.ai.onitama;

import java.util.Arrays;
import java.util.List;
import java.util.function.BooleanSupplier;
import org.boardlab.api.Evaluation;
import org.boardlab.api.GameState;
import org.boardlab.api.Move;
import org.boardlab.api.Outcome;
import org.boardlab.game.onitama.OnitamaHeuristic;
import org.boardlab.game.onitama.OnitamaMove;
import org.boardlab.game.onitama.OnitamaPosition;
import org.boardlab.game.onitama.Piece;
import org.boardlab.game.onitama.Square;

/**
 * Session 20's {@code MinimaxSearch}, unchanged but for its name: alpha-beta on {@link GameState}s,
 * each position asked for its legal moves and each move applied to make a new position. The reference
 * that {@code MinimaxSearchTest} holds today's search to: the same move, the same finished depth, the
 * same number of positions.
 */
final class ReferenceSearch {

    /** The value of a won position at the root; wins further away count one less a ply. */
    static final double WIN = 1_000_000;

    /** The groups of {@link #capturesFirst}, in the order searched. */
    private static final byte ENDS_GAME = 0;
    private static final byte CAPTURE = 1;
    private static final byte OTHER = 2;

    /** What a search found. */
    record Result(Move move, int depth, long positions) {
    }

    /** Thrown, without a stack trace, to unwind the search when time is up. */
    private static final class Stop extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Stop() {
            super("time is up", null, false, false);
        }
    }

    private final Evaluation heuristic = OnitamaHeuristic.INSTANCE;
    private final BooleanSupplier stop;
    private long positions;

    /** @param stop says when the search must end; checked every 256 positions */
    ReferenceSearch(BooleanSupplier stop) {
        this.stop = stop;
    }

    /** The best move for the side to move in {@code root}, searching {@code depth} plies (1 or more). */
    Result choose(OnitamaPosition root, int depth) {
        List<Move> moves = root.legalMoves();
        if (moves.isEmpty()) {
            throw new IllegalArgumentException("the game is over: there is no move to choose");
        }
        Move best = moves.get(0);
        int done = 0;
        for (int d = 1; d <= depth; d++) {
            try {
                best = searchRoot(root, moves, d);
                done = d;
            } catch (Stop timeUp) {
                break;
            }
        }
        return new Result(best, done, positions);
    }

    private Move searchRoot(GameState root, List<Move> moves, int depth) {
        Move best = null;
        double bestValue = Double.NEGATIVE_INFINITY;
        for (Move move : moves) {
            double value = -negamax(root.apply(move), depth - 1, 1, Double.NEGATIVE_INFINITY, -bestValue);
            if (value > bestValue) {
                bestValue = value;
                best = move;
            }
        }
        return best;
    }

    private double negamax(GameState state, int depth, int ply, double alpha, double beta) {
        if ((++positions & 255) == 0 && stop.getAsBoolean()) {
            throw new Stop();
        }
        if (state.isTerminal()) {
            Outcome outcome = state.outcome();
            if (outcome.isDraw()) {
                return 0;
            }
            return outcome.winner() == state.sideToMove() ? WIN - ply : -(WIN - ply);
        }
        if (depth == 0) {
            return heuristic.evaluate(state, state.sideToMove());
        }
        double best = Double.NEGATIVE_INFINITY;
        for (Move move : capturesFirst((OnitamaPosition) state)) {
            double value = -negamax(state.apply(move), depth - 1, ply + 1, -beta, -alpha);
            if (value > best) {
                best = value;
                if (best > alpha) {
                    alpha = best;
                    if (alpha >= beta) {
                        break;
                    }
                }
            }
        }
        return best;
    }

    /**
     * Moves that end the game first, then other captures, then the rest, each group in list order.
     * (One array, filled group by group: three lists a position were a tenth of the search's allocation.)
     */
    private static List<Move> capturesFirst(OnitamaPosition state) {
        List<Move> moves = state.legalMoves();
        int n = moves.size();
        byte[] group = new byte[n];
        Square enemyTemple = Square.temple(state.sideToMove().other());
        for (int i = 0; i < n; i++) {
            OnitamaMove m = (OnitamaMove) moves.get(i);
            if (m.isPass()) {
                group[i] = OTHER;
                continue;
            }
            Piece target = state.pieceAt(m.to()).orElse(null);
            if (target != null && target.isMaster()
                    || m.to() == enemyTemple && state.pieceAt(m.from()).map(Piece::isMaster).orElse(false)) {
                group[i] = ENDS_GAME;
            } else {
                group[i] = target != null ? CAPTURE : OTHER;
            }
        }
        Move[] ordered = new Move[n];
        int k = 0;
        for (byte g = ENDS_GAME; g <= OTHER; g++) {
            for (int i = 0; i < n; i++) {
                if (group[i] == g) {
                    ordered[k++] = moves.get(i);
                }
            }
        }
        return Arrays.asList(ordered);
    }
}
