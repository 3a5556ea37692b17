package org.boardlab.core.internal;

import java.nio.file.Path;
import java.util.Iterator;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;
import java.util.logging.Logger;
import javax.inject.Inject;
import javax.inject.Named;
import org.boardlab.api.Game;
import org.boardlab.api.Player;
import org.boardlab.api.Protocol;
import org.boardlab.api.event.RegistryEvent.Kind;
import org.boardlab.core.Component;
import org.boardlab.core.PlayerHosting;
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
 *
 * <p>A player from a bundle in the players folder (a student's jar) runs in a process of its own
 * through the {@link PlayerHosting} component when one is loaded, unless
 * {@value PlayerHosting#IN_PROCESS} names it: none of its code runs inside boardlab, not even its
 * constructor (its description is then its class's name). Built-in players run inside boardlab.
 */
@Named
@EagerSingleton
public final class RegistryFeed {

    private static final Logger LOG = Logger.getLogger(RegistryFeed.class.getName());

    private final Registry registry;
    private final BeanLocator locator;
    private final Path playersFolder;
    private final Map<BeanEntry<?, ?>, Component<?>> added = new ConcurrentHashMap<>();
    private volatile boolean warnedNoHosting;

    @Inject
    public RegistryFeed(BeanLocator locator, Registry registry) {
        this.registry = registry;
        this.locator = locator;
        this.playersFolder = PlayersFolder.folder();
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
            } else if (feed.fromPlayersFolder(bundle)) {
                description = (type == null ? id : type.getSimpleName()) + ", " + PlayerHosting.HOSTED;
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
            if (!shared && feed.fromPlayersFolder(bundle) && type != null) {
                factory = feed.hosted(id, bundle.getBundleId(), type.getName(), factory);
            }
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

    /** Whether {@code bundle} was installed from a jar in the players folder. */
    boolean fromPlayersFolder(Bundle bundle) {
        return PlayersFolder.contains(playersFolder, bundle);
    }

    /**
     * Gives the player of a players-folder bundle in a process of its own when a {@link PlayerHosting} is
     * loaded and {@value PlayerHosting#IN_PROCESS} does not name it; else inside boardlab, from {@code inside}.
     */
    @SuppressWarnings("unchecked")
    <T> Supplier<T> hosted(String id, long bundleId, String className, Supplier<T> inside) {
        return () -> {
            if (PlayerHosting.inProcess(id)) {
                return inside.get();
            }
            Iterator<? extends BeanEntry<?, PlayerHosting>> hostings = locator.locate(Key.get(PlayerHosting.class)).iterator();
            if (!hostings.hasNext()) {
                if (!warnedNoHosting) {
                    warnedNoHosting = true;
                    LOG.warning("no player hosting (boardlab.sandbox) is loaded: players from the players folder run inside boardlab");
                }
                return inside.get();
            }
            return (T) hostings.next().getValue().player(id, bundleId, className);
        };
    }
}
