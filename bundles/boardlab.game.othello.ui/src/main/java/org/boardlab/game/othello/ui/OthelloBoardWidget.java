package org.boardlab.game.othello.ui;

import java.util.List;
import java.util.Optional;
import org.boardlab.api.Move;
import org.boardlab.api.Side;
import org.boardlab.game.othello.OthelloMove;
import org.boardlab.game.othello.OthelloPosition;
import org.boardlab.workbench.BoardCanvas;
import org.boardlab.workbench.BoardGeometry;
import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.Color;
import org.eclipse.swt.graphics.GC;
import org.eclipse.swt.graphics.Point;
import org.eclipse.swt.graphics.RGB;
import org.eclipse.swt.graphics.Rectangle;
import org.eclipse.swt.widgets.Composite;

/**
 * One Othello board: a double-buffered canvas that draws an {@link OthelloPosition} scaled to its
 * size, with column letters above and row numbers to the left, and three lines of text under the
 * board (disc counts, whose turn or the result, and a notice about passes or how the game ended).
 *
 * <p>Clicks: when the {@code clickable} side is to move, a click (button 1 pressed and released on
 * the same square) on one of its legal squares reports that move. When its only legal move is
 * {@code pass}, a click anywhere on the board reports the pass, and the text under the board says
 * so. After a move is reported further clicks are ignored until the next {@link #show}, so a
 * double click cannot report the same move twice.
 */
final class OthelloBoardWidget extends BoardCanvas<OthelloPosition, OthelloMove> {

    static final RGB BOARD = new RGB(0, 122, 64);
    static final RGB GRID = new RGB(0, 58, 30);
    static final RGB BLACK = new RGB(22, 22, 22);
    static final RGB WHITE = new RGB(245, 245, 245);
    static final RGB OUTLINE = new RGB(110, 110, 110);
    /** The dots on black's legal squares: a darker green. */
    static final RGB BLACK_HINT = new RGB(8, 48, 26);
    /** The dots on white's legal squares: a pale green. */
    static final RGB WHITE_HINT = new RGB(170, 215, 190);
    static final RGB LAST_MOVE = new RGB(225, 30, 30);

    private static final int STATUS_LINES = 3;


    OthelloBoardWidget(Composite parent) {
        super(parent, "Othello", OthelloPosition.class, OthelloMove.class);
        useEdgeLabels("16", STATUS_LINES);
    }

    /**
     * The last move is {@code given} when there is one (taken by its notation if it is not an
     * {@link OthelloMove}), otherwise the position's own {@link OthelloPosition#lastMove()}; a pass
     * is not marked on the board (the text says it).
     */
    @Override
    protected OthelloMove lastMoveOf(OthelloPosition position, Move given) {
        return given == null ? position.lastMove().orElse(null) : toMove(given);
    }

    /**
     * One point: the centre of the move's square; for {@code pass} (legal only when it is the only
     * move) the centre of the board, since a click anywhere on the board passes then.
     */
    @Override
    protected List<Point> clicksOnCanvas(OthelloMove move) {
        BoardGeometry g = geometry();
        if (move.isPass()) {
            return List.of(new Point(g.left() + g.extent() / 2, g.top() + g.extent() / 2));
        }
        return List.of(g.centre(move.col(), move.row()));
    }

    /** The board's place on the canvas as it is now; {@code null} before the first {@link #show}. */
    BoardGeometry geometry() {
        return position() == null ? null : geometry(canvas().getClientArea());
    }

    private BoardGeometry geometry(Rectangle area) {
        return labelledBoard(area, position().size());
    }

    /**
     * The legal move a click at {@code (x, y)} makes: the square under it if legal,
     * {@link OthelloMove#PASS} anywhere on the board when that is the only move; {@code null} when
     * the click is not on a legal square.
     */
    @Override
    protected OthelloMove moveAt(int x, int y) {
        Point square = geometry().cellAt(x, y);
        if (square == null) {
            return null;
        }
        if (mustPass()) {
            return OthelloMove.PASS;
        }
        OthelloMove move = OthelloMove.at(square.x, square.y);
        return isLegal(move) ? move : null;
    }

    private boolean mustPass() {
        return !position().isTerminal() && position().placements().isEmpty();
    }

    // ---- text ----

    /** The disc count shown for {@code side}, e.g. {@code Black 12}. */
    String scoreText(Side side) {
        return playerAndSide(side) + "  " + position().discs(side);
    }

    /** The second line: whose turn it is, or the result. */
    String turnText() {
        return turnOrGameOver();
    }

    /** The third line: how the game ended, a pass to come, a pass just made, or nothing. */
    String noticeText() {
        OthelloPosition state = position();
        if (state.isTerminal()) {
            return capitalised(state.outcome().reason()) + ".";
        }
        Side mover = state.sideToMove();
        if (mustPass()) {
            return myTurn()
                    ? playerAndSide(mover) + " has no move: click the board to pass."
                    : playerAndSide(mover) + " has no move and must pass.";
        }
        if (state.passed()) {
            return playerAndSide(mover.other()) + " passed: it had no move.";
        }
        return "";
    }

    // ---- painting ----

    @Override
    protected void paint(GC gc, Rectangle area) {
        BoardGeometry g = geometry(area);
        drawBoard(gc, g);
        drawEdgeLabels(gc, g);
        drawDiscs(gc, g);
        if (myTurn()) {
            drawHints(gc, g);
        }
        drawStatus(gc, g);
    }

    private void drawBoard(GC gc, BoardGeometry g) {
        int n = g.size();
        int extent = g.extent();
        gc.setBackground(color(BOARD));
        gc.fillRectangle(g.left(), g.top(), extent, extent);
        gc.setForeground(color(GRID));
        gc.setLineWidth(1);
        for (int i = 1; i < n; i++) {
            gc.drawLine(g.left() + i * g.cell(), g.top(), g.left() + i * g.cell(), g.top() + extent);
            gc.drawLine(g.left(), g.top() + i * g.cell(), g.left() + extent, g.top() + i * g.cell());
        }
        gc.setLineWidth(2);
        gc.drawRectangle(g.left(), g.top(), extent, extent);
        gc.setLineWidth(1);
        if (n >= 8) { // the four marker dots of a real board, a quarter in from each side
            int r = Math.max(2, g.cell() / 16);
            for (int line : new int[] {n / 4, n - n / 4}) {
                for (int other : new int[] {n / 4, n - n / 4}) {
                    fillCircle(gc, new Point(g.left() + line * g.cell(), g.top() + other * g.cell()), r, color(GRID));
                }
            }
        }
    }

    private void drawDiscs(GC gc, BoardGeometry g) {
        int r = Math.max(2, g.cell() * 42 / 100);
        for (int row = 0; row < g.size(); row++) {
            for (int col = 0; col < g.size(); col++) {
                Optional<Side> disc = position().disc(col, row);
                if (disc.isPresent()) {
                    drawDisc(gc, g.centre(col, row), r, disc.get());
                }
            }
        }
        OthelloMove last = lastMove();
        if (last != null && !last.isPass() && last.col() < g.size() && last.row() < g.size()) {
            fillCircle(gc, g.centre(last.col(), last.row()), Math.max(2, g.cell() / 9), color(LAST_MOVE));
        }
    }

    private void drawDisc(GC gc, Point centre, int r, Side side) {
        drawDisc(gc, centre, r, color(side == Side.FIRST ? BLACK : WHITE), color(side == Side.FIRST ? BLACK : OUTLINE));
    }

    private void drawHints(GC gc, BoardGeometry g) {
        int r = Math.max(3, g.cell() / 8);
        Color hint = color(clickable() == Side.FIRST ? BLACK_HINT : WHITE_HINT);
        for (OthelloMove m : position().placements()) {
            fillCircle(gc, g.centre(m.col(), m.row()), r, hint);
        }
    }

    private void drawStatus(GC gc, BoardGeometry g) {
        int lineHeight = lineHeight();
        var text = canvas().getDisplay().getSystemColor(SWT.COLOR_WIDGET_FOREGROUND);
        int x = g.left();
        int y = g.bottom() + GAP;
        int r = lineHeight * 4 / 10;
        Side toMove = position().isTerminal() ? null : position().sideToMove();
        for (Side side : Side.values()) {
            drawDisc(gc, new Point(x + r, y + lineHeight / 2), r, side);
            x += 2 * r + GAP;
            gc.setFont(side == toMove ? boldFont() : canvas().getFont());
            String score = scoreText(side);
            gc.setForeground(text);
            gc.drawString(score, x, y, true);
            x += gc.textExtent(score).x + 4 * GAP;
        }
        gc.setFont(boldFont());
        gc.drawString(turnText(), g.left(), y + lineHeight, true);
        gc.setFont(canvas().getFont());
        gc.drawString(noticeText(), g.left(), y + 2 * lineHeight, true);
    }
}
