package org.boardlab.protocol.gomoku.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.function.Predicate;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.boardlab.ai.basic.FirstLegalPlayer;
import org.boardlab.client.ClientListener;
import org.boardlab.client.ClientOptions;
import org.boardlab.client.SeatOptions;
import org.boardlab.conform.Check;
import org.boardlab.conform.KitSettings;
import org.boardlab.conform.Report;
import org.boardlab.conform.Reports;
import org.boardlab.conform.testing.KitHarness;
import org.boardlab.conform.testing.MutatingRelay;
import org.boardlab.conform.testing.MutatingRelay.Link;
import org.boardlab.conform.testing.MutatingRelay.Piece;
import org.boardlab.core.EventBus;
import org.boardlab.game.gomoku.Gomoku;
import org.boardlab.protocol.gomoku.GomokuClient;
import org.boardlab.protocol.gomoku.GomokuMessage;
import org.boardlab.protocol.gomoku.GomokuSeat;
import org.boardlab.protocol.gomoku.GomokuWire;
import org.boardlab.protocol.gomoku.ProtocolViolation;
import org.boardlab.server.EmbeddedServer;
import org.boardlab.server.ServerSettings;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The GMKU kit against boardlab's own server and client (every check passes), and against broken
 * ones: a {@link MutatingRelay} in front of the real component breaks exactly one rule, and exactly
 * that check fails (besides scenarios that need that rule to get going, which report it as their
 * {@code setup} check), with the frames that show it.
 */
class GomokuKitTest {

    private static final Duration MOVE_TIME = Duration.ofSeconds(2);
    private static final Duration SILENCE = Duration.ofSeconds(2);
    private static final GomokuKit KIT = new GomokuKit();
    /**
     * A server of its own for each run: GMKU pairs clients in the order they join, so two kit runs
     * on one server would pair each other's clients.
     */
    private static EmbeddedServer server(Duration silence) {
        EmbeddedServer s = new EmbeddedServer(id -> new Gomoku(), new EventBus(), ServerSettings.defaults().withTimePerMove(MOVE_TIME), line -> { });
        s.addProtocol(silence == null ? new GomokuServerProtocol(new GomokuProtocol()) : new GomokuServerProtocol(new GomokuProtocol(), silence));
        return s;
    }

    private static KitSettings settings() {
        return KitHarness.settings(MOVE_TIME);
    }

    private static Report runServer(int port, Predicate<String> only) {
        return KitHarness.runServer(KIT, port, settings(), only);
    }

    private static Report runSilence(int port) {
        return KitHarness.runServer(KIT, port, settings().withIdleTime(SILENCE), s -> s.equals("silence"));
    }

    @Test
    void theServerKitPassesAgainstBoardlabsServer() {
        EmbeddedServer server = server(null);
        EmbeddedServer quickServer = server(SILENCE);
        try {
            theServerKitPasses(server.start("gomoku", "127.0.0.1", 0), quickServer.start("gomoku", "127.0.0.1", 0));
        } finally {
            server.close();
            quickServer.close();
        }
    }

    private static void theServerKitPasses(InetSocketAddress address, InetSocketAddress quickAddress) {
        Report r = runServer(address.getPort(), s -> true);
        KitHarness.assertPassed(r, GomokuKit.SILENCE.id()); // only the silence scenario is skipped (no --idle-time with --fast)
        Report silence = runSilence(quickAddress.getPort());
        assertThat(silence.results()).extracting(Report.ScenarioResult::status).as(Reports.failures(silence)).containsExactly(Report.Status.PASSED);
        assertThat(Reports.html(r)).contains("&quot;data&quot;:&quot;-&quot;,&quot;type&quot;:&quot;win&quot;");
    }

    @Test
    void theFullBoardPatternHasNoFiveInARowAndOneStoneMoreForBlack() {
        org.boardlab.protocol.gomoku.Cell[][] b = new org.boardlab.protocol.gomoku.Cell[15][15];
        int black = 0;
        for (int r = 0; r < 15; r++) {
            for (int c = 0; c < 15; c++) {
                b[r][c] = GomokuKit.drawColour(r, c) == org.boardlab.protocol.gomoku.Stone.BLACK ? org.boardlab.protocol.gomoku.Cell.BLACK
                        : org.boardlab.protocol.gomoku.Cell.WHITE;
                black += b[r][c] == org.boardlab.protocol.gomoku.Cell.BLACK ? 1 : 0;
            }
        }
        assertThat(black).isEqualTo(113);
        for (int r = 0; r < 15; r++) {
            for (int c = 0; c < 15; c++) {
                assertThat(GomokuClientKit.five(b, r, c)).as("five through row %d col %d", r, c).isFalse();
            }
        }
    }

    // ------------------------------------------------------------------ broken servers

    private static String json(Piece p) {
        return new String(Arrays.copyOfRange(p.frame(), 8, p.frame().length), StandardCharsets.UTF_8);
    }

    private static boolean heartbeat(Piece p) {
        return p.frame().length == 8;
    }

    /** A frame's JSON changed by {@code how} (null: dropped); heartbeats pass. */
    private static MutatingRelay.Rule rewrite(UnaryOperator<String> how) {
        return (link, piece) -> {
            if (heartbeat(piece)) {
                return List.of(piece.frame());
            }
            String t = json(piece);
            String changed = how.apply(t);
            return changed == null ? List.of() : changed.equals(t) ? List.of(piece.frame()) : List.of(GomokuWire.frame(changed));
        };
    }

    private static MutatingRelay.Mutation down(UnaryOperator<String> how) {
        return MutatingRelay.down(rewrite(how));
    }

    private static MutatingRelay.Mutation up(UnaryOperator<String> how) {
        return MutatingRelay.up(rewrite(how));
    }

    private static final String REFUSED = "\"type\":\"refused\"";

    static Stream<Arguments> brokenServers() {
        return Stream.of(
                Arguments.of(GomokuKit.JOIN, down(t -> t.equals("{\"type\":\"hello\"}") ? null : t)),
                Arguments.of(GomokuKit.HEARTBEAT, new MutatingRelay.Mutation() {
                    @Override
                    public List<byte[]> up(Link link, Piece piece) {
                        if (heartbeat(piece) && !link.state.containsKey("joined")) {
                            link.close(); // a server that drops a client for a heartbeat before join
                            return List.of();
                        }
                        link.state.put("joined", true);
                        return List.of(piece.frame());
                    }
                }),
                // a round begun for a client that is alone: a colour right after its hello
                Arguments.of(GomokuKit.ALONE, MutatingRelay.down((link, piece) -> !heartbeat(piece) && json(piece).equals("{\"type\":\"hello\"}")
                        && link.state.putIfAbsent("hello", true) == null ? List.of(piece.frame(), GomokuWire.frame("{\"data\":\"B\",\"type\":\"color\"}"))
                                : List.of(piece.frame()))),
                // the original's: a place while waiting is not answered
                Arguments.of(GomokuKit.WAITING_PLACE, down(t -> t.contains(REFUSED) && t.contains("wait for an opponent") ? null : t)),
                Arguments.of(GomokuKit.COLOURS, down(t -> t.equals("{\"data\":\"W\",\"type\":\"color\"}") ? "{\"data\":\"B\",\"type\":\"color\"}" : t)),
                Arguments.of(GomokuKit.BOARD, down(t -> t.contains("\"board\"") && t.contains("\"row\":-1") ? t.replace("\"turn\":\"B\"", "\"turn\":\"W\"") : t)),
                Arguments.of(GomokuKit.UPDATE, new MutatingRelay.Mutation() {
                    @Override
                    public List<byte[]> down(Link link, Piece piece) {
                        String t = heartbeat(piece) ? "" : json(piece);
                        if (t.contains("\"type\":\"update\"") && !t.contains("\"board\"")
                                && (int) link.state.merge("updates", 1, (a, b) -> (int) a + (int) b) > 4) {
                            return List.of(GomokuWire.frame(t.replace("\"turn\":\"B\"", "\"turn\":\"X\"").replace("\"turn\":\"W\"", "\"turn\":\"B\"")
                                    .replace("\"turn\":\"X\"", "\"turn\":\"W\""))); // the wrong colour to move
                        }
                        return List.of(piece.frame());
                    }
                }),
                Arguments.of(GomokuKit.WIN, down(t -> t.equals("{\"data\":\"B\",\"type\":\"win\"}") ? "{\"data\":\"W\",\"type\":\"win\"}" : t)),
                Arguments.of(GomokuKit.DRAW, down(t -> t.equals("{\"data\":\"-\",\"type\":\"win\"}") ? null : t)),
                Arguments.of(GomokuKit.NEW_ROUND, up(t -> t.equals("{\"type\":\"new\"}") ? null : t)),
                Arguments.of(GomokuKit.OUT_OF_TURN, down(t -> t.contains(REFUSED) && t.contains("\"col\":3,") ? null : t)),
                Arguments.of(GomokuKit.TAKEN, down(t -> t.contains(REFUSED) && t.contains("\"col\":7,") ? null : t)),
                Arguments.of(GomokuKit.OFF_BOARD, down(t -> t.contains(REFUSED) && t.contains("\"col\":20,") ? null : t)),
                Arguments.of(GomokuKit.SKIPPED, new MutatingRelay.Mutation() {
                    @Override
                    public List<byte[]> up(Link link, Piece piece) {
                        if (!heartbeat(piece) && json(piece).equals("{\"type\":\"chat\"}")) {
                            link.close(); // a server that drops a client for an unknown type
                            return List.of();
                        }
                        return List.of(piece.frame());
                    }
                }),
                // a server that cannot put a frame together from several reads loses the place the kit writes byte by byte: the
                // framing scenario's g7, the first place of black's connection. Known by its bytes, not by the relay's reads, which
                // are the machine's to cut (a reader that runs late reads the whole frame at once, and passes it on)
                Arguments.of(GomokuKit.SPLIT, new MutatingRelay.Mutation() {
                    @Override
                    public List<byte[]> up(Link link, Piece piece) {
                        boolean place = !heartbeat(piece) && json(piece).contains("\"type\":\"place\"");
                        return place && link.count("places") == 1 && json(piece).contains("\"col\":6,\"row\":6}") ? List.of() : List.of(piece.frame());
                    }
                }),
                Arguments.of(GomokuKit.MERGED, new MutatingRelay.Mutation() {
                    @Override
                    public List<byte[]> up(Link link, Piece piece) {
                        // a server that takes one frame per packet: the place after a heartbeat in the same read is lost
                        boolean afterHeartbeat = Boolean.TRUE.equals(link.state.put("prevHeartbeat", heartbeat(piece)));
                        return piece.indexInRead() > 0 && afterHeartbeat && !heartbeat(piece) ? List.of() : List.of(piece.frame());
                    }
                }),
                Arguments.of(GomokuKit.MAGIC, new MutatingRelay.Mutation() {
                    @Override
                    public byte[] upUnframed(Link link, byte[] bytes) {
                        return bytes[0] == 'X' ? new byte[0] : bytes;
                    }
                }),
                Arguments.of(GomokuKit.OVERSIZED, new MutatingRelay.Mutation() {
                    @Override
                    public byte[] upUnframed(Link link, byte[] bytes) {
                        return bytes[0] == 'G' ? new byte[0] : bytes;
                    }
                }),
                Arguments.of(GomokuKit.LEAVE, new MutatingRelay.Mutation() {
                    @Override
                    public List<byte[]> down(Link link, Piece piece) {
                        String t = heartbeat(piece) ? "" : json(piece);
                        if (t.contains("\"type\":\"update\"")) {
                            link.state.put("stones", true);
                        }
                        return t.equals("{\"data\":\"W\",\"type\":\"win\"}") && link.state.containsKey("stones") ? List.of() : List.of(piece.frame());
                    }
                }),
                Arguments.of(GomokuKit.TIMEOUT, new MutatingRelay.Mutation() {
                    @Override
                    public List<byte[]> down(Link link, Piece piece) {
                        String t = heartbeat(piece) ? "" : json(piece);
                        if (t.contains("\"type\":\"update\"") && !t.contains("\"board\"")) {
                            link.state.put("stones", true);
                        }
                        return t.equals("{\"data\":\"W\",\"type\":\"win\"}") && !link.state.containsKey("stones") ? List.of() : List.of(piece.frame());
                    }
                }),
                Arguments.of(GomokuKit.SILENCE, new MutatingRelay.Mutation() {
                    @Override
                    public boolean closeDownWhenUpCloses() {
                        return false;
                    }
                }));
    }

    @Test
    void everyServerCheckHasABrokenServer() {
        KitHarness.assertEveryCheckBroken(brokenServers().map(a -> (Check) a.get()[0]), KIT.serverScenarios(), GomokuKit.SETUP);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("brokenServers")
    @Execution(ExecutionMode.CONCURRENT)
    void aServerBreakingOneRuleFailsExactlyThatCheck(Check check, MutatingRelay.Mutation mutation) throws Exception {
        boolean silence = check.equals(GomokuKit.SILENCE);
        EmbeddedServer server = server(silence ? SILENCE : null);
        InetSocketAddress address = server.start("gomoku", "127.0.0.1", 0);
        try (MutatingRelay relay = new MutatingRelay("127.0.0.1", address.getPort(), new GomokuKitCodec(), mutation)) {
            // a server broken for a client alone is broken for every client's first hello: only the scenario of a client alone runs
            boolean alone = check.equals(GomokuKit.ALONE) || check.equals(GomokuKit.WAITING_PLACE);
            Report r = silence ? runSilence(relay.port())
                    : alone ? runServer(relay.port(), s -> s.equals("alone"))
                    : runServer(relay.port(), s -> !s.equals("silence") && (!s.equals("move-timeout") || check.equals(GomokuKit.TIMEOUT)));
            KitHarness.assertExactly(r, check, GomokuKit.SETUP);
            if (check.equals(GomokuKit.SPLIT)) {
                // the place the server lost is the one the kit wrote byte by byte
                assertThat(Reports.failures(r)).containsPattern("\"col\":6,\"row\":6[^\n]* +\\[in \\d+ writes of 1 byte");
            }
        } finally {
            server.close();
        }
    }

    // ------------------------------------------------------------------ the client kit

    static Report runClient(MutatingRelay.Mutation mutation) throws Exception {
        // the shortest wait for a heartbeat the kit takes (42 s); this client beats every second
        return KitHarness.runClient(KIT, settings().withIdleTime(GomokuClientKit.SHORTEST_IDLE), mutation, port -> {
            GomokuClient c = new GomokuClient(new ClientListener<GomokuMessage, ProtocolViolation>() { },
                    ClientOptions.keepAliveEvery(Duration.ofSeconds(1)).withReconnect(3, Duration.ofMillis(200)));
            c.connect("127.0.0.1", port).thenRun(() -> GomokuSeat.start(c, new FirstLegalPlayer(), new Gomoku(),
                    SeatOptions.defaults().withTimePerMove(Duration.ofMillis(500)), null));
            return c;
        });
    }

    @Test
    void theClientKitPassesAgainstBoardlabsClient() throws Exception {
        KitHarness.assertPassed(runClient(null));
    }

    /** A wait for a heartbeat under the original's 40 s (and 2 s to arrive) would fail a client that keeps the rules: refused. */
    @Test
    void aWaitForAHeartbeatShorterThanTheOriginalsIsRefused() {
        org.boardlab.conform.KitSettings fast = org.boardlab.conform.KitSettings.defaults().withFast(true);
        assertThat(KIT.unfair(Report.Role.CLIENT, fast.withIdleTime(Duration.ofSeconds(42)))).isEmpty();
        assertThat(KIT.unfair(Report.Role.CLIENT, fast.withIdleTime(Duration.ofSeconds(5))).orElseThrow())
                .startsWith("--idle-time 5 is too short for the gomoku client kit: give 42 or more.").contains("every 40 s");
        assertThat(KIT.unfair(Report.Role.SERVER, fast.withIdleTime(Duration.ofSeconds(2)))).isEmpty();
    }

    /** After the first win of this colour the client sends a place (once). */
    private static MutatingRelay.Mutation placesAfterWin(String colour) {
        return new MutatingRelay.Mutation() {
            @Override
            public List<byte[]> down(Link link, Piece piece) {
                if (!heartbeat(piece) && json(piece).equals("{\"data\":\"" + colour + "\",\"type\":\"win\"}") && link.state.putIfAbsent("done", true) == null) {
                    link.toDown(piece.frame());
                    link.toUp(GomokuWire.frame(new GomokuMessage.Place(14, 14))); // a client that places after the round is over
                    return List.of();
                }
                return List.of(piece.frame());
            }
        };
    }

    static Stream<Arguments> brokenClients() {
        return Stream.of(
                Arguments.of(GomokuClientKit.JOINS, up(t -> t.equals("{\"type\":\"join\"}") ? "{\"data\":{\"col\":1,\"row\":1},\"type\":\"place\"}" : t)),
                Arguments.of(GomokuClientKit.LEGAL, new MutatingRelay.Mutation() {
                    @Override
                    public List<byte[]> up(Link link, Piece piece) {
                        if (!heartbeat(piece) && json(piece).contains("\"type\":\"place\"") && link.state.putIfAbsent("moved", true) == null) {
                            return List.of(GomokuWire.frame("{\"data\":{\"col\":3,\"row\":7},\"type\":\"place\"}")); // d8: the kit's first stone
                        }
                        return List.of(piece.frame());
                    }
                }),
                // a client that cannot put a frame together from several reads loses the update the kit writes byte by byte: the
                // second of the kit's stones (turn "W") in the first round on the connection. Known by the frames, not by the relay's
                // reads
                Arguments.of(GomokuClientKit.SPLIT, new MutatingRelay.Mutation() {
                    @Override
                    public List<byte[]> down(Link link, Piece piece) {
                        String t = heartbeat(piece) ? "" : json(piece);
                        if (t.contains("\"type\":\"color\"")) {
                            link.state.put("round", true);
                        }
                        boolean kitStone = t.contains("\"type\":\"update\"") && t.contains("\"turn\":\"W\"") && link.state.containsKey("round");
                        return kitStone && link.count("kitStones") == 2 && link.state.putIfAbsent("split", true) == null ? List.of()
                                : List.of(piece.frame());
                    }
                }),
                Arguments.of(GomokuClientKit.MERGED, new MutatingRelay.Mutation() {
                    @Override
                    public List<byte[]> down(Link link, Piece piece) {
                        boolean afterHeartbeat = Boolean.TRUE.equals(link.state.put("prevHeartbeat", heartbeat(piece)));
                        return piece.indexInRead() > 0 && afterHeartbeat && !heartbeat(piece) ? List.of() : List.of(piece.frame());
                    }
                }),
                Arguments.of(GomokuClientKit.AFTER_WIN, placesAfterWin("B")),
                Arguments.of(GomokuClientKit.RETRY, new MutatingRelay.Mutation() {
                    @Override
                    public List<byte[]> down(Link link, Piece piece) {
                        if (!heartbeat(piece) && json(piece).contains(REFUSED)) {
                            link.close(); // a client that does not know refused and quits
                            return List.of();
                        }
                        return List.of(piece.frame());
                    }
                }),
                Arguments.of(GomokuClientKit.LEFT, placesAfterWin("W")),
                Arguments.of(GomokuClientKit.BLACK, new MutatingRelay.Mutation() {
                    @Override
                    public List<byte[]> down(Link link, Piece piece) {
                        if (!heartbeat(piece) && json(piece).contains("\"type\":\"color\"")) {
                            link.state.put("black", json(piece).contains("\"B\""));
                        }
                        return List.of(piece.frame());
                    }

                    @Override
                    public List<byte[]> up(Link link, Piece piece) {
                        boolean black = Boolean.TRUE.equals(link.state.get("black"));
                        return black && !heartbeat(piece) && json(piece).contains("\"type\":\"place\"") ? List.of() : List.of(piece.frame());
                    }
                }),
                Arguments.of(GomokuClientKit.HEARTBEAT, new MutatingRelay.Mutation() {
                    @Override
                    public List<byte[]> up(Link link, Piece piece) {
                        return heartbeat(piece) ? List.of() : List.of(piece.frame());
                    }
                }));
    }

    @Test
    void everyClientCheckHasABrokenClient() {
        KitHarness.assertEveryCheckBroken(brokenClients().map(a -> (Check) a.get()[0]), KIT.clientScenarios(), GomokuClientKit.SETUP);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("brokenClients")
    @Execution(ExecutionMode.CONCURRENT)
    void aClientBreakingOneRuleFailsExactlyThatCheck(Check check, MutatingRelay.Mutation mutation) throws Exception {
        Report r = runClient(mutation);
        KitHarness.assertExactly(r, check, GomokuClientKit.SETUP);
        if (check.equals(GomokuClientKit.SPLIT)) {
            // the update the client lost is the one the kit wrote byte by byte
            assertThat(Reports.failures(r)).containsPattern("\"turn\":\"W\"[^\n]* +\\[in \\d+ writes of 1 byte");
        }
    }
}
