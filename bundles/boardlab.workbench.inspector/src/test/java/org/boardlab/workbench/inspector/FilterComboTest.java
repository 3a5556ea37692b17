package org.boardlab.workbench.inspector;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.eclipse.swt.layout.FillLayout;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.Shell;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The filter choices as a person sees them while new values come and old ones go. */
class FilterComboTest {

    private Display display;
    private Shell shell;
    private FilterCombo<Long> combo;

    @BeforeEach
    void open() {
        display = new Display();
        shell = new Shell(display);
        shell.setLayout(new FillLayout());
        combo = new FilterCombo<>(shell, "filter-match", m -> "match " + m);
        shell.open();
    }

    @AfterEach
    void close() {
        display.dispose();
    }

    private List<String> items() {
        return List.of(combo.combo().getItems());
    }

    @Test
    void newValuesComeInOldOnesGoAndTheChosenOneStaysChosen() {
        combo.setValues(List.of(1L, 2L, 3L));
        assertThat(items()).containsExactly("all", "match 1", "match 2", "match 3");
        assertThat(combo.selected()).isNull();

        combo.combo().select(2);
        combo.setValues(List.of(2L, 3L, 4L));
        assertThat(items()).containsExactly("all", "match 2", "match 3", "match 4");
        assertThat(combo.selected()).isEqualTo(2L);
        assertThat(combo.combo().getText()).isEqualTo("match 2");

        combo.setValues(List.of(3L, 4L, 5L));
        assertThat(items()).as("the chosen value stays offered, last").containsExactly("all", "match 3", "match 4", "match 5",
                "match 2");
        assertThat(combo.selected()).isEqualTo(2L);

        combo.setValues(List.of(1L, 2L, 3L));
        assertThat(items()).containsExactly("all", "match 1", "match 2", "match 3");
        assertThat(combo.selected()).isEqualTo(2L);

        combo.select(null);
        combo.setValues(List.of());
        assertThat(items()).containsExactly("all");
        assertThat(combo.combo().getText()).isEqualTo("all");
    }

    @Test
    void choosingAValueNotOfferedYetAddsIt() {
        combo.setValues(List.of(1L));
        combo.select(9L);

        assertThat(items()).containsExactly("all", "match 1", "match 9");
        assertThat(combo.selected()).isEqualTo(9L);
    }
}
