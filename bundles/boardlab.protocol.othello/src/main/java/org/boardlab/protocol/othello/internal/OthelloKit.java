package org.boardlab.protocol.othello.internal;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import javax.inject.Named;
import javax.inject.Singleton;
import org.boardlab.api.Side;
import org.boardlab.conform.Check;
import org.boardlab.conform.ConformanceKit;
import org.boardlab.conform.Frame;
import org.boardlab.conform.FrameCodec;
import org.boardlab.conform.Scenario;
import org.boardlab.conform.ScenarioContext;
import org.boardlab.conform.Wire;
import org.boardlab.game.othello.Othello;
import org.boardlab.game.othello.OthelloMove;
import org.boardlab.game.othello.OthelloPosition;
import org.boardlab.protocol.othello.OthelloCodec;

/**
 * The conformance kit of the Othello text protocol (seed 000): {@code boardlab conform othello
 * server HOST:PORT} and {@code boardlab conform othello client --port P}. Every check cites a
 * section of this bundle's README, the protocol's specification.
 */
@Named("othello")
@Singleton
public final class OthelloKit implements ConformanceKit {

    private static final String R = "othello README ";

    // ------------------------------------------------------------------ the server's checks
    static final Check SETUP = new Check("othello.setup", R + "§4 Sessions",
            "the kit can log players in and start a game between them (what this scenario needs first; the rule that breaks it has its own check)");
    static final Check LOGIN_OK = new Check("othello.login.accepted", R + "§3 CNAME, SNAMEOK",
            "CNAME with a free name is answered SNAMEOK");
    static final Check LOBBY_NEWS = new Check("othello.login.lobby-news", R + "§3 SADDP",
            "a player in the lobby gets SADDP~<name> when another logs in");
    static final Check DUPLICATE = new Check("othello.login.duplicate-refused", R + "§4 Sessions (CNAME, the name taken)",
            "CNAME with a name in use is answered SNAMEERR, and the connection stays open for another CNAME");
    static final Check BAD_CHARACTER = new Check("othello.name.bad-character", R + "§2 Values (name), §6 Errors",
            "a name with a space is a protocol error: SERR, then the server closes the connection");
    static final Check TOO_LONG = new Check("othello.name.too-long", R + "§2 Values (name), §6 Errors",
            "a name of 21 characters is a protocol error: SERR, then the server closes the connection");
    static final Check PING = new Check("othello.ping.answered", R + "§3 CPING",
            "CPING is answered SPONG, also before logging in");
    static final Check BEFORE_LOGIN = new Check("othello.state.before-login", R + "§4 Sessions (what the server does by state)",
            "CMOV before CNAME is a protocol error: SERR, then close");
    static final Check FIELD_COUNT = new Check("othello.errors.field-count", R + "§6 Errors",
            "a known type with the wrong number of fields (CMOV~3) is a protocol error: SERR, then close");
    static final Check UNKNOWN_TYPE = new Check("othello.errors.unknown-type", R + "§6 Errors",
            "a C line of an unknown type (CFOO) is a protocol error: SERR, then close");
    static final Check FOREIGN_IGNORED = new Check("othello.errors.foreign-line-ignored", R + "§6 Errors (first row)",
            "a line that does not start with C, and an empty line, are ignored: no answer, the connection stays open");
    static final Check SPLIT = new Check("othello.framing.split", R + "§1 Lines",
            "a line that arrives one byte at a time is read as one line");
    static final Check MERGED = new Check("othello.framing.merged", R + "§1 Lines",
            "three lines that arrive in one packet are read as three lines");
    static final Check CRLF = new Check("othello.framing.crlf", R + "§1 Lines",
            "a line may end with CR LF");
    static final Check OVERSIZED = new Check("othello.framing.oversized", R + "§1 Lines, §6 Errors",
            "more than 1024 bytes without a line end is a protocol error: SERR, then close");
    static final Check INVITE = new Check("othello.invite.delivered", R + "§4 Sessions (inviting)",
            "CREQ~b sends b SREQ~a");
    static final Check DECLINE = new Check("othello.invite.declined", R + "§4 Sessions (inviting)",
            "CRES~a~DECLINE from b sends a SRES~b~DECLINE");
    static final Check IMPOSSIBLE = new Check("othello.invite.impossible-declined", R + "§4 Sessions (inviting)",
            "inviting a name nobody has is answered SRES~<name>~DECLINE at once");
    static final Check WITHDRAWN = new Check("othello.invite.withdrawn", R + "§4 Sessions (inviting)",
            "CREQC~b from a sends b SREQC~a");
    static final Check START = new Check("othello.game.start", R + "§4 Sessions (inviting)",
            "after CRES~a~ACCEPT, a gets SRES~b~ACCEPT and SSTARTG~b[~BLACK], b gets SSTARTG~a[~WHITE]");
    static final Check MOVE = new Check("othello.game.move", R + "§3 SMOV, §4 Playing",
            "a legal move is sent to both players as SMOV with the square, the colours and the board after it");
    static final Check PASS = new Check("othello.game.pass", R + "§3 SPASS, §4 Playing",
            "when a move leaves the opponent without a move, both get SPASS~<that colour> and the mover plays again");
    static final Check END = new Check("othello.game.end", R + "§3 SENDG",
            "when neither can move, both get SENDG with the discs of each colour, the winner and NORMAL");
    static final Check ILLEGAL = new Check("othello.move.illegal-refused", R + "§4 Playing, §6 Errors",
            "an illegal move on one's turn is answered SMOVERR, and it is still one's turn");
    static final Check CANCEL = new Check("othello.game.cancel", R + "§4 Playing (CENDGAME)",
            "CENDGAME sends both players SGAMEEC");
    static final Check OUT_OF_TURN = new Check("othello.move.out-of-turn-loses", R + "§4 Playing, §6 Errors",
            "a CMOV when it is not one's turn loses the game: both get SENDG~...~OUTOFTURN with the other as winner");
    static final Check RECONNECT_TOLD = new Check("othello.reconnect.opponent-told", R + "§4 Losing the connection",
            "when a player's connection closes in a game, the opponent gets SGAMEI");
    static final Check RECOVERED = new Check("othello.reconnect.recovered", R + "§4 Losing the connection",
            "a player who logs in again with the same name from the same address gets SNAMEOK, then SRECOV with the game's board");
    static final Check TIMEOUT = new Check("othello.time.move", R + "§4 Time",
            "a player who does not move within the time per move loses: both get SENDG~...~TIMEOUT");
    static final Check IDLE = new Check("othello.time.silence", R + "§4 Staying connected",
            "a connection from which nothing arrives for 30 s is closed");

    /** The opening: after black's a1 and white's c1, black has no move (found by search, 8 plies). */
    static final List<String> PASS_OPENING = List.of("d3", "c3", "b3", "b2", "f5", "a3", "a1", "c1");

    private final OthelloKitCodec codec = new OthelloKitCodec();
    private final Othello othello = new Othello();

    @Override
    public String protocol() {
        return "othello";
    }

    @Override
    public String title() {
        return "seed 000 Othello text protocol";
    }

    @Override
    public int defaultPort() {
        return OthelloCodec.DEFAULT_PORT;
    }

    @Override
    public FrameCodec codec() {
        return codec;
    }

    @Override
    public List<Scenario> serverScenarios() {
        return List.of(
                Scenario.of("login", "two players log in; a third tries a name in use, then a free one", List.of(LOGIN_OK, LOBBY_NEWS, DUPLICATE),
                        this::login),
                Scenario.of("bad-names", "a name with a space, and a name of 21 characters", List.of(BAD_CHARACTER, TOO_LONG), this::badNames),
                Scenario.of("ping", "CPING before and after logging in", List.of(SETUP, PING), this::ping),
                Scenario.of("wrong-state", "CMOV before logging in", List.of(BEFORE_LOGIN), this::wrongState),
                Scenario.of("malformed", "CMOV~3 and CFOO after logging in", List.of(SETUP, FIELD_COUNT, UNKNOWN_TYPE), this::malformed),
                Scenario.of("foreign-lines", "a line without the C prefix and an empty line, then CPING", List.of(SETUP, FOREIGN_IGNORED), this::foreign),
                Scenario.of("framing", "a line in 1-byte writes, three lines in one write, a line ending CR LF", List.of(SETUP, SPLIT, MERGED, CRLF),
                        this::framing),
                Scenario.of("oversized", "1100 bytes without a line end", List.of(SETUP, OVERSIZED), this::oversized),
                Scenario.of("invitations", "invite and decline, invite nobody, invite and withdraw", List.of(SETUP, INVITE, DECLINE, IMPOSSIBLE, WITHDRAWN),
                        this::invitations),
                Scenario.of("full-game", "a whole game: an opening in which black must pass, then the first legal move each turn to the end",
                        List.of(SETUP, START, MOVE, PASS, END), this::fullGame),
                Scenario.of("illegal-move", "black plays a1 at the start, then a legal move; black leaves with CENDGAME",
                        List.of(SETUP, ILLEGAL, CANCEL), this::illegalMove),
                Scenario.of("out-of-turn", "white moves first", List.of(SETUP, OUT_OF_TURN), this::outOfTurn),
                Scenario.of("reconnect", "black's connection closes after a move; black logs in again", List.of(SETUP, RECONNECT_TOLD, RECOVERED),
                        this::reconnect),
                new Scenario("move-timeout", "black does not move (the players keep pinging)", List.of(SETUP, TIMEOUT), true, this::moveTimeout),
                new Scenario("silence", "a connection that sends nothing", List.of(IDLE), true, this::silence));
    }

    @Override
    public List<Scenario> clientScenarios() {
        return OthelloClientKit.scenarios(codec);
    }

    @Override
    public String clientInstructions(int port) {
        return "start the client under test against port " + port + " and let it log in and accept invitations, e.g. "
                + "boardlab client othello --port " + port + " --player first-legal";
    }

    // ------------------------------------------------------------------ helpers

    static byte[] line(String text) {
        return (text + "\n").getBytes(StandardCharsets.ISO_8859_1);
    }

    /** The frame's line, without its end. */
    static String text(Frame f) {
        return OthelloKitCodec.line(f.raw());
    }

    /** A received line of this type. */
    static Predicate<Frame> type(String type) {
        return f -> f.direction() == Frame.Direction.RECEIVED && (text(f).equals(type) || text(f).startsWith(type + "~"));
    }

    /** Exactly this received line. */
    static Predicate<Frame> is(String line) {
        return f -> f.direction() == Frame.Direction.RECEIVED && text(f).equals(line);
    }

    /** Lobby news, which may come at any time (README §3). */
    static final Predicate<Frame> NEWS = type("SADDP").or(type("SDELP")).or(type("SUPS"));

    private Wire open(ScenarioContext ctx, String name) throws IOException {
        return ctx.connect(name).ignoring(NEWS);
    }

    private static void send(Wire w, String text) throws IOException {
        w.send(line(text));
    }

    private void login(ScenarioContext ctx, Wire w, String name, Check check) throws Exception {
        send(w, "CNAME~" + name);
        ctx.expect(w, check, "SNAMEOK", is("SNAMEOK"));
    }

    /** Logs in a player as {@code base} (made unique). */
    private Wire player(ScenarioContext ctx, String base) throws Exception {
        String name = ctx.name(base);
        Wire w = open(ctx, name);
        login(ctx, w, name, SETUP);
        ctx.pass(SETUP);
        return w;
    }

    /**
     * {@code black} invites {@code white}, who accepts: the game starts. The invitation is checked as
     * {@link #SETUP}, the two {@code SSTARTG}s as {@code start}.
     */
    private void startGame(ScenarioContext ctx, Wire black, Wire white, Check start) throws Exception {
        send(black, "CREQ~" + white.name());
        ctx.expect(white, SETUP, "SREQ~" + black.name(), is("SREQ~" + black.name()));
        send(white, "CRES~" + black.name() + "~ACCEPT");
        ctx.expect(black, SETUP, "SRES~" + white.name() + "~ACCEPT", is("SRES~" + white.name() + "~ACCEPT"));
        ctx.pass(SETUP);
        ctx.expect(black, start, "SSTARTG~" + white.name() + " or SSTARTG~" + white.name() + "~BLACK",
                is("SSTARTG~" + white.name()).or(is("SSTARTG~" + white.name() + "~BLACK")));
        ctx.expect(white, start, "SSTARTG~" + black.name() + " or SSTARTG~" + black.name() + "~WHITE",
                is("SSTARTG~" + black.name()).or(is("SSTARTG~" + black.name() + "~WHITE")));
    }

    static String colour(Side side) {
        return side == Side.FIRST ? "BLACK" : "WHITE";
    }

    /** The board field of a position (README §2). */
    static String board(OthelloPosition p) {
        StringBuilder b = new StringBuilder(64);
        for (int row = 0; row < 8; row++) {
            for (int col = 0; col < 8; col++) {
                b.append(p.disc(col, row).map(s -> s == Side.FIRST ? 'B' : 'W').orElse('.'));
            }
        }
        return b.toString();
    }

    /** {@code x~y} of a square such as {@code d3}. */
    static String xy(OthelloMove m) {
        return m.col() + "~" + m.row();
    }

    /**
     * Plays {@code move} for the side to move and checks what both players get: {@code SMOV}, then
     * {@code SPASS} when the other has no move, then {@code SENDG} at the end. Returns the position
     * after it (a pass applied).
     */
    private OthelloPosition play(ScenarioContext ctx, Wire black, Wire white, OthelloPosition p, OthelloMove move) throws Exception {
        return play(ctx, black, white, p, move, MOVE);
    }

    /** {@link #play} whose SMOV, when wrong, fails {@code check} (a scenario that plays only to set up reports its setup). */
    private OthelloPosition play(ScenarioContext ctx, Wire black, Wire white, OthelloPosition p, OthelloMove move, Check check) throws Exception {
        Side mover = p.sideToMove();
        Wire w = mover == Side.FIRST ? black : white;
        send(w, "CMOV~" + xy(move));
        OthelloPosition after = (OthelloPosition) p.apply(move);
        boolean pass = !after.isTerminal() && after.placements().isEmpty();
        String next = after.isTerminal() ? "NONE" : pass ? colour(mover) : colour(mover.other());
        String smov = "SMOV~" + xy(move) + "~" + colour(mover) + "~" + next + "~" + board(after);
        for (Wire each : List.of(black, white)) {
            Frame f = ctx.expect(each, check, smov, type("SMOV"));
            if (!text(f).equals(smov)) {
                throw ctx.fail(check, smov, text(f), List.of(f));
            }
        }
        if (pass) {
            String spass = "SPASS~" + colour(mover.other());
            for (Wire each : List.of(black, white)) {
                ctx.expect(each, PASS, spass, is(spass));
            }
            ctx.pass(PASS);
            after = (OthelloPosition) after.apply(OthelloMove.PASS);
        }
        if (after.isTerminal()) {
            int b = after.discs(Side.FIRST);
            int wh = after.discs(Side.SECOND);
            String sendg = "SENDG~" + b + "~" + wh + "~" + (b > wh ? "BLACK" : wh > b ? "WHITE" : "DRAW") + "~NORMAL";
            for (Wire each : List.of(black, white)) {
                Frame f = ctx.expect(each, END, sendg, type("SENDG"));
                if (!text(f).equals(sendg)) {
                    throw ctx.fail(END, sendg, text(f), List.of(f));
                }
            }
            ctx.pass(END);
        }
        return after;
    }

    // ------------------------------------------------------------------ the server's scenarios

    private void login(ScenarioContext ctx) throws Exception {
        String an = ctx.name("ann");
        String bn = ctx.name("bob");
        Wire a = open(ctx, an);
        login(ctx, a, an, LOGIN_OK);
        Wire b = open(ctx, bn);
        login(ctx, b, bn, LOGIN_OK);
        ctx.pass(LOGIN_OK);
        a.ignoring(type("SUPS").or(type("SDELP")).or(type("SADDP").and(is("SADDP~" + bn).negate())));
        ctx.expect(a, LOBBY_NEWS, "SADDP~" + bn, is("SADDP~" + bn));
        ctx.pass(LOBBY_NEWS);
        Wire c = open(ctx, "third");
        send(c, "CNAME~" + an);
        ctx.expect(c, DUPLICATE, "SNAMEERR~<reason>", type("SNAMEERR"));
        String cn = ctx.name("cid");
        send(c, "CNAME~" + cn);
        ctx.expect(c, DUPLICATE, "SNAMEOK (the connection stays open after SNAMEERR)", is("SNAMEOK"));
        ctx.pass(DUPLICATE);
    }

    private void badNames(ScenarioContext ctx) throws Exception {
        Wire a = open(ctx, "spaced");
        send(a, "CNAME~bad name");
        ctx.expect(a, BAD_CHARACTER, "SERR~<reason>", type("SERR"));
        ctx.expectClosed(a, BAD_CHARACTER, "the connection closed after SERR", f -> false, ctx.settings().answerTime());
        ctx.pass(BAD_CHARACTER);
        Wire b = open(ctx, "long");
        send(b, "CNAME~" + "a".repeat(21));
        ctx.expect(b, TOO_LONG, "SERR~<reason>", type("SERR"));
        ctx.expectClosed(b, TOO_LONG, "the connection closed after SERR", f -> false, ctx.settings().answerTime());
        ctx.pass(TOO_LONG);
    }

    private void ping(ScenarioContext ctx) throws Exception {
        String an = ctx.name("pinger");
        Wire a = open(ctx, an);
        send(a, "CPING");
        ctx.expect(a, PING, "SPONG", is("SPONG"));
        login(ctx, a, an, SETUP);
        ctx.pass(SETUP);
        send(a, "CPING");
        ctx.expect(a, PING, "SPONG", is("SPONG"));
        ctx.pass(PING);
    }

    private void wrongState(ScenarioContext ctx) throws Exception {
        Wire a = open(ctx, "early");
        send(a, "CMOV~3~2");
        ctx.expect(a, BEFORE_LOGIN, "SERR~<reason>", type("SERR"));
        ctx.expectClosed(a, BEFORE_LOGIN, "the connection closed after SERR", f -> false, ctx.settings().answerTime());
        ctx.pass(BEFORE_LOGIN);
    }

    private void malformed(ScenarioContext ctx) throws Exception {
        Wire a = player(ctx, "fields");
        send(a, "CMOV~3");
        ctx.expect(a, FIELD_COUNT, "SERR~<reason>", type("SERR"));
        ctx.expectClosed(a, FIELD_COUNT, "the connection closed after SERR", f -> false, ctx.settings().answerTime());
        ctx.pass(FIELD_COUNT);
        Wire b = player(ctx, "types");
        send(b, "CFOO");
        ctx.expect(b, UNKNOWN_TYPE, "SERR~<reason>", type("SERR"));
        ctx.expectClosed(b, UNKNOWN_TYPE, "the connection closed after SERR", f -> false, ctx.settings().answerTime());
        ctx.pass(UNKNOWN_TYPE);
    }

    private void foreign(ScenarioContext ctx) throws Exception {
        Wire a = player(ctx, "foreign");
        send(a, "XHELLO~there");
        send(a, "");
        ctx.expectNone(a, FOREIGN_IGNORED, "no answer to an ignored line", NEWS.negate(), ctx.settings().quiet());
        send(a, "CPING");
        ctx.expect(a, FOREIGN_IGNORED, "SPONG (the connection still open and read)", is("SPONG"));
        ctx.pass(FOREIGN_IGNORED);
    }

    private void framing(ScenarioContext ctx) throws Exception {
        Wire a = player(ctx, "framer");
        a.sendSplit(line("CPING"), 1, Duration.ofMillis(ctx.settings().fast() ? 5 : 30));
        ctx.expect(a, SPLIT, "SPONG", is("SPONG"));
        ctx.pass(SPLIT);
        a.sendMerged(List.of(line("CPING"), line("CPING"), line("CPING")));
        for (int i = 1; i <= 3; i++) {
            ctx.expect(a, MERGED, "SPONG number " + i + " of 3", is("SPONG"));
        }
        ctx.pass(MERGED);
        a.send("CPING\r\n".getBytes(StandardCharsets.ISO_8859_1));
        ctx.expect(a, CRLF, "SPONG", is("SPONG"));
        ctx.pass(CRLF);
    }

    private void oversized(ScenarioContext ctx) throws Exception {
        Wire a = player(ctx, "big");
        byte[] big = ("CNAME~" + "x".repeat(1094)).getBytes(StandardCharsets.ISO_8859_1);
        a.sendBytes(big, "CNAME~xxx... (1100 bytes, no line end)");
        ctx.expect(a, OVERSIZED, "SERR~<reason>", type("SERR"));
        ctx.expectClosed(a, OVERSIZED, "the connection closed after SERR", f -> false, ctx.settings().answerTime());
        ctx.pass(OVERSIZED);
    }

    private void invitations(ScenarioContext ctx) throws Exception {
        Wire a = player(ctx, "host");
        Wire b = player(ctx, "guest");
        send(a, "CREQ~" + b.name());
        ctx.expect(b, INVITE, "SREQ~" + a.name(), is("SREQ~" + a.name()));
        ctx.pass(INVITE);
        send(b, "CRES~" + a.name() + "~DECLINE");
        ctx.expect(a, DECLINE, "SRES~" + b.name() + "~DECLINE", is("SRES~" + b.name() + "~DECLINE"));
        ctx.pass(DECLINE);
        String nobody = ctx.name("nobody");
        send(a, "CREQ~" + nobody);
        ctx.expect(a, IMPOSSIBLE, "SRES~" + nobody + "~DECLINE", is("SRES~" + nobody + "~DECLINE"));
        ctx.pass(IMPOSSIBLE);
        // a decline makes both READY again, as the news says; an invitation sent before that is
        // declined at once (README §3, "Lobby news is gathered"): try again until it goes through
        for (int tries = 1;; tries++) {
            send(a, "CREQ~" + b.name());
            if (ctx.poll(b, is("SREQ~" + a.name()), Duration.ofMillis(300L * tries)) != null) {
                break;
            }
            if (tries == 10) {
                throw ctx.fail(SETUP, "SREQ~" + a.name() + " after the decline (tried 10 times)", "no SREQ", List.of());
            }
        }
        send(a, "CREQC~" + b.name());
        ctx.expect(b, WITHDRAWN, "SREQC~" + a.name(), is("SREQC~" + a.name()));
        ctx.pass(WITHDRAWN);
    }

    private void fullGame(ScenarioContext ctx) throws Exception {
        Wire black = player(ctx, "black");
        Wire white = player(ctx, "white");
        startGame(ctx, black, white, START);
        ctx.pass(START);
        OthelloPosition p = othello.newGame();
        for (String sq : PASS_OPENING) {
            p = play(ctx, black, white, p, (OthelloMove) p.parseMove(sq));
        }
        while (!p.isTerminal()) {
            p = play(ctx, black, white, p, p.placements().get(0));
        }
        ctx.pass(MOVE);
    }

    private void illegalMove(ScenarioContext ctx) throws Exception {
        Wire black = player(ctx, "black");
        Wire white = player(ctx, "white");
        startGame(ctx, black, white, SETUP);
        send(black, "CMOV~0~0");
        ctx.expect(black, ILLEGAL, "SMOVERR~0~0~<reason>", type("SMOVERR~0~0"));
        OthelloPosition p = othello.newGame();
        OthelloMove d3 = OthelloMove.at(3, 2);
        OthelloPosition after = (OthelloPosition) p.apply(d3);
        send(black, "CMOV~3~2");
        String smov = "SMOV~3~2~BLACK~WHITE~" + board(after);
        ctx.expect(black, ILLEGAL, smov + " (still black's turn after SMOVERR)", is(smov));
        ctx.expect(white, ILLEGAL, smov, is(smov));
        ctx.pass(ILLEGAL);
        send(black, "CENDGAME");
        ctx.expect(black, CANCEL, "SGAMEEC~<text>", type("SGAMEEC"));
        ctx.expect(white, CANCEL, "SGAMEEC~<text>", type("SGAMEEC"));
        ctx.pass(CANCEL);
    }

    private void outOfTurn(ScenarioContext ctx) throws Exception {
        Wire black = player(ctx, "black");
        Wire white = player(ctx, "white");
        startGame(ctx, black, white, SETUP);
        send(white, "CMOV~2~3");
        for (Wire each : List.of(white, black)) {
            Frame f = ctx.expect(each, OUT_OF_TURN, "SENDG~2~2~BLACK~OUTOFTURN", type("SENDG"));
            if (!text(f).equals("SENDG~2~2~BLACK~OUTOFTURN")) {
                throw ctx.fail(OUT_OF_TURN, "SENDG~2~2~BLACK~OUTOFTURN", text(f), List.of(f));
            }
        }
        ctx.pass(OUT_OF_TURN);
    }

    private void reconnect(ScenarioContext ctx) throws Exception {
        Wire black = player(ctx, "black");
        Wire white = player(ctx, "white");
        startGame(ctx, black, white, SETUP);
        OthelloPosition p = othello.newGame();
        p = play(ctx, black, white, p, OthelloMove.at(3, 2), SETUP); // the move is the set-up: a wrong SMOV fails setup, not an undeclared check
        black.close();
        ctx.expect(white, RECONNECT_TOLD, "SGAMEI~<text>", type("SGAMEI"));
        ctx.pass(RECONNECT_TOLD);
        Wire again = open(ctx, black.name());
        send(again, "CNAME~" + black.name());
        ctx.expect(again, RECOVERED, "SNAMEOK", is("SNAMEOK"));
        String recov = "SRECOV~" + board(p) + "~1~1";
        Frame f = ctx.expect(again, RECOVERED, recov + "[~" + white.name() + "]", type("SRECOV"));
        if (!text(f).equals(recov) && !text(f).equals(recov + "~" + white.name())) {
            throw ctx.fail(RECOVERED, recov + "[~" + white.name() + "]", text(f), List.of(f));
        }
        ctx.pass(RECOVERED);
        send(again, "CENDGAME");
    }

    private void moveTimeout(ScenarioContext ctx) throws Exception {
        Duration limit = ctx.moveTime(Duration.ofSeconds(60));
        Wire black = player(ctx, "slow");
        Wire white = player(ctx, "patient");
        startGame(ctx, black, white, SETUP);
        String sendg = "SENDG~2~2~WHITE~TIMEOUT";
        long until = System.nanoTime() + limit.plus(ctx.settings().answerTime()).toNanos();
        List<Wire> waiting = new ArrayList<>(List.of(black, white));
        // ping every 5 s while waiting, so that the server's silence limit (30 s) does not end it first
        while (!waiting.isEmpty()) {
            long left = until - System.nanoTime();
            if (left <= 0) {
                throw ctx.fail(TIMEOUT, sendg + " within " + limit.toSeconds() + " s and a margin", "no SENDG", List.of(white.lastSent()));
            }
            for (Wire w : List.copyOf(waiting)) {
                Frame f = ctx.expectNone(w, TIMEOUT, sendg, type("SENDG").and(is(sendg).negate()).or(type("SMOV")).or(type("SERR")),
                        Duration.ofNanos(Math.min(left, Duration.ofMillis(400).toNanos()))).stream().filter(is(sendg)).findFirst().orElse(null);
                if (f != null) {
                    waiting.remove(w);
                } else if (w.isClosed()) {
                    throw ctx.fail(TIMEOUT, sendg, "the connection ended", List.of(w.lastSent()));
                } else {
                    send(w, "CPING");
                }
            }
        }
        ctx.pass(TIMEOUT);
    }

    private void silence(ScenarioContext ctx) throws Exception {
        Duration limit = ctx.idleTime(Duration.ofSeconds(30));
        Wire a = open(ctx, "silent");
        ctx.expectClosed(a, IDLE, "the connection closed by the server after " + limit.toSeconds() + " s of silence", f -> true,
                limit.plus(ctx.settings().answerTime()));
        ctx.pass(IDLE);
    }
}
