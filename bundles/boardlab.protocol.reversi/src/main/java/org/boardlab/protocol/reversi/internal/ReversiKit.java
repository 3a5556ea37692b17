package org.boardlab.protocol.reversi.internal;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import javax.inject.Named;
import javax.inject.Singleton;
import org.boardlab.api.GameOptions;
import org.boardlab.api.Side;
import org.boardlab.conform.Check;
import org.boardlab.conform.ConformanceKit;
import org.boardlab.conform.Frame;
import org.boardlab.conform.KitScenarios;
import org.boardlab.conform.FrameCodec;
import org.boardlab.conform.Scenario;
import org.boardlab.conform.ScenarioContext;
import org.boardlab.conform.Wire;
import org.boardlab.game.othello.Othello;
import org.boardlab.game.othello.OthelloMove;
import org.boardlab.game.othello.OthelloPosition;
import org.boardlab.protocol.reversi.Cells;
import org.boardlab.protocol.reversi.ReversiCodec;
import org.boardlab.protocol.reversi.ReversiEncoder;
import org.boardlab.protocol.reversi.ReversiMessage;
import org.boardlab.protocol.reversi.ReversiMessage.Board;
import org.boardlab.protocol.reversi.ReversiMessage.Control;
import org.boardlab.protocol.reversi.ReversiMessage.End;
import org.boardlab.protocol.reversi.ReversiMessage.NextTurn;
import org.boardlab.protocol.reversi.ReversiMessage.Ok;
import org.boardlab.protocol.reversi.ReversiMessage.PlayerOk;
import org.boardlab.protocol.reversi.ReversiMessage.Status1;
import org.boardlab.protocol.reversi.ReversiMessage.Status2;
import org.boardlab.protocol.reversi.ReversiPositions;

/**
 * The conformance kit of seed 004's Game Master protocol: {@code boardlab conform reversi server
 * HOST:BP} (white on BP+1, the controller on BP+2, as {@code boardlab serve} opens them) or
 * {@code HOST:BP,WP,GC}, and {@code boardlab conform reversi client --port P} (the kit is the Game
 * Master of a player under test). Every check cites a section of this bundle's README.
 *
 * <p>A Game Master plays one game at a time, so every server scenario plays its own game and ends
 * it (End, or a player that leaves) before the next one begins; every scenario first connects a
 * Game Controller that sets continuous mode and the 8x8 board, whatever the scenario before left.
 * The kit answers every Ping with OK, as the protocol asks of a live peer (except where a scenario
 * plays a peer that does not respond), and follows the game with boardlab's own Othello rules.
 */
@Named("reversi")
@Singleton
public final class ReversiKit implements ConformanceKit {

    private static final String R = "reversi README ";

    static final Check SETUP = new Check("reversi.setup", R + "§3 A player's session, §4 A Game Controller's session",
            "the kit can seat two players and a controller and see their game start (what this scenario needs first; the rule that breaks it has "
                    + "its own check)");
    static final Check CONNECT_BLACK = new Check("reversi.connect.black", R + "§2 0x02 Player OK, §3 item 2",
            "Connect on the BP port is answered Player OK with colour 0x01 (black)");
    static final Check CONNECT_WHITE = new Check("reversi.connect.white", R + "§2 0x02 Player OK, §3 item 2",
            "Connect on the WP port is answered Player OK with colour 0x02 (white)");
    static final Check SEAT_TAKEN = new Check("reversi.connect.seat-taken", R + "§2 0x03 OK/NOK, §3 item 2",
            "a Connect on a port whose seat is taken is answered NOK, and the Game Master closes that connection");
    static final Check FIRST_TURN = new Check("reversi.game.first-turn", R + "§3 items 3-4, §2 0x05 Next Turn",
            "when both seats are taken, black (only) gets Next Turn: LastMove 0xFF 0xFF, 8x8, white on D4 and E5, black on E4 and D5");
    static final Check MOVE_OK = new Check("reversi.move.ok", R + "§3 item 4, §2 0x03 OK/NOK",
            "a legal New Move is answered OK, before anything that follows from it on that socket");
    static final Check NEXT_TURN = new Check("reversi.move.next-turn", R + "§3 item 4, §2 0x05 Next Turn",
            "after each move the side to move (the same side again when the other must pass) gets Next Turn with the board after the move "
                    + "and LastMove the last disc placed");
    static final Check STATUS = new Check("reversi.gc.status", R + "§4 item 3, §2 0x06 Status1, 0x07 Status2",
            "the controller gets Status1 then Status2 at the start and after every move: the board, LastMove, each side's discs as points, "
                    + "the players' names");
    static final Check END_SCORE = new Check("reversi.end.score", R + "§3 item 5, §7 The score",
            "when neither side can move, End goes to both players and the controller, with the scores of the formula (each term rounded "
                    + "down; the disc terms and the winner's 100 exactly, the time terms adding up to 99 or 100)");
    static final Check ILLEGAL = new Check("reversi.forfeit.illegal", R + "§6 Forfeits",
            "an illegal New Move (an occupied square) is answered NOK; End goes to all three, the offender's score 0");
    static final Check OUT_OF_TURN = new Check("reversi.forfeit.out-of-turn", R + "§3 item 4, §6 Forfeits",
            "a New Move with no Next Turn waiting for it is answered NOK; End goes to all three, the offender's score 0");
    static final Check PING_GM = new Check("reversi.ping.after-silence", R + "§2 0x0A Ping",
            "a socket silent for 1 s gets a Ping from the Game Master");
    static final Check PING_ANSWER = new Check("reversi.ping.answered", R + "§2 0x0A Ping, §2 0x03 OK/NOK",
            "a Ping to the Game Master is answered OK (within 2 s)");
    static final Check NO_ANSWER = new Check("reversi.forfeit.no-answer", R + "§6 Forfeits (does not respond)",
            "a player that leaves the Game Master's Ping unanswered loses (score 0) before the time limit of the player who is thinking");
    static final Check STEP = new Check("reversi.gc.step", R + "§4 item 4",
            "in step by step mode no Next Turn goes out until a step; each Control with mode 0x01 and restart 0x00 grants exactly one move");
    static final Check CONTROL_NOK = new Check("reversi.gc.control-refused", R + "§2 0x08 Control",
            "a Control with a size that is not even 4..16 is answered NOK and changes nothing (it grants no step)");
    static final Check RESTART = new Check("reversi.gc.restart", R + "§4 item 5",
            "Control with restart 0x01 starts a new game on the pending size at once (between moves): Status1 with the start position and "
                    + "LastMove 0xFF 0xFF, Status2 with timers 0, and no End");
    static final Check CONTINUOUS = new Check("reversi.gc.continuous", R + "§4 item 4",
            "Control with mode 0x00 makes the Game Master play on without steps");
    static final Check SPLIT = new Check("reversi.framing.split", R + "§1 Framing",
            "a message that arrives one byte at a time (Connect, New Move) is read as one message");
    static final Check MERGED = new Check("reversi.framing.merged", R + "§1 Framing",
            "two messages in one packet (Connect and Ping; New Move and Ping) are read as two: each is answered");
    static final Check UNKNOWN_TYPE = new Check("reversi.bytes.unknown-type", R + "§1 Framing, §6 Forfeits",
            "a type byte that is no message (0x42) from a player in a game is a protocol error: End to the other two, the offender's score 0");
    static final Check WRONG_MESSAGE = new Check("reversi.bytes.wrong-port", R + "§6 Forfeits",
            "a message of the wrong port (a Control on a player's port) is a protocol error: End to the other two, the offender's score 0");
    static final Check TRUNCATED = new Check("reversi.bytes.truncated", R + "§1 Framing, §6 Forfeits",
            "a player whose connection ends in the middle of a message (04 03, then the close) loses: End to the other two, its score 0");
    static final Check TIMEOUT = new Check("reversi.forfeit.time", R + "§6 Forfeits (10 s per move)",
            "a player who answers Pings but sends no move within the time per move loses: End to all three, its score 0");

    private static final Othello OTHELLO = new Othello();
    private final ReversiKitCodec codec = new ReversiKitCodec();

    @Override
    public String protocol() {
        return "reversi";
    }

    @Override
    public String title() {
        return "seed 004 Reversi Game Master binary protocol";
    }

    @Override
    public int defaultPort() {
        return ReversiCodec.DEFAULT_PORT;
    }

    @Override
    public FrameCodec codec() {
        return codec;
    }

    /**
     * {@code BP} (white on BP+1, the controller on BP+2, as {@code boardlab serve --protocol reversi
     * --port BP} opens them) or {@code BP,WP,GC}.
     */
    @Override
    public List<Integer> serverPorts(String text) {
        String[] parts = text.split(",", -1);
        if (parts.length == 1) {
            int bp = ConformanceKit.port(parts[0]);
            if (bp > 65533) {
                throw new IllegalArgumentException("BP " + bp + " leaves no room for WP = BP+1 and GC = BP+2; give BP,WP,GC");
            }
            return List.of(bp, bp + 1, bp + 2);
        }
        if (parts.length != 3) {
            throw new IllegalArgumentException("a Game Master's ports are BP (then WP = BP+1, GC = BP+2) or BP,WP,GC, not '" + text + "'");
        }
        return List.of(ConformanceKit.port(parts[0]), ConformanceKit.port(parts[1]), ConformanceKit.port(parts[2]));
    }

    @Override
    public List<Scenario> serverScenarios() {
        return KitScenarios.start()
                .add("connect", "black connects on BP, a second player on BP, white on WP; black gets the first Next Turn", this::connect, SETUP,
                        CONNECT_BLACK, SEAT_TAKEN, CONNECT_WHITE, FIRST_TURN)
                .add("whole-game", "both players play the first legal square until neither can move; the controller watches", this::wholeGame, SETUP,
                        MOVE_OK, NEXT_TURN, STATUS, END_SCORE)
                .add("illegal-move", "black plays D4, a square white holds", this::illegal, SETUP, ILLEGAL)
                .add("out-of-turn", "white plays while black has the Next Turn", this::outOfTurn, SETUP, OUT_OF_TURN)
                .add("pings", "black is silent after its Next Turn; then black pings", this::pings, SETUP, PING_GM, PING_ANSWER)
                .add("no-answer", "white answers no Ping while black thinks (black answers its Pings)", this::noAnswer, SETUP, NO_ANSWER)
                .add("controller", "step mode before the game, one step, a refused Control, a restart on 6x6, continuous mode", this::controller,
                        SETUP, STEP, CONTROL_NOK, RESTART, CONTINUOUS)
                .add("framing", "black's Connect and first move in 1-byte writes; white's Connect and a Ping in one write, then its "
                        + "move and a Ping in one write", this::framing, SETUP, SPLIT, MERGED)
                .add("bad-bytes", "three games: black sends 0x42; white sends a Control on WP; black sends 04 03 and closes", this::badBytes, SETUP,
                        UNKNOWN_TYPE, WRONG_MESSAGE, TRUNCATED)
                .timing("time-limit", "black answers its Pings but does not move", this::timeLimit, SETUP, TIMEOUT)
                .list();
    }

    @Override
    public List<Scenario> clientScenarios() {
        return ReversiClientKit.scenarios();
    }

    @Override
    public String clientInstructions(int port) {
        return "start the player under test against port " + port + ", and again after each End (the kit plays two games, and restarts "
                + "boardlab's way in the first), e.g. boardlab client reversi --black 127.0.0.1:" + port + " --player first-legal";
    }

    // ------------------------------------------------------------------ helpers

    static byte[] bytes(ReversiMessage m) {
        return ReversiEncoder.encode(m);
    }

    /** A received frame that boardlab's decoder reads as a message of this type. */
    static Predicate<Frame> received(Class<? extends ReversiMessage> type, boolean fromServer) {
        return f -> f.direction() == Frame.Direction.RECEIVED && ReversiKitCodec.message(f, fromServer).filter(type::isInstance).isPresent();
    }

    static Predicate<Frame> ok(boolean value, boolean fromServer) {
        return f -> f.direction() == Frame.Direction.RECEIVED
                && ReversiKitCodec.message(f, fromServer).filter(m -> m instanceof Ok o && o.ok() == value).isPresent();
    }

    static <T extends ReversiMessage> T as(Frame f, Class<T> type, boolean fromServer) {
        return type.cast(ReversiKitCodec.message(f, fromServer).orElseThrow());
    }

    static final Predicate<Frame> PINGS = received(ReversiMessage.Ping.class, true);
    private static final Predicate<Frame> STATUSES = received(Status1.class, true).or(received(Status2.class, true));
    private static final Predicate<Frame> ANY_OK = received(Ok.class, true);

    /** BP, WP, GC: three ports given, or one (then +1, +2). */
    private static int port(ScenarioContext ctx, int role) {
        List<Integer> p = ctx.ports();
        return p.size() >= 3 ? p.get(role) : p.get(0) + role;
    }

    /** A connection that answers the Game Master's Pings with OK and passes over them. */
    private static Wire open(ScenarioContext ctx, int role, String base) throws IOException {
        Wire w = ctx.connect(ctx.name(base), port(ctx, role));
        w.ignoring(PINGS).answering(PINGS, f -> bytes(Ok.OK));
        return w;
    }

    /** The start position of an X×Y board, black to move. */
    static OthelloPosition start(int size) {
        return OTHELLO.newGame(GameOptions.of(Map.of("size", String.valueOf(size))));
    }

    /** One game as the kit follows it. */
    static final class Game {
        Wire black;
        Wire white;
        Wire gc;
        String blackName;
        String whiteName;
        OthelloPosition position;
        int lastX = ReversiMessage.NO_MOVE;
        int lastY = ReversiMessage.NO_MOVE;
        Status2 lastStatus;

        Wire wire(Side side) {
            return side == Side.FIRST ? black : white;
        }

        Board board() {
            return ReversiPositions.board(position, lastX, lastY);
        }

        List<Wire> all() {
            return List.of(black, white, gc);
        }
    }

    /** A controller that set continuous mode and the 8x8 board (or {@code control}), answered OK. */
    private Wire controller(ScenarioContext ctx, Control control, Check check) throws Exception {
        Wire gc = open(ctx, GameMaster.GC, "gc");
        // a game still on (the scenario before failed in the middle of one, and its players' close is not yet seen): the
        // Game Master shows it at once; wait for its End, so that this scenario's players find the seats free
        if (ctx.poll(gc, received(Status1.class, true), Duration.ofMillis(200)) != null) {
            ctx.poll(gc, received(End.class, true), ctx.settings().answerTime());
        }
        gc.send(bytes(control));
        ctx.expect(gc, check, "OK to " + describe(control), ok(true, true));
        return gc;
    }

    private static String describe(ReversiMessage m) {
        return ReversiProtocol.describe(m).summary();
    }

    /**
     * Connect on a player's port, answered Player OK with {@code colour}. A NOK while the seat is still
     * taken by the game before (its End just sent) is tried again for up to the answer time.
     */
    private Wire seat(ScenarioContext ctx, int role, String name, Check check) throws Exception {
        int colour = role == GameMaster.BP ? ReversiMessage.BLACK : ReversiMessage.WHITE;
        long until = System.nanoTime() + ctx.settings().answerTime().toNanos();
        while (true) {
            Wire w = open(ctx, role, role == GameMaster.BP ? "black" : "white");
            w.send(bytes(ReversiMessage.Connect.of(name)));
            Frame f = ctx.expect(w, check, "Player OK " + colourName(colour), received(PlayerOk.class, true).or(ok(false, true)));
            if (ok(false, true).test(f) && System.nanoTime() < until) {
                w.close();
                Thread.sleep(100);
                continue;
            }
            if (!received(PlayerOk.class, true).test(f) || as(f, PlayerOk.class, true).colour() != colour) {
                throw ctx.fail(check, "Player OK " + colourName(colour), f.decoded(), List.of(f));
            }
            return w;
        }
    }

    static String colourName(int colour) {
        return colour == ReversiMessage.BLACK ? "0x01 (black)" : "0x02 (white)";
    }

    /** Expects Next Turn with exactly {@code board} on {@code w}. */
    private static Frame expectTurn(ScenarioContext ctx, Wire w, Board board, Check check) throws Exception {
        String want = "Next Turn " + boardText(board);
        Frame f = ctx.expect(w, check, want, received(NextTurn.class, true));
        Board got = as(f, NextTurn.class, true).board();
        if (!got.equals(board)) {
            throw ctx.fail(check, want, "Next Turn " + boardText(got), List.of(f));
        }
        return f;
    }

    /** {@code last D3, 8x8, NNNNNNNN/.../NNNNNNNN} (rows from the top, N/B/W as the seed's controller draws them). */
    static String boardText(Board b) {
        StringBuilder t = new StringBuilder("last " + Cells.square(b.lastX(), b.lastY()) + ", " + b.sizeX() + "x" + b.sizeY() + ", ");
        int[] cells = b.cells();
        for (int i = 0; i < cells.length; i++) {
            if (i > 0 && i % b.sizeX() == 0) {
                t.append('/');
            }
            t.append(Cells.letter(cells[i]));
        }
        return t.toString();
    }

    /** Status1 with {@code board}, then Status2 with the discs as points and the names; the Status2 kept. */
    private static void expectStatus(ScenarioContext ctx, Game g, Check check) throws Exception {
        Board board = g.board();
        String want = "Status1 " + boardText(board);
        Frame f = ctx.expect(g.gc, check, want, received(Status1.class, true));
        Board got = as(f, Status1.class, true).board();
        if (!got.equals(board)) {
            throw ctx.fail(check, want, "Status1 " + boardText(got), List.of(f));
        }
        int b = g.position.discs(Side.FIRST);
        int w = g.position.discs(Side.SECOND);
        String want2 = "Status2 " + g.blackName + " " + b + " points, " + g.whiteName + " " + w + " points";
        Frame f2 = ctx.expect(g.gc, check, want2, received(Status2.class, true));
        Status2 s = as(f2, Status2.class, true);
        if (s.black().points() != b || s.white().points() != w || !s.black().text().equals(g.blackName) || !s.white().text().equals(g.whiteName)) {
            throw ctx.fail(check, want2, f2.decoded(), List.of(f, f2));
        }
        g.lastStatus = s;
    }

    /**
     * A game: a controller (continuous, 8x8), black and white seated, black's first Next Turn and the
     * controller's first Status.
     */
    private Game game(ScenarioContext ctx, Check check) throws Exception {
        Game g = new Game();
        g.gc = controller(ctx, new Control(8, 8, Control.CONTINUOUS, 0), check);
        g.blackName = ctx.name("black");
        g.whiteName = ctx.name("white");
        g.black = seat(ctx, GameMaster.BP, g.blackName, check);
        g.white = seat(ctx, GameMaster.WP, g.whiteName, check);
        g.position = start(8);
        expectTurn(ctx, g.black, g.board(), check);
        expectStatus(ctx, g, check);
        return g;
    }

    /**
     * The side to move plays (x, y): OK to it, the controller's Status, and the Next Turn of the side
     * to move after it (the same side when the other must pass). Returns {@code false} when the game
     * is over.
     */
    private boolean play(ScenarioContext ctx, Game g, int x, int y, Check okCheck, Check turnCheck, Check statusCheck) throws Exception {
        Side mover = g.position.sideToMove();
        Wire w = g.wire(mover);
        w.send(bytes(new ReversiMessage.NewMove(x, y)));
        played(ctx, g, w, x, y, okCheck);
        return afterMove(ctx, g, turnCheck, statusCheck);
    }

    private void played(ScenarioContext ctx, Game g, Wire w, int x, int y, Check okCheck) throws Exception {
        ctx.expect(w, okCheck, "OK to New Move " + Cells.square(x, y), ok(true, true));
        g.position = (OthelloPosition) g.position.apply(OthelloMove.at(x, y));
        g.lastX = x;
        g.lastY = y;
    }

    private boolean afterMove(ScenarioContext ctx, Game g, Check turnCheck, Check statusCheck) throws Exception {
        if (statusCheck != null) {
            expectStatus(ctx, g, statusCheck);
        }
        while (!g.position.isTerminal() && g.position.placements().isEmpty()) {
            g.position = (OthelloPosition) g.position.apply(OthelloMove.PASS); // the Game Master passes for it, without a message
        }
        if (g.position.isTerminal()) {
            return false;
        }
        expectTurn(ctx, g.wire(g.position.sideToMove()), g.board(), turnCheck);
        return true;
    }

    /** The End on {@code w}: the same on every wire of the game, read and kept by the caller. */
    private static End expectEnd(ScenarioContext ctx, Wire w, Check check, Duration within) throws Exception {
        Frame f = ctx.expect(w, check, "End", received(End.class, true), within);
        return as(f, End.class, true);
    }

    private static int pointTerm(int own, int total) {
        return total == 0 ? 50 : 100 * own / total;
    }

    /** Checks a forfeit's End: the offender 0, the other side 100 + its disc term + a time term of 0..100. */
    private static void checkForfeit(ScenarioContext ctx, Game g, Frame f, Side offender, Check check) {
        End e = as(f, End.class, true);
        int total = g.position.discs(Side.FIRST) + g.position.discs(Side.SECOND);
        Side other = offender.other();
        int own = offender == Side.FIRST ? e.blackScore() : e.whiteScore();
        int theirs = other == Side.FIRST ? e.blackScore() : e.whiteScore();
        int base = 100 + pointTerm(g.position.discs(other), total);
        if (own != 0 || theirs < base || theirs > base + 100) {
            throw ctx.fail(check, "End with " + (offender == Side.FIRST ? "black" : "white") + " 0 and " + (other == Side.FIRST ? "black" : "white")
                    + " " + base + " + a time term of 0..100 (the winner's 100 and its discs " + g.position.discs(other) + " of " + total + ")",
                    f.decoded(), List.of(f));
        }
    }

    /** End on the wires (the offender's own may be closed at once: {@code null} skips it), all a forfeit of {@code offender}. */
    private static void expectForfeit(ScenarioContext ctx, Game g, Side offender, Check check, Duration within, List<Wire> wires) throws Exception {
        for (Wire w : wires) {
            Frame f = ctx.expect(w, check, "End, " + (offender == Side.FIRST ? "black" : "white") + " scoring 0", received(End.class, true), within);
            checkForfeit(ctx, g, f, offender, check);
        }
    }

    /** Ends a game that is still on: {@code w} leaves, and the kit waits for the End of the others (the Game Master is then free). */
    private static void leave(ScenarioContext ctx, Game g, Wire w) throws Exception {
        w.close();
        for (Wire o : g.all()) {
            if (o != w && !o.isClosed()) {
                ctx.poll(o, received(End.class, true), ctx.settings().answerTime());
            }
        }
    }

    // ------------------------------------------------------------------ scenarios

    private void connect(ScenarioContext ctx) throws Exception {
        Game g = new Game();
        g.gc = controller(ctx, new Control(8, 8, Control.CONTINUOUS, 0), SETUP);
        ctx.pass(SETUP);
        g.blackName = ctx.name("black");
        g.whiteName = ctx.name("white");
        g.black = seat(ctx, GameMaster.BP, g.blackName, CONNECT_BLACK);
        ctx.pass(CONNECT_BLACK);
        Wire second = open(ctx, GameMaster.BP, "second");
        second.send(bytes(ReversiMessage.Connect.of(ctx.name("second"))));
        ctx.expect(second, SEAT_TAKEN, "NOK: the black seat is taken", ok(false, true));
        ctx.expectClosed(second, SEAT_TAKEN, "the Game Master closes the connection after its NOK", f -> false, ctx.settings().answerTime());
        ctx.pass(SEAT_TAKEN);
        g.white = seat(ctx, GameMaster.WP, g.whiteName, CONNECT_WHITE);
        ctx.pass(CONNECT_WHITE);
        g.position = start(8);
        expectTurn(ctx, g.black, g.board(), FIRST_TURN);
        ctx.expectNone(g.white, FIRST_TURN, "no Next Turn for white: black moves first", received(NextTurn.class, true), ctx.settings().quiet());
        ctx.pass(FIRST_TURN);
        leave(ctx, g, g.black);
    }

    private void wholeGame(ScenarioContext ctx) throws Exception {
        Game g = game(ctx, SETUP);
        ctx.pass(SETUP);
        boolean on = true;
        while (on) {
            OthelloMove m = g.position.placements().get(0);
            on = play(ctx, g, m.col(), m.row(), MOVE_OK, NEXT_TURN, STATUS);
        }
        ctx.pass(MOVE_OK);
        ctx.pass(NEXT_TURN);
        ctx.pass(STATUS);
        List<Frame> ends = new ArrayList<>();
        for (Wire w : g.all()) {
            ends.add(ctx.expect(w, END_SCORE, "End", received(End.class, true)));
        }
        End e = as(ends.get(0), End.class, true);
        for (Frame f : ends) {
            if (!as(f, End.class, true).equals(e)) {
                throw ctx.fail(END_SCORE, "the same End to all three: " + ends.get(0).decoded(), f.decoded(), ends);
            }
        }
        int b = g.position.discs(Side.FIRST);
        int w = g.position.discs(Side.SECOND);
        int tb = e.blackScore() - pointTerm(b, b + w) - (b > w ? 100 : 0);
        int tw = e.whiteScore() - pointTerm(w, b + w) - (w > b ? 100 : 0);
        int timerB = g.lastStatus.black().timerMillis();
        int timerW = g.lastStatus.white().timerMillis();
        String want = "End: black " + pointTerm(b, b + w) + (b > w ? " + 100" : "") + " + a time term, white " + pointTerm(w, b + w)
                + (w > b ? " + 100" : "") + " + a time term (discs " + b + " to " + w + "; time terms 0..100 adding up to 99 or 100, the larger for the "
                + "side with less time: last Status2 " + timerB + " ms to " + timerW + " ms)";
        boolean timesFit = tb >= 0 && tb <= 100 && tw >= 0 && tw <= 100 && (tb + tw == 99 || tb + tw == 100)
                && !(timerB > timerW + 1 && tb > tw) && !(timerW > timerB + 1 && tw > tb);
        if (!timesFit) {
            throw ctx.fail(END_SCORE, want, ends.get(0).decoded(), ends);
        }
        ctx.pass(END_SCORE);
    }

    private void illegal(ScenarioContext ctx) throws Exception {
        Game g = game(ctx, SETUP);
        ctx.pass(SETUP);
        g.black.send(bytes(new ReversiMessage.NewMove(3, 3))); // D4: white's
        ctx.expect(g.black, ILLEGAL, "NOK to New Move D4 (white's square)", ok(false, true));
        expectForfeit(ctx, g, Side.FIRST, ILLEGAL, ctx.settings().answerTime(), g.all());
        ctx.pass(ILLEGAL);
    }

    private void outOfTurn(ScenarioContext ctx) throws Exception {
        Game g = game(ctx, SETUP);
        ctx.pass(SETUP);
        g.white.send(bytes(new ReversiMessage.NewMove(2, 4))); // C5, while black has the Next Turn
        ctx.expect(g.white, OUT_OF_TURN, "NOK to white's New Move C5 (black has the Next Turn)", ok(false, true));
        expectForfeit(ctx, g, Side.SECOND, OUT_OF_TURN, ctx.settings().answerTime(), g.all());
        ctx.pass(OUT_OF_TURN);
    }

    private void pings(ScenarioContext ctx) throws Exception {
        Game g = game(ctx, SETUP);
        ctx.pass(SETUP);
        ctx.expect(g.black, PING_GM, "a Ping after 1 s of silence", PINGS, Duration.ofSeconds(1).plus(ctx.settings().answerTime()));
        ctx.pass(PING_GM);
        g.black.send(bytes(ReversiMessage.Ping.INSTANCE));
        ctx.expect(g.black, PING_ANSWER, "OK to the Ping", ok(true, true), Duration.ofSeconds(2));
        ctx.pass(PING_ANSWER);
        leave(ctx, g, g.black);
    }

    private void noAnswer(ScenarioContext ctx) throws Exception {
        Duration limit = ctx.settings().moveTime().orElse(Duration.ofSeconds(10));
        Game g = game(ctx, SETUP);
        ctx.pass(SETUP);
        g.white.notAnswering();
        g.white.ignoring(PINGS);
        expectForfeit(ctx, g, Side.SECOND, NO_ANSWER, limit.plus(ctx.settings().answerTime()), List.of(g.black, g.gc));
        ctx.pass(NO_ANSWER);
    }

    private void controller(ScenarioContext ctx) throws Exception {
        Game g = new Game();
        g.gc = controller(ctx, new Control(8, 8, Control.STEP, 0), STEP);
        g.blackName = ctx.name("black");
        g.whiteName = ctx.name("white");
        g.black = seat(ctx, GameMaster.BP, g.blackName, SETUP);
        g.white = seat(ctx, GameMaster.WP, g.whiteName, SETUP);
        g.position = start(8);
        expectStatus(ctx, g, SETUP);
        ctx.pass(SETUP);
        ctx.expectNone(g.black, STEP, "no Next Turn before a step", received(NextTurn.class, true), ctx.settings().quiet());
        g.gc.send(bytes(new Control(0, 0, Control.STEP, 0)));
        ctx.expect(g.gc, STEP, "OK to the step", ok(true, true));
        Frame first = ctx.expect(g.black, STEP, "Next Turn after the step", received(NextTurn.class, true));
        if (!as(first, NextTurn.class, true).board().equals(g.board())) {
            throw ctx.fail(SETUP, "Next Turn " + boardText(g.board()), first.decoded(), List.of(first));
        }
        OthelloMove m = g.position.placements().get(0);
        g.black.send(bytes(new ReversiMessage.NewMove(m.col(), m.row())));
        played(ctx, g, g.black, m.col(), m.row(), SETUP);
        expectStatus(ctx, g, SETUP);
        ctx.expectNone(g.white, STEP, "no Next Turn for white before another step", received(NextTurn.class, true), ctx.settings().quiet());
        ctx.pass(STEP);
        g.gc.send(bytes(new Control(5, 5, Control.STEP, 0)));
        ctx.expect(g.gc, CONTROL_NOK, "NOK to a 5x5 board", ok(false, true));
        ctx.expectNone(g.white, CONTROL_NOK, "no Next Turn for white: a refused Control grants no step", received(NextTurn.class, true),
                ctx.settings().quiet());
        ctx.pass(CONTROL_NOK);
        g.gc.send(bytes(new Control(6, 6, Control.STEP, 1)));
        ctx.expect(g.gc, RESTART, "OK to the restart on 6x6", ok(true, true));
        g.position = start(6);
        g.lastX = ReversiMessage.NO_MOVE;
        g.lastY = ReversiMessage.NO_MOVE;
        expectStatus(ctx, g, RESTART);
        if (g.lastStatus.black().timerMillis() != 0 || g.lastStatus.white().timerMillis() != 0) {
            throw ctx.fail(RESTART, "Status2 with both timers 0 after the restart", describe(g.lastStatus), List.of(g.gc.lastSent()));
        }
        for (Wire w : List.of(g.black, g.white)) {
            ctx.expectNone(w, RESTART, "no End: a restart keeps the players", received(End.class, true), ctx.settings().quiet());
        }
        g.gc.send(bytes(new Control(0, 0, Control.CONTINUOUS, 0)));
        ctx.expect(g.gc, CONTINUOUS, "OK to continuous mode", ok(true, true));
        Frame t = ctx.expect(g.black, CONTINUOUS, "Next Turn without a step", received(NextTurn.class, true));
        Board got = as(t, NextTurn.class, true).board();
        if (!got.equals(g.board())) {
            throw ctx.fail(RESTART, "Next Turn of the new game: " + boardText(g.board()), "Next Turn " + boardText(got), List.of(t));
        }
        ctx.pass(RESTART);
        m = g.position.placements().get(0);
        g.black.send(bytes(new ReversiMessage.NewMove(m.col(), m.row())));
        played(ctx, g, g.black, m.col(), m.row(), SETUP);
        g.gc.ignoring(PINGS.or(STATUSES));
        afterMove(ctx, g, CONTINUOUS, null);
        ctx.pass(CONTINUOUS);
        g.gc.send(bytes(new Control(8, 8, Control.CONTINUOUS, 0)));
        ctx.expect(g.gc, SETUP, "OK to 8x8 for the next game", ok(true, true));
        leave(ctx, g, g.black);
    }

    private void framing(ScenarioContext ctx) throws Exception {
        Duration pause = Duration.ofMillis(ctx.settings().fast() ? 2 : 10);
        Game g = new Game();
        g.gc = controller(ctx, new Control(8, 8, Control.CONTINUOUS, 0), SETUP);
        g.gc.ignoring(PINGS.or(STATUSES));
        g.blackName = ctx.name("framer"); // a name no other scenario uses: the tests' broken relays know this player by it
        g.whiteName = ctx.name("white");
        g.black = open(ctx, GameMaster.BP, "black");
        g.black.sendSplit(bytes(ReversiMessage.Connect.of(g.blackName)), 1, pause);
        ctx.expect(g.black, SPLIT, "Player OK 0x01 (black) to the Connect sent one byte at a time", received(PlayerOk.class, true));
        g.white = open(ctx, GameMaster.WP, "white");
        g.white.sendMerged(List.of(bytes(ReversiMessage.Connect.of(g.whiteName)), bytes(ReversiMessage.Ping.INSTANCE)));
        ctx.expect(g.white, MERGED, "Player OK 0x02 (white) to the Connect", received(PlayerOk.class, true));
        ctx.expect(g.white, MERGED, "OK to the Ping that came in the same packet", ok(true, true), Duration.ofSeconds(2));
        g.position = start(8);
        expectTurn(ctx, g.black, g.board(), SETUP);
        ctx.pass(SETUP);
        OthelloMove m = g.position.placements().get(0);
        g.black.sendSplit(bytes(new ReversiMessage.NewMove(m.col(), m.row())), 1, pause);
        played(ctx, g, g.black, m.col(), m.row(), SPLIT);
        ctx.pass(SPLIT);
        afterMove(ctx, g, SETUP, null);
        m = g.position.placements().get(0);
        g.white.sendMerged(List.of(bytes(new ReversiMessage.NewMove(m.col(), m.row())), bytes(ReversiMessage.Ping.INSTANCE)));
        played(ctx, g, g.white, m.col(), m.row(), MERGED);
        ctx.expect(g.white, MERGED, "OK to the Ping that came in the same packet as the move", ok(true, true), Duration.ofSeconds(2));
        afterMove(ctx, g, MERGED, null);
        ctx.pass(MERGED);
        leave(ctx, g, g.black);
    }

    private void badBytes(ScenarioContext ctx) throws Exception {
        // 1. a type byte that is no message, from black in its turn
        Game g = game(ctx, SETUP);
        g.gc.ignoring(PINGS.or(STATUSES));
        g.black.sendBytes(new byte[] {0x42}, "42 (no message has type 0x42)");
        g.white.ignoring(PINGS.or(ANY_OK));
        expectForfeit(ctx, g, Side.FIRST, UNKNOWN_TYPE, ctx.settings().answerTime(), List.of(g.white, g.gc));
        ctx.pass(UNKNOWN_TYPE);
        g.black.close();
        g.gc.close();
        // 2. a Control on the white port, while black thinks
        g = game(ctx, SETUP);
        g.gc.ignoring(PINGS.or(STATUSES));
        g.white.sendBytes(bytes(new Control(0, 0, Control.CONTINUOUS, 0)), "08 00 00 00 00 (a Control, which only the controller's port takes)");
        g.black.ignoring(PINGS.or(ANY_OK));
        expectForfeit(ctx, g, Side.SECOND, WRONG_MESSAGE, ctx.settings().answerTime(), List.of(g.black, g.gc));
        ctx.pass(WRONG_MESSAGE);
        g.white.close();
        g.gc.close();
        // 3. the first two bytes of a New Move, then the close
        g = game(ctx, SETUP);
        g.gc.ignoring(PINGS.or(STATUSES));
        OthelloMove m = g.position.placements().get(0);
        g.black.sendBytes(new byte[] {0x04, (byte) m.col()}, String.format("04 %02X (the first two of New Move's three bytes), then the close", m.col()));
        g.black.close();
        expectForfeit(ctx, g, Side.FIRST, TRUNCATED, ctx.settings().answerTime(), List.of(g.white, g.gc));
        ctx.pass(TRUNCATED);
        ctx.pass(SETUP);
    }

    private void timeLimit(ScenarioContext ctx) throws Exception {
        Duration limit = ctx.moveTime(Duration.ofSeconds(10));
        Game g = game(ctx, SETUP);
        ctx.pass(SETUP);
        g.gc.ignoring(PINGS.or(STATUSES));
        expectForfeit(ctx, g, Side.FIRST, TIMEOUT, limit.plus(ctx.settings().answerTime()), g.all());
        ctx.pass(TIMEOUT);
    }
}
