package org.boardlab.api;

import java.util.List;
import java.util.Map;
import org.osgi.annotation.versioning.ConsumerType;

/**
 * An immutable position of a game, including whose turn it is. Implemented by game bundles.
 *
 * <p>Every method is free of side effects and safe to call from any thread. {@link #apply(Move)}
 * returns a new state and leaves this one as it was.
 */
@ConsumerType
public interface GameState {

    /** The game this position belongs to; never {@code null}. */
    Game game();

    /** The side to move. In a terminal position, the side that would have moved next. */
    Side sideToMove();

    /**
     * The legal moves of the side to move, in a stable order (the same position always gives the
     * same list). Empty exactly when the position is terminal: a game whose rules make a player pass
     * lists an explicit pass move.
     */
    List<Move> legalMoves();

    /**
     * The position after {@code move} by the side to move.
     *
     * @throws IllegalMoveException if the move is not legal here; the message says why
     */
    GameState apply(Move move);

    /**
     * Why {@code move} is not legal here, or {@code null} when it is. The default looks the move up
     * in {@link #legalMoves()}; games with a cheaper check override it.
     */
    default String whyIllegal(Move move) {
        if (isTerminal()) {
            return "the game is over";
        }
        return legalMoves().contains(move) ? null : "not a legal move in this position";
    }

    /**
     * The move the rules make for the side to move without its choosing, such as a pass in Othello
     * when no disc can be placed; the referee plays it itself and does not ask the player (a network
     * client is told the move, not asked for it). Empty when the side has a choice (the default), and
     * in a terminal position. A forced move is one of {@link #legalMoves()}.
     */
    default java.util.Optional<Move> forcedMove() {
        return java.util.Optional.empty();
    }

    /**
     * Reads a move written in the game's notation. The move is not checked for legality; use
     * {@link #whyIllegal(Move)}.
     *
     * @throws IllegalMoveException if the text is not a move of this game (a syntax error)
     */
    Move parseMove(String notation);

    /** {@code true} when the game is over. */
    boolean isTerminal();

    /**
     * The result by the game's rules.
     *
     * @throws IllegalStateException if the game is not over
     */
    Outcome outcome();

    /**
     * The side's score as the game counts it (discs in Othello, captured dots in Dots, pieces left in
     * Onitama); {@code 0} for games without one.
     */
    default int score(Side side) {
        return 0;
    }

    /** How many moves (plies, including passes) led to this position from the start. */
    int ply();

    /**
     * The board as text, one line per row with the top row first, in the game's notation; for
     * people and logs, not for parsing.
     */
    String boardText();

    /**
     * Game-specific facts about this position for the CLI's {@code play --json} and the views,
     * e.g. Gomoku's danger points or Dots' zones. Keys are stable field names; values are JSON-like:
     * {@link String}, {@link Number}, {@link Boolean}, {@link List} or {@link Map} of these. Empty
     * by default.
     */
    default Map<String, Object> details() {
        return Map.of();
    }

    /**
     * Counts the leaf positions {@code depth} plies below this one (perft), for testing move
     * generators against published counts. A pass counts as a ply; a terminal position before
     * {@code depth} counts as one leaf. The default walks {@link #legalMoves()} and
     * {@link #apply(Move)} with bulk counting at the last ply; games override it with a fast path.
     */
    default long perft(int depth) {
        if (depth <= 0 || isTerminal()) {
            return 1;
        }
        List<Move> moves = legalMoves();
        if (depth == 1) {
            return moves.size();
        }
        long leaves = 0;
        for (Move move : moves) {
            leaves += apply(move).perft(depth - 1);
        }
        return leaves;
    }
}
