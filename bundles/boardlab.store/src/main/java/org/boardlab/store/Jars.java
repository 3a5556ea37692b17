package org.boardlab.store;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import org.boardlab.api.Player;
import org.boardlab.api.event.RegistryEvent.Kind;
import org.boardlab.core.Component;
import org.boardlab.core.Registry;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.BundleException;
import org.osgi.framework.FrameworkUtil;

/**
 * Player jars through the database, so that every machine plays the same versions: the machine
 * that schedules a tournament {@link #upload}s the jars of its players (those loaded from a jar
 * file, such as {@code players/greedy.jar}), the scheduled games name them by SHA-256, and a worker
 * {@link #install}s each jar it lacks from the database into its framework before it plays.
 */
public final class Jars {

    /** The location under which a jar from the database is installed: {@code boardlab-store:HASH}. */
    public static final String LOCATION = "boardlab-store:";

    private Jars() {
    }

    /**
     * Stores the jar of a loaded player, if its bundle was installed from a jar file (a jar in
     * {@code players/}; in boardlab's own jar the built-in players are not files: every machine has them).
     *
     * @return the jar's SHA-256, or {@code null} when the bundle was not installed from a file
     * @throws StoreException if there is no such player
     */
    public static String upload(Store store, Registry registry, String playerId) {
        Component<Player> c = registry.player(playerId)
                .orElseThrow(() -> new StoreException("there is no player '" + playerId + "' to upload"));
        Bundle b = bundle(c.bundleId());
        if (b == null) {
            return null;
        }
        if (b.getLocation().startsWith(LOCATION)) {
            return b.getLocation().substring(LOCATION.length()); // it came from the database
        }
        Path file = file(b.getLocation());
        if (file == null) {
            return null;
        }
        try {
            return store.putJar(c.bundle(), c.bundleVersion(), file.getFileName().toString(), Files.readAllBytes(file));
        } catch (IOException e) {
            throw new StoreException("cannot read " + file + " (player " + playerId + "): " + e.getMessage(), e);
        }
    }

    /**
     * Makes sure the player jar with this hash is loaded: if no bundle of this framework is that jar,
     * installs it from the database and starts it, then waits until a player of it is registered.
     *
     * @return the id of a player from that jar
     * @throws StoreException if the database has no such jar, it cannot be installed, or none of its
     *                        players is registered within {@code timeout} (a player of that id may
     *                        already be loaded from another bundle: the registry refuses a second)
     */
    public static String install(Store store, String hash, Registry registry, Duration timeout) {
        BundleContext context = context();
        Bundle bundle = null;
        for (Bundle b : context.getBundles()) {
            if (b.getLocation().equals(LOCATION + hash) || hash.equals(Seats.fileHash(b.getLocation()))) {
                bundle = b;
                break;
            }
        }
        if (bundle == null) {
            PlayerJar jar = store.jar(hash).orElseThrow(() -> new StoreException("the database " + store.url()
                    + " has no player jar " + hash + " (it is uploaded by the machine that schedules the tournament)"));
            String actual = org.boardlab.store.internal.Passwords.sha256(jar.content());
            if (!actual.equals(hash)) {
                throw new StoreException("the player jar stored as " + hash + " in " + store.url() + " has other bytes (SHA-256 " + actual
                        + "): it was changed in the database; it is not installed");
            }
            try {
                bundle = context.installBundle(LOCATION + hash, new ByteArrayInputStream(jar.content()));
                bundle.start();
            } catch (BundleException e) {
                throw new StoreException("the player jar " + jar.fileName() + " (" + jar.bundle() + " " + jar.version() + ", " + hash
                        + ") cannot be installed: " + e.getMessage(), e);
            }
        }
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            Optional<String> id = playerOf(registry, bundle.getBundleId());
            if (id.isPresent()) {
                return id.get();
            }
            if (System.nanoTime() > deadline) {
                throw new StoreException("the player jar " + hash + " (" + bundle.getSymbolicName() + " " + bundle.getVersion()
                        + ") is installed but none of its players is registered after " + timeout.toMillis()
                        + " ms; is a player of the same id loaded from another bundle?");
            }
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new StoreException("interrupted while waiting for the player jar " + hash);
            }
        }
    }

    private static Optional<String> playerOf(Registry registry, long bundleId) {
        for (Component<?> c : registry.all(Kind.PLAYER)) {
            if (c.bundleId() == bundleId) {
                return Optional.of(c.id());
            }
        }
        return Optional.empty();
    }

    private static BundleContext context() {
        Bundle self = FrameworkUtil.getBundle(Jars.class);
        if (self == null || self.getBundleContext() == null) {
            throw new StoreException("player jars are installed only inside boardlab's framework");
        }
        return self.getBundleContext();
    }

    private static Bundle bundle(long id) {
        Bundle self = FrameworkUtil.getBundle(Jars.class);
        return id < 0 || self == null || self.getBundleContext() == null ? null : self.getBundleContext().getBundle(id);
    }

    static Path file(String location) {
        String loc = location.startsWith("reference:") ? location.substring("reference:".length()) : location;
        if (!loc.startsWith("file:")) {
            return null;
        }
        try {
            Path p = Path.of(URI.create(loc));
            return Files.isRegularFile(p) ? p : null;
        } catch (IllegalArgumentException e) {
            return null;
        }
    }
}
