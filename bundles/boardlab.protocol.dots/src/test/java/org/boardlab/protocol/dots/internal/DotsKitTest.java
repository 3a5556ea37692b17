package org.boardlab.protocol.dots.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;
import java.util.function.UnaryOperator;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.boardlab.conform.Check;
import org.boardlab.conform.ConformanceRunner;
import org.boardlab.conform.KitSettings;
import org.boardlab.conform.Report;
import org.boardlab.conform.Reports;
import org.boardlab.conform.Scenario;
import org.boardlab.conform.testing.KitHarness;
import org.boardlab.protocol.dots.DotsWire;
import org.boardlab.protocol.dots.internal.BayeuxRelay.Exchange;
import org.boardlab.protocol.dots.internal.BayeuxRelay.Mutation;
import org.eclipse.jetty.http.HttpHeader;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The Dots kit against boardlab's own Dots server (every check passes), and against broken ones: a
 * {@link BayeuxRelay} in front of the real server breaks exactly one rule, and exactly that check fails
 * (besides {@code dots.setup}, which scenarios report when what they need first does not work), with
 * the frames that show it. A broken server runs the scenarios that make its check (an account is two
 * slow password hashes: the whole kit for each of 30 broken servers would cost minutes of CPU).
 */
class DotsKitTest {

    /**
     * The test server drops a silent player after 5 s (the seed's 10 s is too long for a test; 3 s, DotsBayeuxTest's,
     * leaves the kit's heartbeats, every third of it, too little room on a busy machine).
     */
    private static final Duration SILENCE = Duration.ofSeconds(5);
    private static final DotsWire.Timers TIMERS = new DotsWire.Timers(SILENCE, Duration.ofSeconds(15), Duration.ofMillis(100), Duration.ofMinutes(30));
    private static final DotsKit KIT = new DotsKit();
    private static DotsTestServer server;

    @BeforeAll
    static void start() {
        server = new DotsTestServer(TIMERS);
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    /**
     * {@code --fast}, the server's 5 s silence given (the kit's players beat every 1.7 s), 10 s for an
     * answer (a login is a slow hash; only a check that fails waits that long).
     */
    private static KitSettings settings() {
        return KitHarness.settings(Duration.ofSeconds(5)).withIdleTime(SILENCE).withAnswerTime(Duration.ofSeconds(10));
    }

    @Test
    void theServerKitPassesAgainstBoardlabsServer() {
        Report r = KitHarness.runServer(KIT, server.port(), settings(), s -> true);
        KitHarness.assertPassed(r);
        assertThat(r.count(Report.Status.PASSED)).isEqualTo(KIT.serverScenarios().size());
        String xml = Reports.junit(r);
        assertThat(xml).contains("<testsuite name=\"conform.dots.server\"").contains("dots.move.capture").doesNotContain("<failure");
        // the frames: the HTTP exchanges and the Bayeux messages, the kit's auth on what it sent, none on what it received
        assertThat(r.frames()).anySatisfy(f -> assertThat(f.decoded()).startsWith("POST /register name=reg_"));
        assertThat(r.frames()).anySatisfy(f -> assertThat(f.decoded()).startsWith("HTTP 200 application/json"));
        assertThat(r.frames()).anySatisfy(f -> assertThat(f.decoded()).contains("\"channel\":\"/meta/handshake\""));
        assertThat(r.frames()).filteredOn(f -> f.direction() == org.boardlab.conform.Frame.Direction.RECEIVED && f.decoded().contains("\"type\":\"move\""))
                .isNotEmpty().allSatisfy(f -> assertThat(f.decoded()).doesNotContain("\"auth\""));
        assertThat(Reports.html(r)).contains("406::Point is busy").contains("ended by agreement at the current score");
    }

    @Test
    void withFastAndNoIdleTimeTheSilenceScenarioIsSkippedAndSaysSo() {
        Report r = ConformanceRunner.runServer(KIT, "127.0.0.1", server.port(), KitSettings.defaults().withFast(true), s -> s.equals("silence"),
                new ConformanceRunner.Listener() { });
        assertThat(r.results()).extracting(Report.ScenarioResult::status).containsExactly(Report.Status.SKIPPED);
        assertThat(r.results().get(0).note()).contains("--idle-time");
        assertThat(r.failed()).isFalse();
    }

    @Test
    void aServerThatIsNotThereIsAnErrorNotAPass() {
        Report r = ConformanceRunner.runServer(KIT, "127.0.0.1", 1, settings(), s -> s.equals("accounts"), new ConformanceRunner.Listener() { });
        assertThat(r.results().get(0).status()).isEqualTo(Report.Status.ERROR);
        assertThat(r.results().get(0).note()).contains("cannot reach http://127.0.0.1:1");
        assertThat(r.failed()).isTrue();
    }

    // ------------------------------------------------------------------ broken servers

    /** Rewrites the answers to requests of {@code path} whose form or query has {@code key} starting with {@code prefix}. */
    private static Mutation http(String path, String key, String prefix, java.util.function.Consumer<Exchange> change) {
        return x -> {
            String v = key == null ? "" : x.param(key);
            if (x.path.equals(path) && v != null && v.startsWith(prefix)) {
                change.accept(x);
            }
        };
    }

    /** Changes the delivered messages (they carry data) of this type on channels that {@code channel} accepts. */
    private static Mutation delivered(Predicate<String> channel, String type, UnaryOperator<Map<String, Object>> change) {
        return x -> x.eachDown(m -> m.containsKey("data") && channel.test(String.valueOf(m.get("channel"))) && type.equals(BayeuxRelay.type(m))
                ? BayeuxRelay.withData(m, change) : m);
    }

    private static Predicate<String> queue() {
        return DotsWire.QUEUE_CHANNEL::equals;
    }

    private static Predicate<String> game() {
        return c -> c.startsWith(DotsWire.GAME_CHANNEL_PREFIX) && !c.equals(DotsWire.QUEUE_CHANNEL);
    }

    /**
     * Changes the replies whose error is {@code error} to messages the request of the same id
     * ({@code sent}) accepts: {@code reply} gives the new reply.
     */
    private static Mutation reply(String error, Predicate<Map<String, Object>> sent, UnaryOperator<Map<String, Object>> change) {
        return x -> x.eachDown(m -> {
            if (!error.equals(m.get("error"))) {
                return m;
            }
            Map<String, Object> request = x.sent(m.get("id"));
            return request != null && sent.test(request) ? change.apply(new java.util.LinkedHashMap<>(m)) : m;
        });
    }

    /** A refusal turned into a success. */
    private static UnaryOperator<Map<String, Object>> accepted() {
        return m -> {
            m.put("successful", true);
            m.remove("error");
            return m;
        };
    }

    /** A refusal with another error. */
    private static UnaryOperator<Map<String, Object>> error(String other) {
        return m -> {
            m.put("error", other);
            return m;
        };
    }

    private static Predicate<Map<String, Object>> ofType(String type) {
        return m -> type.equals(BayeuxRelay.type(m));
    }

    private static final String JSON_HEADER = "application/json;charset=utf-8";

    static Stream<Arguments> brokenServers() {
        return Stream.of(
                Arguments.of(DotsKit.REGISTERED, http("/register", "name", "reg_", x -> {
                    if (x.status == 200) {
                        x.answer(200, "Registered");
                    }
                })),
                Arguments.of(DotsKit.NAME_TAKEN, http("/register", "name", "reg_", x -> {
                    if (x.status == 406) {
                        x.answer(200, "OK!");
                    }
                })),
                Arguments.of(DotsKit.REGISTER_BAD, http("/register", "name", "nopw_", x -> x.answer(200, "OK!"))),
                Arguments.of(DotsKit.AUTH_WRONG, http("/auth", "name", "reg_", x -> {
                    if (x.status == 401) {
                        x.status = 403;
                    }
                })),
                // the id as a number, not a string
                Arguments.of(DotsKit.AUTH_OK, http("/auth", "name", "reg_", x -> x.body = x.body.replaceFirst("\"id\":\"(\\d+)\"", "\"id\":$1"))),
                Arguments.of(DotsKit.CORS, http("/register", "name", "reg_", x -> {
                    if (x.status == 406) {
                        x.headers.remove(HttpHeader.ACCESS_CONTROL_ALLOW_ORIGIN);
                    }
                })),
                // the rating as a number
                Arguments.of(DotsKit.HEARTBEAT, delivered(queue(), "heartbeat", d -> {
                    d.put("rating", Integer.parseInt(String.valueOf(d.get("rating"))));
                    return d;
                })),
                Arguments.of(DotsKit.QUEUE, http("/queue", "token", "", x -> {
                    if (x.status == 200) {
                        x.body = "{\"queue\":[]}";
                    }
                })),
                Arguments.of(DotsKit.QUEUE_TOKEN, http("/queue", "token", DotsKitPlayer.WRONG_TOKEN, x -> {
                    x.answer(200, "{\"queue\":[]}");
                    x.headers.put(HttpHeader.CONTENT_TYPE, JSON_HEADER);
                })),
                Arguments.of(DotsKit.INVITE, delivered(queue(), "request", d -> {
                    d.remove("user");
                    return d;
                })),
                Arguments.of(DotsKit.ONE_REQUEST, reply(DotsWire.ALREADY_EXISTS, ofType("request"), accepted())),
                Arguments.of(DotsKit.DECLINE, delivered(queue(), "decline", d -> null)),
                Arguments.of(DotsKit.QUIT, delivered(queue(), "quit", d -> null)),
                // the seed's documented code instead of the one its clients get
                Arguments.of(DotsKit.NO_AUTH, reply(DotsWire.AUTH_REQUIRED, m -> !m.containsKey("auth"), error("401::Authentication required"))),
                Arguments.of(DotsKit.WRONG_TOKEN, reply(DotsWire.AUTH_REQUIRED, m -> m.get("auth") instanceof Map<?, ?> a
                        && DotsKitPlayer.WRONG_TOKEN.equals(a.get("token")), accepted())),
                Arguments.of(DotsKit.UNKNOWN_CHANNEL, reply(DotsWire.UNKNOWN_CHANNEL, m -> true, accepted())),
                Arguments.of(DotsKit.GAME_NOT_FOUND, reply(DotsWire.GAME_NOT_FOUND, m -> true, error(DotsWire.UNKNOWN_CHANNEL))),
                Arguments.of(DotsKit.BAD_TYPE, reply(DotsWire.BAD_REQUEST, ofType("dance"), accepted())),
                // a body that is not JSON taken as an empty batch
                Arguments.of(DotsKit.MALFORMED, (Mutation) x -> {
                    if (x.bayeux() && x.status == 400) {
                        x.answer(200, "[]");
                        x.headers.put(HttpHeader.CONTENT_TYPE, JSON_HEADER);
                    }
                }),
                // the acceptor as player 1
                Arguments.of(DotsKit.NEWGAME, delivered(queue(), "newgame", d -> {
                    Object one = d.get("player_1");
                    d.put("player_1", d.get("player_2"));
                    d.put("player_2", one);
                    return d;
                })),
                // field as an object, not JSON text
                Arguments.of(DotsKit.GAMEDATA, http("/gamedata", "channel", "", x -> {
                    if (x.status == 200) {
                        Map<String, Object> m = parseObject(x.body);
                        m.put("field", parseObject((String) m.get("field")));
                        x.body = Json.write(m);
                    }
                })),
                Arguments.of(DotsKit.GAME_HEARTBEAT, delivered(game(), "heartbeat", d -> {
                    d.put("player", String.valueOf(d.get("player")));
                    return d;
                })),
                Arguments.of(DotsKit.OUT_OF_TURN, reply(DotsWire.NOT_ALLOWED, ofType("move"), accepted())),
                // a captured grid of 31 rows
                Arguments.of(DotsKit.MOVE, delivered(game(), "move", d -> {
                    List<?> rows = (List<?>) d.get("captured");
                    d.put("captured", rows.subList(0, rows.size() - 1));
                    return d;
                })),
                Arguments.of(DotsKit.CAPTURE, delivered(game(), "move", d -> {
                    d.put("score", List.of(0, 0, 0));
                    return d;
                })),
                Arguments.of(DotsKit.BUSY, reply(DotsWire.POINT_BUSY, ofType("move"), error(DotsWire.NOT_ALLOWED))),
                Arguments.of(DotsKit.OFF_BOARD, reply(DotsWire.BAD_REQUEST, ofType("move"), error(DotsWire.POINT_BUSY))),
                Arguments.of(DotsKit.OFFER, delivered(game(), "request", d -> {
                    d.remove("requestType");
                    return d;
                })),
                // the original's: every game a draw 0:0
                Arguments.of(DotsKit.END_AT_SCORE, delivered(game(), "gameover", d -> {
                    d.put("score_1", "0");
                    d.put("score_2", "0");
                    d.put("winner", 0);
                    return d;
                })),
                Arguments.of(DotsKit.DECLINE_OFFER, delivered(game(), "decline", d -> null)),
                // the original's: leaving does nothing
                Arguments.of(DotsKit.LEAVE, delivered(game(), "gameover", d -> null)),
                // the original's: silence does nothing
                Arguments.of(DotsKit.SILENCE, delivered(game(), "gameover", d -> null)));
    }

    private static Map<String, Object> parseObject(String text) {
        try {
            return Json.MAPPER.readValue(text, new com.fasterxml.jackson.core.type.TypeReference<Map<String, Object>>() {
            });
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    @Test
    void everyServerCheckHasABrokenServer() {
        KitHarness.assertEveryCheckBroken(brokenServers().map(a -> (Check) a.get()[0]), KIT.serverScenarios(), DotsKit.SETUP);
    }

    /** The scenarios that make {@code check}. */
    private static Set<String> scenariosOf(Check check) {
        return KIT.serverScenarios().stream().filter(s -> s.checks().contains(check)).map(Scenario::name).collect(Collectors.toSet());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("brokenServers")
    @Execution(ExecutionMode.CONCURRENT)
    void aServerBreakingOneRuleFailsExactlyThatCheck(Check check, Mutation mutation) throws Exception {
        try (BayeuxRelay relay = new BayeuxRelay(server.port(), mutation)) {
            Set<String> only = scenariosOf(check);
            Report r = KitHarness.runServer(KIT, relay.port(), settings(), only::contains);
            KitHarness.assertExactly(r, check, DotsKit.SETUP);
        }
    }
}
