package org.boardlab.cli.internal;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.boardlab.ai.basic.RandomPlayer;
import org.boardlab.api.GameOptions;
import org.boardlab.core.LimitedPlayer;
import org.boardlab.core.PlayerLimits;
import org.boardlab.store.Store;
import org.boardlab.tournament.Format;
import org.boardlab.tournament.StoreTournamentLog;
import org.boardlab.tournament.TimeControl;
import org.boardlab.tournament.TournamentSettings;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TournamentCommandTest {

    private final CliHarness cli = new CliHarness().lab().player("random2", "random moves", "test", RandomPlayer::new)
            .player("limited", "random, told its limits", "test", Limited::new);
    /** What each game's {@code limited} was told before its first move. */
    private static final java.util.Queue<PlayerLimits> TOLD = new java.util.concurrent.ConcurrentLinkedQueue<>();

    /** A random player told its limits before its game, as a student's player in its own process is (boardlab.itest plays those). */
    static final class Limited implements org.boardlab.api.Player, LimitedPlayer {
        private final RandomPlayer random = new RandomPlayer();
        private boolean told;

        @Override
        public void limit(PlayerLimits limits, Duration timePerMove) {
            TOLD.add(limits);
            told = true;
        }

        @Override
        public org.boardlab.api.Move chooseMove(org.boardlab.api.MoveRequest request) throws Exception {
            if (!told) {
                throw new IllegalStateException("asked to move before it was told its limits");
            }
            return random.chooseMove(request);
        }
    }

    @AfterEach
    void close() {
        cli.close();
        TOLD.clear();
    }

    private int run(String... args) {
        return cli.run(args);
    }

    @Test
    void jsonLastLineHasTheScheduledGamesAndTheStandings() throws Exception {
        assertThat(run("tournament", "--name", "t1", "--game", "tictactoe", "--players", "random,random2,first-legal", "--format",
                "round-robin", "--rounds", "2", "--games-per-pair", "2", "--time", "1s", "--seed", "5", "--concurrency", "2", "--openings",
                "random:1", "--json")).as(cli.err()).isZero();
        String[] lines = cli.out().trim().split("\n");
        JsonNode last = new ObjectMapper().readTree(lines[lines.length - 1]);
        assertThat(last.get("scheduled").asInt()).isEqualTo(12);
        assertThat(last.get("finished").asBoolean()).isTrue();
        JsonNode standings = last.get("standings");
        assertThat(standings).hasSize(3);
        double points = 0;
        int games = 0;
        for (JsonNode p : standings) {
            assertThat(p.get("id").asText()).isIn("random", "random2", "first-legal");
            points += p.get("points").asDouble();
            games += p.get("games").asInt();
            assertThat(p.get("ratings").get("elo").isNumber()).isTrue();
            assertThat(p.get("ratings").get("glicko2").get("deviation").asDouble()).isLessThan(500);
        }
        assertThat(points).isEqualTo(12);
        assertThat(games).isEqualTo(24);
        // the same seed gives the same table
        run("tournament", "--name", "t1 again", "--game", "tictactoe", "--players", "random,random2,first-legal", "--rounds", "2", "--seed",
                "5", "--concurrency", "1", "--openings", "random:1", "--json");
        String[] again = cli.out().trim().split("\n");
        assertThat(new ObjectMapper().readTree(again[again.length - 1]).get("standings")).isEqualTo(standings);
    }

    @Test
    void textCsvAndHtmlReports(@TempDir Path dir) throws Exception {
        Path csv = dir.resolve("t.csv");
        Path html = dir.resolve("report/t.html");
        assertThat(run("tournament", "--name", "class of 2026", "--game", "tictactoe", "--players", "first-legal,random,random2",
                "--format", "swiss", "--rounds", "2", "--csv", csv.toString(), "--html", html.toString())).as(cli.err()).isZero();
        assertThat(cli.out()).contains("Tournament class of 2026: tictactoe, swiss, 2 rounds, 2 games a pairing, 1s a move, 4 of 4 games",
                "Rank Name", "Byes:", "LOS");
        List<String> lines = Files.readAllLines(csv);
        assertThat(lines.get(0)).startsWith("rank,id,games,points,wins,draws,losses");
        assertThat(lines).hasSize(4);
        String page = Files.readString(html);
        assertThat(page).startsWith("<!DOCTYPE html>").contains("<svg", "Score matrix", "Rating over the games", "first-legal")
                .doesNotContain("<script", "src=\"http", "href=\"http", "<link");
    }

    @Test
    void anUnknownPlayerOrGameIsAClearErrorWithExitCodeOne() {
        assertThat(run("tournament", "--name", "x", "--game", "tictactoe", "--players", "random,nobody")).isEqualTo(1);
        assertThat(cli.err()).contains("no player 'nobody' is loaded; loaded players: first-legal, limited, random, random2");
        assertThat(run("tournament", "--name", "x", "--game", "chess", "--players", "random,random2")).isEqualTo(1);
        assertThat(cli.err()).contains("no game 'chess' is loaded");
        assertThat(run("tournament", "--name", "x", "--game", "tictactoe", "--players", "random,random2", "--format", "league")).isEqualTo(2);
        assertThat(cli.err()).contains("no format 'league'; the formats are round-robin, gauntlet, swiss and knockout");
        assertThat(run("tournament", "--name", "x", "--game", "tictactoe", "--players", "random,random", "--time", "1s")).isEqualTo(2);
        assertThat(cli.err()).contains("player 'random' is named twice in --players");
    }

    @Test
    void aStoredTournamentGoesOnUnderItsNameAndOtherSettingsAreRefused(@TempDir Path dir) throws Exception {
        String db = "jdbc:h2:file:" + dir.resolve("lab").toAbsolutePath();
        String[] args = {"tournament", "--db", db, "--name", "term", "--game", "tictactoe", "--players", "random,random2,first-legal",
            "--rounds", "2", "--seed", "3", "--json"};
        assertThat(run(args)).as(cli.err()).isZero();
        String first = cli.lastLine();
        ObjectMapper mapper = new ObjectMapper();
        assertThat(mapper.readTree(first).get("stored").asInt()).isEqualTo(12);
        assertThat(mapper.readTree(first).get("played").asInt()).isEqualTo(12);
        // again: nothing is played, the same table
        assertThat(run(args)).isZero();
        JsonNode again = mapper.readTree(cli.lastLine());
        assertThat(again.get("played").asInt()).isZero();
        assertThat(again.get("standings")).isEqualTo(mapper.readTree(first).get("standings"));
        // --resume alone takes the stored settings
        assertThat(run("tournament", "--db", db, "--name", "term", "--resume", "--json")).as(cli.err()).isZero();
        assertThat(mapper.readTree(cli.lastLine()).get("standings")).isEqualTo(mapper.readTree(first).get("standings"));
        // other settings under the same name: refused, exit code 1, nothing lost
        assertThat(run("tournament", "--db", db, "--name", "term", "--game", "tictactoe", "--players", "random,random2", "--json"))
                .isEqualTo(1);
        assertThat(cli.err()).contains("a tournament named 'term' exists in jdbc:h2:file:", "with other settings: players is "
                + "random,random2,first-legal, not random,random2; rounds is 2, not 1; seed is 3, not 1. Use another --name");
        assertThat(run("tournament", "--db", db, "--name", "term", "--resume", "--seed", "4")).isEqualTo(1);
        assertThat(cli.err()).contains("tournament 'term' was started with other settings than --seed 4 (stored: 3)");
        assertThat(run("tournament", "--db", db, "--name", "other", "--resume")).isEqualTo(1);
        assertThat(cli.err()).contains("there is no tournament named 'other'");
    }

    @Test
    void theProgressLineSaysGamesRateAndTimeLeft() {
        assertThat(TournamentCommand.Progress.line(45, 120, Duration.ofSeconds(9)))
                .isEqualTo("[#########---------------] 45/120 games  37.5%     5.0 games/s 15 s left");
    }

    @Test
    void thePlayersLimitsAreOptionsWithUsageErrors() {
        String[] base = {"tournament", "--name", "x", "--game", "tictactoe", "--players", "random,random2"};
        assertThat(cli.run(with(base, "--player-heap", "8"))).isEqualTo(2);
        assertThat(cli.err()).contains("boardlab: a player's heap must be at least 16 MB, not 8", "(see 'boardlab tournament --help')");
        assertThat(cli.run(with(base, "--player-threads", "4"))).isEqualTo(2);
        assertThat(cli.err()).contains("boardlab: a player needs at least 16 threads (the JVM's own), not 4");
        assertThat(cli.run(with(base, "--player-cpu", "0"))).isEqualTo(2);
        assertThat(cli.err()).contains("boardlab: --player-cpu must be more than 0 and at most 86400 seconds, not 0.0");
        assertThat(cli.run(with(base, "--player-files", "0"))).isEqualTo(2);
        assertThat(cli.err()).contains("boardlab: a player's files may have at least 1 MB, not 0");
        assertThat(cli.run(with(base, "--player-heap", "lots"))).isEqualTo(2);
        assertThat(cli.err()).contains("Invalid value for option '--player-heap': 'lots' is not an int");
        assertThat(cli.referee.gamesPlayed()).as("nothing is played after a usage error").isZero();

        System.setProperty("boardlab.help.width", "400"); // one line per description, whatever the phrases' places
        try {
            assertThat(cli.run("tournament", "--help")).isZero();
            assertThat(cli.out()).contains("--player-heap=MB", "--player-threads=N", "--player-cpu=S", "--player-files=MB",
                    "Games this process plays at once (default: as many as this machine has cores)", "kept with the tournament")
                    .doesNotContain("null");
            assertThat(cli.run("worker", "--help")).isZero();
            assertThat(cli.out()).contains("Games played at once (default: as many as this machine has cores)",
                    "under the limits stored with each game's tournament").doesNotContain("null");
        } finally {
            System.clearProperty("boardlab.help.width");
        }
    }

    @Test
    void theLimitsAreStoredWithTheTournamentAndAResumedTournamentKeepsThem(@TempDir Path dir) throws Exception {
        String db = "jdbc:h2:file:" + dir.resolve("lab").toAbsolutePath();
        PlayerLimits small = PlayerLimits.DEFAULT.withHeapMegabytes(48).withCpuPerMove(Duration.ofMillis(250));
        String[] args = {"tournament", "--db", db, "--name", "term", "--game", "tictactoe", "--players", "limited,random,random2",
            "--player-heap", "48", "--player-cpu", "0.25", "--json"};
        assertThat(cli.run(args)).as(cli.err()).isZero();
        assertThat(TOLD).hasSize(4).containsOnly(small); // limited plays 4 of the 6 games
        try (Store store = Store.open(db)) {
            assertThat(CliHarness.json(store.tournament("term").orElseThrow().settings()).get("player_limits").asText())
                    .isEqualTo("heap=48MB threads=64 cpu=0.25s files=64MB");
            // a tournament stored with limits and not played yet: --resume alone plays it under them
            TournamentSettings later = new TournamentSettings("later", "tictactoe", GameOptions.DEFAULT, List.of("random", "limited"),
                    Format.ROUND_ROBIN, 1, 2, TimeControl.parse("1s"), 1, "none", List.of(), null).withLimits(small);
            StoreTournamentLog.open(store, "later", later, false).log().close();
        }
        TOLD.clear();
        assertThat(cli.run("tournament", "--db", db, "--name", "later", "--resume", "--json")).as(cli.err()).isZero();
        assertThat(CliHarness.json(cli.lastLine()).get("played").asInt()).isEqualTo(2);
        assertThat(TOLD).hasSize(2).containsOnly(small);

        // other limits for a stored tournament: refused, exit code 1, named
        assertThat(cli.run("tournament", "--db", db, "--name", "term", "--resume", "--player-heap", "64", "--player-cpu", "0.25")).isEqualTo(1);
        assertThat(cli.err()).contains("tournament 'term' was started with other settings than --player-heap 64 (stored: 48); leave them out");
        String[] defaults = java.util.Arrays.copyOf(args, args.length - 5);
        assertThat(cli.run(with(defaults, "--json"))).isEqualTo(1);
        assertThat(cli.err()).contains("with other settings: player_limits is heap=48MB threads=64 cpu=0.25s files=64MB, "
                + "not heap=256MB threads=64 cpu=move files=64MB");
        // the same limits again: the same tournament, nothing to play
        assertThat(cli.run(args)).as(cli.err()).isZero();
        assertThat(CliHarness.json(cli.lastLine()).get("played").asInt()).isZero();
    }

    @Test
    void aTournamentStoredWithoutLimitsByAnOlderBoardlabGoesOnWithTheDefaults(@TempDir Path dir) throws Exception {
        String db = "jdbc:h2:file:" + dir.resolve("lab").toAbsolutePath();
        try (Store store = Store.open(db)) {
            TournamentSettings s = new TournamentSettings("old", "tictactoe", GameOptions.DEFAULT, List.of("limited", "random"),
                    Format.ROUND_ROBIN, 1, 2, TimeControl.parse("1s"), 1, "none", List.of(), null);
            com.fasterxml.jackson.databind.node.ObjectNode settings = (com.fasterxml.jackson.databind.node.ObjectNode) CliHarness.json(s.toJson());
            settings.remove("player_limits");
            store.createTournament("old", "tictactoe", "", settings.toString(), 1000, 0, 0);
        }
        assertThat(cli.run("tournament", "--db", db, "--name", "old", "--game", "tictactoe", "--players", "limited,random", "--json"))
                .as(cli.err()).isZero();
        assertThat(TOLD).hasSize(2).containsOnly(PlayerLimits.DEFAULT);
        assertThat(cli.run("tournament", "--db", db, "--name", "old", "--resume", "--player-heap", "100")).isEqualTo(1);
        assertThat(cli.err()).contains("other settings than --player-heap 100 (stored: 256)");
    }

    private static String[] with(String[] base, String... more) {
        String[] all = java.util.Arrays.copyOf(base, base.length + more.length);
        System.arraycopy(more, 0, all, base.length, more.length);
        return all;
    }
}
