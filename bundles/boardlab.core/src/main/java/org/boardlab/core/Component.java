package org.boardlab.core;

import java.util.function.Supplier;
import org.boardlab.api.event.RegistryEvent.Kind;

/**
 * A game, player or protocol known to the {@link Registry}.
 *
 * @param kind          what it is
 * @param id            its unique id among components of its kind
 * @param description   one line for people
 * @param bundle        the symbolic name of the bundle that provides it ({@code "-"} outside OSGi)
 * @param bundleVersion that bundle's version
 * @param bundleId      that bundle's id in the framework ({@code -1} outside OSGi)
 * @param factory       gives the component: the shared instance for games and protocols, a new
 *                      instance on every call for players
 */
public record Component<T>(Kind kind, String id, String description, String bundle, String bundleVersion,
        long bundleId, Supplier<T> factory) {

    /** The component itself (a new instance for players). */
    public T get() {
        return factory.get();
    }

    /** {@code id (bundle version)}, for messages. */
    public String label() {
        return id + " (" + bundle + " " + bundleVersion + ")";
    }
}
