package org.boardlab.ai.onitama;

import java.util.Arrays;
import java.util.List;
import java.util.function.BooleanSupplier;
import org.boardlab.api.GameState;
import org.boardlab.api.Move;
import org.boardlab.api.Side;
import org.boardlab.game.onitama.Card;
import org.boardlab.game.onitama.OnitamaHeuristic;
import org.boardlab.game.onitama.OnitamaMove;
import org.boardlab.game.onitama.OnitamaPosition;
import org.boardlab.game.onitama.Piece;
import org.boardlab.game.onitama.Square;

/**
 * Seed 001's minimax, with alpha-beta pruning, on {@link OnitamaHeuristic}.
 *
 * <p>Same choice as plain minimax: the root's moves are searched in {@link GameState#legalMoves()}
 * order and a later move replaces the best only when its value is strictly higher, so among equal
 * moves the first in the list is chosen, as a plain minimax that keeps the first best does.
 * Pruning only skips moves that cannot change that choice; the captures-first ordering below the
 * root changes how much is pruned, never a value.
 *
 * <p>Values are from the view of the side to move (negamax): a won position counts
 * {@code WIN - plies from the root} (a quicker win is better), a lost one the negative, a draw 0,
 * and a position at the search horizon the heuristic's value.
 *
 * <p>Deadline: the search deepens one ply at a time up to the depth asked for, and checks
 * {@code stop} every 256 positions; when it says stop, the move of the deepest finished depth is
 * returned. Depth 1 (at most 40 positions) always finishes.
 *
 * <p>How it is fast (the server's PvE player runs it for every move of every client): below the root
 * it makes no {@link GameState}. It copies the root into one board of its own (each
 * side's squares as the bits of an int, where each master stands, the five cards, the side to move,
 * the ply), plays a move on it and takes it back ({@link #play}, {@link #takeBack}), and writes
 * each ply's moves as numbers into an array made once per search. The rules it uses are the game's
 * own, read through the game bundle's API when the class loads ({@link Card#targets}: the squares of
 * each card's steps, in step order) and written again here only where a search needs them: the legal
 * moves in {@code legalMoves()}'s order, a move's effect, the end of the game (as {@code
 * OnitamaState} decides it) and {@link OnitamaHeuristic}'s sum with its own constants. So it visits
 * the same positions in the same order, with the same values, as the search that asked each position
 * for its moves and applied them (kept in the tests as {@code ReferenceSearch}, which
 * {@code MinimaxSearchTest} compares it with: the same move and the same number of positions on
 * thousands of positions), and it chooses what plain minimax chooses ({@code PlainMinimax}).
 *
 * <p>Not thread-safe: one search for one thread (a player makes one per move). A search stopped by
 * its deadline leaves its board where it stopped; {@link #choose} loads the root again.
 */
final class MinimaxSearch {

    /** The value of a won position at the root; wins further away count one less a ply. */
    static final double WIN = 1_000_000;

    /** The groups of {@link #generate}'s order below the root, in the order searched. */
    private static final int ENDS_GAME = 0;
    private static final int CAPTURE = 1;
    private static final int OTHER = 2;

    /** What a move took: {@link #play}'s answer for {@link #takeBack}. */
    private static final int NOTHING = 0;
    private static final int STUDENT = 1;
    private static final int MASTER = 2;

    /** The temples: blue's (where red's master wins) and red's. */
    private static final int C1 = Square.C1.ordinal();
    private static final int C5 = Square.C5.ordinal();
    /** The side card's place in {@link #cards}; a side's two are {@code cards[2 * side]} and {@code cards[2 * side + 1]}. */
    private static final int SIDE_CARD = 4;

    /** Moves as numbers: {@code slot << 10 | from << 5 | to}; a pass is {@code PASS | slot << 10}. */
    private static final int PASS = 1 << 12;
    /** At most 5 pieces x 4 steps x 2 cards piece moves, or the two passes. */
    private static final int MAX_MOVES = 40;

    private static final Card[] CARDS = Card.values();
    /** TARGETS[card][side][from]: the card's target squares from {@code from} for {@code side}, in step order. */
    private static final int[][][][] TARGETS = new int[CARDS.length][2][25][];

    static {
        for (Card card : CARDS) {
            for (Side side : Side.values()) {
                for (Square from : Square.values()) {
                    TARGETS[card.ordinal()][side.index()][from.ordinal()] =
                            card.targets(side, from).stream().mapToInt(Square::ordinal).toArray();
                }
            }
        }
    }

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

    private final BooleanSupplier stop;
    private long positions;

    // the board the search plays on (see the class comment); the root's when no move is played
    /** Each side's squares as bits ({@code 1 << square}): blue's pieces, red's pieces. */
    private final int[] own = new int[2];
    private final byte[] cards = new byte[5];
    private int toMove;
    private int ply;
    private int limit;
    /** Where each side's master stands, -1 once captured. */
    private final int[] master = new int[2];
    /** The moves of one position before {@link #generate} sorts them, and each one's group. */
    private final int[] scratch = new int[MAX_MOVES];
    private final byte[] groups = new byte[MAX_MOVES];
    /** Each search ply's moves (index: plies from the root), made as the search first goes that deep. */
    private int[][] moves = new int[0][];

    /** @param stop says when the search must end; checked every 256 positions */
    MinimaxSearch(BooleanSupplier stop) {
        this.stop = stop;
    }

    /** The best move for the side to move in {@code root}, searching {@code depth} plies (1 or more). */
    Result choose(OnitamaPosition root, int depth) {
        List<Move> legal = root.legalMoves();
        if (legal.isEmpty()) {
            throw new IllegalArgumentException("the game is over: there is no move to choose");
        }
        load(root);
        int[] rootMoves = movesAt(0);
        int n = generate(rootMoves, false);
        check(legal, rootMoves, n);
        Move best = legal.get(0);
        int done = 0;
        for (int d = 1; d <= depth; d++) {
            try {
                best = legal.get(searchRoot(rootMoves, n, d));
                done = d;
            } catch (Stop timeUp) {
                break;
            }
        }
        return new Result(best, done, positions);
    }

    /** The index of the best root move. */
    private int searchRoot(int[] rootMoves, int n, int depth) {
        int best = -1;
        double bestValue = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < n; i++) {
            int move = rootMoves[i];
            int taken = play(move);
            double value = -negamax(depth - 1, 1, Double.NEGATIVE_INFINITY, -bestValue);
            takeBack(move, taken);
            if (value > bestValue) {
                bestValue = value;
                best = i;
            }
        }
        return best;
    }

    private double negamax(int depth, int fromRoot, double alpha, double beta) {
        if ((++positions & 255) == 0 && stop.getAsBoolean()) {
            throw new Stop();
        }
        int result = result();
        if (result >= 0) {
            if (result == 2) {
                return 0;
            }
            return result == toMove ? WIN - fromRoot : -(WIN - fromRoot);
        }
        if (depth == 0) {
            return evaluate();
        }
        int[] list = movesAt(fromRoot);
        int n = generate(list, true);
        double best = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < n; i++) {
            int move = list[i];
            int taken = play(move);
            double value = -negamax(depth - 1, fromRoot + 1, -beta, -alpha);
            takeBack(move, taken);
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

    // ---- the board

    private void load(OnitamaPosition root) {
        master[0] = -1;
        master[1] = -1;
        own[0] = 0;
        own[1] = 0;
        for (Square square : Square.values()) {
            Piece piece = root.pieceAt(square).orElse(null);
            if (piece != null) {
                int side = piece.side().index();
                own[side] |= 1 << square.ordinal();
                if (piece.isMaster()) {
                    master[side] = square.ordinal();
                }
            }
        }
        for (Side side : Side.values()) {
            List<Card> hand = root.cards(side);
            cards[2 * side.index()] = (byte) hand.get(0).ordinal();
            cards[2 * side.index() + 1] = (byte) hand.get(1).ordinal();
        }
        cards[SIDE_CARD] = (byte) root.sideCard().ordinal();
        toMove = root.sideToMove().index();
        ply = root.ply();
        limit = root.limit();
    }

    /** -1 in play, 0 blue won, 1 red won, 2 drawn by the limit: as {@code OnitamaState} decides it. */
    private int result() {
        boolean blueWon = master[1] < 0 || master[0] == C5;
        boolean redWon = master[0] < 0 || master[1] == C1;
        return blueWon ? 0 : redWon ? 1 : limit > 0 && ply >= limit ? 2 : -1;
    }

    /** {@link OnitamaHeuristic#evaluate} for the side to move, in a position in play (both masters on the board). */
    private double evaluate() {
        int me = toMove;
        int enemy = 1 - me;
        int steps = distance(master[enemy], me == 0 ? C1 : C5) - distance(master[me], me == 0 ? C5 : C1);
        return OnitamaHeuristic.PIECE * (Integer.bitCount(own[me]) - Integer.bitCount(own[enemy])) + OnitamaHeuristic.STEP * steps;
    }

    private static int distance(int a, int b) {
        return Math.abs(a % 5 - b % 5) + Math.abs(a / 5 - b / 5);
    }

    /**
     * Writes the legal moves of the side to move into {@code out} and returns how many: in
     * {@code legalMoves()}'s order (the first card's moves, then the second's; pieces by square, a
     * piece's targets in step order; the two passes when no piece can move), or, with
     * {@code capturesFirst}, the moves that end the game first, then the other captures, then the rest,
     * each group in that order.
     */
    private int generate(int[] out, boolean capturesFirst) {
        int s = toMove;
        int[] list = capturesFirst ? scratch : out;
        int n = 0;
        int mine = own[s];
        for (int slot = 0; slot < 2; slot++) {
            int[][] targets = TARGETS[cards[2 * s + slot]][s];
            for (int pieces = mine; pieces != 0; pieces &= pieces - 1) { // each piece, by square
                int from = Integer.numberOfTrailingZeros(pieces);
                for (int to : targets[from]) {
                    if ((mine >> to & 1) == 0) {
                        list[n++] = slot << 10 | from << 5 | to;
                    }
                }
            }
        }
        if (n == 0) {
            out[0] = PASS;
            out[1] = PASS | 1 << 10;
            return 2;
        }
        if (capturesFirst) {
            // a stable sort by group: count each group, then place each move after the groups before its own
            int enemyTemple = s == 0 ? C5 : C1;
            int theirs = own[1 - s];
            int theirMaster = master[1 - s];
            int myMaster = master[s];
            int ends = 0;
            int captures = 0;
            for (int i = 0; i < n; i++) {
                int move = list[i];
                int to = move & 31;
                int group = to == theirMaster || to == enemyTemple && (move >> 5 & 31) == myMaster ? ENDS_GAME
                        : (theirs >> to & 1) != 0 ? CAPTURE : OTHER;
                groups[i] = (byte) group;
                if (group == ENDS_GAME) {
                    ends++;
                } else if (group == CAPTURE) {
                    captures++;
                }
            }
            int nextEnd = 0;
            int nextCapture = ends;
            int nextOther = ends + captures;
            for (int i = 0; i < n; i++) {
                int group = groups[i];
                out[group == ENDS_GAME ? nextEnd++ : group == CAPTURE ? nextCapture++ : nextOther++] = list[i];
            }
        }
        return n;
    }

    /** Plays {@code move} for the side to move; returns what it took: {@link #NOTHING}, {@link #STUDENT} or {@link #MASTER}. */
    private int play(int move) {
        int s = toMove;
        int taken = NOTHING;
        if ((move & PASS) == 0) {
            int from = move >> 5 & 31;
            int to = move & 31;
            own[s] ^= 1 << from | 1 << to;
            if (master[s] == from) {
                master[s] = to;
            }
            int e = 1 - s;
            if ((own[e] >> to & 1) != 0) {
                own[e] ^= 1 << to;
                taken = STUDENT;
                if (master[e] == to) {
                    master[e] = -1;
                    taken = MASTER;
                }
            }
        }
        swapCard(s, move >> 10 & 1);
        toMove = 1 - s;
        ply++;
        return taken;
    }

    /** Takes back {@code move}, which took {@code taken}: the position before {@link #play}. */
    private void takeBack(int move, int taken) {
        int s = 1 - toMove;
        toMove = s;
        ply--;
        swapCard(s, move >> 10 & 1);
        if ((move & PASS) == 0) {
            int from = move >> 5 & 31;
            int to = move & 31;
            own[s] ^= 1 << from | 1 << to;
            if (master[s] == to) {
                master[s] = from;
            }
            if (taken != NOTHING) {
                int e = 1 - s;
                own[e] |= 1 << to;
                if (taken == MASTER) {
                    master[e] = to;
                }
            }
        }
    }

    /** The card played from {@code side}'s hand slot {@code slot} goes aside and the side card takes its place. */
    private void swapCard(int side, int slot) {
        int i = 2 * side + slot;
        byte played = cards[i];
        cards[i] = cards[SIDE_CARD];
        cards[SIDE_CARD] = played;
    }

    private int[] movesAt(int fromRoot) {
        if (fromRoot >= moves.length) {
            int[][] more = Arrays.copyOf(moves, fromRoot + 1);
            for (int i = moves.length; i < more.length; i++) {
                more[i] = new int[MAX_MOVES];
            }
            moves = more;
        }
        return moves[fromRoot];
    }

    /**
     * Whether the root's moves as numbers are {@code legal}, one for one; they must be, since the search
     * hands back {@code legal}'s move at the index it chose.
     *
     * @throws IllegalStateException if they are not (the rules here and the game's disagree)
     */
    private void check(List<Move> legal, int[] rootMoves, int n) {
        boolean same = legal.size() == n;
        for (int i = 0; same && i < n; i++) {
            OnitamaMove m = (OnitamaMove) legal.get(i);
            int move = rootMoves[i];
            int slot = move >> 10 & 1;
            same = m.card().ordinal() == cards[2 * toMove + slot] && ((move & PASS) != 0
                    ? m.isPass() : !m.isPass() && m.from().ordinal() == (move >> 5 & 31) && m.to().ordinal() == (move & 31));
        }
        if (!same) {
            throw new IllegalStateException("the search's moves differ from the game's legal moves " + legal);
        }
    }
}
