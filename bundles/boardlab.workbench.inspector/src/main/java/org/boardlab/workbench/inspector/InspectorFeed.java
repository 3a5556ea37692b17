package org.boardlab.workbench.inspector;

import java.util.concurrent.Executor;
import java.util.function.LongConsumer;
import org.boardlab.api.event.MatchEvent;
import org.boardlab.api.event.WireEvent;
import org.boardlab.core.EventBus;
import org.boardlab.core.Subscription;
import org.boardlab.workbench.ServerSelection;

/**
 * What the inspector listens to, without widgets: every wire event goes to the model's store
 * (decoded there, on the tap's thread, not on the UI thread), every match start to the games whose
 * boards are shown at a message (their journals), and the game chosen in the Server view ("Open in
 * Inspector") to the view, on its thread.
 */
final class InspectorFeed implements AutoCloseable {

    private final Subscription events;
    private final Subscription chosen;

    /**
     * @param games     the games shown at a message, or {@code null} for none
     * @param selection the Server view's chosen game, or {@code null} for none
     * @param ui        runs tasks on the view's thread
     * @param showMatch told, on the view's thread, the match chosen in the Server view
     */
    InspectorFeed(EventBus bus, InspectorModel model, GameAtMessage games, ServerSelection selection, Executor ui, LongConsumer showMatch) {
        chosen = selection == null ? null : selection.addListener(id -> ui.execute(() -> showMatch.accept(id)));
        events = bus.subscribe(event -> {
            if (event instanceof WireEvent wire) {
                model.store().add(wire);
            } else if (event instanceof MatchEvent.Started started && games != null) {
                games.started(started);
            }
        }, WireEvent.class, MatchEvent.Started.class);
    }

    /** Stops listening. */
    @Override
    public void close() {
        if (chosen != null) {
            chosen.close();
        }
        events.close();
    }
}
