package org.boardlab.ai.search;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import javax.inject.Named;
import org.boardlab.api.Evaluation;
import org.boardlab.api.GameState;
import org.boardlab.api.Move;
import org.boardlab.api.MoveRequest;
import org.boardlab.api.Outcome;
import org.boardlab.api.Player;
import org.boardlab.api.Side;

/**
 * Monte Carlo tree search with the UCT rule, for every game.
 *
 * <p>Until the move clock says stop (see {@link SearchClock}), it repeats: walk down the tree,
 * choosing at each node the child with the highest {@code mean reward + C * sqrt(ln N / n)} with
 * {@code C = 1.4}; add one new child (an untried move, in a seeded random order); play random
 * moves from there to the end of the game; and credit every node on the way with the result from
 * the point of view of the side that made the node's move: 1 for a win, 0.5 for a draw, 0 for a
 * loss. It then plays the root move that was visited most (ties go to the higher mean reward).
 *
 * <p>Memory and time are bounded: the tree stops growing at {@value #DEFAULT_MAX_NODES} nodes
 * (the search goes on, with playouts from the leaves), and a playout stops after
 * {@value #DEFAULT_MAX_PLAYOUT} plies; it is then scored by the sign of the game's
 * {@link org.boardlab.api.Game#evaluation()}, or by {@link GameState#score(Side)} if the game has no
 * evaluation (equal is a draw). Nodes keep their move, not their position, which is replayed from
 * the root on the way down, so a node costs the same few dozen bytes in every game. The clock is
 * read before every playout ply, so a game with long playouts still answers in time.
 *
 * <p>The random choices come from {@link MoveRequest#seed()}: the same seed and the same number of
 * iterations give the same move. Instances are not thread-safe: boardlab uses one per match and
 * side.
 */
@Named("mcts")
public final class MctsPlayer implements Player {

    /** The exploration constant C of the UCT rule. */
    public static final double EXPLORATION = 1.4;

    /** The most nodes the tree grows to by default. */
    public static final int DEFAULT_MAX_NODES = 200_000;

    /** The most plies a random playout plays by default before it is scored. */
    public static final int DEFAULT_MAX_PLAYOUT = 400;

    private static final long SALT = 0x6C8E_9CF5_7093_2BD1L;

    private final long maxIterations;
    private final int maxNodes;
    private final int maxPlayout;
    private long iterations;
    private int treeSize;

    /** A player that searches until the clock runs out, with the default limits. */
    public MctsPlayer() {
        this(Long.MAX_VALUE, DEFAULT_MAX_NODES, DEFAULT_MAX_PLAYOUT);
    }

    private MctsPlayer(long maxIterations, int maxNodes, int maxPlayout) {
        this.maxIterations = maxIterations;
        this.maxNodes = maxNodes;
        this.maxPlayout = maxPlayout;
    }

    /**
     * A player that also stops after {@code maxIterations} iterations, grows its tree to at most
     * {@code maxNodes} nodes and cuts playouts after {@code maxPlayout} plies. With a generous clock
     * it is fully repeatable, which benchmarks and tests use.
     *
     * @throws IllegalArgumentException if a limit is below 1
     */
    public static MctsPlayer withLimits(long maxIterations, int maxNodes, int maxPlayout) {
        if (maxIterations < 1 || maxNodes < 1 || maxPlayout < 1) {
            throw new IllegalArgumentException("the limits must be at least 1, not iterations=" + maxIterations
                    + " nodes=" + maxNodes + " playout=" + maxPlayout);
        }
        return new MctsPlayer(maxIterations, maxNodes, maxPlayout);
    }

    @Override
    public String description() {
        return "Monte Carlo tree search (UCT, C=1.4) with random playouts until the clock runs out";
    }

    /**
     * Chooses a move as described in the class comment; always returns one of the legal moves.
     *
     * @throws IllegalStateException if the position is terminal
     */
    @Override
    public Move chooseMove(MoveRequest request) {
        iterations = 0;
        treeSize = 1;
        GameState rootState = request.state();
        List<Move> rootMoves = rootState.legalMoves();
        if (rootMoves.isEmpty()) {
            throw new IllegalStateException("the game is over: there is no move to choose");
        }
        if (rootMoves.size() == 1) {
            return rootMoves.get(0);
        }
        SplittableRandom random = new SplittableRandom(request.seed() * SALT + rootState.ply());
        Evaluation evaluation = rootState.game().evaluation().orElse(null);
        Node root = new Node(null, null, null);
        root.open(rootMoves.size(), random);
        SearchClock clock = new SearchClock(request);
        while (iterations < maxIterations && !clock.expired()) {
            if (!iterate(root, rootState, rootMoves, random, clock, evaluation)) {
                break;
            }
            iterations++;
        }
        Node best = null;
        for (Node child : root.children) {
            if (best == null || child.visits > best.visits
                    || (child.visits == best.visits && child.reward > best.reward)) {
                best = child;
            }
        }
        return best != null ? best.move : rootMoves.get(root.nextIndex());
    }

    /** Iterations (playouts) finished by the last {@link #chooseMove} call. */
    public long iterations() {
        return iterations;
    }

    /** Nodes in the tree built by the last {@link #chooseMove} call, the root included. */
    public int treeSize() {
        return treeSize;
    }

    /** One iteration; {@code false} if time ran out in the middle (nothing is then recorded). */
    private boolean iterate(Node root, GameState rootState, List<Move> rootMoves, SplittableRandom random,
            SearchClock clock, Evaluation evaluation) {
        Node node = root;
        GameState state = rootState;
        while (node.isFullyExpanded()) {
            node = node.select();
            state = state.apply(node.move);
        }
        if (node.moveCount != 0 && treeSize < maxNodes) {
            List<Move> moves = node == root ? rootMoves : state.legalMoves();
            if (node.moveCount < 0) {
                node.open(moves.size(), random);
            }
            if (node.moveCount > 0) {
                Move move = moves.get(node.nextIndex());
                Node child = new Node(node, move, state.sideToMove());
                node.children.add(child);
                treeSize++;
                node = child;
                state = state.apply(move);
            }
        }
        double firstReward = playout(state, random, clock, evaluation);
        if (Double.isNaN(firstReward)) {
            return false;
        }
        for (Node n = node; n != null; n = n.parent) {
            n.visits++;
            if (n.mover != null) {
                n.reward += n.mover == Side.FIRST ? firstReward : 1 - firstReward;
            }
        }
        return true;
    }

    /**
     * Plays random moves from {@code state} to the end, or for at most {@code maxPlayout} plies;
     * returns the reward of {@link Side#FIRST} (1, 0.5 or 0), or NaN if time ran out.
     */
    private double playout(GameState state, SplittableRandom random, SearchClock clock, Evaluation evaluation) {
        GameState s = state;
        for (int ply = 0; ; ply++) {
            if (clock.expired()) {
                return Double.NaN;
            }
            List<Move> moves = s.legalMoves();
            if (moves.isEmpty()) {
                Outcome outcome = s.outcome();
                return outcome.isDraw() ? 0.5 : outcome.winner() == Side.FIRST ? 1 : 0;
            }
            if (ply >= maxPlayout) {
                double lead = evaluation != null
                        ? evaluation.evaluate(s, Side.FIRST)
                        : s.score(Side.FIRST) - s.score(Side.SECOND);
                return lead > 0 ? 1 : lead < 0 ? 0 : 0.5;
            }
            s = s.apply(moves.get(random.nextInt(moves.size())));
        }
    }

    /**
     * A node of the tree: the move that leads to it (not the position, which is replayed), its
     * statistics, and its children, added one at a time in a random order of the legal moves.
     */
    private static final class Node {
        final Node parent;
        final Move move;
        /** The side that made {@link #move}; rewards are counted for it. {@code null} at the root. */
        final Side mover;
        final List<Node> children = new ArrayList<>(2);
        /** Legal moves in this node's position; -1 until the node is first reached, 0 if terminal. */
        int moveCount = -1;
        /** The untried moves are indices {@code (offset + k * step) mod moveCount}, k = expanded.. */
        int offset;
        int step;
        int expanded;
        int visits;
        double reward;

        Node(Node parent, Move move, Side mover) {
            this.parent = parent;
            this.move = move;
            this.mover = mover;
        }

        /** Records the number of legal moves and picks a random order in which to try them. */
        void open(int count, SplittableRandom random) {
            moveCount = count;
            if (count > 1) {
                offset = random.nextInt(count);
                step = 1 + random.nextInt(count - 1);
                while (gcd(step, count) != 1) {
                    step = step % (count - 1) + 1;
                }
            } else {
                step = 1;
            }
        }

        /** The index, in the position's legal move list, of the next move to try. */
        int nextIndex() {
            int index = (int) ((offset + (long) expanded * step) % moveCount);
            expanded++;
            return index;
        }

        boolean isFullyExpanded() {
            return moveCount > 0 && expanded == moveCount;
        }

        /** The child with the highest UCT value; the first one on a tie. */
        Node select() {
            double logVisits = Math.log(visits);
            Node best = null;
            double bestValue = Double.NEGATIVE_INFINITY;
            for (Node child : children) {
                double value = child.reward / child.visits + EXPLORATION * Math.sqrt(logVisits / child.visits);
                if (value > bestValue) {
                    bestValue = value;
                    best = child;
                }
            }
            return best;
        }

        private static int gcd(int a, int b) {
            while (b != 0) {
                int t = a % b;
                a = b;
                b = t;
            }
            return a;
        }
    }
}
