package org.boardlab.cli.internal;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.List;
import org.boardlab.store.testing.TestDatabases;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** {@code match} stores every game before printing it; {@code games} lists, shows and exports them; on H2 and PostgreSQL. */
class GamesCommandTest {

    @TempDir
    Path dir;

    private final CliHarness cli = new CliHarness().lab();

    @AfterEach
    void close() {
        cli.close();
    }

    static List<String> kinds() {
        return TestDatabases.kinds();
    }

    private int run(String... args) {
        return cli.run(args);
    }

    @ParameterizedTest
    @MethodSource("kinds")
    void everyGameOfAMatchIsStoredAndListedShownAndExported(String kind) throws Exception {
        String db = TestDatabases.fresh(kind, dir);
        assertThat(run("match", "othello", "random", "first-legal", "--games", "4", "--json", "--db", db)).isZero();
        List<JsonNode> played = cli.out().lines().map(CliHarness::json).toList();
        assertThat(played).hasSize(5);
        assertThat(played.get(4).get("summary").get("stored").asInt()).isEqualTo(4);

        assertThat(run("games", "--db", db, "--format", "json")).isZero();
        JsonNode list = CliHarness.json(cli.out());
        assertThat(list).hasSize(4);
        for (int k = 0; k < 4; k++) {
            JsonNode stored = list.get(3 - k); // newest first
            JsonNode game = played.get(k);
            assertThat(stored.get("id").asLong()).isEqualTo(game.get("id").asLong());
            assertThat(stored.get("first").get("name").asText()).isEqualTo(game.get("first").asText());
            assertThat(stored.get("winner").isNull() ? null : stored.get("winner").asText())
                    .isEqualTo(game.get("winner").isNull() ? null : game.get("winner").asText());
            assertThat(stored.get("plies").asInt()).isEqualTo(game.get("plies").asInt());
            assertThat(stored.get("first").get("bundle").asText()).isEqualTo("boardlab.ai.basic");
        }
        long id = played.get(2).get("id").asLong();

        assertThat(run("games", "show", Long.toString(id), "--db", db, "--format", "json")).isZero();
        JsonNode shown = CliHarness.json(cli.out());
        StringBuilder moves = new StringBuilder();
        shown.get("moves").forEach(m -> moves.append(moves.length() == 0 ? "" : " ").append(m.get("move").asText()));
        assertThat(moves.toString()).isEqualTo(played.get(2).get("moves").asText());

        // the --db of games itself serves its subcommands (StoreOption)
        assertThat(run("games", "--db", db, "show", Long.toString(id), "--format", "json")).isZero();
        assertThat(CliHarness.json(cli.out()).get("id").asLong()).isEqualTo(id);
        assertThat(run("games", "--db", db, "export", Long.toString(id))).isZero();
        assertThat(cli.out()).contains("game: othello");

        assertThat(run("games", "show", Long.toString(id), "--db", db)).isZero();
        String firstName = played.get(2).get("first").asText();
        assertThat(cli.out()).contains("game " + id + ": othello", "first:  " + firstName + " (" + firstName + ", boardlab.ai.basic 0.1.0)",
                "PLY  SIDE", played.get(2).get("detail").asText());

        Path record = dir.resolve("game.txt");
        assertThat(run("games", "export", Long.toString(id), "--db", db, "--output", record.toString())).isZero();
        assertThat(Files.readString(record)).contains("game: othello", "moves: " + played.get(2).get("moves").asText());
        assertThat(run("play", "othello", "--record", record.toString(), "--json")).isZero();
        assertThat(CliHarness.json(cli.out()).get("terminal").asBoolean()).isTrue();

        assertThat(run("games", "--db", db, "--format", "csv", "--player", "first-legal", "--limit", "2")).isZero();
        List<String> csv = cli.out().lines().toList();
        assertThat(csv).hasSize(3);
        assertThat(csv.get(0)).startsWith("id,game,options,origin,tournament,first,");
        assertThat(run("games", "--db", db)).isZero();
        assertThat(cli.out()).contains("4 games (database: ");
        assertThat(run("games", "--db", db, "--game", "gomoku")).isZero();
        assertThat(cli.out()).startsWith("no stored game matches");
    }

    @ParameterizedTest
    @MethodSource("kinds")
    void anUnknownGameIdIsAClearFailure(String kind) {
        String db = TestDatabases.fresh(kind, dir);
        assertThat(run("games", "show", "4242", "--db", db)).isEqualTo(1);
        assertThat(cli.err()).startsWith("boardlab: there is no game 4242 in the database ").contains("'boardlab games' lists");
        assertThat(run("games", "export", "4242", "--db", db)).isEqualTo(1);
        assertThat(run("games", "show", "seven", "--db", db)).isEqualTo(2);
        assertThat(run("games", "--format", "xml", "--db", db)).isEqualTo(2);
        assertThat(cli.err()).contains("--format is text, csv or json, not xml");
        assertThat(run("games", "show", "1", "--format", "csv", "--db", db)).isEqualTo(2);
        assertThat(cli.err()).contains("--format is text or json, not csv");
        assertThat(run("bugs", "--format", "json", "--db", db)).isEqualTo(2);
        assertThat(cli.err()).contains("--format is text, markdown or csv, not json");
        assertThat(run("games", "--since", "yesterday", "--db", db)).isEqualTo(2);
    }

    @Test
    void anUnreachableDatabaseStopsTheMatchBeforeAnyGameIsPlayed() throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        assertThat(run("match", "tictactoe", "random", "random", "--games", "3", "--db", "jdbc:postgresql://127.0.0.1:" + port + "/lab?user=lab"))
                .isEqualTo(1);
        assertThat(cli.err()).startsWith("boardlab: cannot reach the database jdbc:postgresql://127.0.0.1:" + port + "/lab?user=lab: ");
        assertThat(cli.out()).doesNotContain("game 1");
        assertThat(cli.referee.gamesPlayed()).isZero();
    }

    @ParameterizedTest
    @MethodSource("kinds")
    void aDatabaseOfANewerSchemaIsRefusedAndKeepsItsGames(String kind) throws Exception {
        String db = TestDatabases.fresh(kind, dir);
        assertThat(run("match", "tictactoe", "random", "random", "--games", "2", "--db", db)).isZero();
        new org.boardlab.store.Stores().open(db).close(); // let the next open read the file afresh
        try (Connection c = DriverManager.getConnection(db, kind.equals("h2") ? "sa" : null, kind.equals("h2") ? "" : null);
                Statement s = c.createStatement()) {
            s.executeUpdate("INSERT INTO schema_version (version, description, applied_at) VALUES (99, 'future', CURRENT_TIMESTAMP)");
        }
        assertThat(run("games", "--db", db)).isEqualTo(1);
        assertThat(cli.err()).contains("has schema version 99, newer than this boardlab knows");
        assertThat(run("match", "tictactoe", "random", "random", "--db", db)).isEqualTo(1);
        try (Connection c = DriverManager.getConnection(db, kind.equals("h2") ? "sa" : null, kind.equals("h2") ? "" : null);
                Statement s = c.createStatement(); var r = s.executeQuery("SELECT COUNT(*) FROM games")) {
            r.next();
            assertThat(r.getInt(1)).isEqualTo(2);
        }
    }
}
