package org.boardlab.workbench.internal;

import java.util.function.Consumer;
import org.boardlab.api.GameState;
import org.boardlab.api.Move;
import org.boardlab.api.Side;
import org.boardlab.workbench.BoardWidget;
import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.Font;
import org.eclipse.swt.graphics.FontData;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Text;

/**
 * The board as text (the game's {@link GameState#boardText()}), for games whose bundle brings no
 * renderer; moves are typed in the match controller's move field.
 */
public final class TextBoard implements BoardWidget {

    private final Text text;
    private final Font font;

    public TextBoard(Composite parent) {
        text = new Text(parent, SWT.MULTI | SWT.READ_ONLY | SWT.V_SCROLL | SWT.H_SCROLL | SWT.BORDER);
        FontData data = new FontData("Monospace", 14, SWT.NORMAL);
        font = new Font(parent.getDisplay(), data);
        text.setFont(font);
        text.addDisposeListener(e -> font.dispose());
    }

    @Override
    public Control control() {
        return text;
    }

    @Override
    public void show(GameState state, Move lastMove, Side clickable) {
        text.setText(state.boardText() + (lastMove == null ? "" : "\nlast move: " + lastMove.notation()));
    }

    @Override
    public java.util.List<org.eclipse.swt.graphics.Point> clicksFor(Move move) {
        return java.util.List.of(); // a text board takes typed moves only
    }

    @Override
    public void onMove(Consumer<Move> listener) {
        // moves are typed in the move field
    }
}
