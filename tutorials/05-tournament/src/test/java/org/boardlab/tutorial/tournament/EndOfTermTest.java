package org.boardlab.tutorial.tournament;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.boardlab.ai.basic.FirstLegalPlayer;
import org.boardlab.ai.basic.RandomPlayer;
import org.boardlab.ai.search.AlphaBetaPlayer;
import org.boardlab.api.event.RegistryEvent.Kind;
import org.boardlab.cli.Cli;
import org.boardlab.cli.Services;
import org.boardlab.core.Application;
import org.boardlab.core.Component;
import org.boardlab.core.EventBus;
import org.boardlab.core.Referee;
import org.boardlab.core.Registry;
import org.boardlab.game.othello.Othello;
import org.boardlab.tutorial.greedy.GreedyPlayer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The tutorial's tournament, on a small field: tutorial 01's greedy player and three of boardlab's own,
 * loaded as they would be from {@code players/}, then the exact command line of the README, twice
 * (the second run is the "machine switched off halfway" step: it plays nothing more).
 */
class EndOfTermTest {

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
            return "tutorial";
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

    EndOfTermTest() {
        Othello othello = new Othello();
        registry.add(new Component<>(Kind.GAME, "othello", othello.name(), "boardlab.game.othello", "0.1.0", 2, () -> othello));
        // what boardlab finds in players/ and its own AI bundles
        registry.add(new Component<>(Kind.PLAYER, "greedy", "tutorial 01", "boardlab.tutorial.greedy", "0.1.0", 10, GreedyPlayer::new));
        registry.add(new Component<>(Kind.PLAYER, "alphabeta", "alpha-beta", "boardlab.ai.search", "0.1.0", 11, AlphaBetaPlayer::new));
        registry.add(new Component<>(Kind.PLAYER, "random", "random", "boardlab.ai.basic", "0.1.0", 12, RandomPlayer::new));
        registry.add(new Component<>(Kind.PLAYER, "first-legal", "first legal", "boardlab.ai.basic", "0.1.0", 12, FirstLegalPlayer::new));
    }

    @AfterEach
    void close() {
        referee.close();
    }

    @Test
    void theEndOfTermTournamentFromThePlayersToTheReport(@TempDir Path lab) throws Exception {
        Path report = lab.resolve("report.html");
        Path csv = lab.resolve("grades.csv");
        String db = "jdbc:h2:file:" + lab.resolve("data/boardlab").toAbsolutePath();
        String[] command = {"tournament", "--db", db, "--name", "end of term", "--game", "othello",
            "--players", "greedy,alphabeta,random,first-legal", "--format", "round-robin", "--games-per-pair", "2",
            "--time", "100ms", "--openings", "random:4", "--seed", "2026", "--concurrency", "2",
            "--html", report.toString(), "--csv", csv.toString()};
        assertThat(Cli.execute(services, List.of(command), new PrintWriter(out, true), new PrintWriter(err, true)))
                .as(err.toString()).isZero();
        assertThat(out.toString()).contains("Tournament end of term: othello, round-robin, 2 games a pairing, 100ms a move, "
                + "openings random:4, 12 of 12 games", "Rank Name", "greedy", "alphabeta");
        String page = Files.readString(report);
        assertThat(page).contains("<svg", "Score matrix", "Ratings with 95 % error bars", "Rating over the games", "greedy");
        List<String> grades = Files.readAllLines(csv);
        assertThat(grades).hasSize(5);
        Set<String> ids = new HashSet<>();
        grades.subList(1, 5).forEach(line -> ids.add(line.split(",")[1]));
        assertThat(ids).containsExactlyInAnyOrder("greedy", "alphabeta", "random", "first-legal");

        // the lab machine was switched off and on: the same command goes on, and here finds nothing left to play
        out.getBuffer().setLength(0);
        String[] again = java.util.Arrays.copyOf(command, command.length + 1);
        again[command.length] = "--json";
        assertThat(Cli.execute(services, List.of(again), new PrintWriter(out, true), new PrintWriter(err, true))).isZero();
        String[] lines = out.toString().trim().split("\n");
        JsonNode summary = new ObjectMapper().readTree(lines[lines.length - 1]);
        assertThat(summary.get("stored").asInt()).isEqualTo(12);
        assertThat(summary.get("played").asInt()).isZero();
        assertThat(summary.get("standings")).hasSize(4);
    }
}
