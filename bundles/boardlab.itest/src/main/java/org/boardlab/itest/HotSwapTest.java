package org.boardlab.itest;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.boardlab.api.GameOptions;
import org.boardlab.api.event.MatchEvent;
import org.boardlab.api.event.MatchOutcome.Ending;
import org.boardlab.api.event.RegistryEvent;
import org.boardlab.api.event.RegistryEvent.Change;
import org.boardlab.core.EventBus;
import org.boardlab.core.GameResult;
import org.boardlab.core.Match;
import org.boardlab.core.MatchSettings;
import org.boardlab.core.PlayerSeat;
import org.boardlab.core.Referee;
import org.boardlab.core.Registry;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Hot swap in a real Felix framework: the tutorial's player bundle is dropped into the folder that
 * FileInstall watches, replaced by a new version, and deleted, and the registry follows each step.
 */
class HotSwapTest {

    private static final Duration LIMIT = Duration.ofSeconds(15);

    private final Registry registry = Lab.bean(Registry.class);
    private final EventBus events = Lab.bean(EventBus.class);
    private final List<RegistryEvent> changes = new CopyOnWriteArrayList<>();
    private AutoCloseable subscription;

    @BeforeEach
    void listen() throws Exception {
        cleanPlayers();
        subscription = events.subscribe(e -> {
            if (e instanceof RegistryEvent r && r.id().equals("greedy")) {
                changes.add(r);
            }
        });
    }

    @AfterEach
    void cleanUp() throws Exception {
        subscription.close();
        cleanPlayers();
    }

    private void cleanPlayers() throws Exception {
        try (var files = Files.list(Lab.players())) {
            for (Path p : files.toList()) {
                Files.delete(p);
            }
        }
        Lab.await("no greedy player left", LIMIT, () -> registry.player("greedy").isEmpty());
    }

    private boolean saw(Change change, String version) {
        return changes.stream().anyMatch(c -> c.change() == change && c.bundleVersion().equals(version));
    }

    @Test
    void aDroppedBundleIsAddedReplacedAndRemovedWhileBoardlabRuns() throws Exception {
        Path v1 = Lab.fixture("greedy.jar");
        Lab.drop(v1, "greedy.jar");
        Duration added = Lab.await("greedy added", LIMIT, () -> registry.player("greedy").isPresent());
        assertThat(registry.player("greedy").get().bundle()).isEqualTo("boardlab.tutorial.greedy");
        assertThat(registry.player("greedy").get().bundleVersion()).isEqualTo("1.0.0");
        // the registry's events reach this test's listener on the event bus's thread: wait for it, do not race it
        Lab.await("the ADDED event of 1.0.0", LIMIT, () -> saw(Change.ADDED, "1.0.0"));

        // the new player really plays, through boardlab's one referee (a singleton: every bundle gets the same)
        Referee referee = Lab.bean(Referee.class);
        assertThat(Lab.bean(Referee.class)).isSameAs(referee);
        long played = referee.gamesPlayed();
        Match match = new Match(referee, registry.requireGame("tictactoe"), GameOptions.DEFAULT,
                PlayerSeat.of(registry, "greedy"), PlayerSeat.of(registry, "random"),
                MatchSettings.defaults().withGames(4), events);
        assertThat(match.runHere()).hasSize(4).allMatch(r -> r.outcome().ending() == Ending.NORMAL);
        assertThat(referee.gamesPlayed()).isGreaterThanOrEqualTo(played + 4);

        Path v2 = Lab.withHeaders(v1, Map.of("Bundle-Version", "1.0.1"));
        Lab.drop(v2, "greedy.jar");
        Duration replaced = Lab.await("greedy replaced by 1.0.1", LIMIT, () -> saw(Change.REPLACED, "1.0.1"));
        assertThat(registry.player("greedy").get().bundleVersion()).isEqualTo("1.0.1");

        Files.delete(Lab.players().resolve("greedy.jar"));
        Duration removed = Lab.await("greedy removed", LIMIT, () -> registry.player("greedy").isEmpty());
        Lab.await("the REMOVED event of 1.0.1", LIMIT, () -> saw(Change.REMOVED, "1.0.1"));

        System.out.printf("[itest] hot swap with a 50 ms poll: added after %d ms, replaced after %d ms, removed after %d ms%n",
                added.toMillis(), replaced.toMillis(), removed.toMillis());
    }

    @Test
    void aSecondBundleWithTheSameIdIsRefusedAndTheFirstKeepsIt() throws Exception {
        Lab.drop(Lab.fixture("greedy.jar"), "greedy.jar");
        Lab.await("greedy added", LIMIT, () -> registry.player("greedy").isPresent());
        Path copy = Lab.withHeaders(Lab.fixture("greedy.jar"), Map.of("Bundle-SymbolicName", "alice.greedy"));
        Lab.drop(copy, "alice-greedy.jar");
        Lab.await("the copy refused", LIMIT, () -> changes.stream().anyMatch(c -> c.change() == Change.REFUSED));
        RegistryEvent refused = changes.stream().filter(c -> c.change() == Change.REFUSED).findFirst().get();
        assertThat(refused.bundle()).isEqualTo("alice.greedy");
        assertThat(refused.message()).contains("already used by bundle boardlab.tutorial.greedy 1.0.0");
        assertThat(registry.player("greedy").get().bundle()).isEqualTo("boardlab.tutorial.greedy");
        // the refused copy leaving changes nothing
        Files.delete(Lab.players().resolve("alice-greedy.jar"));
        Thread.sleep(500);
        assertThat(registry.player("greedy")).isPresent();
    }

    @Test
    void aGameInProgressFinishesWithTheOldVersionAndTheNextGameUsesTheNewOne() throws Exception {
        Path v1 = Lab.fixture("greedy.jar");
        Lab.drop(v1, "greedy.jar");
        Lab.await("greedy added", LIMIT, () -> registry.player("greedy").isPresent());
        List<MatchEvent.Moved> moves = new CopyOnWriteArrayList<>();
        try (Referee referee = new Referee(); AutoCloseable s = events.subscribe(e -> {
            if (e instanceof MatchEvent.Moved m) {
                moves.add(m);
            }
        })) {
            Match match = new Match(referee, registry.requireGame("tictactoe"), GameOptions.DEFAULT,
                    PlayerSeat.of(registry, "greedy"), PlayerSeat.of(registry, "random"),
                    MatchSettings.defaults().withGames(2), events);
            match.setMode(Match.Mode.STEP);
            match.start();
            match.step();
            Lab.await("the first move", LIMIT, () -> !moves.isEmpty());

            Lab.drop(Lab.withHeaders(v1, Map.of("Bundle-Version", "1.0.2")), "greedy.jar");
            Lab.await("greedy replaced by 1.0.2", LIMIT, () -> saw(Change.REPLACED, "1.0.2"));

            match.setMode(Match.Mode.CONTINUOUS);
            List<GameResult> results = match.results().get(30, TimeUnit.SECONDS);
            assertThat(results).hasSize(2);
            assertThat(results).allSatisfy(r -> assertThat(r.outcome().ending())
                    .as(r.outcome().detail()).isEqualTo(Ending.NORMAL));
        }
    }

    /**
     * Issue 16: a jar overwritten 20 times in 5 s while a 60-game match runs. Each time the bundle is
     * between uninstall and install the next game waits for it (a bounded grace), so no game is lost
     * to "not available"; the game in progress finishes with the version it started with.
     */
    @Test
    void aJarOverwrittenTwentyTimesInFiveSecondsDuringASixtyGameMatchCostsNoGame() throws Exception {
        Path v1 = Lab.fixture("greedy.jar");
        Lab.drop(v1, "greedy.jar");
        Lab.await("greedy added", LIMIT, () -> registry.player("greedy").isPresent());
        List<Path> versions = new java.util.ArrayList<>();
        for (int i = 0; i < 20; i++) {
            versions.add(Lab.withHeaders(v1, Map.of("Bundle-Version", "1.1." + i)));
        }
        List<MatchEvent.Waiting> waits = new CopyOnWriteArrayList<>();
        try (Referee referee = new Referee(); AutoCloseable s = events.subscribe(e -> {
            if (e instanceof MatchEvent.Waiting w) {
                waits.add(w);
            }
        })) {
            // 10 ms between moves: the 60 games (about 9 moves each) take longer than the 5 s of swaps
            Match match = new Match(referee, registry.requireGame("tictactoe"), GameOptions.DEFAULT,
                    PlayerSeat.of(registry, "greedy"), PlayerSeat.of(registry, "random"),
                    MatchSettings.defaults().withGames(60).withMoveDelay(Duration.ofMillis(10)), events);
            match.start();
            long start = System.nanoTime();
            for (int i = 0; i < 20; i++) {
                Lab.drop(versions.get(i), "greedy.jar");
                Thread.sleep(250);
            }
            long swapping = System.nanoTime() - start;
            List<GameResult> results = match.results().get(120, TimeUnit.SECONDS);
            assertThat(results).hasSize(60);
            assertThat(results).noneSatisfy(r -> assertThat(r.outcome().detail()).contains("not available"));
            assertThat(results).allSatisfy(r -> assertThat(r.outcome().ending()).as(r.outcome().detail())
                    .isIn(Ending.NORMAL));
            System.out.printf("[itest] 20 overwrites in %d ms during a 60-game match: %d games, %d waits for greedy, 0 forfeits%n",
                    swapping / 1_000_000, results.size(), waits.size());
        }
        Lab.await("greedy 1.1.19 in the end", LIMIT, () -> registry.player("greedy").map(c -> c.bundleVersion())
                .orElse("").equals("1.1.19"));
    }

    /**
     * A good jar overwritten by a corrupt copy (a copy cut short) is reported by name with the reason, in
     * the registry and on the console. FileInstall removes the bundle of a file it can no longer read, so
     * the player is gone until a loadable jar is back: a match's next game waits the swap grace for it and
     * then forfeits that side with the jar's name and reason (issue 16: "the match uses the last good
     * version or forfeits with that reason"). The good jar dropped again brings the player back.
     */
    @Test
    void aCorruptJarIsReportedByNameAndAGameWithItsPlayerForfeitsWithThatReason() throws Exception {
        List<RegistryEvent> refused = new CopyOnWriteArrayList<>();
        try (AutoCloseable s = events.subscribe(e -> {
            if (e instanceof RegistryEvent r && r.change() == Change.REFUSED) {
                refused.add(r);
            }
        })) {
            Lab.drop(Lab.fixture("greedy.jar"), "greedy.jar");
            Lab.await("greedy added", LIMIT, () -> registry.player("greedy").isPresent());
            PlayerSeat greedy = PlayerSeat.of(registry, "greedy"); // a match set up before the overwrite
            byte[] good = Files.readAllBytes(Lab.fixture("greedy.jar"));
            Path cut = Files.createTempFile("broken", ".jar");
            Files.write(cut, java.util.Arrays.copyOf(good, good.length / 2));
            Lab.drop(cut, "greedy.jar"); // the good jar overwritten by a copy cut short
            Lab.await("the corrupt jar reported", LIMIT, () -> !refused.isEmpty());
            RegistryEvent r = refused.get(0);
            assertThat(r.id()).isEqualTo("greedy.jar");
            assertThat(r.message()).contains("greedy.jar cannot be loaded: it is not a readable jar");
            assertThat(registry.recentChanges()).contains(r);
            Lab.await("greedy gone, for the corrupt jar", LIMIT, () -> registry.whyGone("greedy").isPresent());
            assertThat(registry.whyGone("greedy").get()).isEqualTo(r.message());

            MatchSettings shortGrace = MatchSettings.defaults().withSwapGrace(Duration.ofMillis(300));
            List<GameResult> results = new Match(Lab.bean(Referee.class), registry.requireGame("tictactoe"),
                    GameOptions.DEFAULT, PlayerSeat.of(registry, "random"), greedy, shortGrace.withGames(1), events)
                    .runHere();
            assertThat(results).hasSize(1);
            assertThat(results.get(0).outcome().detail()).as("the forfeit names the jar and why")
                    .contains("failed: player greedy is not available: player 'greedy' is not loaded: ")
                    .contains("greedy.jar cannot be loaded: it is not a readable jar");
            System.out.printf("[itest] greedy.jar overwritten by a corrupt copy: %s%n", results.get(0).outcome().detail());

            Lab.drop(Lab.fixture("greedy.jar"), "greedy.jar"); // fixed
            Lab.await("greedy back", LIMIT, () -> registry.player("greedy").isPresent());
            assertThat(registry.whyGone("greedy")).isEmpty();
        }
    }
}
