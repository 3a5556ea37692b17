package org.boardlab.core;

import java.util.Objects;
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

    /**
     * Equal when every component is, as a record's equals is; written out because the record's own is
     * made at its first call by an invokedynamic bootstrap ({@code ObjectMethods}), about 1 % of a
     * {@code list}'s CPU at start, where the registry first puts components in its maps.
     */
    @Override
    public boolean equals(Object o) {
        return this == o || o instanceof Component<?> c && kind == c.kind && bundleId == c.bundleId && Objects.equals(id, c.id)
                && Objects.equals(description, c.description) && Objects.equals(bundle, c.bundle)
                && Objects.equals(bundleVersion, c.bundleVersion) && Objects.equals(factory, c.factory);
    }

    /** From every component, as {@link #equals}. */
    @Override
    public int hashCode() {
        return Objects.hash(kind, id, description, bundle, bundleVersion, bundleId, factory);
    }
}
