package org.boardlab.protocol.onitama.internal;

import static org.boardlab.protocol.onitama.internal.OnitamaKit.ascii;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.function.Predicate;
import org.boardlab.api.Side;
import org.boardlab.conform.Check;
import org.boardlab.conform.Frame;
import org.boardlab.conform.KitScenarios;
import org.boardlab.conform.Scenario;
import org.boardlab.conform.ScenarioContext;
import org.boardlab.conform.Wire;
import org.boardlab.game.onitama.OnitamaMove;
import org.boardlab.game.onitama.OnitamaPosition;
import org.boardlab.protocol.onitama.WireMove;
import org.boardlab.protocol.onitama.WireText;

/**
 * The Onitama kit's client scenarios: the kit is the server, for one game per connection (as the
 * protocol has it). The client under test plays blue in the first game, red in the second. The kit
 * paces its own messages as README §1 asks of a server, except where a scenario sends two messages
 * in one packet or one message in pieces on purpose. Each game ends after a few moves with BYE
 * ({@code 1}) and the close, as boardlab's server ends a game that has no winning move.
 */
final class OnitamaClientKit {

    private static final String R = "onitama README ";

    static final Check SETUP = new Check("onitama.client.setup", R + "§4 Client messages",
            "the client connected and started its game (what this scenario needs first; the rule that breaks it has its own check)");
    static final Check MODE = new Check("onitama.client.mode", R + "§4, §2 Values",
            "the client's first message is a mode, 0 (PvE) or 1 (PvP), with an optional blank and a name of 1 to 32 letters, digits, _ . -");
    static final Check NEXT = new Check("onitama.client.difficulty-or-table", R + "§4, §5, §6",
            "after 0 to its mode the client sends a difficulty 0, 1 or 2 (PvE) or a table -1..4 (PvP)");
    static final Check MERGED = new Check("onitama.client.framing-merged", R + "§1 (cut the server's messages at the NUL)",
            "the client reads the answer and the setup that come in one packet, and moves (blue); the seed's own client fails this: it "
                    + "needs a server that paces");
    static final Check LEGAL = new Check("onitama.client.move-legal", R + "§2 (a move), §7",
            "each move is five numbers, legal for the client's colour on the game's board");
    static final Check RETRY = new Check("onitama.client.retry", R + "§7 (after 27 the player sends another move)",
            "after 27 the client sends another move");
    static final Check WAIT = new Check("onitama.client.red-waits", R + "§5, §6 (blue moves first)",
            "as red the client sends nothing before blue's move");
    static final Check SPLIT = new Check("onitama.client.framing-split", R + "§1",
            "the client reads a setup that comes one byte at a time (it answers blue's move with a legal red move); the seed's own client fails "
                    + "this");

    /** The pause before a message that follows another with no client message between (README §1). */
    static final Duration GAP = Duration.ofMillis(50);

    private OnitamaClientKit() {
    }

    static List<Scenario> scenarios() {
        return KitScenarios.start()
                .add("blue", "a game with the client blue: the answer and the setup in one packet, its first move refused with 27, then "
                        + "eight moves each, BYE", OnitamaClientKit::blue, MODE, NEXT, MERGED, RETRY, LEGAL)
                .add("red", "the client connects again: a game with the client red, the setup in 1-byte writes, five moves each, BYE",
                        OnitamaClientKit::red, SETUP, WAIT, SPLIT, LEGAL)
                .list();
    }

    private static final Predicate<Frame> CLIENT = f -> f.direction() == Frame.Direction.RECEIVED;

    /** The game the kit plays with the client. */
    private static final class Game {
        final Wire w;
        final Side client;
        final List<Integer> cards;
        OnitamaPosition position;

        Game(Wire w, Side client, List<Integer> cards) {
            this.w = w;
            this.client = client;
            this.cards = cards;
            this.position = OnitamaKit.start(cards);
        }

        String setup() {
            StringBuilder b = new StringBuilder(client == Side.FIRST ? "0" : "1");
            cards.forEach(c -> b.append(' ').append(c));
            return b.toString();
        }
    }

    private static List<Integer> deal(long seed) {
        List<Integer> all = new ArrayList<>();
        for (int i = 0; i < 16; i++) {
            all.add(i);
        }
        Collections.shuffle(all, new Random(seed));
        return List.copyOf(all.subList(0, 5));
    }

    private static void pause() throws InterruptedException {
        Thread.sleep(GAP.toMillis());
    }

    /** The mode and the difficulty or table; answers the mode with 0. Returns the mode. */
    private static int start(ScenarioContext ctx, Wire w, Check modeCheck, Check nextCheck) throws Exception {
        Frame f = ctx.expect(w, modeCheck, "a mode: 0 or 1, with an optional name", CLIENT);
        String text = OnitamaKitCodec.client(f);
        String[] parts = text.split(" ", 2);
        int[] mode = WireText.numbers(parts[0]);
        if (mode == null || mode.length != 1 || mode[0] < 0 || mode[0] > 1 || parts.length == 2 && !parts[1].matches("[A-Za-z0-9_.\\-]{1,32}")) {
            throw ctx.fail(modeCheck, "a mode: 0 or 1, with an optional name", f.decoded(), List.of(f));
        }
        w.send(ascii("0\0"));
        String want = mode[0] == 0 ? "a difficulty: 0, 1 or 2" : "a table: -1..4";
        Frame g = ctx.expect(w, nextCheck, want, CLIENT);
        int[] n = WireText.numbers(OnitamaKitCodec.client(g));
        boolean ok = n != null && n.length == 1 && (mode[0] == 0 ? n[0] >= 0 && n[0] <= 2 : n[0] >= -1 && n[0] <= 4);
        if (!ok) {
            throw ctx.fail(nextCheck, want, g.decoded(), List.of(g));
        }
        return mode[0];
    }

    /** The client's move: five numbers, legal on the game's board; not applied. */
    private static OnitamaMove clientMove(ScenarioContext ctx, Game g, Check check) throws Exception {
        String want = "a legal move of " + OnitamaKit.colour(g.client) + ": fr fc tr tc id";
        Frame f = ctx.expect(g.w, check, want, CLIENT);
        int[] n = WireText.numbers(OnitamaKitCodec.client(f));
        if (n == null || n.length != 5) {
            throw ctx.fail(check == RETRY || check == SPLIT || check == MERGED ? check : LEGAL, want, f.decoded(), List.of(f));
        }
        WireMove wm = new WireMove(n[0], n[1], n[2], n[3], n[4]);
        String why;
        OnitamaMove m = null;
        try {
            m = wm.toMove();
            why = g.position.sideToMove() != g.client ? "not the client's turn" : g.position.whyIllegal(m);
        } catch (IllegalArgumentException e) {
            why = e.getMessage();
        }
        if (why != null) {
            throw ctx.fail(LEGAL, want, f.decoded() + " (" + why + ")", List.of(f));
        }
        return m;
    }

    /** The client moves, the kit answers 0; then the kit moves (paced); {@code moves} times, or until the game is over. */
    private static void play(ScenarioContext ctx, Game g, int moves, Random random) throws Exception {
        for (int i = 0; i < moves && !g.position.isTerminal(); i++) {
            if (g.position.sideToMove() == g.client) {
                OnitamaMove m = clientMove(ctx, g, LEGAL);
                g.w.send(ascii("0\0"));
                g.position = g.position.apply(m);
            }
            if (!g.position.isTerminal()) {
                OnitamaMove k = OnitamaKit.choose(g.position, random);
                pause();
                g.w.send(ascii(WireMove.of(k).text() + "\0"));
                g.position = g.position.apply(k);
            }
        }
    }

    /** The end of the kit's game: BYE (unless a move won) and the close. */
    private static void bye(Game g) throws Exception {
        if (!g.position.isTerminal()) {
            pause();
            g.w.send(ascii("1\0"));
        }
        g.w.close();
    }

    // ------------------------------------------------------------------ scenarios

    private static void blue(ScenarioContext ctx) throws Exception {
        Wire w = ctx.acceptClient("client", ctx.settings().clientWait());
        try {
            int mode = start(ctx, w, MODE, NEXT);
            ctx.pass(MODE);
            ctx.pass(NEXT);
            Game g = new Game(w, Side.FIRST, deal(1));
            w.sendMerged(List.of(ascii(mode == 0 ? "0\0" : "2\0"), ascii(g.setup() + "\0")));
            clientMove(ctx, g, MERGED);
            ctx.pass(MERGED);
            w.send(ascii("27\0"));
            OnitamaMove m = clientMove(ctx, g, RETRY);
            ctx.pass(RETRY);
            w.send(ascii("0\0"));
            g.position = g.position.apply(m);
            Random random = new Random(3);
            OnitamaMove k = OnitamaKit.choose(g.position, random);
            pause();
            w.send(ascii(WireMove.of(k).text() + "\0"));
            g.position = g.position.apply(k);
            play(ctx, g, 8, random);
            ctx.pass(LEGAL);
            bye(g);
        } finally {
            w.close();
        }
    }

    private static void red(ScenarioContext ctx) throws Exception {
        Wire w = ctx.acceptClient("client", ctx.settings().clientWait());
        try {
            int mode = start(ctx, w, SETUP, SETUP);
            ctx.pass(SETUP);
            Game g = new Game(w, Side.SECOND, deal(2));
            w.send(ascii(mode == 0 ? "0\0" : "2\0"));
            pause();
            w.sendSplit(ascii(g.setup() + "\0"), 1, Duration.ofMillis(5));
            ctx.expectNone(w, WAIT, "nothing from red before blue's move", CLIENT, ctx.settings().quiet());
            ctx.pass(WAIT);
            Random random = new Random(4);
            OnitamaMove k = OnitamaKit.choose(g.position, random);
            w.send(ascii(WireMove.of(k).text() + "\0"));
            g.position = g.position.apply(k);
            OnitamaMove m = clientMove(ctx, g, SPLIT);
            ctx.pass(SPLIT);
            w.send(ascii("0\0"));
            g.position = g.position.apply(m);
            if (!g.position.isTerminal()) {
                k = OnitamaKit.choose(g.position, random);
                pause();
                w.send(ascii(WireMove.of(k).text() + "\0"));
                g.position = g.position.apply(k);
            }
            play(ctx, g, 4, random);
            ctx.pass(LEGAL);
            bye(g);
        } finally {
            w.close();
        }
    }
}
