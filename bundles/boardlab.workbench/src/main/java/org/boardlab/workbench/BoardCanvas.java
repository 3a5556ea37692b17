package org.boardlab.workbench;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Consumer;
import org.boardlab.api.GameState;
import org.boardlab.api.Move;
import org.boardlab.api.Outcome;
import org.boardlab.api.Side;
import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.Color;
import org.eclipse.swt.graphics.Cursor;
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
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.Event;
import org.osgi.annotation.versioning.ConsumerType;

/**
 * The part every board widget drawn on one SWT canvas has in common, for a game's UI bundle to
 * extend: the game draws its board in {@link #paint} and says where a click goes; this class keeps
 * the position shown, whose turn it is to click, the player names and the move listeners, and
 * owns the canvas, its colours and fonts.
 *
 * <p>What it does for the subclass:
 * <ul>
 *   <li>a double-buffered canvas that is redrawn when it is resized, painted with the
 *       {@link #background()} and then, once a position is shown, by {@link #paint} with
 *       anti-aliasing on;</li>
 *   <li>{@link #show}: refuses positions of other games, keeps the position, its legal moves, the
 *       last move ({@link #lastMoveOf}) and the clickable side, and takes clicks again;</li>
 *   <li>clicks: a press and a release of button 1 on the same move ({@link #moveAt}) reports it, and
 *       the pointer is a hand over such moves; games with clicks in steps override
 *       {@link #mouseUp} and call {@link #report}. After a report clicks are ignored until the next
 *       {@code show}, so a double click cannot play twice;</li>
 *   <li>{@link #clicksFor}: checks the move against the position shown and maps the game's
 *       {@link #clicksOnCanvas} to {@link #control()}'s coordinates;</li>
 *   <li>colours and fonts made on first use ({@link #color}, {@link #font}, {@link #boldFont}) and
 *       freed when the canvas is disposed;</li>
 *   <li>texts: the sides' names with the player names, the turn or the result;</li>
 *   <li>the edge coordinates in boardlab's notation ({@link #drawEdgeLabels}, {@link #columnName}),
 *       and a square board placed with room for them and for lines of text under it
 *       ({@link #useEdgeLabels}, {@link #labelledBoard}).</li>
 * </ul>
 *
 * <p>All methods are called on the UI thread.
 *
 * @param <P> the type of the positions this board shows (often the game's {@link GameState} class)
 * @param <M> the type of the game's moves
 */
@ConsumerType
public abstract class BoardCanvas<P, M extends Move> implements BoardWidget {

    /** Pixels between the board, its edge labels and the text under it. */
    public static final int GAP = 6;

    private final Canvas canvas;
    private final String gameName;
    private final Class<P> positionType;
    private final Class<M> moveType;
    private final List<Resource> resources = new ArrayList<>();
    private final Map<RGB, Color> colours = new HashMap<>();
    private final Map<Integer, Font> fonts = new HashMap<>();
    private Font bold;
    private int lineHeight = -1;
    private int rowLabelWidth;
    private int linesBelow;
    private final List<Consumer<Move>> listeners = new ArrayList<>();
    private final String[] names = new String[2];

    private GameState state;
    private P position;
    private M lastMove;
    private Side clickable;
    private Set<Move> legal = Set.of();
    private boolean reported;
    private M pressed;

    /**
     * Makes the canvas in {@code parent}.
     *
     * @param parent       where the canvas goes; {@link #control()} is the canvas unless a subclass
     *                     puts the canvas in a composite of its own and overrides it
     * @param gameName     the game's name in messages, e.g. {@code Othello}
     * @param positionType the positions {@link #show} accepts
     * @param moveType     the game's moves
     */
    protected BoardCanvas(Composite parent, String gameName, Class<P> positionType, Class<M> moveType) {
        this.gameName = Objects.requireNonNull(gameName, "gameName");
        this.positionType = Objects.requireNonNull(positionType, "positionType");
        this.moveType = Objects.requireNonNull(moveType, "moveType");
        canvas = new Canvas(parent, SWT.DOUBLE_BUFFERED | SWT.NO_BACKGROUND);
        canvas.addDisposeListener(e -> {
            resources.forEach(Resource::dispose);
            colours.clear();
            fonts.clear();
        });
        canvas.addPaintListener(e -> paintCanvas(e.gc));
        canvas.addListener(SWT.Resize, e -> canvas.redraw());
        canvas.addListener(SWT.MouseDown, this::mouseDown);
        canvas.addListener(SWT.MouseUp, this::mouseUp);
        canvas.addListener(SWT.MouseMove, this::mouseMove);
    }

    /** The canvas the board is drawn on; it gets the mouse events. */
    public final Canvas canvas() {
        return canvas;
    }

    /** {@inheritDoc} The canvas, unless a subclass puts it in a composite of its own. */
    @Override
    public Control control() {
        return canvas;
    }

    // ---- the position shown ----

    /**
     * {@inheritDoc}
     *
     * <p>Takes clicks again (when {@code clickable} is to move) and redraws the board.
     *
     * @throws IllegalArgumentException if {@code state} is not a position of this board's game
     */
    @Override
    public final void show(GameState state, Move lastMove, Side clickable) {
        Objects.requireNonNull(state, "state");
        if (!positionType.isInstance(state)) {
            throw new IllegalArgumentException("the " + gameName + " board shows " + gameName
                    + " positions, not a position of " + state.game().id());
        }
        P previous = position;
        Side previousClickable = this.clickable;
        this.state = state;
        this.position = positionType.cast(state);
        this.clickable = clickable;
        this.legal = new HashSet<>(state.legalMoves());
        this.lastMove = lastMoveOf(position, lastMove);
        this.reported = false;
        this.pressed = null;
        canvas.setCursor(null);
        shown(previous, previousClickable);
        canvas.redraw();
    }

    /**
     * The move to mark as the last one: by default {@code given} when it is one of this game's
     * moves, else none. Games whose positions know their last move override this.
     *
     * @param position the position being shown
     * @param given    the last move given to {@link #show}, or {@code null}
     * @return the move to mark, or {@code null}
     */
    protected M lastMoveOf(P position, Move given) {
        return moveType.isInstance(given) ? moveType.cast(given) : null;
    }

    /**
     * Called by {@link #show} once the new position is kept, before the board is redrawn: for what
     * the game works out once per position (threats, selections to clear). Does nothing by default.
     *
     * @param previous          the position shown before, or {@code null}
     * @param previousClickable the clickable side before
     */
    protected void shown(P previous, Side previousClickable) {
    }

    /** The position shown, or {@code null} before the first {@link #show}. */
    protected final P position() {
        return position;
    }

    /** The position shown as a game state, or {@code null} before the first {@link #show}. */
    protected final GameState state() {
        return state;
    }

    /** The move marked as the last one (see {@link #lastMoveOf}), or {@code null}. */
    protected final M lastMove() {
        return lastMove;
    }

    /** The side whose moves the person at this board makes by clicking, or {@code null}. */
    protected final Side clickable() {
        return clickable;
    }

    /** {@code true} if {@code move} is a legal move of the position shown. */
    protected final boolean isLegal(Move move) {
        return legal.contains(move);
    }

    /**
     * {@code true} while a click may make a move: a position is shown, it is not over, the clickable
     * side is to move and no move has been reported since the position was shown.
     */
    protected final boolean myTurn() {
        return state != null && clickable != null && !reported && !state.isTerminal()
                && state.sideToMove() == clickable;
    }

    /**
     * {@code move} as one of this game's moves: itself if it is one, else the game's move with the
     * same notation in the position shown; {@code null} if there is none. Legality is not checked.
     */
    protected final M toMove(Move move) {
        if (moveType.isInstance(move)) {
            return moveType.cast(move);
        }
        try {
            Move parsed = state.parseMove(move.notation());
            return moveType.isInstance(parsed) ? moveType.cast(parsed) : null;
        } catch (RuntimeException notOurs) {
            return null;
        }
    }

    // ---- moves and clicks ----

    /** {@inheritDoc} Listeners are called in the order they were added. */
    @Override
    public final void onMove(Consumer<Move> listener) {
        listeners.add(Objects.requireNonNull(listener, "listener"));
    }

    /**
     * Reports {@code move} to the listeners as the person's move; until the next {@link #show}
     * clicks are ignored. The subclass checks that the move is legal and the person's turn.
     */
    protected final void report(M move) {
        reported = true;
        pressed = null;
        canvas.setCursor(null);
        canvas.redraw();
        for (Consumer<Move> listener : List.copyOf(listeners)) {
            listener.accept(move);
        }
    }

    /**
     * The legal move one click at canvas pixel {@code (x, y)} makes, or {@code null}. Called only on
     * the person's turn ({@link #myTurn()}); by the default mouse handling, which reports a move
     * pressed and released on, and shows a hand over the points where this is not {@code null}.
     * Returns {@code null} by default (games that take clicks in steps override {@link #mouseUp}).
     */
    protected M moveAt(int x, int y) {
        return null;
    }

    private M clickableMoveAt(int x, int y) {
        return myTurn() ? moveAt(x, y) : null;
    }

    /** A mouse button pressed on the canvas: by default remembers the move under button 1. */
    protected void mouseDown(Event e) {
        pressed = e.button == 1 ? clickableMoveAt(e.x, e.y) : null;
    }

    /**
     * A mouse button released on the canvas: by default reports the move under button 1 if it is
     * the one that was pressed on.
     */
    protected void mouseUp(Event e) {
        M down = pressed;
        pressed = null;
        if (e.button != 1 || down == null) {
            return;
        }
        if (down.equals(clickableMoveAt(e.x, e.y))) {
            report(down);
        }
    }

    /** The mouse moved over the canvas: by default a hand where a click makes a move. */
    protected void mouseMove(Event e) {
        boolean playable = clickableMoveAt(e.x, e.y) != null;
        Cursor hand = canvas.getDisplay().getSystemCursor(SWT.CURSOR_HAND);
        if (playable != (canvas.getCursor() == hand)) {
            canvas.setCursor(playable ? hand : null);
        }
    }

    /**
     * {@inheritDoc}
     *
     * @throws IllegalStateException    before the first {@link #show}
     * @throws IllegalArgumentException if {@code move} is not a legal move of the position shown
     */
    @Override
    public final List<Point> clicksFor(Move move) {
        Objects.requireNonNull(move, "move");
        if (state == null) {
            throw new IllegalStateException("no position is shown yet");
        }
        M m = toMove(move);
        if (m == null || !isLegal(m)) {
            throw new IllegalArgumentException(move.notation() + " is not a legal move in the position shown");
        }
        List<Point> clicks = clicksOnCanvas(m);
        Control top = control();
        if (top == canvas) {
            return List.copyOf(clicks);
        }
        List<Point> mapped = new ArrayList<>(clicks.size());
        for (Point p : clicks) {
            mapped.add(canvas.getDisplay().map(canvas, top, p));
        }
        return List.copyOf(mapped);
    }

    /**
     * Where a person clicks, in order, to make {@code move}, in canvas pixels. {@code move} is a
     * legal move of the position shown.
     */
    protected abstract List<Point> clicksOnCanvas(M move);

    // ---- names and texts ----

    /** {@inheritDoc} Redraws the board. */
    @Override
    public final void setPlayerNames(String first, String second) {
        names[0] = first;
        names[1] = second;
        canvas.redraw();
    }

    /** The player name given for {@code side} by {@link #setPlayerNames}, or {@code null}. */
    protected final String playerName(Side side) {
        return names[side.index()];
    }

    /** The game's name of {@code side}, capitalised, e.g. {@code Black}. */
    protected final String sideName(Side side) {
        return capitalised(state.game().sideName(side));
    }

    /** The player's name with the side's, {@code Ada (black)}, or only the side's, {@code Black}. */
    protected final String playerAndSide(Side side) {
        String given = playerName(side);
        return given == null ? sideName(side) : given + " (" + state.game().sideName(side) + ")";
    }

    /**
     * Whose turn it is, {@code Ada (black) to move}, or the result, {@code Game over: White wins} or
     * {@code Game over: a draw} (names as {@link #playerAndSide}).
     */
    protected final String turnOrGameOver() {
        if (state.isTerminal()) {
            Outcome outcome = state.outcome();
            return outcome.isDraw() ? "Game over: a draw" : "Game over: " + playerAndSide(outcome.winner()) + " wins";
        }
        return playerAndSide(state.sideToMove()) + " to move";
    }

    /** The result with its reason, {@code Blue wins: ...} or {@code Draw: ...}; the game is over. */
    protected final String resultText() {
        Outcome outcome = state.outcome();
        return (outcome.isDraw() ? "Draw" : sideName(outcome.winner()) + " wins") + ": " + outcome.reason();
    }

    /** {@code text} with its first letter in upper case. */
    protected static String capitalised(String text) {
        return text.isEmpty() ? text : text.substring(0, 1).toUpperCase(Locale.ROOT) + text.substring(1);
    }

    // ---- colours, fonts and painting ----

    /** The colour {@code rgb}, made on first use and freed with the canvas. */
    protected final Color color(RGB rgb) {
        return colours.computeIfAbsent(rgb, c -> keep(new Color(canvas.getDisplay(), c)));
    }

    /** A font of the system's family whose letters are about {@code pixels} high (6 or more). */
    protected final Font font(int pixels, boolean bold) {
        int px = Math.max(6, pixels);
        return fonts.computeIfAbsent(bold ? -px : px, key -> {
            Display display = canvas.getDisplay();
            FontData data = display.getSystemFont().getFontData()[0];
            int points = Math.max(4, Math.round(px * 72f / display.getDPI().y));
            return keep(new Font(display, data.getName(), points, bold ? SWT.BOLD : SWT.NORMAL));
        });
    }

    /** The canvas's own font in bold, made on first use and freed with the canvas. */
    protected final Font boldFont() {
        if (bold == null) {
            FontData[] data = canvas.getFont().getFontData();
            for (FontData d : data) {
                d.setStyle(SWT.BOLD);
            }
            bold = keep(new Font(canvas.getDisplay(), data));
        }
        return bold;
    }

    private <R extends Resource> R keep(R resource) {
        resources.add(resource);
        return resource;
    }

    /** Every colour and font this board has made, for tests of their disposal. */
    public final List<Resource> resources() {
        return List.copyOf(resources);
    }

    /**
     * Prepares {@link #labelledBoard}, for a square board with the edge labels of
     * {@link #drawEdgeLabels} and {@code linesBelow} lines of text under it: measures, in the
     * {@link #boldFont()}, the height of a line and the width of {@code widestRowLabel}, the widest
     * row number the game's boards have (e.g. {@code "16"}). Call it once, in the constructor.
     */
    protected final void useEdgeLabels(String widestRowLabel, int linesBelow) {
        GC gc = new GC(canvas);
        try {
            gc.setFont(boldFont());
            lineHeight = gc.getFontMetrics().getHeight();
            rowLabelWidth = gc.textExtent(widestRowLabel).x;
        } finally {
            gc.dispose();
        }
        this.linesBelow = linesBelow;
    }

    /** The height of a line of text in the bold font, as {@link #useEdgeLabels} measured it. */
    protected final int lineHeight() {
        return lineHeight;
    }

    /**
     * Where a board of {@code size} x {@code size} cells goes in {@code area}: as large as fits with
     * the edge labels measured by {@link #useEdgeLabels} and its lines of text under the board (with
     * {@link #GAP} above and below them); see {@link BoardGeometry#withEdgeLabels}.
     *
     * @throws IllegalStateException if {@link #useEdgeLabels} was not called
     */
    protected final BoardGeometry labelledBoard(Rectangle area, int size) {
        if (lineHeight < 0) {
            throw new IllegalStateException("useEdgeLabels was not called");
        }
        return BoardGeometry.withEdgeLabels(area, size, rowLabelWidth, lineHeight, linesBelow * lineHeight + 2 * GAP);
    }

    /** The colour the canvas is cleared with before the board is drawn: the widget's background by default. */
    protected Color background() {
        return canvas.getBackground();
    }

    private void paintCanvas(GC gc) {
        Rectangle area = canvas.getClientArea();
        gc.setBackground(background());
        gc.fillRectangle(area);
        if (state == null) {
            return;
        }
        gc.setAdvanced(true);
        gc.setAntialias(SWT.ON);
        gc.setTextAntialias(SWT.ON);
        paint(gc, area);
    }

    /**
     * Draws the position shown on the canvas, already cleared with the {@link #background()}. Called
     * only once a position is shown.
     *
     * @param gc   the canvas's graphics context (double-buffered, anti-aliased)
     * @param area the canvas's client area
     */
    protected abstract void paint(GC gc, Rectangle area);

    /** The name of column {@code column} in boardlab's notation: {@code a}, {@code b}, ... from 0. */
    public static String columnName(int column) {
        return String.valueOf((char) ('a' + column));
    }

    /**
     * Writes the coordinates on the edges of board {@code g} in boardlab's notation, in the canvas's
     * font and the widget's text colour: the column letters above the board ({@code a}, {@code b},
     * ... from the left) and the row numbers to its left ({@code 1}, {@code 2}, ... from the top),
     * each centred on its column or row, {@link #GAP} pixels from the board.
     */
    protected final void drawEdgeLabels(GC gc, BoardGeometry g) {
        gc.setForeground(canvas.getDisplay().getSystemColor(SWT.COLOR_WIDGET_FOREGROUND));
        gc.setFont(canvas.getFont());
        for (int i = 0; i < g.size(); i++) {
            Point centre = g.centre(i, i);
            String column = columnName(i);
            Point ce = gc.textExtent(column);
            gc.drawString(column, centre.x - ce.x / 2, g.top() - GAP / 2 - ce.y, true);
            String row = Integer.toString(i + 1);
            Point re = gc.textExtent(row);
            gc.drawString(row, g.left() - GAP - re.x, centre.y - re.y / 2, true);
        }
    }

    /** Fills the circle of radius {@code r} round pixel {@code centre} with {@code colour} (the background of {@code gc}). */
    protected static void fillCircle(GC gc, Point centre, int r, Color colour) {
        gc.setBackground(colour);
        gc.fillOval(centre.x - r, centre.y - r, 2 * r, 2 * r);
    }

    /**
     * A disc: the circle of radius {@code r} round pixel {@code centre} filled with {@code fill} and
     * outlined in {@code outline} with the line width of {@code gc}.
     */
    protected static void drawDisc(GC gc, Point centre, int r, Color fill, Color outline) {
        fillCircle(gc, centre, r, fill);
        gc.setForeground(outline);
        gc.drawOval(centre.x - r, centre.y - r, 2 * r, 2 * r);
    }

    /** Writes {@code text} centred on pixel {@code centre}, with a transparent background. */
    protected static void drawCentred(GC gc, String text, Point centre) {
        Point size = gc.textExtent(text);
        gc.drawText(text, centre.x - size.x / 2, centre.y - size.y / 2, true);
    }
}
