package org.boardlab.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
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
import org.boardlab.game.tictactoe.TicTacToe;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A server that runs out of file descriptors, for real: a server in a process of its own started under a low limit
 * of open files ({@code ulimit -n} {@value #LIMIT}, set by the shell that starts it: a process cannot lower its own
 * limit from Java), and more clients than the limit leaves room for. Each accepted client takes a file; the accept
 * after the last one fails ("Too many open files"), and Netty's acceptor stops accepting for a second and tries
 * again while clients wait in the port's queue. The server says so in one plain line with its limit (not a warning
 * with a stack trace per failed accept), and once clients leave, the waiting ones are accepted and served, which it
 * also says once.
 */
class FileLimitTest {

    /** The limit of open files of the server's process: room for the JVM, its jars and about a hundred clients. */
    static final int LIMIT = 256;

    @TempDir
    Path dir;

    @Test
    void aServerOutOfFileDescriptorsSaysSoOnceWithItsLimitAndAcceptsTheWaitingClientsWhenOthersLeave() throws Exception {
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
            Thread.sleep(3_000); // Netty's acceptor tries again every second: three more failed accepts, told in no line
            List<String> told = out.stream().filter(l -> l.contains("cannot accept")).toList();
            assertThat(told).as("lines about failed accepts").hasSize(1);
            assertThat(told.get(0)).isEqualTo("log: cannot accept new clients on 127.0.0.1:" + port + ": the server has as many files "
                    + "open as its limit allows (" + LIMIT + ", ulimit -n), and each client takes one. New clients wait in the "
                    + "port's queue and are accepted as others leave; accepting is tried again every second. To serve more "
                    + "clients at once, start the server with a higher limit (ulimit -n N; at most " + LIMIT + " without root) "
                    + "or let fewer clients connect (serve's --max-clients).");
            Socket last = clients.get(clients.size() - 1);
            last.getOutputStream().write("still there?\n".getBytes(StandardCharsets.US_ASCII)); // waits in the kernel meanwhile

            for (Socket s : clients.subList(0, 20)) {
                s.close(); // the first were accepted first: 20 files free on the server's side
            }
            last.setSoTimeout(10_000);
            BufferedReader in = new BufferedReader(new InputStreamReader(last.getInputStream(), StandardCharsets.US_ASCII));
            assertThat(in.readLine()).as("the answer to the last client, accepted once others left").isEqualTo("still there?");
            Matcher again = await(out, "log: accepting new clients again, after (\\d+) more failed accepts?", server, err);
            // one failed accept a second while clients waited (a failing accept that were not paused would fail thousands
            // of times a second)
            assertThat(Integer.parseInt(again.group(1))).as("failed accepts after the first").isBetween(2, 30);
            List<String> logged = out.stream().filter(l -> l.startsWith("log: ")).toList();
            assertThat(logged.stream().filter(l -> l.contains("accepting new clients again"))).as("lines on accepting again " + logged)
                    .hasSize(1);
            assertThat(logged.indexOf(again.group())).as("accepting again told after the failure " + logged)
                    .isGreaterThan(logged.indexOf(told.get(0)));
            String stderr = Files.readString(err);
            assertThat(stderr).as("the server's standard error (Netty's own warnings)").doesNotContain("Too many open files")
                    .doesNotContain("exceptionCaught");
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
     * The server's process: an echo port; its log on standard output ({@code log: ...}), then {@code ready port P, N
     * files open of L}; it stops when its standard input ends.
     */
    public static final class Server {

        private Server() {
        }

        public static void main(String[] args) throws Exception {
            // Netty's warnings on standard error, where the test looks for them, through java.util.logging, set up now
            // (it reads its configuration from a file, which it could not open once the files are used up)
            io.netty.util.internal.logging.InternalLoggerFactory.setDefaultFactory(io.netty.util.internal.logging.JdkLoggerFactory.INSTANCE);
            java.util.logging.Logger.getLogger("").getHandlers(); // its console handler made now
            // and a record formatted once: its time stamp's zone rules are read from a file of the JDK's
            new java.util.logging.SimpleFormatter().format(new java.util.logging.LogRecord(java.util.logging.Level.WARNING, "x"));
            PrintStream out = System.out;
            EmbeddedServer server = new EmbeddedServer(id -> new TicTacToe(), new EventBus(), ServerSettings.defaults(), line -> {
                synchronized (out) {
                    out.println("log: " + line);
                    out.flush();
                }
            });
            server.addProtocol(new LineProtocol("echo") {
                @Override
                ByteBuf answer(ByteBuf line) {
                    return Unpooled.wrappedBuffer(line.retain(), Unpooled.wrappedBuffer(new byte[] {'\n'}));
                }
            });
            InetSocketAddress address = server.start("echo", "127.0.0.1", 0);
            // one client first, so that every class a connection needs is loaded before the files run out (a class in a
            // folder on the class path is a file opened when it is loaded)
            try (Socket warm = new Socket("127.0.0.1", address.getPort())) {
                warm.getOutputStream().write("warm\n".getBytes(StandardCharsets.US_ASCII));
                warm.getInputStream().read(new byte[5]);
            }
            long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (!server.connections().isEmpty() && System.nanoTime() < until) {
                Thread.sleep(10);
            }
            synchronized (out) {
                out.println("ready port " + address.getPort() + ", " + OpenFiles.open() + " files open of " + OpenFiles.limit());
                out.flush();
            }
            while (System.in.read() >= 0) {
                // until the test closes our input
            }
            server.close();
            System.exit(0);
        }
    }
}
