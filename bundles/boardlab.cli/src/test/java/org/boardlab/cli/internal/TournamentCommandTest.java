package org.boardlab.cli.internal;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.boardlab.ai.basic.FirstLegalPlayer;
import org.boardlab.ai.basic.RandomPlayer;
import org.boardlab.api.event.RegistryEvent.Kind;
import org.boardlab.cli.Cli;
import org.boardlab.cli.Services;
import org.boardlab.core.Application;
import org.boardlab.core.Component;
import org.boardlab.core.EventBus;
import org.boardlab.core.Referee;
import org.boardlab.core.Registry;
import org.boardlab.game.tictactoe.TicTacToe;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TournamentCommandTest {

    private final EventBus bus = new EventBus();
    private final Registry registry = new Registry(bus);
    private final Referee referee = new Referee();
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private final Services services = new Services() {
        @Override
        public Registry registry() {
            return registry;
        }

        @Override
        public EventBus events() {
            return bus;
        }

        @Override
        public Referee referee() {
            return referee;
        }

        @Override
        public Optional<Application> application(String id) {
            return Optional.empty();
        }

        @Override
        public String version() {
            return "9.8.7";
        }

        @Override
        public Optional<org.boardlab.client.TerminalClient> terminalClient(String id) {
            return Optional.empty();
        }

        @Override
        public List<org.boardlab.server.ServerProtocol> serverProtocols() {
            return List.of();
        }
    };

    TournamentCommandTest() {
        TicTacToe game = new TicTacToe();
        registry.add(new Component<>(Kind.GAME, "tictactoe", game.name(), "boardlab.game.tictactoe", "0.1.0", 3, () -> game));
        registry.add(new Component<>(Kind.PLAYER, "random", "random moves", "boardlab.ai.basic", "0.1.0", 4, RandomPlayer::new));
        registry.add(new Component<>(Kind.PLAYER, "random2", "random moves", "test", "0.1.0", 5, RandomPlayer::new));
        registry.add(new Component<>(Kind.PLAYER, "first-legal", "first move", "boardlab.ai.basic", "0.1.0", 4, FirstLegalPlayer::new));
    }

    @AfterEach
    void close() {
        referee.close();
    }

    private int run(String... args) {
        return Cli.execute(services, List.of(args), new PrintWriter(out, true), new PrintWriter(err, true));
    }

    @Test
    void jsonLastLineHasTheScheduledGamesAndTheStandings() throws Exception {
        assertThat(run("tournament", "--name", "t1", "--game", "tictactoe", "--players", "random,random2,first-legal", "--format",
                "round-robin", "--rounds", "2", "--games-per-pair", "2", "--time", "1s", "--seed", "5", "--concurrency", "2", "--openings",
                "random:1", "--json")).as(err.toString()).isZero();
        String[] lines = out.toString().trim().split("\n");
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
        out.getBuffer().setLength(0);
        run("tournament", "--name", "t1 again", "--game", "tictactoe", "--players", "random,random2,first-legal", "--rounds", "2", "--seed",
                "5", "--concurrency", "1", "--openings", "random:1", "--json");
        String[] again = out.toString().trim().split("\n");
        assertThat(new ObjectMapper().readTree(again[again.length - 1]).get("standings")).isEqualTo(standings);
    }

    @Test
    void textCsvAndHtmlReports(@TempDir Path dir) throws Exception {
        Path csv = dir.resolve("t.csv");
        Path html = dir.resolve("report/t.html");
        assertThat(run("tournament", "--name", "class of 2026", "--game", "tictactoe", "--players", "first-legal,random,random2",
                "--format", "swiss", "--rounds", "2", "--csv", csv.toString(), "--html", html.toString())).as(err.toString()).isZero();
        assertThat(out.toString()).contains("Tournament class of 2026: tictactoe, swiss, 2 rounds, 2 games a pairing, 1s a move, 4 of 4 games",
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
        assertThat(err.toString()).contains("no player 'nobody' is loaded; loaded players: first-legal, random, random2");
        err.getBuffer().setLength(0);
        assertThat(run("tournament", "--name", "x", "--game", "chess", "--players", "random,random2")).isEqualTo(1);
        assertThat(err.toString()).contains("no game 'chess' is loaded");
        err.getBuffer().setLength(0);
        assertThat(run("tournament", "--name", "x", "--game", "tictactoe", "--players", "random,random2", "--format", "league")).isEqualTo(2);
        assertThat(err.toString()).contains("no format 'league'; the formats are round-robin, gauntlet, swiss and knockout");
        err.getBuffer().setLength(0);
        assertThat(run("tournament", "--name", "x", "--game", "tictactoe", "--players", "random,random", "--time", "1s")).isEqualTo(2);
        assertThat(err.toString()).contains("player 'random' is named twice in --players");
    }

    @Test
    void aStoredTournamentGoesOnUnderItsNameAndOtherSettingsAreRefused(@TempDir Path dir) throws Exception {
        String db = "jdbc:h2:file:" + dir.resolve("lab").toAbsolutePath();
        String[] args = {"tournament", "--db", db, "--name", "term", "--game", "tictactoe", "--players", "random,random2,first-legal",
            "--rounds", "2", "--seed", "3", "--json"};
        assertThat(run(args)).as(err.toString()).isZero();
        String first = lastLine();
        ObjectMapper mapper = new ObjectMapper();
        assertThat(mapper.readTree(first).get("stored").asInt()).isEqualTo(12);
        assertThat(mapper.readTree(first).get("played").asInt()).isEqualTo(12);
        // again: nothing is played, the same table
        out.getBuffer().setLength(0);
        assertThat(run(args)).isZero();
        JsonNode again = mapper.readTree(lastLine());
        assertThat(again.get("played").asInt()).isZero();
        assertThat(again.get("standings")).isEqualTo(mapper.readTree(first).get("standings"));
        // --resume alone takes the stored settings
        out.getBuffer().setLength(0);
        assertThat(run("tournament", "--db", db, "--name", "term", "--resume", "--json")).as(err.toString()).isZero();
        assertThat(mapper.readTree(lastLine()).get("standings")).isEqualTo(mapper.readTree(first).get("standings"));
        // other settings under the same name: refused, exit code 1, nothing lost
        assertThat(run("tournament", "--db", db, "--name", "term", "--game", "tictactoe", "--players", "random,random2", "--json"))
                .isEqualTo(1);
        assertThat(err.toString()).contains("a tournament named 'term' exists in jdbc:h2:file:", "with other settings: players is "
                + "random,random2,first-legal, not random,random2; rounds is 2, not 1; seed is 3, not 1. Use another --name");
        err.getBuffer().setLength(0);
        assertThat(run("tournament", "--db", db, "--name", "term", "--resume", "--seed", "4")).isEqualTo(1);
        assertThat(err.toString()).contains("tournament 'term' was started with other settings than --seed 4 (stored: 3)");
        err.getBuffer().setLength(0);
        assertThat(run("tournament", "--db", db, "--name", "other", "--resume")).isEqualTo(1);
        assertThat(err.toString()).contains("there is no tournament named 'other'");
    }

    private String lastLine() {
        String[] lines = out.toString().trim().split("\n");
        return lines[lines.length - 1];
    }

    @Test
    void theProgressLineSaysGamesRateAndTimeLeft() {
        assertThat(TournamentCommand.Progress.line(45, 120, Duration.ofSeconds(9)))
                .isEqualTo("[#########---------------] 45/120 games  37.5%     5.0 games/s 15 s left");
    }
}
