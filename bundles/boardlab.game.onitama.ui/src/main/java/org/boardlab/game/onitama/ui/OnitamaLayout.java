package org.boardlab.game.onitama.ui;

import org.boardlab.api.Side;
import org.boardlab.game.onitama.Square;
import org.eclipse.swt.graphics.Point;
import org.eclipse.swt.graphics.Rectangle;

/**
 * Where everything of the Onitama view goes on a canvas of a given size: the board seen from
 * blue's seat (row 5 on top, column a on the left), the two hands and the side card. All sizes are
 * multiples of one unit, the side of a board square, chosen as large as the canvas allows for
 * whichever of two arrangements fits it better: <em>tall</em> (red's hand above the board, blue's
 * below, the side card to the right of the board) or <em>wide</em> (the three card rows to the
 * right of the board: red's hand, the side card, blue's hand). The drawing and the mouse use the
 * same layout, so a click lands on what is drawn there.
 */
final class OnitamaLayout {

    /** Card size, caption and gaps in units (one unit = one board square). */
    static final double CARD_W = 1.9;
    static final double CARD_H = 2.3;
    static final double CAPTION = 0.45;
    static final double STATUS = 0.6;
    static final double LABEL = 0.45;
    static final double GAP = 0.25;
    static final double MARGIN = 0.15;
    /** A card's move grid: five cells of this size, starting this far below the card's top. */
    static final double GRID_CELL = 0.29;
    static final double GRID_TOP = 0.5;

    /** Card slots: blue's two cards, red's two cards, the side card. */
    static final int SIDE_CARD = 4;

    private final double unit;
    private final double offsetX;
    private final double offsetY;
    private final double boardX;
    private final double boardY;
    /** Top left corner of each card slot, in units. */
    private final double[][] cards = new double[5][];
    /** Where each side's caption starts (indexed by side), and the side card's, in units. */
    private final double[][] captions = new double[3][];
    private final boolean wide;
    private final double totalWidth;

    private OnitamaLayout(boolean wide, int width, int height) {
        this.wide = wide;
        double totalW;
        double totalH;
        double handW = 2 * CARD_W + GAP;
        if (wide) {
            boardX = MARGIN + LABEL;
            double panelX = boardX + Square.SIZE + 2 * GAP;
            double y = STATUS;
            captions[Side.SECOND.index()] = new double[] {panelX, y};
            cards[2] = new double[] {panelX, y + CAPTION};
            cards[3] = new double[] {panelX + CARD_W + GAP, y + CAPTION};
            y += CAPTION + CARD_H + GAP;
            double sideX = panelX + (handW - CARD_W) / 2;
            captions[2] = new double[] {sideX, y};
            cards[SIDE_CARD] = new double[] {sideX, y + CAPTION};
            y += CAPTION + CARD_H + GAP;
            captions[Side.FIRST.index()] = new double[] {panelX, y};
            cards[0] = new double[] {panelX, y + CAPTION};
            cards[1] = new double[] {panelX + CARD_W + GAP, y + CAPTION};
            y += CAPTION + CARD_H;
            boardY = STATUS + (y - STATUS - Square.SIZE - LABEL) / 2;
            totalW = panelX + handW + MARGIN;
            totalH = y + MARGIN;
        } else {
            boardX = MARGIN + LABEL;
            double handX = boardX + (Square.SIZE - handW) / 2;
            double y = STATUS;
            captions[Side.SECOND.index()] = new double[] {handX, y};
            cards[2] = new double[] {handX, y + CAPTION};
            cards[3] = new double[] {handX + CARD_W + GAP, y + CAPTION};
            boardY = y + CAPTION + CARD_H + GAP;
            double sideX = boardX + Square.SIZE + GAP;
            double sideY = boardY + (Square.SIZE - CARD_H + CAPTION) / 2;
            captions[2] = new double[] {sideX, sideY - CAPTION};
            cards[SIDE_CARD] = new double[] {sideX, sideY};
            y = boardY + Square.SIZE + LABEL;
            captions[Side.FIRST.index()] = new double[] {handX, y};
            cards[0] = new double[] {handX, y + CAPTION};
            cards[1] = new double[] {handX + CARD_W + GAP, y + CAPTION};
            totalW = sideX + CARD_W + MARGIN;
            totalH = y + CAPTION + CARD_H + MARGIN;
        }
        totalWidth = totalW;
        unit = Math.max(1, Math.min(width / totalW, height / totalH));
        offsetX = (width - totalW * unit) / 2;
        offsetY = (height - totalH * unit) / 2;
    }

    /** The better of the two arrangements for a canvas of {@code width} x {@code height} pixels. */
    static OnitamaLayout of(int width, int height) {
        OnitamaLayout tall = new OnitamaLayout(false, width, height);
        OnitamaLayout wide = new OnitamaLayout(true, width, height);
        return wide.unit > tall.unit ? wide : tall;
    }

    /** The side of a board square in pixels. */
    double unit() {
        return unit;
    }

    /** {@code true} when the cards are to the right of the board. */
    boolean wide() {
        return wide;
    }

    int x(double units) {
        return (int) Math.round(offsetX + units * unit);
    }

    int y(double units) {
        return (int) Math.round(offsetY + units * unit);
    }

    int px(double units) {
        return (int) Math.round(units * unit);
    }

    /** The screen column of {@code square} (0 at the left) and its screen row (0 at the top). */
    private static int screenRow(Square square) {
        return Square.SIZE - square.row();
    }

    /** The pixels of a board square. */
    Rectangle squareRect(Square square) {
        int left = x(boardX + square.column());
        int top = y(boardY + screenRow(square));
        return new Rectangle(left, top, x(boardX + square.column() + 1) - left, y(boardY + screenRow(square) + 1) - top);
    }

    /** The centre pixel of a board square. */
    Point squareCentre(Square square) {
        return new Point(x(boardX + square.column() + 0.5), y(boardY + screenRow(square) + 0.5));
    }

    /** The whole board's pixels. */
    Rectangle boardRect() {
        return new Rectangle(x(boardX), y(boardY), x(boardX + Square.SIZE) - x(boardX), y(boardY + Square.SIZE) - y(boardY));
    }

    /** The square under the pixel, or {@code null} off the board. */
    Square squareAt(int px, int py) {
        double col = (px - offsetX) / unit - boardX;
        double row = (py - offsetY) / unit - boardY;
        if (col < 0 || row < 0 || col >= Square.SIZE || row >= Square.SIZE) {
            return null;
        }
        return Square.find((int) col, Square.SIZE - (int) row).orElse(null);
    }

    /** Centre of the label of screen row {@code screenRow} (left of the board). */
    Point rowLabel(int screenRow) {
        return new Point(x(boardX - LABEL / 2), y(boardY + screenRow + 0.5));
    }

    /** Centre of the label of column {@code column} (below the board). */
    Point columnLabel(int column) {
        return new Point(x(boardX + column + 0.5), y(boardY + Square.SIZE + LABEL / 2));
    }

    /** Card slot of {@code side}'s card number {@code index} (0 or 1, in hand order). */
    static int slot(Side side, int index) {
        return side.index() * 2 + index;
    }

    /** The pixels of a card slot (0..3 the hands, see {@link #slot}; {@link #SIDE_CARD} the side card). */
    Rectangle cardRect(int slot) {
        double[] at = cards[slot];
        int left = x(at[0]);
        int top = y(at[1]);
        return new Rectangle(left, top, x(at[0] + CARD_W) - left, y(at[1] + CARD_H) - top);
    }

    /** The card slot under the pixel, or -1. */
    int cardAt(int px, int py) {
        for (int slot = 0; slot < cards.length; slot++) {
            if (cardRect(slot).contains(px, py)) {
                return slot;
            }
        }
        return -1;
    }

    /** Top left pixel of the caption of {@code side}'s hand. */
    Point handCaption(Side side) {
        double[] at = captions[side.index()];
        return new Point(x(at[0]), y(at[1]));
    }

    /** Top left pixel of the side card's caption. */
    Point sideCardCaption() {
        return new Point(x(captions[2][0]), y(captions[2][1]));
    }

    /**
     * The pixels of a cell of a card's move grid: {@code dx} screen columns right and {@code dy}
     * screen rows down from the centre cell (the piece), each from -2 to 2.
     */
    Rectangle cardGridCell(int slot, int dx, int dy) {
        double[] at = cards[slot];
        double gridX = at[0] + (CARD_W - 5 * GRID_CELL) / 2;
        double gridY = at[1] + GRID_TOP;
        int left = x(gridX + (dx + 2) * GRID_CELL);
        int top = y(gridY + (dy + 2) * GRID_CELL);
        return new Rectangle(left, top, x(gridX + (dx + 3) * GRID_CELL) - left, y(gridY + (dy + 3) * GRID_CELL) - top);
    }

    /** The pixels of the status line above everything else. */
    Rectangle statusRect() {
        return new Rectangle(x(MARGIN), y(0), x(totalWidth - MARGIN) - x(MARGIN), px(STATUS));
    }
}
