package org.boardlab.protocol.reversi.internal;

import static org.boardlab.protocol.reversi.internal.ReversiKit.as;
import static org.boardlab.protocol.reversi.internal.ReversiKit.bytes;
import static org.boardlab.protocol.reversi.internal.ReversiKit.received;

import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import org.boardlab.api.Move;
import org.boardlab.api.Side;
import org.boardlab.conform.Check;
import org.boardlab.conform.Frame;
import org.boardlab.conform.Scenario;
import org.boardlab.conform.ScenarioContext;
import org.boardlab.conform.Wire;
import org.boardlab.core.Referee;
import org.boardlab.game.othello.OthelloMove;
import org.boardlab.game.othello.OthelloPosition;
import org.boardlab.protocol.reversi.Cells;
import org.boardlab.protocol.reversi.ReversiMessage;
import org.boardlab.protocol.reversi.ReversiMessage.NewMove;
import org.boardlab.protocol.reversi.ReversiMessage.Ok;
import org.boardlab.protocol.reversi.ReversiMessage.Ping;
import org.boardlab.protocol.reversi.ReversiPositions;

/**
 * The Reversi kit's client scenarios: the kit is the Game Master of one player under test, on the
 * one port it listens on (the colour is the one its Player OK says). The first connection plays
 * black: a game on 4x4 in which the kit forces a pass, then (a restart, as a controller would ask:
 * no End) a whole game on 8x8 that ends with End. The player must then disconnect; it connects
 * again and plays white in a game its opponent leaves.
 */
final class ReversiClientKit {

    private static final String R = "reversi README ";

    static final Check SETUP = new Check("reversi.client.setup", R + "§3 A player's session",
            "the player is connected and seated (what this scenario needs first; the rule that breaks it has its own check)");
    static final Check CONNECT = new Check("reversi.client.connect", R + "§3 item 2, §2 0x01 Connect",
            "the player's first message (Pings aside) is Connect with its name");
    static final Check PING_ANSWER = new Check("reversi.client.ping-answered", R + "§2 0x0A Ping",
            "the player answers the Game Master's Ping with OK within 2 s");
    static final Check PINGS = new Check("reversi.client.pings", R + "§2 0x0A Ping",
            "a player that has heard nothing for 1 s sends a Ping");
    static final Check LEGAL = new Check("reversi.client.move-legal", R + "§3 item 4, §2 0x04 New Move",
            "after each Next Turn the player sends one New Move, legal on that board (X the column, Y the row, from 0), on any even size");
    static final Check PASS = new Check("reversi.client.pass", R + "§3 item 4, §2 0x05 Next Turn (LastMove)",
            "after a pass (the kit had no move and the player gets Next Turn again, or the player had none and the kit moved twice) the player "
                    + "plays a legal move on the board of the Next Turn it gets");
    static final Check SPLIT = new Check("reversi.client.framing-split", R + "§1 Framing",
            "the player reads a Next Turn that arrives one byte at a time");
    static final Check MERGED = new Check("reversi.client.framing-merged", R + "§1 Framing",
            "the player reads a Ping and a Next Turn that arrive in one packet: it answers OK and moves");
    static final Check END_CLOSE = new Check("reversi.client.end", R + "§2 0x09 End, §3 item 5",
            "after End the player disconnects (the seed: \"the client player must disconnect and stop\")");
    static final Check WHITE = new Check("reversi.client.white", R + "§2 0x02 Player OK, §3 item 4",
            "a player told white sends no move until its Next Turn, and then a move legal for white");
    static final Check LEFT = new Check("reversi.client.opponent-left", R + "§6 Forfeits",
            "when End comes in the middle of a game (its opponent left: score 0), the player disconnects too");

    private ReversiClientKit() {
    }

    static List<Scenario> scenarios() {
        return List.of(
                Scenario.of("connect", "the player connects and sends Connect; the kit answers Player OK black", List.of(CONNECT),
                        ReversiClientKit::connect),
                Scenario.of("pings", "the kit pings the player; then the kit is silent", List.of(SETUP, PING_ANSWER, PINGS), ReversiClientKit::pings),
                Scenario.of("passes", "a game on 4x4 (a restart: Next Turn with LastMove 0xFF 0xFF) in which the kit plays white so that a side "
                        + "must pass", List.of(SETUP, LEGAL, PASS), ReversiClientKit::passes),
                Scenario.of("long-game", "a restart on 8x8 and a whole game, the first Next Turn in 1-byte writes, the second after a Ping in one "
                        + "write; End", List.of(SETUP, LEGAL, PASS, SPLIT, MERGED, END_CLOSE), ReversiClientKit::longGame),
                Scenario.of("opponent-left", "the player connects again and plays white; after its second move black leaves (End with black 0)",
                        List.of(SETUP, WHITE, LEFT), ReversiClientKit::opponentLeft));
    }

    private static final Predicate<Frame> CLIENT_PINGS = received(Ping.class, false);
    private static final Predicate<Frame> MOVES = received(NewMove.class, false);
    private static final Predicate<Frame> CONNECTS = received(ReversiMessage.Connect.class, false);
    private static final Predicate<Frame> CLIENT_OKS = received(Ok.class, false);

    /**
     * A player's connection, seated as {@code colour} by Player OK once its Connect came: its Pings are
     * answered OK at once and passed over, as its OKs (answers to the kit's Pings); but a Ping that comes
     * after the Connect and before the kit has sent Player OK is answered after the Player OK, as
     * answers keep the order of the requests (README §2). Before, the kit's reader answered it at once,
     * ahead of the Player OK: a player that matches answers in order took that OK for its Connect's
     * (boardlab's own did, at load 24, and closed the connection 2 s later).
     */
    private static Wire seat(ScenarioContext ctx, Check check, int colour) throws Exception {
        Wire w = ctx.acceptClient("player", ctx.settings().clientWait());
        InOrder order = new InOrder();
        w.ignoring(CLIENT_PINGS.or(CLIENT_OKS)).answering(order::answerAtOnce, f -> bytes(Ok.OK));
        ctx.shared().put("player", w);
        ctx.shared().remove("seated");
        Frame f = ctx.expect(w, check, "Connect with the player's name", CONNECTS);
        ctx.shared().put("name", as(f, ReversiMessage.Connect.class, false).text());
        order.seat(w, colour);
        return w;
    }

    /** Which of a player's Pings the wire's reader answers at once: not those between its Connect and the kit's Player OK. */
    private static final class InOrder {
        private boolean connected;
        private boolean seated;
        private int held;

        synchronized boolean answerAtOnce(Frame f) {
            if (CONNECTS.test(f)) {
                connected = true;
                return false;
            }
            if (!CLIENT_PINGS.test(f)) {
                return false;
            }
            if (connected && !seated) {
                held++;
                return false;
            }
            return true;
        }

        /** Sends Player OK, then an OK for each Ping held back. */
        synchronized void seat(Wire w, int colour) throws java.io.IOException {
            w.send(bytes(new ReversiMessage.PlayerOk(colour)));
            seated = true;
            for (; held > 0; held--) {
                w.send(bytes(Ok.OK));
            }
        }
    }

    /** The player seated black by the connect scenario, or connected again and seated black. */
    private static Wire black(ScenarioContext ctx) throws Exception {
        Object o = ctx.shared().get("player");
        if (o instanceof Wire w && !w.isClosed()) {
            if (!Boolean.TRUE.equals(ctx.shared().get("seated"))) {
                throw ctx.fail(SETUP, "a player seated by Player OK", "the player's Connect was not accepted (see scenario connect)",
                        List.of(w.lastSent()));
            }
            ctx.pass(SETUP);
            return w;
        }
        Wire w = seat(ctx, SETUP, ReversiMessage.BLACK);
        ctx.shared().put("seated", true);
        ctx.pass(SETUP);
        return w;
    }

    /** One game as the kit (the Game Master) plays it with the player. */
    private static final class Game {
        final Wire w;
        final Side player;
        OthelloPosition position;
        int lastX = ReversiMessage.NO_MOVE;
        int lastY = ReversiMessage.NO_MOVE;
        /** A side passed since the player's last move. */
        boolean passed;
        final long[] nanos = new long[2];

        Game(Wire w, Side player, int size) {
            this.w = w;
            this.player = player;
            this.position = ReversiKit.start(size);
        }

        byte[] nextTurn() {
            return bytes(new ReversiMessage.NextTurn(ReversiPositions.board(position, lastX, lastY)));
        }

        void apply(OthelloMove m) {
            position = (OthelloPosition) position.apply(m);
            if (!m.isPass()) {
                lastX = m.col();
                lastY = m.row();
            }
        }

        /** Passes (no message) for whichever side has no move, until a side can move or the game is over. */
        void passes() {
            while (!position.isTerminal() && position.placements().isEmpty()) {
                apply(OthelloMove.PASS);
                passed = true;
            }
        }
    }

    /**
     * The player's move on the Next Turn just sent (checked as {@link #PASS} when a side passed since
     * its last move, else as {@code check}): legal, then OK.
     */
    private static void playerMoves(ScenarioContext ctx, Game g, Check check, long sentAt) throws Exception {
        Check c = g.passed ? PASS : check;
        String board = ReversiKit.boardText(ReversiPositions.board(g.position, g.lastX, g.lastY));
        Frame f = ctx.expect(g.w, c, "a New Move legal for " + (g.player == Side.FIRST ? "black" : "white") + " on " + board, MOVES);
        g.nanos[g.player.index()] += System.nanoTime() - sentAt;
        NewMove m = as(f, NewMove.class, false);
        OthelloMove move = OthelloMove.at(Math.min(m.x(), 16), Math.min(m.y(), 16));
        if (m.x() >= g.position.size() || m.y() >= g.position.size() || !g.position.placements().contains(move)) {
            throw ctx.fail(c, "a New Move legal for " + (g.player == Side.FIRST ? "black" : "white") + " on " + board + " (legal: "
                    + g.position.placements().stream().map(p -> Cells.square(p.col(), p.row())).toList() + ")", f.decoded()
                    + " (" + Cells.square(m.x(), m.y()) + ")", List.of(f));
        }
        g.passed = false;
        g.apply(move);
        g.w.send(bytes(Ok.OK));
    }

    /** The kit's moves (and passes) until the player is to move or the game is over. */
    private static void kitMoves(Game g, KitStrategy strategy) {
        g.passes();
        while (!g.position.isTerminal() && g.position.sideToMove() != g.player) {
            g.apply(strategy == null ? g.position.placements().get(0) : strategy.choose(g.position, g.passed));
            g.passes();
        }
    }

    // ------------------------------------------------------------------ scenarios

    private static void connect(ScenarioContext ctx) throws Exception {
        Wire w = seat(ctx, CONNECT, ReversiMessage.BLACK);
        ctx.shared().put("seated", true);
        ctx.pass(CONNECT);
    }

    private static void pings(ScenarioContext ctx) throws Exception {
        Wire w = black(ctx);
        w.send(bytes(Ping.INSTANCE));
        ctx.expect(w, PING_ANSWER, "OK to the kit's Ping", received(Ok.class, false), Duration.ofSeconds(2));
        ctx.pass(PING_ANSWER);
        ctx.expect(w, PINGS, "a Ping from the player after 1 s without a message from the kit", CLIENT_PINGS,
                Duration.ofSeconds(1).plus(ctx.settings().answerTime()));
        ctx.pass(PINGS);
    }

    private static void passes(ScenarioContext ctx) throws Exception {
        Wire w = black(ctx);
        Game g = new Game(w, Side.FIRST, 4);
        KitStrategy strategy = new KitStrategy(Side.SECOND);
        boolean passSeen = false;
        while (!passSeen) {
            boolean afterPass = g.passed;
            long sent = System.nanoTime();
            w.send(g.nextTurn());
            playerMoves(ctx, g, LEGAL, sent);
            passSeen = afterPass;
            if (!passSeen) {
                kitMoves(g, strategy);
                if (g.position.isTerminal()) {
                    throw new IllegalStateException("the kit's 4x4 strategy let the game end without a pass");
                }
            }
        }
        ctx.pass(LEGAL);
        ctx.pass(PASS);
    }

    private static void longGame(ScenarioContext ctx) throws Exception {
        Wire w = black(ctx);
        Game g = new Game(w, Side.FIRST, 8);
        int turns = 0;
        boolean splitSeen = false;
        boolean mergedSeen = false;
        while (!g.position.isTerminal()) {
            turns++;
            long sent = System.nanoTime();
            Check check = LEGAL;
            if (turns == 1) {
                w.sendSplit(g.nextTurn(), 1, Duration.ofMillis(ctx.settings().fast() ? 2 : 10));
                check = SPLIT;
            } else if (turns == 2) {
                w.sendMerged(List.of(bytes(Ping.INSTANCE), g.nextTurn()));
                check = MERGED;
            } else {
                w.send(g.nextTurn());
            }
            boolean afterPass = g.passed;
            playerMoves(ctx, g, check, sent);
            if (check == SPLIT && !afterPass) {
                splitSeen = true;
            } else if (check == MERGED && !afterPass) {
                mergedSeen = true;
            }
            kitMoves(g, null);
        }
        if (!splitSeen || !mergedSeen) {
            throw new IllegalStateException("the game ended before the kit's split and merged Next Turns");
        }
        ctx.pass(SPLIT);
        ctx.pass(MERGED);
        ctx.pass(LEGAL);
        ctx.pass(PASS);
        OthelloPosition p = g.position;
        int b = p.discs(Side.FIRST);
        int wh = p.discs(Side.SECOND);
        int[] scores = Referee.gmScores(new int[] {b, wh}, g.nanos, b > wh ? Side.FIRST : wh > b ? Side.SECOND : null, null);
        w.send(bytes(new ReversiMessage.End(scores[0], scores[1])));
        ctx.expectClosed(w, END_CLOSE, "the player closes its connection after End", f -> false, ctx.settings().answerTime());
        ctx.pass(END_CLOSE);
    }

    private static void opponentLeft(ScenarioContext ctx) throws Exception {
        Object old = ctx.shared().get("player");
        if (old instanceof Wire o) {
            o.close();
        }
        Wire w = null;
        for (int attempt = 0; attempt < 3 && (w == null || w.isClosed()); attempt++) {
            // a connection that ends at once is one a player's loop started while the kit was still busy with the game before
            w = seat(ctx, SETUP, ReversiMessage.WHITE);
            ctx.expectNone(w, WHITE, "no New Move before white's Next Turn", MOVES, ctx.settings().quiet());
        }
        if (w.isClosed()) {
            throw ctx.fail(SETUP, "a player that stays connected after Player OK white", "three connections in a row ended at once", List.of(w.lastSent()));
        }
        ctx.pass(SETUP);
        Game g = new Game(w, Side.SECOND, 8);
        for (int i = 0; i < 2; i++) {
            kitMoves(g, null);
            long sent = System.nanoTime();
            w.send(g.nextTurn());
            playerMoves(ctx, g, WHITE, sent);
        }
        ctx.pass(WHITE);
        // black leaves: End, black 0
        OthelloPosition p = g.position;
        int[] scores = Referee.gmScores(new int[] {p.discs(Side.FIRST), p.discs(Side.SECOND)}, g.nanos, Side.SECOND, Side.FIRST);
        w.send(bytes(new ReversiMessage.End(scores[0], scores[1])));
        ctx.expectClosed(w, LEFT, "the player closes its connection after End", f -> false, ctx.settings().answerTime());
        ctx.pass(LEFT);
    }

    /**
     * The kit's moves on 4x4 that force a pass: from the start, whatever black plays, white can reach
     * a position where black is to move again after a side passed (found by a search of the whole
     * game, a few thousand positions).
     */
    static final class KitStrategy {
        private final Side kit;
        private final Map<String, Boolean> memo = new HashMap<>();

        KitStrategy(Side kit) {
            this.kit = kit;
        }

        OthelloMove choose(OthelloPosition p, boolean passed) {
            for (OthelloMove m : p.placements()) {
                if (wins((OthelloPosition) p.apply(m), passed)) {
                    return m;
                }
            }
            return p.placements().get(0);
        }

        /** Whether the kit can force: the player to move with a move, a pass since the player's last move. */
        boolean wins(OthelloPosition p, boolean passed) {
            if (p.isTerminal()) {
                return false;
            }
            List<Move> moves = p.legalMoves();
            boolean pass = p.placements().isEmpty();
            if (p.sideToMove() != kit && !pass && passed) {
                return true;
            }
            String key = p + "|" + p.sideToMove() + "|" + passed;
            Boolean known = memo.get(key);
            if (known != null) {
                return known;
            }
            boolean r;
            if (pass) {
                r = wins((OthelloPosition) p.apply(moves.get(0)), true);
            } else if (p.sideToMove() == kit) {
                r = false;
                for (Move m : moves) {
                    if (wins((OthelloPosition) p.apply(m), passed)) {
                        r = true;
                        break;
                    }
                }
            } else {
                r = true;
                for (Move m : moves) {
                    if (!wins((OthelloPosition) p.apply(m), false)) {
                        r = false;
                        break;
                    }
                }
            }
            memo.put(key, r);
            return r;
        }
    }
}
