package org.boardlab.conform.ui.internal;

import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Table;
import org.eclipse.swt.widgets.TableColumn;
import org.eclipse.swt.widgets.Widget;

/** The view's widgets, each tagged with the id tests find it by ({@link #ID}). */
final class Widgets {

    /** The key tests find widgets by. */
    static final String ID = "boardlab.id";

    private Widgets() {
    }

    static <T extends Widget> T tag(T widget, String id) {
        widget.setData(ID, id);
        return widget;
    }

    static Button button(Composite parent, String id, String text, Runnable action) {
        Button b = tag(new Button(parent, SWT.PUSH), id);
        b.setText(text);
        b.addListener(SWT.Selection, e -> action.run());
        return b;
    }

    /** A table with a header, one row selected at a time; {@code columns}: each a title and a width in pixels. */
    static Table table(Composite parent, String id, String[][] columns) {
        Table table = tag(new Table(parent, SWT.BORDER | SWT.FULL_SELECTION | SWT.SINGLE), id);
        table.setHeaderVisible(true);
        for (String[] c : columns) {
            TableColumn column = new TableColumn(table, SWT.NONE);
            column.setText(c[0]);
            column.setWidth(Integer.parseInt(c[1]));
        }
        return table;
    }
}
