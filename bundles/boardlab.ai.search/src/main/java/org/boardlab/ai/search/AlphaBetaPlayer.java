package org.boardlab.ai.search;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.function.LongSupplier;
import javax.inject.Named;
import org.boardlab.api.Evaluation;
import org.boardlab.api.GameState;
import org.boardlab.api.Move;
import org.boardlab.api.MoveRequest;
import org.boardlab.api.Outcome;
import org.boardlab.api.Player;

/**
 * Negamax search with alpha-beta pruning and iterative deepening, for every game.
 *
 * <p>It searches one ply deeper at a time until the move clock says stop (see {@link SearchClock}).
 * Depth 2 is started while 40% of the search's time is left (how much it grows over depth 1 cannot
 * be known yet, and even unfinished it may prove a better move than depth 1's); from depth 3 on, a
 * depth is started only when it is expected to finish in the time left: the last depth's time, times
 * how much the last depths grew (see {@link #predictedNanos}). A depth that runs out of time all the
 * same is abandoned, and the player plays the best move of the last finished depth (or a better move
 * found by the abandoned depth, which always searches the previous best move first). It stops early
 * when the whole game tree has been searched or a forced win or loss has been proved. So most moves
 * are answered before the search's time is up, and little time goes to a depth that cannot finish.
 *
 * <p>Won positions score {@value #WIN} less the number of plies to reach them, so a quicker win
 * and a slower loss are preferred; a draw scores 0. Positions at the depth limit score by the
 * game's {@link org.boardlab.api.Game#evaluation()}, clipped to &plusmn;{@value #EVAL_LIMIT}, or 0
 * if the game has none. A pass is an ordinary move, and a move after which the same side moves
 * again is scored from that side's point of view (no sign change).
 *
 * <p>Moves are tried in the order of {@link GameState#legalMoves()}, except that the best move
 * found for a position earlier in the same search is tried first: a table of 16,384 entries keyed
 * by {@link GameState#hashCode()} remembers its index in the (stable) legal move list. The table
 * only orders moves and never gives scores, so a game whose states do not implement
 * {@code equals}/{@code hashCode}, or two positions with the same hash, make the search slower but
 * never wrong. Moves are never compared with {@code equals}.
 *
 * <p>At the root, the previous depth's best move is searched first and keeps its place on a tie;
 * the other root moves are shuffled with a random seeded from {@link MoveRequest#seed()}, which so
 * decides between moves that are equal at every depth. The same seed and the same position
 * searched to the same depth give the same move.
 *
 * <p>Instances are not thread-safe: boardlab uses one per match and side.
 */
@Named("alphabeta")
public final class AlphaBetaPlayer implements Player {

    /** The score of a position won right now; a win {@code n} plies ahead scores {@code WIN - n}. */
    public static final double WIN = 1_000_000;

    /** Evaluations are clipped to plus or minus this, well apart from won and lost scores. */
    public static final double EVAL_LIMIT = 100_000;

    /** The depth searched at most when no limit is given. */
    public static final int DEFAULT_MAX_DEPTH = 64;

    private static final double PROVEN = WIN - 10_000;
    /** A depth is expected to take at least this many times as long as the one before it. */
    static final double MIN_GROWTH = 2;
    /** The most moves per position assumed (a bound for a ratio measured on depths too small to say much). */
    static final double MAX_GROWTH = 1000;
    /** Depth 2 is started while this share of the search's time is left. */
    private static final double SECOND_DEPTH_MIN_TIME_LEFT = 0.4;
    private static final int TABLE_BITS = 14;
    private static final long SALT = 0x41B3_7A2C_5E19_D0F1L;

    private final int maxDepth;
    /**
     * The move-ordering table, kept between calls to spare the allocation and cleared at each call:
     * a position's hash, and 1 + the index of its best move (0 for none).
     */
    private final int[] keys = new int[1 << TABLE_BITS];
    private final int[] hints = new int[1 << TABLE_BITS];
    private final LongSupplier clock;
    private long nodes;
    private int depthReached;
    private int depthAbandoned;

    /** A player that deepens up to {@value #DEFAULT_MAX_DEPTH} plies, as time allows. */
    public AlphaBetaPlayer() {
        this(DEFAULT_MAX_DEPTH);
    }

    private AlphaBetaPlayer(int maxDepth) {
        this(maxDepth, System::nanoTime);
    }

    /** A player that reads the time from {@code clock} (on the {@link System#nanoTime()} scale): for tests. */
    AlphaBetaPlayer(int maxDepth, LongSupplier clock) {
        this.maxDepth = maxDepth;
        this.clock = clock;
    }

    /**
     * A player that never searches deeper than {@code maxDepth} plies: with a generous clock it is
     * fully repeatable, which benchmarks and tests use.
     *
     * @throws IllegalArgumentException if {@code maxDepth < 1}
     */
    public static AlphaBetaPlayer withMaxDepth(int maxDepth) {
        if (maxDepth < 1) {
            throw new IllegalArgumentException("the search depth must be at least 1, not " + maxDepth);
        }
        return new AlphaBetaPlayer(maxDepth);
    }

    @Override
    public String description() {
        return "alpha-beta search, deepening one ply at a time until the clock runs out; uses the game's evaluation";
    }

    /**
     * Chooses a move as described in the class comment; always returns one of the legal moves.
     *
     * @throws IllegalStateException if the position is terminal
     */
    @Override
    public Move chooseMove(MoveRequest request) {
        nodes = 0;
        depthReached = 0;
        depthAbandoned = 0;
        GameState root = request.state();
        List<Move> moves = root.legalMoves();
        if (moves.isEmpty()) {
            throw new IllegalStateException("the game is over: there is no move to choose");
        }
        if (moves.size() == 1) {
            return moves.get(0);
        }
        int[] order = shuffledIndices(moves.size(), new SplittableRandom(request.seed() * SALT + root.ply()));
        Arrays.fill(hints, 0);
        Search search = new Search(new SearchClock(request, clock), root.game().evaluation(), keys, hints);
        int best = order[0];
        long[] depthNodes = new long[Math.min(maxDepth, 256) + 1]; // positions of each finished depth
        long lastNanos = 0;
        for (int depth = 1; depth <= maxDepth; depth++) {
            if (depth == 2 && search.clock.fractionLeft() < SECOND_DEPTH_MIN_TIME_LEFT) {
                break;
            }
            if (depth > 2 && !search.clock.fits(predictedNanos(depth, depthNodes, lastNanos, moves.size()))) {
                break; // it would not finish: answer now, with time to spare
            }
            search.depthLimited = false;
            long startedAt = search.clock.now();
            long nodesBefore = search.nodes;
            RootResult result = search.root(root, moves, order, depth);
            if (result.index >= 0) {
                best = result.index;
            }
            if (result.aborted) {
                depthAbandoned = depth;
                break;
            }
            if (depth < depthNodes.length) {
                depthNodes[depth] = Math.max(1, search.nodes - nodesBefore);
            }
            lastNanos = search.clock.now() - startedAt;
            depthReached = depth;
            if (!search.depthLimited || Math.abs(result.score) >= PROVEN) {
                break; // the whole tree was seen, or the result is proved: deeper cannot change it
            }
            moveToFront(order, best);
        }
        nodes = search.nodes;
        return moves.get(best);
    }

    /**
     * How long depth {@code depth} (3 or more) is expected to take, from the depths finished before
     * it. Alpha-beta's positions grow unevenly: about 2 times from an odd depth to the next even one
     * and about b/2 times from an even depth to the next odd one (b: the moves per position), but
     * steadily b times every two depths. So the expected positions are those of depth - 2 times b,
     * with b measured as the positions of depth - 1 over those of depth - 3 (for depth 3: the number of
     * root moves), at the last depth's time per position; and at least {@value #MIN_GROWTH} times
     * the last depth's time. A guess too low costs time, not the deadline: the search still abandons a
     * depth that runs over.
     *
     * @param nodes     the positions of each finished depth, by depth
     * @param lastNanos how long depth - 1 took
     */
    static long predictedNanos(int depth, long[] nodes, long lastNanos, int rootMoves) {
        if (depth - 1 >= nodes.length) {
            return Long.MAX_VALUE / 4;
        }
        double b = depth == 3 ? rootMoves : (double) nodes[depth - 1] / nodes[depth - 3];
        b = Math.max(1, Math.min(MAX_GROWTH, b));
        double expectedNodes = nodes[depth - 2] * b;
        double perNode = (double) lastNanos / nodes[depth - 1];
        return (long) Math.min(Long.MAX_VALUE / 4, Math.max(expectedNodes * perNode, lastNanos * MIN_GROWTH));
    }

    /** The depth the last {@link #chooseMove} call started and abandoned when its time ran out, or 0. */
    int depthAbandoned() {
        return depthAbandoned;
    }

    /** Positions visited by the last {@link #chooseMove} call. */
    public long nodes() {
        return nodes;
    }

    /** The deepest depth the last {@link #chooseMove} call finished (0 if it finished none). */
    public int depthReached() {
        return depthReached;
    }

    /** 0 .. count-1 in a random order (Fisher-Yates). */
    private static int[] shuffledIndices(int count, SplittableRandom random) {
        int[] order = new int[count];
        for (int i = 0; i < count; i++) {
            order[i] = i;
        }
        for (int i = count - 1; i > 0; i--) {
            int j = random.nextInt(i + 1);
            int t = order[i];
            order[i] = order[j];
            order[j] = t;
        }
        return order;
    }

    /** Moves {@code value} to the front of {@code order}, keeping the others in their order. */
    private static void moveToFront(int[] order, int value) {
        int i = 0;
        while (order[i] != value) {
            i++;
        }
        System.arraycopy(order, 0, order, 1, i);
        order[0] = value;
    }

    /** The best root move found (its index in the legal move list, -1 if none), its score, and whether time ran out. */
    private record RootResult(int index, double score, boolean aborted) {
    }

    /** Thrown through the recursion when time is up; carries no stack trace. */
    private static final class Timeout extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Timeout() {
            super("time is up", null, false, false);
        }
    }

    private static final Timeout TIMEOUT = new Timeout();

    /** One move's search: the clock, the evaluation, the ordering table and the counters. */
    private static final class Search {
        final SearchClock clock;
        final Evaluation evaluation;
        final int[] keys;
        final int[] hints;
        long nodes;
        boolean depthLimited;

        Search(SearchClock clock, Optional<Evaluation> evaluation, int[] keys, int[] hints) {
            this.clock = clock;
            this.evaluation = evaluation.orElse(null);
            this.keys = keys;
            this.hints = hints;
        }

        /**
         * Searches every root move to {@code depth}, in the given order, with a full window. If time
         * runs out, the best move among those finished is still returned when it beats the first
         * one (the previous depth's best), because its score is exact.
         */
        RootResult root(GameState root, List<Move> moves, int[] order, int depth) {
            int best = -1;
            double bestScore = Double.NEGATIVE_INFINITY;
            double alpha = Double.NEGATIVE_INFINITY;
            for (int index : order) {
                double score;
                try {
                    if (clock.expired()) {
                        throw TIMEOUT;
                    }
                    score = valueOf(root, root.apply(moves.get(index)), depth - 1, alpha, Double.POSITIVE_INFINITY, 1);
                } catch (Timeout timeout) {
                    return new RootResult(best, bestScore, true);
                }
                if (score > bestScore) {
                    bestScore = score;
                    best = index;
                }
                alpha = Math.max(alpha, score);
            }
            return new RootResult(best, bestScore, false);
        }

        /** The value of {@code child} for the side to move in {@code parent}. */
        private double valueOf(GameState parent, GameState child, int depth, double alpha, double beta, int ply) {
            if (child.sideToMove() == parent.sideToMove()) {
                return negamax(child, depth, alpha, beta, ply);
            }
            return -negamax(child, depth, -beta, -alpha, ply);
        }

        /** The value of {@code state} for its side to move, {@code ply} plies below the root. */
        private double negamax(GameState state, int depth, double alpha, double beta, int ply) {
            nodes++;
            if (clock.expired()) {
                throw TIMEOUT;
            }
            if (state.isTerminal()) {
                Outcome outcome = state.outcome();
                if (outcome.isDraw()) {
                    return 0;
                }
                return outcome.winner() == state.sideToMove() ? WIN - ply : -(WIN - ply);
            }
            if (depth <= 0) {
                depthLimited = true;
                return evaluate(state);
            }
            List<Move> moves = state.legalMoves();
            int hash = state.hashCode();
            int slot = slot(hash);
            int first = keys[slot] == hash && hints[slot] <= moves.size() ? hints[slot] - 1 : -1;
            double best = Double.NEGATIVE_INFINITY;
            int bestIndex = -1;
            for (int i = -1; i < moves.size(); i++) {
                int index = i < 0 ? first : i;
                if (index < 0 || (i >= 0 && i == first)) {
                    continue;
                }
                double value = valueOf(state, state.apply(moves.get(index)), depth - 1, alpha, beta, ply + 1);
                if (value > best) {
                    best = value;
                    bestIndex = index;
                }
                if (value > alpha) {
                    alpha = value;
                    if (alpha >= beta) {
                        break;
                    }
                }
            }
            keys[slot] = hash;
            hints[slot] = bestIndex + 1;
            return best;
        }

        private double evaluate(GameState state) {
            if (evaluation == null) {
                return 0;
            }
            double value = evaluation.evaluate(state, state.sideToMove());
            if (Double.isNaN(value)) {
                return 0;
            }
            return Math.max(-EVAL_LIMIT, Math.min(EVAL_LIMIT, value));
        }

        private static int slot(int hash) {
            int h = hash * 0x9E3779B9;
            return (h ^ (h >>> 16)) & ((1 << TABLE_BITS) - 1);
        }
    }
}
