package org.boardlab.protocol.dots.internal;

import com.fasterxml.jackson.core.type.TypeReference;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Predicate;
import javax.inject.Named;
import javax.inject.Singleton;
import org.boardlab.conform.Check;
import org.boardlab.conform.ConformanceKit;
import org.boardlab.conform.FrameCodec;
import org.boardlab.conform.KitScenarios;
import org.boardlab.conform.KitSettings;
import org.boardlab.conform.Report;
import org.boardlab.conform.Scenario;
import org.boardlab.conform.ScenarioContext;
import org.boardlab.protocol.dots.DotsWire;
import org.boardlab.protocol.dots.internal.DotsKitPlayer.Auth;
import org.boardlab.protocol.dots.internal.DotsKitPlayer.Delivered;
import org.boardlab.protocol.dots.internal.DotsKitPlayer.HttpAnswer;
import org.boardlab.protocol.dots.internal.DotsKitPlayer.Reply;

/**
 * The conformance kit of seed 002's Dots on the web: {@code boardlab conform dots server HOST:PORT}
 * plays against a server as the seed's clients do, over its HTTP routes and Bayeux over long-polling
 * ({@link DotsKitPlayer}: Jetty's HTTP client and CometD's Java client), and checks what it answers
 * and delivers. Every check cites a section of this bundle's README, the protocol's specification.
 * {@code boardlab conform dots client --port P} is {@link DotsClientKit}: boardlab's own server on the
 * port, its player the client's opponent, checking what the client sends.
 */
@Named("dots")
@Singleton
public final class DotsKit implements ConformanceKit {

    // the README's sections the checks cite (the client kit's checks cite them too)
    static final String R = "dots README ";
    static final String HTTP = R + "§HTTP";
    static final String AUTH = R + "§Bayeux (Auth)";
    static final String ERRORS = R + "§Bayeux (Errors)";
    static final String LOBBY = R + "§/game/queue, the lobby";
    static final String GAME = R + "§/game/<channel>, a game";

    static final Check SETUP = new Check("dots.setup", HTTP + ", " + R + "§Bayeux",
            "the kit can register, log in, shake hands, subscribe and start a game (what this scenario needs first; the rule that breaks it has its own check)");
    // accounts
    static final Check REGISTERED = new Check("dots.http.register", HTTP, "POST /register with a new name and a password of 6 or more characters is answered 200 OK!");
    static final Check NAME_TAKEN = new Check("dots.http.register-taken", HTTP, "POST /register with a name in use is answered 406 Already exists");
    static final Check REGISTER_BAD = new Check("dots.http.register-bad", HTTP, "POST /register without a password is answered 400 Bad request");
    static final Check AUTH_WRONG = new Check("dots.http.auth-wrong", HTTP, "POST /auth with a wrong password is answered 401 Invalid username/password");
    static final Check AUTH_OK = new Check("dots.http.auth", HTTP,
            "POST /auth with the right password is answered 200 application/json {\"id\":\"<id>\",\"token\":\"<20 lowercase hex>\"}, the id a string");
    static final Check CORS = new Check("dots.http.cors", HTTP, "every answer, errors too, carries Access-Control-Allow-Origin: *");
    // the lobby
    static final Check HEARTBEAT = new Check("dots.queue.heartbeat", LOBBY,
            "a heartbeat on /game/queue reaches the others as {type:heartbeat, id, name, rating}, id and rating strings, without the sender's auth");
    static final Check QUEUE = new Check("dots.http.queue", HTTP,
            "GET /queue lists the lobby without the caller: {\"queue\":[{id,name,rating},...]}, every value a string, by rating ascending");
    static final Check QUEUE_TOKEN = new Check("dots.http.queue-token", HTTP, "GET /queue with a wrong token is answered 401 Invalid token!");
    static final Check INVITE = new Check("dots.queue.request", LOBBY,
            "an invitation {type:request, target} reaches the invitee with the inviter's id and user {name, rating}");
    static final Check ONE_REQUEST = new Check("dots.queue.one-request", ERRORS + ", " + LOBBY,
            "a second request within 15 s of one's last is refused 406::Already exists");
    static final Check DECLINE = new Check("dots.queue.decline", LOBBY,
            "the invitee's {type:decline, init, target} reaches the inviter with the invitee's id");
    static final Check QUIT = new Check("dots.queue.quit", LOBBY, "{type:quit} on /game/queue reaches the others as {type:quit, id}");
    // bad input
    static final Check NO_AUTH = new Check("dots.auth.missing", AUTH + ", " + ERRORS,
            "a publish and a subscribe without auth are refused 403::Authentication required");
    static final Check WRONG_TOKEN = new Check("dots.auth.wrong-token", AUTH + ", " + ERRORS,
            "a publish whose auth has the right id and a wrong token is refused 403::Authentication required");
    static final Check UNKNOWN_CHANNEL = new Check("dots.bayeux.unknown-channel", ERRORS + ", " + R + "§Decisions",
            "a publish on a channel other than /game/queue and /game/<10 hex digits> is refused 404::Unknown channel");
    static final Check GAME_NOT_FOUND = new Check("dots.bayeux.game-not-found", ERRORS, "a publish on the channel of no game is refused 404::Game not found");
    static final Check BAD_TYPE = new Check("dots.bayeux.bad-request", ERRORS, "a lobby message of an unknown type is refused 400::Bad request");
    static final Check MALFORMED = new Check("dots.bayeux.malformed-json", R + "§Bayeux, " + ERRORS,
            "a POST to /game whose body is not JSON is answered 400, and the server carries on");
    // a game
    static final Check NEWGAME = new Check("dots.queue.accept-newgame", LOBBY,
            "an accepted invitation reaches both as {type:accept, target, id}, then newgame {id:0, channel: 10 lowercase hex digits, player_1: the inviter, player_2}");
    static final Check GAMEDATA = new Check("dots.http.gamedata", HTTP,
            "GET /gamedata gives the game: channel, player_1, player_2, current_player \"1\" (strings), and field, JSON text of the 39 x 32 board");
    static final Check GAME_HEARTBEAT = new Check("dots.game.heartbeat", GAME, "a heartbeat on the game's channel reaches the other as {type:heartbeat, id, player: 1}");
    static final Check OUT_OF_TURN = new Check("dots.move.out-of-turn", ERRORS + ", " + GAME,
            "a move out of turn is refused 406::Not allowed and reaches nobody");
    static final Check MOVE = new Check("dots.move.delivered", GAME,
            "a move reaches both players with point {x, y}, id, player, score [0, s1, s2], zones and captured (32 rows of 39)");
    static final Check CAPTURE = new Check("dots.move.capture", GAME,
            "the move that encloses a dot gives its zone (the border line ending with its first point in reading order), captured 1 on the zone, score [0,1,0]");
    static final Check BUSY = new Check("dots.move.busy", ERRORS, "a move on a dot, or inside a zone, is refused 406::Point is busy");
    static final Check OFF_BOARD = new Check("dots.move.off-board", ERRORS, "a move off the board (x 32) is refused 400::Bad request");
    static final Check OFFER = new Check("dots.game.offer", GAME, "an offer {type:request, requestType} reaches the other with the offerer's id and player number");
    static final Check END_AT_SCORE = new Check("dots.game.end-at-score", GAME + ", " + R + "§Decisions",
            "an accepted offer to end at the score ends the game: gameover {id:0, score_1, score_2 (strings, the real score), winner}");
    static final Check DECLINE_OFFER = new Check("dots.game.decline", GAME,
            "a declined offer {type:decline, init: 2, target: 1} reaches the offerer with the player numbers and the decliner's id");
    static final Check LEAVE = new Check("dots.game.leave-loses", GAME + ", " + R + "§Decisions", "a player who leaves ({type:quit}) loses: gameover with the other as winner");
    static final Check SILENCE = new Check("dots.time.silence", GAME + " (Time), " + R + "§Decisions", "a player who sends nothing on his game's channel for 10 s loses it");

    /** Player 1 encloses player 2's dot at x 6, y 6 on the 7th move (README's observed example). */
    static final int[][] CAPTURE_MOVES = {{5, 6}, {6, 6}, {6, 5}, {0, 0}, {7, 6}, {0, 2}, {6, 7}};

    private static final TypeReference<Map<String, Object>> MAP = new TypeReference<>() {
    };

    private final FrameCodec codec = new FrameCodec() {
        @Override
        public int frameLength(byte[] buffer, int length) {
            return length; // a Dots frame is kept whole as it was sent or read: one HTTP exchange's half, or one Bayeux message
        }

        @Override
        public String decode(byte[] frame, boolean fromServer) {
            return new String(frame, StandardCharsets.UTF_8);
        }
    };

    @Override
    public String protocol() {
        return "dots";
    }

    @Override
    public String title() {
        return "seed 002 Dots on the web: HTTP and Bayeux";
    }

    @Override
    public int defaultPort() {
        return DotsProtocol.DEFAULT_PORT;
    }

    @Override
    public FrameCodec codec() {
        return codec;
    }

    @Override
    public List<Scenario> serverScenarios() {
        return KitScenarios.start()
                .add("accounts", "register a name, again, and without a password; log in with a wrong password, then the right one",
                        this::accounts, REGISTERED, NAME_TAKEN, REGISTER_BAD, AUTH_WRONG, AUTH_OK, CORS)
                .add("lobby", "two players in the lobby: heartbeats, GET /queue, an invitation declined, a second one refused, one leaves",
                        this::lobby, SETUP, HEARTBEAT, QUEUE, QUEUE_TOKEN, INVITE, ONE_REQUEST, DECLINE, QUIT)
                .add("bad-input", "no auth, a wrong token, an unknown channel, no such game, an unknown type, a body that is not JSON",
                        this::badInput, SETUP, NO_AUTH, WRONG_TOKEN, UNKNOWN_CHANNEL, GAME_NOT_FOUND, BAD_TYPE, MALFORMED)
                .add("game", "a game: GET /gamedata, a move out of turn, seven moves to a capture, a busy point, off the board, ended at the score",
                        this::game, SETUP, NEWGAME, GAMEDATA, GAME_HEARTBEAT, OUT_OF_TURN, MOVE, CAPTURE, BUSY, OFF_BOARD, OFFER, END_AT_SCORE)
                .add("offers", "a game: player 2 offers a draw, player 1 declines, player 2 leaves", this::offers, SETUP, OFFER, DECLINE_OFFER, LEAVE)
                .timing("silence", "a game in which player 2 falls silent", this::silence, SETUP, SILENCE)
                .list();
    }

    @Override
    public List<Scenario> clientScenarios() {
        return DotsClientKit.scenarios();
    }

    /** The client kit refuses a silence limit shorter than {@link DotsClientKit#SHORTEST_IDLE}; the server kit takes any. */
    @Override
    public Optional<String> unfair(Report.Role role, KitSettings settings) {
        return role == Report.Role.CLIENT ? DotsClientKit.unfair(settings) : Optional.empty();
    }

    /** The client kit's server: boardlab's own Dots server on the port, made for the kit ({@link DotsClientServer}). */
    @Override
    public ClientListener listenForClients(String bind, int port, org.boardlab.conform.FrameRecorder recorder, KitSettings settings)
            throws java.io.IOException {
        try {
            return new DotsClientServer(bind, port, recorder, settings);
        } catch (RuntimeException e) {
            throw new java.io.IOException(e.getMessage(), e);
        }
    }

    @Override
    public String clientInstructions(int port) {
        return DotsClientKit.instructions(port);
    }

    // ================================================================ helpers

    /** A map of {@code key, value, ...} in order. */
    static Map<String, Object> data(Object... kv) {
        Map<String, Object> m = new LinkedHashMap<>();
        for (int i = 0; i < kv.length; i += 2) {
            m.put((String) kv[i], kv[i + 1]);
        }
        return m;
    }

    static Map<String, Object> move(int x, int y) {
        return data("type", "move", "point", data("x", x, "y", y));
    }

    /** The players of a scenario, left when it ends. */
    private static final class Cast implements AutoCloseable {
        private final ScenarioContext ctx;
        private final List<DotsKitPlayer> players = new ArrayList<>();

        Cast(ScenarioContext ctx) {
            this.ctx = ctx;
        }

        /** A player not yet registered, called {@code base} and this run's letters. */
        DotsKitPlayer player(String base) {
            DotsKitPlayer p = new DotsKitPlayer(ctx, ctx.name(base));
            players.add(p);
            return p;
        }

        /**
         * The run's account called {@code base} (made and logged in the first time a scenario asks for it, then kept in
         * {@link ScenarioContext#shared()}: an account is two slow password hashes on the server), in the lobby. A scenario
         * asks for accounts whose last request (an invitation or an offer) cannot be within the 15 s that forbid another.
         */
        DotsKitPlayer inLobby(String base) throws InterruptedException {
            DotsKitPlayer p = player(base);
            if (ctx.shared().get(ACCOUNT + p.name) instanceof String[] a) {
                p.adopt(a[0], a[1]);
            }
            p.enterLobby(SETUP);
            keep(ctx, p);
            ctx.pass(SETUP);
            return p;
        }

        @Override
        public void close() {
            players.forEach(DotsKitPlayer::close);
        }
    }

    private static final String ACCOUNT = "dots.account.";

    /** Keeps a logged-in player's account for the run's later scenarios. */
    private static void keep(ScenarioContext ctx, DotsKitPlayer p) {
        if (p.id() != null && p.token() != null) {
            ctx.shared().put(ACCOUNT + p.name, new String[] {p.id(), p.token()});
        }
    }


    private static boolean isString(Object o, String value) {
        return o instanceof String s && s.equals(value);
    }

    private static boolean isNumber(Object o, int value) {
        return o instanceof Number n && n.doubleValue() == value && (o instanceof Integer || o instanceof Long || o instanceof Short);
    }

    /** The text of an id as a sender's id is matched (a number or a string: the form is checked after). */
    private static boolean sameId(Object o, String id) {
        return o != null && String.valueOf(o instanceof Number n ? n.longValue() : o).equals(id);
    }

    private static Predicate<Delivered> on(String channel, String type) {
        return d -> channel.equals(d.channel()) && type.equals(d.type());
    }

    private static Predicate<Delivered> from(String channel, String type, DotsKitPlayer sender) {
        return on(channel, type).and(d -> sameId(d.data().get("id"), sender.id()));
    }

    private static String json(Object o) {
        return Json.write(o);
    }

    /** {@code check} fails with the frame of {@code d} unless {@code ok}. */
    private static void require(ScenarioContext ctx, boolean ok, Check check, String expected, Delivered d) {
        if (!ok) {
            throw ctx.fail(check, expected, json(d.data()), List.of(d.frame()));
        }
    }

    private static void require(ScenarioContext ctx, boolean ok, Check check, String expected, HttpAnswer a) {
        if (!ok) {
            throw ctx.fail(check, expected, a.describe(), List.of(a.frame()));
        }
    }

    private static boolean answers(HttpAnswer a, int status, String body) {
        return a.status() == status && a.body().strip().equals(body);
    }

    private static Map<String, Object> parse(String text) {
        try {
            Map<String, Object> m = Json.MAPPER.readValue(text, MAP);
            return m == null ? Map.of() : m;
        } catch (Exception e) {
            return null;
        }
    }

    // ================================================================ scenarios

    private void accounts(ScenarioContext ctx) {
        try (Cast cast = new Cast(ctx)) {
            DotsKitPlayer p = cast.player("reg");
            List<HttpAnswer> all = new ArrayList<>();
            HttpAnswer ok = p.post("/register", "name", p.name, "password", p.password);
            all.add(ok);
            require(ctx, answers(ok, 200, "OK!"), REGISTERED, "200 OK!", ok);
            ctx.pass(REGISTERED);
            HttpAnswer again = p.post("/register", "name", p.name, "password", "another-" + p.password);
            all.add(again);
            require(ctx, answers(again, 406, "Already exists"), NAME_TAKEN, "406 Already exists", again);
            ctx.pass(NAME_TAKEN);
            HttpAnswer bad = p.post("/register", "name", ctx.name("nopw"));
            all.add(bad);
            require(ctx, answers(bad, 400, "Bad request"), REGISTER_BAD, "400 Bad request", bad);
            ctx.pass(REGISTER_BAD);
            HttpAnswer wrong = p.post("/auth", "name", p.name, "password", "wrong-" + p.password);
            all.add(wrong);
            require(ctx, answers(wrong, 401, "Invalid username/password"), AUTH_WRONG, "401 Invalid username/password", wrong);
            ctx.pass(AUTH_WRONG);
            HttpAnswer auth = p.post("/auth", "name", p.name, "password", p.password);
            all.add(auth);
            Map<String, Object> m = auth.status() == 200 ? parse(auth.body()) : null;
            boolean good = m != null && auth.contentType() != null && auth.contentType().startsWith("application/json") && m.get("id") instanceof String id
                    && !id.isEmpty() && m.get("token") instanceof String t && t.matches("[0-9a-f]{20}");
            require(ctx, good, AUTH_OK, "200 application/json {\"id\":\"<id>\",\"token\":\"<20 lowercase hex>\"}", auth);
            ctx.pass(AUTH_OK);
            p.adopt((String) m.get("id"), (String) m.get("token"));
            keep(ctx, p);
            for (HttpAnswer a : all) {
                require(ctx, "*".equals(a.cors()), CORS, "Access-Control-Allow-Origin: * on every answer", a);
            }
            ctx.pass(CORS);
        }
    }

    private void lobby(ScenarioContext ctx) throws Exception {
        try (Cast cast = new Cast(ctx)) {
            DotsKitPlayer ann = cast.inLobby("ann");
            DotsKitPlayer bob = cast.inLobby("bob");
            String q = DotsWire.QUEUE_CHANNEL;
            // a heartbeat
            ann.publishOk(HEARTBEAT, q, data("type", "heartbeat"));
            String hb = "{type:heartbeat, id:\"" + ann.id() + "\", name:\"" + ann.name + "\", rating:\"<digits>\"}, no auth";
            Delivered beat = bob.expect(HEARTBEAT, hb, from(q, "heartbeat", ann));
            Map<String, Object> d = beat.data();
            require(ctx, isString(d.get("id"), ann.id()) && isString(d.get("name"), ann.name) && d.get("rating") instanceof String r && r.matches("\\d+")
                    && !beat.frame().decoded().contains("\"auth\""), HEARTBEAT, hb, beat);
            ctx.pass(HEARTBEAT);
            // the lobby over HTTP
            HttpAnswer list = bob.get("/queue", "id", bob.id(), "token", bob.token());
            String wanted = "200 {\"queue\":[...]} with {\"id\":\"" + ann.id() + "\",\"name\":\"" + ann.name + "\",\"rating\":\"<digits>\"}, without "
                    + bob.name + ", by rating";
            Map<String, Object> m = list.status() == 200 ? parse(list.body()) : null;
            require(ctx, m != null && m.get("queue") instanceof List<?>, QUEUE, wanted, list);
            List<?> members = (List<?>) m.get("queue");
            boolean annListed = false;
            boolean bobListed = false;
            boolean strings = true;
            List<Integer> ratings = new ArrayList<>();
            for (Object o : members) {
                if (!(o instanceof Map<?, ?> e) || !(e.get("id") instanceof String) || !(e.get("name") instanceof String)
                        || !(e.get("rating") instanceof String rating) || !rating.matches("\\d+")) {
                    strings = false;
                    continue;
                }
                ratings.add(Integer.parseInt(rating));
                annListed |= e.get("id").equals(ann.id()) && e.get("name").equals(ann.name);
                bobListed |= e.get("id").equals(bob.id());
            }
            require(ctx, strings && annListed && !bobListed && ratings.equals(ratings.stream().sorted().toList()), QUEUE, wanted, list);
            ctx.pass(QUEUE);
            HttpAnswer denied = bob.get("/queue", "id", bob.id(), "token", DotsKitPlayer.WRONG_TOKEN);
            require(ctx, answers(denied, 401, "Invalid token!"), QUEUE_TOKEN, "401 Invalid token!", denied);
            ctx.pass(QUEUE_TOKEN);
            // an invitation, a second one, declined
            ann.publishOk(INVITE, q, data("type", "request", "target", bob.id()));
            String inv = "{type:request, target:\"" + bob.id() + "\", id:\"" + ann.id() + "\", user:{name:\"" + ann.name + "\", rating:\"<digits>\"}}";
            Delivered invitation = bob.expect(INVITE, inv, from(q, "request", ann));
            d = invitation.data();
            require(ctx, isString(d.get("target"), bob.id()) && isString(d.get("id"), ann.id()) && d.get("user") instanceof Map<?, ?> user
                    && isString(user.get("name"), ann.name) && user.get("rating") instanceof String, INVITE, inv, invitation);
            ctx.pass(INVITE);
            ann.expectRefused(ONE_REQUEST, q, data("type", "request", "target", bob.id()), Auth.OWN, DotsWire.ALREADY_EXISTS);
            ctx.pass(ONE_REQUEST);
            bob.publishOk(DECLINE, q, data("type", "decline", "init", ann.id(), "target", bob.id()));
            String dec = "{type:decline, init:\"" + ann.id() + "\", target:\"" + bob.id() + "\", id:\"" + bob.id() + "\"}";
            Delivered declined = ann.expect(DECLINE, dec, from(q, "decline", bob));
            d = declined.data();
            require(ctx, isString(d.get("init"), ann.id()) && isString(d.get("target"), bob.id()) && isString(d.get("id"), bob.id()), DECLINE, dec,
                    declined);
            ctx.pass(DECLINE);
            // bob leaves the lobby
            bob.silence();
            bob.publishOk(QUIT, q, data("type", "quit"));
            String quit = "{type:quit, id:\"" + bob.id() + "\"}";
            Delivered left = ann.expect(QUIT, quit, from(q, "quit", bob));
            require(ctx, isString(left.data().get("id"), bob.id()), QUIT, quit, left);
            ctx.pass(QUIT);
        }
    }

    private void badInput(ScenarioContext ctx) throws Exception {
        try (Cast cast = new Cast(ctx)) {
            DotsKitPlayer eve = cast.inLobby("ann"); // the lobby's ann: this scenario makes no request
            DotsKitPlayer stranger = cast.player("stranger");
            stranger.handshake(SETUP);
            ctx.pass(SETUP);
            String q = DotsWire.QUEUE_CHANNEL;
            Reply sub = stranger.subscribe(NO_AUTH, q, Auth.NONE);
            if (sub.successful() || !DotsWire.AUTH_REQUIRED.equals(sub.error())) {
                throw ctx.fail(NO_AUTH, "the reply {\"successful\":false,\"error\":\"" + DotsWire.AUTH_REQUIRED + "\"} to a subscribe without auth",
                        sub.describe(), sub.sent() == null ? List.of(sub.frame()) : List.of(sub.sent(), sub.frame()));
            }
            eve.expectRefused(NO_AUTH, q, data("type", "heartbeat"), Auth.NONE, DotsWire.AUTH_REQUIRED);
            ctx.pass(NO_AUTH);
            eve.expectRefused(WRONG_TOKEN, q, data("type", "heartbeat"), Auth.WRONG_TOKEN, DotsWire.AUTH_REQUIRED);
            ctx.pass(WRONG_TOKEN);
            eve.expectRefused(UNKNOWN_CHANNEL, "/chat/lobby", data("type", "heartbeat"), Auth.OWN, DotsWire.UNKNOWN_CHANNEL);
            ctx.pass(UNKNOWN_CHANNEL);
            eve.expectRefused(GAME_NOT_FOUND, DotsWire.GAME_CHANNEL_PREFIX + "00000000aa", data("type", "heartbeat"), Auth.OWN, DotsWire.GAME_NOT_FOUND);
            ctx.pass(GAME_NOT_FOUND);
            eve.expectRefused(BAD_TYPE, q, data("type", "dance"), Auth.OWN, DotsWire.BAD_REQUEST);
            ctx.pass(BAD_TYPE);
            HttpAnswer broken = eve.postRaw(DotsWire.BAYEUX_PATH, "application/json;charset=UTF-8", "[{\"channel\":\"/meta/handshake\",");
            require(ctx, broken.status() == 400, MALFORMED, "400", broken);
            eve.publishOk(MALFORMED, q, data("type", "heartbeat"));
            ctx.pass(MALFORMED);
        }
    }

    /**
     * {@code one} invites {@code two}, who accepts: both hear the accept and the newgame (checked as
     * {@code check}), subscribe to the game's channel and beat there. Returns the channel's path.
     */
    private String startGame(ScenarioContext ctx, DotsKitPlayer one, DotsKitPlayer two, Check check) throws Exception {
        String q = DotsWire.QUEUE_CHANNEL;
        one.publishOk(SETUP, q, data("type", "request", "target", two.id()));
        two.expect(SETUP, "{type:request} from " + one.name, from(q, "request", one));
        two.publishOk(check, q, data("type", "accept", "target", one.id()));
        String acc = "{type:accept, target:\"" + one.id() + "\", id:\"" + two.id() + "\"}";
        String ng = "{type:newgame, id:0, channel:\"<10 lowercase hex digits>\", player_1:\"" + one.id() + "\", player_2:\"" + two.id() + "\"}";
        String channel = null;
        for (DotsKitPlayer p : List.of(one, two)) {
            Delivered a = p.expect(check, acc, from(q, "accept", two));
            require(ctx, isString(a.data().get("target"), one.id()) && isString(a.data().get("id"), two.id()), check, acc, a);
            Delivered n = p.expect(check, ng, on(q, "newgame").and(x -> sameId(x.data().get("player_1"), one.id()) || sameId(x.data().get("player_2"),
                    one.id()) || sameId(x.data().get("player_1"), two.id()) || sameId(x.data().get("player_2"), two.id())));
            Map<String, Object> d = n.data();
            require(ctx, isNumber(d.get("id"), 0) && d.get("channel") instanceof String c && c.matches("[0-9a-f]{10}") && isString(d.get("player_1"),
                    one.id()) && isString(d.get("player_2"), two.id()) && (channel == null || channel.equals(c)), check, ng, n);
            channel = (String) d.get("channel");
        }
        String path = DotsWire.GAME_CHANNEL_PREFIX + channel;
        for (DotsKitPlayer p : List.of(one, two)) {
            Reply s = p.subscribe(SETUP, path, Auth.OWN);
            if (!s.successful()) {
                throw ctx.fail(SETUP, "a successful subscribe to " + path, s.describe(), s.sent() == null ? List.of(s.frame()) : List.of(s.sent(), s.frame()));
            }
            p.publishOk(SETUP, path, data("type", "heartbeat"));
            p.beat(path);
        }
        ctx.pass(SETUP);
        return path;
    }

    private void game(ScenarioContext ctx) throws Exception {
        try (Cast cast = new Cast(ctx)) {
            DotsKitPlayer cid = cast.inLobby("cid");
            DotsKitPlayer dan = cast.inLobby("dan");
            String g = startGame(ctx, cid, dan, NEWGAME);
            ctx.pass(NEWGAME);
            String channel = g.substring(DotsWire.GAME_CHANNEL_PREFIX.length());
            // the game over HTTP
            HttpAnswer gd = dan.get("/gamedata", "id", dan.id(), "token", dan.token(), "channel", channel);
            String gdWanted = "200 {\"channel\":\"" + channel + "\",\"field\":\"<JSON text: width 39, height 32, color 32 x 39>\",\"player_1\":\"" + cid.id()
                    + "\",\"player_2\":\"" + dan.id() + "\",\"current_player\":\"1\",...}";
            Map<String, Object> m = gd.status() == 200 ? parse(gd.body()) : null;
            Map<String, Object> field = m != null && m.get("field") instanceof String f ? parse(f) : null;
            require(ctx, m != null && isString(m.get("channel"), channel) && isString(m.get("player_1"), cid.id()) && isString(m.get("player_2"), dan.id())
                    && isString(m.get("current_player"), "1") && field != null && isNumber(field.get("width"), 39) && isNumber(field.get("height"), 32)
                    && grid(field.get("color")), GAMEDATA, gdWanted, gd);
            ctx.pass(GAMEDATA);
            // a heartbeat on the game's channel
            cid.publishOk(GAME_HEARTBEAT, g, data("type", "heartbeat"));
            String hb = "{type:heartbeat, id:\"" + cid.id() + "\", player:1}";
            Delivered beat = dan.expect(GAME_HEARTBEAT, hb, from(g, "heartbeat", cid));
            require(ctx, isString(beat.data().get("id"), cid.id()) && isNumber(beat.data().get("player"), 1), GAME_HEARTBEAT, hb, beat);
            ctx.pass(GAME_HEARTBEAT);
            // player 2 first: out of turn
            dan.expectRefused(OUT_OF_TURN, g, move(1, 1), Auth.OWN, DotsWire.NOT_ALLOWED);
            cid.expectNone(OUT_OF_TURN, "the refused move reaches nobody", on(g, "move"), ctx.settings().quiet());
            ctx.pass(OUT_OF_TURN);
            // seven moves; the last encloses player 2's dot at 6,6
            for (int i = 0; i < CAPTURE_MOVES.length; i++) {
                int x = CAPTURE_MOVES[i][0];
                int y = CAPTURE_MOVES[i][1];
                int player = i % 2 + 1;
                DotsKitPlayer mover = player == 1 ? cid : dan;
                mover.publishOk(MOVE, g, move(x, y));
                String mv = "{type:move, point:{x:" + x + ", y:" + y + "}, id:\"" + mover.id() + "\", player:" + player
                        + ", zones:[...], captured:[32 rows of 39], score:[0, s1, s2]}";
                for (DotsKitPlayer p : List.of(cid, dan)) {
                    Delivered d = p.expect(MOVE, mv, on(g, "move").and(at(x, y)));
                    Map<String, Object> data = d.data();
                    require(ctx, isString(data.get("id"), mover.id()) && isNumber(data.get("player"), player) && data.get("zones") instanceof List<?>
                            && grid(data.get("captured")) && data.get("score") instanceof List<?> s && s.size() == 3 && isNumber(s.get(0), 0)
                            && s.stream().allMatch(v -> v instanceof Integer), MOVE, mv, d);
                    if (i == CAPTURE_MOVES.length - 1) {
                        capture(ctx, d);
                    }
                }
            }
            ctx.pass(MOVE);
            ctx.pass(CAPTURE);
            // player 2 on a dot, inside the zone, off the board
            dan.expectRefused(BUSY, g, move(0, 0), Auth.OWN, DotsWire.POINT_BUSY);
            dan.expectRefused(BUSY, g, move(6, 6), Auth.OWN, DotsWire.POINT_BUSY);
            ctx.pass(BUSY);
            dan.expectRefused(OFF_BOARD, g, move(32, 0), Auth.OWN, DotsWire.BAD_REQUEST);
            ctx.pass(OFF_BOARD);
            // player 2 offers to end at the score (1:0), player 1 accepts
            offer(ctx, dan, cid, g, "surrender");
            cid.publishOk(END_AT_SCORE, g, data("type", "accept", "requestType", "surrender"));
            String over = "{type:gameover, id:0, score_1:\"1\", score_2:\"0\", winner:1}";
            for (DotsKitPlayer p : List.of(cid, dan)) {
                Delivered d = p.expect(END_AT_SCORE, over, on(g, "gameover"));
                Map<String, Object> data = d.data();
                require(ctx, isNumber(data.get("id"), 0) && isString(data.get("score_1"), "1") && isString(data.get("score_2"), "0")
                        && isNumber(data.get("winner"), 1), END_AT_SCORE, over, d);
            }
            ctx.pass(END_AT_SCORE);
        }
    }

    /** The capture move as README's example gives it. */
    private static void capture(ScenarioContext ctx, Delivered d) {
        String wanted = "score:[0,1,0], zones:[[{x:6,y:7},{x:7,y:6},{x:6,y:5},{x:5,y:6}]], captured 1 at 5,6 6,5 6,6 6,7 7,6 and 0 elsewhere";
        Map<String, Object> data = d.data();
        List<?> zones = data.get("zones") instanceof List<?> z ? z : List.of();
        List<Object> line = List.of(data("x", 6, "y", 7), data("x", 7, "y", 6), data("x", 6, "y", 5), data("x", 5, "y", 6));
        boolean ok = Objects.equals(data.get("score"), List.of(0, 1, 0)) && zones.size() == 1 && Objects.equals(zones.get(0), line);
        if (ok && data.get("captured") instanceof List<?> rows) {
            for (int x = 0; x < DotsWire.HEIGHT && ok; x++) {
                List<?> row = (List<?>) rows.get(x);
                for (int y = 0; y < DotsWire.WIDTH && ok; y++) {
                    boolean inside = (x == 6 && y >= 5 && y <= 7) || (y == 6 && (x == 5 || x == 7));
                    ok = isNumber(row.get(y), inside ? 1 : 0);
                }
            }
        }
        require(ctx, ok, CAPTURE, wanted, d);
    }

    /** A list of 32 lists of 39 whole numbers. */
    private static boolean grid(Object o) {
        if (!(o instanceof List<?> rows) || rows.size() != DotsWire.HEIGHT) {
            return false;
        }
        for (Object r : rows) {
            if (!(r instanceof List<?> row) || row.size() != DotsWire.WIDTH || !row.stream().allMatch(c -> c instanceof Integer)) {
                return false;
            }
        }
        return true;
    }

    private static Predicate<Delivered> at(int x, int y) {
        return d -> d.data().get("point") instanceof Map<?, ?> p && p.get("x") instanceof Number px && px.intValue() == x
                && p.get("y") instanceof Number py && py.intValue() == y;
    }

    /** {@code offerer} (player 2) offers {@code kind}; {@code other} hears it. */
    private void offer(ScenarioContext ctx, DotsKitPlayer offerer, DotsKitPlayer other, String g, String kind) throws Exception {
        offerer.publishOk(OFFER, g, data("type", "request", "requestType", kind));
        String o = "{type:request, requestType:\"" + kind + "\", id:\"" + offerer.id() + "\", player:2}";
        Delivered d = other.expect(OFFER, o, from(g, "request", offerer));
        require(ctx, isString(d.data().get("requestType"), kind) && isString(d.data().get("id"), offerer.id()) && isNumber(d.data().get("player"), 2),
                OFFER, o, d);
        ctx.pass(OFFER);
    }

    private void offers(ScenarioContext ctx) throws Exception {
        try (Cast cast = new Cast(ctx)) {
            // the lobby's bob (he declined and left: no request of his) invites the accounts scenario's player (no request)
            DotsKitPlayer fay = cast.inLobby("bob");
            DotsKitPlayer gus = cast.inLobby("reg");
            String g = startGame(ctx, fay, gus, SETUP);
            fay.publishOk(SETUP, g, move(10, 10));
            gus.expect(SETUP, "fay's move", on(g, "move").and(at(10, 10)));
            offer(ctx, gus, fay, g, "draw");
            fay.publishOk(DECLINE_OFFER, g, data("type", "decline", "init", 2, "target", 1));
            String dec = "{type:decline, init:2, target:1, id:\"" + fay.id() + "\", player:1}";
            Delivered d = gus.expect(DECLINE_OFFER, dec, from(g, "decline", fay));
            require(ctx, isNumber(d.data().get("init"), 2) && isNumber(d.data().get("target"), 1) && isString(d.data().get("id"), fay.id())
                    && isNumber(d.data().get("player"), 1), DECLINE_OFFER, dec, d);
            ctx.pass(DECLINE_OFFER);
            gus.publishOk(LEAVE, g, data("type", "quit"));
            Delivered over = fay.expect(LEAVE, "{type:gameover, id:0, winner:1}", on(g, "gameover"));
            require(ctx, isNumber(over.data().get("winner"), 1), LEAVE, "{type:gameover, id:0, winner:1}", over);
            ctx.pass(LEAVE);
        }
    }

    private void silence(ScenarioContext ctx) throws Exception {
        Duration limit = ctx.idleTime(DotsWire.Timers.SEED.silence());
        try (Cast cast = new Cast(ctx)) {
            DotsKitPlayer hal = cast.inLobby("hal"); // a new account: everyone else has made a request in the last scenarios
            DotsKitPlayer ivy = cast.inLobby("ann");
            String g = startGame(ctx, hal, ivy, SETUP);
            ivy.silence();
            String over = "{type:gameover, winner:1} within " + DotsKitPlayer.seconds(limit) + " of player 2's silence";
            Delivered d = hal.expect(SILENCE, over, on(g, "gameover"), limit.plus(limit).plus(ctx.settings().answerTime()));
            require(ctx, isNumber(d.data().get("winner"), 1), SILENCE, over, d);
            ctx.pass(SILENCE);
        }
    }
}
