package org.boardlab.tutorial.python;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.boardlab.api.event.MatchOutcome.Ending;
import org.boardlab.core.EventBus;
import org.boardlab.core.GameResult;
import org.boardlab.game.othello.Othello;
import org.boardlab.protocol.othello.internal.OthelloProtocol;
import org.boardlab.protocol.othello.internal.OthelloServerProtocol;
import org.boardlab.server.EmbeddedServer;
import org.boardlab.server.ServerSettings;
import org.junit.jupiter.api.Test;

/** The tutorial's Python client, twice, plays a whole game on the real server. */
class PythonClientTest {

    @Test
    void twoPythonClientsPlayAWholeGame() throws Exception {
        List<GameResult> results = new CopyOnWriteArrayList<>();
        try (EmbeddedServer server = new EmbeddedServer(id -> new Othello(), new EventBus(), ServerSettings.defaults(), l -> { })) {
            server.addProtocol(new OthelloServerProtocol(new OthelloProtocol()));
            server.onResult(results::add);
            InetSocketAddress address = server.start("othello", "127.0.0.1", 0);
            String client = Path.of("client.py").toAbsolutePath().toString();
            String port = Integer.toString(address.getPort());
            Process bob = new ProcessBuilder("python3", client, "127.0.0.1", port, "bob").redirectErrorStream(true).start();
            Process ann = new ProcessBuilder("python3", client, "127.0.0.1", port, "ann", "bob").redirectErrorStream(true).start();
            assertThat(ann.waitFor(60, TimeUnit.SECONDS)).as("ann finished").isTrue();
            assertThat(bob.waitFor(60, TimeUnit.SECONDS)).as("bob finished").isTrue();
            String annSays = new String(ann.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            String bobSays = new String(bob.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertThat(ann.exitValue()).as(annSays).isZero();
            assertThat(bob.exitValue()).as(bobSays).isZero();
            assertThat(annSays).contains("game against bob as BLACK", "game over: black");
            assertThat(bobSays).contains("game against ann as WHITE", "game over: black");
            long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
            while (results.isEmpty() && System.nanoTime() < until) {
                Thread.sleep(10);
            }
            assertThat(results).hasSize(1);
            assertThat(results.get(0).outcome().ending()).isEqualTo(Ending.NORMAL);
            assertThat(new File("client.py")).exists();
        }
    }
}
