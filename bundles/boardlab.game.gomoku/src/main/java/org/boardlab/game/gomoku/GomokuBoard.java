package org.boardlab.game.gomoku;

import java.util.Optional;
import org.boardlab.api.Side;
import org.osgi.annotation.versioning.ConsumerType;

/**
 * A square Gomoku board as views and analyses read it: its size and the stone on each point.
 *
 * <p>Every Gomoku {@link org.boardlab.api.GameState} implements it. A player with its own board
 * representation may implement it too, to run {@link DangerAnalysis} on it: only {@link #size()}
 * and {@link #stoneAt(int, int)} are required.
 *
 * <p>Black is {@link Side#FIRST}, white {@link Side#SECOND}. Columns count from the left and rows
 * from the top, both from 0 ({@code a1} is {@code (0, 0)}).
 */
@ConsumerType
public interface GomokuBoard {

    /** The number of rows, which is also the number of columns; 1..26. */
    int size();

    /**
     * The stone on the point at {@code col}, {@code row}: the side it belongs to, or {@code null}
     * when the point is empty.
     *
     * @throws IndexOutOfBoundsException if the point is off the board
     */
    Side stoneAt(int col, int row);

    /** The stone on {@code point}, or {@code null} when it is empty; see {@link #stoneAt(int, int)}. */
    default Side stoneAt(Point point) {
        return stoneAt(point.col(), point.row());
    }

    /** {@code true} when {@code point} lies on this board. */
    default boolean contains(Point point) {
        return point.col() < size() && point.row() < size();
    }

    /** The point where the last stone was placed; empty before the first move or when unknown. */
    default Optional<Point> lastMove() {
        return Optional.empty();
    }
}
