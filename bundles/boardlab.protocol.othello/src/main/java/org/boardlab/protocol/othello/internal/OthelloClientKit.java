package org.boardlab.protocol.othello.internal;

import static org.boardlab.protocol.othello.internal.OthelloKit.board;
import static org.boardlab.protocol.othello.internal.OthelloKit.line;
import static org.boardlab.protocol.othello.internal.OthelloKit.text;

import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.function.Predicate;
import org.boardlab.api.Side;
import org.boardlab.conform.Check;
import org.boardlab.conform.Frame;
import org.boardlab.conform.FrameCodec;
import org.boardlab.conform.Scenario;
import org.boardlab.conform.ScenarioContext;
import org.boardlab.conform.Wire;
import org.boardlab.game.othello.Othello;
import org.boardlab.game.othello.OthelloMove;
import org.boardlab.game.othello.OthelloPosition;

/**
 * The Othello kit's client scenarios: the kit is the server, the client under test logs in, accepts
 * the kit's invitations and plays; the kit is {@code kitbot}, always black. The client's connection
 * is kept from one scenario to the next.
 */
final class OthelloClientKit {

    private static final String R = "othello README ";
    static final String BOT = "kitbot";

    static final Check SETUP = new Check("othello.client.setup", R + "§4 Sessions",
            "the client is connected, logged in and accepts the kit's invitation (what this scenario needs first; the rule that breaks it has its own check)");
    static final Check NAME = new Check("othello.client.login", R + "§3 CNAME, §2 Values (name)",
            "the client's first line (CPING aside) is CNAME with a name of 1 to 20 of A-Z a-z 0-9 _ -");
    static final Check PINGS = new Check("othello.client.pings", R + "§4 Staying connected",
            "the client sends CPING every 5 seconds (the kit waits 7 s for one)");
    static final Check ANSWERS = new Check("othello.client.invitation-answered", R + "§3 CRES, §4 Sessions",
            "SREQ~kitbot is answered CRES~kitbot~ACCEPT or CRES~kitbot~DECLINE");
    static final Check LEGAL = new Check("othello.client.move-legal", R + "§3 CMOV, §4 Playing",
            "the client moves only on its turn, and only to a square where the rules allow a disc");
    static final Check SPLIT = new Check("othello.client.framing-split", R + "§1 Lines",
            "the client reads a line that arrives one byte at a time (it answers the kit's split SMOV with its move)");
    static final Check MERGED = new Check("othello.client.framing-merged", R + "§1 Lines",
            "the client reads several lines that arrive in one packet (the kit's SMOV after lobby news, in one write)");
    static final Check PASSES = new Check("othello.client.pass", R + "§3 SMOV, SPASS",
            "when the client has no move (SMOV's next is BLACK, then SPASS~WHITE) it sends no CMOV; when the kit passes, the client moves again");
    static final Check END = new Check("othello.client.game-end", R + "§3 SENDG, §4 Sessions",
            "after SENDG the client stays connected and accepts the next invitation");
    static final Check OPPONENT_LEFT = new Check("othello.client.opponent-disconnect", R + "§4 Losing the connection",
            "after SGAMEI and SENDG~...~DISCONNECT the client stays connected and accepts the next invitation");

    private OthelloClientKit() {
    }

    static List<Scenario> scenarios(FrameCodec codec) {
        return List.of(
                Scenario.of("login", "the client connects and logs in; the kit answers SNAMEOK and puts kitbot in the lobby", List.of(NAME), OthelloClientKit::login),
                Scenario.of("ping", "the kit waits for the client's CPING", List.of(SETUP, PINGS), OthelloClientKit::ping),
                Scenario.of("invitation", "kitbot invites the client", List.of(SETUP, ANSWERS), OthelloClientKit::invitation),
                Scenario.of("full-game", "a whole game, kitbot black: its SMOVs split into 1-byte writes or merged with lobby news; kitbot chooses moves "
                        + "that leave the client without a move", List.of(SETUP, LEGAL, SPLIT, MERGED, PASSES, END), OthelloClientKit::fullGame),
                Scenario.of("opponent-disconnect", "a game in which kitbot drops out after the client's first move",
                        List.of(SETUP, LEGAL, OPPONENT_LEFT), OthelloClientKit::opponentLeft));
    }

    // ------------------------------------------------------------------ helpers

    private static Predicate<Frame> sent(String type) {
        return f -> f.direction() == Frame.Direction.RECEIVED && (text(f).equals(type) || text(f).startsWith(type + "~"));
    }

    private static final Predicate<Frame> CPING = sent("CPING");

    /** The client's connection, logged in (the login scenario makes it). */
    private static Wire client(ScenarioContext ctx) throws Exception {
        Object w = ctx.shared().get("client");
        if (w instanceof Wire wire && !wire.isClosed()) {
            ctx.pass(SETUP);
            return wire;
        }
        Wire wire = connectAndLogin(ctx, SETUP);
        return wire;
    }

    private static Wire connectAndLogin(ScenarioContext ctx, Check check) throws Exception {
        Wire w = ctx.acceptClient("client", ctx.settings().clientWait());
        ctx.shared().put("client", w);
        Frame f = expect(ctx, w, check, "CNAME~<name>", sent("CNAME").or(f2 -> f2.direction() == Frame.Direction.RECEIVED));
        String line = text(f);
        if (!line.matches("CNAME~[A-Za-z0-9_-]{1,20}")) {
            throw ctx.fail(check, "CNAME~<name> with 1 to 20 of A-Z a-z 0-9 _ -", line, List.of(f));
        }
        ctx.shared().put("name", line.substring(6));
        w.send(line("SNAMEOK"));
        w.sendMerged(List.of(line("SADDP~" + BOT), line("SUPS~" + BOT + "~READY")));
        ctx.pass(check);
        return w;
    }

    /**
     * Waits for a line from the client that {@code wanted} accepts, answering every {@code CPING}
     * with {@code SPONG} on the way (README §3).
     */
    static Frame expect(ScenarioContext ctx, Wire w, Check check, String expected, Predicate<Frame> wanted) throws Exception {
        return expect(ctx, w, check, expected, wanted, ctx.settings().answerTime());
    }

    static Frame expect(ScenarioContext ctx, Wire w, Check check, String expected, Predicate<Frame> wanted, Duration within) throws Exception {
        long until = System.nanoTime() + within.toNanos();
        while (true) {
            Duration left = Duration.ofNanos(Math.max(1, until - System.nanoTime()));
            Frame f = ctx.expect(w, check, expected, CPING.or(wanted), left);
            if (!CPING.test(f)) {
                return f;
            }
            w.send(line("SPONG"));
        }
    }

    /** Watches for {@code during}: a CMOV fails {@code check}; pings are answered. */
    private static void noMove(ScenarioContext ctx, Wire w, Check check, String expected, Duration during) throws Exception {
        long until = System.nanoTime() + during.toNanos();
        while (System.nanoTime() < until) {
            List<Frame> seen = ctx.expectNone(w, check, expected, sent("CMOV"), Duration.ofNanos(Math.max(1, until - System.nanoTime())));
            boolean pinged = false;
            for (Frame f : seen) {
                if (CPING.test(f)) {
                    w.send(line("SPONG"));
                    pinged = true;
                }
            }
            if (!pinged) {
                return;
            }
        }
    }

    private static String name(ScenarioContext ctx) {
        return (String) ctx.shared().get("name");
    }

    /** Invites the client; on ACCEPT starts the game (kitbot black). */
    private static void startGame(ScenarioContext ctx, Wire w, Check check) throws Exception {
        String n = name(ctx);
        w.send(line("SREQ~" + BOT));
        w.sendMerged(List.of(line("SUPS~" + BOT + "~BUSY"), line("SUPS~" + n + "~BUSY")));
        Frame f = expect(ctx, w, check, "CRES~" + BOT + "~ACCEPT", sent("CRES"));
        if (!text(f).equals("CRES~" + BOT + "~ACCEPT")) {
            if (text(f).equals("CRES~" + BOT + "~DECLINE")) {
                throw ctx.skip("the client declined kitbot's invitation: the game scenarios need a client that accepts invitations");
            }
            throw ctx.fail(check, "CRES~" + BOT + "~ACCEPT", text(f), List.of(f));
        }
        w.send(line("SSTARTG~" + BOT + "~WHITE"));
        ctx.pass(check);
    }

    /** After an accepted invitation the kit does not want to play: the game starts and is cancelled at once. */
    private static void cancelGame(Wire w, String name) throws IOException {
        w.send(line("SSTARTG~" + BOT + "~WHITE"));
        w.send(line("SGAMEEC~GameHasBeenCanceled"));
        w.sendMerged(List.of(line("SUPS~" + BOT + "~READY"), line("SUPS~" + name + "~READY")));
    }

    private static void endGame(Wire w, String sendg, String name) throws IOException {
        w.send(line(sendg));
        w.sendMerged(List.of(line("SUPS~" + BOT + "~READY"), line("SUPS~" + name + "~READY")));
    }

    /** Waits for the client's CMOV and checks it against the position (white to move). */
    private static OthelloMove clientMove(ScenarioContext ctx, Wire w, OthelloPosition p, Check check, String expected) throws Exception {
        Frame f = expect(ctx, w, check, expected, sent("CMOV").or(sent("CENDGAME")).or(sent("CREQ")).or(sent("CRES")));
        String line = text(f);
        if (!line.matches("CMOV~[0-7]~[0-7]")) {
            throw ctx.fail(check, expected, line, List.of(f));
        }
        OthelloMove m = OthelloMove.at(line.charAt(5) - '0', line.charAt(7) - '0');
        if (!p.placements().contains(m)) {
            throw ctx.fail(LEGAL, "a legal CMOV for white, one of " + p.placements().stream().map(OthelloKit::xy).toList(), line
                    + " (" + m.notation() + ": " + p.whyIllegal(m) + ")", List.of(f));
        }
        return m;
    }

    // ------------------------------------------------------------------ scenarios

    private static void login(ScenarioContext ctx) throws Exception {
        connectAndLogin(ctx, NAME);
        ctx.pass(NAME);
    }

    private static void ping(ScenarioContext ctx) throws Exception {
        Wire w = client(ctx);
        ctx.expect(w, PINGS, "CPING within 7 s", CPING, Duration.ofSeconds(7));
        w.send(line("SPONG"));
        ctx.pass(PINGS);
    }

    private static void invitation(ScenarioContext ctx) throws Exception {
        Wire w = client(ctx);
        String n = name(ctx);
        w.send(line("SREQ~" + BOT));
        Frame f = expect(ctx, w, ANSWERS, "CRES~" + BOT + "~ACCEPT or CRES~" + BOT + "~DECLINE", sent("CRES"));
        String line = text(f);
        if (!line.equals("CRES~" + BOT + "~ACCEPT") && !line.equals("CRES~" + BOT + "~DECLINE")) {
            throw ctx.fail(ANSWERS, "CRES~" + BOT + "~ACCEPT or CRES~" + BOT + "~DECLINE", line, List.of(f));
        }
        ctx.pass(ANSWERS);
        if (line.endsWith("ACCEPT")) {
            cancelGame(w, n);
        }
    }

    private static void fullGame(ScenarioContext ctx) throws Exception {
        Wire w = client(ctx);
        startGame(ctx, w, SETUP);
        OthelloPosition p = new Othello().newGame();
        int kitMoves = 0;
        boolean clientPassed = false;
        boolean kitPassed = false;
        while (!p.isTerminal()) {
            if (p.sideToMove() == Side.FIRST) {
                if (p.placements().isEmpty()) {
                    // kitbot has no move: the client moves again
                    p = (OthelloPosition) p.apply(OthelloMove.PASS);
                    kitPassed = true;
                    continue;
                }
                OthelloMove m = choose(p);
                OthelloPosition after = (OthelloPosition) p.apply(m);
                boolean pass = !after.isTerminal() && after.placements().isEmpty();
                String next = after.isTerminal() ? "NONE" : pass ? "BLACK" : "WHITE";
                byte[] smov = line("SMOV~" + OthelloKit.xy(m) + "~BLACK~" + next + "~" + board(after));
                kitMoves++;
                Check framing = null;
                if (kitMoves == 2) {
                    w.sendSplit(smov, 1, Duration.ofMillis(ctx.settings().fast() ? 2 : 10));
                    framing = SPLIT;
                } else if (kitMoves == 3) {
                    w.sendMerged(List.of(line("SADDP~" + BOT + "2"), smov, line("SDELP~" + BOT + "2")));
                    framing = MERGED;
                } else {
                    w.send(smov);
                }
                p = after;
                if (pass) {
                    w.send(line("SPASS~WHITE"));
                    noMove(ctx, w, PASSES, "no CMOV: white has no move and passes", ctx.settings().quiet());
                    p = (OthelloPosition) p.apply(OthelloMove.PASS);
                    clientPassed = true;
                    continue;
                }
                if (framing != null && !p.isTerminal()) {
                    OthelloMove c = clientMove(ctx, w, p, framing, "white's CMOV, answering the SMOV sent "
                            + (framing == SPLIT ? "one byte at a time" : "in one packet with lobby news"));
                    ctx.pass(framing);
                    p = sendClientMove(w, p, c);
                }
            } else {
                boolean again = p.lastMove().map(OthelloMove::isPass).orElse(false);
                OthelloMove c = clientMove(ctx, w, p, again ? PASSES : LEGAL, again ? "white's CMOV: black has no move, white moves again" : "a CMOV for white");
                p = sendClientMove(w, p, c);
            }
        }
        ctx.pass(LEGAL);
        if (clientPassed || kitPassed) {
            ctx.pass(PASSES);
        }
        int b = p.discs(Side.FIRST);
        int wh = p.discs(Side.SECOND);
        endGame(w, "SENDG~" + b + "~" + wh + "~" + (b > wh ? "BLACK" : wh > b ? "WHITE" : "DRAW") + "~NORMAL", name(ctx));
        // the next invitation shows that the client is back in the lobby
        noMove(ctx, w, END, "no CMOV after SENDG", ctx.settings().quiet());
        w.send(line("SREQ~" + BOT));
        Frame f = expect(ctx, w, END, "CRES~" + BOT + "~ACCEPT after the game", sent("CRES"));
        if (!text(f).startsWith("CRES~" + BOT + "~")) {
            throw ctx.fail(END, "CRES~" + BOT + "~ACCEPT after the game", text(f), List.of(f));
        }
        cancelGame(w, name(ctx));
        ctx.pass(END);
    }

    /** Sends the client's move back as SMOV (and SPASS when kitbot has none); the position after. */
    private static OthelloPosition sendClientMove(Wire w, OthelloPosition p, OthelloMove c) throws IOException {
        OthelloPosition after = (OthelloPosition) p.apply(c);
        boolean pass = !after.isTerminal() && after.placements().isEmpty();
        String next = after.isTerminal() ? "NONE" : pass ? "WHITE" : "BLACK";
        w.send(line("SMOV~" + OthelloKit.xy(c) + "~WHITE~" + next + "~" + board(after)));
        if (pass) {
            w.send(line("SPASS~BLACK"));
        }
        return after;
    }

    /** kitbot's move: one that leaves white without a move if there is one, else the first legal. */
    static OthelloMove choose(OthelloPosition p) {
        for (OthelloMove m : p.placements()) {
            OthelloPosition after = (OthelloPosition) p.apply(m);
            if (!after.isTerminal() && after.placements().isEmpty()) {
                return m;
            }
        }
        return p.placements().get(0);
    }

    private static void opponentLeft(ScenarioContext ctx) throws Exception {
        Wire w = client(ctx);
        startGame(ctx, w, SETUP);
        OthelloPosition p = new Othello().newGame();
        OthelloMove m = OthelloMove.at(3, 2);
        OthelloPosition after = (OthelloPosition) p.apply(m);
        w.send(line("SMOV~3~2~BLACK~WHITE~" + board(after)));
        OthelloMove c = clientMove(ctx, w, after, LEGAL, "a CMOV for white");
        ctx.pass(LEGAL);
        after = (OthelloPosition) after.apply(c);
        w.send(line("SMOV~" + OthelloKit.xy(c) + "~WHITE~BLACK~" + board(after)));
        w.send(line("SGAMEI~" + BOT + " lost the connection and has 60 s to come back"));
        noMove(ctx, w, OPPONENT_LEFT, "no CMOV while the game is paused", ctx.settings().quiet());
        w.send(line("SGAMEI~" + BOT + " did not come back"));
        int b = after.discs(Side.FIRST);
        int wh = after.discs(Side.SECOND);
        endGame(w, "SENDG~" + b + "~" + wh + "~" + (b > wh ? "BLACK" : wh > b ? "WHITE" : "DRAW") + "~DISCONNECT", name(ctx));
        w.send(line("SDELP~" + BOT));
        w.send(line("SADDP~" + BOT));
        w.send(line("SREQ~" + BOT));
        Frame f = expect(ctx, w, OPPONENT_LEFT, "CRES~" + BOT + "~ACCEPT after the game", sent("CRES"));
        if (!text(f).startsWith("CRES~" + BOT + "~")) {
            throw ctx.fail(OPPONENT_LEFT, "CRES~" + BOT + "~ACCEPT", text(f), List.of(f));
        }
        cancelGame(w, name(ctx));
        ctx.pass(OPPONENT_LEFT);
    }

}
