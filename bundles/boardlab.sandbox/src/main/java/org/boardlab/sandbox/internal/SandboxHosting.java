package org.boardlab.sandbox.internal;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import java.util.logging.Level;
import java.util.logging.Logger;
import javax.inject.Inject;
import javax.inject.Named;
import javax.inject.Singleton;
import org.boardlab.api.Player;
import org.boardlab.api.event.RegistryEvent;
import org.boardlab.core.Component;
import org.boardlab.core.EventBus;
import org.boardlab.core.PlayerHosting;
import org.boardlab.core.PlayerLimits;
import org.boardlab.core.PlayerSeat;
import org.boardlab.core.Registry;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.BundleEvent;
import org.osgi.framework.FrameworkUtil;
import org.osgi.framework.SynchronousBundleListener;

/**
 * boardlab's {@link PlayerHosting}: the players of students' bundles, each game in a player host
 * process of its own ({@link HostedPlayer}, {@link HostPool}), confined as this machine allows
 * ({@link Confinement}). Folders: {@value #DIR} (default {@code <java.io.tmpdir>/boardlab-sandbox-<pid>}) holds
 * the bundles written as jars for the hosts' class paths and the players' scratch folders.
 *
 * <p>What the machine offers (a trial run of bubblewrap, boardlab's control groups) is found on first
 * need: when a player is first given a host, or the limits are first described or asked for. Most
 * runs host no player (a {@code list}, a {@code match} of built-in players), and that trial run is a
 * process started and waited for at every start (with the control groups' folders made and removed:
 * 1-2 % of a {@code list}'s CPU samples).
 */
@Named
@Singleton
public final class SandboxHosting implements PlayerHosting {

    /** The engines loaded from the players folder, by player id, with their limits. */
    private final java.util.concurrent.ConcurrentMap<String, PlayerLimits> engineLimits = new java.util.concurrent.ConcurrentHashMap<>();

    private static final Logger LOG = Logger.getLogger(SandboxHosting.class.getName());

    /** The system property naming the sandbox's folder. */
    static final String DIR = "boardlab.sandbox.dir";

    /** Made on first need ({@link #pool()}); {@code null} before. */
    private volatile HostPool pool;
    /** Set when the bundle stops: no pool is made after that. */
    private boolean closed;
    private final Path scratch;
    private final BundleJars jars;
    private final BundleContext context;
    private final Registry registry;
    /** player id → the bundle keys of its specs made so far, retired when the player leaves or is replaced. */
    private final Map<String, List<String>> keys = new ConcurrentHashMap<>();

    @Inject
    public SandboxHosting(EventBus events, Registry registry) {
        this.registry = registry;
        Path dir = Path.of(System.getProperty(DIR,
                Path.of(System.getProperty("java.io.tmpdir"), "boardlab-sandbox-" + ProcessHandle.current().pid()).toString()));
        this.scratch = dir.resolve("scratch");
        this.jars = new BundleJars(dir.resolve("jars"));
        Bundle self = FrameworkUtil.getBundle(SandboxHosting.class);
        this.context = self == null ? null : self.getBundleContext();
        events.subscribe(event -> {
            if (event instanceof RegistryEvent r && r.kind() == RegistryEvent.Kind.PLAYER
                    && (r.change() == RegistryEvent.Change.REMOVED || r.change() == RegistryEvent.Change.REPLACED)) {
                List<String> old = keys.remove(r.id());
                HostPool made = pool;
                if (old != null && made != null) {
                    old.forEach(made::retire);
                }
            }
        }, RegistryEvent.class);
        if (context != null) {
            context.addBundleListener((SynchronousBundleListener) e -> {
                if (e.getBundle() == self && e.getType() == BundleEvent.STOPPING) {
                    close();
                }
            });
        }
    }

    /** The player hosts, made on first need (with what the machine offers to confine them). */
    private HostPool pool() {
        HostPool p = pool;
        if (p != null) {
            return p;
        }
        synchronized (this) {
            if (pool == null) {
                if (closed) {
                    throw new IllegalStateException("boardlab's player hosts are closed");
                }
                HostPool made = new HostPool(Confinement.detect(), scratch);
                try {
                    Runtime.getRuntime().addShutdownHook(new Thread(made::close, "boardlab-host-pool-close"));
                } catch (IllegalStateException e) {
                    made.close(); // the JVM is ending
                    throw new IllegalStateException("boardlab's player hosts are closed", e);
                }
                pool = made;
            }
            return pool;
        }
    }

    /** Ends the hosts, if any were ever made; none are made after. */
    private void close() {
        HostPool p;
        synchronized (this) {
            closed = true;
            p = pool;
        }
        if (p != null) {
            p.close();
        }
    }

    @Override
    public Player player(String id, long bundleId, String className) {
        Bundle bundle = context == null ? null : context.getBundle(bundleId);
        if (bundle == null || (bundle.getState() & (Bundle.RESOLVED | Bundle.STARTING | Bundle.ACTIVE)) == 0) {
            // Unavailable, so that the match waits for the new version: the registry may still list the old one
            // (its bundle stops before its components are removed), and a plain exception forfeited the game
            throw new PlayerSeat.Unavailable("the bundle of player '" + id + "' is being replaced");
        }
        String key = BundleJars.key(bundle);
        Path playerJar;
        List<Path> classPath = new ArrayList<>();
        try {
            classPath.add(jars.part(FrameworkUtil.getBundle(SandboxHosting.class), "org/boardlab/sandbox/host/"));
            java.util.Set<Bundle> bundles = new java.util.LinkedHashSet<>(BundleJars.providers(bundle));
            // the games too (a player for any game imports none of them), each with what it is wired to
            for (Component<?> game : registry.all(RegistryEvent.Kind.GAME)) {
                Bundle g = context.getBundle(game.bundleId());
                if (g != null && g != bundle) {
                    bundles.add(g);
                    bundles.addAll(BundleJars.providers(g));
                }
            }
            bundles.remove(bundle);
            for (Bundle provider : bundles) {
                classPath.add(jars.jar(provider));
            }
            playerJar = jars.jar(bundle);
        } catch (IOException | IllegalStateException e) {
            throw new IllegalStateException("the bundle of player '" + id + "' cannot be written for its host: " + e.getMessage(), e);
        }
        List<String> known = keys.computeIfAbsent(id, k -> new java.util.concurrent.CopyOnWriteArrayList<>());
        if (!known.contains(key)) {
            known.add(key);
        }
        List<Path> cp = List.copyOf(classPath);
        Function<PlayerLimits, HostSpec> specs = limits -> new HostSpec(id, key, className, playerJar, cp, limits);
        Logger out = Logger.getLogger("org.boardlab.sandbox.player." + id);
        return new HostedPlayer(pool(), id, specs, className.substring(className.lastIndexOf('.') + 1)
                + ", in its own process", line -> out.log(Level.FINE, line));
    }

    @Override
    public java.util.Optional<PlayerLimits> engineLimits(String playerId) {
        return java.util.Optional.ofNullable(engineLimits.get(playerId));
    }

    /** The engines folder tells which engines are loaded, with their descriptors' limits ({@code null}: gone). */
    void engineLimits(String playerId, PlayerLimits limits) {
        if (limits == null) {
            engineLimits.remove(playerId);
        } else {
            engineLimits.put(playerId, limits);
        }
    }

    @Override
    public String describe(PlayerLimits limits) {
        return pool().confinement().describe(limits);
    }

    @Override
    public List<String> unenforced() {
        return pool().confinement().unenforced();
    }

    Confinement confinement() {
        return pool().confinement();
    }

    /** Where players' scratch folders are made. */
    Path scratch() {
        return scratch;
    }

    /** Hosts running now. */
    public int hostsRunning() {
        HostPool p = pool;
        return p == null ? 0 : p.running();
    }

    /** Hosts started since boardlab started. */
    public int hostsStarted() {
        HostPool p = pool;
        return p == null ? 0 : p.started();
    }
}
