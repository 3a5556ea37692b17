package org.boardlab.protocol.dots.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Login tokens kept as hashes in a file between two runs of the server. */
class TokensTest {

    @TempDir
    Path dir;

    private final AtomicLong now = new AtomicLong(1_800_000_000_000L);

    @Test
    void aTokenIssuedBeforeARestartIsGoodAfterItAndTheFileHoldsOnlyItsHash() throws Exception {
        Path file = dir.resolve("data").resolve("dots-logins.txt");
        Tokens before = new Tokens(Duration.ofHours(24), file, now::get);
        String ann = before.issue(7);
        String bob = before.issue(8);
        String bobAgain = before.issue(8); // bob logged in twice: only his last token stands
        before.save();
        String text = Files.readString(file);
        assertThat(text).doesNotContain(ann).doesNotContain(bob).doesNotContain(bobAgain);
        assertThat(text.lines().filter(l -> !l.startsWith("#"))).hasSize(2)
                .allMatch(l -> l.matches("[78] [0-9a-f]{64} 1800000000000"));

        now.addAndGet(3_600_000);
        Tokens after = new Tokens(Duration.ofHours(24), file, now::get);
        assertThat(after.check(7, ann)).isTrue();
        assertThat(after.check(8, bobAgain)).isTrue();
        assertThat(after.check(8, bob)).as("replaced by bob's second login").isFalse();
        assertThat(after.check(8, ann)).as("another user's token").isFalse();
        assertThat(after.check(9, ann)).isFalse();
        assertThat(after.check(7, null)).isFalse();
    }

    @Test
    void aTokenUnusedForItsLifeIsNotReadBackNorWritten() throws Exception {
        Path file = dir.resolve("dots-logins.txt");
        Tokens before = new Tokens(Duration.ofMinutes(30), file, now::get);
        String old = before.issue(1);
        now.addAndGet(20 * 60_000);
        String recent = before.issue(2);
        before.save();
        now.addAndGet(15 * 60_000); // 35 min after the first login, 15 after the second
        Tokens after = new Tokens(Duration.ofMinutes(30), file, now::get);
        assertThat(after.size()).isEqualTo(1);
        assertThat(after.check(1, old)).isFalse();
        assertThat(after.check(2, recent)).isTrue();
        now.addAndGet(29 * 60_000); // used 29 min ago: still good, and the use is what counts
        after.save();
        assertThat(new Tokens(Duration.ofMinutes(30), file, now::get).check(2, recent)).isTrue();
    }

    @Test
    void aLoginIsWrittenAtTheNextLookAndUsesAloneOnlyOnceAMinute() throws Exception {
        Path file = dir.resolve("dots-logins.txt");
        Tokens tokens = new Tokens(Duration.ofHours(24), file, now::get);
        tokens.saveIfDue();
        assertThat(file).as("nothing to write yet").doesNotExist();
        String t = tokens.issue(5);
        tokens.saveIfDue();
        assertThat(Files.readString(file)).contains("5 ");
        String written = Files.readString(file);
        now.addAndGet(5_000);
        assertThat(tokens.check(5, t)).isTrue(); // a use: the new last use waits for the minute
        tokens.saveIfDue();
        assertThat(Files.readString(file)).isEqualTo(written);
        now.addAndGet(Tokens.USES_SAVED_EVERY_MILLIS);
        tokens.saveIfDue();
        assertThat(Files.readString(file)).isNotEqualTo(written).contains(" " + (1_800_000_005_000L));
    }

    @Test
    void aFileThatIsNotALoginsFileIsAClearErrorNamingItAndItsLine() throws Exception {
        Path file = dir.resolve("dots-logins.txt");
        Files.writeString(file, "# boardlab dots logins\n7 " + "ab".repeat(32) + " 1800000000000\nhello world\n");
        assertThatThrownBy(() -> new Tokens(Duration.ofHours(24), file, now::get))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining(file.toString())
                .hasMessageContaining("line 3")
                .hasMessageContaining("delete it");
    }

    @Test
    void eachDatabaseHasItsOwnLoginsFileAndTheDefaultH2FolderKeepsItsNameWhereverItIs() {
        assertThat(DotsServerProtocol.loginsFile(org.boardlab.store.Stores.h2File(Path.of("data", "boardlab"))))
                .isEqualTo(Path.of("data", "dots-logins.txt"));
        Path pg = DotsServerProtocol.loginsFile("jdbc:postgresql://db/boardlab?user=lab");
        Path other = DotsServerProtocol.loginsFile("jdbc:postgresql://db/other?user=lab");
        assertThat(pg.toString()).matches("data/dots-logins-[0-9a-f]{12}\\.txt");
        assertThat(other).isNotEqualTo(pg);
        assertThat(DotsServerProtocol.loginsFile("jdbc:postgresql://db/boardlab?user=lab")).isEqualTo(pg);
    }

    @Test
    void withoutAFileNothingIsWritten() throws Exception {
        Tokens tokens = new Tokens(Duration.ofHours(24));
        String t = tokens.issue(3);
        tokens.saveIfDue();
        tokens.save();
        assertThat(tokens.check(3, t)).isTrue();
        try (var files = Files.list(dir)) {
            assertThat(files).isEmpty();
        }
    }
}
