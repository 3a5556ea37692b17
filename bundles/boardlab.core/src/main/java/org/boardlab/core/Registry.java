package org.boardlab.core;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.logging.Logger;
import javax.inject.Inject;
import javax.inject.Named;
import javax.inject.Singleton;
import org.boardlab.api.Game;
import org.boardlab.api.Player;
import org.boardlab.api.Protocol;
import org.boardlab.api.event.RegistryEvent;
import org.boardlab.api.event.RegistryEvent.Change;
import org.boardlab.api.event.RegistryEvent.Kind;

/**
 * The games, players and protocols loaded right now. Bundles come and go while boardlab runs (the
 * players folder is watched), so every answer is a snapshot; subscribe to the {@link EventBus} for
 * {@link RegistryEvent}s to follow changes.
 *
 * <p>Ids are unique per kind. A component whose id is already taken by another bundle is refused
 * with a {@link Change#REFUSED} event that says which bundle holds the id; it is not silently
 * shadowed. A bundle that is updated (its jar replaced) removes its components and adds them again:
 * the new arrival is reported as {@link Change#REPLACED}.
 */
@Named
@Singleton
public final class Registry {

    private static final Logger LOG = Logger.getLogger(Registry.class.getName());

    private static final int RECENT = 500;

    private final EventBus events;
    private final java.util.ArrayDeque<RegistryEvent> recent = new java.util.ArrayDeque<>();
    private final Map<Kind, Map<String, Component<?>>> components = new ConcurrentHashMap<>();
    /** what each loaded player said about each game it was asked about, until it leaves */
    private final Map<Component<?>, Map<String, Boolean>> supports = new ConcurrentHashMap<>();
    /** id of a component that left → the bundle id it left from, to recognise a replacement. */
    private final Map<Kind, Map<String, Long>> departed = new ConcurrentHashMap<>();
    /** id of a player that left → the symbolic name of the bundle it left with. */
    private final Map<String, String> departedPlayerBundles = new ConcurrentHashMap<>();
    /** symbolic name of a bundle whose jar was overwritten by one that cannot be loaded → why, in words. */
    private final Map<String, String> refusedBundles = new ConcurrentHashMap<>();

    @Inject
    public Registry(EventBus events) {
        this.events = events;
        for (Kind kind : Kind.values()) {
            components.put(kind, new ConcurrentHashMap<>());
            departed.put(kind, new ConcurrentHashMap<>());
        }
    }

    /**
     * Adds a component, unless its id is taken by another one.
     *
     * @return {@code true} if added, {@code false} if refused
     */
    public synchronized boolean add(Component<?> component) {
        Map<String, Component<?>> ofKind = components.get(component.kind());
        Component<?> holder = ofKind.get(component.id());
        if (holder != null) {
            String why = "the " + component.kind().name().toLowerCase() + " id '" + component.id() + "' of bundle "
                    + component.bundle() + " " + component.bundleVersion() + " is already used by bundle "
                    + holder.bundle() + " " + holder.bundleVersion() + "; rename it in @Named(\"...\")";
            LOG.warning("refused: " + why);
            publish(Change.REFUSED, component, why);
            return false;
        }
        ofKind.put(component.id(), component);
        Long leftFrom = departed.get(component.kind()).remove(component.id());
        if (component.kind() == Kind.PLAYER) {
            departedPlayerBundles.remove(component.id());
            refusedBundles.remove(component.bundle());
        }
        boolean replaced = leftFrom != null && leftFrom == component.bundleId() && component.bundleId() >= 0;
        publish(replaced ? Change.REPLACED : Change.ADDED, component,
                (replaced ? "replaced by " : "added from ") + component.bundle() + " " + component.bundleVersion());
        return true;
    }

    /**
     * Reports a file in the players folder that cannot be loaded (a corrupt jar, a jar that is not a
     * bundle): a {@link Change#REFUSED} event for a player named after the file, with {@code why}, also
     * printed on standard error.
     *
     * @param file the file's name, e.g. {@code greedy.jar}
     * @param why  which file and why, in words
     */
    public void refuseFile(String file, String why) {
        refuseFile(file, why, null);
    }

    /**
     * Reports a file in the players folder that cannot be loaded, as {@link #refuseFile(String, String)},
     * where the file held bundle {@code lastBundle} before it was overwritten: FileInstall then removes
     * that bundle, and its players, until a loadable jar is back, are {@linkplain #whyGone(String) gone
     * for that reason}.
     *
     * @param lastBundle the symbolic name of the bundle the file held when it was last loadable, or
     *                   {@code null} if it never was
     */
    public void refuseFile(String file, String why, String lastBundle) {
        if (lastBundle != null) {
            refusedBundles.put(lastBundle, why);
        }
        LOG.warning("refused: " + why);
        publish(new RegistryEvent(EventBus.nowMicros(), Change.REFUSED, Kind.PLAYER, file, file, "-", why));
    }

    /**
     * Why the player {@code id} is not loaded, when it is known: its jar was overwritten by one that
     * cannot be loaded (e.g. {@code players/greedy.jar cannot be loaded: it is not a readable jar (...)}).
     * Empty if it is loaded, was never loaded, or left for another reason (its jar deleted or being
     * replaced).
     */
    public Optional<String> whyGone(String id) {
        if (player(id).isPresent()) {
            return Optional.empty();
        }
        String bundle = departedPlayerBundles.get(id);
        return bundle == null ? Optional.empty() : Optional.ofNullable(refusedBundles.get(bundle));
    }

    /** Removes a component if it is the registered one (a refused duplicate leaving changes nothing). */
    public synchronized void remove(Component<?> component) {
        Map<String, Component<?>> ofKind = components.get(component.kind());
        Component<?> current = ofKind.get(component.id());
        if (current == null || current.bundleId() != component.bundleId()
                || !current.bundleVersion().equals(component.bundleVersion())) {
            return;
        }
        ofKind.remove(component.id());
        supports.remove(current);
        departed.get(component.kind()).put(component.id(), component.bundleId());
        if (component.kind() == Kind.PLAYER) {
            departedPlayerBundles.put(component.id(), component.bundle());
        }
        publish(Change.REMOVED, component, "removed with " + component.bundle() + " " + component.bundleVersion());
    }

    private void publish(Change change, Component<?> c, String message) {
        publish(new RegistryEvent(EventBus.nowMicros(), change, c.kind(), c.id(), c.bundle(), c.bundleVersion(), message));
    }

    private void publish(RegistryEvent event) {
        synchronized (recent) {
            recent.addLast(event);
            if (recent.size() > RECENT) {
                recent.removeFirst();
            }
        }
        events.publish(event);
    }

    /** The last {@value #RECENT} changes, oldest first: what happened before a view was opened. */
    public List<RegistryEvent> recentChanges() {
        synchronized (recent) {
            return List.copyOf(recent);
        }
    }

    /** All components of {@code kind}, sorted by id. */
    public List<Component<?>> all(Kind kind) {
        List<Component<?>> list = new ArrayList<>(components.get(kind).values());
        list.sort(Comparator.comparing(Component::id));
        return list;
    }

    /**
     * The ids of the loaded players that can play {@code game} (each is asked once, with a new
     * instance, and its answer kept until it leaves), sorted; every player when {@code game} is
     * {@code null}. A player that cannot even be created is not among them.
     */
    public List<String> playerIdsFor(Game game) {
        List<String> ids = new ArrayList<>();
        for (Component<?> c : all(Kind.PLAYER)) {
            if (game == null || supports(c, game)) {
                ids.add(c.id());
            }
        }
        return ids;
    }

    /** Whether the loaded player {@code id} can play {@code game} ({@code false} if it is not loaded). */
    public boolean supports(String id, Game game) {
        return player(id).map(c -> supports(c, game)).orElse(false);
    }

    private boolean supports(Component<?> c, Game game) {
        if (components.get(Kind.PLAYER).get(c.id()) != c) {
            return askSupports(c, game); // gone or replaced meanwhile: not kept
        }
        boolean answer = supports.computeIfAbsent(c, k -> new ConcurrentHashMap<>()).computeIfAbsent(game.id(), g -> askSupports(c, game));
        if (components.get(Kind.PLAYER).get(c.id()) != c) {
            supports.remove(c); // it left while it was asked: keep nothing of it (its bundle's classes)
        }
        return answer;
    }

    private static boolean askSupports(Component<?> c, Game game) {
        try {
            return ((Player) c.get()).supports(game);
        } catch (RuntimeException | LinkageError e) {
            return false; // a player that cannot even be made is not offered
        }
    }

    /** The game with this id. */
    @SuppressWarnings("unchecked")
    public Optional<Component<Game>> game(String id) {
        return Optional.ofNullable((Component<Game>) components.get(Kind.GAME).get(id));
    }

    /** The player with this id. */
    @SuppressWarnings("unchecked")
    public Optional<Component<Player>> player(String id) {
        return Optional.ofNullable((Component<Player>) components.get(Kind.PLAYER).get(id));
    }

    /** The protocol with this id. */
    @SuppressWarnings("unchecked")
    public Optional<Component<Protocol>> protocol(String id) {
        return Optional.ofNullable((Component<Protocol>) components.get(Kind.PROTOCOL).get(id));
    }

    /**
     * The game with this id, or an exception whose message lists the games that are loaded.
     *
     * @throws IllegalArgumentException if no such game is loaded
     */
    public Game requireGame(String id) {
        return game(id).orElseThrow(() -> new IllegalArgumentException(
                "no game '" + id + "' is loaded; loaded games: " + ids(Kind.GAME))).get();
    }

    /**
     * The player with this id, or an exception whose message lists the players that are loaded.
     *
     * @throws IllegalArgumentException if no such player is loaded
     */
    public Component<Player> requirePlayer(String id) {
        return player(id).orElseThrow(() -> new IllegalArgumentException(whyGone(id)
                .map(why -> "player '" + id + "' is not loaded: " + why)
                .orElseGet(() -> "no player '" + id + "' is loaded; loaded players: " + ids(Kind.PLAYER))));
    }

    private String ids(Kind kind) {
        List<String> ids = all(kind).stream().map(Component::id).toList();
        return ids.isEmpty() ? "none" : String.join(", ", ids);
    }
}
