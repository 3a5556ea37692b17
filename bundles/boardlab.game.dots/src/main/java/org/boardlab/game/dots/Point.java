package org.boardlab.game.dots;

import org.boardlab.api.Move;

/**
 * A point of the Dots grid, zero-based: {@code x} is the column counted from the left, {@code y}
 * the row counted from the top. Written {@code x,y}, for example {@code 12,7}.
 *
 * <p>A point is also the game's only kind of {@link Move}: "put a dot of my colour here". Points
 * are plain values (equal when their coordinates are); whether one lies on a given board is for
 * the position to say ({@link DotsPosition#whyIllegal}).
 *
 * @param x the column, {@code 0} at the left; never negative
 * @param y the row, {@code 0} at the top; never negative
 */
public record Point(int x, int y) implements Move {

    /**
     * @throws IllegalArgumentException if a coordinate is negative
     */
    public Point {
        if (x < 0 || y < 0) {
            throw new IllegalArgumentException("a point has coordinates of 0 or more, not " + x + "," + y);
        }
    }

    /** The point in the game's notation, {@code x,y}, e.g. {@code 12,7}. */
    @Override
    public String notation() {
        return x + "," + y;
    }

    /** Same as {@link #notation()}. */
    @Override
    public String toString() {
        return notation();
    }
}
