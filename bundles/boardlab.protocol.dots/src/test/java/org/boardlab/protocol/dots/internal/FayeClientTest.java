package org.boardlab.protocol.dots.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Seed 002's own Bayeux client library, npm {@code faye} (1.0.3, the original server's version, and
 * the current one), plays complete games against boardlab over long-polling: {@code src/test/node/play.js}
 * with two bots a game. {@code .ci/run} installs the packages with npm into {@code src/test/node}. The
 * accounts are kept on the tests' real PostgreSQL server ({@code scripts/with-postgres.sh}).
 */
class FayeClientTest {

    private static final Path NODE_DIR = Path.of("src", "test", "node");
    private static DotsTestServer server;

    @BeforeAll
    static void start() {
        assertThat(NODE_DIR.resolve("node_modules/faye-103/package.json"))
                .as("npm faye 1.0.3 is missing: run `npm install` in " + NODE_DIR.toAbsolutePath() + " (.ci/run does)").exists();
        assertThat(NODE_DIR.resolve("node_modules/faye/package.json"))
                .as("npm faye is missing: run `npm install` in " + NODE_DIR.toAbsolutePath() + " (.ci/run does)").exists();
        server = new DotsTestServer(DotsTestServer.FAST, "postgresql"); // the accounts on a real PostgreSQL server
    }

    @AfterAll
    static void stop() {
        if (server != null) {
            server.close();
        }
    }

    private static String node(String... args) throws Exception {
        List<String> command = new java.util.ArrayList<>(List.of("node", "play.js", server.base));
        command.addAll(List.of(args));
        Process p = new ProcessBuilder(command).directory(NODE_DIR.toFile()).redirectErrorStream(true).start();
        boolean done = p.waitFor(180, TimeUnit.SECONDS);
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!done) {
            p.destroyForcibly();
            throw new AssertionError("node play.js did not finish in 180 s:\n" + out);
        }
        assertThat(p.exitValue()).as(out).isZero();
        return out;
    }

    @Test
    void faye103PlaysGamesWithACaptureADeclinedDrawAndAnAgreedEnd() throws Exception {
        String out = node("faye-103", "2");
        assertThat(out).contains("OK 2 games").contains("\"score\":[0,1,0]").contains("\"winner\":1")
                .contains("\"transport\":\"long-polling\"");
        Files.writeString(Path.of("target", "faye-103.log"), out);
    }

    @Test
    void theCurrentFayePlaysAGameToTheFullBoard() throws Exception {
        String out = node("faye", "1", "--full");
        assertThat(out).contains("OK 1 games");
        // the board is full: every one of the 1,248 points holds a dot or lies in a zone
        assertThat(out).containsPattern("\"moves\":\\d{3,4}");
        assertThat(server.results).as("the rules ended the game: the board was full")
                .anySatisfy(r -> assertThat(r.outcome().ending()).isEqualTo(org.boardlab.api.event.MatchOutcome.Ending.NORMAL));
        Files.writeString(Path.of("target", "faye-full.log"), out);
    }

    @Test
    void theCurrentFayePlaysOverWebSocketToo() throws Exception {
        String out = node("faye", "1", "--websocket");
        assertThat(out).contains("\"transport\":\"websocket\"").contains("OK 1 games");
    }

    @Test
    void theTutorialBotsPlayAGameToTheEnd() throws Exception {
        Path bot = Path.of("..", "..", "tutorials", "04-dots-web-bot", "bot.js").toAbsolutePath().normalize();
        assertThat(bot).exists();
        String stamp = Long.toString(System.nanoTime(), 36);
        Process ann = tutorialBot(bot, "tut-ann-" + stamp);
        Thread.sleep(500);
        Process bob = tutorialBot(bot, "tut-bob-" + stamp, "--invite", "tut-ann-" + stamp);
        for (Process p : List.of(ann, bob)) {
            boolean done = p.waitFor(180, TimeUnit.SECONDS);
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!done) {
                p.destroyForcibly();
            }
            assertThat(done).as("the tutorial bot finished: " + out).isTrue();
            assertThat(p.exitValue()).as(out).isZero();
            assertThat(out).containsPattern("(I won|I lost|a draw) \\d+:\\d+");
        }
    }

    private static Process tutorialBot(Path bot, String... args) throws Exception {
        List<String> command = new java.util.ArrayList<>(List.of("node", bot.toString(), server.base));
        command.add(args[0]);
        command.add("secret-" + args[0]);
        command.addAll(List.of(args).subList(1, args.length));
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true);
        // the tutorial's one dependency, faye, from the tests' own npm folder
        pb.environment().put("NODE_PATH", NODE_DIR.resolve("node_modules").toAbsolutePath().toString());
        return pb.start();
    }
}
