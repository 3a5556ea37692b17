package org.boardlab.protocol.dots.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.PipedReader;
import java.io.PipedWriter;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.assertj.core.api.InstanceOfAssertFactories;
import org.boardlab.ai.basic.RandomPlayer;
import org.boardlab.client.TerminalClient;
import org.boardlab.conform.Check;
import org.boardlab.conform.ConformanceRunner;
import org.boardlab.conform.Frame;
import org.boardlab.conform.KitSettings;
import org.boardlab.conform.Report;
import org.boardlab.conform.Reports;
import org.boardlab.conform.Scenario;
import org.boardlab.conform.testing.KitHarness;
import org.boardlab.game.dots.Dots;
import org.boardlab.protocol.dots.DotsWire;
import org.boardlab.protocol.dots.internal.BayeuxRelay.Up;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The Dots client kit with boardlab's own Dots client ({@code boardlab client dots --name student
 * --player random}, run in-process: {@link DotsTerminalClient}): every check passes. Then broken
 * clients: the same client behind a {@link BayeuxRelay} that changes one thing it sends (a form, an
 * auth, a heartbeat, a move, an answer), and exactly that check fails, with the frames that show it.
 * A broken client runs only the scenario that makes its check.
 */
class DotsClientKitTest {

    private static final DotsKit KIT = new DotsKit();
    /**
     * The broken clients beat every second (room for a busy machine's pauses, with four of them at once, which a
     * failure of exactly one check must not depend on); the whole kit runs with boardlab's client as it ships, a
     * heartbeat every 5 s ({@link DotsWebClient#HEARTBEAT}). The kit's server drops a client silent for the
     * shortest silence limit the kit takes, 7 s.
     */
    private static final Duration BEAT = Duration.ofSeconds(1);
    private static final Duration SILENCE = DotsClientKit.SHORTEST_IDLE;

    /** {@code --fast}, the kit's server's silence 7 s, 8 s for the client's answers (only a failing check waits that long), 20 s to log in. */
    private static KitSettings settings() {
        return KitHarness.settings(Duration.ofSeconds(5)).withIdleTime(SILENCE).withAnswerTime(Duration.ofSeconds(8))
                .withClientWait(Duration.ofSeconds(20));
    }

    /** {@code boardlab client dots} with a random player that accepts every invitation, run on a thread of its own. */
    private static final class Student implements AutoCloseable {
        final PipedWriter keyboard = new PipedWriter();
        final PrintWriter typing = new PrintWriter(keyboard, true);
        final StringWriter screen = new StringWriter();
        final CompletableFuture<Integer> exit = new CompletableFuture<>();

        Student(int port, Duration beat) throws IOException {
            BufferedReader typed = new BufferedReader(new PipedReader(keyboard, 1 << 16));
            typing.println("secret-student");
            DotsTerminalClient client = new DotsTerminalClient(beat);
            TerminalClient.AutoPlay auto = new TerminalClient.AutoPlay("random", new RandomPlayer(), new Dots(), Duration.ofSeconds(5), null, 0);
            Thread t = new Thread(() -> {
                try {
                    exit.complete(client.run("127.0.0.1", port, "student", auto, typed, new PrintWriter(screen, true)));
                } catch (Exception e) {
                    exit.completeExceptionally(e);
                }
            }, "student-dots-client");
            t.setDaemon(true);
            t.start();
        }

        @Override
        public void close() throws Exception {
            typing.println("quit");
            try {
                exit.get(15, TimeUnit.SECONDS);
            } catch (java.util.concurrent.TimeoutException e) {
                // the kit's server is gone: the client gives up on its own (a daemon thread); what it printed tells why
                System.out.println("[student] still running 15 s after quit:\n" + screen);
            } finally {
                typing.close();
            }
        }
    }

    /**
     * The client kit with boardlab's client beating every {@code beat}, through a relay that changes what it sends by
     * {@code up} (its answers by {@code down}).
     */
    private static Report run(Predicate<String> only, Duration beat, Up up, BayeuxRelay.Mutation down, List<Student> students) throws Exception {
        List<AutoCloseable> open = new ArrayList<>();
        try {
            Report r = ConformanceRunner.runClient(KIT, null, 0, settings(), only, new ConformanceRunner.Listener() {
                @Override
                public void listening(int port) {
                    try {
                        int target = port;
                        if (up != null) {
                            BayeuxRelay relay = new BayeuxRelay(port, up, down == null ? x -> { } : down);
                            open.add(relay);
                            target = relay.port();
                        }
                        Student s = new Student(target, beat);
                        students.add(s);
                        open.add(0, s);
                    } catch (Exception e) {
                        throw new IllegalStateException(e);
                    }
                }
            });
            System.out.println("[conform] " + Reports.summary(r));
            return r;
        } finally {
            for (AutoCloseable c : open) {
                c.close();
            }
        }
    }

    /** At the shortest silence limit the kit takes, with the client's heartbeat as it ships (every 5 s). */
    @Test
    void theClientKitPassesWithBoardlabsClient() throws Exception {
        assertThat(KIT.unfair(Report.Role.CLIENT, settings())).isEmpty();
        List<Student> students = new ArrayList<>();
        Report r = run(s -> true, DotsWebClient.HEARTBEAT, null, null, students);
        KitHarness.assertPassed(r);
        assertThat(r.count(Report.Status.PASSED)).isEqualTo(KIT.clientScenarios().size());
        assertThat(Reports.junit(r)).contains("<testsuite name=\"conform.dots.client\"").contains("dots.client.refused-move")
                .doesNotContain("<failure");
        // the client's frames: its login form, its messages with their auth, what the kit's server sent it
        List<Frame> client = r.frames().stream().filter(f -> f.connection().equals(DotsClientServer.CLIENT)).toList();
        assertThat(client).anySatisfy(f -> assertThat(f.decoded()).startsWith("POST /auth name=student&password=secret-student"));
        assertThat(client).anySatisfy(f -> assertThat(f.decoded()).startsWith("HTTP 200 application/json"));
        assertThat(client).filteredOn(f -> f.direction() == Frame.Direction.RECEIVED && f.decoded().contains("\"type\":\"move\""))
                .hasSizeGreaterThan(DotsClientKit.LONG_MOVES).allSatisfy(f -> assertThat(f.decoded()).contains("\"auth\""));
        assertThat(client).anySatisfy(f -> assertThat(f.decoded()).contains("500::Server error"));
        assertThat(client).anySatisfy(f -> assertThat(f.decoded()).contains("\"type\":\"gameover\""));
        // as the Conformance view shows them in the inspector: every frame read by the protocol's describer, none an error
        DotsProtocol describer = new DotsProtocol();
        assertThat(client).filteredOn(f -> f.direction() != Frame.Direction.EVENT).allSatisfy(f -> assertThat(
                describer.describe(f.raw(), f.direction() == Frame.Direction.RECEIVED).error()).as(f.decoded()).isNull());
        assertThat(client).anySatisfy(f -> assertThat(describer.describe(f.raw(), false).type()).isEqualTo("http 200"));
        // the client itself saw the games as the kit played them
        assertThat(students.get(0).screen.toString()).contains("logged in as student").contains("refused: 500::Server error")
                .contains("game over").doesNotContain("not legal on this client's board");
    }

    /**
     * A client that is not boardlab's: {@code src/test/node/student.js}, written on the npm faye client as
     * a student writes one (long-polling), passes every scenario.
     */
    @Test
    void theClientKitPassesWithAStudentsFayeClient() throws Exception {
        Path node = Path.of("src", "test", "node");
        assertThat(node.resolve("node_modules/faye/package.json"))
                .as("npm faye is missing: run `npm install` in " + node.toAbsolutePath() + " (.ci/run does)").exists();
        List<Process> started = new ArrayList<>();
        Path log = Path.of("target", "faye-student.log");
        Files.createDirectories(log.getParent());
        try {
            Report r = ConformanceRunner.runClient(KIT, null, 0, settings(), s -> true, new ConformanceRunner.Listener() {
                @Override
                public void listening(int port) {
                    try {
                        started.add(new ProcessBuilder("node", "student.js", "http://127.0.0.1:" + port, "faye-student", "secret-faye", "faye")
                                .directory(node.toFile()).redirectErrorStream(true).redirectOutput(log.toFile()).start());
                    } catch (IOException e) {
                        throw new IllegalStateException(e);
                    }
                }
            });
            System.out.println("[conform] " + Reports.summary(r));
            KitHarness.assertPassed(r);
            assertThat(r.frames()).anySatisfy(f -> assertThat(f.decoded()).startsWith("POST /auth name=faye-student&password=secret-faye"));
        } finally {
            for (Process p : started) {
                p.destroy();
                if (!p.waitFor(5, TimeUnit.SECONDS)) {
                    p.destroyForcibly();
                }
            }
        }
        assertThat(Files.readString(log)).contains("logged in as faye-student").contains("refused: 500").contains("game over");
    }

    @Test
    void withFastAndNoIdleTimeTheSilenceScenarioIsSkippedAndSaysSo() throws Exception {
        Report r = ConformanceRunner.runClient(KIT, null, 0, KitSettings.defaults().withFast(true), s -> s.equals("silence"),
                new ConformanceRunner.Listener() { });
        assertThat(r.results()).extracting(Report.ScenarioResult::status).containsExactly(Report.Status.SKIPPED);
        assertThat(r.results().get(0).note()).contains("--idle-time");
    }

    /**
     * A silence limit under the heartbeat (5 s) and 2 s for it to arrive fails a client that keeps the rules: the kit
     * says so and the runner will not open its port with it; the server kit takes any limit (the server's own).
     */
    @Test
    void anIdleTimeAClientKeepingTheHeartbeatCannotMeetIsRefused() {
        KitSettings fast = KitSettings.defaults().withFast(true);
        assertThat(KIT.unfair(Report.Role.CLIENT, fast)).isEmpty();
        assertThat(KIT.unfair(Report.Role.CLIENT, fast.withIdleTime(Duration.ofSeconds(7)))).isEmpty();
        assertThat(KIT.unfair(Report.Role.CLIENT, fast.withIdleTime(Duration.ofMillis(6_999)))).get(InstanceOfAssertFactories.STRING)
                .startsWith("--idle-time 6.999 is too short for the dots client kit: give 7 or more.").contains("a heartbeat every 5 s");
        assertThat(KIT.unfair(Report.Role.SERVER, fast.withIdleTime(Duration.ofSeconds(3)))).isEmpty();
        assertThatThrownBy(() -> ConformanceRunner.runClient(KIT, null, 0, fast.withIdleTime(Duration.ofSeconds(3)),
                s -> true, new ConformanceRunner.Listener() {
                    @Override
                    public void listening(int port) {
                        throw new AssertionError("listened on " + port + " with an unfair silence limit");
                    }
                })).isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("--idle-time 3 is too short");
    }

    @Test
    void noClientIsAFailureThatSaysSo() throws Exception {
        Report r = ConformanceRunner.runClient(KIT, null, 0, settings().withClientWait(Duration.ofMillis(500)), s -> s.equals("login"),
                new ConformanceRunner.Listener() { });
        assertThat(r.failed()).isTrue();
        assertThat(Reports.failures(r)).contains("dots.client.setup").contains("no login within");
    }

    // ------------------------------------------------------------------ broken clients

    private static boolean isGame(Object channel) {
        String c = String.valueOf(channel);
        return c.startsWith(DotsWire.GAME_CHANNEL_PREFIX) && !c.equals(DotsWire.QUEUE_CHANNEL);
    }

    /** Changes each message the client publishes on a channel {@code channel} accepts with data of {@code type}. */
    private static Up publishes(Predicate<Object> channel, String type, Function<Map<String, Object>, List<Map<String, Object>>> change) {
        return r -> r.eachUp(m -> channel.test(m.get("channel")) && type.equals(BayeuxRelay.type(m)) ? change.apply(m) : List.of(m));
    }

    /** Changes the data of each such publish. */
    private static Up data(Predicate<Object> channel, String type, java.util.function.UnaryOperator<Map<String, Object>> change) {
        return publishes(channel, type, m -> List.of(BayeuxRelay.withData(m, change)));
    }

    private static Up dropped(Predicate<Object> channel, String type) {
        return publishes(channel, type, m -> List.of());
    }

    private static Up subscribeWithoutAuth(Predicate<Object> subscription) {
        return r -> r.eachUp(m -> {
            if ("/meta/subscribe".equals(m.get("channel")) && subscription.test(m.get("subscription"))) {
                Map<String, Object> c = new LinkedHashMap<>(m);
                c.remove("auth");
                return List.of(c);
            }
            return List.of(m);
        });
    }

    private static final Predicate<Object> QUEUE = DotsWire.QUEUE_CHANNEL::equals;
    private static final Predicate<Object> GAME = DotsClientKitTest::isGame;

    /** A broken client: the check it breaks, what its relay changes on the way up and (to know what it saw) down. */
    record Broken(Check check, Up up, BayeuxRelay.Mutation down) {
        @Override
        public String toString() {
            return check.id();
        }
    }

    static Stream<Arguments> brokenClients() {
        // the kit's player's last move as the client saw it: a busy point to move to
        AtomicReference<Map<String, Object>> kitPoint = new AtomicReference<>();
        BayeuxRelay.Mutation seeKitMoves = x -> x.eachDown(m -> {
            if (isGame(m.get("channel")) && "move".equals(BayeuxRelay.type(m)) && Integer.valueOf(1).equals(BayeuxRelay.data(m).get("player"))) {
                @SuppressWarnings("unchecked")
                Map<String, Object> p = (Map<String, Object>) BayeuxRelay.data(m).get("point");
                kitPoint.set(p);
            }
            return m;
        });
        AtomicBoolean refused = new AtomicBoolean();
        BayeuxRelay.Mutation seeRefusal = x -> x.eachDown(m -> {
            if ("500::Server error".equals(m.get("error"))) {
                refused.set(true);
            }
            return m;
        });
        AtomicBoolean inGame = new AtomicBoolean();
        AtomicInteger moves = new AtomicInteger();
        AtomicInteger lobbyBeats = new AtomicInteger();
        AtomicInteger gameBeats = new AtomicInteger();
        return Stream.of(
                // the login as JSON, not a form
                new Broken(DotsClientKit.AUTH_FORM, r -> {
                    if (r.path.equals("/auth")) {
                        Map<String, String> form = new LinkedHashMap<>();
                        for (String pair : r.body.split("&")) {
                            String[] kv = pair.split("=", 2);
                            form.put(java.net.URLDecoder.decode(kv[0], java.nio.charset.StandardCharsets.UTF_8),
                                    kv.length < 2 ? "" : java.net.URLDecoder.decode(kv[1], java.nio.charset.StandardCharsets.UTF_8));
                        }
                        r.body = Json.write(form);
                        r.contentType = "application/json";
                    }
                }, null),
                new Broken(DotsClientKit.SUBSCRIBE_AUTH, subscribeWithoutAuth(QUEUE), null),
                new Broken(DotsClientKit.LOBBY_HEARTBEAT, dropped(QUEUE, "heartbeat"), null),
                // the auth inside ext, where the seed's server does not look
                new Broken(DotsClientKit.PUBLISH_AUTH, publishes(QUEUE, "heartbeat", m -> {
                    Map<String, Object> c = new LinkedHashMap<>(m);
                    c.put("ext", Map.of("auth", c.remove("auth")));
                    return List.of(c);
                }), null),
                new Broken(DotsClientKit.ACCEPT, data(QUEUE, "accept", d -> {
                    d.put("target", "0");
                    return d;
                }), null),
                new Broken(DotsClientKit.LOBBY_QUIT, dropped(QUEUE, "quit"), null),
                new Broken(DotsClientKit.GAME_SUBSCRIBE, subscribeWithoutAuth(GAME), null),
                new Broken(DotsClientKit.GAME_HEARTBEAT, dropped(GAME, "heartbeat"), null),
                // the point's coordinates as strings
                new Broken(DotsClientKit.MOVE, data(GAME, "move", d -> {
                    Map<?, ?> p = (Map<?, ?>) d.get("point");
                    d.put("point", Map.of("x", String.valueOf(p.get("x")), "y", String.valueOf(p.get("y"))));
                    return d;
                }), null),
                // every move sent twice
                new Broken(DotsClientKit.TURN, publishes(GAME, "move", m -> {
                    Map<String, Object> again = new LinkedHashMap<>(m);
                    again.put("id", m.get("id") + "-again");
                    return List.of(m, again);
                }), null),
                // the move to the kit's last point
                new Broken(DotsClientKit.FREE_POINT, data(GAME, "move", d -> {
                    if (kitPoint.get() != null) {
                        d.put("point", kitPoint.get());
                    }
                    return d;
                }), seeKitMoves),
                // never back in the lobby after a game
                new Broken(DotsClientKit.BACK_TO_LOBBY, r -> r.eachUp(m -> {
                    if (isGame(m.get("channel")) && BayeuxRelay.data(m) != null) {
                        inGame.set(true);
                    }
                    return inGame.get() && QUEUE.test(m.get("channel")) && "heartbeat".equals(BayeuxRelay.type(m)) ? List.of() : List.of(m);
                }), null),
                // the decline with the players' user ids as strings
                new Broken(DotsClientKit.OFFER_ANSWER, data(GAME, "decline", d -> {
                    d.put("init", String.valueOf(d.get("init")));
                    return d;
                }), null),
                // after a refused move, its moves never reach the server
                new Broken(DotsClientKit.REFUSED_MOVE, publishes(GAME, "move", m -> refused.get() ? List.of() : List.of(m)), seeRefusal),
                // the 31st move and those after it never reach the server
                new Broken(DotsClientKit.LONG_GAME, publishes(GAME, "move", m -> moves.incrementAndGet() > 30 ? List.of() : List.of(m)), null),
                // one heartbeat in the lobby, then none
                new Broken(DotsClientKit.LOBBY_SILENCE, publishes(QUEUE, "heartbeat", m -> lobbyBeats.incrementAndGet() > 1 ? List.of() : List.of(m)), null),
                // one heartbeat in the game, then none
                new Broken(DotsClientKit.GAME_SILENCE, publishes(GAME, "heartbeat", m -> gameBeats.incrementAndGet() > 1 ? List.of() : List.of(m)), null))
                .map(Arguments::of);
    }

    @Test
    void everyClientCheckHasABrokenClient() {
        KitHarness.assertEveryCheckBroken(brokenClients().map(a -> ((Broken) a.get()[0]).check()), KIT.clientScenarios(), DotsClientKit.SETUP);
    }

    /** The first scenario that makes {@code check}. */
    private static Set<String> scenarioOf(Check check) {
        return KIT.clientScenarios().stream().filter(s -> s.checks().contains(check)).map(Scenario::name).limit(1).collect(Collectors.toSet());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("brokenClients")
    @Execution(ExecutionMode.CONCURRENT)
    void aClientBreakingOneRuleFailsExactlyThatCheck(Broken broken) throws Exception {
        Set<String> only = scenarioOf(broken.check());
        Report r = run(only::contains, BEAT, broken.up(), broken.down(), new ArrayList<>());
        KitHarness.assertExactly(r, broken.check(), DotsClientKit.SETUP);
    }
}
