package org.boardlab.store;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.boardlab.api.Player;
import org.boardlab.core.Component;
import org.boardlab.core.Registry;
import org.boardlab.store.internal.Passwords;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.FrameworkUtil;

/**
 * Who played a side, as the store records it: the player id, its bundle and version from the
 * {@link Registry}, and the SHA-256 of the bundle's jar when the bundle was installed from a file
 * (a jar in {@code players/}; a bundle inside boardlab's own jar has none).
 */
public final class Seats {

    private record Key(String location, long size, long modified) {
    }

    private static final Map<Key, String> HASHES = new ConcurrentHashMap<>();

    private Seats() {
    }

    /**
     * The seat of a loaded player.
     *
     * @param name     the side's name ({@code random#1})
     * @param playerId the player's id in the registry ({@code random})
     */
    public static Seat of(Registry registry, String name, String playerId) {
        Optional<Component<Player>> c = registry.player(playerId);
        if (c.isEmpty()) {
            return new Seat(name, playerId, null, null, null);
        }
        Component<Player> p = c.get();
        return new Seat(name, playerId, p.bundle(), p.bundleVersion(), jarHash(p.bundleId()));
    }

    /**
     * The seat of a side named like {@code match} and the server name them: {@code id}, or {@code id#1} and
     * {@code id#2} when a player plays itself, {@code id#17} when a server seats the player for connection 17
     * (seed 001's PvE opponent {@code onitama-normal#17}): the loaded player {@code id}, with its bundle and
     * version. {@code protocol#17}, where {@code protocol} is a loaded protocol's id, is the name a server gave a
     * client that gave none ({@code org.boardlab.server.Connection#anonymousName}): {@link Seat#anonymous}. Any
     * other name is a network client or a person ({@link Seat#named}).
     */
    public static Seat ofName(Registry registry, String name) {
        String id = idOf(name);
        if (registry.player(id).isPresent()) {
            return of(registry, name, id);
        }
        if (!id.equals(name) && registry.protocol(id).isPresent()) {
            return Seat.anonymous(name);
        }
        return Seat.named(name);
    }

    /**
     * Whether {@link #ofName} takes {@code name} for a loaded player: its id, or its id with {@code #N}. A server
     * refuses such names to its clients ({@code org.boardlab.server.Lobby#reserveNames}).
     */
    public static boolean namesAPlayer(Registry registry, String name) {
        return registry.player(idOf(name)).isPresent();
    }

    /** {@code name} without a trailing {@code #N}: the id a player's or a protocol's numbered name is made from. */
    static String idOf(String name) {
        // by hand, not replaceFirst("#\\d+$", ""): a server asks this at every client's login and every game it stores
        int end = name.length();
        int i = end;
        while (i > 0 && name.charAt(i - 1) >= '0' && name.charAt(i - 1) <= '9') {
            i--;
        }
        return i < end && i > 0 && name.charAt(i - 1) == '#' ? name.substring(0, i - 1) : name;
    }

    /** The SHA-256 of the jar the bundle was installed from, or {@code null} (not in OSGi, not from a file). */
    public static String jarHash(long bundleId) {
        if (bundleId < 0) {
            return null;
        }
        Bundle self = FrameworkUtil.getBundle(Seats.class);
        BundleContext context = self == null ? null : self.getBundleContext();
        Bundle b = context == null ? null : context.getBundle(bundleId);
        if (b == null) {
            return null;
        }
        return fileHash(b.getLocation());
    }

    static String fileHash(String location) {
        if (location.startsWith(Jars.LOCATION)) {
            return location.substring(Jars.LOCATION.length()); // installed from the database by its hash
        }
        String loc = location.startsWith("reference:") ? location.substring("reference:".length()) : location;
        if (!loc.startsWith("file:")) {
            return null;
        }
        try {
            Path file = Path.of(URI.create(loc));
            if (!Files.isRegularFile(file)) {
                return null;
            }
            Key key = new Key(file.toString(), Files.size(file), Files.getLastModifiedTime(file).toMillis());
            return HASHES.computeIfAbsent(key, k -> {
                try {
                    return Passwords.sha256(Files.readAllBytes(file));
                } catch (IOException e) {
                    return null;
                }
            });
        } catch (IOException | IllegalArgumentException e) {
            return null;
        }
    }
}
