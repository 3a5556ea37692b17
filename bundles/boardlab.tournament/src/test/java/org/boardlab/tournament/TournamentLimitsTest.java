package org.boardlab.tournament;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.boardlab.ai.basic.RandomPlayer;
import org.boardlab.api.GameOptions;
import org.boardlab.api.Move;
import org.boardlab.api.MoveRequest;
import org.boardlab.api.Player;
import org.boardlab.api.event.RegistryEvent.Kind;
import org.boardlab.core.Component;
import org.boardlab.core.LimitedPlayer;
import org.boardlab.core.PlayerLimits;
import org.boardlab.store.GameQuery;
import org.boardlab.store.Store;
import org.boardlab.store.testing.TestDatabases;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The limits of players in processes of their own, per tournament: kept in its stored settings, the
 * same after a resume, refused when other, the defaults for a tournament stored without them, and
 * told to each such player before its game by the tournament's runner and by a worker. A player
 * that records what it was told stands in for a hosted one (the hosted ones are boardlab.itest's
 * TournamentLimitsTest, in a real framework).
 */
class TournamentLimitsTest {

    private static final PlayerLimits SMALL = PlayerLimits.DEFAULT.withHeapMegabytes(48).withCpuPerMove(Duration.ofMillis(250));

    @TempDir
    Path dir;

    @RegisterExtension
    final Lab lab = new Lab();
    /** What each game's limited player was told: its limits and the time for a move. */
    private final Queue<Told> told = new ConcurrentLinkedQueue<>();

    private record Told(PlayerLimits limits, Duration timePerMove, long matchId) {
    }

    TournamentLimitsTest() {
        lab.registry.add(new Component<>(Kind.PLAYER, "limited", "random, told its limits", "test", "0.1.0", 20, Limited::new));
    }

    /** A random player that is told its limits, as a player in a process of its own is. */
    private final class Limited implements Player, LimitedPlayer {
        private final RandomPlayer random = new RandomPlayer();
        private PlayerLimits limits;
        private Duration timePerMove;
        private long matchId;

        @Override
        public void limit(PlayerLimits l, Duration time) {
            limits = l;
            timePerMove = time;
        }

        @Override
        public void match(long id) {
            matchId = id;
            told.add(new Told(limits, timePerMove, matchId));
        }

        @Override
        public Move chooseMove(MoveRequest request) throws Exception {
            if (limits == null) {
                throw new IllegalStateException("asked to move before it was told its limits");
            }
            return random.chooseMove(request);
        }
    }

    private static TournamentSettings settings(String name, String time) {
        return new TournamentSettings(name, "tictactoe", GameOptions.DEFAULT, List.of("limited", "random", "random2"), Format.ROUND_ROBIN, 1, 2,
                TimeControl.parse(time), 3, "none", List.of(), null);
    }

    private TournamentRunner runner(StoreTournamentLog.Opened opened, int concurrency) {
        TournamentSettings s = opened.settings();
        return new TournamentRunner(lab.referee, lab.registry, lab.bus, s, Openings.parse(s.openings(), lab.registry.requireGame(s.game()),
                s.options()), opened.log(), opened.earlier(), opened.results(), concurrency);
    }

    @Test
    void theLimitsAreKeptAsTextThatReadsBackExactly() {
        assertThat(TournamentSettings.limitsText(PlayerLimits.DEFAULT)).isEqualTo("heap=256MB threads=64 cpu=move files=64MB");
        assertThat(TournamentSettings.limitsText(SMALL)).isEqualTo("heap=48MB threads=64 cpu=0.25s files=64MB");
        for (PlayerLimits l : List.of(PlayerLimits.DEFAULT, SMALL, new PlayerLimits(16, 16, Duration.ofNanos(1), 1),
                new PlayerLimits(4096, 5000, Duration.ofNanos((long) (0.3 * 1e9)), 1024), PlayerLimits.DEFAULT.withCpuPerMove(Duration.ofHours(24)))) {
            assertThat(TournamentSettings.parseLimits(TournamentSettings.limitsText(l))).isEqualTo(l);
        }
        assertThatThrownBy(() -> TournamentSettings.parseLimits("heap=8MB threads=64 cpu=move files=64MB"))
                .hasMessage("a player's heap must be at least 16 MB, not 8");
        assertThatThrownBy(() -> TournamentSettings.parseLimits("heap=256MB"))
                .hasMessage("the players' limits 'heap=256MB' are not of the form heap=256MB threads=64 cpu=move files=64MB");
        TournamentSettings s = settings("t", "1s").withLimits(SMALL);
        assertThat(TournamentSettings.fromJson("t", s.toJson())).isEqualTo(s);
        assertThat(TournamentSettings.limitsOf(s.toJson())).isEqualTo(SMALL);
    }

    @ParameterizedTest
    @MethodSource("org.boardlab.store.testing.StoreFixture#kinds")
    void theLimitsAreStoredWithTheTournamentAndAResumeKeepsThem(String kind) throws Exception {
        try (Store store = Store.open(TestDatabases.fresh(kind, dir))) {
            TournamentSettings s = settings("term", "1s").withLimits(SMALL);
            StoreTournamentLog.Opened first = StoreTournamentLog.open(store, "term", s, false);
            TournamentRunner r = Lab.stoppingAfter(runner(first, 1), 2);
            r.run();
            first.log().close();
            assertThat(r.state()).isEqualTo(TournamentRunner.State.STOPPED);
            assertThat(new ObjectMapper().readTree(store.tournament("term").orElseThrow().settings()).get("player_limits").asText())
                    .isEqualTo("heap=48MB threads=64 cpu=0.25s files=64MB");

            // --resume alone: the stored settings, limits included, play the rest
            StoreTournamentLog.Opened resumed = StoreTournamentLog.open(store, "term", null, true);
            assertThat(resumed.settings().limits()).isEqualTo(SMALL);
            TournamentRunner rest = runner(resumed, 2);
            rest.run();
            resumed.log().close();
            assertThat(rest.state()).isEqualTo(TournamentRunner.State.FINISHED);
            assertThat(store.games(GameQuery.ALL.withTournament("term"))).hasSize(6);
            // limited plays 4 of the 6 games; a game stopped in flight told it too, and is played again
            assertThat(told).hasSizeGreaterThanOrEqualTo(4)
                    .allSatisfy(t -> assertThat(t).isEqualTo(new Told(SMALL, Duration.ofSeconds(1), t.matchId())));

            // the same name with other limits (here the defaults): refused, naming them
            assertThatThrownBy(() -> StoreTournamentLog.open(store, "term", settings("term", "1s"), false))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("with other settings: player_limits is heap=48MB threads=64 cpu=0.25s files=64MB, "
                            + "not heap=256MB threads=64 cpu=move files=64MB. Use another --name");
        }
    }

    @ParameterizedTest
    @MethodSource("org.boardlab.store.testing.StoreFixture#kinds")
    void aTournamentStoredBeforeLimitsWereKeptGoesOnWithTheDefaults(String kind) throws Exception {
        try (Store store = Store.open(TestDatabases.fresh(kind, dir))) {
            TournamentSettings s = settings("old", "5s+1s");
            ObjectNode json = (ObjectNode) new ObjectMapper().readTree(s.toJson());
            json.remove("player_limits"); // the settings as an older boardlab wrote them
            store.createTournament("old", "tictactoe", "", json.toString(), 0, 5000, 1000);

            StoreTournamentLog.Opened resumed = StoreTournamentLog.open(store, "old", null, true);
            assertThat(resumed.settings().limits()).isEqualTo(PlayerLimits.DEFAULT);
            resumed.log().close();
            // run again with the same settings and no limits given: the same tournament
            StoreTournamentLog.Opened again = StoreTournamentLog.open(store, "old", s, false);
            assertThat(again.resumed()).isTrue();
            TournamentRunner r = runner(again, 2);
            r.run();
            again.log().close();
            assertThat(r.state()).isEqualTo(TournamentRunner.State.FINISHED);
            // with a clock the CPU time a move defaults to is the base plus one increment, as the referee's time for a move
            assertThat(told).hasSize(4).allSatisfy(t -> assertThat(t).isEqualTo(new Told(PlayerLimits.DEFAULT, Duration.ofSeconds(6),
                    t.matchId())));
            // other limits than the defaults it had: refused
            assertThatThrownBy(() -> StoreTournamentLog.open(store, "old", s.withLimits(SMALL), false))
                    .hasMessageContaining("player_limits is heap=256MB threads=64 cpu=move files=64MB, not heap=48MB threads=64 cpu=0.25s files=64MB");
        }
    }

    @ParameterizedTest
    @MethodSource("org.boardlab.store.testing.StoreFixture#kinds")
    void aWorkerPlaysEachTournamentsGamesUnderThatTournamentsLimits(String kind) throws Exception {
        try (Store store = Store.open(TestDatabases.fresh(kind, dir))) {
            PlayerLimits other = PlayerLimits.DEFAULT.withThreads(32).withFileMegabytes(8);
            Map<String, PlayerLimits> byTournament = Map.of("small", SMALL, "other", other);
            QueueWorker worker = new QueueWorker(store, lab.referee, lab.registry, lab.bus, "worker-a", 2);
            Thread playing = new Thread(() -> {
                try {
                    worker.run(false);
                } catch (InterruptedException ex) {
                    Thread.currentThread().interrupt();
                }
            });
            playing.start();
            try {
                for (Map.Entry<String, PlayerLimits> e : byTournament.entrySet()) {
                    told.clear();
                    // the tournament's process plays none (concurrency 0): it schedules each round, the worker plays it
                    StoreTournamentLog.Opened opened = StoreTournamentLog.open(store, e.getKey(),
                            settings(e.getKey(), "2s").withLimits(e.getValue()), false);
                    TournamentRunner r = runner(opened, 0);
                    r.run();
                    opened.log().close();
                    assertThat(r.state()).isEqualTo(TournamentRunner.State.FINISHED);
                    assertThat(r.playedHere()).isZero();
                    assertThat(told).as("what the worker told limited in tournament " + e.getKey()).hasSize(4)
                            .allSatisfy(x -> assertThat(x.limits()).isEqualTo(e.getValue()));
                }
            } finally {
                worker.stop();
                playing.join(30_000);
            }
            assertThat(worker.stored()).isEqualTo(12);
        }
    }
}
