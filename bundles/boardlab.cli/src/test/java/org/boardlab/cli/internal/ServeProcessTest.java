package org.boardlab.cli.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code boardlab serve} in a process of its own ({@link LabProcess}), as a person at a terminal runs it
 * and stops it with Ctrl+C (SIGTERM here, which runs the same shutdown): each port is announced once,
 * a port in use is one error with no "stopped" line before it, and players in a game when the server
 * stops are told why their game ended.
 */
class ServeProcessTest {

    private static final long LIMIT_MS = 30_000;

    @TempDir
    Path dir;

    /** A {@link LabProcess}: its standard output and its standard error in files. */
    private final class Serve {
        final Process process;
        final Path err;
        final Path outFile;

        Serve(String name, String... args) throws Exception {
            // the test's flat class path has SLF4J's API but not the provider bundle the product starts
            // first, so SLF4J would add its own "no providers" warning to the standard error checked here
            List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                    "-Dslf4j.internal.verbosity=ERROR", "-cp", System.getProperty("java.class.path"), LabProcess.class.getName()));
            command.addAll(List.of(args));
            err = dir.resolve(name + ".err");
            outFile = dir.resolve(name + ".out");
            process = new ProcessBuilder(command).directory(dir.toFile()).redirectError(err.toFile()).redirectOutput(outFile.toFile())
                    .start();
        }

        /** The whole lines of standard output so far. */
        List<String> out() {
            try {
                String text = Files.exists(outFile) ? Files.readString(outFile) : "";
                int end = text.lastIndexOf('\n');
                return end < 0 ? List.of() : List.of(text.substring(0, end).split("\n"));
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        }

        /** The first line of standard output that matches {@code pattern}, waiting for it. */
        Matcher await(String pattern) throws InterruptedException {
            Pattern p = Pattern.compile(pattern);
            long end = System.currentTimeMillis() + LIMIT_MS;
            while (System.currentTimeMillis() < end) {
                for (String line : out()) {
                    Matcher m = p.matcher(line);
                    if (m.matches()) {
                        return m;
                    }
                }
                if (!process.isAlive()) {
                    break;
                }
                Thread.sleep(20);
            }
            throw new AssertionError("no line matching " + pattern + " from serve; it printed " + out() + " and on standard error "
                    + errText());
        }

        int exit() throws Exception {
            assertThat(process.waitFor(LIMIT_MS, TimeUnit.MILLISECONDS)).as("serve ended").isTrue();
            return process.exitValue();
        }

        String errText() {
            try {
                return Files.exists(err) ? Files.readString(err) : "";
            } catch (java.io.IOException e) {
                return e.toString();
            }
        }
    }

    /** A line client of seed 000's protocol. */
    private static final class Line implements AutoCloseable {
        final Socket socket;
        final BufferedReader in;

        Line(int port) throws java.io.IOException {
            socket = new Socket(InetAddress.getLoopbackAddress(), port);
            socket.setSoTimeout((int) LIMIT_MS);
            in = new BufferedReader(new InputStreamReader(socket.getInputStream(), StandardCharsets.US_ASCII));
        }

        void send(String line) throws java.io.IOException {
            socket.getOutputStream().write((line + "\n").getBytes(StandardCharsets.US_ASCII));
            socket.getOutputStream().flush();
        }

        /** The next line that starts with {@code prefix}; lines before it are skipped. */
        String await(String prefix) throws java.io.IOException {
            for (String line; (line = in.readLine()) != null;) {
                if (line.startsWith(prefix)) {
                    return line;
                }
            }
            throw new java.io.EOFException("the server closed the connection before " + prefix);
        }

        @Override
        public void close() throws java.io.IOException {
            socket.close();
        }
    }

    @Test
    void eachPortIsAnnouncedOnceAPortInUseIsOneErrorAndPlayersAreToldWhyTheServerEndedTheirGame() throws Exception {
        Serve serve = new Serve("serve", "serve", "--protocol", "othello", "--port", "0", "--no-store");
        Serve second = null;
        try {
            int port = Integer.parseInt(serve.await("listening: othello on 127\\.0\\.0\\.1:(\\d+)").group(1));

            // a second server on the same port: one line saying why, exit code 1, nothing about stopping
            second = new Serve("second", "serve", "--protocol", "othello", "--port", String.valueOf(port), "--no-store");
            assertThat(second.exit()).isEqualTo(1);
            assertThat(second.out()).as("the second server's standard output").isEmpty();
            assertThat(second.errText()).startsWith("boardlab: cannot listen on 127.0.0.1:" + port + " for othello: ")
                    .containsIgnoringCase("in use").doesNotContain("stopped", "wire tap");
            assertThat(second.errText().strip().lines()).as("one line: " + second.errText()).hasSize(1);

            // a client may not call itself after a player the server runs (p3, a loaded player of LabProcess: its games
            // would be stored and rated as that player's)
            try (Line mallory = new Line(port)) {
                mallory.send("CNAME~p3");
                assertThat(mallory.await("SNAMEERR")).isEqualTo("SNAMEERR~the name 'p3' is reserved: it names a player this"
                        + " server runs (its games would be stored and rated as that player's); choose another name");
                mallory.send("CNAME~mallory");
                mallory.await("SNAMEOK");
            }

            // two players in a game when the server is stopped hear why it ended
            try (Line ann = new Line(port); Line bob = new Line(port)) {
                ann.send("CNAME~ann");
                ann.await("SNAMEOK");
                bob.send("CNAME~bob");
                bob.await("SNAMEOK");
                ann.send("CREQ~bob");
                bob.await("SREQ~ann");
                bob.send("CRES~ann~ACCEPT");
                ann.await("SSTARTG~bob~BLACK");
                bob.await("SSTARTG~ann~WHITE");
                serve.process.destroy(); // SIGTERM, as Ctrl+C's SIGINT: the JVM's shutdown hooks run
                assertThat(ann.await("SGAMEI")).startsWith("SGAMEI~the server is shutting down");
                assertThat(bob.await("SGAMEI")).startsWith("SGAMEI~the server is shutting down");
                assertThat(ann.await("SENDG")).endsWith("~DISCONNECT");
            }
            serve.exit();
            List<String> out = serve.out();
            assertThat(out.stream().filter(l -> l.startsWith("listening"))).as("the listening line, once: " + out)
                    .containsExactly("listening: othello on 127.0.0.1:" + port);
            assertThat(out).as("serve's output; on standard error: " + serve.errText())
                    .anyMatch(l -> l.startsWith("game: ann vs bob: ") && l.contains("the server is shutting down"));
            String err = serve.errText();
            assertThat(err).as("the log on standard error").doesNotContain("listening on")
                    .contains("boardlab server: stopped; wire tap: ");
        } finally {
            serve.process.destroyForcibly();
            if (second != null) {
                second.process.destroyForcibly();
            }
        }
    }

    @Test
    void gameMastersOnConsecutivePortsAreAnnouncedInOneLineAndEachSeatsItsPlayers() throws Exception {
        int base = freeRun(9);
        Serve serve = new Serve("gms", "serve", "--protocol", "reversi", "--port", String.valueOf(base), "--game-masters", "3",
                "--no-store");
        try {
            serve.await(Pattern.quote("listening: reversi, 3 Game Masters on 127.0.0.1:" + base + "-" + (base + 8)
                    + " (Game Master k from 0: black on " + base + "+3k, white on " + base + "+3k+1, controller on " + base
                    + "+3k+2)"));
            // the third Game Master seats its two players and asks black for the first move of an 8x8 board
            try (Socket black = new Socket(InetAddress.getLoopbackAddress(), base + 6);
                    Socket white = new Socket(InetAddress.getLoopbackAddress(), base + 7)) {
                black.setSoTimeout((int) LIMIT_MS);
                white.setSoTimeout((int) LIMIT_MS);
                black.getOutputStream().write(new byte[] {0x01, 3, 'a', 'n', 'n'});
                assertThat(afterPings(black, 2)).as("Player OK, black").containsExactly((byte) 0x02, (byte) 0x01);
                white.getOutputStream().write(new byte[] {0x01, 3, 'b', 'o', 'b'});
                assertThat(afterPings(white, 2)).as("Player OK, white").containsExactly((byte) 0x02, (byte) 0x02);
                assertThat(afterPings(black, 5)).as("Next Turn: no last move, 8x8")
                        .containsExactly((byte) 0x05, (byte) 0xFF, (byte) 0xFF, (byte) 8, (byte) 8);
            }
            List<String> out = serve.out();
            assertThat(out.stream().filter(l -> l.startsWith("listening"))).as("one listening line: " + out).hasSize(1);
            assertThat(serve.errText()).as("nine seats fit --max-clients and the open files").doesNotContain("seats");
            serve.process.destroy(); // SIGTERM: the JVM's shutdown hooks close the server
            serve.exit();
            // one line for all the Game Masters' ports, as for their start (3,300 Game Masters would be 3,300 lines)
            assertThat(serve.errText().lines().filter(l -> l.contains("stopped listening")))
                    .containsExactly("boardlab server: reversi stopped listening (3 sets of ports)");
        } finally {
            serve.process.destroyForcibly();
        }
    }

    /**
     * The first of {@code n} consecutive ports on 127.0.0.1 that are free now, below the range the system hands out by
     * itself ({@code ip_local_port_range}, 32768 by default), where only an explicit bind takes a port: inside it, a busy
     * machine's connections leave few runs of free ports.
     */
    /**
     * The next {@code n} bytes a Game Master sends on {@code socket}, after the Pings before them, each answered OK as the
     * seed asks. A Game Master pings a socket silent for a second, so on a busy machine a Ping can come before Player OK
     * (a CI run at load 15 read {@code [0x0A, 0x02]} for white's Player OK: the Ping, then Player OK's first byte).
     */
    private static byte[] afterPings(Socket socket, int n) throws java.io.IOException {
        java.io.InputStream in = socket.getInputStream();
        int first;
        while ((first = in.read()) == 0x0A) {
            socket.getOutputStream().write(new byte[] {0x03, 0x01});
        }
        if (first < 0) {
            throw new java.io.EOFException("the Game Master closed the connection");
        }
        byte[] out = new byte[n];
        out[0] = (byte) first;
        int read = in.readNBytes(out, 1, n - 1);
        if (read < n - 1) {
            throw new java.io.EOFException("the Game Master closed the connection after " + (read + 1) + " of " + n + " bytes");
        }
        return out;
    }

    private static int freeRun(int n) throws java.io.IOException {
        int below = 32768;
        try {
            below = Integer.parseInt(Files.readString(Path.of("/proc/sys/net/ipv4/ip_local_port_range")).trim().split("\\s+")[0]);
        } catch (java.io.IOException | RuntimeException e) {
            // not Linux: the usual range
        }
        java.util.Random random = new java.util.Random();
        for (int attempt = 0; attempt < 50; attempt++) {
            int base = 10_000 + random.nextInt(Math.max(1, below - 10_000 - n));
            boolean free = true;
            for (int p = base; p < base + n && free; p++) {
                try (java.net.ServerSocket s = new java.net.ServerSocket(p, 1, InetAddress.getLoopbackAddress())) {
                    free = s.isBound();
                } catch (java.io.IOException e) {
                    free = false;
                }
            }
            if (free) {
                return base;
            }
        }
        throw new AssertionError("no " + n + " consecutive free ports on 127.0.0.1 in 50 tries");
    }
}
