package org.boardlab.game.othello.ui;

import javax.inject.Named;
import javax.inject.Singleton;
import org.boardlab.workbench.BoardRenderer;
import org.boardlab.workbench.BoardWidget;
import org.eclipse.swt.widgets.Composite;

/**
 * Draws Othello / Reversi boards (game id {@code othello}, any even size from 4 to 16) in the
 * workbench: a green board with black and white discs, the clickable side's legal squares as small
 * dots, the last move marked with a red dot, and the disc counts, the side to move and pass notices
 * under the board. A click on a legal square plays it; when the clickable side's only move is
 * {@code pass}, a click anywhere on the board plays the pass.
 *
 * <p>Stateless: every {@link #create} call makes an independent widget. Call it on the UI thread.
 */
@Named("othello")
@Singleton
public final class OthelloRenderer implements BoardRenderer {

    @Override
    public String gameId() {
        return "othello";
    }

    /**
     * A new Othello board inside {@code parent}. Its {@code show} accepts only positions of the
     * {@code othello} game ({@link org.boardlab.game.othello.OthelloPosition}).
     */
    @Override
    public BoardWidget create(Composite parent) {
        return new OthelloBoardWidget(parent);
    }
}
