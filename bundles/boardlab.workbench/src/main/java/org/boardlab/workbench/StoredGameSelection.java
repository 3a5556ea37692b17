package org.boardlab.workbench;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.LongConsumer;
import javax.inject.Named;
import javax.inject.Singleton;
import org.osgi.annotation.versioning.ProviderType;

/**
 * The stored game a person chose to look at, by its id in the store (the default database: the
 * {@code id} of {@code boardlab games}). A view that lists stored games (the Tournament view's
 * finished games) sets it and brings the Match view to the front; the Match view injects this bean
 * (one per workbench), loads that game from the store into its move list and shows it for replay.
 *
 * <p>Thread-safe. Listeners are called on the thread that {@linkplain #open opens} (the UI thread
 * when a view does it), in the order they were added; a listener that throws does not stop the
 * others.
 */
@Named
@Singleton
@ProviderType
public final class StoredGameSelection {

    private static final java.util.logging.Logger LOG = java.util.logging.Logger.getLogger(StoredGameSelection.class.getName());

    private final List<LongConsumer> listeners = new CopyOnWriteArrayList<>();

    /**
     * Opens the stored game with this id: tells every listener, even if it was opened already.
     *
     * @param gameId a stored game's id, positive
     * @throws IllegalArgumentException if {@code gameId} is not positive
     */
    public void open(long gameId) {
        if (gameId <= 0) {
            throw new IllegalArgumentException("a stored game's id is positive, not " + gameId);
        }
        for (LongConsumer listener : listeners) {
            try {
                listener.accept(gameId);
            } catch (RuntimeException e) {
                LOG.log(java.util.logging.Level.WARNING, "a listener of the stored game selection failed: " + e, e);
            }
        }
    }

    /**
     * Calls {@code listener} with the game's id each time a stored game is opened.
     *
     * @return closing it removes the listener
     */
    public org.boardlab.core.Subscription addListener(LongConsumer listener) {
        listeners.add(listener);
        return () -> listeners.remove(listener);
    }
}
