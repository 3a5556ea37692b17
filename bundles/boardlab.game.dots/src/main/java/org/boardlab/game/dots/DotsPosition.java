package org.boardlab.game.dots;

import java.util.List;
import java.util.Optional;
import org.boardlab.api.GameState;
import org.boardlab.api.Side;

/**
 * A position of {@link Dots}, read-only, for board views, the match controller and players. Every
 * {@link GameState} that {@link Dots} creates implements this interface; like every state it is
 * immutable and thread-safe. Red is {@link Side#FIRST} (player 1), blue {@link Side#SECOND}.
 *
 * <p>Points are zero-based, {@code x} from the left and {@code y} from the top. Methods that take
 * a {@link Point} throw {@link IndexOutOfBoundsException} for a point off the board.
 *
 * <p>{@link #score(Side)} is the number of the other player's dots inside the side's zones.
 */
public interface DotsPosition extends GameState {

    /** The number of columns (points in a row), 5 to 64; 39 by default. */
    int width();

    /** The number of rows (points in a column), 5 to 64; 32 by default. */
    int height();

    /** Whose dot stands on the point, or empty when there is none; captured dots included. */
    Optional<Side> dotAt(Point point);

    /**
     * The owner of the zone that covers the point, border included, or empty when the point is in
     * no zone. The point's dot, if any, is captured when this differs from {@link #dotAt}.
     */
    Optional<Side> zoneOwnerAt(Point point);

    /** The player who holds the dot on this point as a capture, or empty (no dot, or not captured). */
    Optional<Side> capturedBy(Point point);

    /** {@code true} when a dot may be put on the point: it is empty and in no zone. */
    boolean isFree(Point point);

    /** How many free points are left; the game ends when none is. */
    int freePoints();

    /** How many dots of {@code side} stand on the board, captured ones included. */
    int dots(Side side);

    /** How many dots of {@code side} the other player has captured: equal to the other's score. */
    int lost(Side side);

    /**
     * The zones on the board, outermost only, in the order they were made; unmodifiable. The
     * {@link Zone#captured()} of a side's zones add up to its {@link #score(Side)}.
     */
    List<Zone> zones();

    /** The point of the last dot put, or empty at the start. */
    Optional<Point> lastMove();

    /** {@code true} if the game was ended with {@link #endByAgreement()}. */
    boolean endedByAgreement();

    /**
     * This position as the end of the game, by agreement of both players: the result is decided by
     * the current score (higher wins, equal is a draw). The returned position is terminal, has no
     * legal moves, the same ply and the same board. A position that is already over is returned
     * as it is. Agreement is not a move: it is for the match controller (after an accepted offer
     * to stop), not for players, and it is not counted in {@link #ply()}.
     */
    DotsPosition endByAgreement();
}
