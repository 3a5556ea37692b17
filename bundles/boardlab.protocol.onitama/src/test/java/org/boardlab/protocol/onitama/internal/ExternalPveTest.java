package org.boardlab.protocol.onitama.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CopyOnWriteArrayList;
import org.boardlab.ai.onitama.ExternalAiPlayer;
import org.boardlab.api.Move;
import org.boardlab.api.Player;
import org.boardlab.api.Side;
import org.boardlab.api.event.MatchOutcome.Ending;
import org.boardlab.core.EventBus;
import org.boardlab.core.GameResult;
import org.boardlab.game.onitama.Onitama;
import org.boardlab.game.onitama.OnitamaMove;
import org.boardlab.game.onitama.OnitamaPosition;
import org.boardlab.protocol.onitama.WireMove;
import org.boardlab.server.EmbeddedServer;
import org.boardlab.server.ServerSettings;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The server's PvE side is a program in another language through seed 001's AI interface ({@code seed_ai.py}). */
class ExternalPveTest {

    private final EventBus events = new EventBus();
    private final List<GameResult> results = new CopyOnWriteArrayList<>();
    private EmbeddedServer server;
    private InetSocketAddress address;

    @BeforeEach
    void start(@TempDir Path dir) throws Exception {
        Path script = dir.resolve("seed_ai.py");
        try (InputStream in = ExternalPveTest.class.getResourceAsStream("/seed_ai.py")) {
            Files.copy(in, script, StandardCopyOption.REPLACE_EXISTING);
        }
        Assumptions.assumeTrue(new ProcessBuilder("python3", "--version").start().waitFor() == 0, "python3 is missing");
        server = new EmbeddedServer(id -> new Onitama(), events, ServerSettings.defaults(), line -> { });
        server.addProtocol(new OnitamaServerProtocol(new OnitamaProtocol(), id -> id.equals("onitama-external")
                ? (Player) new ExternalAiPlayer(List.of("python3", script.toString()), 2) : null, 0, "onitama-external",
                "onitama-external"));
        server.onResult(results::add);
        address = server.start("onitama", "127.0.0.1", 0);
    }

    @AfterEach
    void stop() {
        if (server != null) {
            server.close();
        }
    }

    @Test
    void aPersonOnTheWirePlaysTheExternalAiToTheEnd() throws Exception {
        try (WireClient c = new WireClient(address)) {
            c.send("0");
            assertThat(c.next()).isEqualTo("0");
            c.send("2");
            assertThat(c.next()).isEqualTo("0");
            String setup = c.next();
            OnitamaPosition state = WireClient.start(setup);
            Side mine = WireClient.colour(setup);
            Random random = new Random(5);
            while (!state.isTerminal()) {
                if (state.sideToMove() == mine) {
                    List<Move> legal = state.legalMoves();
                    OnitamaMove move = (OnitamaMove) legal.get(random.nextInt(legal.size()));
                    c.send(WireMove.of(move).text());
                    assertThat(c.next()).isEqualTo("0");
                    state = state.apply(move);
                } else {
                    String[] f = c.next().split(" ");
                    OnitamaMove move = new WireMove(Integer.parseInt(f[0]), Integer.parseInt(f[1]), Integer.parseInt(f[2]),
                            Integer.parseInt(f[3]), Integer.parseInt(f[4])).toMove();
                    assertThat(state.whyIllegal(move)).isNull();
                    state = state.apply(move);
                }
            }
            c.expectClosed();
        }
        OnitamaServerTest.eventually(() -> results.size() == 1, "the result is recorded");
        assertThat(results.get(0).outcome().ending()).isEqualTo(Ending.NORMAL);
        assertThat(results.get(0).first() + results.get(0).second()).contains("onitama-external#");
    }
}
