package org.boardlab.workbench.inspector;

import org.boardlab.api.event.WireEvent;
import org.boardlab.workbench.BoardRenderers;
import org.boardlab.workbench.BoardWidget;
import org.eclipse.swt.SWT;
import org.eclipse.swt.layout.FillLayout;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.layout.GridLayout;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Label;

/**
 * The inspector's small board beside the fields: the position of the selected message's game as it
 * was when the message passed, and under it that position and the time split of the move being
 * played then, in words ({@link GameAtMessage}).
 */
final class BoardAtMessage {

    private final BoardRenderers boards;
    private final GameAtMessage games;
    private final Composite panel;
    private final Composite holder;
    private final Label text;
    private BoardWidget board;
    private String boardGame;

    /** @param boards and {@code games}: where boards and positions come from; without them only words are shown */
    BoardAtMessage(Composite parent, BoardRenderers boards, GameAtMessage games) {
        this.boards = boards;
        this.games = games;
        panel = new Composite(parent, SWT.NONE);
        GridLayout layout = new GridLayout(1, false);
        layout.marginWidth = 0;
        panel.setLayout(layout);
        holder = new Composite(panel, SWT.NONE);
        holder.setLayout(new FillLayout());
        holder.setLayoutData(new GridData(SWT.FILL, SWT.FILL, true, true));
        holder.setData(InspectorView.ID, "board-at-message");
        text = new Label(panel, SWT.WRAP);
        text.setData(InspectorView.ID, "board-text");
        GridData data = new GridData(SWT.FILL, SWT.END, true, false);
        data.widthHint = 100; // wraps in the pane's width, never widens it
        text.setLayoutData(data);
    }

    /** Shows where {@code e} stands in its game ({@code null}: nothing). */
    void show(WireEvent e) {
        GameAtMessage.At at = e == null || games == null ? null : games.at(e.matchId(), e.timeMicros());
        if (at == null || at.journal() == null) {
            disposeBoard();
            text.setText(e == null ? "" : at == null ? (e.matchId() == 0 ? "not in a game" : "") : at.text());
        } else {
            if (board == null || !at.journal().game().id().equals(boardGame)) {
                disposeBoard();
                board = boards.create(holder, at.journal().game());
                boardGame = at.journal().game().id();
            }
            board.setPlayerNames(at.journal().players().get(0), at.journal().players().get(1));
            board.show(at.position(), at.lastMove(), null);
            text.setText(at.text());
        }
        panel.layout(true, true);
    }

    private void disposeBoard() {
        for (Control c : holder.getChildren()) {
            c.dispose();
        }
        board = null;
        boardGame = null;
    }
}
