package org.boardlab.workbench;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.LongConsumer;
import javax.inject.Named;
import javax.inject.Singleton;
import org.osgi.annotation.versioning.ProviderType;

/**
 * The game on the embedded server that a person chose to look at, by its match id (the id of its
 * table, the {@code matchId} of its match and wire events). The Server view sets it when "Open in
 * Match view" or "Open in Inspector" is pressed, then brings that view to the front; the Match view
 * and the inspector inject this bean (one per workbench) and show that game.
 *
 * <p>Thread-safe. Listeners are called on the thread that {@linkplain #select selects} (the UI
 * thread when the Server view does it), in the order they were added; a listener that throws does
 * not stop the others.
 */
@Named
@Singleton
@ProviderType
public final class ServerSelection {

    private static final java.util.logging.Logger LOG = java.util.logging.Logger.getLogger(ServerSelection.class.getName());

    private final List<LongConsumer> listeners = new CopyOnWriteArrayList<>();
    private volatile long selected;

    /** The chosen match id, or {@code 0} if no server game has been chosen yet. */
    public long selectedMatch() {
        return selected;
    }

    /**
     * Chooses the game with this match id and tells every listener, even if it was chosen already
     * (pressing the button again asks again).
     *
     * @param matchId a match id, positive
     * @throws IllegalArgumentException if {@code matchId} is not positive
     */
    public void select(long matchId) {
        if (matchId <= 0) {
            throw new IllegalArgumentException("a match id is positive, not " + matchId);
        }
        selected = matchId;
        for (LongConsumer listener : listeners) {
            try {
                listener.accept(matchId);
            } catch (RuntimeException e) {
                LOG.log(java.util.logging.Level.WARNING, "a listener of the server selection failed: " + e, e);
            }
        }
    }

    /**
     * Calls {@code listener} with the match id each time a game is chosen.
     *
     * @return closing it removes the listener
     */
    public org.boardlab.core.Subscription addListener(LongConsumer listener) {
        listeners.add(listener);
        return () -> listeners.remove(listener);
    }
}
