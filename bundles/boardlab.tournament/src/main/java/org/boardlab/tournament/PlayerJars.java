package org.boardlab.tournament;

import java.time.Duration;
import java.util.Optional;
import org.boardlab.api.Player;
import org.boardlab.core.Component;
import org.boardlab.core.Registry;
import org.boardlab.store.Framework;
import org.boardlab.store.Jars;
import org.boardlab.store.Seats;
import org.boardlab.store.Store;
import org.boardlab.store.StoreException;

/**
 * Where a worker's players come from, for the check that a scheduled game is played with the jars
 * its tournament names ({@link QueueWorker}): the jar of each loaded player, and the way to load a
 * jar from the database.
 */
public interface PlayerJars {

    /**
     * The jar the loaded player {@code playerId} comes from: empty when no such player is loaded;
     * a present {@code null}-free hash ({@code "-"} when it is not from a jar file, such as a player
     * built into boardlab).
     */
    Optional<String> loadedFrom(String playerId);

    /**
     * Loads the jar with SHA-256 {@code hash} from the database so that player {@code playerId} of
     * it is registered.
     *
     * @throws StoreException with the reason, if it cannot (no such jar, bytes that do not match the
     *                        hash, not inside boardlab's framework, no such player in the jar)
     */
    void install(String hash, String playerId);

    /** What a jar loaded from no file is called in {@link #loadedFrom}. */
    String NOT_FROM_A_FILE = "-";

    /**
     * The framework's own: a loaded player's jar by {@link Seats#jarHash}; jars installed from the
     * store by {@link Jars#install} (inside boardlab's framework only: outside it, every install
     * fails with the reason, and games that name a jar are left to others; without the OSGi API on the
     * class path at all, the same, and players are taken as not from a jar file).
     */
    static PlayerJars of(Store store, Registry registry, Duration timeout) {
        return new PlayerJars() {
            @Override
            public Optional<String> loadedFrom(String playerId) {
                Optional<Component<Player>> c = registry.player(playerId);
                if (c.isEmpty()) {
                    return Optional.empty();
                }
                String hash = Framework.apiPresent() ? Seats.jarHash(c.get().bundleId()) : null;
                return Optional.of(hash == null ? NOT_FROM_A_FILE : hash);
            }

            @Override
            public void install(String hash, String playerId) {
                if (!Framework.apiPresent()) {
                    throw new StoreException("player jars are installed only inside boardlab's framework");
                }
                Jars.install(store, hash, registry, timeout);
                long deadline = System.nanoTime() + timeout.toNanos();
                while (!loadedFrom(playerId).filter(hash::equals).isPresent()) {
                    if (System.nanoTime() > deadline) {
                        throw new StoreException("the player jar " + hash + " is loaded but has no player '" + playerId + "'");
                    }
                    try {
                        Thread.sleep(20);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        throw new StoreException("interrupted while waiting for player " + playerId);
                    }
                }
            }
        };
    }
}
