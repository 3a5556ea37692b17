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

/** {@code ratings}: the lab ladder every stored game moved, as text, CSV and JSON; on H2 and PostgreSQL. */
class RatingsCommandTest {

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
    void theLadderOfAMatchsGamesIsListedBestFirstOnBothLadders(String kind) {
        String db = TestDatabases.fresh(kind, dir);
        assertThat(run("ratings", "--db", db)).isZero();
        assertThat(cli.out()).startsWith("no rated game yet (database: ");

        assertThat(run("match", "othello", "random", "first-legal", "--games", "6", "--json", "--db", db)).isZero();
        List<JsonNode> played = cli.out().lines().map(CliHarness::json).toList();
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
        JsonNode elo = CliHarness.json(cli.out());
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
        assertThat(cli.out()).startsWith("Glicko-2 ladder, othello\n").contains("RANK  PLAYER", "RD", "random", "first-legal");
        assertThat(run("ratings", "--db", db, "--format", "csv", "--ladder", "glicko2")).isZero();
        List<String> csv = cli.out().lines().toList();
        assertThat(csv).hasSize(3);
        assertThat(csv.get(0)).isEqualTo("ladder,game,rank,player,rating,deviation,volatility,games,wins,draws,losses,last_game");
        assertThat(csv.get(1)).startsWith("glicko2,othello,1,");
        assertThat(run("ratings", "--db", db)).isZero();
        assertThat(cli.out()).startsWith("Elo ladder, othello\n").contains("   1  " + best.get("player").asText());
        assertThat(run("ratings", "--db", db, "--game", "gomoku")).isZero();
        assertThat(cli.out()).startsWith("no rated game of gomoku yet");
    }

    @ParameterizedTest
    @MethodSource("kinds")
    void aMatchOfAPlayerAgainstItselfIsNotRatedAndWrongOptionsAreUsageErrors(String kind) {
        String db = TestDatabases.fresh(kind, dir);
        assertThat(run("match", "tictactoe", "random", "random", "--games", "3", "--db", db)).isZero();
        assertThat(run("ratings", "--db", db, "--format", "json")).isZero();
        assertThat(CliHarness.json(cli.out())).isEmpty();
        assertThat(run("ratings", "--db", db, "--ladder", "trueskill")).isEqualTo(2);
        assertThat(cli.err()).contains("--ladder is elo or glicko2, not trueskill");
        assertThat(run("ratings", "--db", db, "--format", "xml")).isEqualTo(2);
        assertThat(cli.err()).contains("--format is text, csv or json, not xml");
    }

    /**
     * Seed 001's PvE games as {@code serve} stores them: one of a client that gave no name ({@code onitama#17}), listed
     * and shown with it, on no ladder; one of a named client, which rates it and the server's player.
     */
    @Test
    void aGameOfAClientWithoutANameIsListedAndShownButOnNoLadder() {
        String db = TestDatabases.fresh("h2", dir);
        java.time.Instant t = java.time.Instant.parse("2026-11-30T10:00:00Z");
        org.boardlab.store.Seat normal = new org.boardlab.store.Seat("onitama-normal#18", "onitama-normal", "boardlab.ai.onitama",
                "0.1.0", null);
        long anonymous;
        try (org.boardlab.store.Store store = org.boardlab.store.Store.open(db)) {
            anonymous = store.saveGame(new org.boardlab.store.FinishedGame("onitama", "", "server", null, null,
                    org.boardlab.store.Seat.anonymous("onitama#17"), normal, t, t.plusSeconds(20), 2, "normal", "red wins", 0, 0, 5, 6,
                    9, 0, List.of()));
        }
        assertThat(run("ratings", "--db", db)).isZero();
        assertThat(cli.out()).startsWith("no rated game yet (database: ");
        assertThat(run("games", "--db", db)).isZero();
        assertThat(cli.out()).contains("onitama#17", "onitama-normal#18");
        assertColumnsLineUp(cli.out()); // a server seat's name is longer than the usual column
        assertThat(run("games", "show", Long.toString(anonymous), "--db", db)).isZero();
        assertThat(cli.out()).contains("first:  onitama#17 (a client that gave no name: the game is not rated)",
                "second: onitama-normal#18 (onitama-normal, boardlab.ai.onitama 0.1.0)");

        try (org.boardlab.store.Store store = org.boardlab.store.Store.open(db)) {
            store.saveGame(new org.boardlab.store.FinishedGame("onitama", "", "server", null, null,
                    org.boardlab.store.Seat.named("ann"), normal, t, t.plusSeconds(20), 1, "normal", "blue wins", 0, 0, 5, 6, 9, 0,
                    List.of()));
        }
        assertThat(run("ratings", "--db", db, "--format", "csv")).isZero();
        assertThat(cli.out().lines().skip(1).map(l -> l.split(",")[3]).toList()).as("the players on the ladder")
                .containsExactly("ann", "onitama-normal");
    }

    /** Every row of {@code games}' text table starts each column where its header does. */
    private static void assertColumnsLineUp(String listing) {
        List<String> lines = listing.lines().toList();
        String header = lines.get(0);
        List<String> rows = lines.subList(1, lines.size() - 1); // the last line counts the games
        assertThat(rows).isNotEmpty();
        for (String column : List.of("ENDED (UTC)", "GAME", "FIRST", "SECOND", "RESULT", "TOURNAMENT")) {
            int at = header.indexOf(column);
            for (String row : rows) {
                assertThat(row.length()).as(column + " in " + row).isGreaterThan(at);
                assertThat(row.charAt(at - 1) == ' ' && row.charAt(at) != ' ').as("column " + column + " starts at " + at + " in:\n"
                        + header + "\n" + row).isTrue();
            }
        }
    }
}
