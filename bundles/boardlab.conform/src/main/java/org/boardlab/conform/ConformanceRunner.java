package org.boardlab.conform;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.function.Predicate;
import org.boardlab.conform.Report.Role;
import org.boardlab.conform.Report.ScenarioResult;
import org.boardlab.conform.Report.Status;

/**
 * Runs a kit's scenarios against a server (the kit connects as clients) or a client (the kit
 * listens and plays the server's part), one after the other, and gives the {@link Report}.
 */
public final class ConformanceRunner {

    /** Hears a run as it goes (on the running thread; frames on the wires' threads). */
    public interface Listener {
        /** A client kit listens on this port and waits for the client under test. */
        default void listening(int port) {
        }

        /** Scenario {@code index} (from 1) of {@code count} begins. */
        default void started(Scenario scenario, int index, int count) {
        }

        /** A scenario ended. */
        default void finished(ScenarioResult result, List<Frame> frames) {
        }

        /** A frame was sent or received. */
        default void frame(Frame frame) {
        }
    }

    private ConformanceRunner() {
    }

    /**
     * Runs every server scenario of {@code kit} against the server at {@code host:port}.
     *
     * @param only the scenarios to run (by name), or every one when it accepts all
     * @throws IllegalArgumentException if the kit finds {@code settings} unfair ({@link ConformanceKit#unfair})
     */
    public static Report runServer(ConformanceKit kit, String host, int port, KitSettings settings, Predicate<String> only, Listener listener) {
        return runServer(kit, host, List.of(port), settings, only, listener);
    }

    /**
     * Runs every server scenario of {@code kit} against a server that opens several ports (as
     * {@link ConformanceKit#serverPorts} reads them; the first is the main one).
     */
    public static Report runServer(ConformanceKit kit, String host, List<Integer> ports, KitSettings settings, Predicate<String> only,
            Listener listener) {
        if (ports.isEmpty()) {
            throw new IllegalArgumentException("no port");
        }
        refuseUnfair(kit, Role.SERVER, settings);
        FrameRecorder recorder = new FrameRecorder();
        recorder.listen(listener::frame);
        return run(kit, Role.SERVER, kit.serverScenarios(), host, ports, null, null, recorder, settings, only, listener);
    }

    /**
     * Listens on {@code port} ({@code 0}: any free one, told to {@link Listener#listening}) and runs
     * every client scenario of {@code kit} with the client that connects.
     *
     * @throws IllegalArgumentException if the kit finds {@code settings} unfair ({@link ConformanceKit#unfair})
     */
    public static Report runClient(ConformanceKit kit, String bind, int port, KitSettings settings, Predicate<String> only, Listener listener)
            throws IOException {
        refuseUnfair(kit, Role.CLIENT, settings);
        FrameRecorder recorder = new FrameRecorder();
        recorder.listen(listener::frame); // a kit's own server may record the client's first frames before the first scenario
        try (ConformanceKit.ClientListener own = kit.listenForClients(bind, port, recorder, settings)) {
            if (own != null) {
                listener.listening(own.port());
                return run(kit, Role.CLIENT, kit.clientScenarios(), bind == null ? "127.0.0.1" : bind, List.of(own.port()), null, own, recorder,
                        settings, only, listener);
            }
        }
        BlockingQueue<Socket> clients = new LinkedBlockingQueue<>();
        try (ServerSocket server = new ServerSocket()) {
            server.setReuseAddress(true);
            server.bind(new InetSocketAddress(bind == null ? InetAddress.getLoopbackAddress() : InetAddress.getByName(bind), port));
            Thread acceptor = new Thread(() -> {
                while (!server.isClosed()) {
                    try {
                        clients.add(server.accept());
                    } catch (IOException e) {
                        return;
                    }
                }
            }, "conform-accept");
            acceptor.setDaemon(true);
            acceptor.start();
            listener.listening(server.getLocalPort());
            return run(kit, Role.CLIENT, kit.clientScenarios(), bind == null ? "127.0.0.1" : bind, List.of(server.getLocalPort()), clients, null,
                    recorder, settings, only, listener);
        } finally {
            for (Socket s : clients) {
                s.close();
            }
        }
    }

    private static Report run(ConformanceKit kit, Role role, List<Scenario> all, String host, List<Integer> ports, BlockingQueue<Socket> clients,
            ConformanceKit.ClientListener own, FrameRecorder recorder, KitSettings settings, Predicate<String> only, Listener listener) {
        Instant started = Instant.now();
        long t0 = System.nanoTime();
        String runId = ScenarioContext.newRunId();
        Map<String, Object> shared = new HashMap<>();
        List<Scenario> scenarios = all.stream().filter(s -> only.test(s.name())).toList();
        List<ScenarioResult> results = new ArrayList<>();
        int index = 0;
        for (Scenario s : scenarios) {
            index++;
            listener.started(s, index, scenarios.size());
            int first = recorder.size();
            long s0 = System.nanoTime();
            ScenarioContext ctx = new ScenarioContext(s, settings, kit.codec(), recorder, host, ports, clients, own, shared, runId);
            Status status;
            String note = "";
            try {
                s.body().run(ctx);
                status = Status.PASSED;
            } catch (ScenarioContext.CheckFailed e) {
                status = Status.FAILED;
            } catch (ScenarioContext.Skipped e) {
                status = Status.SKIPPED;
                note = e.getMessage();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                status = Status.ERROR;
                note = "interrupted";
            } catch (Exception | AssertionError e) {
                status = Status.ERROR;
                note = e.getMessage() == null ? e.toString() : e.getMessage();
            } finally {
                ctx.closeWires();
            }
            if (status == Status.PASSED && ctx.results().stream().anyMatch(c -> c.outcome() == CheckResult.Outcome.NOT_REACHED)) {
                // a scenario whose body returned early without passing all its checks did not show them
                note = "some checks were not reached";
            }
            // frames of closing wires may still arrive: give them a moment to be recorded with this scenario
            sleepQuietly(Duration.ofMillis(20));
            ScenarioResult r = new ScenarioResult(s.name(), s.description(), status, note, Duration.ofNanos(System.nanoTime() - s0), ctx.results(),
                    first, recorder.size());
            results.add(r);
            listener.finished(r, recorder.since(first).subList(0, r.endFrame() - first));
        }
        String portText = ports.stream().map(String::valueOf).collect(java.util.stream.Collectors.joining(","));
        String target = role == Role.SERVER ? host + ":" + portText : "port " + portText;
        return new Report(kit.protocol(), kit.title(), role, target, started, Duration.ofNanos(System.nanoTime() - t0), results, recorder.frames());
    }

    /**
     * Settings with which a component that keeps the rules would fail are refused ({@link ConformanceKit#unfair}).
     *
     * @throws IllegalArgumentException with the kit's reason
     */
    private static void refuseUnfair(ConformanceKit kit, Role role, KitSettings settings) {
        kit.unfair(role, settings).ifPresent(why -> {
            throw new IllegalArgumentException(why);
        });
    }

    private static void sleepQuietly(Duration d) {
        try {
            Thread.sleep(d.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
