package org.boardlab.itest;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.SocketTimeoutException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.boardlab.api.GameOptions;
import org.boardlab.api.Side;
import org.boardlab.api.event.MatchOutcome;
import org.boardlab.api.event.MatchOutcome.Ending;
import org.boardlab.core.EventBus;
import org.boardlab.core.GameResult;
import org.boardlab.core.Match;
import org.boardlab.core.MatchSettings;
import org.boardlab.core.PlayerHosting;
import org.boardlab.core.PlayerLimits;
import org.boardlab.core.PlayerSeat;
import org.boardlab.core.Referee;
import org.boardlab.core.Registry;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The hostile-player suite, in a real Felix: each case is a real bundle built by the build
 * ({@code boardlab.itest.hostile}: one jar per case) and dropped into the players folder, so it runs
 * in its player host as a student's jar does. For each: the game is forfeited with the reason a
 * student should read; a match played alongside the whole time (two players inside boardlab) loses
 * no game; and once the case's jar is removed, boardlab's threads and heap are back to their level.
 * The corrupt jar and the jar replaced 20 times in 5 s during a match are {@link HotSwapTest}'s.
 */
class HostileTest {

    private static final Duration LIMIT = Duration.ofSeconds(20);
    private static final String OUTSIDE = "/var/tmp/boardlab-hostile-files-was-here";

    private static final Registry registry = Lab.bean(Registry.class);
    private static final EventBus events = Lab.bean(EventBus.class);
    private static final Referee referee = Lab.bean(Referee.class);
    private static Match bystander;
    private static int threadsBefore;
    private static long heapBefore;

    @BeforeAll
    static void alongside() throws Exception {
        assertThat(Lab.locator().locate(com.google.inject.Key.get(PlayerHosting.class)).iterator().hasNext())
                .as("the sandbox's PlayerHosting is loaded").isTrue();
        // one well-behaved hosted game first, so the JDK's own process threads exist before we count
        GameResult polite = playOne("polite", MatchSettings.defaults());
        assertThat(polite.outcome().ending()).as(polite.outcome().detail()).isEqualTo(Ending.NORMAL);
        remove("polite");
        threadsBefore = settledThreads();
        heapBefore = heapAfterGc();
        bystander = new Match(referee, registry.requireGame("tictactoe"), GameOptions.DEFAULT,
                PlayerSeat.of(registry, "first-legal"), PlayerSeat.of(registry, "random"),
                MatchSettings.defaults().withGames(100_000).withMoveDelay(Duration.ofMillis(5)), events).start();
    }

    @AfterAll
    static void nothingElseWasHurt() throws Exception {
        bystander.stop();
        List<GameResult> results = bystander.results().get(30, TimeUnit.SECONDS);
        assertThat(results.size()).as("games the match alongside played").isGreaterThan(10);
        assertThat(results.subList(0, results.size() - 1))
                .allSatisfy(r -> assertThat(r.outcome().ending()).as(r.outcome().detail()).isEqualTo(Ending.NORMAL));
        System.out.printf("[itest] hostile suite: the match alongside played %d games, none hurt%n", results.size() - 1);
    }

    private static String jar(String id) {
        return Path.of(Lab.context().getProperty("boardlab.itest.hostile"), "hostile-" + id + ".jar").toString();
    }

    private static GameResult playOne(String id, MatchSettings settings) throws Exception {
        String player = id.equals("polite") ? "polite" : "hostile-" + id;
        Lab.drop(Path.of(jar(id)), "hostile-" + id + ".jar");
        Lab.await(player + " loaded", LIMIT, () -> registry.player(player).isPresent());
        assertThat(PlayerHosting.hosted(registry.requirePlayer(player))).as(player + " runs in its own process").isTrue();
        Match match = new Match(referee, registry.requireGame("tictactoe"), GameOptions.DEFAULT,
                PlayerSeat.of(registry, player), PlayerSeat.of(registry, "first-legal"),
                settings.withGames(1).withAlternateSides(false), events);
        return match.results().isDone() ? null : match.start().results().get(60, TimeUnit.SECONDS).get(0);
    }

    private static void remove(String id) throws Exception {
        String player = id.equals("polite") ? "polite" : "hostile-" + id;
        Files.deleteIfExists(Lab.players().resolve("hostile-" + id + ".jar"));
        Lab.await(player + " removed", LIMIT, () -> registry.player(player).isEmpty());
    }

    /** Plays one game of hostile case {@code id}, checks it lost, removes it, and checks boardlab is back to level. */
    private static MatchOutcome lost(String id, MatchSettings settings) throws Exception {
        GameResult result = playOne(id, settings);
        MatchOutcome outcome = result.outcome();
        System.out.printf("[itest] hostile-%s: %s: %s%n", id, outcome.ending(), outcome.detail());
        remove(id);
        backToLevel(id);
        assertThat(outcome.loser()).as(outcome.detail()).isEqualTo(Side.FIRST);
        return outcome;
    }

    private static void backToLevel(String id) throws Exception {
        Lab.await("the hosts of hostile-" + id + " gone", LIMIT, () -> Thread.getAllStackTraces().keySet().stream()
                .noneMatch(t -> t.getName().startsWith("boardlab-host-hostile-" + id)));
        int threads = settledThreads();
        long heap = heapAfterGc();
        assertThat(threads).as("boardlab's threads after hostile-" + id + " (before: " + threadsBefore + ")")
                .isLessThanOrEqualTo(threadsBefore + 3);
        assertThat(heap - heapBefore).as("boardlab's heap growth after hostile-" + id).isLessThan(32L << 20);
    }

    private static int settledThreads() throws InterruptedException {
        Thread.sleep(200);
        return ManagementFactory.getThreadMXBean().getThreadCount();
    }

    private static long heapAfterGc() {
        System.gc();
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    }

    private static MatchSettings seconds(int s) {
        return MatchSettings.defaults().withTimePerMove(Duration.ofSeconds(s));
    }

    @Test
    void anEndlessLoop() throws Exception {
        MatchOutcome o = lost("loop", seconds(4));
        assertThat(o.ending()).isEqualTo(Ending.TIMEOUT);
        assertThat(o.detail()).isEqualTo("hostile-loop (X) did not move within 4000 ms; no answer in 4 s, process killed");
    }

    @Test
    void aSleepPastTheLimit() throws Exception {
        MatchOutcome o = lost("sleep", seconds(4));
        assertThat(o.ending()).isEqualTo(Ending.TIMEOUT);
        assertThat(o.detail()).endsWith("; no answer in 4 s, process killed");
    }

    @Test
    void anException() throws Exception {
        MatchOutcome o = lost("throw", seconds(10));
        assertThat(o.ending()).isEqualTo(Ending.ERROR);
        assertThat(o.detail()).isEqualTo("hostile-throw (X) failed: IllegalStateException: my evaluation table is empty");
    }

    @Test
    void systemExit() throws Exception {
        MatchOutcome o = lost("exit", seconds(10));
        assertThat(o.ending()).isEqualTo(Ending.ERROR);
        assertThat(o.detail()).isEqualTo("hostile-exit (X) failed: exited with status 0 at move 3");
    }

    @Test
    void allocationUntilOutOfMemory() throws Exception {
        MatchOutcome o = lost("memory", seconds(10).withLimits(PlayerLimits.DEFAULT.withHeapMegabytes(64)));
        assertThat(o.ending()).isEqualTo(Ending.ERROR);
        assertThat(o.detail()).isEqualTo("hostile-memory (X) failed: out of memory at 64 MB at move 1");
    }

    @Test
    void tenThousandThreads() throws Exception {
        MatchOutcome o = lost("threads", seconds(10));
        assertThat(o.detail()).contains("64 threads");
    }

    @Test
    void aConstructorThatThrows() throws Exception {
        MatchOutcome o = lost("constructor", seconds(10));
        assertThat(o.ending()).isEqualTo(Ending.ERROR);
        assertThat(o.detail()).isEqualTo("hostile-constructor (X) failed: could not be created: IllegalStateException: the opening book is missing");
    }

    @Test
    void cpuBurnedBetweenMoves() throws Exception {
        MatchOutcome o = lost("cpu", seconds(5).withLimits(PlayerLimits.DEFAULT.withCpuPerMove(Duration.ofMillis(100))));
        assertThat(o.ending()).isEqualTo(Ending.ERROR);
        assertThat(o.detail()).contains("of CPU time since its last move; the limit is 0.1 s; process killed");
    }

    @Test
    void readingSshAndShadowAndWritingOutsideItsFolderFail() throws Exception {
        Files.deleteIfExists(Path.of(OUTSIDE));
        GameResult r = playOne("files", seconds(10));
        System.out.printf("[itest] hostile-files: %s: %s%n", r.outcome().ending(), r.outcome().detail());
        remove("files");
        backToLevel("files");
        assertThat(r.outcome().ending()).as(r.outcome().detail()).isEqualTo(Ending.NORMAL);
        assertThat(Path.of(OUTSIDE)).doesNotExist();
    }

    @Test
    void openingASocketFails() throws Exception {
        try (ServerSocket listening = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            int port = listening.getLocalPort();
            // the port takes connections from outside the sandbox: a refusal below is the sandbox's
            try (java.net.Socket probe = new java.net.Socket(InetAddress.getLoopbackAddress(), port)) {
                listening.accept().close();
            }
            GameResult r = playOne("socket", seconds(10).withSeed(port)); // SocketPlayer tries the port its seed names
            System.out.printf("[itest] hostile-socket: %s: %s%n", r.outcome().ending(), r.outcome().detail());
            remove("socket");
            assertThat(r.outcome().ending()).as(r.outcome().detail()).isEqualTo(Ending.NORMAL);
            listening.setSoTimeout(1);
            try {
                listening.accept().close();
                throw new AssertionError("hostile-socket connected to 127.0.0.1:" + port);
            } catch (SocketTimeoutException e) {
                // nobody came
            }
        }
        backToLevel("socket");
    }

    /** Not a hostile bundle but a check of the setup: a jar that is not a bundle is refused by name (see HotSwapTest). */
    @Test
    void aCorruptJarIsRefusedAndNothingRuns() throws IOException, InterruptedException {
        Path corrupt = Lab.players().resolve("hostile-corrupt.jar");
        Files.write(corrupt, "PK\3\4 this is not a whole jar".getBytes());
        try {
            Lab.await("the corrupt jar refused", LIMIT, () -> registry.recentChanges().stream()
                    .anyMatch(c -> c.message().contains("hostile-corrupt.jar cannot be loaded")));
        } finally {
            Files.deleteIfExists(corrupt);
        }
    }
}
