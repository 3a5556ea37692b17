package org.boardlab.itest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.HexFormat;
import org.boardlab.core.Registry;
import org.boardlab.store.Jars;
import org.boardlab.store.Seats;
import org.boardlab.store.Store;
import org.boardlab.store.StoreException;
import org.boardlab.store.Stores;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.osgi.framework.Bundle;

/**
 * Player jars travel through the database: a jar dropped in players/ is uploaded by its SHA-256,
 * and installed again from the database (as a worker does) once the file is gone.
 */
class JarsTest {

    private static final Duration LIMIT = Duration.ofSeconds(20);
    private final Registry registry = Lab.bean(Registry.class);

    @AfterEach
    void cleanUp() throws Exception {
        try (var files = Files.list(Lab.players())) {
            for (Path p : files.toList()) {
                Files.delete(p);
            }
        }
        for (Bundle b : Lab.context().getBundles()) {
            if (b.getLocation().startsWith(Jars.LOCATION)) {
                b.uninstall();
            }
        }
        Lab.await("no greedy player left", LIMIT, () -> registry.player("greedy").isEmpty());
    }

    @Test
    void aPlayersJarIsUploadedByItsHashAndInstalledFromTheDatabase() throws Exception {
        Path dir = Files.createTempDirectory("boardlab-itest-jars");
        Store store = Lab.bean(Stores.class).open(Stores.h2File(dir.resolve("boardlab")));
        Path jar = Lab.fixture("greedy.jar");
        String expected = HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(jar)));
        Lab.drop(jar, "greedy.jar");
        Lab.await("greedy added", LIMIT, () -> registry.player("greedy").isPresent());

        assertThat(Jars.upload(store, registry, "greedy")).isEqualTo(expected);
        assertThat(Seats.of(registry, "greedy", "greedy").hash()).isEqualTo(expected);
        assertThat(store.jar(expected).orElseThrow().content()).isEqualTo(Files.readAllBytes(jar));

        Files.delete(Lab.players().resolve("greedy.jar"));
        Lab.await("greedy gone", LIMIT, () -> registry.player("greedy").isEmpty());

        assertThat(Jars.install(store, expected, registry, LIMIT)).isEqualTo("greedy");
        assertThat(registry.player("greedy").orElseThrow().bundleVersion()).isEqualTo("1.0.0");
        assertThat(Seats.of(registry, "greedy", "greedy").hash()).isEqualTo(expected);
        // installing it again changes nothing
        assertThat(Jars.install(store, expected, registry, LIMIT)).isEqualTo("greedy");

        assertThatThrownBy(() -> Jars.install(store, "0".repeat(64), registry, LIMIT)).isInstanceOf(StoreException.class)
                .hasMessageContaining("has no player jar " + "0".repeat(64));
    }
}
