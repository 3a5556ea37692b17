package org.boardlab.protocol.dots.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.boardlab.core.EventBus;
import org.boardlab.game.dots.Dots;
import org.boardlab.server.EmbeddedServer;
import org.boardlab.server.OpenFiles;
import org.boardlab.server.ServerSettings;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Dots port (Jetty's, not the server's Netty) out of file descriptors, for real, as boardlab.server's
 * {@code FileLimitTest} runs the server's own ports: a server in a process of its own under a low limit of open files
 * ({@code ulimit -n} {@value #LIMIT}, set by the shell that starts it), and more clients than the limit leaves room
 * for. The accept after the last file fails; the port says so in the server's one plain line with its limit (the same
 * line as the Netty ports', and at most one a minute), tries again every second while clients wait in the port's
 * queue, and once clients leave accepts and serves the waiting ones, which it also says once. Before, Jetty logged a
 * warning with a stack trace for each failed accept, which {@code serve} showed nowhere.
 */
class DotsFileLimitTest {

    /** The limit of open files of the server's process: room for the JVM, its jars and some clients. */
    static final int LIMIT = 512;

    @TempDir
    Path dir;

    @Test
    void theDotsPortOutOfFileDescriptorsSaysSoOnceWithItsLimitAndServesTheWaitingClientsWhenOthersLeave() throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Path err = dir.resolve("server.err");
        // the shell lowers the limit, then becomes the JVM (exec): the server's process has LIMIT files at most
        Process server = new ProcessBuilder("/bin/sh", "-c", "ulimit -n " + LIMIT + " && exec \"$0\" \"$@\"", java,
                "-cp", System.getProperty("java.class.path"), Server.class.getName())
                .redirectError(err.toFile()).start();
        List<String> out = new CopyOnWriteArrayList<>();
        Thread reader = new Thread(() -> {
            try (BufferedReader in = new BufferedReader(new InputStreamReader(server.getInputStream(), StandardCharsets.UTF_8))) {
                for (String line = in.readLine(); line != null; line = in.readLine()) {
                    out.add(line);
                }
            } catch (IOException e) {
                // the process ended
            }
        }, "server-output");
        reader.setDaemon(true);
        reader.start();
        List<Socket> clients = new ArrayList<>();
        try {
            Matcher ready = await(out, "ready port (\\d+), (\\d+) files open of (-?\\d+)", server, err);
            int port = Integer.parseInt(ready.group(1));
            int open = Integer.parseInt(ready.group(2));
            assertThat(Integer.parseInt(ready.group(3))).as("the server's limit of open files").isEqualTo(LIMIT);
            int room = LIMIT - open;
            assertThat(room).as("room for clients under the limit (" + open + " files open at the start)").isGreaterThan(20);
            // every client a file on the server's side, and 10 more than there is room for: they wait in the port's queue
            for (int i = 0; i < room + 10; i++) {
                Socket s = new Socket();
                s.connect(new InetSocketAddress("127.0.0.1", port), 5_000);
                clients.add(s);
            }
            await(out, "log: cannot accept new clients on 127\\.0\\.0\\.1:" + port + ": .*", server, err);
            Thread.sleep(3_000); // the port tries again every second: three more failed accepts, told in no line
            List<String> told = out.stream().filter(l -> l.contains("cannot accept")).toList();
            assertThat(told).as("lines about failed accepts").hasSize(1);
            assertThat(told.get(0)).isEqualTo("log: cannot accept new clients on 127.0.0.1:" + port + ": the server has as many files "
                    + "open as its limit allows (" + LIMIT + ", ulimit -n), and each client takes one. New clients wait in the "
                    + "port's queue and are accepted as others leave; accepting is tried again every second. To serve more "
                    + "clients at once, start the server with a higher limit (ulimit -n N; at most " + LIMIT + " without root) "
                    + "or let fewer clients connect (serve's --max-clients).");
            Socket last = clients.get(clients.size() - 1);
            // the seed's route without its parameters: answered 400, once the connection is accepted
            last.getOutputStream().write("GET /queue HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"
                    .getBytes(StandardCharsets.US_ASCII)); // waits in the kernel meanwhile

            for (Socket s : clients.subList(0, 20)) {
                s.close(); // the first were accepted first: 20 files free on the server's side
            }
            last.setSoTimeout(10_000);
            BufferedReader in = new BufferedReader(new InputStreamReader(last.getInputStream(), StandardCharsets.US_ASCII));
            assertThat(in.readLine()).as("the answer to the last client, accepted once others left").startsWith("HTTP/1.1 400 ");
            Matcher again = await(out, "log: accepting new clients again, after (\\d+) more failed accepts?", server, err);
            // one failed accept a second while clients waited (a failing accept that were not paused would fail
            // thousands of times a second)
            assertThat(Integer.parseInt(again.group(1))).as("failed accepts after the first").isBetween(2, 30);
            List<String> logged = out.stream().filter(l -> l.startsWith("log: ")).toList();
            assertThat(logged.stream().filter(l -> l.contains("accepting new clients again"))).as("lines on accepting again " + logged)
                    .hasSize(1);
            assertThat(logged.indexOf(again.group())).as("accepting again told after the failure " + logged)
                    .isGreaterThan(logged.indexOf(told.get(0)));
            assertThat(Files.readString(err)).as("the server's standard error").doesNotContain("Too many open files");
        } finally {
            for (Socket s : clients) {
                s.close();
            }
            server.getOutputStream().close(); // the server stops when its input ends
            if (!server.waitFor(20, TimeUnit.SECONDS)) {
                server.destroyForcibly();
            }
        }
    }

    /** Waits up to 20 s for a line of the server's output that matches {@code pattern}. */
    private static Matcher await(List<String> out, String pattern, Process server, Path err) throws Exception {
        Pattern p = Pattern.compile(pattern);
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (System.nanoTime() < end) {
            for (String line : out) {
                Matcher m = p.matcher(line);
                if (m.matches()) {
                    return m;
                }
            }
            Thread.sleep(20);
        }
        throw new AssertionError("no line matching " + pattern + " from the server within 20 s (alive: " + server.isAlive() + "); it printed "
                + out + " and on standard error " + (Files.exists(err) ? Files.readString(err) : ""));
    }

    /**
     * The server's process: the Dots port, its accounts in a fresh H2 store; the server's log on standard output
     * ({@code log: ...}), then {@code ready port P, N files open of L}; it stops when its standard input ends.
     */
    public static final class Server {

        private Server() {
        }

        public static void main(String[] args) throws Exception {
            PrintStream out = System.out;
            Accounts accounts = TestAccounts.open("h2");
            Dots dots = new Dots();
            EmbeddedServer server = new EmbeddedServer(id -> dots, new EventBus(), ServerSettings.defaults(), line -> {
                synchronized (out) {
                    out.println("log: " + line);
                    out.flush();
                }
            });
            server.addProtocol(new DotsServerProtocol(new DotsProtocol(), () -> accounts, DotsTestServer.FAST));
            InetSocketAddress address = server.start("dots", "127.0.0.1", 0);
            // a request first, so that every class a connection and an answer need is loaded before the files run out (a
            // class in a folder on the class path is a file opened when it is loaded)
            for (int i = 0; i < 2; i++) {
                try (Socket warm = new Socket("127.0.0.1", address.getPort())) {
                    warm.getOutputStream().write("GET /queue HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"
                            .getBytes(StandardCharsets.US_ASCII));
                    warm.getInputStream().readAllBytes();
                }
            }
            Thread.sleep(500); // the server's side of the warm connections closed
            synchronized (out) {
                out.println("ready port " + address.getPort() + ", " + OpenFiles.open() + " files open of " + OpenFiles.limit());
                out.flush();
            }
            while (System.in.read() >= 0) {
                // until the test closes our input
            }
            server.close();
            TestAccounts.close(accounts);
            System.exit(0);
        }
    }
}
