package org.boardlab.tournament;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import org.boardlab.api.Game;
import org.boardlab.api.GameOptions;
import org.boardlab.game.othello.Othello;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ScheduleTest {

    private final Game othello = new Othello();

    private TournamentSettings settings(Format format, int players, int rounds, int gamesPerPair, String openings) {
        List<String> ids = new ArrayList<>();
        for (int i = 1; i <= players; i++) {
            ids.add("p" + i);
        }
        return new TournamentSettings("t", "othello", GameOptions.DEFAULT, ids, format, rounds, gamesPerPair,
                TimeControl.parse("1s"), 42, openings, List.of(), null);
    }

    /** Plays the whole tournament with a made-up result rule, round by round as the runner does. */
    private List<ScheduledGame> playOut(Schedule schedule, Map<Integer, GameScore> results, Function<ScheduledGame, Double> result) {
        List<ScheduledGame> all = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            List<ScheduledGame> next = schedule.next(all, results);
            if (next.isEmpty()) {
                return all;
            }
            for (ScheduledGame g : next) {
                all.add(g);
                results.put(g.number(), new GameScore(g.number(), result.apply(g), "normal", null, "", 10));
            }
        }
        throw new AssertionError("the tournament did not end");
    }

    @Test
    void roundRobinEveryPairMeetsEveryCycleWithColoursSwapped() {
        for (int n : new int[] {2, 3, 4, 5, 8}) {
            TournamentSettings s = settings(Format.ROUND_ROBIN, n, 3, 2, "none");
            List<ScheduledGame> games = playOut(new Schedule(s, Openings.none(), othello), new HashMap<>(), g -> 0.5);
            assertThat(games).hasSize(n * (n - 1) / 2 * 3 * 2);
            Map<String, Integer> perPair = new HashMap<>();
            Map<String, Integer> firsts = new HashMap<>();
            for (ScheduledGame g : games) {
                perPair.merge(g.first().compareTo(g.second()) < 0 ? g.first() + g.second() : g.second() + g.first(), 1, Integer::sum);
                firsts.merge(g.first(), 1, Integer::sum);
            }
            assertThat(perPair).hasSize(n * (n - 1) / 2).allSatisfy((k, v) -> assertThat(v).isEqualTo(6));
            assertThat(firsts.values()).allMatch(f -> f == 3 * (n - 1));
            // numbers run 1..N
            assertThat(games.stream().mapToInt(ScheduledGame::number).toArray())
                    .containsExactly(java.util.stream.IntStream.rangeClosed(1, games.size()).toArray());
            // a player plays at most one pairing per round
            Map<Integer, Set<String>> inRound = new HashMap<>();
            Map<String, Set<String>> opponentsInRound = new HashMap<>();
            for (ScheduledGame g : games) {
                opponentsInRound.computeIfAbsent(g.round() + g.first(), k -> new HashSet<>()).add(g.second());
                opponentsInRound.computeIfAbsent(g.round() + g.second(), k -> new HashSet<>()).add(g.first());
                inRound.computeIfAbsent(g.round(), k -> new HashSet<>()).add(g.first());
            }
            assertThat(opponentsInRound.values()).allMatch(o -> o.size() == 1);
        }
    }

    @Test
    void withOneGameAPairTheColoursEvenOutOverTwoCycles() {
        TournamentSettings s = settings(Format.ROUND_ROBIN, 4, 2, 1, "none");
        List<ScheduledGame> games = playOut(new Schedule(s, Openings.none(), othello), new HashMap<>(), g -> 1.0);
        Map<String, Integer> firsts = new HashMap<>();
        games.forEach(g -> firsts.merge(g.first(), 1, Integer::sum));
        assertThat(firsts).containsOnlyKeys("p1", "p2", "p3", "p4").allSatisfy((k, v) -> assertThat(v).isEqualTo(3));
    }

    @Test
    void gauntletIsTheFirstPlayerAgainstTheField() {
        TournamentSettings s = settings(Format.GAUNTLET, 4, 2, 2, "none");
        List<ScheduledGame> games = playOut(new Schedule(s, Openings.none(), othello), new HashMap<>(), g -> 0.0);
        assertThat(games).hasSize(3 * 2 * 2);
        assertThat(games).allMatch(g -> g.first().equals("p1") || g.second().equals("p1"));
    }

    @Test
    void swissHasNoRepeatsAndGivesEachByeToADifferentPlayer() {
        TournamentSettings s = settings(Format.SWISS, 7, 5, 2, "none");
        Schedule schedule = new Schedule(s, Openings.none(), othello);
        Map<Integer, GameScore> results = new HashMap<>();
        // the lower-numbered player always wins
        List<ScheduledGame> games = playOut(schedule, results,
                g -> Integer.parseInt(g.first().substring(1)) < Integer.parseInt(g.second().substring(1)) ? 1.0 : 0.0);
        assertThat(games).hasSize(5 * 3 * 2);
        Set<String> pairs = new HashSet<>();
        for (ScheduledGame g : games) {
            if (g.number() % 2 == 1) {
                String key = g.first().compareTo(g.second()) < 0 ? g.first() + g.second() : g.second() + g.first();
                assertThat(pairs.add(key)).as("pair %s meets twice", key).isTrue();
            }
        }
        Set<String> byes = new HashSet<>();
        for (int r = 1; r <= 5; r++) {
            List<String> bye = schedule.byes(games, r);
            assertThat(bye).hasSize(1);
            assertThat(byes.add(bye.get(0))).isTrue();
        }
        // round 2 pairs the winners of round 1 with each other
        Standings st = Standings.of(s, schedule, games, results);
        assertThat(st.rows().get(0).id()).isEqualTo("p1");
        assertThat(st.rows().stream().mapToDouble(Standings.Row::points).sum()).isEqualTo(5 * 3 * 2 + 5 * 2);
    }

    @Test
    void swissWithMoreRoundsThanOpponentsRepeatsOnlyWhenItMust() {
        TournamentSettings s = settings(Format.SWISS, 4, 5, 2, "none");
        List<ScheduledGame> games = playOut(new Schedule(s, Openings.none(), othello), new HashMap<>(), g -> 0.5);
        assertThat(games).hasSize(5 * 2 * 2);
        Set<String> firstThree = new HashSet<>();
        games.stream().filter(g -> g.round() <= 3 && g.number() % 2 == 1).forEach(g -> firstThree.add(g.first() + g.second()));
        assertThat(firstThree).hasSize(6);
    }

    @Test
    void knockoutSeedsTheBracketAndTheBetterSeedWinsTies() {
        assertThat(Schedule.bracket(8)).containsExactly(1, 8, 4, 5, 2, 7, 3, 6);
        TournamentSettings s = settings(Format.KNOCKOUT, 6, 1, 2, "none");
        Schedule schedule = new Schedule(s, Openings.none(), othello);
        Map<Integer, GameScore> results = new HashMap<>();
        // the higher-numbered player always wins: upsets everywhere
        List<ScheduledGame> games = playOut(schedule, results,
                g -> Integer.parseInt(g.first().substring(1)) > Integer.parseInt(g.second().substring(1)) ? 1.0 : 0.0);
        // 6 players in a bracket of 8: seeds 1 and 2 have byes; round 1: 4-5, 3-6; then 2 semi-finals and a final
        assertThat(games.stream().filter(g -> g.round() == 1).map(g -> g.first() + "-" + g.second()).distinct())
                .containsExactlyInAnyOrder("p4-p5", "p5-p4", "p3-p6", "p6-p3");
        assertThat(games).hasSize((2 + 2 + 1) * 2);
        assertThat(schedule.bracket(games, results).winner()).isEqualTo("p6");
        // all draws: each pairing plays its tie-breaks, then the higher seed goes through
        Map<Integer, GameScore> drawn = new HashMap<>();
        List<ScheduledGame> tied = playOut(schedule, drawn, g -> 0.5);
        assertThat(tied).hasSize(5 * (2 + 2 * Schedule.KNOCKOUT_TIEBREAKS));
        assertThat(schedule.bracket(tied, drawn).winner()).isEqualTo("p1");
    }

    @Test
    void randomOpeningsAreTheSameForBothGamesOfAPairAndRepeatableFromTheSeed() {
        TournamentSettings s = settings(Format.ROUND_ROBIN, 4, 1, 4, "random:6");
        Openings openings = Openings.parse("random:6", othello, GameOptions.DEFAULT);
        List<ScheduledGame> a = playOut(new Schedule(s, openings, othello), new HashMap<>(), g -> 0.5);
        List<ScheduledGame> b = playOut(new Schedule(s, openings, othello), new HashMap<>(), g -> 0.5);
        assertThat(a).isEqualTo(b);
        for (int i = 0; i < a.size(); i += 2) {
            assertThat(a.get(i).opening()).hasSize(6).isEqualTo(a.get(i + 1).opening());
            assertThat(a.get(i).first()).isEqualTo(a.get(i + 1).second());
            Openings.play(othello.newGame(), a.get(i).opening()); // legal
        }
        Set<List<String>> distinct = new HashSet<>();
        a.forEach(g -> distinct.add(g.opening()));
        assertThat(distinct.size()).isGreaterThan(6);
    }

    @Test
    void anOpeningsFileIsCheckedAndUsedInTurn(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("openings.txt");
        Files.writeString(file, "# two openings\nd3 c5\n\nf5 d6 c3\n");
        Openings openings = Openings.parse(file.toString(), othello, GameOptions.DEFAULT);
        assertThat(openings.size()).isEqualTo(2);
        TournamentSettings s = settings(Format.ROUND_ROBIN, 3, 1, 2, file.toString());
        List<ScheduledGame> games = playOut(new Schedule(s, openings, othello), new HashMap<>(), g -> 0.5);
        assertThat(games.stream().map(g -> String.join(" ", g.opening())))
                .containsExactly("d3 c5", "d3 c5", "f5 d6 c3", "f5 d6 c3", "d3 c5", "d3 c5");
        Files.writeString(file, "d3 c5\nd3 d3\n");
        assertThatThrownBy(() -> Openings.parse(file.toString(), othello, GameOptions.DEFAULT))
                .hasMessageContaining("line 2").hasMessageContaining("move 2 (d3) is illegal");
        assertThatThrownBy(() -> Openings.parse(dir.resolve("missing.txt").toString(), othello, GameOptions.DEFAULT))
                .hasMessageContaining("cannot read the openings file");
        assertThatThrownBy(() -> Openings.parse("random:x", othello, GameOptions.DEFAULT)).hasMessageContaining("random:N");
    }

    @Test
    void timeControls() {
        assertThat(TimeControl.parse("20ms").perMove().toMillis()).isEqualTo(20);
        assertThat(TimeControl.parse("1.5s").perMove().toMillis()).isEqualTo(1500);
        TimeControl clock = TimeControl.parse("5m+2s");
        assertThat(clock.isClock()).isTrue();
        assertThat(clock.base().toSeconds()).isEqualTo(300);
        assertThat(clock.increment().toSeconds()).isEqualTo(2);
        assertThat(clock.toString()).isEqualTo("5m+2s");
        assertThat(TimeControl.parse("20ms").toString()).isEqualTo("20ms");
        assertThatThrownBy(() -> TimeControl.parse("5 minutes")).hasMessageContaining("5m+2s");
        assertThatThrownBy(() -> TimeControl.parse("0s")).hasMessageContaining("positive");
    }

    @Test
    void settingsThatDifferAreNamed() {
        TournamentSettings a = settings(Format.ROUND_ROBIN, 3, 1, 2, "none");
        TournamentSettings b = settings(Format.SWISS, 4, 1, 2, "none");
        assertThat(a.differences(a.toJson())).isEmpty();
        assertThat(b.differences(a.toJson())).containsExactly("players is p1,p2,p3, not p1,p2,p3,p4", "format is round-robin, not swiss");
        assertThatThrownBy(() -> new TournamentSettings("t", "othello", GameOptions.DEFAULT, List.of("a", "a"), Format.SWISS, 1, 2,
                TimeControl.parse("1s"), 1, "none", List.of(), null)).hasMessageContaining("named twice");
    }
}
