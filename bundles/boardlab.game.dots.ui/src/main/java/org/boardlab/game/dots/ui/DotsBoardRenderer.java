package org.boardlab.game.dots.ui;

import javax.inject.Named;
import javax.inject.Singleton;
import org.boardlab.workbench.BoardRenderer;
import org.boardlab.workbench.BoardWidget;
import org.eclipse.swt.widgets.Composite;

/**
 * The workbench's board view for Dots (game id {@code dots}), at any board size: the grid of
 * points, the red and blue dots, the zones with their borders, both scores, and moves made by
 * clicking a free point. Each call of {@link #create(Composite)} makes a new, independent board.
 */
@Named(DotsBoardRenderer.GAME_ID)
@Singleton
public final class DotsBoardRenderer implements BoardRenderer {

    /** The id of the game drawn: {@code dots}. */
    static final String GAME_ID = "dots";

    @Override
    public String gameId() {
        return GAME_ID;
    }

    @Override
    public BoardWidget create(Composite parent) {
        return new DotsBoardWidget(parent);
    }
}
