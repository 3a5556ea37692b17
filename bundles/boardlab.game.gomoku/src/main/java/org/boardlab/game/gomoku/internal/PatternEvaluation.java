package org.boardlab.game.gomoku.internal;

import org.boardlab.api.Evaluation;
import org.boardlab.api.GameState;
import org.boardlab.api.Outcome;
import org.boardlab.api.Side;

/**
 * Gomoku's heuristic for search players, from the point of view of the side to move, then turned
 * round for the side asked about (so {@code evaluate(s, black) == -evaluate(s, white)}).
 *
 * <ol>
 * <li>A finished game is worth 1000 to the winner, -1000 to the loser, 0 to both in a draw.</li>
 * <li>If the side to move has a point that makes five (a <em>winning point</em>), it wins now: 950.</li>
 * <li>Otherwise, if the other side has two or more winning points, only one can be blocked: -900.</li>
 * <li>Otherwise, patterns: every unbroken run of a side's stones in each of the four directions,
 *     by its length and how many of its two ends are empty points on the board (a run with no open
 *     end is worth nothing). The sum for the side to move, times 1.25 for having the move, minus
 *     the sum for the other side, kept within -800..800.</li>
 * </ol>
 * <pre>
 *   run length     both ends open   one end open
 *   4              500              50
 *   3               40               8
 *   2                6               2
 * </pre>
 */
public final class PatternEvaluation implements Evaluation {

    public static final PatternEvaluation INSTANCE = new PatternEvaluation();

    static final double WIN = 1000;
    static final double WIN_NEXT = 950;
    static final double LOSS_NEXT = -900;
    static final double PATTERN_LIMIT = 800;
    static final double TEMPO = 1.25;

    /** WEIGHT[length][open ends]; lengths 0..4. */
    private static final int[][] WEIGHT = {
        {0, 0, 0},
        {0, 0, 0},
        {0, 2, 6},
        {0, 8, 40},
        {0, 50, 500},
    };

    private PatternEvaluation() {
    }

    @Override
    public double evaluate(GameState state, Side side) {
        if (!(state instanceof GomokuState position)) {
            throw new IllegalArgumentException("the gomoku evaluation needs a gomoku position, not " + state.game().id());
        }
        if (position.isTerminal()) {
            Outcome outcome = position.outcome();
            return outcome.isDraw() ? 0 : outcome.winner() == side ? WIN : -WIN;
        }
        double value = forSideToMove(position);
        return side == position.sideToMove() ? value : -value;
    }

    private static double forSideToMove(GomokuState position) {
        byte mover = GomokuState.colour(position.sideToMove());
        byte waiter = mover == GomokuState.BLACK ? GomokuState.WHITE : GomokuState.BLACK;
        byte[] cells = position.cells();
        int[] steps = position.directions();
        int size = position.size();

        int moverWinningPoints = 0;
        int waiterWinningPoints = 0;
        int moverPatterns = 0;
        int waiterPatterns = 0;
        for (int row = 0; row < size; row++) {
            int idx = position.index(0, row);
            for (int col = 0; col < size; col++, idx++) {
                byte c = cells[idx];
                if (c == GomokuState.EMPTY) {
                    if (GomokuState.makesFive(cells, steps, idx, mover)) {
                        moverWinningPoints++;
                    }
                    if (GomokuState.makesFive(cells, steps, idx, waiter)) {
                        waiterWinningPoints++;
                    }
                    continue;
                }
                for (int step : steps) {
                    if (cells[idx - step] == c) {
                        continue; // not the start of a run
                    }
                    int end = idx + step;
                    while (cells[end] == c) {
                        end += step;
                    }
                    int length = (end - idx) / step;
                    int open = (cells[idx - step] == GomokuState.EMPTY ? 1 : 0) + (cells[end] == GomokuState.EMPTY ? 1 : 0);
                    int weight = WEIGHT[Math.min(length, 4)][open];
                    if (c == mover) {
                        moverPatterns += weight;
                    } else {
                        waiterPatterns += weight;
                    }
                }
            }
        }
        if (moverWinningPoints > 0) {
            return WIN_NEXT;
        }
        if (waiterWinningPoints >= 2) {
            return LOSS_NEXT;
        }
        double value = TEMPO * moverPatterns - waiterPatterns;
        return Math.max(-PATTERN_LIMIT, Math.min(PATTERN_LIMIT, value));
    }
}
