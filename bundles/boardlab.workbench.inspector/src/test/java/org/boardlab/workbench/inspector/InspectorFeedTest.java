package org.boardlab.workbench.inspector;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.boardlab.core.EventBus;
import org.boardlab.workbench.ServerSelection;
import org.junit.jupiter.api.Test;

/** What the inspector listens to, without a display: the wire events into its store, the Server view's choice to the view. */
class InspectorFeedTest {

    @Test
    void wireEventsGoToTheStoreAndTheChosenMatchToTheViewsThreadUntilClosed() {
        EventBus bus = new EventBus();
        InspectorModel model = new InspectorModel(new MessageStore(100));
        ServerSelection selection = new ServerSelection();
        List<Runnable> uiTasks = new ArrayList<>();
        List<Long> shown = new ArrayList<>();
        InspectorFeed feed = new InspectorFeed(bus, model, null, selection, uiTasks::add, shown::add);

        bus.publish(Frames.login(1, 1, "ann"));
        bus.publish(Frames.move(2, 1, "ann", 3, 4, 7));
        assertThat(model.store().size()).isEqualTo(2);

        selection.select(7);
        assertThat(shown).as("not before the view's thread runs it").isEmpty();
        uiTasks.forEach(Runnable::run);
        assertThat(shown).containsExactly(7L);

        feed.close();
        bus.publish(Frames.login(3, 2, "bob"));
        selection.select(8);
        assertThat(model.store().size()).as("nothing stored after close").isEqualTo(2);
        assertThat(uiTasks).as("no choice handed on after close").hasSize(1);
        model.close();
    }
}
