package org.boardlab.game.gomoku.ui;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.boardlab.api.GameState;
import org.boardlab.api.Move;
import org.boardlab.api.Side;
import org.boardlab.game.gomoku.Danger;
import org.boardlab.game.gomoku.DangerAnalysis;
import org.boardlab.game.gomoku.GomokuBoard;
import org.boardlab.game.gomoku.Threat;
import org.boardlab.workbench.BoardCanvas;
import org.boardlab.workbench.BoardGeometry;
import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.GC;
import org.eclipse.swt.graphics.Point;
import org.eclipse.swt.graphics.RGB;
import org.eclipse.swt.graphics.Rectangle;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.layout.GridLayout;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Composite;

/**
 * One Gomoku board: a composite holding a double-buffered canvas, which draws a {@link GomokuBoard}
 * scaled to its size, and under it a check button "Show danger points".
 *
 * <p>The canvas shows a wooden grid with column letters above and row numbers to the left, the
 * stones on the intersections, a red dot on the last stone, a red line through the winning row of
 * a finished game, and up to four lines of text under the board: whose turn it is or the result,
 * and, while danger points are shown, how many there are and a colour key. Danger points are seed
 * 003's warning for the side to move ({@link DangerAnalysis#find} with the side that has just moved
 * as the attacker): a dot on each empty point where the opponent's next stone would make a threat,
 * coloured by the threat.
 *
 * <p>Clicks: when the {@code clickable} side is to move, a click (button 1 pressed and released
 * near the same intersection) reports the move on that point if it is legal. "Near" is within 45%
 * of the grid spacing from the intersection; clicks between points are ignored. After a move is
 * reported further clicks are ignored until the next {@link #show}.
 */
final class GomokuBoardWidget extends BoardCanvas<GomokuBoard, org.boardlab.game.gomoku.Point> {

    static final RGB WOOD = new RGB(222, 184, 122);
    static final RGB GRID = new RGB(70, 48, 24);
    static final RGB BLACK = new RGB(24, 24, 24);
    static final RGB WHITE = new RGB(246, 246, 240);
    static final RGB OUTLINE = new RGB(105, 105, 100);
    static final RGB MARK = new RGB(225, 30, 30);
    /** The colour of each threat's danger dot. */
    static final Map<Threat, RGB> THREAT_COLOURS = new EnumMap<>(Map.of(
            Threat.WIN, new RGB(200, 0, 160),
            Threat.OPEN_FOUR, new RGB(240, 110, 0),
            Threat.FOUR_THREE, new RGB(130, 60, 220),
            Threat.DOUBLE_THREE, new RGB(20, 120, 220)));

    /** Lines of text under the board: the turn, the notice, and the colour key (on two lines when narrow). */
    private static final int STATUS_LINES = 4;
    /** How far from an intersection, in grid spacings, a click still counts for it. */
    private static final double CLICK_RADIUS = 0.45;

    private final Button dangerButton;

    private List<Danger> dangers = List.of();
    private List<org.boardlab.game.gomoku.Point> winningLine = List.of();
    private boolean dangerShown = true;

    GomokuBoardWidget(Composite parent) {
        super(root(parent), "Gomoku", GomokuBoard.class, org.boardlab.game.gomoku.Point.class);
        canvas().setLayoutData(new GridData(SWT.FILL, SWT.FILL, true, true));
        dangerButton = new Button(control(), SWT.CHECK);
        dangerButton.setText("Show danger points");
        dangerButton.setToolTipText("Mark the points where the opponent's next stone would make a threat");
        dangerButton.setSelection(dangerShown);
        dangerButton.setLayoutData(new GridData(SWT.BEGINNING, SWT.CENTER, false, false));
        dangerButton.addListener(SWT.Selection, e -> setDangerShown(dangerButton.getSelection()));
        useEdgeLabels("25", STATUS_LINES);
    }

    /** The composite that holds the canvas above the check button. */
    private static Composite root(Composite parent) {
        Composite root = new Composite(parent, SWT.NONE);
        GridLayout layout = new GridLayout(1, false);
        layout.marginWidth = 0;
        layout.marginHeight = 0;
        root.setLayout(layout);
        return root;
    }

    /** {@inheritDoc} The composite holding the canvas and the danger check button. */
    @Override
    public Composite control() {
        return canvas().getParent();
    }

    /** The check button that switches the danger points on and off. */
    Button dangerButton() {
        return dangerButton;
    }

    /** The last stone is {@code given} when it is a point, otherwise the position's own {@link GomokuBoard#lastMove()}. */
    @Override
    protected org.boardlab.game.gomoku.Point lastMoveOf(GomokuBoard board, Move given) {
        return given instanceof org.boardlab.game.gomoku.Point p ? p : board.lastMove().orElse(null);
    }

    @Override
    protected void shown(GomokuBoard previous, Side previousClickable) {
        GameState state = state();
        dangers = state.isTerminal() ? List.of() : DangerAnalysis.find(position(), state.sideToMove().other());
        winningLine = winningLine(state);
    }

    /** The points of the winning row from {@code details()}, empty when there is none. */
    private static List<org.boardlab.game.gomoku.Point> winningLine(GameState state) {
        if (!state.isTerminal() || !(state.details().get("winningLine") instanceof List<?> points)) {
            return List.of();
        }
        List<org.boardlab.game.gomoku.Point> line = new ArrayList<>();
        for (Object p : points) {
            line.add(org.boardlab.game.gomoku.Point.parse(p.toString()));
        }
        return List.copyOf(line);
    }

    /** Shows or hides the danger points and their key; the check button follows. Shown at first. */
    void setDangerShown(boolean shown) {
        dangerShown = shown;
        if (dangerButton.getSelection() != shown) {
            dangerButton.setSelection(shown);
        }
        canvas().redraw();
    }

    /** {@code true} while the danger points are shown. */
    boolean isDangerShown() {
        return dangerShown;
    }

    /** The danger points of the position shown, strongest first; empty when the game is over. */
    List<Danger> dangers() {
        return dangers;
    }

    /**
     * One point: the move's intersection on the canvas, given in the coordinates of
     * {@link #control()} (the composite that holds the canvas and the check button). A real click
     * there lands on the canvas, which covers that part of the composite; code that sends events
     * itself must send them to the canvas, e.g. at {@code display.map(control(), canvas, point)}.
     */
    @Override
    protected List<Point> clicksOnCanvas(org.boardlab.game.gomoku.Point move) {
        return List.of(geometry().centre(move.col(), move.row()));
    }

    // ---- geometry ----

    /**
     * The board's place on the canvas as it is now; {@code null} before the first {@link #show}. The
     * wooden board is {@code size} cells square and intersection {@code (col, row)} is in the middle
     * of cell {@code (col, row)}, so the outer lines have half a cell of wood around them.
     */
    BoardGeometry geometry() {
        return position() == null ? null : geometry(canvas().getClientArea());
    }

    private BoardGeometry geometry(Rectangle area) {
        return labelledBoard(area, position().size());
    }

    /** The legal move on the intersection a click at {@code (x, y)} is near, or {@code null}. */
    @Override
    protected org.boardlab.game.gomoku.Point moveAt(int x, int y) {
        Point near = geometry().cellNear(x, y, CLICK_RADIUS);
        if (near == null) {
            return null;
        }
        org.boardlab.game.gomoku.Point point = org.boardlab.game.gomoku.Point.of(near.x, near.y);
        return isLegal(point) ? point : null;
    }

    // ---- text ----

    /** The first line under the board: whose turn it is, or the result. */
    String turnText() {
        return turnOrGameOver();
    }

    /**
     * The second line: how the game ended; or, while danger points are shown, how many there are
     * and whose threats they are; or nothing.
     */
    String noticeText() {
        GameState state = state();
        if (state.isTerminal()) {
            return capitalised(state.outcome().reason()) + ".";
        }
        if (!dangerShown) {
            return "";
        }
        String attacker = state.game().sideName(state.sideToMove().other());
        return switch (dangers.size()) {
            case 0 -> "No danger points.";
            case 1 -> "1 danger point, where " + attacker + " would make a threat:";
            default -> dangers.size() + " danger points, where " + attacker + " would make a threat:";
        };
    }

    /** The key's label for a threat, e.g. {@code open four}. */
    static String legendLabel(Threat threat) {
        return threat.label().replace('-', ' ');
    }

    // ---- painting ----

    @Override
    protected void paint(GC gc, Rectangle area) {
        BoardGeometry g = geometry(area);
        drawBoard(gc, g);
        drawEdgeLabels(gc, g);
        drawStones(gc, g);
        if (dangerShown) {
            drawDangers(gc, g);
        }
        drawStatus(gc, g, area);
    }

    private void drawBoard(GC gc, BoardGeometry g) {
        int n = g.size();
        gc.setBackground(color(WOOD));
        gc.fillRectangle(g.left(), g.top(), g.extent(), g.extent());
        gc.setForeground(color(GRID));
        gc.setLineWidth(1);
        Point first = g.centre(0, 0);
        Point last = g.centre(n - 1, n - 1);
        for (int i = 0; i < n; i++) {
            Point p = g.centre(i, i);
            gc.drawLine(p.x, first.y, p.x, last.y);
            gc.drawLine(first.x, p.y, last.x, p.y);
        }
        gc.setLineWidth(2);
        gc.drawRectangle(first.x, first.y, last.x - first.x, last.y - first.y);
        gc.setLineWidth(1);
        int r = Math.max(2, g.cell() / 10);
        gc.setBackground(color(GRID));
        for (int[] star : starPoints(n)) {
            Point p = g.centre(star[0], star[1]);
            gc.fillOval(p.x - r, p.y - r, 2 * r + 1, 2 * r + 1);
        }
    }

    /**
     * The star points, as {column, row}: the centre of an odd board, and the four points 3 lines in
     * from the edges on boards of 13 and more (d4, l4, h8, d12, l12 on 15x15), 2 lines in on boards
     * of 9 to 12.
     */
    static List<int[]> starPoints(int n) {
        List<int[]> points = new ArrayList<>();
        int in = n >= 13 ? 3 : n >= 9 ? 2 : -1;
        if (in > 0) {
            int far = n - 1 - in;
            points.addAll(List.of(new int[] {in, in}, new int[] {far, in}, new int[] {in, far}, new int[] {far, far}));
        }
        if (n % 2 == 1) {
            points.add(new int[] {n / 2, n / 2});
        }
        return points;
    }

    private void drawStones(GC gc, BoardGeometry g) {
        GomokuBoard board = position();
        int r = Math.max(2, g.cell() * 46 / 100);
        for (int row = 0; row < g.size(); row++) {
            for (int col = 0; col < g.size(); col++) {
                Side stone = board.stoneAt(col, row);
                if (stone != null) {
                    drawDisc(gc, g.centre(col, row), r, color(stone == Side.FIRST ? BLACK : WHITE),
                            color(stone == Side.FIRST ? BLACK : OUTLINE));
                }
            }
        }
        if (winningLine.size() >= 2) {
            Point from = g.centre(winningLine.get(0).col(), winningLine.get(0).row());
            var end = winningLine.get(winningLine.size() - 1);
            Point to = g.centre(end.col(), end.row());
            gc.setForeground(color(MARK));
            gc.setLineWidth(Math.max(2, g.cell() / 8));
            gc.setLineCap(SWT.CAP_ROUND);
            gc.drawLine(from.x, from.y, to.x, to.y);
            gc.setLineWidth(1);
            gc.setLineCap(SWT.CAP_FLAT);
        }
        var lastMove = lastMove();
        if (lastMove != null && lastMove.col() < g.size() && lastMove.row() < g.size()
                && board.stoneAt(lastMove) != null) {
            fillCircle(gc, g.centre(lastMove.col(), lastMove.row()), Math.max(2, g.cell() / 8), color(MARK));
        }
    }

    private void drawDangers(GC gc, BoardGeometry g) {
        int r = Math.max(3, g.cell() * 22 / 100);
        for (Danger d : dangers) {
            drawDangerDot(gc, g.centre(d.point().col(), d.point().row()), r, d.threat());
        }
    }

    private void drawDangerDot(GC gc, Point centre, int r, Threat threat) {
        drawDisc(gc, centre, r, color(THREAT_COLOURS.get(threat)), color(GRID));
    }

    private void drawStatus(GC gc, BoardGeometry g, Rectangle area) {
        int lineHeight = lineHeight();
        var text = canvas().getDisplay().getSystemColor(SWT.COLOR_WIDGET_FOREGROUND);
        gc.setForeground(text);
        int y = g.bottom() + GAP;
        gc.setFont(boldFont());
        gc.drawString(turnText(), g.left(), y, true);
        gc.setFont(canvas().getFont());
        gc.drawString(noticeText(), g.left(), y + lineHeight, true);
        if (dangerShown && !state().isTerminal()) {
            int x = g.left();
            int ly = y + 2 * lineHeight;
            int r = lineHeight * 3 / 10;
            int right = area.x + area.width;
            for (Threat threat : Threat.values()) {
                String label = legendLabel(threat);
                int width = 2 * r + GAP / 2 + gc.textExtent(label).x;
                if (x > g.left() && x + width > right) {
                    x = g.left();
                    ly += lineHeight;
                }
                drawDangerDot(gc, new Point(x + r, ly + lineHeight / 2), r, threat);
                x += 2 * r + GAP / 2;
                gc.setForeground(text);
                gc.drawString(label, x, ly, true);
                x += gc.textExtent(label).x + 2 * GAP;
            }
        }
    }
}
