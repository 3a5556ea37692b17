package org.boardlab.game.othello;

import java.util.List;
import java.util.Optional;
import org.boardlab.api.GameState;
import org.boardlab.api.Side;

/**
 * A position of {@link Othello}, read-only, for board views and players. Every {@link GameState}
 * that {@link Othello} creates implements this interface; like every state it is immutable and
 * thread-safe. Black is {@link Side#FIRST}, white {@link Side#SECOND}.
 *
 * <p>Coordinates are zero-based: column 0 is the left column ({@code a}), row 0 the top row
 * ({@code 1}).
 */
public interface OthelloPosition extends GameState {

    /** The number of rows, equal to the number of columns: an even number from 4 to 16. */
    int size();

    /**
     * The disc on a square: the side whose colour is up, or empty for an empty square.
     *
     * @throws IndexOutOfBoundsException if the square is not on the board
     */
    Optional<Side> disc(int col, int row);

    /**
     * The whole board as {@code size() * size()} characters, row by row from the top, each row from
     * the left: {@code B} a black disc, {@code W} a white disc, {@code .} an empty square; the
     * character of (col, row) is at {@code row * size() + col}. Made on each call and not kept by
     * the position (a server keeps every position of thousands of games at once): a caller that needs
     * it twice keeps it.
     */
    default String cells() {
        int size = size();
        StringBuilder cells = new StringBuilder(size * size);
        for (int row = 0; row < size; row++) {
            for (int col = 0; col < size; col++) {
                cells.append(disc(col, row).map(s -> s == Side.FIRST ? 'B' : 'W').orElse('.'));
            }
        }
        return cells.toString();
    }

    /** How many discs of {@code side}'s colour are on the board. */
    int discs(Side side);

    /**
     * The squares where the side to move may place a disc, in the order of
     * {@link #legalMoves()} (row by row from the top, left to right); empty when it must pass or the
     * game is over.
     */
    List<OthelloMove> placements();

    /** The move that led to this position, a pass included; empty at the start. */
    Optional<OthelloMove> lastMove();

    /**
     * {@code true} if the last move turned the disc on this square over; {@code false} for the
     * square played, for every square at the start and after a pass.
     *
     * @throws IndexOutOfBoundsException if the square is not on the board
     */
    boolean flippedByLastMove(int col, int row);

    /** {@code true} if the last move was a pass. */
    boolean passed();

    /** How the finished game is counted (the {@code scoring} option). */
    Scoring scoring();
}
