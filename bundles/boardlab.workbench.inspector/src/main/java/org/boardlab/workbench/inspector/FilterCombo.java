package org.boardlab.workbench.inspector;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.function.Function;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Combo;
import org.eclipse.swt.widgets.Composite;

/**
 * A read-only combo that picks one value of a filter criterion: its first item is "all"
 * ({@code null}), the others are the values seen so far, labelled for people. The chosen value
 * stays chosen when the list of values changes, even when it is no longer among them.
 */
final class FilterCombo<T> {

    private final Combo combo;
    private final Function<T, String> label;
    private final List<T> values = new ArrayList<>();

    FilterCombo(Composite parent, String role, Function<T, String> label) {
        this.combo = new Combo(parent, SWT.READ_ONLY | SWT.DROP_DOWN);
        this.combo.setData(InspectorView.ID, role);
        this.label = label;
        values.add(null);
        combo.setItems("all");
        combo.select(0);
    }

    Combo combo() {
        return combo;
    }

    /** The chosen value; {@code null} for "all". */
    T selected() {
        int index = combo.getSelectionIndex();
        return index <= 0 ? null : values.get(index);
    }

    /** Offers {@code seen} (already in order); keeps the chosen value. */
    void setValues(Collection<T> seen) {
        T chosen = selected();
        values.clear();
        values.add(null);
        values.addAll(seen);
        if (chosen != null && !values.contains(chosen)) {
            values.add(chosen);
        }
        String[] items = new String[values.size()];
        items[0] = "all";
        for (int i = 1; i < items.length; i++) {
            items[i] = label.apply(values.get(i));
        }
        combo.setItems(items);
        combo.select(Math.max(0, values.indexOf(chosen)));
    }

    /** Chooses {@code value} ({@code null} for "all"), adding it when it is not offered yet. */
    void select(T value) {
        int index = values.indexOf(value);
        if (index < 0) {
            values.add(value);
            combo.add(label.apply(value));
            index = values.size() - 1;
        }
        combo.select(index);
    }
}
