package org.boardlab.protocol.dots.internal;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Random;
import java.util.function.Predicate;
import org.boardlab.conform.Check;
import org.boardlab.conform.Frame;
import org.boardlab.conform.KitScenarios;
import org.boardlab.conform.KitSettings;
import org.boardlab.conform.Scenario;
import org.boardlab.conform.ScenarioContext;
import org.boardlab.game.dots.Dots;
import org.boardlab.game.dots.DotsPosition;
import org.boardlab.game.dots.Point;
import org.boardlab.protocol.dots.DotsWire;
import org.boardlab.protocol.dots.internal.DotsClientServer.Http;
import org.boardlab.protocol.dots.internal.DotsClientServer.Msg;
import org.boardlab.protocol.dots.internal.DotsClientServer.Seen;
import org.boardlab.protocol.dots.internal.DotsKitPlayer.Delivered;
import org.cometd.bayeux.Channel;
import org.cometd.bayeux.Message;

/**
 * The client scenarios of the Dots kit: {@code boardlab conform dots client --port P} is boardlab's own
 * Dots server on port P ({@link DotsClientServer}: the lobby, the games, the HTTP routes, as
 * {@code boardlab serve} has them), with a player of the kit's ({@link DotsKitPlayer}) as the client's
 * opponent, and checks what the client under test sends against this bundle's README: its login form,
 * the {@code auth} on its subscriptions and publishes, its heartbeats in the lobby and in a game (and
 * how often), accepting an invitation, leaving the lobby for the game, its moves (in turn, on free
 * points, well formed), its answer to an offer, a move the server refuses, a long game, and what it
 * does when its opponent leaves. The client is player 2 (blue) in every game: the kit's player
 * invites it and moves first.
 */
final class DotsClientKit {

    private static final String R = DotsKit.R;
    private static final String HTTP = DotsKit.HTTP;
    private static final String AUTH = DotsKit.AUTH;
    private static final String ERRORS = DotsKit.ERRORS;
    private static final String LOBBY = DotsKit.LOBBY;
    private static final String GAME = DotsKit.GAME;
    private static final String TIME = GAME + " (Time)";

    static final Check SETUP = new Check("dots.client.setup", HTTP + ", " + R + "§Bayeux",
            "the client logs in, is in the lobby, and its game with the kit's player starts (what this scenario needs first; the rule that breaks it has its own check)");
    static final Check AUTH_FORM = new Check("dots.client.auth-form", HTTP,
            "POST /register and POST /auth carry name and password as an application/x-www-form-urlencoded form (or the query), as the seed's page sends them");
    static final Check SUBSCRIBE_AUTH = new Check("dots.client.subscribe-auth", AUTH,
            "the client's /meta/subscribe to /game/queue carries the top-level auth {id, token} that POST /auth gave it");
    static final Check LOBBY_HEARTBEAT = new Check("dots.client.lobby-heartbeat", LOBBY,
            "once logged in the client joins the lobby at once: {type:heartbeat} on /game/queue");
    static final Check PUBLISH_AUTH = new Check("dots.client.publish-auth", AUTH,
            "every publish carries the top-level auth {id, token} of the client's login (not inside data, not inside ext)");
    static final Check ACCEPT = new Check("dots.client.accept", LOBBY,
            "the client accepts an invitation with {type:accept, target: <the inviter's id>} on /game/queue, and the server takes it");
    static final Check LOBBY_QUIT = new Check("dots.client.lobby-quit", LOBBY,
            "when its game begins (newgame) the client leaves the lobby: {type:quit} on /game/queue");
    static final Check GAME_SUBSCRIBE = new Check("dots.client.game-subscribe", GAME + ", " + AUTH,
            "on newgame the client subscribes to /game/<channel>, with its auth, and the server takes it");
    static final Check GAME_HEARTBEAT = new Check("dots.client.game-heartbeat", GAME,
            "on entering its game the client sends {type:heartbeat} on the game's channel at once");
    static final Check MOVE = new Check("dots.client.move", GAME,
            "a move is {type:move, point:{x: row 0..31, y: column 0..38}} (integers) on the game's channel with the client's auth, sent when it is the client's turn, and the server takes it");
    static final Check TURN = new Check("dots.client.turn", GAME,
            "the client moves only on its turn: after the opponent's move has reached it, once (player 1 moves first, the turn alternates)");
    static final Check FREE_POINT = new Check("dots.client.free-point", ERRORS + ", " + GAME,
            "the client moves only to a free point: not on a dot, not inside a zone (else 406::Point is busy)");
    static final Check BACK_TO_LOBBY = new Check("dots.client.back-to-lobby", GAME + ", " + LOBBY,
            "when the opponent leaves, the gameover (the client wins) ends the game for the client: no move after it, and it is back in the lobby with {type:heartbeat} on /game/queue");
    static final Check OFFER_ANSWER = new Check("dots.client.offer-answer", GAME,
            "the client answers an offer with {type:accept, requestType} or {type:decline, init: <offerer's player number>, target: <its own>} (numbers), or lets it lapse");
    static final Check REFUSED_MOVE = new Check("dots.client.refused-move", ERRORS + ", " + GAME,
            "a move the server refuses (here 500::Server error, which any message may get) is not played: it is still the client's turn and it moves again, to a free point");
    static final Check LONG_GAME = new Check("dots.client.long-game", GAME,
            "the client keeps playing a long game: each of its 150 moves comes within the answer time of the opponent's");
    static final Check LOBBY_SILENCE = new Check("dots.client.lobby-silence", LOBBY + ", " + TIME,
            "in the lobby the client sends a message on /game/queue at least every silence limit (10 s; the seed's page beats every 5 s), else the server drops it");
    static final Check GAME_SILENCE = new Check("dots.client.game-silence", TIME,
            "in a game, waiting for the opponent's move, the client sends a message on the game's channel at least every silence limit (10 s; the seed's page beats every 5 s), else it loses");

    /**
     * The shortest silence limit ({@code --idle-time}) the client kit takes. The kit's server drops a client
     * that sends nothing for that long (from the lobby, or it loses its game), and a Dots client sends a
     * heartbeat every 5 s ({@link DotsWebClient#HEARTBEAT}, the seed's page and boardlab's client alike): a
     * shorter limit fails a client that keeps the rules, and 2 s more leave its heartbeat time to arrive on
     * a busy machine (the seed's own server gives it 10 s).
     */
    static final Duration SHORTEST_IDLE = DotsWebClient.HEARTBEAT.plusSeconds(2);

    /** How many moves the client makes in the long game. */
    static final int LONG_MOVES = 150;
    /** How many moves the client makes in the game scenario before its opponent leaves. */
    static final int GAME_MOVES = 8;

    private DotsClientKit() {
    }

    static List<Scenario> scenarios() {
        return KitScenarios.start()
                .add("login", "the client logs in (registering its name first if it wants), subscribes to the lobby and joins it", DotsClientKit::login,
                        SETUP, AUTH_FORM, SUBSCRIBE_AUTH, LOBBY_HEARTBEAT, PUBLISH_AUTH)
                .add("invitation", "the kit's player invites the client, the client accepts, leaves the lobby, subscribes to the game and beats in it",
                        DotsClientKit::invitation, SETUP, ACCEPT, LOBBY_QUIT, GAME_SUBSCRIBE, GAME_HEARTBEAT)
                .add("game", "a game: the kit's player moves first, the client answers " + GAME_MOVES + " moves, then the kit's player leaves (the client wins)",
                        DotsClientKit::game, SETUP, MOVE, TURN, FREE_POINT, BACK_TO_LOBBY)
                .add("offer", "in a game the kit's player offers a draw: the client accepts, declines or lets it lapse", DotsClientKit::offer, SETUP,
                        OFFER_ANSWER)
                .add("refused-move", "in a game the kit's server refuses the client's move once (500::Server error): the client moves again",
                        DotsClientKit::refusedMove, SETUP, REFUSED_MOVE)
                .add("long-game", "a game of " + LONG_MOVES + " moves of the client's (" + 2 * LONG_MOVES + " dots), then the kit's player leaves",
                        DotsClientKit::longGame, SETUP, LONG_GAME, MOVE, TURN, FREE_POINT)
                .timing("silence", "the kit keeps the client waiting in the lobby, then in a game (its player does not move): the client's heartbeats",
                        DotsClientKit::silence, SETUP, LOBBY_SILENCE, GAME_SILENCE)
                .list();
    }

    /** Why the client kit will not run with {@code settings}: a silence limit under {@link #SHORTEST_IDLE}. */
    static Optional<String> unfair(KitSettings settings) {
        return settings.idleTime().filter(d -> d.compareTo(SHORTEST_IDLE) < 0)
                .map(d -> "--idle-time " + java.math.BigDecimal.valueOf(d.toMillis(), 3).stripTrailingZeros().toPlainString()
                        + " is too short for the dots client kit: give " + SHORTEST_IDLE.toSeconds() + " or more. The kit's server drops a client "
                        + "that sends nothing for the idle time, and a Dots client sends a heartbeat every " + secs(DotsWebClient.HEARTBEAT)
                        + " (the seed's rule): a client that keeps the rules needs those " + secs(DotsWebClient.HEARTBEAT) + " and "
                        + secs(SHORTEST_IDLE.minus(DotsWebClient.HEARTBEAT)) + " more for its heartbeat to arrive.");
    }

    static String instructions(int port) {
        return "start the client under test against http://127.0.0.1:" + port + "/ (boardlab's: boardlab client dots --port " + port
                + " --name NAME --player random, the password the first line of its input): it logs in (registering a new name first), "
                + "stays in the lobby, accepts the kit's invitations and plays blue (player 2) in each game; for a person at the seed's page, "
                + "give the kit time with --answer-time 60";
    }

    // ================================================================ scenarios

    private static void login(ScenarioContext ctx) throws InterruptedException {
        DotsClientServer s = server(ctx);
        int at = awaitLogin(ctx, s, AUTH_FORM);
        Duration t = ctx.settings().answerTime();
        Msg sub = awaitMsg(ctx, s, at, m -> m.fromClient() && Channel.META_SUBSCRIBE.equals(m.channel())
                && DotsWire.QUEUE_CHANNEL.equals(m.message().get(Message.SUBSCRIPTION_FIELD)), t);
        if (sub == null) {
            throw ctx.fail(SUBSCRIBE_AUTH, "a /meta/subscribe to /game/queue with the auth of the login", "none within " + secs(t), lastFrames(s, at));
        }
        requireAuth(ctx, s, sub, SUBSCRIBE_AUTH);
        ctx.pass(SUBSCRIBE_AUTH);
        Msg beat = awaitMsg(ctx, s, at, m -> m.publish(DotsWire.QUEUE_CHANNEL::equals, "heartbeat"), t);
        if (beat == null) {
            throw ctx.fail(LOBBY_HEARTBEAT, "{type:heartbeat} on /game/queue after the login", "none within " + secs(t), lastFrames(s, at));
        }
        ctx.pass(LOBBY_HEARTBEAT);
        requireAuth(ctx, s, beat, PUBLISH_AUTH);
        ctx.pass(PUBLISH_AUTH);
        ctx.pass(SETUP);
    }

    private static void invitation(ScenarioContext ctx) throws Exception {
        DotsClientServer s = server(ctx);
        try (Game g = startGame(ctx, s, ACCEPT, LOBBY_QUIT, GAME_SUBSCRIBE, GAME_HEARTBEAT)) {
            g.leave(null);
        }
    }

    private static void game(ScenarioContext ctx) throws Exception {
        DotsClientServer s = server(ctx);
        try (Game g = startGame(ctx, s, SETUP, SETUP, SETUP, SETUP)) {
            for (int i = 0; i < GAME_MOVES; i++) {
                g.kitMoves();
                g.taken(g.clientMove(MOVE, MOVE, TURN, FREE_POINT), MOVE);
            }
            ctx.pass(MOVE);
            ctx.pass(TURN);
            ctx.pass(FREE_POINT);
            g.leave(BACK_TO_LOBBY);
        }
    }

    private static void offer(ScenarioContext ctx) throws Exception {
        DotsClientServer s = server(ctx);
        try (Game g = startGame(ctx, s, SETUP, SETUP, SETUP, SETUP)) {
            g.kitMoves();
            g.taken(g.clientMove(SETUP, SETUP, SETUP, SETUP), SETUP);
            // one request a user within the request's life: the kit's server lets its own player offer at once, not its invitation's life later
            s.letKitPlayerRequestAgain(g.kit.id());
            int from = s.mark();
            g.kit.publishOk(SETUP, g.path, DotsKit.data("type", "request", "requestType", "draw"));
            Duration within = s.timers().requestLife().plusSeconds(1);
            Msg answer = awaitMsg(ctx, s, from, m -> m.publish(g.path::equals, "accept") || m.publish(g.path::equals, "decline"), within);
            if (answer == null) {
                ctx.pass(OFFER_ANSWER); // an offer may lapse unanswered
                g.leave(null);
                return;
            }
            Map<String, Object> d = answer.data();
            if ("accept".equals(answer.type())) {
                if (!"draw".equals(d.get("requestType"))) {
                    throw ctx.fail(OFFER_ANSWER, "{type:accept, requestType:\"draw\"} (what was offered)", Json.write(d), List.of(answer.frame()));
                }
            } else if (!isInt(d.get("init"), 1) || !isInt(d.get("target"), 2)) {
                throw ctx.fail(OFFER_ANSWER, "{type:decline, init:1, target:2}: the offerer's player number, then the client's", Json.write(d),
                        List.of(answer.frame()));
            }
            requireTaken(ctx, s, answer, OFFER_ANSWER);
            ctx.pass(OFFER_ANSWER);
            if ("accept".equals(answer.type())) {
                g.kit.expect(SETUP, "gameover after the accepted draw", on(g.path, "gameover"));
                g.over = true;
            }
            g.leave(null);
        }
    }

    private static void refusedMove(ScenarioContext ctx) throws Exception {
        DotsClientServer s = server(ctx);
        try (Game g = startGame(ctx, s, SETUP, SETUP, SETUP, SETUP)) {
            g.kitMoves();
            g.taken(g.clientMove(SETUP, SETUP, SETUP, SETUP), SETUP);
            s.refuseNextMove("500::Server error");
            g.kitMoves();
            Msg first = g.clientMove(SETUP, SETUP, SETUP, SETUP);
            Msg refusal = g.replyTo(first, SETUP);
            if (!refusal.refused()) {
                throw ctx.fail(SETUP, "the kit's refusal of the client's move", refusal.frame().decoded(), List.of(first.frame(), refusal.frame()));
            }
            g.cursor = Math.max(g.cursor, s.indexOf(first) + 1);
            Msg again = g.clientMove(REFUSED_MOVE, SETUP, SETUP, REFUSED_MOVE);
            g.taken(again, REFUSED_MOVE);
            ctx.pass(REFUSED_MOVE);
            g.leave(null);
        }
    }

    private static void longGame(ScenarioContext ctx) throws Exception {
        DotsClientServer s = server(ctx);
        try (Game g = startGame(ctx, s, SETUP, SETUP, SETUP, SETUP)) {
            for (int i = 0; i < LONG_MOVES && g.position.freePoints() > 2; i++) {
                g.kitMoves();
                g.taken(g.clientMove(LONG_GAME, MOVE, TURN, FREE_POINT), MOVE);
            }
            ctx.pass(LONG_GAME);
            ctx.pass(MOVE);
            ctx.pass(TURN);
            ctx.pass(FREE_POINT);
            g.leave(null);
        }
    }

    private static void silence(ScenarioContext ctx) throws Exception {
        DotsClientServer s = server(ctx);
        Duration idle = ctx.idleTime(DotsWire.Timers.SEED.silence());
        int login = awaitLogin(ctx, s, SETUP);
        awaitInLobby(ctx, s);
        watchBeats(ctx, s, DotsWire.QUEUE_CHANNEL, login, idle, LOBBY_SILENCE);
        ctx.pass(LOBBY_SILENCE);
        try (Game g = startGame(ctx, s, SETUP, SETUP, SETUP, SETUP)) {
            watchBeats(ctx, s, g.path, g.cursor, idle, GAME_SILENCE);
            ctx.pass(GAME_SILENCE);
            g.leave(null);
        }
    }

    /**
     * The client sends something on {@code channel} at least every {@code idle} (the silence limit), for one
     * and a half limits from its last message there (at index {@code since} or later; none: from now): each
     * message within {@code idle} of the one before, timed as they reached the kit's server, else
     * {@code check} fails. The watch ends at the first message half a limit or more after that start: from
     * then on, a silence of a whole limit would end past the one and a half. So the seed's client (a
     * heartbeat every 5 s) is watched about one heartbeat, not one and a half limits.
     */
    private static void watchBeats(ScenarioContext ctx, DotsClientServer s, String channel, int since, Duration idle, Check check)
            throws InterruptedException {
        Predicate<Msg> on = x -> x.fromClient() && x.data() != null && channel.equals(x.channel());
        Msg last = null;
        for (Seen x : s.since(since)) {
            if (x instanceof Msg m && on.test(m)) {
                last = m;
            }
        }
        long limit = idle.toNanos();
        long lastAt = last == null ? s.now() : last.frame().nanos();
        int from = last == null ? s.mark() : s.indexOf(last) + 1;
        long enough = lastAt + limit / 2;
        while (true) {
            long left = lastAt + limit - s.now();
            Msg m = left <= 0 ? null : awaitMsg(ctx, s, from, on, Duration.ofNanos(left));
            if (m == null || m.frame().nanos() - lastAt > limit) {
                List<Frame> evidence = new ArrayList<>();
                if (last != null) {
                    evidence.add(last.frame());
                }
                evidence.addAll(lastFrames(s, from));
                throw ctx.fail(check, "a message of the client's on " + channel + " at least every " + secs(idle) + " (the silence limit)",
                        "nothing for " + secs(idle) + (last == null ? "" : " after " + last.frame().decoded()), evidence);
            }
            last = m;
            lastAt = m.frame().nanos();
            from = s.indexOf(m) + 1;
            if (lastAt >= enough) {
                return;
            }
        }
    }

    // ================================================================ a game with the client

    /** The client's game with the kit's player: the kit's player is player 1 (it invited), the client player 2. */
    private static final class Game implements AutoCloseable {
        final ScenarioContext ctx;
        final DotsClientServer s;
        final DotsKitPlayer kit;
        final String path;
        final Random random;
        DotsPosition position = new Dots().newGame(DotsWire.WIDTH, DotsWire.HEIGHT);
        /** Where to look for the client's next move. */
        int cursor;
        /** The mark just before the kit's last move was published: the client's move must come after it reached the client. */
        int kitMark;
        Point kitLast;
        boolean over;

        Game(ScenarioContext ctx, DotsClientServer s, DotsKitPlayer kit, String channel) {
            this.ctx = ctx;
            this.s = s;
            this.kit = kit;
            this.path = DotsWire.GAME_CHANNEL_PREFIX + channel;
            this.random = new Random(channel.hashCode());
            this.cursor = s.mark();
        }

        /** The kit's player moves to a free point (random, away from the edge). */
        void kitMoves() throws InterruptedException {
            Point p;
            do {
                p = new Point(1 + random.nextInt(DotsWire.WIDTH - 2), 1 + random.nextInt(DotsWire.HEIGHT - 2));
            } while (!position.isFree(p));
            kitMark = s.mark();
            kit.publishOk(SETUP, path, DotsKit.move(p.y(), p.x()));
            position = (DotsPosition) position.apply(p);
            kitLast = p;
        }

        /**
         * The client's next move: it must come ({@code arrives}), after the kit's move reached the client
         * ({@code turn}), well formed with the client's auth ({@code shape}), to a free point ({@code free}).
         */
        Msg clientMove(Check arrives, Check shape, Check turn, Check free) throws InterruptedException {
            Duration t = ctx.settings().answerTime();
            Msg m = awaitMsg(ctx, s, cursor, x -> x.publish(path::equals, "move"), t);
            if (m == null) {
                List<Frame> evidence = new ArrayList<>();
                Msg delivered = kitMoveDelivered(s.mark());
                if (delivered != null) {
                    evidence.add(delivered.frame());
                }
                evidence.addAll(lastFrames(s, cursor));
                throw ctx.fail(arrives, "the client's move (its turn: the kit's player played " + kitLast.x() + "," + kitLast.y() + ")",
                        "no move within " + secs(t), evidence);
            }
            int at = s.indexOf(m);
            if (at < kitMark) {
                // sent before the kit's player moved: a second move of the client's turn, or a move out of turn
                List<Frame> evidence = new ArrayList<>();
                for (Seen x : s.since(cursor)) {
                    if (x instanceof Msg c && c.publish(path::equals, "move") && s.indexOf(c) <= at) {
                        evidence.add(c.frame());
                    }
                }
                throw ctx.fail(turn, "a move only after the kit's move {x:" + kitLast.y() + ", y:" + kitLast.x() + "} reached the client",
                        "a move before it: " + Json.write(m.data()), evidence);
            }
            Map<String, Object> d = m.data();
            if (!(d.get("point") instanceof Map<?, ?> p) || !isIntIn(p.get("x"), DotsWire.HEIGHT) || !isIntIn(p.get("y"), DotsWire.WIDTH)) {
                throw ctx.fail(shape, "{type:move, point:{x: row 0..31, y: column 0..38}}, integers", Json.write(d), List.of(m.frame()));
            }
            requireAuth(ctx, s, m, shape);
            Point at2 = new Point(((Number) p.get("y")).intValue(), ((Number) p.get("x")).intValue());
            if (!position.isFree(at2)) {
                throw ctx.fail(free, "a move to a free point", "x " + p.get("x") + ", y " + p.get("y") + " holds "
                        + (position.dotAt(at2).isPresent() ? "a dot" : "part of a zone"), List.of(m.frame()));
            }
            cursor = at + 1;
            return m;
        }

        /** The delivery of the kit's last move to the client, between {@link #kitMark} and {@code before}, or {@code null}. */
        private Msg kitMoveDelivered(int before) {
            List<Seen> list = s.since(kitMark);
            int n = Math.max(0, before - kitMark);
            for (int i = 0; i < Math.min(n, list.size()); i++) {
                if (list.get(i) instanceof Msg x && !x.fromClient() && path.equals(x.channel()) && "move".equals(x.type())
                        && x.data().get("point") instanceof Map<?, ?> p && isInt(p.get("x"), kitLast.y()) && isInt(p.get("y"), kitLast.x())) {
                    return x;
                }
            }
            return null;
        }

        /** The server's reply to the client's message {@code m}; none in time fails {@code check}. */
        Msg replyTo(Msg m, Check check) throws InterruptedException {
            Object id = m.message().get(Message.ID_FIELD);
            Duration t = ctx.settings().answerTime();
            Msg r = awaitMsg(ctx, s, s.indexOf(m) + 1, x -> !x.fromClient() && x.reply() && Objects.equals(id, x.message().get(Message.ID_FIELD)), t);
            if (r == null) {
                throw ctx.fail(check, "the server's reply to the client's message", "none within " + secs(t), List.of(m.frame()));
            }
            return r;
        }

        /** The server took the client's move {@code m} and the kit's player saw it; the move is on the kit's board. */
        void taken(Msg m, Check check) throws InterruptedException {
            requireTaken(ctx, s, m, check);
            Map<?, ?> p = (Map<?, ?>) m.data().get("point");
            int x = ((Number) p.get("x")).intValue();
            int y = ((Number) p.get("y")).intValue();
            kit.expect(SETUP, "the client's move x " + x + ", y " + y + " delivered", d -> path.equals(d.channel()) && "move".equals(d.type())
                    && d.data().get("point") instanceof Map<?, ?> q && isInt(q.get("x"), x) && isInt(q.get("y"), y));
            position = (DotsPosition) position.apply(new Point(y, x));
        }

        /**
         * The kit's player leaves the game (a loss for it); with {@code back}, the client must make no move
         * after the gameover and be back in the lobby with a heartbeat.
         */
        void leave(Check back) throws InterruptedException {
            if (over) {
                return;
            }
            int from = s.mark();
            kit.publishOk(SETUP, path, DotsKit.data("type", "quit"));
            kit.expect(SETUP, "gameover after the kit's player left", on(path, "gameover"));
            over = true;
            kit.silence();
            if (back == null) {
                return;
            }
            Duration t = ctx.settings().answerTime();
            Msg gameover = awaitMsg(ctx, s, from, x -> !x.fromClient() && path.equals(x.channel()) && "gameover".equals(x.type()), t);
            if (gameover == null) {
                throw ctx.fail(SETUP, "the gameover delivered to the client", "none within " + secs(t), lastFrames(s, from));
            }
            int after = s.indexOf(gameover) + 1;
            Duration within = t.plus(DotsWebClient.GAMEOVER_GRACE);
            Msg beat = awaitMsg(ctx, s, after, x -> x.publish(DotsWire.QUEUE_CHANNEL::equals, "heartbeat"), within);
            if (beat == null) {
                List<Frame> evidence = new ArrayList<>(List.of(gameover.frame()));
                evidence.addAll(lastFrames(s, after));
                throw ctx.fail(back, "{type:heartbeat} on /game/queue after the gameover (back in the lobby)", "none within " + secs(within), evidence);
            }
            for (Seen x : s.since(after)) {
                if (x instanceof Msg m && m.publish(path::equals, "move")) {
                    throw ctx.fail(back, "no move after the gameover", Json.write(m.data()), List.of(gameover.frame(), m.frame()));
                }
            }
            ctx.pass(back);
        }

        @Override
        public void close() {
            kit.close();
        }
    }

    /**
     * The kit's player (a new account each time: one request a user within 15 s) joins the lobby, invites
     * the client and the game starts; the client's accept, its quit from the lobby, its subscription to
     * the game and its first heartbeat there are checked with the checks given.
     */
    private static Game startGame(ScenarioContext ctx, DotsClientServer s, Check accept, Check quit, Check subscribe, Check heartbeat)
            throws InterruptedException {
        awaitLogin(ctx, s, SETUP);
        int n = (int) ctx.shared().merge("dots.client.kit-players", 1, (a, b) -> (Integer) a + (Integer) b);
        DotsKitPlayer kit = new DotsKitPlayer(ctx, ctx.name("kit" + n));
        boolean started = false;
        try {
            String[] account = s.kitAccount(kit.name);
            kit.adopt(account[0], account[1]);
            kit.enterLobby(SETUP);
            awaitInLobby(ctx, s);
            Duration t = ctx.settings().answerTime();
            int from = s.mark();
            kit.publishOk(SETUP, DotsWire.QUEUE_CHANNEL, DotsKit.data("type", "request", "target", s.clientId()));
            Msg acc = awaitMsg(ctx, s, from, m -> m.publish(DotsWire.QUEUE_CHANNEL::equals, "accept"), t);
            if (acc == null) {
                throw ctx.fail(accept, "{type:accept, target:\"" + kit.id() + "\"} on /game/queue (the kit's player invited the client)",
                        "none within " + secs(t), lastFrames(s, from));
            }
            if (!sameId(acc.data().get("target"), kit.id())) {
                throw ctx.fail(accept, "{type:accept, target:\"" + kit.id() + "\"}: the inviter's id", Json.write(acc.data()), List.of(acc.frame()));
            }
            requireTaken(ctx, s, acc, accept);
            ctx.pass(accept);
            Delivered ng = kit.expect(SETUP, "newgame for the kit's player and the client", d -> DotsWire.QUEUE_CHANNEL.equals(d.channel())
                    && "newgame".equals(d.type()) && sameId(d.data().get("player_2"), s.clientId()));
            String channel = String.valueOf(ng.data().get("channel"));
            String path = DotsWire.GAME_CHANNEL_PREFIX + channel;
            DotsKitPlayer.Reply joined = kit.subscribe(SETUP, path, DotsKitPlayer.Auth.OWN);
            if (!joined.successful()) {
                throw ctx.fail(SETUP, "the kit's player's subscription to " + path, joined.describe(),
                        joined.sent() == null ? List.of(joined.frame()) : List.of(joined.sent(), joined.frame()));
            }
            kit.publishOk(SETUP, path, DotsKit.data("type", "heartbeat"));
            kit.beat(path);
            Msg sub = awaitMsg(ctx, s, from, m -> m.fromClient() && Channel.META_SUBSCRIBE.equals(m.channel())
                    && path.equals(m.message().get(Message.SUBSCRIPTION_FIELD)), t);
            if (sub == null) {
                throw ctx.fail(subscribe, "a /meta/subscribe to " + path + " after newgame", "none within " + secs(t), lastFrames(s, from));
            }
            requireAuth(ctx, s, sub, subscribe);
            // the kit's player moves only once the client's subscription is in place (else its first move reaches nobody)
            requireTaken(ctx, s, sub, subscribe);
            ctx.pass(subscribe);
            Msg left = awaitMsg(ctx, s, from, m -> m.publish(DotsWire.QUEUE_CHANNEL::equals, "quit"), t);
            if (left == null) {
                throw ctx.fail(quit, "{type:quit} on /game/queue when the game begins", "none within " + secs(t), lastFrames(s, from));
            }
            ctx.pass(quit);
            Msg beat = awaitMsg(ctx, s, from, m -> m.publish(path::equals, "heartbeat"), t);
            if (beat == null) {
                throw ctx.fail(heartbeat, "{type:heartbeat} on " + path + " when the game begins", "none within " + secs(t), lastFrames(s, from));
            }
            ctx.pass(heartbeat);
            ctx.pass(SETUP);
            Game g = new Game(ctx, s, kit, channel);
            g.cursor = from;
            started = true;
            return g;
        } finally {
            if (!started) {
                kit.close();
            }
        }
    }

    // ================================================================ helpers

    private static DotsClientServer server(ScenarioContext ctx) {
        if (!(ctx.clientListener() instanceof DotsClientServer s)) {
            throw new IllegalStateException("the dots client kit runs on its own server (ConformanceRunner.runClient)");
        }
        return s;
    }

    /**
     * Waits (up to the time a client has to connect) for the client's {@code POST /auth} answered 200,
     * checking the form of each {@code /register} and {@code /auth} with {@code form}; the index after it.
     * A login seen in an earlier scenario counts.
     */
    private static int awaitLogin(ScenarioContext ctx, DotsClientServer s, Check form) throws InterruptedException {
        long until = System.nanoTime() + ctx.settings().clientWait().toNanos();
        int from = 0;
        while (true) {
            long left = until - System.nanoTime();
            Seen x = left <= 0 ? null : s.await(from, y -> y instanceof Http h && !"OPTIONS".equals(h.method()) && (h.path().equals("/auth") || h.path().equals("/register")),
                    Duration.ofNanos(left));
            if (x == null) {
                throw ctx.fail(SETUP, "the client logs in: POST /auth answered 200", "no login within " + secs(ctx.settings().clientWait()),
                        lastFrames(s, 0));
            }
            Http h = (Http) x;
            from = s.indexOf(x) + 1;
            if (!"POST".equals(h.method()) || !h.formOrQuery() || h.params().get("name") == null || h.params().get("password") == null) {
                List<Frame> evidence = new ArrayList<>();
                if (h.request() != null) {
                    evidence.add(h.request());
                }
                evidence.add(h.frame());
                throw ctx.fail(form, "POST " + h.path() + " with name=...&password=... as a form (or the query)",
                        h.request() == null ? h.method() + " " + h.path() : h.request().decoded(), evidence);
            }
            if (h.path().equals("/auth") && h.status() == 200 && s.clientId() != null) {
                ctx.pass(form);
                return from;
            }
        }
    }

    /** Waits until the client is in the server's lobby (its heartbeats on /game/queue). */
    private static void awaitInLobby(ScenarioContext ctx, DotsClientServer s) throws InterruptedException {
        Duration within = ctx.settings().answerTime().plus(DotsWebClient.HEARTBEAT).plusSeconds(1);
        long until = System.nanoTime() + within.toNanos();
        while (s.clientId() == null || !s.room().inLobby(DotsRoom.parseId(s.clientId()))) {
            if (System.nanoTime() > until) {
                throw ctx.fail(SETUP, "the client in the lobby ({type:heartbeat} on /game/queue)", "not in the lobby after " + secs(within),
                        lastFrames(s, Math.max(0, s.mark() - 6)));
            }
            Thread.sleep(20);
        }
    }

    private static Msg awaitMsg(ScenarioContext ctx, DotsClientServer s, int from, Predicate<Msg> which, Duration within) throws InterruptedException {
        return (Msg) s.await(from, x -> x instanceof Msg m && which.test(m), within);
    }

    /** {@code check} fails unless the client's message {@code m} carries the auth of its login. */
    private static void requireAuth(ScenarioContext ctx, DotsClientServer s, Msg m, Check check) {
        Object auth = m.message().get("auth");
        if (!(auth instanceof Map<?, ?> a) || !sameId(a.get("id"), s.clientId()) || !String.valueOf(a.get("token")).equals(s.clientToken())) {
            throw ctx.fail(check, "\"auth\":{\"id\":\"" + s.clientId() + "\",\"token\":\"" + s.clientToken() + "\"} at the top of the message",
                    auth == null ? "no auth: " + Json.write(m.message()) : "auth " + Json.write(auth), List.of(m.frame()));
        }
    }

    /** {@code check} fails unless the server's reply to the client's message {@code m} is successful. */
    private static void requireTaken(ScenarioContext ctx, DotsClientServer s, Msg m, Check check) throws InterruptedException {
        Object id = m.message().get(Message.ID_FIELD);
        Duration t = ctx.settings().answerTime();
        Msg r = awaitMsg(ctx, s, s.indexOf(m) + 1, x -> !x.fromClient() && x.reply() && Objects.equals(id, x.message().get(Message.ID_FIELD)), t);
        if (r == null) {
            throw ctx.fail(check, "the server's reply to the client's message", "none within " + secs(t), List.of(m.frame()));
        }
        if (r.refused()) {
            throw ctx.fail(check, "the server takes the client's " + Json.write(m.data()), "refused: " + r.message().get(Message.ERROR_FIELD),
                    List.of(m.frame(), r.frame()));
        }
    }

    /** The client's last frames from index {@code from} on (at most 8): what came instead. */
    private static List<Frame> lastFrames(DotsClientServer s, int from) {
        List<Seen> list = s.since(from);
        List<Frame> out = new ArrayList<>();
        for (Seen x : list.subList(Math.max(0, list.size() - 8), list.size())) {
            out.add(x.frame());
        }
        return out;
    }

    private static Predicate<Delivered> on(String channel, String type) {
        return d -> channel.equals(d.channel()) && type.equals(d.type());
    }

    /** An id as the wire gives it: a string, or a number with the same value. */
    private static boolean sameId(Object o, String id) {
        return o != null && id != null && String.valueOf(o instanceof Number n ? n.longValue() : o).equals(id);
    }

    private static boolean isInt(Object o, int value) {
        return (o instanceof Integer || o instanceof Long || o instanceof Short) && ((Number) o).intValue() == value;
    }

    private static boolean isIntIn(Object o, int size) {
        return (o instanceof Integer || o instanceof Long || o instanceof Short) && ((Number) o).intValue() >= 0 && ((Number) o).intValue() < size;
    }

    private static String secs(Duration d) {
        return DotsKitPlayer.seconds(d);
    }
}
