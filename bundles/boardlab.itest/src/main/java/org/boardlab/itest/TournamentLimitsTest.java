package org.boardlab.itest;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.boardlab.api.GameOptions;
import org.boardlab.core.EventBus;
import org.boardlab.core.PlayerHosting;
import org.boardlab.core.PlayerLimits;
import org.boardlab.core.Referee;
import org.boardlab.core.Registry;
import org.boardlab.store.FinishedGame;
import org.boardlab.store.Store;
import org.boardlab.tournament.Format;
import org.boardlab.tournament.GameScore;
import org.boardlab.tournament.Openings;
import org.boardlab.tournament.QueueWorker;
import org.boardlab.tournament.StoreTournamentLog;
import org.boardlab.tournament.TimeControl;
import org.boardlab.tournament.TournamentRunner;
import org.boardlab.tournament.TournamentSettings;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A tournament's limits reach the players that run in processes of their own, in a real Felix: the
 * hostile bundle that allocates until it runs out of memory ({@code boardlab.itest.hostile}), dropped
 * into the players folder, forfeits each of its tournament games at the tournament's heap, played by
 * the tournament's runner and by a {@code boardlab worker}'s {@link QueueWorker}, which reads the
 * limits stored with the tournament. Its opponent and the tournament carry on.
 */
class TournamentLimitsTest {

    private static final Duration LIMIT = Duration.ofSeconds(20);
    private static final String PLAYER = "hostile-memory";

    private static final Registry registry = Lab.bean(Registry.class);
    private static final EventBus events = Lab.bean(EventBus.class);
    private static final Referee referee = Lab.bean(Referee.class);
    private static Path dir;
    private static Store store;

    @BeforeAll
    static void dropTheHostilePlayer() throws Exception {
        Path jar = Path.of(Lab.context().getProperty("boardlab.itest.hostile"), PLAYER + ".jar");
        Lab.drop(jar, PLAYER + ".jar");
        Lab.await(PLAYER + " loaded", LIMIT, () -> registry.player(PLAYER).isPresent());
        assertThat(PlayerHosting.hosted(registry.requirePlayer(PLAYER))).as(PLAYER + " runs in its own process").isTrue();
        dir = Files.createTempDirectory("boardlab-tournament-limits");
        store = Store.open("jdbc:h2:file:" + dir.resolve("lab").toAbsolutePath());
    }

    @AfterAll
    static void removeIt() throws Exception {
        if (store != null) {
            store.close();
        }
        Files.deleteIfExists(Lab.players().resolve(PLAYER + ".jar"));
        Lab.await(PLAYER + " removed", LIMIT, () -> registry.player(PLAYER).isEmpty());
    }

    private static TournamentSettings settings(String name, int heapMegabytes) {
        return new TournamentSettings(name, "tictactoe", GameOptions.DEFAULT, List.of(PLAYER, "first-legal"), Format.GAUNTLET, 1, 2,
                TimeControl.parse("10s"), 1, "none", List.of(), null).withLimits(PlayerLimits.DEFAULT.withHeapMegabytes(heapMegabytes));
    }

    private static TournamentRunner runner(StoreTournamentLog.Opened opened, int concurrency) {
        TournamentSettings s = opened.settings();
        return new TournamentRunner(referee, registry, events, s, Openings.parse(s.openings(), registry.requireGame(s.game()), s.options()),
                opened.log(), opened.earlier(), opened.results(), concurrency);
    }

    @Test
    void aHostedPlayerOverTheTournamentsHeapForfeitsEachGameWithTheReason() throws Exception {
        StoreTournamentLog.Opened opened = StoreTournamentLog.open(store, "heap 48", settings("heap 48", 48), false);
        TournamentRunner runner = runner(opened, 1);
        runner.run();
        opened.log().close();
        assertThat(runner.state()).isEqualTo(TournamentRunner.State.FINISHED);
        Map<Integer, GameScore> results = runner.results();
        assertThat(results).hasSize(2);
        for (GameScore s : results.values()) {
            System.out.printf("[itest] tournament game %d: %s: %s%n", s.number(), s.ending(), s.detail());
            assertThat(s.ending()).isEqualTo("error");
            assertThat(s.loser()).isEqualTo(PLAYER);
            assertThat(s.detail()).matches("hostile-memory \\((X|O)\\) failed: out of memory at 48 MB at move \\d+");
        }
        assertThat(runner.standings().rows().get(0).id()).isEqualTo("first-legal");
    }

    @Test
    void aWorkerPlaysTheGamesUnderTheLimitsStoredWithTheTournament() throws Exception {
        Queue<FinishedGame> played = new ConcurrentLinkedQueue<>();
        QueueWorker worker = new QueueWorker(store, referee, registry, events, "itest-worker", 1,
                org.boardlab.tournament.PlayerJars.of(store, registry, Duration.ofSeconds(30)), new QueueWorker.Listener() {
                    @Override
                    public void stored(org.boardlab.store.ScheduledGame row, FinishedGame game, boolean counted) {
                        played.add(game);
                    }
                });
        Thread working = new Thread(() -> {
            try {
                worker.run(false);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "itest-worker");
        working.start();
        try {
            // the tournament's process plays none (--concurrency 0): the worker plays every game
            StoreTournamentLog.Opened opened = StoreTournamentLog.open(store, "heap 40", settings("heap 40", 40), false);
            TournamentRunner runner = runner(opened, 0);
            runner.run();
            opened.log().close();
            assertThat(runner.state()).isEqualTo(TournamentRunner.State.FINISHED);
            assertThat(runner.playedHere()).isZero();
        } finally {
            worker.stop();
            working.join(30_000);
        }
        assertThat(played).hasSize(2);
        for (FinishedGame g : played) {
            System.out.printf("[itest] worker's tournament game: %s: %s%n", g.ending(), g.result());
            assertThat(g.ending()).isEqualTo("error");
            assertThat(g.result()).containsPattern("hostile-memory \\((X|O)\\) failed: out of memory at 40 MB at move \\d+");
        }
    }
}
