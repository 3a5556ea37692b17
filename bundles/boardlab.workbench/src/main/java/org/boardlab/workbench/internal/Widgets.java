package org.boardlab.workbench.internal;

import java.util.List;
import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.GC;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.layout.GridLayout;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Combo;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Spinner;
import org.eclipse.swt.widgets.Widget;

/**
 * The Match view's widgets, made alike: bars of labelled fields on one line (each label centred on
 * its field), buttons, side-panel lines that never wrap, and each widget tagged with its role under
 * the key {@code boardlab.id} (for UI tests).
 */
final class Widgets {

    private Widgets() {
    }

    /** A bar of widgets in one line, each centred on the line: labels on their fields. */
    static Composite bar(Composite parent, int columns) {
        Composite bar = new Composite(parent, SWT.NONE);
        GridLayout layout = new GridLayout(columns, false);
        layout.marginHeight = 2;
        bar.setLayout(layout);
        bar.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false));
        return bar;
    }

    static Composite label(Composite bar, String text) {
        Label label = new Label(bar, SWT.NONE);
        label.setText(text);
        label.setLayoutData(new GridData(SWT.END, SWT.CENTER, false, false));
        return bar;
    }

    static Combo combo(Composite bar, String label, String role, int width) {
        Combo combo = tag(new Combo(label(bar, label), SWT.READ_ONLY), role);
        combo.setLayoutData(new GridData(width, SWT.DEFAULT));
        return combo;
    }

    static Spinner spinner(Composite bar, String label, String role, int value, int min, int max, int step) {
        Spinner spinner = tag(new Spinner(label(bar, label), SWT.BORDER), role);
        spinner.setValues(value, min, max, 0, step, step * 10);
        spinner.setLayoutData(new GridData(SWT.BEGINNING, SWT.CENTER, false, false));
        return spinner;
    }

    static Button button(Composite bar, String role, String text, Runnable action) {
        Button button = tag(new Button(bar, SWT.PUSH), role);
        button.setText(text);
        button.setLayoutData(new GridData(SWT.BEGINNING, SWT.CENTER, false, false));
        button.addListener(SWT.Selection, e -> action.run());
        return button;
    }

    /** A line of the side panel that never wraps, so the panel keeps its size as the text changes. */
    static Label line(Composite side, String role) {
        Label label = tag(new Label(side, SWT.NONE), role);
        GridData data = new GridData(SWT.FILL, SWT.CENTER, true, false, 2, 1);
        data.widthHint = 100;
        label.setLayoutData(data);
        return label;
    }

    static <T extends Widget> T tag(T widget, String role) {
        widget.setData(MatchView.ID, role);
        return widget;
    }

    /** The status lines of the side panel: {@code lines} high whatever they say, so the panel never jumps; they wrap in its width. */
    static Label status(Composite side, int lines) {
        Label status = tag(new Label(side, SWT.WRAP), "status");
        GridData data = new GridData(SWT.FILL, SWT.TOP, true, false, 2, 1);
        data.widthHint = 100; // wraps in the panel's width, never widens it
        GC gc = new GC(status);
        data.heightHint = lines * gc.getFontMetrics().getHeight();
        gc.dispose();
        status.setLayoutData(data);
        return status;
    }

    /** Offers {@code items} and shows {@code chosen}, touching the combo only where it differs (no flicker). */
    static void setItems(Combo combo, List<String> items, String chosen) {
        if (!List.of(combo.getItems()).equals(items)) {
            combo.setItems(items.toArray(String[]::new));
        }
        int index = chosen == null ? -1 : items.indexOf(chosen);
        if (index >= 0 && combo.getSelectionIndex() != index) {
            combo.select(index);
        }
    }

    /** Sets a label's text if it differs (no flicker every 100 ms). */
    static void setText(Label label, String text) {
        if (!label.getText().equals(text)) {
            label.setText(text);
        }
    }
}
