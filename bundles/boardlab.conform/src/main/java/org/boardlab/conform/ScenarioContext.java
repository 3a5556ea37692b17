package org.boardlab.conform;

import java.io.IOException;
import java.net.Socket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.stream.Collectors;

/**
 * What a scenario's body works with: connections to the component under test, its settings, and the
 * checks. A check passes with {@link #pass}; it fails with {@link #fail} (or an expectation that is
 * not met), which records the expected and the received frames and stops the scenario.
 */
public final class ScenarioContext {

    private final Scenario scenario;
    private final KitSettings settings;
    private final FrameCodec codec;
    private final FrameRecorder recorder;
    private final String host;
    private final int port;
    private final List<Integer> ports;
    private final BlockingQueue<Socket> clients;
    private final ConformanceKit.ClientListener clientListener;
    private final Map<String, Object> shared;
    private final String runId;
    private final List<Wire> wires = new ArrayList<>();
    private final Map<Check, CheckResult> results = new LinkedHashMap<>();

    ScenarioContext(Scenario scenario, KitSettings settings, FrameCodec codec, FrameRecorder recorder, String host, List<Integer> ports,
            BlockingQueue<Socket> clients, ConformanceKit.ClientListener clientListener, Map<String, Object> shared, String runId) {
        this.scenario = scenario;
        this.settings = settings;
        this.codec = codec;
        this.recorder = recorder;
        this.host = host;
        this.ports = List.copyOf(ports);
        this.port = ports.get(0);
        this.clients = clients;
        this.clientListener = clientListener;
        this.shared = shared;
        this.runId = runId;
    }

    /** Thrown by a failed check: ends the scenario. */
    public static final class CheckFailed extends RuntimeException {
        private static final long serialVersionUID = 1L;

        CheckFailed(Check check) {
            super(check.id(), null, false, false);
        }
    }

    /** Thrown by {@link #skip}: the scenario is not run, with the reason. */
    public static final class Skipped extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Skipped(String reason) {
            super(reason, null, false, false);
        }
    }

    /** The run's settings. */
    public KitSettings settings() {
        return settings;
    }

    /** The frames of the whole run. */
    public FrameRecorder recorder() {
        return recorder;
    }

    /** The server's host (server kits). */
    public String host() {
        return host;
    }

    /** The server's port (server kits), or the port the kit listens on (client kits). */
    public int port() {
        return port;
    }

    /**
     * Every port of the server under test, as {@link ConformanceKit#serverPorts} read them (a
     * protocol whose server opens several, e.g. seed 004's Game Master: black, white, controller);
     * the first is {@link #port()}.
     */
    public List<Integer> ports() {
        return ports;
    }

    /**
     * What the scenarios of one run share (client kits: the client's connection from one scenario
     * to the next).
     */
    public Map<String, Object> shared() {
        return shared;
    }

    /**
     * A name no other run uses, for logging in: {@code base} and 4 letters of this run's id, at most
     * {@code 20} characters, e.g. {@code ann_k3f9}.
     */
    public String name(String base) {
        String n = base + "_" + runId;
        return n.length() > 20 ? n.substring(0, 20) : n;
    }

    /** Connects to the server under test as {@code name}; closed when the scenario ends. */
    public Wire connect(String name) throws IOException {
        return connect(name, port);
    }

    /** Connects to another port of the server under test ({@link #ports()}); closed when the scenario ends. */
    public Wire connect(String name, int toPort) throws IOException {
        Wire w = Wire.connect(name, host, toPort, codec, recorder, settings.answerTime());
        wires.add(w);
        return w;
    }

    /**
     * The next connection the client under test makes, waiting up to {@link KitSettings#clientWait()};
     * it stays open after the scenario (a client kit's later scenarios use it through {@link #shared()}).
     *
     * @throws IOException if no client connected in time
     */
    public Wire acceptClient(String name, Duration wait) throws IOException, InterruptedException {
        if (clients == null) {
            throw new IllegalStateException("a server kit's scenario cannot accept clients");
        }
        Socket s = clients.poll(wait.toNanos(), TimeUnit.NANOSECONDS);
        if (s == null) {
            throw new IOException("no client connected to port " + port + " within " + wait.toSeconds() + " s");
        }
        return new Wire(name, s, codec, recorder, false);
    }

    /**
     * The kit's own server of a client kit that has one ({@link ConformanceKit#listenForClients}), or
     * {@code null}.
     */
    public ConformanceKit.ClientListener clientListener() {
        return clientListener;
    }

    /** The check passed. */
    public void pass(Check check) {
        own(check);
        results.putIfAbsent(check, CheckResult.passed(check));
    }

    /**
     * The check failed: records what was expected, what was received and the frames that show it,
     * and ends the scenario.
     *
     * @throws CheckFailed always
     */
    public CheckFailed fail(Check check, String expected, String received, List<Frame> evidence) {
        own(check);
        results.put(check, CheckResult.failed(check, expected, received, evidence.stream().map(Frame::seq).toList()));
        throw new CheckFailed(check);
    }

    /** Skips the scenario with the reason (e.g. a time limit not given with {@code --fast}). */
    public Skipped skip(String reason) {
        throw new Skipped(reason);
    }

    /**
     * The component's time per move: the one given ({@code --move-time}), else the protocol's
     * default; with {@code --fast} and none given, the scenario is skipped.
     */
    public Duration moveTime(Duration protocolDefault) {
        if (settings.moveTime().isPresent()) {
            return settings.moveTime().get();
        }
        if (settings.fast()) {
            throw skip("waits for the time per move (" + seconds(protocolDefault) + " by the protocol): with --fast it runs only when "
                    + "the component's shorter time is given with --move-time S");
        }
        return protocolDefault;
    }

    /**
     * The component's silence limit: the one given ({@code --idle-time}), else the protocol's
     * default; with {@code --fast} and none given, the scenario is skipped.
     */
    public Duration idleTime(Duration protocolDefault) {
        if (settings.idleTime().isPresent()) {
            return settings.idleTime().get();
        }
        if (settings.fast()) {
            throw skip("waits for the silence limit (" + seconds(protocolDefault) + " by the protocol): with --fast it runs only when "
                    + "the component's shorter limit is given with --idle-time S");
        }
        return protocolDefault;
    }

    private void own(Check check) {
        if (!scenario.checks().contains(check)) {
            throw new IllegalStateException("scenario " + scenario.name() + " does not declare check " + check.id());
        }
    }

    /**
     * Waits for a frame that {@code wanted} accepts, passing over the wire's
     * {@linkplain Wire#ignoring ignored} frames. Any other frame, the connection's end or nothing
     * within {@link KitSettings#answerTime()} fails the check.
     *
     * @param expected the frame wanted in words, for the report
     */
    public Frame expect(Wire wire, Check check, String expected, Predicate<Frame> wanted) throws InterruptedException {
        return expect(wire, check, expected, wanted, settings.answerTime());
    }

    /** {@link #expect(Wire, Check, String, Predicate)} with a time of its own. */
    public Frame expect(Wire wire, Check check, String expected, Predicate<Frame> wanted, Duration within) throws InterruptedException {
        List<Frame> seen = new ArrayList<>();
        long until = System.nanoTime() + within.toNanos();
        while (true) {
            long left = until - System.nanoTime();
            Frame f = left <= 0 ? null : wire.next(Duration.ofNanos(left));
            if (f == null) {
                throw fail(check, expected, "nothing within " + seconds(within) + (seen.isEmpty() ? "" : " (passed over: " + lines(seen) + ")"),
                        withLastSent(wire, seen));
            }
            if (wire.isClosingEvent(f)) {
                seen.add(f);
                throw fail(check, expected, "the connection ended: " + f.decoded(), seen);
            }
            if (wanted.test(f)) {
                return f;
            }
            seen.add(f);
            if (!wire.ignored().test(f)) {
                throw fail(check, expected, f.decoded(), seen);
            }
        }
    }

    /**
     * Waits for the component to close the connection, passing over frames {@code allowed} accepts
     * (and the ignored ones).
     */
    public Frame expectClosed(Wire wire, Check check, String expected, Predicate<Frame> allowed, Duration within) throws InterruptedException {
        List<Frame> seen = new ArrayList<>();
        long until = System.nanoTime() + within.toNanos();
        while (true) {
            long left = until - System.nanoTime();
            Frame f = left <= 0 ? null : wire.next(Duration.ofNanos(left));
            if (f == null) {
                throw fail(check, expected, "the connection was still open after " + seconds(within), withLastSent(wire, seen));
            }
            seen.add(f);
            if (wire.isClosingEvent(f)) {
                return f;
            }
            if (!allowed.test(f) && !wire.ignored().test(f)) {
                throw fail(check, expected, f.decoded(), seen);
            }
        }
    }

    /**
     * Watches the wire for {@code during}: a frame {@code forbidden} accepts fails the check. Returns
     * the frames that came (none of them forbidden); stops early if the connection ends.
     */
    public List<Frame> expectNone(Wire wire, Check check, String expected, Predicate<Frame> forbidden, Duration during) throws InterruptedException {
        List<Frame> seen = new ArrayList<>();
        long until = System.nanoTime() + during.toNanos();
        while (true) {
            long left = until - System.nanoTime();
            if (left <= 0) {
                return seen;
            }
            Frame f = wire.next(Duration.ofNanos(left));
            if (f == null) {
                return seen;
            }
            seen.add(f);
            if (wire.isClosingEvent(f)) {
                return seen;
            }
            if (forbidden.test(f)) {
                throw fail(check, expected, f.decoded(), seen);
            }
        }
    }

    /**
     * Waits up to {@code within} for a frame that {@code wanted} accepts, passing over every other
     * frame; {@code null} if none came or the connection ended. Checks nothing: for traffic that may
     * or may not come (a retry).
     */
    public Frame poll(Wire wire, Predicate<Frame> wanted, Duration within) throws InterruptedException {
        long until = System.nanoTime() + within.toNanos();
        while (true) {
            long left = until - System.nanoTime();
            Frame f = left <= 0 ? null : wire.next(Duration.ofNanos(left));
            if (f == null || wire.isClosingEvent(f)) {
                return null;
            }
            if (wanted.test(f)) {
                return f;
            }
        }
    }

    /** The frames seen, after the last frame the kit sent on the wire (what got no answer). */
    private static List<Frame> withLastSent(Wire wire, List<Frame> seen) {
        List<Frame> out = new ArrayList<>();
        Frame sent = wire.lastSent();
        if (sent != null) {
            out.add(sent);
        }
        out.addAll(seen);
        return out;
    }

    static String seconds(Duration d) {
        return d.toMillis() % 1000 == 0 ? d.toSeconds() + " s" : String.format("%.1f s", d.toMillis() / 1000.0);
    }

    static String lines(List<Frame> frames) {
        return frames.stream().map(Frame::decoded).collect(Collectors.joining(" | "));
    }

    List<CheckResult> results() {
        List<CheckResult> out = new ArrayList<>();
        for (Check c : scenario.checks()) {
            out.add(results.getOrDefault(c, CheckResult.notReached(c)));
        }
        return out;
    }

    void closeWires() {
        wires.forEach(Wire::close);
    }

    static String newRunId() {
        String letters = "abcdefghijkmnpqrstuvwxyz23456789";
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < 4; i++) {
            b.append(letters.charAt(ThreadLocalRandom.current().nextInt(letters.length())));
        }
        return b.toString();
    }
}
