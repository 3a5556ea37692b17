package org.boardlab.workbench.server.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.boardlab.workbench.ServerSelection;
import org.junit.jupiter.api.Test;

/** The selection the Server view shares with the Match view and the inspector. */
class ServerSelectionTest {

    private final ServerSelection selection = new ServerSelection();

    @Test
    void nothingIsSelectedAtFirst() {
        assertThat(selection.selectedMatch()).isZero();
    }

    @Test
    void everyListenerHearsEachChoiceEvenARepeatedOneUntilItIsRemoved() throws Exception {
        List<Long> first = new ArrayList<>();
        List<Long> second = new ArrayList<>();
        AutoCloseable one = selection.addListener(first::add);
        selection.addListener(second::add);

        selection.select(7);
        selection.select(7);
        one.close();
        selection.select(9);

        assertThat(first).containsExactly(7L, 7L);
        assertThat(second).containsExactly(7L, 7L, 9L);
        assertThat(selection.selectedMatch()).isEqualTo(9);
    }

    @Test
    void aFailingListenerDoesNotStopTheOthers() {
        List<Long> heard = new ArrayList<>();
        selection.addListener(id -> {
            throw new IllegalStateException("broken view");
        });
        selection.addListener(heard::add);

        selection.select(3);

        assertThat(heard).containsExactly(3L);
    }

    @Test
    void aMatchIdIsPositive() {
        assertThatThrownBy(() -> selection.select(0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("a match id is positive, not 0");
        assertThat(selection.selectedMatch()).isZero();
    }
}
