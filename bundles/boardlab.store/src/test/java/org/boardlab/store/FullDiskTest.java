package org.boardlab.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.boardlab.ai.basic.RandomPlayer;
import org.boardlab.api.GameOptions;
import org.boardlab.core.EventBus;
import org.boardlab.core.Match;
import org.boardlab.core.MatchSettings;
import org.boardlab.core.PlayerSeat;
import org.boardlab.core.Referee;
import org.boardlab.game.othello.Othello;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A full disk: H2 on a 4 MB tmpfs (mounted for the test: it runs as root, as CI does) fills up
 * while games are stored. The store says so in words, the game that did not fit is not half there,
 * and every game stored before is kept.
 */
class FullDiskTest {

    @TempDir
    Path dir;

    private Path mount;
    private final Referee referee = new Referee();

    @AfterEach
    void unmount() throws Exception {
        referee.close();
        if (mount != null) {
            run("umount", "-l", mount.toString());
        }
    }

    private static int run(String... command) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String said = new String(p.getInputStream().readAllBytes());
        if (!p.waitFor(30, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError(String.join(" ", command) + " did not end");
        }
        if (p.exitValue() != 0) {
            throw new AssertionError(String.join(" ", command) + " failed (" + p.exitValue() + "): " + said
                    + " (this test mounts a small tmpfs: run it as root, as .ci/run does)");
        }
        return p.exitValue();
    }

    @Test
    void aFullDiskIsReportedInWordsAndKeepsEveryGameStoredBefore() throws Exception {
        mount = Files.createDirectories(dir.resolve("tiny"));
        run("mount", "-t", "tmpfs", "-o", "size=4m", "tmpfs", mount.toString());
        String url = "jdbc:h2:file:" + mount.resolve("boardlab");
        List<Long> stored = new ArrayList<>();
        StoreException full = null;
        Store store = Store.open(url);
        try {
            Match[] m = new Match[1];
            m[0] = new Match(referee, new Othello(), GameOptions.DEFAULT, new PlayerSeat("random#1", RandomPlayer::new),
                    new PlayerSeat("random#2", RandomPlayer::new), MatchSettings.defaults().withGames(1).withSeed(1), new EventBus());
            List<FinishedGame> one = new ArrayList<>();
            m[0].onGameResult(r -> one.add(FinishedGame.of(m[0].journal(), "match", Seat.named(r.first()), Seat.named(r.second()))));
            m[0].runHere();
            // the same game again and again, each with a long result text, until the disk is full
            FinishedGame g = one.get(0);
            FinishedGame big = new FinishedGame(g.game(), g.options(), g.origin(), null, null, g.first(), g.second(), g.startedAt(),
                    g.endedAt(), g.winner(), g.ending(), "x".repeat(1900), g.firstScore(), g.secondScore(), g.firstTimeMs(),
                    g.secondTimeMs(), g.plies(), 0, g.moves());
            for (int i = 0; i < 100_000 && full == null; i++) {
                try {
                    stored.add(store.saveGame(big));
                } catch (StoreException e) {
                    full = e;
                }
            }
        } finally {
            try {
                store.close();
            } catch (RuntimeException e) {
                // closing a full database may fail too
            }
        }
        assertThat(full).as("the 4 MB disk filled up").isNotNull();
        System.out.println("[full disk] after " + stored.size() + " games: " + full.getMessage());
        assertThat(full.getMessage()).startsWith("the database jdbc:h2:file:" + mount.resolve("boardlab") + " could not be written: the disk is full")
                .endsWith("nothing was stored by this operation, what was stored before is kept");
        assertThat(stored).hasSizeGreaterThan(10);

        // a copy of the file on a disk with room opens with every game that was stored, each whole
        Path copy = Files.createDirectories(dir.resolve("copy"));
        Files.copy(mount.resolve("boardlab.mv.db"), copy.resolve("boardlab.mv.db"), StandardCopyOption.REPLACE_EXISTING);
        try (Store again = Store.open("jdbc:h2:file:" + copy.resolve("boardlab"))) {
            List<StoredGame> all = again.games(GameQuery.ALL);
            assertThat(all).extracting(StoredGame::id).containsAll(stored);
            for (StoredGame s : all) {
                assertThat(again.game(s.id()).orElseThrow().game().moves()).hasSize(s.game().plies());
            }
        }
    }
}
