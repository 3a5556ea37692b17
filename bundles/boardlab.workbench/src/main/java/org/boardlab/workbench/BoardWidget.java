package org.boardlab.workbench;

import java.util.function.Consumer;
import org.boardlab.api.GameState;
import org.boardlab.api.Move;
import org.boardlab.api.Side;
import org.eclipse.swt.widgets.Control;
import org.osgi.annotation.versioning.ConsumerType;

/**
 * One board on the screen: shows positions and, when a person plays a side, turns their clicks into
 * moves. All methods are called on the UI thread. The widget resizes with its control, writes
 * coordinates in boardlab's notation on its edges, and frees its colours, fonts and images when
 * its control is disposed.
 */
@ConsumerType
public interface BoardWidget {

    /** The widget's top control (laid out by its parent). */
    Control control();

    /**
     * Shows a position.
     *
     * @param state     the position; never {@code null}
     * @param lastMove  the move that led to it (marked on the board), or {@code null}
     * @param clickable the side whose moves the person at this board makes by clicking, or
     *                  {@code null} when nobody clicks (watching, replay, the other side to move)
     */
    void show(GameState state, Move lastMove, Side clickable);

    /**
     * Where a person's move goes: called with a legal move of the {@code clickable} side when the
     * person completes one (one click in most games; a card, a piece, then a square in Onitama).
     * Only legal moves are reported.
     */
    void onMove(Consumer<Move> listener);

    /**
     * Where a person clicks, in order, to make {@code move} in the position shown: the points are in
     * the coordinates of {@link #control()} (one point in most games; card, piece and square in
     * Onitama). For UI tests and automation; the move must be legal in the position shown.
     */
    java.util.List<org.eclipse.swt.graphics.Point> clicksFor(Move move);

    /** The side names and scores shown beside the board (e.g. the players' names); {@code null} keeps the game's colours. */
    default void setPlayerNames(String first, String second) {
    }
}
