package org.boardlab.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HelpCacheTest {

    @TempDir
    Path root;

    @Test
    void onlyCommandNamesAndHelpMakeAHelpPage() {
        assertThat(HelpCache.isHelpPage(new String[] {"--help"})).isTrue();
        assertThat(HelpCache.isHelpPage(new String[] {"-h"})).isTrue();
        assertThat(HelpCache.isHelpPage(new String[] {"serve", "--help"})).isTrue();
        assertThat(HelpCache.isHelpPage(new String[] {"client", "gomoku", "-h"})).isTrue();
        assertThat(HelpCache.isHelpPage(new String[] {})).as("the workbench").isFalse();
        assertThat(HelpCache.isHelpPage(new String[] {"list"})).as("a command").isFalse();
        assertThat(HelpCache.isHelpPage(new String[] {"serve", "--port", "1", "--help"})).as("an option with a value").isFalse();
        assertThat(HelpCache.isHelpPage(new String[] {"match", "/tmp/x", "--help"})).as("a path").isFalse();
        assertThat(HelpCache.isHelpPage(new String[] {"--version"})).isFalse();
    }

    @Test
    void aPageIsKeptPerJarArgumentsAndWidth() {
        HelpCache serve80 = HelpCache.of(root, "00000000000000aa", new String[] {"serve", "--help"}, 80);
        assertThat(serve80.read()).as("nothing kept yet").isNull();
        serve80.write("Usage: boardlab serve\n".getBytes(StandardCharsets.UTF_8));
        assertThat(HelpCache.of(root, "00000000000000aa", new String[] {"serve", "--help"}, 80).read())
                .asString(StandardCharsets.UTF_8).isEqualTo("Usage: boardlab serve\n");
        assertThat(HelpCache.of(root, "00000000000000aa", new String[] {"serve", "--help"}, 120).read()).as("another width").isNull();
        assertThat(HelpCache.of(root, "00000000000000aa", new String[] {"serve", "-h"}, 80).read()).as("other arguments").isNull();
        assertThat(HelpCache.of(root, "00000000000000bb", new String[] {"serve", "--help"}, 80).read()).as("another jar").isNull();
        assertThat(HelpCache.of(root, "00000000000000aa", new String[] {"list"}, 80)).isNull();
    }

    @Test
    void aPageInColourIsNotPrintedWhereColoursAreNot() {
        HelpCache terminal = HelpCache.of(root, "k", new String[] {"--help"}, 80, true);
        terminal.write("\u001b[1mUsage:\u001b[21m boardlab\n".getBytes(StandardCharsets.UTF_8));
        assertThat(HelpCache.of(root, "k", new String[] {"--help"}, 80, false).read()).as("piped to a file").isNull();
        assertThat(HelpCache.of(root, "k", new String[] {"--help"}, 80, true).read()).isNotNull();
    }

    @Test
    void widthsArePicocliWidths() {
        assertThat(HelpCache.of(root, "k", new String[] {"--help"}, 20).width()).isEqualTo(55);
        assertThat(HelpCache.of(root, "k", new String[] {"--help"}, 100).width()).isEqualTo(100);
        assertThat(HelpCache.of(root, "k", new String[] {"--help"}, 10_000).width()).isEqualTo(250);
    }

    @Test
    void aPageIsWrittenWholeOrNotAtAllAndAnUnwritableCacheOnlyCostsSpeed() throws Exception {
        HelpCache page = HelpCache.of(root, "k", new String[] {"--help"}, 80);
        page.write("one".getBytes(StandardCharsets.UTF_8));
        page.write("two".getBytes(StandardCharsets.UTF_8));
        assertThat(page.read()).asString(StandardCharsets.UTF_8).isEqualTo("two");
        try (var files = Files.list(root.resolve("k").resolve("help"))) {
            assertThat(files.map(p -> p.getFileName().toString())).as("no temporary file left").allMatch(n -> n.endsWith(".txt"));
        }
        Path file = root.resolve("blocked");
        Files.writeString(file, "a file where the cache folder should be");
        HelpCache blocked = HelpCache.of(file, "k", new String[] {"--help"}, 80);
        blocked.write("page".getBytes(StandardCharsets.UTF_8));
        assertThat(blocked.read()).isNull();
    }
}
