package org.boardlab.core.internal;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;
import javax.inject.Inject;
import javax.inject.Named;
import org.boardlab.api.Game;
import org.boardlab.api.Player;
import org.boardlab.api.Protocol;
import org.boardlab.api.event.RegistryEvent.Kind;
import org.boardlab.core.Component;
import org.boardlab.core.Registry;
import org.eclipse.sisu.BeanEntry;
import org.eclipse.sisu.EagerSingleton;
import org.eclipse.sisu.Mediator;
import org.eclipse.sisu.inject.BeanLocator;
import org.osgi.framework.Bundle;
import org.osgi.framework.FrameworkUtil;

import com.google.inject.Key;

/**
 * Feeds the {@link Registry} from Sisu: watches the shared bean locator for {@code @Named} games,
 * players and protocols in any bundle and adds or removes them as their bundles start and stop.
 */
@Named
@EagerSingleton
public final class RegistryFeed {

    private final Registry registry;
    private final Map<BeanEntry<?, ?>, Component<?>> added = new ConcurrentHashMap<>();

    @Inject
    public RegistryFeed(BeanLocator locator, Registry registry) {
        this.registry = registry;
        locator.watch(Key.get(Game.class, Named.class), new Feed<>(Kind.GAME, true), this);
        locator.watch(Key.get(Player.class, Named.class), new Feed<>(Kind.PLAYER, false), this);
        locator.watch(Key.get(Protocol.class, Named.class), new Feed<>(Kind.PROTOCOL, true), this);
    }

    /** Turns bean arrivals and departures of one kind into registry changes. */
    private static final class Feed<T> implements Mediator<Named, T, RegistryFeed> {
        private final Kind kind;
        private final boolean shared;

        Feed(Kind kind, boolean shared) {
            this.kind = kind;
            this.shared = shared;
        }

        @Override
        public void add(BeanEntry<Named, T> entry, RegistryFeed feed) {
            Class<T> type = entry.getImplementationClass();
            Bundle bundle = type == null ? null : FrameworkUtil.getBundle(type);
            String id = entry.getKey().value();
            String description = id;
            if (shared) {
                T value = entry.getValue();
                if (value instanceof Game game) {
                    id = game.id();
                    description = game.name();
                } else if (value instanceof Protocol protocol) {
                    id = protocol.id();
                    description = protocol.name() + ", port " + protocol.defaultPort();
                }
            } else {
                try {
                    description = ((Player) entry.getProvider().get()).description();
                } catch (RuntimeException | LinkageError e) {
                    description = "(cannot be created: " + e + ")";
                }
            }
            if (id == null || id.isBlank()) {
                id = type == null ? "?" : type.getSimpleName();
            }
            Supplier<T> factory = shared ? entry::getValue : () -> entry.getProvider().get();
            Component<T> component = new Component<>(kind, id, description,
                    bundle == null ? "-" : bundle.getSymbolicName(),
                    bundle == null ? "-" : bundle.getVersion().toString(),
                    bundle == null ? -1 : bundle.getBundleId(), factory);
            if (feed.registry.add(component)) {
                feed.added.put(entry, component);
            }
        }

        @Override
        public void remove(BeanEntry<Named, T> entry, RegistryFeed feed) {
            Component<?> component = feed.added.remove(entry);
            if (component != null) {
                feed.registry.remove(component);
            }
        }
    }
}
