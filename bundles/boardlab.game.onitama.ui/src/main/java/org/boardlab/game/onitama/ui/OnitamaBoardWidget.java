package org.boardlab.game.onitama.ui;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.boardlab.api.Side;
import org.boardlab.game.onitama.Card;
import org.boardlab.game.onitama.OnitamaMove;
import org.boardlab.game.onitama.OnitamaPosition;
import org.boardlab.game.onitama.Piece;
import org.boardlab.game.onitama.Square;
import org.boardlab.workbench.BoardCanvas;
import org.eclipse.swt.graphics.Color;
import org.eclipse.swt.graphics.GC;
import org.eclipse.swt.graphics.Point;
import org.eclipse.swt.graphics.RGB;
import org.eclipse.swt.graphics.Rectangle;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Event;

/**
 * The Onitama board on an SWT canvas. A move is made in steps by the person playing the
 * {@code clickable} side on their turn: a click on one of their cards selects it (a second click
 * unselects it), a click on one of their pieces selects the piece, and a click on a highlighted
 * square reports {@code <card>:<from>-<to>}. When no piece can move, a click on a card reports
 * {@code <card>:pass}. Only moves in the position's legal moves are reported; after a report the
 * widget ignores clicks until the next {@link #show}.
 */
final class OnitamaBoardWidget extends BoardCanvas<OnitamaPosition, OnitamaMove> {

    static final RGB BACKGROUND = new RGB(247, 243, 235);
    static final RGB SQUARE_LIGHT = new RGB(238, 223, 192);
    static final RGB SQUARE_DARK = new RGB(228, 208, 172);
    static final RGB LINES = new RGB(140, 115, 80);
    static final RGB BLUE = new RGB(36, 92, 196);
    static final RGB BLUE_DARK = new RGB(16, 46, 112);
    static final RGB BLUE_TEMPLE = new RGB(196, 213, 246);
    static final RGB RED = new RGB(204, 44, 44);
    static final RGB RED_DARK = new RGB(112, 18, 18);
    static final RGB RED_TEMPLE = new RGB(246, 200, 196);
    static final RGB GOLD = new RGB(236, 180, 24);
    static final RGB SELECTED = new RGB(255, 226, 100);
    static final RGB REACHABLE = new RGB(160, 214, 140);
    static final RGB REACHABLE_DOT = new RGB(46, 130, 56);
    static final RGB LAST_MOVE = new RGB(20, 140, 140);
    static final RGB CARD_FACE = new RGB(253, 251, 245);
    static final RGB CARD_EDGE = new RGB(150, 140, 120);
    static final RGB GRID_EMPTY = new RGB(236, 232, 222);
    static final RGB GRID_LINE = new RGB(196, 190, 176);
    static final RGB GRID_CENTRE = new RGB(70, 70, 70);
    static final RGB TEXT = new RGB(40, 40, 40);
    static final RGB FAINT = new RGB(110, 110, 110);

    private Card selectedCard;
    private Square selectedPiece;

    OnitamaBoardWidget(Composite parent) {
        super(parent, "Onitama", OnitamaPosition.class, OnitamaMove.class);
    }

    /** A new position or another clickable side clears the card and piece selected. */
    @Override
    protected void shown(OnitamaPosition previous, Side previousClickable) {
        if (!position().equals(previous) || clickable() != previousClickable) {
            selectedCard = null;
            selectedPiece = null;
        }
    }

    /**
     * A move {@code <card>:<from>-<to>} takes up to three clicks: the centre of the card in the
     * mover's hand, the centre of square {@code from}, the centre of square {@code to}. A card or
     * piece that is already selected is not clicked again (a second click would unselect it), so
     * right after {@link #show} of a new position there are three. A pass {@code <card>:pass} is one
     * click, on the card.
     */
    @Override
    protected List<Point> clicksOnCanvas(OnitamaMove m) {
        OnitamaLayout layout = layout();
        Side mover = position().sideToMove();
        Rectangle card = layout.cardRect(OnitamaLayout.slot(mover, position().cards(mover).indexOf(m.card())));
        Point cardCentre = new Point(card.x + card.width / 2, card.y + card.height / 2);
        if (m.isPass()) {
            return List.of(cardCentre);
        }
        List<Point> clicks = new ArrayList<>(3);
        if (m.card() != selectedCard) {
            clicks.add(cardCentre);
        }
        if (m.from() != selectedPiece) {
            clicks.add(layout.squareCentre(m.from()));
        }
        clicks.add(layout.squareCentre(m.to()));
        return clicks;
    }

    /** The layout for the canvas's current size (tests use it to find squares and cards). */
    OnitamaLayout layout() {
        Rectangle area = canvas().getClientArea();
        return OnitamaLayout.of(area.width, area.height);
    }

    /** The card selected by a click, or {@code null}. */
    Card selectedCard() {
        return selectedCard;
    }

    /** The piece selected by a click, or {@code null}. */
    Square selectedPiece() {
        return selectedPiece;
    }

    /** A click in steps: a card, a piece, a square (or a card alone for a pass); see the class comment. */
    @Override
    protected void mouseUp(Event event) {
        if (event.button != 1 || !myTurn()) {
            return;
        }
        OnitamaLayout layout = layout();
        Side me = clickable();
        int slot = layout.cardAt(event.x, event.y);
        if (slot == OnitamaLayout.slot(me, 0) || slot == OnitamaLayout.slot(me, 1)) {
            Card card = position().cards(me).get(slot - me.index() * 2);
            OnitamaMove pass = OnitamaMove.pass(card);
            if (isLegal(pass)) {
                sendMove(pass);
                return;
            }
            selectedCard = card == selectedCard ? null : card;
            canvas().redraw();
            return;
        }
        Square square = layout.squareAt(event.x, event.y);
        if (square == null) {
            return;
        }
        if (selectedCard != null && selectedPiece != null) {
            OnitamaMove move = OnitamaMove.of(selectedCard, selectedPiece, square);
            if (isLegal(move)) {
                sendMove(move);
                return;
            }
        }
        Optional<Piece> piece = position().pieceAt(square);
        selectedPiece = piece.isPresent() && piece.get().side() == me && square != selectedPiece ? square : null;
        canvas().redraw();
    }

    private void sendMove(OnitamaMove move) {
        selectedCard = null;
        selectedPiece = null;
        report(move);
    }

    /** The squares the selected piece reaches with the selected card, by legal moves only. */
    private Set<Square> reachable() {
        Set<Square> result = new HashSet<>();
        if (selectedCard != null && selectedPiece != null) {
            for (Square target : selectedCard.targets(clickable(), selectedPiece)) {
                if (isLegal(OnitamaMove.of(selectedCard, selectedPiece, target))) {
                    result.add(target);
                }
            }
        }
        return result;
    }

    // ---- drawing

    private static RGB sideColor(Side side) {
        return side == Side.FIRST ? BLUE : RED;
    }

    @Override
    protected Color background() {
        return color(BACKGROUND);
    }

    @Override
    protected void paint(GC gc, Rectangle area) {
        OnitamaLayout layout = OnitamaLayout.of(area.width, area.height);
        paintStatus(gc, layout);
        paintBoard(gc, layout);
        paintCards(gc, layout);
    }

    /** The status text: whose turn it is (or the result), and the last move. */
    String statusText() {
        if (position().isTerminal()) {
            return resultText();
        }
        Side toMove = position().sideToMove();
        String text = sideName(toMove) + " to move";
        if (clickable() == null) {
            return text;
        }
        if (clickable() != toMove) {
            return text + " (opponent's move)";
        }
        if (position().legalMoves().stream().allMatch(m -> ((OnitamaMove) m).isPass())) {
            return text + ": no piece can move, click a card to exchange it";
        }
        if (selectedCard == null) {
            return text + ": click one of your cards";
        }
        if (selectedPiece == null) {
            return text + ": click one of your pieces";
        }
        return text + ": click a green square";
    }

    private void paintStatus(GC gc, OnitamaLayout layout) {
        OnitamaPosition state = position();
        OnitamaMove lastMove = lastMove();
        Rectangle status = layout.statusRect();
        gc.setFont(font(layout.px(0.27), true));
        Side color = state.isTerminal() ? state.outcome().winner() : state.sideToMove();
        gc.setForeground(color(color == null ? TEXT : sideColor(color)));
        String text = statusText();
        Point size = gc.textExtent(text);
        gc.drawText(text, status.x, status.y + (status.height - size.y) / 2, true);
        if (lastMove != null) {
            gc.setFont(font(layout.px(0.24), false));
            gc.setForeground(color(FAINT));
            String last = "last move " + lastMove.notation();
            Point lastSize = gc.textExtent(last);
            if (status.x + size.x + lastSize.x + layout.px(0.3) < status.x + status.width) {
                gc.drawText(last, status.x + status.width - lastSize.x, status.y + (status.height - lastSize.y) / 2,
                        true);
            }
        }
    }

    private void paintBoard(GC gc, OnitamaLayout layout) {
        OnitamaPosition state = position();
        OnitamaMove lastMove = lastMove();
        double u = layout.unit();
        Set<Square> reach = reachable();
        for (Square square : Square.values()) {
            Rectangle r = layout.squareRect(square);
            RGB fill = (square.column() + square.row()) % 2 == 0 ? SQUARE_DARK : SQUARE_LIGHT;
            if (square == Square.temple(Side.FIRST)) {
                fill = BLUE_TEMPLE;
            } else if (square == Square.temple(Side.SECOND)) {
                fill = RED_TEMPLE;
            }
            if (square == selectedPiece) {
                fill = SELECTED;
            } else if (reach.contains(square)) {
                fill = REACHABLE;
            }
            gc.setBackground(color(fill));
            gc.fillRectangle(r);
        }
        // the temples: a frame in the owner's colour and a small gate
        for (Side side : Side.values()) {
            Rectangle r = layout.squareRect(Square.temple(side));
            int inset = (int) Math.round(u * 0.07);
            gc.setForeground(color(sideColor(side)));
            gc.setLineWidth(Math.max(1, (int) Math.round(u * 0.03)));
            gc.drawRectangle(r.x + inset, r.y + inset, r.width - 2 * inset, r.height - 2 * inset);
            paintGate(gc, r, side);
        }
        if (lastMove != null && !lastMove.isPass()) {
            gc.setForeground(color(LAST_MOVE));
            int width = Math.max(2, (int) Math.round(u * 0.06));
            gc.setLineWidth(width);
            for (Square square : new Square[] {lastMove.from(), lastMove.to()}) {
                Rectangle r = layout.squareRect(square);
                int inset = width / 2 + Math.max(1, (int) Math.round(u * 0.13));
                gc.drawRectangle(r.x + inset, r.y + inset, r.width - 2 * inset, r.height - 2 * inset);
            }
        }
        gc.setForeground(color(LINES));
        gc.setLineWidth(Math.max(1, (int) Math.round(u * 0.02)));
        Rectangle board = layout.boardRect();
        for (int i = 1; i < Square.SIZE; i++) {
            int x = layout.squareRect(Square.find(i, 1).orElseThrow()).x;
            int y = layout.squareRect(Square.find(0, Square.SIZE - i).orElseThrow()).y;
            gc.drawLine(x, board.y, x, board.y + board.height);
            gc.drawLine(board.x, y, board.x + board.width, y);
        }
        gc.setLineWidth(Math.max(2, (int) Math.round(u * 0.04)));
        gc.drawRectangle(board);
        for (Square square : Square.values()) {
            Point c = layout.squareCentre(square);
            Optional<Piece> piece = state.pieceAt(square);
            if (piece.isPresent()) {
                paintPiece(gc, c, u, piece.get());
            } else if (reach.contains(square)) {
                fillCircle(gc, c, (int) Math.round(u * 0.12), color(REACHABLE_DOT));
            }
        }
        gc.setFont(font(layout.px(0.26), false));
        gc.setForeground(color(TEXT));
        for (int i = 0; i < Square.SIZE; i++) {
            drawCentred(gc, String.valueOf(Square.SIZE - i), layout.rowLabel(i));
            drawCentred(gc, columnName(i), layout.columnLabel(i));
        }
    }

    /** A small gate (two posts and a roof) at the bottom of a temple square, in the owner's colour. */
    private void paintGate(GC gc, Rectangle r, Side side) {
        double w = r.width;
        int left = r.x + (int) Math.round(w * 0.3);
        int right = r.x + (int) Math.round(w * 0.7);
        int roof = r.y + (int) Math.round(w * 0.74);
        int ground = r.y + (int) Math.round(w * 0.88);
        gc.setForeground(color(sideColor(side)));
        gc.setLineWidth(Math.max(1, (int) Math.round(w * 0.035)));
        gc.drawLine(r.x + (int) Math.round(w * 0.24), roof, r.x + (int) Math.round(w * 0.76), roof);
        int beam = roof + (int) Math.round(w * 0.04);
        gc.drawLine(left, beam, right, beam);
        gc.drawLine(left + (int) Math.round(w * 0.04), roof, left + (int) Math.round(w * 0.04), ground);
        gc.drawLine(right - (int) Math.round(w * 0.04), roof, right - (int) Math.round(w * 0.04), ground);
    }

    private void paintPiece(GC gc, Point c, double u, Piece piece) {
        boolean master = piece.isMaster();
        int radius = (int) Math.round(u * (master ? 0.38 : 0.27));
        RGB dark = piece.side() == Side.FIRST ? BLUE_DARK : RED_DARK;
        gc.setBackground(color(sideColor(piece.side())));
        gc.fillOval(c.x - radius, c.y - radius, 2 * radius, 2 * radius);
        gc.setForeground(color(dark));
        gc.setLineWidth(Math.max(1, (int) Math.round(u * 0.035)));
        gc.drawOval(c.x - radius, c.y - radius, 2 * radius, 2 * radius);
        if (master) {
            double[] crown = {-0.2, 0.12, 0.2, 0.12, 0.22, -0.13, 0.1, -0.01, 0, -0.17, -0.1, -0.01, -0.22, -0.13};
            int[] points = new int[crown.length];
            for (int i = 0; i < crown.length; i += 2) {
                points[i] = c.x + (int) Math.round(crown[i] * u);
                points[i + 1] = c.y + (int) Math.round(crown[i + 1] * u);
            }
            gc.setBackground(color(GOLD));
            gc.fillPolygon(points);
            gc.setForeground(color(dark));
            gc.setLineWidth(Math.max(1, (int) Math.round(u * 0.015)));
            gc.drawPolygon(points);
        }
    }

    private void paintCards(GC gc, OnitamaLayout layout) {
        OnitamaPosition state = position();
        OnitamaMove lastMove = lastMove();
        for (Side side : Side.values()) {
            List<Card> hand = state.cards(side);
            for (int i = 0; i < hand.size(); i++) {
                Card card = hand.get(i);
                boolean selected = card == selectedCard && side == clickable();
                paintCard(gc, layout, OnitamaLayout.slot(side, i), card, side, selected);
            }
            String caption = sideName(side) + (playerName(side) == null ? "" : ": " + playerName(side));
            if (!state.isTerminal() && state.sideToMove() == side) {
                caption += "  (to move)";
            }
            gc.setFont(font(layout.px(0.25), true));
            gc.setForeground(color(sideColor(side)));
            Point at = layout.handCaption(side);
            gc.drawText(caption, at.x, at.y + layout.px(0.06), true);
        }
        paintCard(gc, layout, OnitamaLayout.SIDE_CARD, state.sideCard(), state.sideToMove(), false);
        gc.setFont(font(layout.px(0.23), false));
        gc.setForeground(color(FAINT));
        Point at = layout.sideCardCaption();
        gc.drawText("side card", at.x, at.y + layout.px(0.08), true);
        if (lastMove != null) {
            // the card just played is the side card now
            Rectangle card = layout.cardRect(OnitamaLayout.SIDE_CARD);
            gc.setFont(font(layout.px(0.2), false));
            drawCentred(gc, lastMove.isPass() ? "exchanged (pass)" : "just played",
                    new Point(card.x + card.width / 2, card.y + layout.px((OnitamaLayout.CARD_H + OnitamaLayout.GRID_TOP
                            + 5 * OnitamaLayout.GRID_CELL) / 2)));
        }
    }

    /**
     * A card: its name, and its move grid as {@code holder} uses it on this board: the centre cell
     * is the piece, the coloured cells the squares its steps reach on the board as drawn (so red's
     * cards look turned round, as red sees them from the other side of the table).
     */
    private void paintCard(GC gc, OnitamaLayout layout, int slot, Card card, Side holder, boolean selected) {
        double u = layout.unit();
        Rectangle r = layout.cardRect(slot);
        int arc = layout.px(0.2);
        gc.setBackground(color(selected ? new RGB(255, 244, 200) : CARD_FACE));
        gc.fillRoundRectangle(r.x, r.y, r.width, r.height, arc, arc);
        gc.setForeground(color(selected ? GOLD : CARD_EDGE));
        int edge = selected ? Math.max(3, (int) Math.round(u * 0.07)) : Math.max(1, (int) Math.round(u * 0.02));
        gc.setLineWidth(edge);
        gc.drawRoundRectangle(r.x + edge / 2, r.y + edge / 2, r.width - edge, r.height - edge, arc, arc);
        gc.setFont(font(layout.px(0.26), true));
        gc.setForeground(color(TEXT));
        drawCentred(gc, card.displayName(), new Point(r.x + r.width / 2, r.y + layout.px(OnitamaLayout.GRID_TOP / 2 + 0.03)));
        Set<Long> steps = new HashSet<>();
        for (Card.Step step : card.steps()) {
            steps.add(key(step.columnDelta(holder), -step.rowDelta(holder)));
        }
        gc.setLineWidth(1);
        for (int dy = -2; dy <= 2; dy++) {
            for (int dx = -2; dx <= 2; dx++) {
                Rectangle cell = layout.cardGridCell(slot, dx, dy);
                RGB fill = dx == 0 && dy == 0 ? GRID_CENTRE : steps.contains(key(dx, dy)) ? sideColor(holder) : GRID_EMPTY;
                gc.setBackground(color(fill));
                gc.fillRectangle(cell);
                gc.setForeground(color(GRID_LINE));
                gc.drawRectangle(cell);
            }
        }
    }

    private static long key(int dx, int dy) {
        return dx * 16L + dy;
    }
}
