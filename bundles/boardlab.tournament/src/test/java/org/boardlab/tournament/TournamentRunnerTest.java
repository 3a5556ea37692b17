package org.boardlab.tournament;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.boardlab.ai.basic.FirstLegalPlayer;
import org.boardlab.ai.basic.RandomPlayer;
import org.boardlab.api.GameOptions;
import org.boardlab.api.Move;
import org.boardlab.api.MoveRequest;
import org.boardlab.api.Player;
import org.boardlab.api.event.RegistryEvent.Kind;
import org.boardlab.core.Component;
import org.boardlab.core.EventBus;
import org.boardlab.core.Referee;
import org.boardlab.core.Registry;
import org.boardlab.game.tictactoe.TicTacToe;
import org.boardlab.tournament.rating.Sprt;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class TournamentRunnerTest {

    private final EventBus bus = new EventBus();
    private final Registry registry = new Registry(bus);
    private final Referee referee = new Referee();

    TournamentRunnerTest() {
        TicTacToe game = new TicTacToe();
        registry.add(new Component<>(Kind.GAME, "tictactoe", game.name(), "boardlab.game.tictactoe", "0.1.0", 3, () -> game));
        registry.add(new Component<>(Kind.PLAYER, "random", "random", "boardlab.ai.basic", "0.1.0", 4, RandomPlayer::new));
        registry.add(new Component<>(Kind.PLAYER, "random2", "random", "test", "0.1.0", 5, RandomPlayer::new));
        registry.add(new Component<>(Kind.PLAYER, "random3", "random", "test", "0.1.0", 6, RandomPlayer::new));
        registry.add(new Component<>(Kind.PLAYER, "first-legal", "first move", "boardlab.ai.basic", "0.1.0", 4, FirstLegalPlayer::new));
        registry.add(new Component<>(Kind.PLAYER, "sleepy", "thinks 200 ms a move", "test", "0.1.0", 7, () -> new Player() {
            @Override
            public Move chooseMove(MoveRequest request) throws Exception {
                Thread.sleep(200);
                return request.state().legalMoves().get(0);
            }
        }));
        registry.add(new Component<>(Kind.PLAYER, "sleepier", "thinks 1 s a move", "test", "0.1.0", 9, () -> new Player() {
            @Override
            public Move chooseMove(MoveRequest request) throws Exception {
                Thread.sleep(1000);
                return request.state().legalMoves().get(0);
            }
        }));
        registry.add(new Component<>(Kind.PLAYER, "broken", "cannot be made", "test", "0.1.0", 8, () -> {
            throw new IllegalStateException("the opening book is missing");
        }));
    }

    @AfterEach
    void close() {
        referee.close();
    }

    private TournamentSettings settings(Format format, List<String> players, int rounds, String time, String openings, Sprt sprt) {
        return new TournamentSettings("t", "tictactoe", GameOptions.DEFAULT, players, format, rounds, 2, TimeControl.parse(time), 7,
                openings, List.of(), sprt);
    }

    /** Records what the runner commits, as the store would: each game once. */
    static final class Recorder implements TournamentLog {
        final Map<Integer, ScheduledGame> scheduled = new ConcurrentHashMap<>();
        final Map<Integer, PlayedGame> finished = new ConcurrentHashMap<>();
        final AtomicInteger duplicates = new AtomicInteger();

        @Override
        public void scheduled(List<ScheduledGame> games) {
            games.forEach(g -> scheduled.putIfAbsent(g.number(), g));
        }

        @Override
        public boolean finished(PlayedGame game) {
            if (finished.putIfAbsent(game.game().number(), game) != null) {
                duplicates.incrementAndGet();
                return false;
            }
            return true;
        }
    }

    private TournamentRunner runner(TournamentSettings s, TournamentLog log, List<ScheduledGame> earlier, Map<Integer, GameScore> results,
            int concurrency) {
        Openings openings = Openings.parse(s.openings(), registry.requireGame(s.game()), s.options());
        return new TournamentRunner(referee, registry, bus, s, openings, log, earlier, results, concurrency);
    }

    @Test
    void aRoundRobinPlaysEveryGameOnceAndTheTableAddsUp() throws Exception {
        TournamentSettings s = settings(Format.ROUND_ROBIN, List.of("random", "random2", "random3", "first-legal"), 3, "1s", "random:2", null);
        Recorder log = new Recorder();
        Standings table = runner(s, log, List.of(), Map.of(), 3).run();
        int games = 4 * 3 / 2 * 3 * 2;
        assertThat(log.scheduled).hasSize(games);
        assertThat(log.finished).hasSize(games);
        assertThat(log.duplicates).hasValue(0);
        assertThat(table.finished()).isEqualTo(games);
        assertThat(table.rows().stream().mapToDouble(Standings.Row::points).sum()).isEqualTo(games);
        assertThat(table.rows().stream().mapToInt(Standings.Row::games).sum()).isEqualTo(2 * games);
        // each game's record starts with the scheduled opening, then the players' moves
        for (PlayedGame p : log.finished.values()) {
            assertThat(p.allMoves().subList(0, 2)).isEqualTo(p.game().opening());
            assertThat(p.score().plies()).isEqualTo(p.allMoves().size() - 2);
            assertThat(p.players().get(0).id()).isEqualTo(p.game().first());
        }
    }

    @Test
    void theSameSeedGivesTheSameResultsWhateverTheConcurrency() throws Exception {
        TournamentSettings s = settings(Format.SWISS, List.of("random", "random2", "random3", "first-legal"), 3, "1s", "random:1", null);
        TournamentRunner one = runner(s, new Recorder(), List.of(), Map.of(), 1);
        one.run();
        TournamentRunner three = runner(s, new Recorder(), List.of(), Map.of(), 3);
        three.run();
        assertThat(three.scheduledGames()).isEqualTo(one.scheduledGames());
        assertThat(three.results()).isEqualTo(one.results());
    }

    @Test
    void aStoppedTournamentResumesToTheSameEndAndNoGameCountsTwice() throws Exception {
        TournamentSettings s = settings(Format.SWISS, List.of("random", "random2", "random3", "first-legal", "sleepy"), 4, "1s", "random:2", null);
        TournamentRunner whole = runner(s, new Recorder(), List.of(), Map.of(), 2);
        whole.run();

        Recorder log = new Recorder();
        TournamentRunner first = runner(s, log, List.of(), Map.of(), 2);
        first.listen(new TournamentRunner.Listener() {
            @Override
            public void finished(ScheduledGame game, GameScore score, int finished) {
                if (finished == 5) {
                    first.stop();
                }
            }
        });
        first.run();
        assertThat(first.state()).isEqualTo(TournamentRunner.State.STOPPED);
        assertThat(log.finished.size()).isBetween(5, 6);
        Map<Integer, GameScore> kept = new HashMap<>();
        log.finished.forEach((n, p) -> kept.put(n, p.score()));
        List<ScheduledGame> earlier = new ArrayList<>(log.scheduled.values());
        TournamentRunner second = runner(s, log, earlier, kept, 2);
        second.run();
        assertThat(second.state()).isEqualTo(TournamentRunner.State.FINISHED);
        assertThat(second.playedHere()).isEqualTo(whole.scheduledGames().size() - kept.size());
        assertThat(log.duplicates).hasValue(0);
        assertThat(second.results()).isEqualTo(whole.results());
        assertThat(second.standings().toJson()).isEqualTo(whole.standings().toJson());
    }

    @Test
    void aSideThatRunsOutOfItsClockLosesOnTime() throws Exception {
        // sleepier needs 1 s a move; a 1.5 s clock without increment lasts one move and a half. random has the same
        // 1.5 s for each of its moves (with 200 ms and a 300 ms clock, random itself ran out on its first move at load 20)
        TournamentSettings s = settings(Format.ROUND_ROBIN, List.of("sleepier", "random"), 1, "1500ms+0s", "none", null);
        Recorder log = new Recorder();
        runner(s, log, List.of(), Map.of(), 2).run();
        assertThat(log.finished.values()).allSatisfy(p -> {
            assertThat(p.score().ending()).isEqualTo("timeout");
            assertThat(p.score().loser()).isEqualTo("sleepier");
            assertThat(p.score().detail()).isEqualTo("sleepier ran out of time on its clock (" + TimeControl.parse("1500ms+0s") + ")");
        });
        // with an increment that pays for each move it never runs out
        TournamentSettings paid = settings(Format.ROUND_ROBIN, List.of("sleepier", "random"), 1, "1500ms+3s", "none", null);
        Recorder log2 = new Recorder();
        runner(paid, log2, List.of(), Map.of(), 2).run();
        assertThat(log2.finished.values()).allSatisfy(p -> assertThat(p.score().ending()).isEqualTo("normal"));
    }

    @Test
    void aPlayerThatCannotBeCreatedForfeitsItsGamesAndTheTournamentGoesOn() throws Exception {
        TournamentSettings s = settings(Format.GAUNTLET, List.of("broken", "random", "first-legal"), 1, "1s", "none", null);
        Recorder log = new Recorder();
        Standings table = runner(s, log, List.of(), Map.of(), 2).run();
        assertThat(log.finished).hasSize(4);
        Standings.Row broken = table.rows().stream().filter(r -> r.id().equals("broken")).findFirst().orElseThrow();
        assertThat(broken.points()).isZero();
        assertThat(broken.forfeits()).isEqualTo(4);
        assertThat(log.finished.values()).allSatisfy(p -> assertThat(p.score().detail())
                .isEqualTo("player broken could not be created: IllegalStateException: the opening book is missing"));
    }

    @Test
    void theSprtStopsTheTournamentOnceItHasDecided() throws Exception {
        // two equal players can hardly be 400 Elo apart: H0 is accepted long before the 2,000 games
        Sprt sprt = new Sprt(0, 400, 0.05, 0.05);
        TournamentSettings s = new TournamentSettings("t", "tictactoe", GameOptions.DEFAULT, List.of("random", "random2"),
                Format.GAUNTLET, 1, 2000, TimeControl.parse("1s"), 7, "none", List.of(), sprt);
        Recorder log = new Recorder();
        TournamentRunner runner = runner(s, log, List.of(), Map.of(), 2);
        Standings table = runner.run();
        assertThat(runner.sprtDecision().decision()).isEqualTo(Sprt.Decision.H0);
        assertThat(table.sprt().decision()).isEqualTo(Sprt.Decision.H0);
        assertThat(log.finished.size()).isLessThan(2000);
        assertThat(runner.state()).isEqualTo(TournamentRunner.State.FINISHED);
    }

    @Test
    void anUnknownPlayerOrGameIsNamed() {
        TournamentSettings s = new TournamentSettings("t", "chess", GameOptions.DEFAULT, List.of("random", "random2"), Format.GAUNTLET, 1, 2,
                TimeControl.parse("1s"), 7, "none", List.of(), null);
        assertThatThrownBy(() -> new TournamentRunner(referee, registry, bus, s, Openings.none(), TournamentLog.NONE, List.of(), Map.of(), 1))
                .hasMessageContaining("no game 'chess' is loaded");
    }
}
