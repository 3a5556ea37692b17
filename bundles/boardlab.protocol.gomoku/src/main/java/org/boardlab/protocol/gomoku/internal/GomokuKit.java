package org.boardlab.protocol.gomoku.internal;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;
import javax.inject.Named;
import javax.inject.Singleton;
import org.boardlab.conform.Check;
import org.boardlab.conform.ConformanceKit;
import org.boardlab.conform.Frame;
import org.boardlab.conform.FrameCodec;
import org.boardlab.conform.Scenario;
import org.boardlab.conform.ScenarioContext;
import org.boardlab.conform.Wire;
import org.boardlab.protocol.gomoku.Cell;
import org.boardlab.protocol.gomoku.GomokuMessage;
import org.boardlab.protocol.gomoku.GomokuMessage.Color;
import org.boardlab.protocol.gomoku.GomokuMessage.FullUpdate;
import org.boardlab.protocol.gomoku.GomokuMessage.Refused;
import org.boardlab.protocol.gomoku.GomokuMessage.Update;
import org.boardlab.protocol.gomoku.GomokuMessage.Win;
import org.boardlab.protocol.gomoku.GomokuWire;
import org.boardlab.protocol.gomoku.Role;
import org.boardlab.protocol.gomoku.Stone;
import org.boardlab.protocol.gomoku.WireBoard;
import org.boardlab.protocol.gomoku.Winner;

/**
 * The conformance kit of seed 003's GMKU protocol: {@code boardlab conform gomoku server HOST:PORT}
 * and {@code boardlab conform gomoku client --port P}. Every check cites a section of this bundle's
 * README. Checks of what boardlab's server adds to the original (a {@code refused} answer, the
 * time per move, the round won by the player left) say so: the original twd2/chess server fails
 * them by design, and the report shows how.
 */
@Named("gomoku")
@Singleton
public final class GomokuKit implements ConformanceKit {

    private static final String R = "gomoku README ";

    static final Check SETUP = new Check("gomoku.setup", R + "§5 The flow of a game",
            "the kit can join two clients and see their round start (what this scenario needs first; the rule that breaks it has its own check)");
    static final Check JOIN = new Check("gomoku.join.hello", R + "§3 join, hello", "join is answered hello");
    static final Check HEARTBEAT = new Check("gomoku.heartbeat.accepted", R + "§4 Heartbeats",
            "a heartbeat (the empty frame) is allowed at any time: no answer, the connection stays open");
    static final Check COLOURS = new Check("gomoku.round.colours", R + "§3 color, §5",
            "when two players have joined, a round starts: each gets color, one \"B\" and one \"W\"");
    static final Check BOARD = new Check("gomoku.round.board", R + "§3 update (full), §5",
            "a round starts with a full update: 15 rows of 15 empty points, row and col -1, turn \"B\"");
    static final Check ALONE = new Check("gomoku.join.alone", R + "§5 The flow of a game, Joining",
            "a client alone on the server gets hello and waits: no color, no update and no win until a second client joins");
    static final Check WAITING_PLACE = new Check("gomoku.place.waiting", R + "§6 Refused moves (boardlab; the original answers nothing)",
            "a place from a client that waits for an opponent is answered refused, with no board, and the client still waits for its round");
    static final Check UPDATE = new Check("gomoku.update", R + "§3 place, update",
            "a legal place is sent to both players as an incremental update: its row and col, and the colour to move next as turn");
    static final Check WIN = new Check("gomoku.win", R + "§3 win",
            "after the update of the fifth stone in a row both players get win with that colour");
    static final Check DRAW = new Check("gomoku.draw", R + "§3 win (\"-\")",
            "when the board is full without five in a row (225 stones) both players get win \"-\"");
    static final Check NEW_ROUND = new Check("gomoku.new-round", R + "§3 new, §5 Another round",
            "new after a win starts another round: hello, a color for each (one B, one W), a full update of the empty board");
    static final Check OUT_OF_TURN = new Check("gomoku.place.out-of-turn", R + "§6 Refused moves (boardlab; the original answers nothing)",
            "a place when it is not one's turn is not played and is answered refused");
    static final Check TAKEN = new Check("gomoku.place.taken", R + "§6 Refused moves (boardlab; the original hands the turn over and answers nothing)",
            "a place on a taken point is answered refused, and the turn does not change");
    static final Check OFF_BOARD = new Check("gomoku.place.off-board", R + "§6 Refused moves (boardlab; the original hands the turn over and answers nothing)",
            "a place off the board (col 20) is answered refused, and the turn does not change");
    static final Check SKIPPED = new Check("gomoku.frame.skipped", R + "§7 Errors (not fatal)",
            "a frame that is not JSON, an unknown type and a JSON array are skipped: the connection stays open and the next place is played");
    static final Check SPLIT = new Check("gomoku.framing.split", R + "§1 Frames",
            "a frame that arrives one byte at a time is read as one frame");
    static final Check MERGED = new Check("gomoku.framing.merged", R + "§1 Frames",
            "two frames that arrive in one packet (a heartbeat and a place) are read as two frames");
    static final Check MAGIC = new Check("gomoku.framing.magic", R + "§1 Frames, §7 Errors (fatal)",
            "a frame that does not start with GMKU makes the receiver close the connection");
    static final Check OVERSIZED = new Check("gomoku.framing.oversized", R + "§1 Frames, §7 Errors (fatal)",
            "a frame that announces more than 10,240 bytes makes the receiver close the connection");
    static final Check LEAVE = new Check("gomoku.leave", R + "§5 Leaving (boardlab), §9 item 10",
            "when a player's connection ends in a round, the other gets win with its own colour");
    static final Check TIMEOUT = new Check("gomoku.time.move", R + "§9 item 11 (boardlab; the original has no clock)",
            "a player who does not place within the server's time per move loses the round: the other gets win with its colour");
    static final Check SILENCE = new Check("gomoku.time.silence", R + "§4 Heartbeats and time-outs",
            "the server closes a connection from which nothing has arrived for 45 s");

    private final GomokuKitCodec codec = new GomokuKitCodec();

    @Override
    public String protocol() {
        return "gomoku";
    }

    @Override
    public String title() {
        return "seed 003 GMKU protocol";
    }

    @Override
    public int defaultPort() {
        return GomokuWire.DEFAULT_PORT;
    }

    @Override
    public FrameCodec codec() {
        return codec;
    }

    @Override
    public List<Scenario> serverScenarios() {
        return List.of(
                Scenario.of("join", "a heartbeat, then join; a second client joins and the round starts", List.of(HEARTBEAT, JOIN, COLOURS, BOARD),
                        this::join),
                Scenario.of("alone", "one client joins and waits alone; it places; a second client joins and the round starts",
                        List.of(SETUP, ALONE, WAITING_PLACE), this::alone),
                Scenario.of("full-game", "black makes five in a row on row 8 while white plays on row 1", List.of(SETUP, UPDATE, WIN), this::fullGame),
                Scenario.of("new-round", "after black's win, white asks for another round", List.of(SETUP, NEW_ROUND), this::newRound),
                Scenario.of("full-board", "225 stones in a pattern with no five in a row: a full board", List.of(SETUP, UPDATE, DRAW), this::fullBoard),
                Scenario.of("refused", "white places first; white places on black's stone; white places at col 20",
                        List.of(SETUP, OUT_OF_TURN, TAKEN, OFF_BOARD), this::refused),
                Scenario.of("skipped-frames", "black sends a frame that is not JSON, an unknown type and a JSON array, then a place",
                        List.of(SETUP, SKIPPED), this::skipped),
                Scenario.of("framing", "black's place g7 in 1-byte writes; white's heartbeat and place in one write", List.of(SETUP, SPLIT, MERGED),
                        this::framing),
                Scenario.of("bad-frames", "a frame starting XMKU; a frame announcing 10,241 bytes", List.of(MAGIC, OVERSIZED), this::badFrames),
                Scenario.of("leave", "black's connection closes in a round", List.of(SETUP, LEAVE), this::leave),
                new Scenario("move-timeout", "black does not place (both send heartbeats)", List.of(SETUP, TIMEOUT), true, this::moveTimeout),
                new Scenario("silence", "a connection that sends nothing", List.of(SILENCE), true, this::silence));
    }

    @Override
    public List<Scenario> clientScenarios() {
        return GomokuClientKit.scenarios();
    }

    /** The client kit refuses a wait for a heartbeat under {@link GomokuClientKit#SHORTEST_IDLE}; the server kit takes any silence limit. */
    @Override
    public Optional<String> unfair(org.boardlab.conform.Report.Role role, org.boardlab.conform.KitSettings settings) {
        return role == org.boardlab.conform.Report.Role.CLIENT ? GomokuClientKit.unfair(settings) : Optional.empty();
    }

    @Override
    public String clientInstructions(int port) {
        return "start the client under test against port " + port + " and let it join and play (and ask for new rounds), e.g. "
                + "boardlab client gomoku --port " + port + " --player first-legal";
    }

    // ------------------------------------------------------------------ helpers

    static byte[] frame(GomokuMessage m) {
        return GomokuWire.frame(m);
    }

    static byte[] place(int row, int col) {
        return frame(new GomokuMessage.Place(row, col));
    }

    /** A received frame that boardlab's decoder reads as a message of this type. */
    static Predicate<Frame> received(Class<? extends GomokuMessage> type, boolean fromServer) {
        return f -> f.direction() == Frame.Direction.RECEIVED && GomokuKitCodec.message(f, fromServer).filter(type::isInstance).isPresent();
    }

    static <T extends GomokuMessage> T as(Frame f, Class<T> type, boolean fromServer) {
        return type.cast(GomokuKitCodec.message(f, fromServer).orElseThrow());
    }

    static final Predicate<Frame> HEARTBEATS = received(GomokuMessage.Heartbeat.class, true);
    static final Predicate<Frame> HELLOS = received(GomokuMessage.Hello.class, true);

    /** Two players with a round started. */
    record Pair(Wire black, Wire white) {
        List<Wire> both() {
            return List.of(black, white);
        }
    }

    private Wire open(ScenarioContext ctx, String name) throws IOException {
        return ctx.connect(name).ignoring(HEARTBEATS);
    }

    private void join(ScenarioContext ctx, Wire w, Check check) throws Exception {
        w.send(frame(GomokuMessage.JOIN));
        ctx.expect(w, check, "hello", HELLOS);
    }

    /**
     * Joins two clients and waits for the round: colours and the empty board. Checked as
     * {@code colours} and {@code board}.
     */
    private Pair pair(ScenarioContext ctx, Check joined, Check colours, Check board) throws Exception {
        Wire a = open(ctx, ctx.name("one"));
        join(ctx, a, joined);
        Wire b = open(ctx, ctx.name("two"));
        join(ctx, b, joined);
        Wire black = null;
        Wire white = null;
        List<Frame> colourFrames = new ArrayList<>();
        for (Wire w : List.of(a, b)) {
            w.ignoring(HEARTBEATS.or(HELLOS));
            Frame f = ctx.expect(w, colours, "color \"B\" or \"W\"", received(Color.class, true));
            colourFrames.add(f);
            Role role = as(f, Color.class, true).role();
            if (role == Role.BLACK && black == null) {
                black = w;
            } else if (role == Role.WHITE && white == null) {
                white = w;
            } else {
                throw ctx.fail(colours, "one color \"B\" and one \"W\"", "two players got color \"" + role.letter() + "\"", colourFrames);
            }
        }
        for (Wire w : List.of(black, white)) {
            Frame f = ctx.expect(w, board, "a full update: 15x15 empty, row -1, col -1, turn \"B\"", received(FullUpdate.class, true));
            FullUpdate u = as(f, FullUpdate.class, true);
            if (!u.board().equals(WireBoard.empty(15, 15)) || u.row() != -1 || u.col() != -1 || u.turn() != Stone.BLACK) {
                throw ctx.fail(board, "a full update: 15x15 empty, row -1, col -1, turn \"B\"", f.decoded(), List.of(f));
            }
            w.ignoring(HEARTBEATS);
        }
        return new Pair(black, white);
    }

    private Pair pair(ScenarioContext ctx) throws Exception {
        Pair p = pair(ctx, SETUP, SETUP, SETUP);
        ctx.pass(SETUP);
        return p;
    }

    /** {@code mover} places; both must get the incremental update with {@code next} to move. */
    private void play(ScenarioContext ctx, Pair p, Wire mover, int row, int col, Stone next, Check check) throws Exception {
        mover.send(place(row, col));
        expectUpdate(ctx, p, row, col, next, check);
    }

    private void expectUpdate(ScenarioContext ctx, Pair p, int row, int col, Stone next, Check check) throws Exception {
        String want = "update {\"col\":" + col + ",\"row\":" + row + ",\"turn\":\"" + next.letter() + "\"}";
        for (Wire w : p.both()) {
            Frame f = ctx.expect(w, check, want, received(Update.class, true));
            Update u = as(f, Update.class, true);
            if (u.row() != row || u.col() != col || u.turn() != next) {
                throw ctx.fail(check, want, f.decoded(), List.of(f));
            }
        }
    }

    private void expectWin(ScenarioContext ctx, Pair p, Winner winner, Check check) throws Exception {
        for (Wire w : p.both()) {
            Frame f = ctx.expect(w, check, "win \"" + winner.letter() + "\"", received(Win.class, true));
            if (as(f, Win.class, true).winner() != winner) {
                throw ctx.fail(check, "win \"" + winner.letter() + "\"", f.decoded(), List.of(f));
            }
        }
    }

    /** Black makes five on row 8 (h8..l8), white plays a1..d1. */
    private void blackWins(ScenarioContext ctx, Pair p, Check update, Check win) throws Exception {
        for (int i = 0; i < 5; i++) {
            play(ctx, p, p.black(), 7, 7 + i, Stone.WHITE, update);
            if (i < 4) {
                play(ctx, p, p.white(), 0, i, Stone.BLACK, update);
            }
        }
        expectWin(ctx, p, Winner.BLACK, win);
    }

    // ------------------------------------------------------------------ scenarios

    private void join(ScenarioContext ctx) throws Exception {
        Wire a = open(ctx, ctx.name("one"));
        a.send(frame(GomokuMessage.HEARTBEAT));
        ctx.expectNone(a, HEARTBEAT, "no answer to a heartbeat, the connection open", f -> !HEARTBEATS.test(f), ctx.settings().quiet());
        if (a.isClosed()) {
            throw ctx.fail(HEARTBEAT, "the connection open after a heartbeat", "the connection ended", List.of(a.lastSent()));
        }
        join(ctx, a, JOIN);
        ctx.pass(HEARTBEAT);
        ctx.pass(JOIN);
        // the second client; then the round
        Wire b = open(ctx, ctx.name("two"));
        join(ctx, b, JOIN);
        List<Frame> colourFrames = new ArrayList<>();
        Role first = null;
        for (Wire w : List.of(a, b)) {
            w.ignoring(HEARTBEATS.or(HELLOS));
            Frame f = ctx.expect(w, COLOURS, "color \"B\" or \"W\"", received(Color.class, true));
            colourFrames.add(f);
            Role r = as(f, Color.class, true).role();
            if (r == Role.SPECTATOR || r == first) {
                throw ctx.fail(COLOURS, "one color \"B\" and one \"W\"", "color \"" + r.letter() + "\" for both", colourFrames);
            }
            first = r;
        }
        ctx.pass(COLOURS);
        for (Wire w : List.of(a, b)) {
            Frame f = ctx.expect(w, BOARD, "a full update: 15x15 empty, row -1, col -1, turn \"B\"", received(FullUpdate.class, true));
            FullUpdate u = as(f, FullUpdate.class, true);
            if (!u.board().equals(WireBoard.empty(15, 15)) || u.row() != -1 || u.col() != -1 || u.turn() != Stone.BLACK) {
                throw ctx.fail(BOARD, "a full update: 15x15 empty, row -1, col -1, turn \"B\"", f.decoded(), List.of(f));
            }
        }
        ctx.pass(BOARD);
    }

    private void fullGame(ScenarioContext ctx) throws Exception {
        Pair p = pair(ctx);
        blackWins(ctx, p, UPDATE, WIN);
        ctx.pass(UPDATE);
        ctx.pass(WIN);
    }

    private void newRound(ScenarioContext ctx) throws Exception {
        Pair p = pair(ctx);
        blackWins(ctx, p, SETUP, SETUP);
        p.white().send(frame(GomokuMessage.NEW_ROUND));
        List<Frame> colourFrames = new ArrayList<>();
        Role first = null;
        for (Wire w : p.both()) {
            ctx.expect(w, NEW_ROUND, "hello", HELLOS);
            w.ignoring(HEARTBEATS.or(HELLOS));
            Frame f = ctx.expect(w, NEW_ROUND, "color \"B\" or \"W\"", received(Color.class, true));
            colourFrames.add(f);
            Role r = as(f, Color.class, true).role();
            if (r == Role.SPECTATOR || r == first) {
                throw ctx.fail(NEW_ROUND, "one color \"B\" and one \"W\"", "color \"" + r.letter() + "\" for both", colourFrames);
            }
            first = r;
            Frame u = ctx.expect(w, NEW_ROUND, "a full update of the empty board, turn \"B\"", received(FullUpdate.class, true));
            FullUpdate fu = as(u, FullUpdate.class, true);
            if (fu.board().stones() != 0 || fu.turn() != Stone.BLACK) {
                throw ctx.fail(NEW_ROUND, "a full update of the empty board, turn \"B\"", u.decoded(), List.of(u));
            }
        }
        ctx.pass(NEW_ROUND);
    }

    /** The colour of (row, col) in the full-board pattern: no five in a row anywhere; 113 black, 112 white. */
    static Stone drawColour(int row, int col) {
        return ((col + 2 * row) / 2) % 2 == 0 ? Stone.BLACK : Stone.WHITE;
    }

    private void fullBoard(ScenarioContext ctx) throws Exception {
        Pair p = pair(ctx);
        List<int[]> blacks = new ArrayList<>();
        List<int[]> whites = new ArrayList<>();
        for (int r = 0; r < 15; r++) {
            for (int c = 0; c < 15; c++) {
                (drawColour(r, c) == Stone.BLACK ? blacks : whites).add(new int[] {r, c});
            }
        }
        for (int i = 0; i < blacks.size(); i++) {
            int[] b = blacks.get(i);
            boolean last = i == blacks.size() - 1;
            p.black().send(place(b[0], b[1]));
            if (last) {
                // the 225th stone: its update, then the draw (after it, nobody is to move: any turn is accepted)
                for (Wire w : p.both()) {
                    Frame f = ctx.expect(w, UPDATE, "update {\"col\":" + b[1] + ",\"row\":" + b[0] + ",...}", received(Update.class, true));
                    Update u = as(f, Update.class, true);
                    if (u.row() != b[0] || u.col() != b[1]) {
                        throw ctx.fail(UPDATE, "update {\"col\":" + b[1] + ",\"row\":" + b[0] + ",...}", f.decoded(), List.of(f));
                    }
                }
                break;
            }
            expectUpdate(ctx, p, b[0], b[1], Stone.WHITE, UPDATE);
            int[] w = whites.get(i);
            play(ctx, p, p.white(), w[0], w[1], Stone.BLACK, UPDATE);
        }
        ctx.pass(UPDATE);
        expectWin(ctx, p, Winner.DRAW, DRAW);
        ctx.pass(DRAW);
    }

    private Frame expectRefused(ScenarioContext ctx, Wire w, int row, int col, Check check) throws Exception {
        String want = "refused {\"col\":" + col + ",\"reason\":...,\"row\":" + row + "}";
        Frame f = ctx.expect(w, check, want, received(Refused.class, true).or(received(Update.class, true)));
        if (!received(Refused.class, true).test(f) || as(f, Refused.class, true).row() != row || as(f, Refused.class, true).col() != col) {
            throw ctx.fail(check, want, f.decoded(), List.of(f));
        }
        return f;
    }

    private void refused(ScenarioContext ctx) throws Exception {
        Pair p = pair(ctx);
        for (Wire w : p.both()) {
            w.ignoring(HEARTBEATS.or(received(FullUpdate.class, true)));
        }
        p.white().send(place(3, 3));
        expectRefused(ctx, p.white(), 3, 3, OUT_OF_TURN);
        ctx.expectNone(p.black(), OUT_OF_TURN, "nothing for black: nothing changed", received(Update.class, true), ctx.settings().quiet());
        ctx.pass(OUT_OF_TURN);
        play(ctx, p, p.black(), 7, 7, Stone.WHITE, SETUP);
        p.white().send(place(7, 7));
        expectRefused(ctx, p.white(), 7, 7, TAKEN);
        // still white's turn: a legal place is played
        play(ctx, p, p.white(), 8, 8, Stone.BLACK, TAKEN);
        ctx.pass(TAKEN);
        play(ctx, p, p.black(), 7, 8, Stone.WHITE, SETUP);
        p.white().send(place(3, 20));
        expectRefused(ctx, p.white(), 3, 20, OFF_BOARD);
        play(ctx, p, p.white(), 8, 9, Stone.BLACK, OFF_BOARD);
        ctx.pass(OFF_BOARD);
    }

    private void skipped(ScenarioContext ctx) throws Exception {
        Pair p = pair(ctx);
        p.black().send(GomokuWire.frame("{\"type\":\"hello\""));
        p.black().send(GomokuWire.frame("{\"type\":\"chat\"}"));
        p.black().send(GomokuWire.frame("[\"place\",7,7]"));
        ctx.expectNone(p.black(), SKIPPED, "no update for a skipped frame", received(Update.class, true), ctx.settings().quiet());
        if (p.black().isClosed()) {
            throw ctx.fail(SKIPPED, "the connection open after skipped frames", "the connection ended", List.of(p.black().lastSent()));
        }
        p.black().ignoring(HEARTBEATS.or(received(Refused.class, true)).or(received(FullUpdate.class, true)));
        play(ctx, p, p.black(), 7, 7, Stone.WHITE, SKIPPED);
        ctx.pass(SKIPPED);
    }

    private void framing(ScenarioContext ctx) throws Exception {
        Pair p = pair(ctx);
        // g7, a point no other scenario opens with: a test can tell this place from every other by its bytes
        p.black().sendSplit(place(6, 6), 1, Duration.ofMillis(ctx.settings().fast() ? 2 : 10));
        expectUpdate(ctx, p, 6, 6, Stone.WHITE, SPLIT);
        ctx.pass(SPLIT);
        p.white().sendMerged(List.of(frame(GomokuMessage.HEARTBEAT), place(8, 8)));
        expectUpdate(ctx, p, 8, 8, Stone.BLACK, MERGED);
        ctx.pass(MERGED);
    }

    private void badFrames(ScenarioContext ctx) throws Exception {
        Wire a = open(ctx, ctx.name("magic"));
        a.sendBytes("XMKU\0\0\0\0".getBytes(StandardCharsets.ISO_8859_1), "XMKU 00 00 00 00 (a header with a wrong magic)");
        ctx.expectClosed(a, MAGIC, "the connection closed", f -> true, ctx.settings().answerTime());
        ctx.pass(MAGIC);
        Wire b = open(ctx, ctx.name("big"));
        b.sendBytes(new byte[] {'G', 'M', 'K', 'U', 0, 0, 0x28, 0x01}, "GMKU 00 00 28 01 (a header announcing 10,241 bytes)");
        ctx.expectClosed(b, OVERSIZED, "the connection closed", f -> true, ctx.settings().answerTime());
        ctx.pass(OVERSIZED);
    }

    /**
     * One client alone: after hello nothing of a round may come; its place is refused without a board;
     * the next client to join starts its round.
     */
    private void alone(ScenarioContext ctx) throws Exception {
        Wire a = open(ctx, ctx.name("alone"));
        join(ctx, a, SETUP);
        Predicate<Frame> round = received(Color.class, true).or(received(FullUpdate.class, true)).or(received(Update.class, true))
                .or(received(Win.class, true));
        ctx.expectNone(a, ALONE, "nothing of a round (no color, no update, no win) while the client is alone", round, ctx.settings().quiet());
        if (a.isClosed()) {
            throw ctx.fail(ALONE, "the client still connected, waiting for an opponent", "the connection ended", List.of(a.lastSent()));
        }
        ctx.pass(ALONE);
        a.send(place(2, 12)); // m3: a point no other scenario places on (the broken servers of the refusals key on theirs)
        ctx.expect(a, WAITING_PLACE, "refused: the client waits for an opponent", received(Refused.class, true));
        ctx.expectNone(a, WAITING_PLACE, "no board and no round after the refusal (the client has no board yet)", round, ctx.settings().quiet());
        ctx.pass(WAITING_PLACE);
        Wire b = open(ctx, ctx.name("second"));
        join(ctx, b, SETUP);
        for (Wire w : List.of(a, b)) {
            w.ignoring(HEARTBEATS.or(HELLOS));
            ctx.expect(w, SETUP, "color: the round of the client that waited and the second one", received(Color.class, true));
        }
        ctx.pass(SETUP);
    }

    private void leave(ScenarioContext ctx) throws Exception {
        Pair p = pair(ctx);
        play(ctx, p, p.black(), 7, 7, Stone.WHITE, SETUP);
        p.black().close();
        Frame f = ctx.expect(p.white(), LEAVE, "win \"W\"", received(Win.class, true));
        if (as(f, Win.class, true).winner() != Winner.WHITE) {
            throw ctx.fail(LEAVE, "win \"W\"", f.decoded(), List.of(f));
        }
        ctx.pass(LEAVE);
    }

    private void moveTimeout(ScenarioContext ctx) throws Exception {
        Duration limit = ctx.moveTime(Duration.ofSeconds(60));
        Pair p = pair(ctx);
        long until = System.nanoTime() + limit.plus(ctx.settings().answerTime()).toNanos();
        boolean won = false;
        while (!won) {
            long left = until - System.nanoTime();
            if (left <= 0) {
                throw ctx.fail(TIMEOUT, "win \"W\" within " + limit.toSeconds() + " s and a margin", "no win", List.of(p.white().lastSent()));
            }
            // heartbeats keep both seated through the server's 45 s silence limit
            for (Wire w : p.both()) {
                w.send(frame(GomokuMessage.HEARTBEAT));
            }
            Frame f = ctx.poll(p.white(), received(Win.class, true), Duration.ofNanos(Math.min(left, Duration.ofMillis(500).toNanos())));
            if (f != null) {
                if (as(f, Win.class, true).winner() != Winner.WHITE) {
                    throw ctx.fail(TIMEOUT, "win \"W\"", f.decoded(), List.of(f));
                }
                won = true;
            } else if (p.white().isClosed()) {
                throw ctx.fail(TIMEOUT, "win \"W\"", "white's connection ended", List.of(p.white().lastSent()));
            }
        }
        ctx.pass(TIMEOUT);
    }

    private void silence(ScenarioContext ctx) throws Exception {
        Duration limit = ctx.idleTime(GomokuWire.IDLE_TIMEOUT);
        Wire a = open(ctx, ctx.name("silent"));
        ctx.expectClosed(a, SILENCE, "the connection closed by the server after " + limit.toSeconds() + " s of silence", f -> true,
                limit.plus(ctx.settings().answerTime()));
        ctx.pass(SILENCE);
    }

    static Optional<GomokuMessage> message(Frame f, boolean fromServer) {
        return GomokuKitCodec.message(f, fromServer);
    }

    static Cell cell(Stone s) {
        return s == Stone.BLACK ? Cell.BLACK : Cell.WHITE;
    }
}
