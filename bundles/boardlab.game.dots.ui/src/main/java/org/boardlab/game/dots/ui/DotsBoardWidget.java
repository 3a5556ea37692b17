package org.boardlab.game.dots.ui;

import java.util.List;
import java.util.Optional;
import org.boardlab.api.Move;
import org.boardlab.api.Side;
import org.boardlab.game.dots.DotsPosition;
import org.boardlab.game.dots.Point;
import org.boardlab.game.dots.Zone;
import org.boardlab.workbench.BoardCanvas;
import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.Color;
import org.eclipse.swt.graphics.GC;
import org.eclipse.swt.graphics.RGB;
import org.eclipse.swt.graphics.Rectangle;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Event;

/**
 * The Dots board on an SWT canvas: points on the crossings of a light grid, red dots (player 1)
 * and blue dots (player 2), captured dots faded, each zone filled with a light shade of its
 * owner's colour and outlined by its border through the owner's dots, the last dot ringed, and a
 * status line with red's name and score on the left, blue's on the right and whose move it is in
 * the middle. A click within 0.4 spacings of a point reports that point when it is a legal move of
 * the {@code clickable} side on its turn; after a report the widget ignores clicks until the next
 * {@link #show}.
 */
final class DotsBoardWidget extends BoardCanvas<DotsPosition, Point> {

    static final RGB PAPER = new RGB(251, 251, 247);
    static final RGB GRID = new RGB(206, 212, 224);
    static final RGB RED = new RGB(210, 36, 36);
    static final RGB BLUE = new RGB(36, 80, 204);
    static final RGB RED_ZONE = new RGB(250, 212, 208);
    static final RGB BLUE_ZONE = new RGB(208, 220, 250);
    static final RGB RED_FADED = new RGB(234, 156, 156);
    static final RGB BLUE_FADED = new RGB(152, 172, 230);
    static final RGB LAST = new RGB(255, 255, 255);
    static final RGB RING = new RGB(30, 30, 30);
    static final RGB LABEL = new RGB(120, 120, 130);
    static final RGB TEXT = new RGB(40, 40, 40);

    DotsBoardWidget(Composite parent) {
        super(parent, "Dots", DotsPosition.class, Point.class);
    }

    /**
     * The dot ringed as the last one is {@code given}, or, when that is not a point, the position's
     * own {@link DotsPosition#lastMove()}.
     */
    @Override
    protected Point lastMoveOf(DotsPosition position, Move given) {
        return given instanceof Point point ? point : position.lastMove().orElse(null);
    }

    /** One point: the pixel of the move's point on the grid. */
    @Override
    protected List<org.eclipse.swt.graphics.Point> clicksOnCanvas(Point move) {
        return List.of(layout().centre(move));
    }

    /** The layout for the canvas's current size and the board shown (tests use it to find points). */
    DotsLayout layout() {
        Rectangle area = canvas().getClientArea();
        return new DotsLayout(area.width, area.height, position().width(), position().height());
    }

    /** A release of button 1 near a free point plays it (no press on the same point is needed). */
    @Override
    protected void mouseUp(Event event) {
        if (event.button != 1 || !myTurn()) {
            return;
        }
        Point point = layout().pointAt(event.x, event.y);
        if (point != null && isLegal(point)) {
            report(point);
        }
    }

    // ---- texts

    /** The left (red) or right (blue) text of the status line: the player's name and score. */
    String scoreText(Side side) {
        String name = playerName(side) == null ? sideName(side) : playerName(side);
        return name + ": " + position().score(side);
    }

    /** The middle of the status line: the result, or whose move it is. */
    String turnText() {
        if (position().isTerminal()) {
            return resultText();
        }
        if (clickable() == null) {
            return sideName(position().sideToMove()) + " to move";
        }
        return position().sideToMove() == clickable() ? "your move" : "opponent's move";
    }

    // ---- drawing

    private static RGB sideColor(Side side) {
        return side == Side.FIRST ? RED : BLUE;
    }

    @Override
    protected Color background() {
        return color(PAPER);
    }

    @Override
    protected void paint(GC gc, Rectangle area) {
        DotsPosition state = position();
        DotsLayout layout = new DotsLayout(area.width, area.height, state.width(), state.height());
        double s = layout.spacing();
        for (Zone zone : state.zones()) {
            gc.setBackground(color(zone.owner() == Side.FIRST ? RED_ZONE : BLUE_ZONE));
            gc.fillPolygon(polygon(layout, zone));
        }
        gc.setForeground(color(GRID));
        gc.setLineWidth(1);
        int x0 = (int) Math.round(layout.xOf(0));
        int x1 = (int) Math.round(layout.xOf(state.width() - 1));
        int y0 = (int) Math.round(layout.yOf(0));
        int y1 = (int) Math.round(layout.yOf(state.height() - 1));
        for (int x = 0; x < state.width(); x++) {
            int px = (int) Math.round(layout.xOf(x));
            gc.drawLine(px, y0, px, y1);
        }
        for (int y = 0; y < state.height(); y++) {
            int py = (int) Math.round(layout.yOf(y));
            gc.drawLine(x0, py, x1, py);
        }
        gc.setLineWidth(Math.max(2, (int) Math.round(s * 0.13)));
        gc.setLineJoin(SWT.JOIN_ROUND);
        for (Zone zone : state.zones()) {
            gc.setForeground(color(sideColor(zone.owner())));
            gc.drawPolygon(polygon(layout, zone));
        }
        int radius = (int) Math.max(2, Math.round(s * 0.27));
        for (int y = 0; y < state.height(); y++) {
            for (int x = 0; x < state.width(); x++) {
                Point point = new Point(x, y);
                Optional<Side> dot = state.dotAt(point);
                if (dot.isEmpty()) {
                    continue;
                }
                boolean captured = state.capturedBy(point).isPresent();
                RGB fill = dot.get() == Side.FIRST ? (captured ? RED_FADED : RED) : (captured ? BLUE_FADED : BLUE);
                org.eclipse.swt.graphics.Point c = layout.centre(point);
                gc.setBackground(color(fill));
                gc.fillOval(c.x - radius, c.y - radius, 2 * radius + 1, 2 * radius + 1);
            }
        }
        Point last = lastMove();
        if (last != null) {
            org.eclipse.swt.graphics.Point c = layout.centre(last);
            int ring = (int) Math.max(4, Math.round(s * 0.42));
            gc.setForeground(color(RING));
            gc.setLineWidth(Math.max(1, (int) Math.round(s * 0.07)));
            gc.drawOval(c.x - ring, c.y - ring, 2 * ring, 2 * ring);
            int dot = (int) Math.max(1, Math.round(s * 0.09));
            gc.setBackground(color(LAST));
            gc.fillOval(c.x - dot, c.y - dot, 2 * dot + 1, 2 * dot + 1);
        }
        paintLabels(gc, layout);
        paintStatus(gc, layout);
    }

    private static int[] polygon(DotsLayout layout, Zone zone) {
        List<Point> border = zone.border();
        int[] points = new int[border.size() * 2];
        for (int i = 0; i < border.size(); i++) {
            org.eclipse.swt.graphics.Point c = layout.centre(border.get(i));
            points[2 * i] = c.x;
            points[2 * i + 1] = c.y;
        }
        return points;
    }

    /** The numbers {@code x} above the grid and {@code y} left of it, thinned out when points are close. */
    private void paintLabels(GC gc, DotsLayout layout) {
        DotsPosition state = position();
        double s = layout.spacing();
        gc.setFont(font((int) Math.max(8, Math.min(14, Math.round(s * 0.5))), false));
        gc.setForeground(color(LABEL));
        org.eclipse.swt.graphics.Point wide = gc.textExtent("88");
        int stepX = step(s, wide.x + 4);
        int stepY = step(s, wide.y);
        for (int x = 0; x < state.width(); x += stepX) {
            String text = String.valueOf(x);
            org.eclipse.swt.graphics.Point size = gc.textExtent(text);
            gc.drawText(text, (int) Math.round(layout.xOf(x)) - size.x / 2,
                    (int) Math.round(layout.yOf(0) - s * 0.55) - size.y, true);
        }
        for (int y = 0; y < state.height(); y += stepY) {
            String text = String.valueOf(y);
            org.eclipse.swt.graphics.Point size = gc.textExtent(text);
            gc.drawText(text, (int) Math.round(layout.xOf(0) - s * 0.55) - size.x,
                    (int) Math.round(layout.yOf(y)) - size.y / 2, true);
        }
    }

    /** The smallest of 1, 2, 5, 10 label steps that leaves {@code room} pixels per label. */
    private static int step(double spacing, int room) {
        for (int step : new int[] {1, 2, 5, 10}) {
            if (step * spacing >= room) {
                return step;
            }
        }
        return 20;
    }

    private void paintStatus(GC gc, DotsLayout layout) {
        DotsPosition state = position();
        int height = layout.statusHeight();
        int left = Math.max(4, layout.areaLeft());
        int right = Math.min(canvas().getClientArea().width - 4, layout.areaRight());
        String red = scoreText(Side.FIRST);
        String blue = scoreText(Side.SECOND);
        String turn = turnText();
        int px = (int) Math.round(height * 0.5);
        org.eclipse.swt.graphics.Point redSize;
        org.eclipse.swt.graphics.Point blueSize;
        org.eclipse.swt.graphics.Point turnSize;
        do {
            gc.setFont(font(px, true));
            redSize = gc.textExtent(red);
            blueSize = gc.textExtent(blue);
            turnSize = gc.textExtent(turn);
            px--;
        } while (px > 7 && redSize.x + blueSize.x + turnSize.x + 2 * px > right - left);
        gc.setForeground(color(RED));
        gc.drawText(red, left, (height - redSize.y) / 2, true);
        gc.setForeground(color(BLUE));
        gc.drawText(blue, right - blueSize.x, (height - blueSize.y) / 2, true);
        Side toColour = state.isTerminal() ? state.outcome().winner() : state.sideToMove();
        gc.setForeground(color(toColour == null ? TEXT : sideColor(toColour)));
        int middle = left + redSize.x + (right - left - redSize.x - blueSize.x) / 2;
        gc.drawText(turn, middle - turnSize.x / 2, (height - turnSize.y) / 2, true);
    }
}
