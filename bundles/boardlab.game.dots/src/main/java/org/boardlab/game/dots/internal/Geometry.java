package org.boardlab.game.dots.internal;

import org.boardlab.game.dots.Point;

/**
 * The fixed facts of one board size, shared by every position of that size: the grid is stored
 * with a frame of one padding point on every side, so that a point's eight neighbours are always
 * inside the array and a flood fill that steps onto the frame has left the board. Point
 * {@code (x, y)} of the board is array index {@code (y + 1) * stride + x + 1}.
 *
 * <p>Immutable and thread-safe; public only so that the game class can create it.
 */
public final class Geometry {

    final int width;
    final int height;
    /** Columns of the padded array: {@code width + 2}. */
    final int stride;
    /** Cells of the padded array. */
    final int size;
    /** The point at each array index, {@code null} on the frame. */
    final Point[] points;
    /** The array indexes of the board's points in reading order (row by row from the top). */
    final int[] order;
    /** The cells of the empty board: the frame marked as padding, every point empty. */
    final byte[] start;

    /**
     * @throws IllegalArgumentException if a side is below 3
     */
    public Geometry(int width, int height) {
        if (width < 3 || height < 3) {
            throw new IllegalArgumentException("a board needs at least 3x3 points");
        }
        this.width = width;
        this.height = height;
        this.stride = width + 2;
        this.size = stride * (height + 2);
        this.points = new Point[size];
        this.order = new int[width * height];
        this.start = new byte[size];
        java.util.Arrays.fill(start, (byte) Cells.PAD);
        int n = 0;
        for (int y = 0; y < height; y++) {
            for (int x = 0; x < width; x++) {
                int i = index(x, y);
                points[i] = new Point(x, y);
                order[n++] = i;
                start[i] = 0;
            }
        }
    }

    /** The array index of board point {@code (x, y)}; the caller checks the range. */
    int index(int x, int y) {
        return (y + 1) * stride + x + 1;
    }

    /** {@code true} if the point lies on this board. */
    boolean contains(Point p) {
        return p.x() < width && p.y() < height;
    }
}
