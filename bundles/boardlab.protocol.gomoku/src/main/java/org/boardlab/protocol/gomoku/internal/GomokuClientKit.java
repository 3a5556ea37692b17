package org.boardlab.protocol.gomoku.internal;

import static org.boardlab.protocol.gomoku.internal.GomokuKit.frame;

import java.time.Duration;
import java.util.List;
import java.util.function.Predicate;
import org.boardlab.conform.Check;
import org.boardlab.conform.Frame;
import org.boardlab.conform.Scenario;
import org.boardlab.conform.ScenarioContext;
import org.boardlab.conform.Wire;
import org.boardlab.protocol.gomoku.Cell;
import org.boardlab.protocol.gomoku.GomokuMessage;
import org.boardlab.protocol.gomoku.GomokuMessage.Place;
import org.boardlab.protocol.gomoku.GomokuWire;
import org.boardlab.protocol.gomoku.Role;
import org.boardlab.protocol.gomoku.Stone;
import org.boardlab.protocol.gomoku.WireBoard;
import org.boardlab.protocol.gomoku.Winner;

/**
 * The GMKU kit's client scenarios: the kit is the server. The client under test joins; the kit
 * starts rounds with it (the kit plays the other colour) and keeps its connection from one scenario
 * to the next.
 */
final class GomokuClientKit {

    private static final String R = "gomoku README ";

    static final Check SETUP = new Check("gomoku.client.setup", R + "§5 The flow of a game",
            "the client is connected and joined, and places in its round (what this scenario needs first; the rule that breaks it has its own check)");
    static final Check JOINS = new Check("gomoku.client.join", R + "§3 join, hello",
            "the client's first message (heartbeats aside) is join, or hello from an older client");
    static final Check LEGAL = new Check("gomoku.client.place-legal", R + "§3 place, §2 Coordinates",
            "the client places only on its turn, only on an empty point of the board");
    static final Check SPLIT = new Check("gomoku.client.framing-split", R + "§1 Frames",
            "the client reads a frame that arrives one byte at a time (it answers the kit's split update with its place)");
    static final Check MERGED = new Check("gomoku.client.framing-merged", R + "§1 Frames",
            "the client reads two frames that arrive in one packet (a heartbeat and an update)");
    static final Check AFTER_WIN = new Check("gomoku.client.after-win", R + "§3 win",
            "after win the round is over: the client places no stone");
    static final Check RETRY = new Check("gomoku.client.refused", R + "§6 Refused moves",
            "a refused (a type the original client does not know) and a full update keep the client connected; a place it sends after them is on an empty point");
    static final Check BLACK = new Check("gomoku.client.plays-black", R + "§3 color, §5",
            "with color \"B\" and the empty board the client places first");
    static final Check LEFT = new Check("gomoku.client.opponent-left", R + "§5 Leaving",
            "when the round ends with win of the client's own colour (its opponent left), the client places no stone and can play the next round");
    static final Check HEARTBEAT = new Check("gomoku.client.heartbeat", R + "§4 Heartbeats",
            "the client sends a heartbeat at least every 45 s (the original: every 40 s)");

    private GomokuClientKit() {
    }

    /**
     * The shortest wait for a heartbeat ({@code --idle-time}) the client kit takes: the original client, and
     * boardlab's, send one every 40 s ({@link GomokuWire#HEARTBEAT_INTERVAL}), so a client that keeps the rules
     * fails a shorter wait; 2 s more leave the heartbeat time to arrive (the server's own limit is 45 s).
     */
    static final Duration SHORTEST_IDLE = GomokuWire.HEARTBEAT_INTERVAL.plusSeconds(2);

    /** Why the client kit will not run with {@code settings}: a wait for a heartbeat under {@link #SHORTEST_IDLE}. */
    static java.util.Optional<String> unfair(org.boardlab.conform.KitSettings settings) {
        return settings.idleTime().filter(d -> d.compareTo(SHORTEST_IDLE) < 0)
                .map(d -> "--idle-time " + java.math.BigDecimal.valueOf(d.toMillis(), 3).stripTrailingZeros().toPlainString()
                        + " is too short for the gomoku client kit: give " + SHORTEST_IDLE.toSeconds() + " or more. The kit waits that long for "
                        + "the client's heartbeat, and a GMKU client may send one every " + GomokuWire.HEARTBEAT_INTERVAL.toSeconds()
                        + " s (the original client and boardlab's do): a client that keeps the rules needs those "
                        + GomokuWire.HEARTBEAT_INTERVAL.toSeconds() + " s and " + SHORTEST_IDLE.minus(GomokuWire.HEARTBEAT_INTERVAL).toSeconds()
                        + " s more for its heartbeat to arrive.");
    }

    static List<Scenario> scenarios() {
        return List.of(
                Scenario.of("join", "the client connects and joins; the kit answers hello", List.of(JOINS), GomokuClientKit::join),
                Scenario.of("round", "a round, the client white: the kit's second update in 1-byte writes, its third after a heartbeat in one "
                        + "write; the kit plays for five on row 8", List.of(SETUP, LEGAL, SPLIT, MERGED, AFTER_WIN), GomokuClientKit::round),
                Scenario.of("refused", "a round in which the kit answers the client's first place with refused and a full update", List.of(SETUP, RETRY),
                        GomokuClientKit::refused),
                Scenario.of("opponent-left", "a round that ends with win of the client's colour after one stone each; then a round with the "
                        + "client black", List.of(SETUP, LEFT, BLACK), GomokuClientKit::opponentLeft),
                new Scenario("heartbeat", "the kit waits for a heartbeat as long as a server's silence limit (45 s, or --idle-time)", List.of(SETUP, HEARTBEAT), true, GomokuClientKit::heartbeat));
    }

    private static final Predicate<Frame> CLIENT_HEARTBEAT = GomokuKit.received(GomokuMessage.Heartbeat.class, false);
    private static final Predicate<Frame> PLACE = GomokuKit.received(Place.class, false);
    private static final Predicate<Frame> NEW = GomokuKit.received(GomokuMessage.NewRound.class, false);

    private static Wire client(ScenarioContext ctx) throws Exception {
        Object w = ctx.shared().get("client");
        if (w instanceof Wire wire && !wire.isClosed()) {
            ctx.pass(SETUP);
            return wire;
        }
        Wire wire = connect(ctx, SETUP);
        ctx.pass(SETUP);
        return wire;
    }

    private static Wire connect(ScenarioContext ctx, Check check) throws Exception {
        Wire w = ctx.acceptClient("client", ctx.settings().clientWait()).ignoring(CLIENT_HEARTBEAT.or(NEW));
        ctx.shared().put("client", w);
        Frame f = ctx.expect(w, check, "join (or hello)", fr -> fr.direction() == Frame.Direction.RECEIVED && !CLIENT_HEARTBEAT.test(fr));
        if (!GomokuKit.received(GomokuMessage.Join.class, false).or(GomokuKit.received(GomokuMessage.Hello.class, false)).test(f)) {
            throw ctx.fail(check, "join (or hello)", f.decoded(), List.of(f));
        }
        w.send(frame(GomokuMessage.HELLO));
        return w;
    }

    /** A round: hello, the client's colour, the empty board. */
    private static void startRound(Wire w, Role clientRole) throws Exception {
        w.send(frame(GomokuMessage.HELLO));
        w.send(frame(new GomokuMessage.Color(clientRole)));
        w.send(frame(new GomokuMessage.FullUpdate(-1, -1, Stone.BLACK, WireBoard.empty(15, 15))));
    }

    /** The client's place, checked against the board; {@code new} and heartbeats are passed over. */
    private static Place clientPlace(ScenarioContext ctx, Wire w, Cell[][] board, Check check, String expected) throws Exception {
        Frame f = ctx.expect(w, check, expected, PLACE);
        Place p = GomokuKit.as(f, Place.class, false);
        if (p.row() < 0 || p.row() >= 15 || p.col() < 0 || p.col() >= 15 || board[p.row()][p.col()] != Cell.EMPTY) {
            throw ctx.fail(LEGAL, "a place on an empty point of the 15x15 board", f.decoded() + (p.row() >= 0 && p.row() < 15 && p.col() >= 0
                    && p.col() < 15 ? " (taken by " + board[p.row()][p.col()].name().toLowerCase(java.util.Locale.ROOT) + ")" : " (off the board)"),
                    List.of(f));
        }
        return p;
    }

    private static Cell[][] emptyBoard() {
        Cell[][] b = new Cell[15][15];
        for (Cell[] row : b) {
            java.util.Arrays.fill(row, Cell.EMPTY);
        }
        return b;
    }

    /** {@code true} if the stone at (row, col) makes five or more in a row. */
    static boolean five(Cell[][] b, int row, int col) {
        Cell c = b[row][col];
        int[][] dirs = {{0, 1}, {1, 0}, {1, 1}, {1, -1}};
        for (int[] d : dirs) {
            int n = 1;
            for (int s = -1; s <= 1; s += 2) {
                int r = row + s * d[0];
                int k = col + s * d[1];
                while (r >= 0 && r < 15 && k >= 0 && k < 15 && b[r][k] == c) {
                    n++;
                    r += s * d[0];
                    k += s * d[1];
                }
            }
            if (n >= 5) {
                return true;
            }
        }
        return false;
    }

    private static boolean full(Cell[][] b) {
        for (Cell[] row : b) {
            for (Cell c : row) {
                if (c == Cell.EMPTY) {
                    return false;
                }
            }
        }
        return true;
    }

    /** The kit's next point: along row 8 from h8, then any empty point. */
    private static int[] kitPoint(Cell[][] b) {
        for (int r : new int[] {7, 9, 11, 5, 3, 13, 1}) {
            for (int c = 3; c < 15; c++) {
                if (b[r][c] == Cell.EMPTY) {
                    return new int[] {r, c};
                }
            }
        }
        for (int r = 0; r < 15; r++) {
            for (int c = 0; c < 15; c++) {
                if (b[r][c] == Cell.EMPTY) {
                    return new int[] {r, c};
                }
            }
        }
        throw new IllegalStateException("the board is full");
    }

    // ------------------------------------------------------------------ scenarios

    private static void join(ScenarioContext ctx) throws Exception {
        connect(ctx, JOINS);
        ctx.pass(JOINS);
    }

    private static void round(ScenarioContext ctx) throws Exception {
        Wire w = client(ctx);
        startRound(w, Role.WHITE);
        Cell[][] b = emptyBoard();
        int kitMoves = 0;
        Winner result = null;
        while (result == null) {
            int[] k = kitPoint(b);
            b[k[0]][k[1]] = Cell.BLACK;
            kitMoves++;
            byte[] update = frame(new GomokuMessage.Update(k[0], k[1], Stone.WHITE));
            Check framing = null;
            if (five(b, k[0], k[1]) || full(b)) {
                w.send(update);
                result = five(b, k[0], k[1]) ? Winner.BLACK : Winner.DRAW;
                break;
            }
            if (kitMoves == 2) {
                w.sendSplit(update, 1, Duration.ofMillis(ctx.settings().fast() ? 2 : 10));
                framing = SPLIT;
            } else if (kitMoves == 3) {
                w.sendMerged(List.of(frame(GomokuMessage.HEARTBEAT), update));
                framing = MERGED;
            } else {
                w.send(update);
            }
            Place p = clientPlace(ctx, w, b, framing == null ? LEGAL : framing, "white's place"
                    + (framing == SPLIT ? ", answering the update sent one byte at a time" : framing == MERGED ? ", answering the update sent in one packet "
                            + "after a heartbeat" : ""));
            if (framing != null) {
                ctx.pass(framing);
            }
            b[p.row()][p.col()] = Cell.WHITE;
            w.send(frame(new GomokuMessage.Update(p.row(), p.col(), Stone.BLACK)));
            if (five(b, p.row(), p.col())) {
                result = Winner.WHITE;
            } else if (full(b)) {
                result = Winner.DRAW;
            }
        }
        ctx.pass(LEGAL);
        w.send(frame(new GomokuMessage.Win(result)));
        ctx.expectNone(w, AFTER_WIN, "no place after win", PLACE, ctx.settings().quiet());
        ctx.pass(AFTER_WIN);
    }

    private static void refused(ScenarioContext ctx) throws Exception {
        Wire w = client(ctx);
        startRound(w, Role.WHITE);
        Cell[][] b = emptyBoard();
        b[7][7] = Cell.BLACK;
        w.send(frame(new GomokuMessage.Update(7, 7, Stone.WHITE)));
        Place first = clientPlace(ctx, w, b, SETUP, "white's place");
        w.send(frame(new GomokuMessage.Refused(first.row(), first.col(), "the kit refuses this point once, to see that the client tries again")));
        WireBoard board = WireBoard.empty(15, 15).with(7, 7, Cell.BLACK);
        w.send(frame(new GomokuMessage.FullUpdate(7, 7, Stone.WHITE, board)));
        List<Frame> after = ctx.expectNone(w, RETRY, "the client still connected; a place, if any, on an empty point",
                f -> PLACE.test(f) && !legal(GomokuKit.as(f, Place.class, false), b), ctx.settings().quiet());
        if (w.isClosed()) {
            throw ctx.fail(RETRY, "the client still connected after refused", "the connection ended", after.isEmpty() ? List.of(w.lastSent()) : after);
        }
        ctx.pass(RETRY);
        w.send(frame(new GomokuMessage.Win(Winner.BLACK)));
    }

    private static boolean legal(Place p, Cell[][] b) {
        return p.row() >= 0 && p.row() < 15 && p.col() >= 0 && p.col() < 15 && b[p.row()][p.col()] == Cell.EMPTY;
    }

    private static void opponentLeft(ScenarioContext ctx) throws Exception {
        Wire w = client(ctx);
        startRound(w, Role.WHITE);
        Cell[][] b = emptyBoard();
        b[7][7] = Cell.BLACK;
        w.send(frame(new GomokuMessage.Update(7, 7, Stone.WHITE)));
        Place p = clientPlace(ctx, w, b, SETUP, "white's place");
        b[p.row()][p.col()] = Cell.WHITE;
        w.send(frame(new GomokuMessage.Update(p.row(), p.col(), Stone.BLACK)));
        // the kit's player "leaves": the round ends with the client's colour as winner
        w.send(frame(new GomokuMessage.Win(Winner.WHITE)));
        ctx.expectNone(w, LEFT, "no place after win", PLACE, ctx.settings().quiet());
        ctx.pass(LEFT);
        // another round, the client black: it must place first
        startRound(w, Role.BLACK);
        Place first = clientPlace(ctx, w, emptyBoard(), BLACK, "black's first place on the empty board");
        w.send(frame(new GomokuMessage.Update(first.row(), first.col(), Stone.WHITE)));
        ctx.pass(BLACK);
        w.send(frame(new GomokuMessage.Win(Winner.BLACK)));
    }

    private static void heartbeat(ScenarioContext ctx) throws Exception {
        Duration limit = ctx.idleTime(GomokuWire.IDLE_TIMEOUT);
        Wire w = client(ctx);
        w.ignoring(f -> true);
        ctx.expect(w, HEARTBEAT, "a heartbeat within " + limit.toSeconds() + " s", CLIENT_HEARTBEAT, limit);
        w.ignoring(CLIENT_HEARTBEAT.or(NEW));
        ctx.pass(HEARTBEAT);
    }
}
