package org.boardlab.store.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link WriterPriority}: a thread lowers its own priority (Linux: its nice value, with renice) and only its own. */
public class WriterPriorityTest {

    private static final Path SELF = Path.of("/proc/thread-self");

    public static boolean reniceThere() {
        if (!Files.exists(SELF)) {
            return false;
        }
        for (String dir : System.getenv().getOrDefault("PATH", "").split(java.io.File.pathSeparator)) {
            if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, "renice"))) {
                return true;
            }
        }
        return false;
    }

    @Test
    void aThreadLowersItsOwnPriorityAndNoOtherThreads() throws Exception {
        assumeTrue(reniceThere(), "Linux with renice");
        int before = WriterPriority.nice(SELF);
        CompletableFuture<int[]> seen = new CompletableFuture<>();
        Thread t = new Thread(() -> {
            try {
                int start = WriterPriority.nice(SELF);
                Integer after = WriterPriority.lower(3);
                seen.complete(new int[] {start, after == null ? -100 : after, WriterPriority.nice(SELF)});
            } catch (Exception | Error e) {
                seen.completeExceptionally(e);
            }
        });
        t.start();
        int[] s = seen.get(30, TimeUnit.SECONDS);
        assertThat(s[0]).as("a new thread starts at its creator's nice value").isEqualTo(before);
        assertThat(s[1]).as("what lower returns").isEqualTo(Math.min(19, before + 3));
        assertThat(s[2]).as("the thread's nice value, read again").isEqualTo(Math.min(19, before + 3));
        assertThat(WriterPriority.nice(SELF)).as("this thread's is as it was").isEqualTo(before);
    }

    @Test
    void nothingToLowerChangesNothing() throws Exception {
        assumeTrue(reniceThere(), "Linux with renice");
        int before = WriterPriority.nice(SELF);
        assertThat(WriterPriority.lower(0)).isNull();
        assertThat(WriterPriority.nice(SELF)).isEqualTo(before);
    }

    @Test
    void theNiceValueIsReadAfterTheCommandsNameWhateverItHolds(@TempDir Path dir) throws Exception {
        // a thread's name may hold spaces and parentheses: the fields are counted from the last ')'
        Files.writeString(dir.resolve("stat"), "4242 (a) (b c) S 1 4242 4242 0 -1 4194624 1 0 0 0 5 3 0 0 30 10 1 0 123 4096 10 "
                + "18446744073709551615 0 0 0 0 0 0 0 0 0 0 0 17 1 0 0 0 0 0\n");
        assertThat(WriterPriority.nice(dir)).isEqualTo(10);
    }

    @Test
    void aStatItCannotReadGivesNoValue(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("stat"), "4242 no parenthesis S 1 2 3\n");
        assertThat(WriterPriority.nice(dir)).isNull();
        Files.writeString(dir.resolve("stat"), "4242 (x) S 1 2\n");
        assertThat(WriterPriority.nice(dir)).as("too few fields").isNull();
        Files.writeString(dir.resolve("stat"), "4242 (x) S 1 4242 4242 0 -1 4194624 1 0 0 0 5 3 0 0 30 ten 1 0 123\n");
        assertThat(WriterPriority.nice(dir)).as("not a number").isNull();
    }
}
