package org.boardlab.workbench.inspector;

import org.boardlab.api.event.WireEvent;
import org.boardlab.workbench.BoardRenderers;
import org.eclipse.jface.resource.JFaceResources;
import org.eclipse.swt.SWT;
import org.eclipse.swt.custom.SashForm;
import org.eclipse.swt.custom.StyledText;
import org.eclipse.swt.graphics.Color;
import org.eclipse.swt.widgets.Composite;

/**
 * The inspector's panes below the message list, for the selected message: its decoded fields as a
 * tree ({@link FieldTree}), its game's board as it was when it passed ({@link BoardAtMessage}), and its
 * bytes in hex and ASCII ({@link HexDump}).
 */
final class MessageDetails {

    private final FieldTree fields;
    private final BoardAtMessage board;
    private final StyledText bytes;

    /**
     * @param boards the boards of the games loaded, or {@code null} (no board pane content)
     * @param games  the games' journals by match, or {@code null}
     */
    MessageDetails(Composite parent, Color errorText, Color refusedText, BoardRenderers boards, GameAtMessage games) {
        SashForm details = new SashForm(parent, SWT.HORIZONTAL);
        fields = new FieldTree(details, errorText, refusedText);
        InspectorActions.tag(fields.tree(), "fields");
        board = new BoardAtMessage(details, boards, games);
        bytes = InspectorActions.tag(new StyledText(details, SWT.BORDER | SWT.MULTI | SWT.READ_ONLY | SWT.H_SCROLL | SWT.V_SCROLL), "bytes");
        bytes.setFont(JFaceResources.getTextFont());
        details.setWeights(33, 27, 40);
    }

    /** Shows message {@code e}, or nothing for {@code null}. */
    void show(WireEvent e) {
        fields.show(e);
        board.show(e);
        bytes.setText(e == null ? "" : HexDump.of(e.raw()));
    }
}
