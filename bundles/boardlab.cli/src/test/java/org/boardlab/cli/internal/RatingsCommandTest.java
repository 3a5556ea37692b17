package org.boardlab.cli.internal;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
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
import org.boardlab.game.othello.Othello;
import org.boardlab.game.tictactoe.TicTacToe;
import org.boardlab.store.testing.TestDatabases;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** {@code ratings}: the lab ladder every stored game moved, as text, CSV and JSON; on H2 and PostgreSQL. */
class RatingsCommandTest {

    @TempDir
    Path dir;

    private final EventBus bus = new EventBus();
    private final Registry registry = new Registry(bus);
    private final Referee referee = new Referee();
    private StringWriter out = new StringWriter();
    private StringWriter err = new StringWriter();
    private final ObjectMapper json = new ObjectMapper();

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
            return "0.0.0";
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

    RatingsCommandTest() {
        TicTacToe ttt = new TicTacToe();
        Othello othello = new Othello();
        registry.add(new Component<>(Kind.GAME, "tictactoe", ttt.name(), "boardlab.game.tictactoe", "0.1.0", 3, () -> ttt));
        registry.add(new Component<>(Kind.GAME, "othello", othello.name(), "boardlab.game.othello", "0.1.0", 5, () -> othello));
        registry.add(new Component<>(Kind.PLAYER, "random", "random moves", "boardlab.ai.basic", "0.1.0", 4, RandomPlayer::new));
        registry.add(new Component<>(Kind.PLAYER, "first-legal", "first move", "boardlab.ai.basic", "0.1.0", 4, FirstLegalPlayer::new));
    }

    @AfterEach
    void close() {
        referee.close();
    }

    static List<String> kinds() {
        return TestDatabases.kinds();
    }

    private int run(String... args) {
        out = new StringWriter();
        err = new StringWriter();
        return Cli.execute(services, List.of(args), new PrintWriter(out, true), new PrintWriter(err, true));
    }


    private JsonNode read(String line) {
        try {
            return json.readTree(line);
        } catch (java.io.IOException e) {
            throw new AssertionError("not JSON: " + line, e);
        }
    }

    @ParameterizedTest
    @MethodSource("kinds")
    void theLadderOfAMatchsGamesIsListedBestFirstOnBothLadders(String kind) {
        String db = TestDatabases.fresh(kind, dir);
        assertThat(run("ratings", "--db", db)).isZero();
        assertThat(out.toString()).startsWith("no rated game yet (database: ");

        assertThat(run("match", "othello", "random", "first-legal", "--games", "6", "--json", "--db", db)).isZero();
        List<JsonNode> played = out.toString().lines().map(this::read).toList();
        int randomWins = 0;
        int draws = 0;
        for (JsonNode g : played.subList(0, 6)) {
            if (g.get("winner").isNull()) {
                draws++;
            } else if (g.get("winner").asText().startsWith("random")) {
                randomWins++;
            }
        }
        assertThat(run("ratings", "--db", db, "--format", "json")).isZero();
        JsonNode elo = read(out.toString());
        assertThat(elo).hasSize(2);
        JsonNode best = elo.get(0);
        JsonNode second = elo.get(1);
        assertThat(best.get("rank").asInt()).isEqualTo(1);
        assertThat(best.get("rating").asDouble()).isGreaterThanOrEqualTo(second.get("rating").asDouble());
        JsonNode random = best.get("player").asText().equals("random") ? best : second;
        assertThat(random.get("games").asInt()).isEqualTo(6);
        assertThat(random.get("wins").asInt()).isEqualTo(randomWins);
        assertThat(random.get("draws").asInt()).isEqualTo(draws);
        assertThat(random.get("losses").asInt()).isEqualTo(6 - randomWins - draws);
        assertThat(random.get("ladder").asText()).isEqualTo("elo");
        assertThat(random.get("game").asText()).isEqualTo("othello");
        assertThat(random.get("last_game").asLong()).isEqualTo(played.get(5).get("id").asLong());
        // 6 games between two players keep the sum of their Elo near 3,200 (each side has K 25 below 1700)
        assertThat(best.get("rating").asInt() + second.get("rating").asInt()).isBetween(3190, 3210);

        assertThat(run("ratings", "--db", db, "--ladder", "glicko2", "--game", "othello")).isZero();
        assertThat(out.toString()).startsWith("Glicko-2 ladder, othello\n").contains("RANK  PLAYER", "RD", "random", "first-legal");
        assertThat(run("ratings", "--db", db, "--format", "csv", "--ladder", "glicko2")).isZero();
        List<String> csv = out.toString().lines().toList();
        assertThat(csv).hasSize(3);
        assertThat(csv.get(0)).isEqualTo("ladder,game,rank,player,rating,deviation,volatility,games,wins,draws,losses,last_game");
        assertThat(csv.get(1)).startsWith("glicko2,othello,1,");
        assertThat(run("ratings", "--db", db)).isZero();
        assertThat(out.toString()).startsWith("Elo ladder, othello\n").contains("   1  " + best.get("player").asText());
        assertThat(run("ratings", "--db", db, "--game", "gomoku")).isZero();
        assertThat(out.toString()).startsWith("no rated game of gomoku yet");
    }

    @ParameterizedTest
    @MethodSource("kinds")
    void aMatchOfAPlayerAgainstItselfIsNotRatedAndWrongOptionsAreUsageErrors(String kind) {
        String db = TestDatabases.fresh(kind, dir);
        assertThat(run("match", "tictactoe", "random", "random", "--games", "3", "--db", db)).isZero();
        assertThat(run("ratings", "--db", db, "--format", "json")).isZero();
        assertThat(read(out.toString())).isEmpty();
        assertThat(run("ratings", "--db", db, "--ladder", "trueskill")).isEqualTo(2);
        assertThat(err.toString()).contains("--ladder is elo or glicko2, not trueskill");
        assertThat(run("ratings", "--db", db, "--format", "xml")).isEqualTo(2);
        assertThat(err.toString()).contains("--format is text, csv or json, not xml");
    }
}
