package org.boardlab.game.gomoku.ui;

import javax.inject.Named;
import javax.inject.Singleton;
import org.boardlab.workbench.BoardRenderer;
import org.boardlab.workbench.BoardWidget;
import org.eclipse.swt.widgets.Composite;

/**
 * Draws Gomoku boards (game id {@code gomoku}, any size from 5x5 to 25x25) in the workbench: a
 * wooden grid with black and white stones on the intersections, the last stone marked with a red
 * dot, the winning row struck through, and seed 003's danger warnings as coloured dots that a check
 * button under the board switches on and off. A click near an empty intersection plays there.
 *
 * <p>Stateless: every {@link #create} call makes an independent widget. Call it on the UI thread.
 */
@Named("gomoku")
@Singleton
public final class GomokuRenderer implements BoardRenderer {

    @Override
    public String gameId() {
        return "gomoku";
    }

    /**
     * A new Gomoku board inside {@code parent}, danger warnings shown. Its {@code show} accepts only
     * positions that are {@link org.boardlab.game.gomoku.GomokuBoard}s, as every Gomoku position
     * is.
     */
    @Override
    public BoardWidget create(Composite parent) {
        return new GomokuBoardWidget(parent);
    }
}
