package org.boardlab.game.gomoku.ui;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.function.Consumer;
import org.boardlab.api.GameState;
import org.boardlab.api.Move;
import org.boardlab.api.Outcome;
import org.boardlab.api.Side;
import org.boardlab.game.gomoku.api.Danger;
import org.boardlab.game.gomoku.api.DangerAnalysis;
import org.boardlab.game.gomoku.api.GomokuBoard;
import org.boardlab.game.gomoku.api.Threat;
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
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.layout.GridLayout;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Canvas;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Event;

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
final class GomokuBoardWidget implements BoardWidget {

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

    private static final int GAP = 6;
    /** Lines of text under the board: the turn, the notice, and the colour key (on two lines when narrow). */
    private static final int STATUS_LINES = 4;
    /** How far from an intersection, in grid spacings, a click still counts for it. */
    private static final double CLICK_RADIUS = 0.45;

    private final Composite root;
    private final Canvas canvas;
    private final Button dangerButton;
    private final List<Resource> resources = new ArrayList<>();
    private final Color wood;
    private final Color grid;
    private final Color black;
    private final Color white;
    private final Color outline;
    private final Color mark;
    private final Map<Threat, Color> threatColours = new EnumMap<>(Threat.class);
    private final Font bold;
    private final int lineHeight;
    private final int labelWidth;

    private final String[] names = new String[2];
    private Consumer<Move> listener = move -> { };
    private GameState state;
    private GomokuBoard board;
    private org.boardlab.game.gomoku.api.Point lastMove;
    private Side clickable;
    private List<Danger> dangers = List.of();
    private List<org.boardlab.game.gomoku.api.Point> winningLine = List.of();
    private boolean dangerShown = true;
    private boolean reported;
    private org.boardlab.game.gomoku.api.Point pressed;

    GomokuBoardWidget(Composite parent) {
        root = new Composite(parent, SWT.NONE);
        GridLayout layout = new GridLayout(1, false);
        layout.marginWidth = 0;
        layout.marginHeight = 0;
        root.setLayout(layout);
        canvas = new Canvas(root, SWT.DOUBLE_BUFFERED | SWT.NO_BACKGROUND);
        canvas.setLayoutData(new GridData(SWT.FILL, SWT.FILL, true, true));
        dangerButton = new Button(root, SWT.CHECK);
        dangerButton.setText("Show danger points");
        dangerButton.setToolTipText("Mark the points where the opponent's next stone would make a threat");
        dangerButton.setSelection(dangerShown);
        dangerButton.setLayoutData(new GridData(SWT.BEGINNING, SWT.CENTER, false, false));
        dangerButton.addListener(SWT.Selection, e -> setDangerShown(dangerButton.getSelection()));

        wood = color(WOOD);
        grid = color(GRID);
        black = color(BLACK);
        white = color(WHITE);
        outline = color(OUTLINE);
        mark = color(MARK);
        THREAT_COLOURS.forEach((threat, rgb) -> threatColours.put(threat, color(rgb)));
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
            labelWidth = gc.textExtent("25").x;
        } finally {
            gc.dispose();
        }
        root.addDisposeListener(e -> resources.forEach(Resource::dispose));
        canvas.addPaintListener(e -> paint(e.gc, canvas.getClientArea()));
        canvas.addListener(SWT.Resize, e -> canvas.redraw());
        canvas.addListener(SWT.MouseDown, this::mouseDown);
        canvas.addListener(SWT.MouseUp, this::mouseUp);
        canvas.addListener(SWT.MouseMove, this::mouseMove);
    }

    private Color color(RGB rgb) {
        Color c = new Color(root.getDisplay(), rgb);
        resources.add(c);
        return c;
    }

    @Override
    public Control control() {
        return root;
    }

    /** The canvas the board is drawn on (the top control also holds the danger check button). */
    Canvas canvas() {
        return canvas;
    }

    /** The check button that switches the danger points on and off. */
    Button dangerButton() {
        return dangerButton;
    }

    /**
     * {@inheritDoc}
     *
     * <p>The last stone is {@code lastMove} when given, otherwise the position's own
     * {@link GomokuBoard#lastMove()}.
     *
     * @throws IllegalArgumentException if {@code state} is not a {@link GomokuBoard}
     */
    @Override
    public void show(GameState state, Move lastMove, Side clickable) {
        Objects.requireNonNull(state, "state");
        if (!(state instanceof GomokuBoard gomoku)) {
            throw new IllegalArgumentException("the Gomoku board shows Gomoku positions, not a position of "
                    + state.game().id());
        }
        this.state = state;
        this.board = gomoku;
        this.lastMove = lastMove instanceof org.boardlab.game.gomoku.api.Point p ? p : gomoku.lastMove().orElse(null);
        this.clickable = clickable;
        this.dangers = state.isTerminal() ? List.of() : DangerAnalysis.find(gomoku, state.sideToMove().other());
        this.winningLine = winningLine(state);
        this.reported = false;
        this.pressed = null;
        canvas.setCursor(null);
        canvas.redraw();
    }

    /** The points of the winning row from {@code details()}, empty when there is none. */
    private static List<org.boardlab.game.gomoku.api.Point> winningLine(GameState state) {
        if (!state.isTerminal() || !(state.details().get("winningLine") instanceof List<?> points)) {
            return List.of();
        }
        List<org.boardlab.game.gomoku.api.Point> line = new ArrayList<>();
        for (Object p : points) {
            line.add(org.boardlab.game.gomoku.api.Point.parse(p.toString()));
        }
        return List.copyOf(line);
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

    /** Shows or hides the danger points and their key; the check button follows. Shown at first. */
    void setDangerShown(boolean shown) {
        dangerShown = shown;
        if (dangerButton.getSelection() != shown) {
            dangerButton.setSelection(shown);
        }
        canvas.redraw();
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
     * {@inheritDoc}
     *
     * <p>One point: the move's intersection on the canvas, given in the coordinates of
     * {@link #control()} (the composite that holds the canvas and the check button). A real click
     * there lands on the canvas, which covers that part of the composite; code that sends events
     * itself must send them to the canvas, e.g. at {@code display.map(control(), canvas, point)}.
     *
     * @throws IllegalStateException    before the first {@link #show}
     * @throws IllegalArgumentException if {@code move} is not a legal move of the position shown
     */
    @Override
    public List<Point> clicksFor(Move move) {
        Objects.requireNonNull(move, "move");
        if (board == null) {
            throw new IllegalStateException("no position is shown yet");
        }
        Move parsed;
        try {
            parsed = move instanceof org.boardlab.game.gomoku.api.Point ? move : state.parseMove(move.notation());
        } catch (RuntimeException notOurs) {
            parsed = null;
        }
        if (!(parsed instanceof org.boardlab.game.gomoku.api.Point p) || !state.legalMoves().contains(p)) {
            throw new IllegalArgumentException(move.notation() + " is not a legal move in the position shown");
        }
        Point onCanvas = geometry().intersection(p.col(), p.row());
        return List.of(canvas.getDisplay().map(canvas, root, onCanvas));
    }

    // ---- geometry ----

    /**
     * Where the board is drawn: its top left corner, the grid spacing, the size. The wooden board is
     * {@code size} cells square and intersection {@code (col, row)} is in the middle of cell
     * {@code (col, row)}, so the outer lines have half a cell of wood around them.
     */
    record Geometry(int left, int top, int cell, int size) {

        /** The pixel of intersection {@code (col, row)}. */
        Point intersection(int col, int row) {
            return new Point(left + col * cell + cell / 2, top + row * cell + cell / 2);
        }

        /** The intersection a click at {@code (x, y)} is near, or {@code null}. */
        org.boardlab.game.gomoku.api.Point pointAt(int x, int y) {
            if (x < left || y < top) {
                return null;
            }
            int col = (x - left) / cell;
            int row = (y - top) / cell;
            if (col >= size || row >= size) {
                return null;
            }
            Point centre = intersection(col, row);
            double dx = x - centre.x;
            double dy = y - centre.y;
            double reach = CLICK_RADIUS * cell;
            return dx * dx + dy * dy <= reach * reach ? org.boardlab.game.gomoku.api.Point.of(col, row) : null;
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
        return board == null ? null : geometry(canvas.getClientArea());
    }

    private Geometry geometry(Rectangle area) {
        int n = board.size();
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
        org.boardlab.game.gomoku.api.Point down = pressed;
        pressed = null;
        if (e.button != 1 || down == null) {
            return;
        }
        org.boardlab.game.gomoku.api.Point move = moveAt(e.x, e.y);
        if (down.equals(move)) {
            reported = true;
            canvas.setCursor(null);
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

    /** The legal move a click at {@code (x, y)} makes, or {@code null}. */
    private org.boardlab.game.gomoku.api.Point moveAt(int x, int y) {
        if (state == null || clickable == null || reported || state.isTerminal() || state.sideToMove() != clickable) {
            return null;
        }
        org.boardlab.game.gomoku.api.Point point = geometry().pointAt(x, y);
        return point != null && state.legalMoves().contains(point) ? point : null;
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

    /** The first line under the board: whose turn it is, or the result. */
    String turnText() {
        if (state.isTerminal()) {
            Outcome outcome = state.outcome();
            return outcome.isDraw() ? "Game over: a draw" : "Game over: " + name(outcome.winner()) + " wins";
        }
        return name(state.sideToMove()) + " to move";
    }

    /**
     * The second line: how the game ended; or, while danger points are shown, how many there are
     * and whose threats they are; or nothing.
     */
    String noticeText() {
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

    /** Draws the whole canvas area {@code area} with {@code gc}. */
    void paint(GC gc, Rectangle area) {
        gc.setAdvanced(true);
        gc.setAntialias(SWT.ON);
        gc.setTextAntialias(SWT.ON);
        gc.setBackground(canvas.getBackground());
        gc.fillRectangle(area);
        if (board == null) {
            return;
        }
        Geometry g = geometry(area);
        drawBoard(gc, g);
        drawLabels(gc, g);
        drawStones(gc, g);
        if (dangerShown) {
            drawDangers(gc, g);
        }
        drawStatus(gc, g, area);
    }

    private void drawBoard(GC gc, Geometry g) {
        int n = g.size();
        gc.setBackground(wood);
        gc.fillRectangle(g.left(), g.top(), g.extent(), g.extent());
        gc.setForeground(grid);
        gc.setLineWidth(1);
        Point first = g.intersection(0, 0);
        Point last = g.intersection(n - 1, n - 1);
        for (int i = 0; i < n; i++) {
            Point p = g.intersection(i, i);
            gc.drawLine(p.x, first.y, p.x, last.y);
            gc.drawLine(first.x, p.y, last.x, p.y);
        }
        gc.setLineWidth(2);
        gc.drawRectangle(first.x, first.y, last.x - first.x, last.y - first.y);
        gc.setLineWidth(1);
        int r = Math.max(2, g.cell() / 10);
        gc.setBackground(grid);
        for (int[] star : starPoints(n)) {
            Point p = g.intersection(star[0], star[1]);
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

    private void drawLabels(GC gc, Geometry g) {
        gc.setForeground(canvas.getDisplay().getSystemColor(SWT.COLOR_WIDGET_FOREGROUND));
        gc.setFont(canvas.getFont());
        for (int i = 0; i < g.size(); i++) {
            Point p = g.intersection(i, i);
            String column = String.valueOf((char) ('a' + i));
            Point ce = gc.textExtent(column);
            gc.drawString(column, p.x - ce.x / 2, g.top() - GAP / 2 - ce.y, true);
            String row = Integer.toString(i + 1);
            Point re = gc.textExtent(row);
            gc.drawString(row, g.left() - GAP - re.x, p.y - re.y / 2, true);
        }
    }

    private void drawStones(GC gc, Geometry g) {
        int r = Math.max(2, g.cell() * 46 / 100);
        for (int row = 0; row < g.size(); row++) {
            for (int col = 0; col < g.size(); col++) {
                Side stone = board.stoneAt(col, row);
                if (stone != null) {
                    Point p = g.intersection(col, row);
                    drawStone(gc, p.x, p.y, r, stone);
                }
            }
        }
        if (winningLine.size() >= 2) {
            Point from = g.intersection(winningLine.get(0).col(), winningLine.get(0).row());
            var end = winningLine.get(winningLine.size() - 1);
            Point to = g.intersection(end.col(), end.row());
            gc.setForeground(mark);
            gc.setLineWidth(Math.max(2, g.cell() / 8));
            gc.setLineCap(SWT.CAP_ROUND);
            gc.drawLine(from.x, from.y, to.x, to.y);
            gc.setLineWidth(1);
            gc.setLineCap(SWT.CAP_FLAT);
        }
        if (lastMove != null && lastMove.col() < g.size() && lastMove.row() < g.size()
                && board.stoneAt(lastMove) != null) {
            Point p = g.intersection(lastMove.col(), lastMove.row());
            int m = Math.max(2, g.cell() / 8);
            gc.setBackground(mark);
            gc.fillOval(p.x - m, p.y - m, 2 * m, 2 * m);
        }
    }

    private void drawStone(GC gc, int x, int y, int r, Side side) {
        gc.setBackground(side == Side.FIRST ? black : white);
        gc.fillOval(x - r, y - r, 2 * r, 2 * r);
        gc.setForeground(side == Side.FIRST ? black : outline);
        gc.drawOval(x - r, y - r, 2 * r, 2 * r);
    }

    private void drawDangers(GC gc, Geometry g) {
        int r = Math.max(3, g.cell() * 22 / 100);
        for (Danger d : dangers) {
            Point p = g.intersection(d.point().col(), d.point().row());
            drawDangerDot(gc, p.x, p.y, r, d.threat());
        }
    }

    private void drawDangerDot(GC gc, int x, int y, int r, Threat threat) {
        gc.setBackground(threatColours.get(threat));
        gc.fillOval(x - r, y - r, 2 * r, 2 * r);
        gc.setForeground(grid);
        gc.drawOval(x - r, y - r, 2 * r, 2 * r);
    }

    private void drawStatus(GC gc, Geometry g, Rectangle area) {
        gc.setForeground(canvas.getDisplay().getSystemColor(SWT.COLOR_WIDGET_FOREGROUND));
        int y = g.bottom() + GAP;
        gc.setFont(bold);
        gc.drawString(turnText(), g.left(), y, true);
        gc.setFont(canvas.getFont());
        gc.drawString(noticeText(), g.left(), y + lineHeight, true);
        if (dangerShown && !state.isTerminal()) {
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
                drawDangerDot(gc, x + r, ly + lineHeight / 2, r, threat);
                x += 2 * r + GAP / 2;
                gc.setForeground(canvas.getDisplay().getSystemColor(SWT.COLOR_WIDGET_FOREGROUND));
                gc.drawString(label, x, ly, true);
                x += gc.textExtent(label).x + 2 * GAP;
            }
        }
    }

    /** Every colour and font this widget made, for tests of their disposal. */
    List<Resource> resources() {
        return List.copyOf(resources);
    }
}
