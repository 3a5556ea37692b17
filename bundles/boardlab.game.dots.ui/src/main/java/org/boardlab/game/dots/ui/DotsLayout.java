package org.boardlab.game.dots.ui;

import org.boardlab.game.dots.Point;

/**
 * Where the Dots view puts things on a canvas of a given size: a status line at the top (scores
 * and whose move it is), then the grid of points with the column numbers {@code x} above it and
 * the row numbers {@code y} to its left. Points sit on the crossings of the grid lines, {@link
 * #spacing()} pixels apart, as large as the canvas allows; the drawing and the mouse use the same
 * layout, so a click lands on the point drawn there.
 */
final class DotsLayout {

    /** Room around the grid, in spacings: labels left and above, half a spacing right and below. */
    static final double LEFT = 1.5;
    static final double TOP = 1.1;
    static final double RIGHT = 0.6;
    static final double BOTTOM = 0.6;

    private final int columns;
    private final int rows;
    private final int statusHeight;
    private final double spacing;
    private final double left;
    private final double top;
    private final double totalWidth;

    DotsLayout(int canvasWidth, int canvasHeight, int columns, int rows) {
        this.columns = columns;
        this.rows = rows;
        statusHeight = (int) Math.max(20, Math.min(40, Math.round(canvasHeight * 0.07)));
        double unitsWide = columns - 1 + LEFT + RIGHT;
        double unitsHigh = rows - 1 + TOP + BOTTOM;
        spacing = Math.max(2, Math.min(canvasWidth / unitsWide, (canvasHeight - statusHeight) / unitsHigh));
        totalWidth = unitsWide * spacing;
        double offsetX = (canvasWidth - totalWidth) / 2;
        double offsetY = Math.max(0, (canvasHeight - statusHeight - unitsHigh * spacing) / 2);
        left = offsetX + LEFT * spacing;
        top = statusHeight + offsetY + TOP * spacing;
    }

    /** Pixels between neighbouring points. */
    double spacing() {
        return spacing;
    }

    /** Height of the status line at the top of the canvas. */
    int statusHeight() {
        return statusHeight;
    }

    /** Left and right end (pixels) of the area the board and its labels take. */
    int areaLeft() {
        return (int) Math.round(left - LEFT * spacing);
    }

    int areaRight() {
        return (int) Math.round(left - LEFT * spacing + totalWidth);
    }

    double xOf(int x) {
        return left + x * spacing;
    }

    double yOf(int y) {
        return top + y * spacing;
    }

    /** The pixel of a point. */
    org.eclipse.swt.graphics.Point centre(Point point) {
        return new org.eclipse.swt.graphics.Point((int) Math.round(xOf(point.x())), (int) Math.round(yOf(point.y())));
    }

    /** The pixel {@code dx}, {@code dy} spacings away from a point. */
    org.eclipse.swt.graphics.Point near(Point point, double dx, double dy) {
        return new org.eclipse.swt.graphics.Point((int) Math.round(xOf(point.x()) + dx * spacing),
                (int) Math.round(yOf(point.y()) + dy * spacing));
    }

    /**
     * The point a click at this pixel means: the nearest one, if the click is within 0.4 spacings
     * of it (clicks half way between points mean none); {@code null} otherwise or off the board.
     */
    Point pointAt(int px, int py) {
        double fx = (px - left) / spacing;
        double fy = (py - top) / spacing;
        long x = Math.round(fx);
        long y = Math.round(fy);
        if (x < 0 || y < 0 || x >= columns || y >= rows) {
            return null;
        }
        if (Math.hypot(fx - x, fy - y) > 0.4) {
            return null;
        }
        return new Point((int) x, (int) y);
    }
}
