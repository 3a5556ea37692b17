package org.boardlab.workbench.inspector;

import java.util.List;
import java.util.function.Function;
import org.eclipse.swt.SWT;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.layout.RowData;
import org.eclipse.swt.layout.RowLayout;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Text;

/**
 * The inspector's filters: the Find field, and the filter row of one {@link FilterCombo} each for
 * connection, player, match, protocol, direction and type, offering the values seen (in {@link InspectorModel.Choices} order, direction
 * aside: it always offers in and out).
 */
final class FilterBar implements InspectorModel.Choices {

    private final Composite bar;
    private final FilterCombo<Long> connection;
    private final FilterCombo<String> player;
    private final FilterCombo<Long> match;
    private final FilterCombo<String> protocol;
    private final FilterCombo<Boolean> direction;
    private final FilterCombo<String> type;

    private final Text find;
    private int findGeneration;

    /**
     * @param actions  the row the Find field goes at the end of
     * @param parent   where the row of choices goes
     * @param remoteOf a connection's remote address, for its label
     * @param changed  told when the person chooses another value, or stops typing in Find (or presses Enter)
     */
    FilterBar(Composite actions, Composite parent, Function<Long, String> remoteOf, Runnable changed) {
        new Label(actions, SWT.NONE).setText("   Find:");
        find = new Text(actions, SWT.SEARCH | SWT.ICON_CANCEL | SWT.BORDER);
        find.setData(InspectorView.ID, "filter-text");
        find.setMessage("words in the summary or fields");
        find.setLayoutData(new RowData(260, SWT.DEFAULT));
        find.addListener(SWT.Modify, e -> {
            int generation = ++findGeneration;
            find.getDisplay().timerExec(250, () -> { // a moment after the person stops typing
                if (generation == findGeneration && !find.isDisposed()) {
                    changed.run();
                }
            });
        });
        find.addListener(SWT.DefaultSelection, e -> changed.run());
        bar = new Composite(parent, SWT.NONE);
        RowLayout layout = new RowLayout(SWT.HORIZONTAL);
        layout.center = true;
        bar.setLayout(layout);
        bar.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false));
        connection = combo("Connection:", "filter-connection", 160, id -> id + "  " + remoteOf.apply(id), changed);
        player = combo("Player:", "filter-player", 115, p -> p.equals(MessageFilter.NO_PLAYER) ? "(not logged in)" : p, changed);
        match = combo("Match:", "filter-match", 80, m -> m == 0 ? "none" : Long.toString(m), changed);
        protocol = combo("Protocol:", "filter-protocol", 100, p -> p, changed);
        direction = combo("Direction:", "filter-direction", 150, in -> in ? "→ from the client" : "← to the client", changed);
        direction.setValues(List.of(true, false));
        type = combo("Type:", "filter-type", 120, t -> t, changed);
    }

    private <T> FilterCombo<T> combo(String label, String role, int width, Function<T, String> text, Runnable changed) {
        new Label(bar, SWT.NONE).setText(label);
        FilterCombo<T> combo = new FilterCombo<>(bar, role, text);
        combo.combo().setLayoutData(new RowData(width, SWT.DEFAULT));
        combo.combo().addListener(SWT.Selection, e -> changed.run());
        return combo;
    }

    /** The filter the choices and the Find text make. */
    MessageFilter filter() {
        return new MessageFilter(connection.selected(), player.selected(), match.selected(), protocol.selected(),
                direction.selected(), type.selected(), find.getText());
    }

    boolean isDisposed() {
        return bar.isDisposed();
    }

    void selectConnection(long id) {
        connection.select(id);
    }

    void selectMatch(long id) {
        match.select(id);
    }

    /** Chooses "all" everywhere and empties Find. */
    void showAll() {
        find.setText("");
        for (int i = 0; i < InspectorModel.CHOICE_COUNT; i++) {
            choice(i).select(null);
        }
        direction.select(null);
    }

    private FilterCombo<?> choice(int index) {
        return switch (index) {
            case 0 -> connection;
            case 1 -> player;
            case 2 -> match;
            case 3 -> protocol;
            default -> type;
        };
    }

    @Override
    public boolean busy(int index) {
        return choice(index).combo().getListVisible();
    }

    @Override
    public void offer(int index, MessageStore.Seen seen) {
        switch (index) {
            case 0 -> connection.setValues(seen.connections().keySet());
            case 1 -> player.setValues(seen.players());
            case 2 -> match.setValues(seen.matches());
            case 3 -> protocol.setValues(seen.protocols());
            default -> type.setValues(seen.types());
        }
    }
}
