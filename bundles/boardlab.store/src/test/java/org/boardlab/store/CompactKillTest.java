package org.boardlab.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.boardlab.store.testing.StoreFixture;
import org.boardlab.store.testing.TestProcesses;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * {@code kill -9} while H2 compacts the file as the store closes ({@code SHUTDOWN COMPACT}: the live
 * data copied into a new file that replaces the old one in one rename): a process that stores games
 * one transaction each and then closes the store is killed at random moments of the compaction, 20
 * times or more on the same database, until 5 kills fell inside the copy (H2's unfinished copy,
 * {@code .mv.db.tempFile}, was left behind and deleted by the next open), at most 60. Every game it printed is
 * stored with all its moves, the database opens each time, and at least 5 kills did fall inside the copy. The
 * kills' window follows the machine's speed: a process that closed before its kill times it again (under a
 * load that changed since the first round, CI /tmp/ci61 saw only 3 of 20 kills inside the copy).
 */
class CompactKillTest {

    @RegisterExtension
    final StoreFixture stores = new StoreFixture();

    @Test
    void killedWhileCompactingItLosesNoStoredGame() throws Exception {
        String url = stores.fresh("h2");
        Path file = Path.of(url.substring("jdbc:h2:file:".length()) + ".mv.db");
        Path copy = Path.of(file + ".tempFile");
        Random random = new Random(20261129L);
        Set<Long> reported = new HashSet<>();
        long compactNanos = 0;
        int kills = 0;
        int inCopy = 0;
        for (int round = 0; round <= 20 || (inCopy < 5 && round <= 60); round++) {
            // round 0 fills the file and compacts it whole, timed; the others add games and are killed while compacting
            List<String> lines = run(url, round, round == 0 ? 1500 : 150, random, compactNanos);
            boolean closed = lines.contains("closed");
            if (round == 0) {
                assertThat(closed).as("the first process closed its store: %s", lines).isTrue();
                compactNanos = Long.parseLong(lines.stream().filter(l -> l.startsWith("took ")).findFirst().orElseThrow().substring(5));
            } else {
                kills++;
                if (!closed && Files.exists(copy)) {
                    inCopy++;
                } else if (closed) {
                    // the kill came after the close: the compaction is faster now than when it was timed
                    compactNanos = Long.parseLong(lines.stream().filter(l -> l.startsWith("took ")).findFirst().orElseThrow().substring(5));
                }
            }
            for (String line : lines) {
                if (line.startsWith("stored ")) {
                    reported.add(Long.parseLong(line.substring(7)));
                } else if (!line.equals("compacting") && !line.equals("closed") && !line.startsWith("took ")) {
                    throw new AssertionError("the process said: " + String.join("\n", lines));
                }
            }
            // the database opens again (H2 deletes an unfinished copy), with every reported game whole
            try (Store store = Store.open(url)) {
                assertThat(Files.exists(copy)).as("H2 deleted the unfinished copy when it opened the database").isFalse();
                for (long id : reported) {
                    StoredGame g = store.game(id).orElseThrow(() -> new AssertionError("game " + id + " was reported but is not stored"));
                    assertThat(g.game().moves()).hasSize(g.game().plies());
                }
                assertThat(store.countGames()).isGreaterThanOrEqualTo(reported.size());
            }
        }
        assertThat(kills).isBetween(20, 60);
        assertThat(inCopy).as("kills that fell inside the copy (its unfinished file left behind), of " + kills).isGreaterThanOrEqualTo(5);
        System.out.printf("[compact-kill] %d kills, %d inside the copy (compaction took %d ms unkilled, last timed), %d games reported, 0 lost%n",
                kills, inCopy, compactNanos / 1_000_000, reported.size());
    }

    /**
     * Runs {@link CompactAndClose}; with {@code compactNanos > 0}, kills it (SIGKILL) at a random
     * moment from its {@code compacting} line to a little past the time an unkilled compaction took.
     */
    private static List<String> run(String url, int round, int games, Random random, long compactNanos) throws Exception {
        List<String> lines = new CopyOnWriteArrayList<>();
        Process p = new ProcessBuilder(TestProcesses.java(List.of("-Dboardlab.store.compact=always"), CompactAndClose.class, url, Long.toString(round),
                Integer.toString(games))).redirectErrorStream(true).start();
        long[] compacting = new long[1];
        Thread reader = new Thread(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
                for (String line; (line = r.readLine()) != null;) {
                    if (line.equals("compacting")) {
                        compacting[0] = System.nanoTime();
                    } else if (line.equals("closed") && compacting[0] != 0) {
                        lines.add("took " + (System.nanoTime() - compacting[0]));
                    }
                    lines.add(line); // anything but stored/compacting/closed fails the test, with what the process said
                }
            } catch (java.io.IOException e) {
                // the process was killed
            }
        });
        reader.start();
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        if (compactNanos > 0) {
            while (!lines.contains("compacting") && p.isAlive() && System.nanoTime() < until) {
                Thread.sleep(1);
            }
            assertThat(lines).as("the process stored its games and began to close: %s", lines).contains("compacting");
            Thread.sleep(random.nextInt((int) Math.max(2, compactNanos * 6 / 5 / 1_000_000)));
            p.destroyForcibly(); // SIGKILL
        }
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
        reader.join(10_000);
        return lines;
    }
}
