package org.boardlab.server.testing;

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
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.boardlab.server.OpenFiles;

/**
 * A server out of file descriptors, for real (the server's test-jar): a server in a process of its own, started under a
 * low limit of open files ({@code ulimit -n}, set by the shell that starts it: a process cannot lower its own limit from
 * Java), and more clients than the limit leaves room for. The server's {@code main} ({@link #log()}, {@link #serve})
 * prints its log on standard output ({@code log: ...}), then {@code ready port P, N files open of L}, and stops when its
 * standard input ends. Used by the server's {@code FileLimitTest} (its Netty ports) and the Dots port's (Jetty's).
 */
public final class FileLimitRun implements AutoCloseable {

    private final int limit;
    private final Process server;
    private final Path err;
    private final List<String> out = new CopyOnWriteArrayList<>();
    private final List<Socket> clients = new ArrayList<>();
    private String toldFull;

    private FileLimitRun(int limit, Process server, Path err) {
        this.limit = limit;
        this.server = server;
        this.err = err;
    }

    /** Starts {@code main} (a class with a {@code main} method on this JVM's class path) with {@code limit} open files at most. */
    public static FileLimitRun start(int limit, Class<?> main, Path dir) throws IOException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Path err = dir.resolve("server.err");
        // the shell lowers the limit, then becomes the JVM (exec): the server's process has `limit` files at most
        Process server = new ProcessBuilder("/bin/sh", "-c", "ulimit -n " + limit + " && exec \"$0\" \"$@\"", java,
                "-cp", System.getProperty("java.class.path"), main.getName())
                .redirectError(err.toFile()).start();
        FileLimitRun run = new FileLimitRun(limit, server, err);
        Thread reader = new Thread(() -> {
            try (BufferedReader in = new BufferedReader(new InputStreamReader(server.getInputStream(), StandardCharsets.UTF_8))) {
                for (String line = in.readLine(); line != null; line = in.readLine()) {
                    run.out.add(line);
                }
            } catch (IOException e) {
                // the process ended
            }
        }, "server-output");
        reader.setDaemon(true);
        reader.start();
        return run;
    }

    /**
     * Waits for the server's {@code ready} line, connects a client for every file left under the limit and 10 more (they
     * wait in the port's queue), and checks that the server says so in exactly one line, also after three more seconds
     * (the port tries again every second: three more failed accepts, told in no line).
     *
     * @return the clients, the first accepted first; the last waits in the port's queue
     */
    public List<Socket> fill() throws Exception {
        Matcher ready = await("ready port (\\d+), (\\d+) files open of (-?\\d+)");
        int port = Integer.parseInt(ready.group(1));
        int open = Integer.parseInt(ready.group(2));
        assertThat(Integer.parseInt(ready.group(3))).as("the server's limit of open files").isEqualTo(limit);
        int room = limit - open;
        assertThat(room).as("room for clients under the limit (" + open + " files open at the start)").isGreaterThan(20);
        // every client a file on the server's side, and 10 more than there is room for: they wait in the port's queue
        for (int i = 0; i < room + 10; i++) {
            Socket s = new Socket();
            s.connect(new InetSocketAddress("127.0.0.1", port), 5_000);
            clients.add(s);
        }
        await("log: cannot accept new clients on 127\\.0\\.0\\.1:" + port + ": .*");
        Thread.sleep(3_000);
        List<String> told = out.stream().filter(l -> l.contains("cannot accept")).toList();
        assertThat(told).as("lines about failed accepts").hasSize(1);
        assertThat(told.get(0)).isEqualTo("log: cannot accept new clients on 127.0.0.1:" + port + ": the server has as many files "
                + "open as its limit allows (" + limit + ", ulimit -n), and each client takes one. New clients wait in the "
                + "port's queue and are accepted as others leave; accepting is tried again every second. To serve more "
                + "clients at once, start the server with a higher limit (ulimit -n N; at most " + limit + " without root) "
                + "or let fewer clients connect (serve's --max-clients).");
        toldFull = told.get(0);
        return clients;
    }

    /** Closes the first 20 clients (accepted first): 20 files free on the server's side, for the waiting ones. */
    public void freeTwenty() throws IOException {
        for (Socket s : clients.subList(0, 20)) {
            s.close();
        }
    }

    /**
     * Checks that the server, once clients left, says once, after the failure, that it accepts again, having failed one
     * accept a second while clients waited (a failing accept that were not paused would fail thousands of times a second).
     */
    public void assertAcceptingAgain() throws Exception {
        Matcher again = await("log: accepting new clients again, after (\\d+) more failed accepts?");
        assertThat(Integer.parseInt(again.group(1))).as("failed accepts after the first").isBetween(2, 30);
        List<String> logged = out.stream().filter(l -> l.startsWith("log: ")).toList();
        assertThat(logged.stream().filter(l -> l.contains("accepting new clients again"))).as("lines on accepting again " + logged)
                .hasSize(1);
        assertThat(logged.indexOf(again.group())).as("accepting again told after the failure " + logged)
                .isGreaterThan(logged.indexOf(toldFull));
    }

    /** What the server's process wrote on its standard error so far. */
    public String stderr() throws IOException {
        return Files.readString(err);
    }

    /** Waits up to 20 s for a line of the server's output that matches {@code pattern}. */
    public Matcher await(String pattern) throws Exception {
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

    /** Closes the clients, ends the server's input (it stops) and waits for it, up to 20 s, or kills it. */
    @Override
    public void close() throws Exception {
        for (Socket s : clients) {
            s.close();
        }
        server.getOutputStream().close();
        if (!server.waitFor(20, TimeUnit.SECONDS)) {
            server.destroyForcibly();
        }
    }

    // ---- the server's side, in its process

    /** The server's log, for its {@code main}: each line on standard output as {@code log: LINE}. */
    public static Consumer<String> log() {
        PrintStream out = System.out;
        return line -> {
            synchronized (out) {
                out.println("log: " + line);
                out.flush();
            }
        };
    }

    /**
     * For the server's {@code main}, once it listens on {@code port} and has loaded what a connection needs: says
     * {@code ready port P, N files open of L} and waits until its standard input ends (the test's {@link #close}).
     */
    public static void serve(int port) throws IOException {
        PrintStream out = System.out;
        synchronized (out) {
            out.println("ready port " + port + ", " + OpenFiles.open() + " files open of " + OpenFiles.limit());
            out.flush();
        }
        while (System.in.read() >= 0) {
            // until the test closes our input
        }
    }
}
