package org.boardlab.product.smoke;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;

/**
 * The built product, {@code java -jar boardlab.jar COMMAND}, once for each family of headless commands,
 * as a user runs them: {@code list}, {@code match} (the commands that never connect), {@code serve} of a
 * Netty protocol (Othello) and of Dots (Jetty and CometD), {@code client dots} against that server until two
 * clients play a game together, and a {@code conform} kit's scenario against the Othello port.
 *
 * <p>Each command runs in a JVM of its own, in a working folder of its own (its store, its players folder), with
 * a bundle cache of the test's own ({@code -Dboardlab.cache}), filled first by as many commands at once as the
 * test later runs at once: so every command runs, as a user's second and later runs do, on a cache slot that
 * holds only its command's bundle set. (A first start fills its slot from every bundle of the jar, and a class
 * missing from the set is still found then: session 12's bug showed only from the second {@code client dots}
 * on.) Each must succeed, and nothing it prints may say that a class or a bundle was missing: the
 * in-framework tests run with every bundle installed, and a library left out of a command's set shows only
 * here (session 12: {@code client dots} failed with {@code NoClassDefFoundError} on Jetty's compression
 * while every other test passed). Nothing here names the bundles of a set: it holds for any set that works.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ProductSmokeTest {

    /** What a command's output must never hold: a class, or a bundle, that was not there. */
    private static final List<String> MISSING = List.of("NoClassDefFoundError", "ClassNotFoundException",
            "did not start", "Unable to resolve", "NoSuchMethodError");

    /**
     * A command's error that is only a class's name, as a {@code NoClassDefFoundError}'s message is
     * ({@code boardlab: org/eclipse/jetty/compression/Compression}, session 12).
     */
    private static final Pattern CLASS_NAME_ALONE = Pattern.compile("(?m)^boardlab: ([a-z0-9_]+/)+[A-Za-z0-9_$]+\\s*$");

    /** The most headless commands the test runs at once: serve and two clients. */
    private static final int AT_ONCE = 3;

    /** How long a command may take at most (each takes a few seconds; a busy shared machine, many more). */
    private static final long COMMAND_SECONDS = 180;

    @TempDir
    static Path work;

    private static Path jar;
    private static Command server;
    private static int othelloPort;
    private static int dotsPort;

    @BeforeAll
    static void findTheJarAndFillTheCache() throws Exception {
        jar = Path.of(System.getProperty("boardlab.jar", "../target/boardlab.jar")).toAbsolutePath().normalize();
        assertThat(jar).as("the product jar (./mvnw package builds it)").isRegularFile();
        // the cache's slots, filled as the first runs fill them: a headless slot for each command the test runs at once
        // (list), and the slot of the commands that never connect (perft)
        List<Command> first = new ArrayList<>();
        for (int i = 0; i < AT_ONCE; i++) {
            first.add(Command.start("fill-headless-" + i, "list"));
        }
        first.add(Command.start("fill-offline", "perft", "tictactoe", "1"));
        for (Command c : first) {
            assertThat(c.awaitExit()).as(c.describe()).isZero();
        }
    }

    @AfterAll
    static void stopTheServer() throws Exception {
        if (server != null) {
            server.stop();
        }
    }

    @Test
    @Order(1)
    void listShowsEveryGameAndProtocol() throws Exception {
        Command list = Command.start("list", "list");
        assertThat(list.awaitExit()).as(list.describe()).isZero();
        String out = list.output();
        assertThat(out).as(list.describe()).contains("Games:", "Players:", "Protocols:");
        for (String game : List.of("othello", "gomoku", "onitama", "dots", "tictactoe")) {
            assertThat(out).as(list.describe()).containsPattern("(?m)^  " + game + " ");
        }
        for (String protocol : List.of("othello", "gomoku", "onitama", "dots", "reversi")) {
            assertThat(out).as(list.describe()).containsPattern("(?m)^  " + protocol + " +.*port");
        }
        list.assertNothingMissing();
    }

    @Test
    @Order(2)
    void matchPlaysAndStoresAGame() throws Exception {
        Command match = Command.start("match", "match", "othello", "random", "first-legal", "--games", "1", "--time-per-move", "5");
        assertThat(match.awaitExit()).as(match.describe()).isZero();
        assertThat(match.output()).as(match.describe()).containsPattern("game 1: .* \\(stored as game \\d+\\)")
                .contains("1 game: ");
        match.assertNothingMissing();
    }

    @Test
    @Order(3)
    void serveOpensANettyPortAndTheDotsPort() throws Exception {
        server = Command.start("serve", "serve", "--protocol", "othello", "--port", "0", "--protocol", "dots", "--port", "0");
        othelloPort = Integer.parseInt(server.awaitLine("listening: othello on 127\\.0\\.0\\.1:(\\d+)").group(1));
        dotsPort = Integer.parseInt(server.awaitLine("listening: dots on 127\\.0\\.0\\.1:(\\d+)").group(1));
        server.assertNothingMissing();
    }

    @Test
    @Order(4)
    void twoDotsClientsMeetOnTheServerAndPlay() throws Exception {
        assertThat(dotsPort).as("the Dots port of serve").isPositive();
        Command ann = Command.start("client-ann", "client", "dots", "--host", "127.0.0.1", "--port", String.valueOf(dotsPort),
                "--name", "ann", "--player", "random", "--games", "1");
        Command bob = Command.start("client-bob", "client", "dots", "--host", "127.0.0.1", "--port", String.valueOf(dotsPort),
                "--name", "bob", "--player", "random", "--invite", "ann", "--games", "1");
        try {
            ann.type("secret-ann");
            bob.type("secret-bob");
            // both in one game, and a move of each side's player on the wire
            bob.awaitLine("game [0-9a-f]{10}: bob \\(red, moves first\\) against ann \\(blue\\); you are red");
            ann.awaitLine("game [0-9a-f]{10}: bob \\(red, moves first\\) against ann \\(blue\\); you are blue");
            bob.awaitLine("the player plays \\d+,\\d+");
            ann.awaitLine("the player plays \\d+,\\d+");
            ann.type("quit");
            bob.type("quit");
            assertThat(bob.awaitExit()).as(bob.describe()).isZero();
            assertThat(ann.awaitExit()).as(ann.describe()).isZero();
        } finally {
            ann.stop();
            bob.stop();
        }
        ann.assertNothingMissing();
        bob.assertNothingMissing();
        server.assertNothingMissing();
    }

    @Test
    @Order(5)
    void aConformanceKitTestsTheOthelloPort() throws Exception {
        assertThat(othelloPort).as("the Othello port of serve").isPositive();
        Command kit = Command.start("conform", "conform", "othello", "server", "127.0.0.1:" + othelloPort, "--fast",
                "--scenario", "login");
        assertThat(kit.awaitExit()).as(kit.describe()).isZero();
        assertThat(kit.output()).as(kit.describe()).contains("1 scenario, 1 passed, 0 failed, 0 errors");
        kit.assertNothingMissing();
        server.assertNothingMissing();
    }

    @Test
    @Order(6)
    void serveStopsCleanly() throws Exception {
        assertThat(server).as("serve").isNotNull();
        server.process.destroy(); // SIGTERM, as Ctrl+C or a service manager stops it
        server.awaitLine("boardlab server: stopped; wire tap: ");
        assertThat(server.process.waitFor(COMMAND_SECONDS, TimeUnit.SECONDS)).as(server.describe()).isTrue();
        server.assertNothingMissing();
    }

    /** One {@code java -jar boardlab.jar ...} in a working folder of its own; its output, both streams, in a file. */
    private static final class Command {
        final String name;
        final List<String> command;
        final Process process;
        final Path log;
        final OutputStream input;

        private Command(String name, List<String> command, Process process, Path log) {
            this.name = name;
            this.command = command;
            this.process = process;
            this.log = log;
            this.input = process.getOutputStream();
        }

        static Command start(String name, String... args) throws IOException {
            Path dir = Files.createDirectories(work.resolve(name));
            Path log = dir.resolve("output.txt");
            List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                    "-Dboardlab.cache=" + work.resolve("cache"), "-jar", jar.toString()));
            command.addAll(List.of(args));
            Process process = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true)
                    .redirectOutput(log.toFile()).start();
            return new Command(name, command, process, log);
        }

        /** Sends a line to the command's standard input (kept open: a terminal client reads it). */
        void type(String line) throws IOException {
            input.write((line + "\n").getBytes(StandardCharsets.UTF_8));
            input.flush();
        }

        String output() throws IOException {
            return Files.readString(log, StandardCharsets.UTF_8);
        }

        String describe() {
            String out;
            try {
                out = output();
            } catch (IOException e) {
                out = "(no output: " + e + ")";
            }
            return String.join(" ", command) + " (" + name + ") printed:\n" + out;
        }

        /** The first line matching {@code regex} (found anywhere in a line), once the command printed it. */
        Matcher awaitLine(String regex) throws Exception {
            Pattern pattern = Pattern.compile(regex);
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(COMMAND_SECONDS);
            while (true) {
                for (String line : output().split("\n")) {
                    Matcher m = pattern.matcher(line);
                    if (m.find()) {
                        return m;
                    }
                }
                if (System.nanoTime() > deadline) {
                    throw new AssertionError("no line matching " + regex + " within " + COMMAND_SECONDS + " s: " + describe());
                }
                if (!process.isAlive()) {
                    // one last look: the line may have come with the exit
                    for (String line : output().split("\n")) {
                        Matcher m = pattern.matcher(line);
                        if (m.find()) {
                            return m;
                        }
                    }
                    throw new AssertionError("ended with " + process.exitValue() + " before a line matching " + regex + ": "
                            + describe());
                }
                Thread.sleep(50);
            }
        }

        /** The exit code, once the command has ended on its own (it is killed after the deadline). */
        int awaitExit() throws Exception {
            if (!process.waitFor(COMMAND_SECONDS, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                throw new AssertionError("did not end within " + COMMAND_SECONDS + " s: " + describe());
            }
            return process.exitValue();
        }

        void assertNothingMissing() throws IOException {
            String out = output();
            for (String missing : MISSING) {
                assertThat(out).as("%s: %s", missing, describe()).doesNotContain(missing);
            }
            assertThat(out).as("a class's name alone as the error: %s", describe()).doesNotContainPattern(CLASS_NAME_ALONE);
        }

        void stop() throws InterruptedException {
            if (process.isAlive()) {
                process.destroy();
                if (!process.waitFor(30, TimeUnit.SECONDS)) {
                    process.destroyForcibly();
                }
            }
        }
    }
}
