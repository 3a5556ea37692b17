package org.boardlab.protocol.reversi.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Predicate;
import java.util.stream.Stream;
import org.boardlab.api.Side;
import org.boardlab.conform.Check;
import org.boardlab.conform.KitSettings;
import org.boardlab.conform.Report;
import org.boardlab.conform.Reports;
import org.boardlab.conform.testing.KitHarness;
import org.boardlab.conform.testing.MutatingRelay;
import org.boardlab.conform.testing.MutatingRelay.Link;
import org.boardlab.conform.testing.MutatingRelay.Piece;
import org.boardlab.core.EventBus;
import org.boardlab.game.othello.Othello;
import org.boardlab.game.othello.OthelloMove;
import org.boardlab.game.othello.OthelloPosition;
import org.boardlab.protocol.reversi.ReversiClient;
import org.boardlab.protocol.reversi.ReversiMessage;
import org.boardlab.protocol.reversi.ReversiPositions;
import org.boardlab.server.EmbeddedServer;
import org.boardlab.server.ServerSettings;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The Reversi kit against boardlab's own Game Master and player (every check passes), and against
 * broken ones: {@link MutatingRelay}s in front of the real Game Master's three ports (or between
 * boardlab's player and the client kit) break exactly one rule, and exactly that check fails
 * (besides scenarios that need that rule to get going, which report it as their {@code setup}
 * check), with the frames that show it.
 */
@org.junit.jupiter.api.Timeout(300)
class ReversiKitTest {

    /** Over the 3 s in which boardlab's Game Master forfeits a player who leaves a Ping unanswered (no-answer). */
    private static final Duration MOVE_TIME = Duration.ofSeconds(5);
    private static final ReversiKit KIT = new ReversiKit();

    /** A Game Master of its own for each run: it plays one game at a time. */
    private static EmbeddedServer server() {
        EmbeddedServer s = new EmbeddedServer(id -> id.equals("othello") ? new Othello() : null, new EventBus(), ServerSettings.defaults(), line -> { });
        s.addProtocol(new ReversiServerProtocol(new ReversiProtocol(), MOVE_TIME));
        return s;
    }

    private static KitSettings settings() {
        return KitHarness.settings(MOVE_TIME);
    }

    private static Report runServer(List<Integer> ports, Predicate<String> only) {
        return KitHarness.runServer(KIT, ports, settings(), only);
    }

    @Test
    void theServerKitPassesAgainstBoardlabsGameMaster() {
        EmbeddedServer server = server();
        try {
            List<InetSocketAddress> gm = server.startGroup("reversi", "127.0.0.1", 0);
            Report r = runServer(gm.stream().map(InetSocketAddress::getPort).toList(), s -> true);
            KitHarness.assertPassed(r);
            assertThat(r.target()).isEqualTo("127.0.0.1:" + gm.get(0).getPort() + "," + gm.get(1).getPort() + "," + gm.get(2).getPort());
            assertThat(Reports.html(r)).contains("End black");
        } finally {
            server.close();
        }
    }

    @Test
    void portsAreBpOrBpWpGc() {
        assertThat(KIT.serverPorts("14000")).containsExactly(14000, 14001, 14002);
        assertThat(KIT.serverPorts("15000,15010,15020")).containsExactly(15000, 15010, 15020);
        assertThatThrownBy(() -> KIT.serverPorts("15000,15010")).hasMessageContaining("BP,WP,GC");
        assertThatThrownBy(() -> KIT.serverPorts("65534")).hasMessageContaining("no room");
        assertThatThrownBy(() -> KIT.serverPorts("x")).hasMessageContaining("not a port");
    }

    @Test
    void theKitCanForceAPassOn4x4WhateverBlackPlays() {
        // every line of black's play: white's strategy reaches black to move after a pass
        ReversiClientKit.KitStrategy s = new ReversiClientKit.KitStrategy(Side.SECOND);
        assertThat(s.wins(ReversiKit.start(4), false)).isTrue();
        int[] lines = {0};
        walk(ReversiKit.start(4), s, false, lines);
        assertThat(lines[0]).isGreaterThan(10);
    }

    private static void walk(OthelloPosition p, ReversiClientKit.KitStrategy s, boolean passed, int[] lines) {
        assertThat(p.isTerminal()).as("the game ended before a pass").isFalse();
        if (p.placements().isEmpty()) {
            walk((OthelloPosition) p.apply(OthelloMove.PASS), s, true, lines);
        } else if (p.sideToMove() == Side.FIRST) {
            if (passed) {
                lines[0]++;
                return;
            }
            for (OthelloMove m : p.placements()) {
                walk((OthelloPosition) p.apply(m), s, false, lines);
            }
        } else {
            walk((OthelloPosition) p.apply(s.choose(p, passed)), s, passed, lines);
        }
    }

    // ------------------------------------------------------------------ broken Game Masters

    private static int type(Piece p) {
        return p.frame()[0] & 0xFF;
    }

    private static boolean is(Piece p, int... bytes) {
        if (p.frame().length != bytes.length) {
            return false;
        }
        for (int i = 0; i < bytes.length; i++) {
            if ((p.frame()[i] & 0xFF) != bytes[i]) {
                return false;
            }
        }
        return true;
    }

    private static final byte[] OK = {0x03, 0x01};
    private static final byte[] NOK = {0x03, 0x00};

    /** Changes the frames from the Game Master; a Player OK marks the link as seated. */
    private static MutatingRelay.Mutation down(MutatingRelay.Rule how) {
        return MutatingRelay.down((link, piece) -> {
            if (type(piece) == 0x02) {
                link.state.put("seated", true);
            }
            return how.apply(link, piece);
        });
    }

    private static MutatingRelay.Mutation up(MutatingRelay.Rule how) {
        return MutatingRelay.up(how);
    }

    private static final MutatingRelay.Mutation NONE = MutatingRelay.Mutation.NONE;

    /** The Game Master's Pings on this port answered by the relay, never seen by the kit. */
    private static MutatingRelay.Mutation answersPings() {
        return down((link, p) -> {
            if (type(p) == 0x0A) {
                link.toUp(OK);
                return List.of();
            }
            return List.of(p.frame());
        });
    }

    private static int count(Link link, String key) {
        return link.count(key);
    }

    /** A mutation on one port (0 BP, 1 WP, 2 GC) or on all three ({@code -1}). */
    record Broken(int port, MutatingRelay.Mutation mutation) {
        MutatingRelay.Mutation on(int p) {
            return port == -1 || port == p ? mutation : NONE;
        }
    }

    static Stream<Arguments> brokenServers() {
        return Stream.of(
                Arguments.of(ReversiKit.CONNECT_BLACK, new Broken(0, down((l, p) -> List.of(is(p, 0x02, 0x01) ? new byte[] {2, 2} : p.frame())))),
                Arguments.of(ReversiKit.CONNECT_WHITE, new Broken(1, down((l, p) -> List.of(is(p, 0x02, 0x02) ? new byte[] {2, 1} : p.frame())))),
                // a Game Master that seats a second black
                Arguments.of(ReversiKit.SEAT_TAKEN, new Broken(0, down((l, p) ->
                        List.of(is(p, 0x03, 0x00) && !l.state.containsKey("seated") ? new byte[] {2, 1} : p.frame())))),
                // LastMove 0x00 0x00 instead of 0xFF 0xFF in the first Next Turn of an 8x8 game
                Arguments.of(ReversiKit.FIRST_TURN, new Broken(0, down((l, p) -> {
                    byte[] f = p.frame().clone();
                    if (type(p) == 0x05 && (f[1] & 0xFF) == 0xFF && f[3] == 8) {
                        f[1] = 0;
                        f[2] = 0;
                    }
                    return List.of(f);
                }))),
                // NOK to black's third move, which it applies all the same
                Arguments.of(ReversiKit.MOVE_OK, new Broken(0, new MutatingRelay.Mutation() {
                    @Override
                    public List<byte[]> up(Link link, Piece piece) {
                        if (type(piece) == 0x04) {
                            count(link, "moves");
                        }
                        return List.of(piece.frame());
                    }

                    @Override
                    public List<byte[]> down(Link link, Piece piece) {
                        if (is(piece, 0x03, 0x01) && Integer.valueOf(3).equals(link.state.get("moves")) && link.state.putIfAbsent("done", true) == null) {
                            return List.of(NOK);
                        }
                        return List.of(piece.frame());
                    }
                })),
                // a black disc on A1 in black's fourth Next Turn
                Arguments.of(ReversiKit.NEXT_TURN, new Broken(0, down((l, p) -> {
                    byte[] f = p.frame().clone();
                    if (type(p) == 0x05 && count(l, "turns") == 4) {
                        f[5] = (byte) ((f[5] & 0x3F) | 0x40);
                    }
                    return List.of(f);
                }))),
                // one point too many for black in the controller's fifth Status2
                Arguments.of(ReversiKit.STATUS, new Broken(2, down((l, p) -> {
                    byte[] f = p.frame().clone();
                    if (type(p) == 0x07 && count(l, "status") == 5) {
                        f[1]++;
                    }
                    return List.of(f);
                }))),
                // 50 more for black at the end of a game played out (a forfeit's End has a 0)
                Arguments.of(ReversiKit.END_SCORE, new Broken(-1, down((l, p) -> {
                    byte[] f = p.frame().clone();
                    if (type(p) == 0x09) {
                        int b = ((f[1] & 0xFF) << 8) | (f[2] & 0xFF);
                        int w = ((f[3] & 0xFF) << 8) | (f[4] & 0xFF);
                        if (b > 0 && w > 0) {
                            f[1] = (byte) ((b + 50) >> 8);
                            f[2] = (byte) (b + 50);
                        }
                    }
                    return List.of(f);
                }))),
                // OK to black's illegal move
                Arguments.of(ReversiKit.ILLEGAL, new Broken(0, down((l, p) -> List.of(is(p, 0x03, 0x00) && l.state.containsKey("seated") ? OK : p.frame())))),
                // no NOK to white's move out of turn
                Arguments.of(ReversiKit.OUT_OF_TURN, new Broken(1, down((l, p) -> is(p, 0x03, 0x00) && l.state.containsKey("seated") ? List.of()
                        : List.of(p.frame())))),
                Arguments.of(ReversiKit.PING_GM, new Broken(0, answersPings())),
                Arguments.of(ReversiKit.PING_ANSWER, new Broken(0, up((l, p) -> type(p) == 0x0A ? List.of() : List.of(p.frame())))),
                // white's Pings answered by the relay: white never stops responding
                Arguments.of(ReversiKit.NO_ANSWER, new Broken(1, answersPings())),
                // no step mode: mode 1 (without restart) read as 0
                Arguments.of(ReversiKit.STEP, new Broken(2, up((l, p) -> {
                    byte[] f = p.frame().clone();
                    if (type(p) == 0x08 && f[3] == 1 && f[4] == 0) {
                        f[3] = 0;
                    }
                    return List.of(f);
                }))),
                Arguments.of(ReversiKit.CONTROL_NOK, new Broken(2, down((l, p) -> List.of(is(p, 0x03, 0x00) ? OK : p.frame())))),
                // restart read as no restart
                Arguments.of(ReversiKit.RESTART, new Broken(2, up((l, p) -> {
                    byte[] f = p.frame().clone();
                    if (type(p) == 0x08 && f[4] == 1) {
                        f[4] = 0;
                    }
                    return List.of(f);
                }))),
                // continuous mode refused silently once in step mode: the relay answers OK
                Arguments.of(ReversiKit.CONTINUOUS, new Broken(2, up((l, p) -> {
                    if (type(p) == 0x08 && p.frame()[3] == 1) {
                        l.state.put("step", true);
                    }
                    if (is(p, 0x08, 0, 0, 0, 0) && l.state.containsKey("step")) {
                        l.toDown(OK);
                        return List.of();
                    }
                    return List.of(p.frame());
                }))),
                // the message the kit wrote one byte at a time is lost: the framing scenario's Connect (0x01) of "framer_...";
                // judged by what the kit wrote, not by how many reads the relay needed (a loaded machine reads the bytes of a
                // split message in fewer reads than it was written in)
                Arguments.of(ReversiKit.SPLIT, new Broken(0, up((l, p) -> type(p) == 0x01
                        && new String(p.frame(), java.nio.charset.StandardCharsets.ISO_8859_1).contains("framer_") ? List.of() : List.of(p.frame())))),
                // a Ping after another message in the same read is lost
                Arguments.of(ReversiKit.MERGED, new Broken(1, up((l, p) -> p.indexInRead() > 0 && type(p) == 0x0A ? List.of() : List.of(p.frame())))),
                Arguments.of(ReversiKit.UNKNOWN_TYPE, new Broken(0, new MutatingRelay.Mutation() {
                    @Override
                    public byte[] upUnframed(Link link, byte[] bytes) {
                        return bytes.length > 0 && bytes[0] == 0x42 ? new byte[0] : bytes;
                    }
                })),
                Arguments.of(ReversiKit.WRONG_MESSAGE, new Broken(1, up((l, p) -> type(p) == 0x08 ? List.of() : List.of(p.frame())))),
                // a player that closes in the middle of a message stays seated: the relay keeps its side open and answers its Pings
                Arguments.of(ReversiKit.TRUNCATED, new Broken(0, new MutatingRelay.Mutation() {
                    @Override
                    public boolean closeUpWhenDownCloses(Link link, byte[] pending) {
                        if (pending.length > 0) {
                            link.state.put("gone", true);
                            return false;
                        }
                        return true;
                    }

                    @Override
                    public List<byte[]> down(Link link, Piece piece) {
                        if (type(piece) == 0x0A && link.state.containsKey("gone")) {
                            link.toUp(OK);
                            return List.of();
                        }
                        return List.of(piece.frame());
                    }
                })),
                // no End at the time limit (the time-limit scenario runs alone in this case: every other forfeit has an End too)
                Arguments.of(ReversiKit.TIMEOUT, new Broken(-1, down((l, p) -> type(p) == 0x09 ? List.of() : List.of(p.frame())))));
    }

    @Test
    void everyServerCheckHasABrokenGameMaster() {
        KitHarness.assertEveryCheckBroken(brokenServers().map(a -> (Check) a.get()[0]), KIT.serverScenarios(), ReversiKit.SETUP);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("brokenServers")
    @Execution(ExecutionMode.CONCURRENT)
    void aGameMasterBreakingOneRuleFailsExactlyThatCheck(Check check, Broken broken) throws Exception {
        EmbeddedServer server = server();
        List<MutatingRelay> relays = new ArrayList<>();
        try {
            List<InetSocketAddress> gm = server.startGroup("reversi", "127.0.0.1", 0);
            List<Integer> ports = new ArrayList<>();
            for (int i = 0; i < 3; i++) {
                MutatingRelay relay = new MutatingRelay("127.0.0.1", gm.get(i).getPort(), new ReversiKitCodec(), broken.on(i));
                relays.add(relay);
                ports.add(relay.port());
            }
            boolean timeout = check.equals(ReversiKit.TIMEOUT);
            Report r = runServer(ports, s -> timeout == s.equals("time-limit"));
            KitHarness.assertExactly(r, check, ReversiKit.SETUP);
        } finally {
            relays.forEach(MutatingRelay::close);
            server.close();
        }
    }

    // ------------------------------------------------------------------ the client kit

    /**
     * boardlab's own player ({@link ReversiClient}, the first legal square), connecting again after each
     * End, as a student's script would run a player in a loop.
     */
    static KitHarness.Looping player(int port) {
        return new KitHarness.Looping(4, (closed, made) -> {
            AtomicReference<Side> side = new AtomicReference<>();
            ReversiClient[] self = new ReversiClient[1];
            ReversiClient c = new ReversiClient(new ReversiClient.Listener() {
                @Override
                public void playerOk(int colour) {
                    side.set(colour == ReversiMessage.BLACK ? Side.FIRST : Side.SECOND);
                }

                @Override
                public void nextTurn(ReversiMessage.Board board) {
                    OthelloMove m = ReversiPositions.position(board, side.get()).placements().get(0);
                    self[0].move(m.col(), m.row());
                }

                @Override
                public void closed(org.boardlab.client.CloseReason reason) {
                    closed.run();
                }
            });
            self[0] = c;
            made.accept(c);
            c.connect("127.0.0.1", port).thenRun(() -> c.connectAs("boardlab"));
        });
    }

    static Report runClient(MutatingRelay.Mutation mutation) throws Exception {
        return KitHarness.runClient(KIT, settings(), mutation, port -> player(port).start());
    }

    @Test
    void theClientKitPassesAgainstBoardlabsPlayer() throws Exception {
        KitHarness.assertPassed(runClient(null));
    }

    /**
     * A Ping that comes right behind the player's Connect (in the same packet) is answered after the kit's Player OK:
     * answers keep the order of the requests (README §2). Before, the kit's reader answered it at once, ahead of the Player
     * OK whenever it won the race with the scenario's thread, and a player that matches answers in order took that OK for
     * its Connect's. (A race: without the change, each connection had about one chance in three to show it.)
     */
    @Test
    void aPingBetweenConnectAndPlayerOkIsAnsweredAfterThePlayerOk() throws Exception {
        List<List<Integer>> firstDown = java.util.Collections.synchronizedList(new ArrayList<>());
        MutatingRelay.Mutation connectThenPing = new MutatingRelay.Mutation() {
            @Override
            public List<byte[]> up(Link link, Piece piece) {
                if (type(piece) != 0x01) {
                    return List.of(piece.frame());
                }
                List<Integer> seen = java.util.Collections.synchronizedList(new ArrayList<>());
                link.state.put("firstDown", seen);
                firstDown.add(seen);
                byte[] both = java.util.Arrays.copyOf(piece.frame(), piece.frame().length + 1);
                both[both.length - 1] = 0x0A;
                return List.of(both);
            }

            @Override
            @SuppressWarnings("unchecked")
            public List<byte[]> down(Link link, Piece piece) {
                boolean answer = type(piece) == 0x02 || type(piece) == 0x03; // Player OK, OK/NOK (a Next Turn may come between)
                if (answer && link.state.get("firstDown") instanceof List<?> seen && seen.size() < 2) {
                    ((List<Integer>) seen).add(type(piece));
                }
                return List.of(piece.frame());
            }
        };
        KitHarness.assertPassed(runClient(connectThenPing));
        // (the player's loop connects once more after the kit's last game: the kit no longer answers that one)
        assertThat(firstDown.stream().filter(seen -> !seen.isEmpty()).toList())
                .as("on each connection the kit seated, its first two answers: Player OK (to the Connect), then OK (to the Ping)")
                .hasSizeGreaterThanOrEqualTo(2).allSatisfy(seen -> assertThat(seen).containsExactly(0x02, 0x03));
    }

    /**
     * A player that stays connected after an End whose scores {@code which} accepts: the End is not passed on, so boardlab's
     * player, which disconnects after End, takes no notice of it. (Before, the relay kept the kit's side open when the player
     * left: its loop then connected again at once and, unanswered while the kit waited 3 s for the first connection to close,
     * gave up on that Game Master after its Ping went 2 s unanswered, at the moment the kit took the connection for the next
     * scenario: reversi.client.white failed as well, at load 19.)
     */
    private static MutatingRelay.Mutation staysAfterEnd(Predicate<int[]> which) {
        return down((l, p) -> {
            byte[] f = p.frame();
            boolean end = type(p) == 0x09 && which.test(new int[] {((f[1] & 0xFF) << 8) | (f[2] & 0xFF), ((f[3] & 0xFF) << 8) | (f[4] & 0xFF)});
            return end ? List.of() : List.of(f);
        });
    }

    static Stream<Arguments> brokenClients() {
        AtomicBoolean firstConnect = new AtomicBoolean();
        AtomicBoolean firstMove = new AtomicBoolean();
        return Stream.of(
                // the first connection sends a New Move instead of Connect
                Arguments.of(ReversiClientKit.CONNECT, up((l, p) -> type(p) == 0x01 && firstConnect.compareAndSet(false, true)
                        ? List.of(new byte[] {4, 0, 0}) : List.of(p.frame()))),
                Arguments.of(ReversiClientKit.PING_ANSWER, down((l, p) -> type(p) == 0x0A ? List.of() : List.of(p.frame()))),
                // the client's Pings never reach the kit (the relay answers them)
                Arguments.of(ReversiClientKit.PINGS, up((l, p) -> {
                    if (type(p) == 0x0A) {
                        l.toDown(OK);
                        return List.of();
                    }
                    return List.of(p.frame());
                })),
                // the first move: B2, white's disc on the 4x4 start
                Arguments.of(ReversiClientKit.LEGAL, up((l, p) -> type(p) == 0x04 && firstMove.compareAndSet(false, true)
                        ? List.of(new byte[] {4, 1, 1}) : List.of(p.frame()))),
                // a client that does not read a Next Turn after a pass (not two discs more than the one before)
                Arguments.of(ReversiClientKit.PASS, down((l, p) -> {
                    if (type(p) == 0x05) {
                        ReversiMessage.Board b = ((ReversiMessage.NextTurn) ReversiKitCodec.message(frameOf(p), true).orElseThrow()).board();
                        int discs = b.count(1) + b.count(2);
                        Object before = l.state.put("discs", discs);
                        if (!b.noLastMove() && before instanceof Integer n && discs - n != 2) {
                            return List.of();
                        }
                    }
                    return List.of(p.frame());
                })),
                // a player that cannot put a Next Turn together from several reads loses the one the kit writes byte by byte: the
                // first of the 8x8 game (LastMove 0xFF 0xFF). Known by its bytes, not by the relay's reads, which are the machine's
                // to cut: at load 10 the relay's thread once read the 21 bytes, written 2 ms apart, in 3 reads, and passed them on
                Arguments.of(ReversiClientKit.SPLIT, down((l, p) -> type(p) == 0x05 && (p.frame()[1] & 0xFF) == 0xFF && p.frame()[3] == 8
                        && l.state.putIfAbsent("split", true) == null ? List.of() : List.of(p.frame()))),
                // a Next Turn after a Ping in the same read is lost
                Arguments.of(ReversiClientKit.MERGED, down((l, p) -> {
                    boolean afterPing = Boolean.TRUE.equals(l.state.put("ping", type(p) == 0x0A));
                    return p.indexInRead() > 0 && afterPing && type(p) == 0x05 ? List.of() : List.of(p.frame());
                })),
                Arguments.of(ReversiClientKit.END_CLOSE, staysAfterEnd(s -> s[0] > 0 && s[1] > 0)),
                // told white, the client moves at once (as black would)
                Arguments.of(ReversiClientKit.WHITE, down((l, p) -> {
                    if (is(p, 0x02, 0x02)) {
                        l.toDown(p.frame());
                        l.toUp(new byte[] {4, 2, 3});
                        return List.of();
                    }
                    return List.of(p.frame());
                })),
                Arguments.of(ReversiClientKit.LEFT, staysAfterEnd(s -> s[0] == 0 || s[1] == 0)));
    }

    private static org.boardlab.conform.Frame frameOf(Piece p) {
        return new org.boardlab.conform.Frame(1, 0, "relay", org.boardlab.conform.Frame.Direction.RECEIVED, p.frame(), "");
    }

    @Test
    void everyClientCheckHasABrokenPlayer() {
        KitHarness.assertEveryCheckBroken(brokenClients().map(a -> (Check) a.get()[0]), KIT.clientScenarios(), ReversiClientKit.SETUP);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("brokenClients")
    @Execution(ExecutionMode.CONCURRENT)
    void aPlayerBreakingOneRuleFailsExactlyThatCheck(Check check, MutatingRelay.Mutation mutation) throws Exception {
        Report r = runClient(mutation);
        KitHarness.assertExactly(r, check, ReversiClientKit.SETUP);
        if (check.equals(ReversiClientKit.SPLIT)) {
            // the Next Turn the player lost is the one the kit wrote byte by byte
            assertThat(Reports.failures(r)).containsPattern("NextTurn after [^\n]*, 8x8 +\\[in \\d+ writes of 1 byte");
        }
    }
}
