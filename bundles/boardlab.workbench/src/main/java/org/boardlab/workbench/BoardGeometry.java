package org.boardlab.workbench;

import org.eclipse.swt.graphics.Point;
import org.eclipse.swt.graphics.Rectangle;

/**
 * Where a square board of {@code size} x {@code size} cells is drawn on a canvas: the pixel of the
 * top left corner of cell {@code (0, 0)}, the side of a cell in pixels, and the number of cells
 * along each edge. Column {@code col} counts from the left and row {@code row} from the top, as in
 * boardlab's notation ({@code a1} is the top left cell). Games whose pieces stand on lines (Gomoku)
 * draw the lines through the cells' centres, so a cell is then the area that belongs to one
 * intersection.
 *
 * <p>An immutable value; the drawing and the mouse of a board use the same geometry, so a click
 * lands on what is drawn there.
 *
 * @param left the x pixel of the board's left edge
 * @param top  the y pixel of the board's top edge
 * @param cell the side of one cell in pixels, at least 1
 * @param size the number of cells along each edge, at least 1
 */
public record BoardGeometry(int left, int top, int cell, int size) {

    /** The smallest cell {@link #withEdgeLabels} makes, however small the area. */
    public static final int MIN_CELL = 4;

    /**
     * Checks the arguments.
     *
     * @throws IllegalArgumentException if {@code cell} or {@code size} is less than 1
     */
    public BoardGeometry {
        if (cell < 1 || size < 1) {
            throw new IllegalArgumentException("a board has cells of 1 pixel or more and 1 cell or more along an edge, not "
                    + size + " of " + cell + " pixels");
        }
    }

    /**
     * The largest board of {@code size} x {@code size} cells that fits in {@code area} with room for
     * the edge labels, {@code labelWidth} pixels wide left of the board and {@code labelHeight}
     * pixels high above it (each with {@link BoardCanvas#GAP} around it), and {@code below} pixels of
     * text under the board. The board is at the top of the free room and centred across it; its
     * cells are never smaller than {@link #MIN_CELL} (a too small area cuts the board off rather than
     * making it unreadable).
     *
     * @param area        the canvas's client area
     * @param size        cells along each edge, at least 1
     * @param labelWidth  the width of the widest row label, in pixels
     * @param labelHeight the height of a column label, in pixels
     * @param below       the room kept under the board, in pixels
     */
    public static BoardGeometry withEdgeLabels(Rectangle area, int size, int labelWidth, int labelHeight, int below) {
        int gap = BoardCanvas.GAP;
        int marginLeft = labelWidth + 2 * gap;
        int marginTop = labelHeight + gap;
        int availableWidth = area.width - marginLeft - gap;
        int availableHeight = area.height - marginTop - below;
        int cell = Math.max(MIN_CELL, Math.min(availableWidth, availableHeight) / size);
        int left = area.x + marginLeft + Math.max(0, (availableWidth - cell * size) / 2);
        return new BoardGeometry(left, area.y + marginTop, cell, size);
    }

    /** The pixels of cell {@code (col, row)}. */
    public Rectangle square(int col, int row) {
        return new Rectangle(left + col * cell, top + row * cell, cell, cell);
    }

    /** The centre pixel of cell {@code (col, row)} (for Gomoku, the intersection). */
    public Point centre(int col, int row) {
        return new Point(left + col * cell + cell / 2, top + row * cell + cell / 2);
    }

    /**
     * The cell under pixel {@code (x, y)}, as a point whose {@code x} is the column and {@code y}
     * the row; {@code null} off the board.
     */
    public Point cellAt(int x, int y) {
        if (x < left || y < top) {
            return null;
        }
        int col = (x - left) / cell;
        int row = (y - top) / cell;
        return col < size && row < size ? new Point(col, row) : null;
    }

    /**
     * The cell under pixel {@code (x, y)} if the pixel is within {@code reach} cells of that cell's
     * centre (e.g. {@code 0.45} for "near the intersection"), as {@link #cellAt}; otherwise
     * {@code null}, so a click between two points means neither.
     */
    public Point cellNear(int x, int y, double reach) {
        Point cellAt = cellAt(x, y);
        if (cellAt == null) {
            return null;
        }
        Point centre = centre(cellAt.x, cellAt.y);
        double dx = x - centre.x;
        double dy = y - centre.y;
        double pixels = reach * cell;
        return dx * dx + dy * dy <= pixels * pixels ? cellAt : null;
    }

    /** The side of the whole board in pixels. */
    public int extent() {
        return cell * size;
    }

    /** The y pixel just under the board. */
    public int bottom() {
        return top + extent();
    }
}
