package org.boardlab.game.othello.ui;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Consumer;
import org.boardlab.api.GameState;
import org.boardlab.api.Move;
import org.boardlab.api.Outcome;
import org.boardlab.api.Side;
import org.boardlab.game.othello.OthelloMove;
import org.boardlab.game.othello.OthelloPosition;
import org.boardlab.workbench.BoardWidget;
import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.Color;
import org.eclipse.swt.graphics.Font;
import org.eclipse.swt.graphics.FontData;
import org.eclipse.swt.graphics.GC;
import org.eclipse.swt.graphics.Point;
import org.eclipse.swt.graphics.RGB;
import org.eclipse.swt.graphics.Rectangle;
import org.eclipse.swt.graphics.Resource;
import org.eclipse.swt.widgets.Canvas;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Event;

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
final class OthelloBoardWidget implements BoardWidget {

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

    private static final int GAP = 6;
    private static final int STATUS_LINES = 3;

    private final Canvas canvas;
    private final List<Resource> resources = new ArrayList<>();
    private final Color board;
    private final Color grid;
    private final Color black;
    private final Color white;
    private final Color outline;
    private final Color blackHint;
    private final Color whiteHint;
    private final Color lastMoveColor;
    private final Font bold;
    private final int lineHeight;
    private final int labelWidth;

    private final String[] names = new String[2];
    private Consumer<Move> listener = move -> { };
    private OthelloPosition state;
    private OthelloMove lastMove;
    private Side clickable;
    private boolean reported;
    private OthelloMove pressed;

    OthelloBoardWidget(Composite parent) {
        canvas = new Canvas(parent, SWT.DOUBLE_BUFFERED | SWT.NO_BACKGROUND);
        board = color(BOARD);
        grid = color(GRID);
        black = color(BLACK);
        white = color(WHITE);
        outline = color(OUTLINE);
        blackHint = color(BLACK_HINT);
        whiteHint = color(WHITE_HINT);
        lastMoveColor = color(LAST_MOVE);
        FontData[] data = canvas.getFont().getFontData();
        for (FontData d : data) {
            d.setStyle(SWT.BOLD);
        }
        bold = new Font(canvas.getDisplay(), data);
        resources.add(bold);
        GC gc = new GC(canvas);
        try {
            gc.setFont(bold);
            lineHeight = gc.getFontMetrics().getHeight();
            labelWidth = gc.textExtent("16").x;
        } finally {
            gc.dispose();
        }
        canvas.addDisposeListener(e -> resources.forEach(Resource::dispose));
        canvas.addPaintListener(e -> paint(e.gc, canvas.getClientArea()));
        canvas.addListener(SWT.Resize, e -> canvas.redraw());
        canvas.addListener(SWT.MouseDown, this::mouseDown);
        canvas.addListener(SWT.MouseUp, this::mouseUp);
        canvas.addListener(SWT.MouseMove, this::mouseMove);
    }

    private Color color(RGB rgb) {
        Color c = new Color(canvas.getDisplay(), rgb);
        resources.add(c);
        return c;
    }

    @Override
    public Control control() {
        return canvas;
    }

    /**
     * {@inheritDoc}
     *
     * <p>The last move is {@code lastMove} when given, otherwise the position's own
     * {@link OthelloPosition#lastMove()}; a pass is not marked on the board (the text says it).
     *
     * @throws IllegalArgumentException if {@code state} is not an {@link OthelloPosition}
     */
    @Override
    public void show(GameState state, Move lastMove, Side clickable) {
        Objects.requireNonNull(state, "state");
        if (!(state instanceof OthelloPosition position)) {
            throw new IllegalArgumentException("the Othello board shows Othello positions, not a position of "
                    + state.game().id());
        }
        this.state = position;
        this.lastMove = lastMove == null ? position.lastMove().orElse(null) : toOthelloMove(position, lastMove);
        this.clickable = clickable;
        this.reported = false;
        this.pressed = null;
        canvas.setCursor(null);
        canvas.redraw();
    }

    private static OthelloMove toOthelloMove(OthelloPosition position, Move move) {
        if (move instanceof OthelloMove m) {
            return m;
        }
        try {
            return position.parseMove(move.notation()) instanceof OthelloMove m ? m : null;
        } catch (RuntimeException notOurs) {
            return null;
        }
    }

    @Override
    public void onMove(Consumer<Move> listener) {
        this.listener = Objects.requireNonNull(listener, "listener");
    }

    @Override
    public void setPlayerNames(String first, String second) {
        names[0] = first;
        names[1] = second;
        canvas.redraw();
    }

    /**
     * {@inheritDoc}
     *
     * <p>One point: the centre of the move's square; for {@code pass} (legal only when it is the
     * only move) the centre of the board, since a click anywhere on the board passes then.
     *
     * @throws IllegalStateException    before the first {@link #show}
     * @throws IllegalArgumentException if {@code move} is not a legal move of the position shown
     */
    @Override
    public List<Point> clicksFor(Move move) {
        Objects.requireNonNull(move, "move");
        if (state == null) {
            throw new IllegalStateException("no position is shown yet");
        }
        OthelloMove m = toOthelloMove(state, move);
        if (m == null || !state.legalMoves().contains(m)) {
            throw new IllegalArgumentException(move.notation() + " is not a legal move in the position shown");
        }
        Geometry g = geometry();
        if (m.isPass()) {
            return List.of(new Point(g.left() + g.extent() / 2, g.top() + g.extent() / 2));
        }
        return List.of(g.centre(m.col(), m.row()));
    }

    // ---- geometry ----

    /** Where the board is drawn in a client area: its top left corner, the square's side, the size. */
    record Geometry(int left, int top, int cell, int size) {

        /** The square {@code (col, row)} in canvas pixels. */
        Rectangle square(int col, int row) {
            return new Rectangle(left + col * cell, top + row * cell, cell, cell);
        }

        /** The centre pixel of square {@code (col, row)}. */
        Point centre(int col, int row) {
            return new Point(left + col * cell + cell / 2, top + row * cell + cell / 2);
        }

        /** The square under pixel {@code (x, y)}, or {@code null} off the board. */
        OthelloMove squareAt(int x, int y) {
            if (x < left || y < top) {
                return null;
            }
            int col = (x - left) / cell;
            int row = (y - top) / cell;
            return col < size && row < size ? OthelloMove.at(col, row) : null;
        }

        int extent() {
            return cell * size;
        }

        int bottom() {
            return top + extent();
        }
    }

    /** The board's place on the canvas as it is now; {@code null} before the first {@link #show}. */
    Geometry geometry() {
        return state == null ? null : geometry(canvas.getClientArea());
    }

    private Geometry geometry(Rectangle area) {
        int n = state.size();
        int marginLeft = labelWidth + 2 * GAP;
        int marginTop = lineHeight + GAP;
        int statusHeight = STATUS_LINES * lineHeight + 2 * GAP;
        int availableWidth = area.width - marginLeft - GAP;
        int availableHeight = area.height - marginTop - statusHeight;
        int cell = Math.max(4, Math.min(availableWidth, availableHeight) / n);
        int left = area.x + marginLeft + Math.max(0, (availableWidth - cell * n) / 2);
        return new Geometry(left, area.y + marginTop, cell, n);
    }

    // ---- clicks ----

    private void mouseDown(Event e) {
        pressed = e.button == 1 ? moveAt(e.x, e.y) : null;
    }

    private void mouseUp(Event e) {
        OthelloMove down = pressed;
        pressed = null;
        if (e.button != 1 || down == null) {
            return;
        }
        OthelloMove move = moveAt(e.x, e.y);
        if (down.equals(move)) {
            reported = true;
            canvas.setCursor(null);
            canvas.redraw();
            listener.accept(move);
        }
    }

    private void mouseMove(Event e) {
        boolean playable = moveAt(e.x, e.y) != null;
        var hand = canvas.getDisplay().getSystemCursor(SWT.CURSOR_HAND);
        if (playable != (canvas.getCursor() == hand)) {
            canvas.setCursor(playable ? hand : null);
        }
    }

    /**
     * The legal move a click at {@code (x, y)} makes: the square under it if legal, {@link
     * OthelloMove#PASS} anywhere on the board when that is the only move; {@code null} when nobody
     * may click now or the click is not on a legal square.
     */
    private OthelloMove moveAt(int x, int y) {
        if (!myTurn()) {
            return null;
        }
        OthelloMove square = geometry().squareAt(x, y);
        if (square == null) {
            return null;
        }
        if (mustPass()) {
            return OthelloMove.PASS;
        }
        return state.legalMoves().contains(square) ? square : null;
    }

    private boolean myTurn() {
        return state != null && clickable != null && !reported && !state.isTerminal()
                && state.sideToMove() == clickable;
    }

    private boolean mustPass() {
        return !state.isTerminal() && state.placements().isEmpty();
    }

    // ---- text ----

    private String name(Side side) {
        String colour = state.game().sideName(side);
        String given = names[side.index()];
        return given == null ? capitalised(colour) : given + " (" + colour + ")";
    }

    private static String capitalised(String s) {
        return s.isEmpty() ? s : s.substring(0, 1).toUpperCase(Locale.ROOT) + s.substring(1);
    }

    /** The disc count shown for {@code side}, e.g. {@code Black 12}. */
    String scoreText(Side side) {
        return name(side) + "  " + state.discs(side);
    }

    /** The second line: whose turn it is, or the result. */
    String turnText() {
        if (state.isTerminal()) {
            Outcome outcome = state.outcome();
            return outcome.isDraw() ? "Game over: a draw" : "Game over: " + name(outcome.winner()) + " wins";
        }
        return name(state.sideToMove()) + " to move";
    }

    /** The third line: how the game ended, a pass to come, a pass just made, or nothing. */
    String noticeText() {
        if (state.isTerminal()) {
            return capitalised(state.outcome().reason()) + ".";
        }
        Side mover = state.sideToMove();
        if (mustPass()) {
            return mover == clickable && !reported
                    ? name(mover) + " has no move: click the board to pass."
                    : name(mover) + " has no move and must pass.";
        }
        if (state.passed()) {
            return name(mover.other()) + " passed: it had no move.";
        }
        return "";
    }

    // ---- painting ----

    /** Draws the whole canvas area {@code area} with {@code gc}. */
    void paint(GC gc, Rectangle area) {
        gc.setAdvanced(true);
        gc.setAntialias(SWT.ON);
        gc.setTextAntialias(SWT.ON);
        gc.setBackground(canvas.getBackground());
        gc.fillRectangle(area);
        if (state == null) {
            return;
        }
        Geometry g = geometry(area);
        drawBoard(gc, g);
        drawLabels(gc, g);
        drawDiscs(gc, g);
        if (myTurn()) {
            drawHints(gc, g);
        }
        drawStatus(gc, g);
    }

    private void drawBoard(GC gc, Geometry g) {
        int n = g.size();
        int extent = g.extent();
        gc.setBackground(board);
        gc.fillRectangle(g.left(), g.top(), extent, extent);
        gc.setForeground(grid);
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
            gc.setBackground(grid);
            for (int line : new int[] {n / 4, n - n / 4}) {
                for (int other : new int[] {n / 4, n - n / 4}) {
                    int x = g.left() + line * g.cell();
                    int y = g.top() + other * g.cell();
                    gc.fillOval(x - r, y - r, 2 * r, 2 * r);
                }
            }
        }
    }

    private void drawLabels(GC gc, Geometry g) {
        gc.setForeground(canvas.getDisplay().getSystemColor(SWT.COLOR_WIDGET_FOREGROUND));
        gc.setFont(canvas.getFont());
        for (int i = 0; i < g.size(); i++) {
            Point centre = g.centre(i, i);
            String column = String.valueOf((char) ('a' + i));
            Point ce = gc.textExtent(column);
            gc.drawString(column, centre.x - ce.x / 2, g.top() - GAP / 2 - ce.y, true);
            String row = Integer.toString(i + 1);
            Point re = gc.textExtent(row);
            gc.drawString(row, g.left() - GAP - re.x, centre.y - re.y / 2, true);
        }
    }

    private void drawDiscs(GC gc, Geometry g) {
        int r = Math.max(2, g.cell() * 42 / 100);
        for (int row = 0; row < g.size(); row++) {
            for (int col = 0; col < g.size(); col++) {
                Optional<Side> disc = state.disc(col, row);
                if (disc.isEmpty()) {
                    continue;
                }
                Point c = g.centre(col, row);
                drawDisc(gc, c.x, c.y, r, disc.get());
            }
        }
        if (lastMove != null && !lastMove.isPass() && lastMove.col() < g.size() && lastMove.row() < g.size()) {
            Point c = g.centre(lastMove.col(), lastMove.row());
            int m = Math.max(2, g.cell() / 9);
            gc.setBackground(lastMoveColor);
            gc.fillOval(c.x - m, c.y - m, 2 * m, 2 * m);
        }
    }

    private void drawDisc(GC gc, int x, int y, int r, Side side) {
        gc.setBackground(side == Side.FIRST ? black : white);
        gc.fillOval(x - r, y - r, 2 * r, 2 * r);
        gc.setForeground(side == Side.FIRST ? black : outline);
        gc.drawOval(x - r, y - r, 2 * r, 2 * r);
    }

    private void drawHints(GC gc, Geometry g) {
        int r = Math.max(3, g.cell() / 8);
        gc.setBackground(clickable == Side.FIRST ? blackHint : whiteHint);
        for (OthelloMove m : state.placements()) {
            Point c = g.centre(m.col(), m.row());
            gc.fillOval(c.x - r, c.y - r, 2 * r, 2 * r);
        }
    }

    private void drawStatus(GC gc, Geometry g) {
        gc.setForeground(canvas.getDisplay().getSystemColor(SWT.COLOR_WIDGET_FOREGROUND));
        int x = g.left();
        int y = g.bottom() + GAP;
        int r = lineHeight * 4 / 10;
        Side toMove = state.isTerminal() ? null : state.sideToMove();
        for (Side side : Side.values()) {
            drawDisc(gc, x + r, y + lineHeight / 2, r, side);
            x += 2 * r + GAP;
            gc.setFont(side == toMove ? bold : canvas.getFont());
            String text = scoreText(side);
            gc.setForeground(canvas.getDisplay().getSystemColor(SWT.COLOR_WIDGET_FOREGROUND));
            gc.drawString(text, x, y, true);
            x += gc.textExtent(text).x + 4 * GAP;
        }
        gc.setFont(bold);
        gc.drawString(turnText(), g.left(), y + lineHeight, true);
        gc.setFont(canvas.getFont());
        gc.drawString(noticeText(), g.left(), y + 2 * lineHeight, true);
    }

    /** Every colour and font this widget made, for tests of their disposal. */
    List<Resource> resources() {
        return List.copyOf(resources);
    }
}
