package org.boardlab.tutorial.reversi;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.PrintWriter;
import java.io.StringReader;
import java.io.StringWriter;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.boardlab.ai.basic.FirstLegalPlayer;
import org.boardlab.api.event.MatchOutcome.Ending;
import org.boardlab.core.EventBus;
import org.boardlab.core.GameResult;
import org.boardlab.game.othello.Othello;
import org.boardlab.protocol.reversi.internal.ReversiProtocol;
import org.boardlab.protocol.reversi.internal.ReversiServerProtocol;
import org.boardlab.protocol.reversi.internal.ReversiTerminalClient;
import org.boardlab.server.EmbeddedServer;
import org.boardlab.server.ServerSettings;
import org.boardlab.client.TerminalClient;
import org.junit.jupiter.api.Test;

/**
 * The tutorial's Python gamer, written from the protocol's spec only, plays whole games on boardlab's
 * Game Master: against itself, and against boardlab's own player. If the spec and the Game Master
 * drift apart, this fails.
 */
class PythonGamerTest {

    private static Process gamer(InetSocketAddress port, String name) throws Exception {
        return new ProcessBuilder("python3", Path.of("gamer.py").toAbsolutePath().toString(), "127.0.0.1",
                Integer.toString(port.getPort()), name).redirectErrorStream(true).start();
    }

    private static String finish(Process p) throws Exception {
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).as("the gamer stopped").isTrue();
        String said = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.exitValue()).as(said).isZero();
        return said;
    }

    private static EmbeddedServer server(List<GameResult> results) {
        EmbeddedServer server = new EmbeddedServer(id -> new Othello(), new EventBus(), ServerSettings.defaults(), l -> { });
        server.addProtocol(new ReversiServerProtocol(new ReversiProtocol()));
        server.onResult(results::add);
        return server;
    }

    private static GameResult awaitResult(List<GameResult> results) throws InterruptedException {
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (results.isEmpty() && System.nanoTime() < until) {
            Thread.sleep(10);
        }
        assertThat(results).hasSize(1);
        return results.get(0);
    }

    @Test
    void twoPythonGamersPlayAWholeGame() throws Exception {
        List<GameResult> results = new CopyOnWriteArrayList<>();
        try (EmbeddedServer server = server(results)) {
            List<InetSocketAddress> gm = server.startGroup("reversi", "127.0.0.1", 0);
            Process black = gamer(gm.get(0), "py-black");
            Process white = gamer(gm.get(1), "py-white");
            String b = finish(black);
            String w = finish(white);
            assertThat(b).contains("colour: black", "next turn after -: I play D3", "move answered OK");
            assertThat(w).contains("colour: white", "move answered OK");
            Matcher end = Pattern.compile("end: black (\\d+), white (\\d+)").matcher(b);
            assertThat(end.find()).as(b).isTrue();
            assertThat(w).contains(end.group());
            GameResult result = awaitResult(results);
            assertThat(result.outcome().ending()).isEqualTo(Ending.NORMAL);
            assertThat(result.first()).isEqualTo("py-black");
            assertThat(result.outcome().gmScores()).containsExactly(Integer.parseInt(end.group(1)), Integer.parseInt(end.group(2)));
        }
    }

    @Test
    void thePythonGamerPlaysBoardlabsFirstLegalPlayer() throws Exception {
        List<GameResult> results = new CopyOnWriteArrayList<>();
        try (EmbeddedServer server = server(results)) {
            List<InetSocketAddress> gm = server.startGroup("reversi", "127.0.0.1", 0);
            StringWriter text = new StringWriter();
            TerminalClient.AutoPlay firstLegal = new TerminalClient.AutoPlay("first-legal", new FirstLegalPlayer(),
                    new Othello(), Duration.ofSeconds(1), null, 0);
            CompletableFuture<Integer> boardlab = CompletableFuture.supplyAsync(() -> {
                try {
                    return new ReversiTerminalClient().run("127.0.0.1", gm.get(1).getPort(), "boardlab", firstLegal,
                            new BufferedReader(new StringReader("")), new PrintWriter(text));
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            String b = finish(gamer(gm.get(0), "python"));
            assertThat(boardlab.get(60, TimeUnit.SECONDS)).isZero();
            Matcher end = Pattern.compile("end: black (\\d+), white (\\d+)").matcher(b);
            assertThat(end.find()).as(b).isTrue();
            assertThat(text.toString()).contains("end: scores black " + end.group(1) + ", white " + end.group(2));
            assertThat(awaitResult(results).outcome().ending()).isEqualTo(Ending.NORMAL);
        }
    }
}
