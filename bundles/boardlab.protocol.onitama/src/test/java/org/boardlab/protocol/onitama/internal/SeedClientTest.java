package org.boardlab.protocol.onitama.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.boardlab.core.EventBus;
import org.boardlab.core.GameResult;
import org.boardlab.game.onitama.Onitama;
import org.boardlab.protocol.onitama.Pacer;
import org.boardlab.server.EmbeddedServer;
import org.boardlab.server.ServerSettings;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The server with its default pacing against {@code seed_client.py}, a Python 3 client that reads
 * and writes the socket exactly as seed 001's own client does (one {@code recv(1024)} per server
 * message, no terminators, the mode byte sent again as the difficulty): whole PvE and PvP games.
 * The script also fails if any read held more or less than one message.
 */
class SeedClientTest {

    private final EventBus events = new EventBus();
    private final List<GameResult> results = new CopyOnWriteArrayList<>();
    private EmbeddedServer server;
    private InetSocketAddress address;
    private Path script;
    private final List<Process> processes = new ArrayList<>();

    @BeforeEach
    void start(@TempDir Path dir) throws IOException {
        server = new EmbeddedServer(id -> new Onitama(), events, ServerSettings.defaults(), line -> { });
        server.addProtocol(new OnitamaServerProtocol(new OnitamaProtocol(), OnitamaServerTest::player,
                Pacer.DEFAULT_GAP_MILLIS, "onitama-normal", "onitama-hard"));
        server.onResult(results::add);
        address = server.start("onitama", "127.0.0.1", 0);
        script = dir.resolve("seed_client.py");
        try (InputStream in = SeedClientTest.class.getResourceAsStream("/seed_client.py")) {
            Files.copy(in, script, StandardCopyOption.REPLACE_EXISTING);
        }
    }

    @AfterEach
    void stop() {
        processes.forEach(Process::destroyForcibly);
        server.close();
    }

    private Process client(String... args) throws IOException {
        List<String> command = new ArrayList<>(List.of("python3", script.toString(), "127.0.0.1",
                Integer.toString(address.getPort())));
        command.addAll(List.of(args));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).directory(new File(".")).start();
        processes.add(p);
        return p;
    }

    /** Waits for the script to end and returns its output; fails with the output if it failed. */
    private static String finish(Process p) throws Exception {
        String out;
        try (InputStream in = p.getInputStream()) {
            out = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).as("the client ends").isTrue();
        assertThat(p.exitValue()).as("the client's exit code; its output:\n" + out).isZero();
        return out;
    }

    @Test
    void aPveGameWithTheSeedClientsReadsAndWrites() throws Exception {
        String out = finish(client("pve", "0", "7"));
        assertThat(out).containsPattern("winner (BLUE|RED)");
        OnitamaServerTest.eventually(() -> results.size() == 1, "the result is recorded");
    }

    @Test
    void aPvpGameBetweenTwoSeedClients() throws Exception {
        Process first = client("pvp", "2", "3");
        BufferedReader firstOut = new BufferedReader(new InputStreamReader(first.getInputStream(), StandardCharsets.UTF_8));
        assertThat(firstOut.readLine()).isEqualTo("waiting at table 2");
        Process second = client("pvp", "2", "4");
        String secondOut = finish(second);
        String firstRest = firstOut.readLine();
        assertThat(first.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(first.exitValue()).as("the first client's exit code; its last line: " + firstRest).isZero();
        assertThat(secondOut.trim()).isEqualTo(firstRest);
        OnitamaServerTest.eventually(() -> results.size() == 1, "the result is recorded");
    }
}
