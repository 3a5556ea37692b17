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

    /** Up to this many items taken out or put in, one by one; more, and all items are set at once (cheaper then). */
    static final int FEW_CHANGES = 8;

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

    /**
     * Offers {@code seen} (already in order); keeps the chosen value. When few items changed only
     * they are taken out or put in: GTK takes about a millisecond to put in or take out one item and
     * some 50 microseconds an item to set them all, and offering a couple of hundred values again
     * every second would hold up the window.
     */
    void setValues(Collection<T> seen) {
        T chosen = selected();
        List<T> target = new ArrayList<>(seen.size() + 2);
        target.add(null);
        target.addAll(seen);
        if (chosen != null && !target.contains(chosen)) {
            target.add(chosen);
        }
        if (target.equals(values)) {
            return;
        }
        java.util.Set<T> keep = new java.util.HashSet<>(target);
        int gone = 0;
        for (T v : values) {
            gone += keep.contains(v) ? 0 : 1;
        }
        int changes = gone + target.size() - (values.size() - gone);
        if (changes <= FEW_CHANGES) {
            for (int i = values.size() - 1; i >= 1; i--) {
                if (!keep.contains(values.get(i))) {
                    values.remove(i);
                    combo.remove(i);
                }
            }
        }
        if (changes > FEW_CHANGES || !inOrder(values, target)) {
            values.clear();
            values.addAll(target);
            String[] items = new String[values.size()];
            items[0] = "all";
            for (int i = 1; i < items.length; i++) {
                items[i] = label.apply(values.get(i));
            }
            combo.setItems(items);
        } else {
            for (int i = 1; i < target.size(); i++) {
                if (i >= values.size() || !java.util.Objects.equals(values.get(i), target.get(i))) {
                    values.add(i, target.get(i));
                    combo.add(label.apply(target.get(i)), i);
                }
            }
        }
        int index = Math.max(0, values.indexOf(chosen));
        if (combo.getSelectionIndex() != index) {
            combo.select(index);
        }
    }

    /** {@code true} when {@code part}'s values come in {@code whole} in the same order. */
    private static <T> boolean inOrder(List<T> part, List<T> whole) {
        int at = 0;
        for (T v : part) {
            while (at < whole.size() && !java.util.Objects.equals(whole.get(at), v)) {
                at++;
            }
            if (at == whole.size()) {
                return false;
            }
            at++;
        }
        return true;
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
