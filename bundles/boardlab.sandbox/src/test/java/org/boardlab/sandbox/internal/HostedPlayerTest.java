package org.boardlab.sandbox.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.SocketTimeoutException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.boardlab.ai.basic.FirstLegalPlayer;
import org.boardlab.api.GameOptions;
import org.boardlab.api.Player;
import org.boardlab.api.Side;
import org.boardlab.api.event.MatchOutcome;
import org.boardlab.api.event.MatchOutcome.Ending;
import org.boardlab.core.EventBus;
import org.boardlab.core.GameResult;
import org.boardlab.core.Match;
import org.boardlab.core.MatchJournal;
import org.boardlab.core.MatchSettings;
import org.boardlab.core.PlayerLimits;
import org.boardlab.core.PlayerSeat;
import org.boardlab.core.Referee;
import org.boardlab.game.tictactoe.TicTacToe;
import org.boardlab.itest.hostile.ConstructorPlayer;
import org.boardlab.itest.hostile.CpuPlayer;
import org.boardlab.itest.hostile.ExitPlayer;
import org.boardlab.itest.hostile.FilesPlayer;
import org.boardlab.itest.hostile.LoopPlayer;
import org.boardlab.itest.hostile.MemoryPlayer;
import org.boardlab.itest.hostile.PrintingPlayer;
import org.boardlab.itest.hostile.SleepPlayer;
import org.boardlab.itest.hostile.SocketPlayer;
import org.boardlab.itest.hostile.ThreadsPlayer;
import org.boardlab.itest.hostile.ThrowPlayer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Players in host processes, played through the real referee against a player inside boardlab, with
 * the machine's real confinement (bubblewrap, cgroups): a well-behaved one plays whole games on one
 * warm host; each hostile one forfeits with the reason a student should read, and a match played
 * alongside the whole time loses nothing.
 */
class HostedPlayerTest {

    private static HostPool pool;
    private static Referee referee;
    private static Match bystander;

    @BeforeAll
    static void start() throws Exception {
        pool = Hosts.pool();
        referee = new Referee();
        TicTacToe game = new TicTacToe();
        bystander = new Match(referee, game, GameOptions.DEFAULT, new PlayerSeat("first-legal", FirstLegalPlayer::new),
                new PlayerSeat("first-legal-2", FirstLegalPlayer::new),
                MatchSettings.defaults().withGames(400).withMoveDelay(Duration.ofMillis(5)), new EventBus()).start();
    }

    @AfterAll
    static void stop() throws Exception {
        bystander.stop();
        List<GameResult> results = bystander.results().get(30, TimeUnit.SECONDS);
        // the match alongside: every game it played ended normally, but the last one, stopped here
        assertThat(results.subList(0, results.size() - 1)).isNotEmpty()
                .allSatisfy(r -> assertThat(r.outcome().ending()).as(r.outcome().detail()).isEqualTo(Ending.NORMAL));
        referee.close();
        pool.close();
    }

    private static List<GameResult> play(Class<? extends Player> hosted, int games, MatchSettings settings,
            List<String> output) {
        Match match = new Match(referee, new TicTacToe(), GameOptions.DEFAULT,
                new PlayerSeat("hosted", () -> Hosts.player(pool, "hosted", hosted, output)),
                new PlayerSeat("first-legal", FirstLegalPlayer::new), settings.withGames(games).withAlternateSides(false),
                new EventBus());
        return match.runHere();
    }

    private static MatchOutcome fault(Class<? extends Player> hosted, MatchSettings settings) {
        List<GameResult> results = play(hosted, 1, settings, new CopyOnWriteArrayList<>());
        MatchOutcome outcome = results.get(0).outcome();
        assertThat(outcome.loser()).as(outcome.detail()).isEqualTo(Side.FIRST);
        return outcome;
    }

    /** Short, yet time enough for a cold host start on a loaded machine (a start counts in the first move). */
    private static MatchSettings threeSeconds() {
        return MatchSettings.defaults().withTimePerMove(Duration.ofSeconds(3));
    }

    /** Time enough for a host to start on a loaded machine (the first move's clock includes a cold start). */
    private static MatchSettings tenSeconds() {
        return MatchSettings.defaults().withTimePerMove(Duration.ofSeconds(10));
    }

    @Test
    void aHostedPlayerPlaysWholeGamesOnOneWarmHostWithItsThinkingAndTheHostsOverheadApart() {
        List<String> output = new CopyOnWriteArrayList<>();
        int before = pool.started();
        Match match = new Match(referee, new TicTacToe(), GameOptions.DEFAULT,
                new PlayerSeat("polite", () -> Hosts.player(pool, "polite", PrintingPlayer.class, output)),
                new PlayerSeat("first-legal", FirstLegalPlayer::new),
                MatchSettings.defaults().withGames(3).withAlternateSides(false), new EventBus());
        List<GameResult> results = match.runHere();
        assertThat(results).hasSize(3).allSatisfy(r -> assertThat(r.outcome().ending()).as(r.outcome().detail())
                .isEqualTo(Ending.NORMAL));
        assertThat(pool.started() - before).as("hosts started for three games").isEqualTo(1);
        MatchJournal.Snapshot last = match.journal().snapshot();
        List<MatchJournal.Entry> hosted = last.entries().stream().filter(e -> e.side() == Side.FIRST).toList();
        assertThat(hosted).isNotEmpty().allSatisfy(e -> {
            assertThat(e.times().thinkingNanos()).isGreaterThanOrEqualTo(0);
            assertThat(e.times().hostNanos()).isGreaterThan(0);
            assertThat(e.times().networkNanos()).isEqualTo(-1);
        });
        assertThat(output).contains("polite plays " + hosted.get(0).move().notation());
    }

    @Test
    void anEndlessLoopIsKilledAtTheDeadline() {
        MatchOutcome o = fault(LoopPlayer.class, threeSeconds());
        assertThat(o.ending()).isEqualTo(Ending.TIMEOUT);
        assertThat(o.detail()).isEqualTo("hosted (X) did not move within 3000 ms; no answer in 3 s, process killed");
    }

    @Test
    void aSleepPastTheDeadlineIsKilled() {
        MatchOutcome o = fault(SleepPlayer.class, threeSeconds());
        assertThat(o.ending()).isEqualTo(Ending.TIMEOUT);
        assertThat(o.detail()).endsWith("; no answer in 3 s, process killed");
    }

    @Test
    void anExceptionForfeitsWithItsMessage() {
        MatchOutcome o = fault(ThrowPlayer.class, tenSeconds());
        assertThat(o.ending()).isEqualTo(Ending.ERROR);
        assertThat(o.detail()).isEqualTo("hosted (X) failed: IllegalStateException: my evaluation table is empty");
    }

    @Test
    void systemExitIsReportedWithItsStatusAndTheMove() {
        MatchOutcome o = fault(ExitPlayer.class, tenSeconds());
        assertThat(o.ending()).isEqualTo(Ending.ERROR);
        assertThat(o.detail()).isEqualTo("hosted (X) failed: exited with status 0 at move 3");
    }

    @Test
    void runningOutOfHeapIsReportedWithTheLimit() {
        MatchOutcome o = fault(MemoryPlayer.class, tenSeconds()
                .withLimits(PlayerLimits.DEFAULT.withHeapMegabytes(32)));
        assertThat(o.ending()).isEqualTo(Ending.ERROR);
        assertThat(o.detail()).isEqualTo("hosted (X) failed: out of memory at 32 MB at move 1");
    }

    @Test
    void tenThousandThreadsMeetTheThreadLimit() {
        MatchOutcome o = fault(ThreadsPlayer.class, MatchSettings.defaults().withTimePerMove(Duration.ofSeconds(5)));
        assertThat(o.detail()).contains("64 threads");
    }

    @Test
    void aConstructorThatThrowsForfeitsWithItsMessage() {
        MatchOutcome o = fault(ConstructorPlayer.class, tenSeconds());
        assertThat(o.ending()).isEqualTo(Ending.ERROR);
        assertThat(o.detail()).isEqualTo("hosted (X) failed: could not be created: IllegalStateException: the opening book is missing");
    }

    @Test
    void cpuTimeBeyondTheLimitForfeits() {
        MatchOutcome o = fault(CpuPlayer.class, MatchSettings.defaults().withTimePerMove(Duration.ofSeconds(5))
                .withLimits(PlayerLimits.DEFAULT.withCpuPerMove(Duration.ofMillis(100))));
        assertThat(o.ending()).isEqualTo(Ending.ERROR);
        assertThat(o.detail()).contains("of CPU time since its last move; the limit is 0.1 s; process killed");
    }

    @Test
    void thePlayerCannotSeeHomeFoldersNorReadSecretsNorWriteOutsideItsFolder() throws IOException {
        Files.deleteIfExists(Path.of(FilesPlayer.OUTSIDE));
        List<GameResult> results = play(FilesPlayer.class, 1, tenSeconds(),
                new CopyOnWriteArrayList<>());
        assertThat(results.get(0).outcome().ending()).as(results.get(0).outcome().detail()).isEqualTo(Ending.NORMAL);
        assertThat(Path.of(FilesPlayer.OUTSIDE)).doesNotExist();
    }

    @Test
    void thePlayerCannotOpenASocket() throws IOException {
        try (ServerSocket listening = new ServerSocket(0, 50, java.net.InetAddress.getLoopbackAddress())) {
            int port = listening.getLocalPort();
            // the port takes connections from outside the sandbox: a refusal below is the sandbox's
            try (java.net.Socket probe = new java.net.Socket(java.net.InetAddress.getLoopbackAddress(), port)) {
                listening.accept().close();
            }
            List<String> output = new CopyOnWriteArrayList<>();
            List<GameResult> results = play(SocketPlayer.class, 1, tenSeconds().withSeed(port), output);
            assertThat(results.get(0).outcome().ending()).as(results.get(0).outcome().detail()).isEqualTo(Ending.NORMAL);
            assertThat(output).as("the player tried this test's port on its moves")
                    .anyMatch(line -> line.startsWith("hostile-socket: 127.0.0.1:" + port + " could not connect: "));
            listening.setSoTimeout(1);
            try {
                listening.accept().close();
                throw new AssertionError("the hosted player connected to 127.0.0.1:" + port);
            } catch (SocketTimeoutException e) {
                // nobody came
            }
        }
    }
}
