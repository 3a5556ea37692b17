package org.boardlab.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.boardlab.store.internal.OpenStores;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link Stores#openAhead}: a command's database opened while the bundles start. It opens only an
 * H2 file that is already there: a command line that turns out wrong must not leave a new database
 * behind, and a database opened ahead is the one the command's {@code open} then gets.
 */
class OpenAheadTest {

    @TempDir
    Path dir;

    @AfterEach
    void close() {
        OpenStores.closeAll();
    }

    @Test
    void aDatabaseThatIsNotThereIsNotCreatedAhead() {
        Path base = dir.resolve("data").resolve("boardlab");
        assertThat(new Stores().openAhead(Stores.h2File(base))).isFalse();
        assertThat(dir.resolve("data")).doesNotExist();
        assertThat(new Stores().openAhead("jdbc:h2:mem:lab")).isFalse();
        assertThat(new Stores().openAhead("jdbc:postgresql://127.0.0.1:1/nobody")).isFalse();
    }

    @Test
    void anExistingFileIsOpenedAheadAndTheCommandsOpenGetsThatStore() throws Exception {
        Path base = dir.resolve("lab");
        String url = Stores.h2File(base);
        Store.open(url).close(); // made by an earlier command
        assertThat(Files.isRegularFile(Path.of(base + ".mv.db"))).isTrue();

        assertThat(new Stores().openAhead(url)).isTrue();
        Store store = new Stores().open(url);

        assertThat(new Stores().open(url)).isSameAs(store);
        assertThat(store.schemaVersion()).isPositive();
    }
}
