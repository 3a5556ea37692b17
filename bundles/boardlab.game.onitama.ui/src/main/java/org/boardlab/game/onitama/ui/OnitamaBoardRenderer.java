package org.boardlab.game.onitama.ui;

import javax.inject.Named;
import javax.inject.Singleton;
import org.boardlab.game.onitama.Onitama;
import org.boardlab.workbench.BoardRenderer;
import org.boardlab.workbench.BoardWidget;
import org.eclipse.swt.widgets.Composite;

/**
 * The workbench's board view for {@link Onitama}: the board from blue's seat, both hands and the
 * side card with their move grids, and moves made by clicking a card, a piece and a square (or
 * only a card, for {@code <card>:pass} when no piece can move). Each call of
 * {@link #create(Composite)} makes a new, independent board.
 */
@Named(Onitama.ID)
@Singleton
public final class OnitamaBoardRenderer implements BoardRenderer {

    @Override
    public String gameId() {
        return Onitama.ID;
    }

    @Override
    public BoardWidget create(Composite parent) {
        return new OnitamaBoardWidget(parent);
    }
}
