package org.boardlab.protocol.othello.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.function.Predicate;
import java.util.stream.Stream;
import org.boardlab.ai.basic.FirstLegalPlayer;
import org.boardlab.conform.Check;
import org.boardlab.conform.ConformanceRunner;
import org.boardlab.conform.KitSettings;
import org.boardlab.conform.Report;
import org.boardlab.conform.Reports;
import org.boardlab.conform.testing.KitHarness;
import org.boardlab.conform.testing.MutatingRelay;
import org.boardlab.conform.testing.MutatingRelay.Link;
import org.boardlab.conform.testing.MutatingRelay.Piece;
import org.boardlab.core.EventBus;
import org.boardlab.game.othello.Othello;
import org.boardlab.client.ClientListener;
import org.boardlab.client.SeatOptions;
import org.boardlab.protocol.othello.OthelloClient;
import org.boardlab.protocol.othello.OthelloSeat;
import org.boardlab.protocol.othello.ProtocolViolation;
import org.boardlab.protocol.othello.ServerMessage;
import org.boardlab.server.EmbeddedServer;
import org.boardlab.server.ServerSettings;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The Othello kit against boardlab's own server and client (every check passes), and against
 * broken ones: a {@link MutatingRelay} in front of the real component breaks exactly one rule, and
 * exactly that check fails (besides the scenarios that need that rule to get going, which report
 * it as their {@code setup} check), with the frames that show it.
 */
class OthelloKitTest {

    private static final Duration MOVE_TIME = Duration.ofSeconds(2);
    private static final Duration SILENCE = Duration.ofSeconds(2);
    private static final OthelloKit KIT = new OthelloKit();
    private static EmbeddedServer server;
    private static InetSocketAddress address;
    /** A server that closes a connection after 2 s of silence (the spec's 30 s is too long for a test). */
    private static EmbeddedServer quickServer;
    private static InetSocketAddress quickAddress;

    @BeforeAll
    static void start() {
        server = new EmbeddedServer(id -> new Othello(), new EventBus(),
                ServerSettings.defaults().withTimePerMove(MOVE_TIME).withReconnectWindow(Duration.ofSeconds(10)), line -> { });
        server.addProtocol(new OthelloServerProtocol(new OthelloProtocol()));
        address = server.start("othello", "127.0.0.1", 0);
        quickServer = new EmbeddedServer(id -> new Othello(), new EventBus(), ServerSettings.defaults(), line -> { });
        quickServer.addProtocol(new OthelloServerProtocol(new OthelloProtocol(), SILENCE));
        quickAddress = quickServer.start("othello", "127.0.0.1", 0);
    }

    @AfterAll
    static void stop() {
        server.close();
        quickServer.close();
    }

    private static KitSettings settings() {
        return KitHarness.settings(MOVE_TIME);
    }

    private static Report runServer(int port, Predicate<String> only) {
        return KitHarness.runServer(KIT, port, settings(), only);
    }

    /** The silence scenario against the server with the short limit. */
    private static Report runSilence(int port) {
        return KitHarness.runServer(KIT, port, settings().withIdleTime(SILENCE), s -> s.equals("silence"));
    }

    @Test
    void theServerKitPassesAgainstBoardlabsServer() {
        Report r = runServer(address.getPort(), s -> true);
        KitHarness.assertPassed(r, OthelloKit.IDLE.id()); // only the silence scenario is skipped (no --idle-time with --fast)
        assertThat(r.count(Report.Status.PASSED)).isEqualTo(KIT.serverScenarios().size() - 1);
        Report silence = runSilence(quickAddress.getPort());
        assertThat(silence.results()).extracting(Report.ScenarioResult::status).as(Reports.failures(silence)).containsExactly(Report.Status.PASSED);
        String xml = Reports.junit(r);
        assertThat(xml).contains("<testsuite name=\"conform.othello.server\"").contains("othello.game.pass").doesNotContain("<failure");
        assertThat(Reports.html(r)).contains("SPASS~BLACK").contains("SENDG~");
    }

    @Test
    void withFastAndNoTimesTheTimingScenariosAreSkippedAndSaySo() {
        Report r = ConformanceRunner.runServer(KIT, "127.0.0.1", address.getPort(), KitSettings.defaults().withFast(true),
                s -> s.equals("move-timeout") || s.equals("silence"), new ConformanceRunner.Listener() { });
        assertThat(r.results()).extracting(Report.ScenarioResult::status).containsExactly(Report.Status.SKIPPED, Report.Status.SKIPPED);
        assertThat(r.results().get(0).note()).contains("--move-time");
        assertThat(r.failed()).isFalse();
    }

    @Test
    void aServerThatIsNotThereIsAnErrorNotAPass() {
        Report r = ConformanceRunner.runServer(KIT, "127.0.0.1", 1, settings(), s -> s.equals("login"), new ConformanceRunner.Listener() { });
        assertThat(r.results().get(0).status()).isEqualTo(Report.Status.ERROR);
        assertThat(r.results().get(0).note()).contains("cannot connect to 127.0.0.1:1");
        assertThat(r.failed()).isTrue();
    }

    // ------------------------------------------------------------------ broken servers

    private static String text(Piece p) {
        return OthelloKitCodec.line(p.frame());
    }

    private static byte[] line(String s) {
        return (s + "\n").getBytes(StandardCharsets.ISO_8859_1);
    }

    /** Drops the server's lines that {@code which} accepts. */
    private static MutatingRelay.Mutation dropDown(Predicate<String> which) {
        return MutatingRelay.down((link, piece) -> which.test(text(piece)) ? List.of() : List.of(piece.frame()));
    }

    /** A line changed by {@code how} (null: dropped). */
    private static MutatingRelay.Rule rewrite(java.util.function.UnaryOperator<String> how) {
        return (link, piece) -> {
            String t = text(piece);
            String changed = how.apply(t);
            return changed == null ? List.of() : changed.equals(t) ? List.of(piece.frame()) : List.of(line(changed));
        };
    }

    /** Rewrites the client's lines. */
    private static MutatingRelay.Mutation rewriteUp(java.util.function.UnaryOperator<String> how) {
        return MutatingRelay.up(rewrite(how));
    }

    /** Rewrites the server's lines. */
    private static MutatingRelay.Mutation rewriteDown(java.util.function.UnaryOperator<String> how) {
        return MutatingRelay.down(rewrite(how));
    }

    static Stream<Arguments> brokenServers() {
        return Stream.of(
                Arguments.of(OthelloKit.LOGIN_OK, rewriteDown(t -> t.equals("SNAMEOK") ? "SNAMEERR~this broken server refuses every name" : t)),
                Arguments.of(OthelloKit.LOBBY_NEWS, dropDown(t -> t.startsWith("SADDP~"))),
                Arguments.of(OthelloKit.DUPLICATE, rewriteDown(t -> t.startsWith("SNAMEERR~") ? "SNAMEOK" : t)),
                Arguments.of(OthelloKit.BAD_CHARACTER, rewriteUp(t -> t.equals("CNAME~bad name") ? "CNAME~badname" : t)),
                Arguments.of(OthelloKit.TOO_LONG, rewriteUp(t -> t.equals("CNAME~" + "a".repeat(21)) ? "CNAME~" + "a".repeat(20) : t)),
                Arguments.of(OthelloKit.PING, new MutatingRelay.Mutation() {
                    @Override
                    public List<byte[]> down(Link link, Piece piece) {
                        if (text(piece).equals("SNAMEOK")) {
                            link.state.put("in", true);
                        }
                        return text(piece).equals("SPONG") && !link.state.containsKey("in") ? List.of() : List.of(piece.frame());
                    }
                }),
                Arguments.of(OthelloKit.BEFORE_LOGIN, new MutatingRelay.Mutation() {
                    @Override
                    public List<byte[]> up(Link link, Piece piece) {
                        if (text(piece).startsWith("CNAME~")) {
                            link.state.put("in", true);
                        }
                        return text(piece).startsWith("CMOV~") && !link.state.containsKey("in") ? List.of() : List.of(piece.frame());
                    }
                }),
                Arguments.of(OthelloKit.FIELD_COUNT, rewriteUp(t -> t.equals("CMOV~3") ? null : t)),
                Arguments.of(OthelloKit.UNKNOWN_TYPE, rewriteUp(t -> t.equals("CFOO") ? null : t)),
                Arguments.of(OthelloKit.FOREIGN_IGNORED, rewriteUp(t -> t.startsWith("XHELLO") ? "CFOO" : t)),
                // a server that cannot put a line together from several reads loses the CPING the kit writes byte by byte, the
                // framing scenario's first (its player logs in as framer_...): known by the line, not by the relay's reads, which
                // the scheduler cuts (at load 19 the relay read the 6 bytes, written 5 ms apart, in 2 reads and passed them on)
                Arguments.of(OthelloKit.SPLIT, MutatingRelay.up((link, piece) -> {
                    String t = text(piece);
                    if (t.startsWith("CNAME~framer_")) {
                        link.state.put("framer", true);
                    }
                    return t.equals("CPING") && link.state.containsKey("framer") && link.state.putIfAbsent("split", true) == null ? List.of()
                            : List.of(piece.frame());
                })),
                Arguments.of(OthelloKit.MERGED, new MutatingRelay.Mutation() {
                    @Override
                    public List<byte[]> up(Link link, Piece piece) {
                        return piece.indexInRead() > 0 ? List.of() : List.of(piece.frame()); // one line per packet
                    }
                }),
                Arguments.of(OthelloKit.CRLF, new MutatingRelay.Mutation() {
                    @Override
                    public List<byte[]> up(Link link, Piece piece) {
                        byte[] f = piece.frame();
                        return f.length > 1 && f[f.length - 2] == '\r' ? List.of(line(text(piece) + "\r\r")) : List.of(f); // keeps a CR
                    }
                }),
                Arguments.of(OthelloKit.OVERSIZED, new MutatingRelay.Mutation() {
                    @Override
                    public byte[] upUnframed(Link link, byte[] bytes) {
                        return new byte[0]; // never sees the long line: never closes
                    }
                }),
                Arguments.of(OthelloKit.INVITE, dropDown(t -> t.startsWith("SREQ~"))),
                Arguments.of(OthelloKit.DECLINE, rewriteUp(t -> t.startsWith("CRES~") && t.endsWith("~DECLINE") ? t.replace("~DECLINE", "~ACCEPT") : t)),
                Arguments.of(OthelloKit.IMPOSSIBLE, rewriteUp(t -> t.startsWith("CREQ~nobody") ? null : t)),
                Arguments.of(OthelloKit.WITHDRAWN, dropDown(t -> t.startsWith("SREQC~"))),
                Arguments.of(OthelloKit.START, rewriteDown(t -> t.startsWith("SSTARTG~") && t.endsWith("~BLACK") ? t.replace("~BLACK", "~WHITE") : t)),
                Arguments.of(OthelloKit.MOVE, new MutatingRelay.Mutation() {
                    @Override
                    public List<byte[]> down(Link link, Piece piece) {
                        String t = text(piece);
                        if (!t.startsWith("SMOV~")) {
                            return List.of(piece.frame());
                        }
                        int n = (int) link.state.merge("moves", 1, (a, b) -> (int) a + (int) b);
                        if (n < 5) {
                            return List.of(piece.frame());
                        }
                        int i = t.lastIndexOf('~') + 1 + 63;
                        char c = t.charAt(i) == '.' ? 'W' : '.';
                        return List.of(line(t.substring(0, i) + c)); // the board's last square wrong
                    }
                }),
                Arguments.of(OthelloKit.PASS, dropDown(t -> t.startsWith("SPASS~"))),
                Arguments.of(OthelloKit.END, rewriteDown(t -> {
                    if (t.startsWith("SENDG~") && t.endsWith("~NORMAL")) {
                        String[] f = t.split("~");
                        return "SENDG~" + (Integer.parseInt(f[1]) + 1) + "~" + f[2] + "~" + f[3] + "~NORMAL";
                    }
                    return t;
                })),
                Arguments.of(OthelloKit.ILLEGAL, dropDown(t -> t.startsWith("SMOVERR~"))),
                Arguments.of(OthelloKit.CANCEL, dropDown(t -> t.startsWith("SGAMEEC"))),
                Arguments.of(OthelloKit.OUT_OF_TURN, dropDown(t -> t.endsWith("~OUTOFTURN"))),
                Arguments.of(OthelloKit.RECONNECT_TOLD, dropDown(t -> t.startsWith("SGAMEI~"))),
                Arguments.of(OthelloKit.RECOVERED, dropDown(t -> t.startsWith("SRECOV~"))),
                Arguments.of(OthelloKit.TIMEOUT, dropDown(t -> t.endsWith("~TIMEOUT"))),
                Arguments.of(OthelloKit.IDLE, new MutatingRelay.Mutation() {
                    @Override
                    public boolean closeDownWhenUpCloses() {
                        return false; // the server closed the silent connection, but its peer never learns it
                    }
                }));
    }

    /**
     * The reconnect scenario plays one move to set up: a server whose SMOV is wrong fails its setup
     * there (an error before: the move's check was not one the scenario declares; found through a
     * proxy flipping bits).
     */
    @Test
    void aWrongMoveBeforeTheReconnectFailsItsSetupNotAnUndeclaredCheck() throws Exception {
        MutatingRelay.Mutation wrongBoard = rewriteDown(t -> {
            if (!t.startsWith("SMOV~")) {
                return t;
            }
            int i = t.lastIndexOf('~') + 1 + 63;
            return t.substring(0, i) + (t.charAt(i) == '.' ? 'W' : '.'); // the board's last square wrong
        });
        try (MutatingRelay relay = new MutatingRelay("127.0.0.1", address.getPort(), new OthelloKitCodec(), wrongBoard)) {
            Report r = runServer(relay.port(), s -> s.equals("reconnect"));
            assertThat(r.results()).singleElement().satisfies(s -> assertThat(s.status()).isEqualTo(Report.Status.FAILED));
            assertThat(r.failedChecks()).singleElement().satisfies(c -> assertThat(c.check()).isEqualTo(OthelloKit.SETUP));
        }
    }

    @Test
    void everyServerCheckHasABrokenServer() {
        KitHarness.assertEveryCheckBroken(brokenServers().map(a -> (Check) a.get()[0]), KIT.serverScenarios(), OthelloKit.SETUP);
    }

    /**
     * The whole kit but the two scenarios that wait for the server's time limits (they run only for
     * their own checks: 2 s and more each), through the relay.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("brokenServers")
    @Execution(ExecutionMode.CONCURRENT)
    void aServerBreakingOneRuleFailsExactlyThatCheck(Check check, MutatingRelay.Mutation mutation) throws Exception {
        boolean silence = check.equals(OthelloKit.IDLE);
        try (MutatingRelay relay = new MutatingRelay("127.0.0.1", (silence ? quickAddress : address).getPort(), new OthelloKitCodec(), mutation)) {
            Report r = silence ? runSilence(relay.port())
                    : runServer(relay.port(), s -> !s.equals("silence") && (!s.equals("move-timeout") || check.equals(OthelloKit.TIMEOUT)));
            KitHarness.assertExactly(r, check, OthelloKit.SETUP);
            if (check.equals(OthelloKit.SPLIT)) {
                // the CPING the server lost is the one the kit wrote byte by byte
                assertThat(Reports.failures(r)).containsPattern("framer_\\w+ -> CPING +\\[in 6 writes of 1 byte");
            }
        }
    }

    // ------------------------------------------------------------------ the client kit

    /** Runs the client kit with boardlab's client and first-legal, through {@code mutation} if given. */
    static Report runClient(MutatingRelay.Mutation mutation) throws Exception {
        return KitHarness.runClient(KIT, settings(), mutation, port -> {
            OthelloClient c = new OthelloClient(new ClientListener<ServerMessage, ProtocolViolation>() { },
                    OthelloClient.defaults().withReconnect(3, Duration.ofMillis(200)));
            OthelloSeat.start(c, new FirstLegalPlayer(), new Othello(), SeatOptions.defaults().withTimePerMove(Duration.ofMillis(500)), null);
            c.connect("127.0.0.1", port).thenCompose(x -> c.login("student"));
            return c;
        });
    }

    @Test
    void theClientKitPassesAgainstBoardlabsClient() throws Exception {
        KitHarness.assertPassed(runClient(null));
    }

    static Stream<Arguments> brokenClients() {
        return Stream.of(
                Arguments.of(OthelloClientKit.NAME, rewriteUp(t -> t.startsWith("CNAME~") ? "CNAME~" + t.substring(6) + " x" : t)),
                Arguments.of(OthelloClientKit.PINGS, rewriteUp(t -> t.equals("CPING") ? null : t)),
                Arguments.of(OthelloClientKit.ANSWERS, rewriteUp(t -> t.startsWith("CRES~") ? t.replace("~kitbot~", "~someone~") : t)),
                Arguments.of(OthelloClientKit.LEGAL, new MutatingRelay.Mutation() {
                    @Override
                    public List<byte[]> up(Link link, Piece piece) {
                        if (text(piece).startsWith("CMOV~") && link.state.putIfAbsent("moved", true) == null) {
                            return List.of(line("CMOV~0~0")); // a1: never legal at the start
                        }
                        return List.of(piece.frame());
                    }
                }),
                // a client that cannot put a line together from several reads loses the SMOV the kit writes byte by byte: kitbot's
                // (black's) second SMOV of the first game on the connection. Known by the lines, not by the relay's reads, which are
                // the machine's to cut (a reader that runs late reads the whole line at once, and passes it on)
                Arguments.of(OthelloClientKit.SPLIT, new MutatingRelay.Mutation() {
                    @Override
                    public List<byte[]> down(Link link, Piece piece) {
                        String t = text(piece);
                        if (t.startsWith("SSTARTG~")) {
                            link.state.put("black", 0);
                        }
                        String[] f = t.split("~");
                        boolean blackMove = f.length > 3 && f[0].equals("SMOV") && f[3].equals("BLACK") && link.state.containsKey("black");
                        return blackMove && link.count("blackMoves") == 2 && link.state.putIfAbsent("split", true) == null ? List.of()
                                : List.of(piece.frame());
                    }
                }),
                Arguments.of(OthelloClientKit.MERGED, new MutatingRelay.Mutation() {
                    @Override
                    public List<byte[]> down(Link link, Piece piece) {
                        String t = text(piece);
                        Object prev = link.state.put("prev", t);
                        boolean afterNews = prev instanceof String s && s.startsWith("SADDP~");
                        return piece.indexInRead() > 0 && afterNews && t.startsWith("SMOV~") ? List.of() : List.of(piece.frame());
                    }
                }),
                Arguments.of(OthelloClientKit.PASSES, new MutatingRelay.Mutation() {
                    @Override
                    public List<byte[]> down(Link link, Piece piece) {
                        String t = text(piece);
                        // a server that never says a player passes: the pass's SMOV names the other colour, no SPASS
                        if (t.startsWith("SMOV~") && t.contains("~BLACK~BLACK~")) {
                            return List.of(line(t.replace("~BLACK~BLACK~", "~BLACK~WHITE~")));
                        }
                        if (t.startsWith("SMOV~") && t.contains("~WHITE~WHITE~")) {
                            return List.of(line(t.replace("~WHITE~WHITE~", "~WHITE~BLACK~")));
                        }
                        return t.startsWith("SPASS~") ? List.of() : List.of(piece.frame());
                    }
                }),
                Arguments.of(OthelloClientKit.END, quitsAtTheNextInvitationAfter("~NORMAL")),
                Arguments.of(OthelloClientKit.OPPONENT_LEFT, quitsAtTheNextInvitationAfter("~DISCONNECT")));
    }

    /** A client that quits when it is invited after a game that ended for this reason. */
    private static MutatingRelay.Mutation quitsAtTheNextInvitationAfter(String reason) {
        return new MutatingRelay.Mutation() {
            @Override
            public List<byte[]> down(Link link, Piece piece) {
                String t = text(piece);
                if (t.startsWith("SENDG~") && t.endsWith(reason)) {
                    link.state.put("ended", true);
                }
                if (t.startsWith("SREQ~") && link.state.containsKey("ended")) {
                    closeBoth(link);
                    return List.of();
                }
                return List.of(piece.frame());
            }
        };
    }

    /** A client that quits: the relay closes both sides. */
    private static void closeBoth(Link link) {
        link.close();
    }

    @Test
    void everyClientCheckHasABrokenClient() {
        KitHarness.assertEveryCheckBroken(brokenClients().map(a -> (Check) a.get()[0]), KIT.clientScenarios(), OthelloClientKit.SETUP);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("brokenClients")
    @Execution(ExecutionMode.CONCURRENT)
    void aClientBreakingOneRuleFailsExactlyThatCheck(Check check, MutatingRelay.Mutation mutation) throws Exception {
        Report r = runClient(mutation);
        KitHarness.assertExactly(r, check, OthelloClientKit.SETUP);
        if (check.equals(OthelloClientKit.SPLIT)) {
            // the SMOV the client lost is the one the kit wrote byte by byte
            assertThat(Reports.failures(r)).containsPattern("SMOV~\\d~\\d~BLACK~[^\n]* +\\[in \\d+ writes of 1 byte");
        }
    }
}
