package org.boardlab.protocol.dots.internal;

import com.fasterxml.jackson.core.type.TypeReference;
import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.boardlab.api.Move;
import org.boardlab.api.MoveRequest;
import org.boardlab.api.Player;
import org.boardlab.api.Side;
import org.boardlab.game.dots.Dots;
import org.boardlab.game.dots.DotsPosition;
import org.boardlab.game.dots.Point;
import org.boardlab.protocol.dots.DotsWire;
import org.cometd.bayeux.Channel;
import org.cometd.bayeux.Message;
import org.cometd.bayeux.client.ClientSession;
import org.cometd.client.BayeuxClient;
import org.cometd.client.http.jetty.JettyHttpClientTransport;
import org.cometd.client.transport.ClientTransport;
import org.cometd.client.transport.TransportListener;
import org.eclipse.jetty.client.CompletableResponseListener;
import org.eclipse.jetty.client.ContentResponse;
import org.eclipse.jetty.client.FormRequestContent;
import org.eclipse.jetty.client.HttpClient;
import org.eclipse.jetty.client.Request;
import org.eclipse.jetty.http.HttpMethod;
import org.eclipse.jetty.util.Fields;

/**
 * A player of seed 002's web game from Java: the HTTP routes ({@code /register}, {@code /auth},
 * {@code /queue}, {@code /gamedata}) on Jetty's HTTP client, and the Bayeux channels over long-polling
 * on CometD's Java client, with the seed's top-level {@code auth} on every publish, subscribe,
 * unsubscribe and disconnect. It keeps the lobby, the invitations, the offers and the game's board,
 * and tells a {@link Listener} what happens; a loaded {@link Player} may play for the user
 * ({@link #play}). It talks to boardlab's server and to the original html5-dots server alike.
 *
 * <p>Everything the client knows lives on one thread of its own (the {@code loop}): the server's
 * messages, typed commands and the player's moves are handed to it, so they are handled one at a
 * time, in the order they are handed over.
 *
 * <p><b>Order.</b> The server's messages may reach the client out of order: CometD delivers what is
 * waiting for a client in the answer to whichever request comes first (a long poll, or a publish such
 * as a heartbeat or a move), and two answers can be read at the same time. So the opponent's move can
 * arrive before the echo of one's own, or {@code gameover} before the move that ended the game. The
 * wire has no move numbers, but the turn alternates on every move, so the client applies a move only
 * when it is its player's turn on the client's board and holds it back until then; and it holds
 * {@code gameover} back while its own move waits for its echo, while a move is held back, or while the
 * board's score differs from the one {@code gameover} gives, and, while the board is not full, until
 * every request of the client's that was in flight when the {@code gameover} was read has been answered
 * (a message the server sent before the {@code gameover} can only come in one of those answers), at
 * most {@link #GAMEOVER_GRACE}. The score every {@code move} carries is checked against the client's own
 * board after each move.
 *
 * <p><b>Joining a game.</b> On {@code newgame} the client subscribes to the game's channel and then
 * asks {@code /gamedata}: a dot the game already has that the channel never told (the inviter's first
 * move, made before the invitee's subscription was in place) is put on the board first, in turn.
 */
final class DotsWebClient implements AutoCloseable {

    /**
     * How long {@code gameover} may wait for a move still on its way, when the board is not full and an
     * answer that could bring one is not in yet.
     */
    static final Duration GAMEOVER_GRACE = Duration.ofSeconds(1);
    /** Seed 002's heartbeat: every 5 s, in the lobby and in a game. */
    static final Duration HEARTBEAT = Duration.ofSeconds(5);
    /** The least time between two moves a seated player sends: at most 50 moves a second, far under a server's flood limit. */
    static final Duration MIN_MOVE_GAP = Duration.ofMillis(20);
    /** How long the server cannot be reached before the client gives up. */
    static final Duration GIVE_UP = Duration.ofSeconds(15);
    /** Seed 002's invitation life: 15 s. */
    static final Duration INVITATION_LIFE = Duration.ofSeconds(15);
    /** How long a refused {@code accept} waits for a {@code newgame} that makes the refusal moot before it is told. */
    static final Duration ACCEPT_REFUSAL_WAIT = Duration.ofSeconds(1);

    private static final TypeReference<Map<String, Object>> MAP = new TypeReference<>() {
    };

    /** What the client tells its user; called on the client's loop, in order. */
    interface Listener {
        /** A line for the user. */
        void said(String text);

        /** A game started; {@code game} is read on the loop only. */
        default void gameStarted(GameView game) {
        }

        /** A move was applied to the client's board ({@code player} 1 or 2, {@code move} in boardlab's notation). */
        default void moved(GameView game, int player, String move) {
        }

        /** The game is over ({@code winner} 1, 2, or 0 for a draw), as the server says it. */
        default void gameEnded(GameView game, int winner, int score1, int score2, String reason) {
        }

        /** The client has ended: the server cannot be reached, or {@link #close()}; {@code why} is {@code null} after close. */
        default void closed(String why) {
        }
    }

    /** A member of the lobby. */
    record Member(String id, String name, int rating) {
    }

    /** What a game looks like from this client. */
    interface GameView {
        String channel();

        /** 1 or 2: the player this client is. */
        int me();

        /** The names of player 1 (red) and player 2 (blue). */
        String name(int player);

        /** The board as the client has it. */
        DotsPosition position();

        /** The moves applied so far, in boardlab's notation. */
        List<String> moves();
    }

    /** A loaded player that plays for the user. */
    record Seat(Player player, Duration timePerMove, String invite, int games, boolean acceptInvitations, long seed) {
    }

    private final String base;
    private final Duration heartbeat;
    private final Duration gameoverGrace;
    private final Listener listener;
    private final Dots rules = new Dots();
    private final ScheduledExecutorService loop;
    private final HttpClient http;
    private final CompletableFuture<Integer> seatDone = new CompletableFuture<>();
    private final java.util.concurrent.atomic.AtomicBoolean closing = new java.util.concurrent.atomic.AtomicBoolean();
    private BayeuxClient bayeux;
    /** The Bayeux client's HTTP requests not yet answered ({@link Exchange}). */
    private final Set<Exchange> inFlight = ConcurrentHashMap.newKeySet();
    /** For a game channel's {@code gameover}: the requests in flight when it was read. */
    private final Map<String, Set<Exchange>> gameoverWaitsFor = new ConcurrentHashMap<>();
    private volatile org.boardlab.client.RemotePlay.MessageTap tap = org.boardlab.client.RemotePlay.MessageTap.NONE;
    private ExecutorService thinker;
    private volatile String id;
    private volatile String token;
    private volatile String name;

    // ---- on the loop only
    private int rating;
    private final Map<String, Member> lobby = new LinkedHashMap<>();
    private boolean inLobby;
    private String invitedId;
    private long invitedNanos;
    private String inviterId;
    private long inviterNanos;
    private ClientGame game;
    private ScheduledFuture<?> heartbeats;
    private Seat seat;
    private int gamesPlayed;
    private long failingSince;
    private boolean closed;
    private long retryInviteAt;
    /** The seat's games are played: done once the new rating is heard (or after 2 s). */
    private boolean doneOnRating;
    /**
     * Who this client is being paired with: an {@code accept} was heard (or the seat's own sent), so a {@code newgame}
     * is on its way; {@code null} when none.
     */
    private String matchedWith;

    /**
     * A client of the server at {@code http://host:port} that sends heartbeats every {@code heartbeat}.
     *
     * @throws IllegalArgumentException if the host or port is not usable
     */
    DotsWebClient(String host, int port, Duration heartbeat, Listener listener) {
        this(host, port, heartbeat, GAMEOVER_GRACE, listener);
    }

    /**
     * A client that holds a {@code gameover} at most {@code gameoverGrace} for a move still on its way
     * (for tests; {@link #GAMEOVER_GRACE} otherwise).
     */
    DotsWebClient(String host, int port, Duration heartbeat, Duration gameoverGrace, Listener listener) {
        if (host == null || host.isBlank() || host.contains("/") || host.contains(" ")) {
            throw new IllegalArgumentException("not a host: '" + host + "'");
        }
        if (port < 1 || port > 65535) {
            throw new IllegalArgumentException("the port must be 1..65535, not " + port);
        }
        this.base = "http://" + (host.contains(":") && !host.startsWith("[") ? "[" + host + "]" : host) + ":" + port;
        this.heartbeat = Objects.requireNonNull(heartbeat, "heartbeat");
        this.gameoverGrace = Objects.requireNonNull(gameoverGrace, "gameoverGrace");
        this.listener = Objects.requireNonNull(listener, "listener");
        this.loop = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "dots-client");
            t.setDaemon(true);
            return t;
        });
        this.http = new HttpClient();
        http.setName("dots-client-http");
        http.setConnectTimeout(10_000);
        try {
            http.start();
            // the seed answers a wrong token or password 401 without a challenge: that is an answer, not a protocol error
            http.getProtocolHandlers().remove(org.eclipse.jetty.client.WWWAuthenticationProtocolHandler.NAME);
        } catch (Exception e) {
            throw new IllegalStateException("cannot start an HTTP client: " + e.getMessage(), e);
        }
    }

    String base() {
        return base;
    }

    /**
     * Hands every Bayeux message this client sends (with its {@code auth}, as it goes out) and receives
     * (meta messages too: handshake, connect, subscribe) to {@code messages}, one message as JSON each,
     * for the inspector. Set it before {@link #login}.
     */
    void tapMessages(org.boardlab.client.RemotePlay.MessageTap messages) {
        this.tap = messages == null ? org.boardlab.client.RemotePlay.MessageTap.NONE : messages;
    }

    /** One message to the tap; a message that cannot be written as JSON is shown as what it is, never fails the client. */
    private void tapped(boolean fromClient, Message message) {
        org.boardlab.client.RemotePlay.MessageTap t = tap;
        if (t == org.boardlab.client.RemotePlay.MessageTap.NONE) {
            return;
        }
        byte[] raw;
        try {
            raw = Json.write(new LinkedHashMap<>(message)).getBytes(StandardCharsets.UTF_8);
        } catch (RuntimeException e) {
            raw = String.valueOf(message).getBytes(StandardCharsets.UTF_8);
        }
        try {
            t.message(fromClient, raw);
        } catch (RuntimeException e) {
            // the inspector's trouble is not the game's
        }
    }

    /** The logged-in user's id, or {@code null}. */
    String userId() {
        return id;
    }

    /** The logged-in user's name, or {@code null}. */
    String userName() {
        return name;
    }

    /** Completes with the number of games played once a seat's {@link Seat#games()} are played. */
    CompletableFuture<Integer> seatDone() {
        return seatDone;
    }

    // ================================================================ HTTP

    /** An HTTP answer: its status and body. */
    record Answer(int status, String body) {
        boolean ok() {
            return status == 200;
        }

        /** {@code 401 Invalid username/password}: the status and the server's text. */
        String text() {
            String b = body == null ? "" : body.strip();
            return status + (b.isEmpty() ? "" : " " + (b.length() > 120 ? b.substring(0, 120) + "..." : b));
        }
    }

    private Answer send(Request request) {
        try {
            ContentResponse r = new CompletableResponseListener(request.timeout(15, TimeUnit.SECONDS)).send().get(20, TimeUnit.SECONDS);
            return new Answer(r.getStatus(), r.getContentAsString());
        } catch (java.util.concurrent.ExecutionException e) {
            throw new IllegalStateException("cannot reach " + base + ": " + describe(e.getCause()), e.getCause());
        } catch (java.util.concurrent.TimeoutException e) {
            throw new IllegalStateException(base + " did not answer in 20 s", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }

    private static String describe(Throwable t) {
        String m = t.getMessage();
        if (t instanceof java.net.ConnectException || (m != null && m.contains("Connection refused"))) {
            return "connection refused (is the server running on that port?)";
        }
        return m == null ? t.getClass().getSimpleName() : m;
    }

    private Request form(String path, String... fields) {
        Fields f = new Fields();
        for (int i = 0; i < fields.length; i += 2) {
            f.put(fields[i], fields[i + 1]);
        }
        return http.newRequest(URI.create(base + path)).method(HttpMethod.POST).body(new FormRequestContent(f));
    }

    private Request get(String path, String... params) {
        StringBuilder q = new StringBuilder(base).append(path);
        for (int i = 0; i < params.length; i += 2) {
            q.append(i == 0 ? '?' : '&').append(params[i]).append('=').append(URLEncoder.encode(params[i + 1], StandardCharsets.UTF_8));
        }
        return http.newRequest(URI.create(q.toString())).method(HttpMethod.GET);
    }

    /** {@code POST /register}; blocks. */
    Answer register(String user, String password) {
        return send(form("/register", "name", user, "password", password));
    }

    /**
     * {@code POST /auth}; blocks. On success the client keeps the id and token and connects to the
     * Bayeux endpoint, joins the lobby and sends heartbeats.
     */
    Answer login(String user, String password) {
        Answer a = send(form("/auth", "name", user, "password", password));
        if (!a.ok()) {
            return a;
        }
        Map<String, Object> m;
        try {
            m = Json.MAPPER.readValue(a.body(), MAP);
        } catch (Exception e) {
            return new Answer(502, "the server's answer to /auth is not JSON: " + a.body());
        }
        Object i = m.get("id");
        Object t = m.get("token");
        if (i == null || !(t instanceof String)) {
            return new Answer(502, "the server's answer to /auth has no id and token: " + a.body());
        }
        String newId = String.valueOf(i instanceof Number n ? n.longValue() : i);
        CompletableFuture<Answer> done = new CompletableFuture<>();
        loop.execute(() -> {
            if (bayeux != null && id != null) {
                done.complete(new Answer(409, "already logged in as " + name));
                return;
            }
            id = newId;
            token = (String) t;
            name = user;
            connect(done, a);
        });
        try {
            return done.get(30, TimeUnit.SECONDS);
        } catch (Exception e) {
            return new Answer(504, "the Bayeux handshake did not complete: " + e.getMessage());
        }
    }

    /** {@code GET /queue} (with an optional name filter); blocks. */
    List<Member> queue(String nameFilter) {
        requireLogin();
        Answer a = nameFilter == null || nameFilter.isEmpty() ? send(get("/queue", "id", id, "token", token))
                : send(get("/queue", "id", id, "token", token, "name", nameFilter));
        if (!a.ok()) {
            throw new IllegalStateException("the lobby: " + a.text());
        }
        try {
            Map<String, Object> m = Json.MAPPER.readValue(a.body(), MAP);
            List<Member> out = new ArrayList<>();
            if (m.get("queue") instanceof List<?> list) {
                for (Object o : list) {
                    if (o instanceof Map<?, ?> e) {
                        out.add(new Member(String.valueOf(e.get("id")), String.valueOf(e.get("name")), toInt(e.get("rating"))));
                    }
                }
            }
            return out;
        } catch (Exception e) {
            throw new IllegalStateException("the server's lobby is not JSON: " + a.body());
        }
    }

    private void requireLogin() {
        if (id == null) {
            throw new IllegalStateException("log in first (login NAME PASSWORD, or register NAME PASSWORD)");
        }
    }

    // ================================================================ Bayeux

    private void connect(CompletableFuture<Answer> done, Answer auth) {
        Map<String, Object> options = new HashMap<>();
        options.put(ClientTransport.JSON_CONTEXT_OPTION, new ClientJson());
        options.put(ClientTransport.MAX_NETWORK_DELAY_OPTION, 60_000L);
        bayeux = new BayeuxClient(base + DotsWire.BAYEUX_PATH, new JettyHttpClientTransport(options, http) {
            @Override
            public void send(TransportListener listener, List<Message.Mutable> messages) {
                super.send(new Exchange(listener), messages);
            }
        });
        // one extension adds the auth and taps the message as it then goes out, and taps what comes in before anyone reads it
        bayeux.addExtension(new ClientSession.Extension() {
            @Override
            public boolean send(ClientSession session, Message.Mutable message) {
                message.put("auth", auth());
                tapped(true, message);
                return true;
            }

            @Override
            public boolean sendMeta(ClientSession session, Message.Mutable message) {
                String c = message.getChannel();
                if (Channel.META_SUBSCRIBE.equals(c) || Channel.META_UNSUBSCRIBE.equals(c) || Channel.META_DISCONNECT.equals(c)) {
                    message.put("auth", auth());
                }
                tapped(true, message);
                return true;
            }

            @Override
            public boolean rcv(ClientSession session, Message.Mutable message) {
                tapped(false, message);
                return true;
            }

            @Override
            public boolean rcvMeta(ClientSession session, Message.Mutable message) {
                tapped(false, message);
                return true;
            }
        });
        bayeux.getChannel(Channel.META_CONNECT).addListener((ClientSessionChannelMessageListener) (c, m) -> onConnect(m));
        bayeux.handshake(reply -> loop.execute(() -> {
            if (!reply.isSuccessful()) {
                done.complete(new Answer(502, "the Bayeux handshake at " + base + DotsWire.BAYEUX_PATH + " failed: " + error(reply)));
                return;
            }
            subscribe(DotsWire.QUEUE_CHANNEL, ok -> {
                if (ok != null) {
                    done.complete(new Answer(502, "cannot subscribe to the lobby: " + ok));
                    return;
                }
                done.complete(auth);
                joinLobby();
            });
        }));
    }

    /** The listener type of {@code ClientSessionChannel} (its name is long). */
    @FunctionalInterface
    private interface ClientSessionChannelMessageListener extends org.cometd.bayeux.client.ClientSessionChannel.MessageListener {
    }

    private Map<String, Object> auth() {
        Map<String, Object> a = new LinkedHashMap<>();
        a.put("id", id);
        a.put("token", token);
        return a;
    }

    private void onConnect(Message m) {
        loop.execute(() -> {
            if (closed) {
                return;
            }
            if (m.isSuccessful()) {
                failingSince = 0;
                return;
            }
            long now = System.nanoTime();
            if (failingSince == 0) {
                failingSince = now;
            } else if (now - failingSince > GIVE_UP.toNanos()) {
                end("lost the server at " + base + " for " + GIVE_UP.toSeconds() + " s: " + error(m));
            }
        });
    }

    private static String error(Message reply) {
        Object e = reply.get(Message.ERROR_FIELD);
        if (e != null) {
            return String.valueOf(e);
        }
        Object failure = reply.get("failure");
        if (failure instanceof Map<?, ?> f && f.get("exception") instanceof Throwable t) {
            return describe(t);
        }
        return "no reason given";
    }

    /**
     * One HTTP request of the Bayeux client and its answer: in flight ({@link #inFlight}) from when it is
     * sent until every message of its answer has been handed to the loop. When an answer brings a
     * {@code gameover}, the requests then still in flight are what may yet bring a message the server
     * sent before it ({@link #answeredBefore}); once they are answered, nothing of that game is on its way.
     */
    private final class Exchange implements TransportListener {
        private final TransportListener delegate;

        Exchange(TransportListener delegate) {
            this.delegate = delegate;
            inFlight.add(this);
        }

        @Override
        public void onSending(List<? extends Message> messages) {
            delegate.onSending(messages);
        }

        @Override
        public void onMessages(List<Message.Mutable> messages) {
            for (Message.Mutable m : messages) {
                Map<String, Object> d = m.getDataAsMap();
                if (d != null && "gameover".equals(d.get("type")) && m.getChannel() != null) {
                    Set<Exchange> others = new HashSet<>(inFlight);
                    others.remove(this);
                    gameoverWaitsFor.put(m.getChannel(), others);
                }
            }
            try {
                delegate.onMessages(messages); // the messages go to the loop in this call
            } finally {
                answered();
            }
        }

        @Override
        public void onFailure(Throwable failure, List<? extends Message> messages) {
            try {
                delegate.onFailure(failure, messages);
            } finally {
                answered();
            }
        }

        @Override
        public void onTimeout(List<? extends Message> messages, org.cometd.bayeux.Promise<Long> promise) {
            delegate.onTimeout(messages, promise);
        }

        private void answered() {
            if (inFlight.remove(this) && !loop.isShutdown()) {
                try {
                    loop.execute(() -> {
                        if (game != null && game.over != null) {
                            game.tryToFinish();
                        }
                    });
                } catch (java.util.concurrent.RejectedExecutionException e) {
                    // closing
                }
            }
        }
    }

    /**
     * Whether every request that was in flight when the {@code gameover} of {@code channel} was read
     * has been answered ({@code false} when that is not known).
     */
    private boolean answeredBefore(Set<Exchange> waitsFor) {
        if (waitsFor == null) {
            return false;
        }
        for (Exchange e : waitsFor) {
            if (inFlight.contains(e)) {
                return false;
            }
        }
        return true;
    }

    /** Subscribes; {@code then} gets {@code null} on success, else the error; on the loop. */
    private void subscribe(String channel, Consumer<String> then) {
        bayeux.getChannel(channel).subscribe((c, m) -> {
            Map<String, Object> data = m.getDataAsMap();
            if (data != null) {
                loop.execute(() -> received(channel, data));
            }
        }, reply -> loop.execute(() -> then.accept(reply.isSuccessful() ? null : error(reply))));
    }

    /** Publishes {@code data} on {@code channel}; a refusal goes to {@code refused} on the loop. */
    private void publish(String channel, Map<String, Object> data, Consumer<String> refused) {
        publish(channel, data, refused, null);
    }

    /**
     * Publishes {@code data} on {@code channel}; a refusal goes to {@code refused} on the loop, and then, refused or
     * not, {@code answered} runs there (if not {@code null}) once the server has answered.
     */
    private void publish(String channel, Map<String, Object> data, Consumer<String> refused, Runnable answered) {
        if (bayeux == null) {
            throw new IllegalStateException("log in first (login NAME PASSWORD, or register NAME PASSWORD)");
        }
        bayeux.getChannel(channel).publish(data, reply -> {
            String e = reply.isSuccessful() ? null : error(reply);
            if (e != null || answered != null) {
                loop.execute(() -> {
                    if (e != null) {
                        refused.accept(e);
                    }
                    if (answered != null) {
                        answered.run();
                    }
                });
            }
        });
    }

    private static Map<String, Object> data(String type, Object... pairs) {
        Map<String, Object> d = new LinkedHashMap<>();
        d.put("type", type);
        for (int i = 0; i < pairs.length; i += 2) {
            d.put((String) pairs[i], pairs[i + 1]);
        }
        return d;
    }

    private void beat() {
        if (closed || bayeux == null) {
            return;
        }
        if (game != null) {
            if (game.over == null) {
                publish(game.path, data("heartbeat"), e -> {
                    if (!e.startsWith("404::")) { // else the game has just ended: its gameover is on its way
                        say("heartbeat refused: " + e);
                    }
                });
            }
        } else if (inLobby) {
            publish(DotsWire.QUEUE_CHANNEL, data("heartbeat"), e -> say("heartbeat refused: " + e));
            maybeInvite();
        }
    }

    private void say(String text) {
        listener.said(text);
    }

    // ================================================================ commands (any thread)

    /** Runs {@code action} on the loop and waits for it; its exception is thrown here. */
    private void onLoop(Runnable action) {
        requireLogin();
        CompletableFuture<Void> f = new CompletableFuture<>();
        loop.execute(() -> {
            try {
                action.run();
                f.complete(null);
            } catch (RuntimeException e) {
                f.completeExceptionally(e);
            }
        });
        try {
            f.get(10, TimeUnit.SECONDS);
        } catch (java.util.concurrent.ExecutionException e) {
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            throw new IllegalStateException(e.getCause());
        } catch (Exception e) {
            throw new IllegalStateException("the client is busy: " + e.getMessage(), e);
        }
    }

    /** Invites the lobby member called {@code who}. */
    void invite(String who) {
        Member m = lookUp(who);
        onLoop(() -> {
            requireLobby();
            if (m == null) {
                throw new IllegalStateException(who + " is not in the lobby (see who)");
            }
            if (m.id().equals(id)) {
                throw new IllegalStateException("you cannot invite yourself");
            }
            sendInvitation(m);
        });
    }

    private Member lookUp(String who) {
        requireLogin();
        CompletableFuture<Member> known = new CompletableFuture<>();
        loop.execute(() -> known.complete(lobby.values().stream().filter(m -> m.name().equals(who)).findFirst().orElse(null)));
        Member m = known.join();
        if (m != null) {
            return m;
        }
        // not in the client's list: the lobby as the server shows it to this user, without a filter (on boardlab's server a
        // filter narrows what the user is shown of the lobby, and his list with it: a look-up must not); the one found is
        // kept in the list, so that it is named
        Member found = queue(null).stream().filter(x -> x.name().equals(who)).findFirst().orElse(null);
        if (found != null) {
            loop.execute(() -> lobby.putIfAbsent(found.id(), found));
        }
        return found;
    }

    private void requireLobby() {
        if (game != null) {
            throw new IllegalStateException("you are in a game (leave it first)");
        }
    }

    private void sendInvitation(Member m) {
        invitedId = m.id();
        invitedNanos = System.nanoTime();
        lobby.putIfAbsent(m.id(), m);
        publish(DotsWire.QUEUE_CHANNEL, data("request", "target", m.id()), e -> {
            if (m.id().equals(invitedId)) {
                invitedId = null;
            }
            if (game != null) {
                return; // a game began meanwhile (the invitation of the player invited was accepted instead)
            }
            if (acceptsStandingInvitation()) {
                return; // the player invited had invited this client first, and waits for it to accept
            }
            if (e.startsWith("406::Already exists")) {
                retryInviteAt = System.nanoTime() + TimeUnit.SECONDS.toNanos(1);
                if (seat == null) {
                    say("invitation to " + m.name() + " refused: " + e + " (one request per 15 s)");
                }
            } else {
                if (e.startsWith("406::Not allowed")) {
                    lobby.remove(m.id()); // not in the server's lobby (any more): wait for his heartbeat
                }
                say("invitation to " + m.name() + " refused: " + e);
            }
        });
    }

    /** Takes back one's own invitation. */
    void cancel() {
        onLoop(() -> {
            if (invitedId == null) {
                throw new IllegalStateException("you have invited nobody");
            }
            String target = invitedId;
            invitedId = null;
            publish(DotsWire.QUEUE_CHANNEL, data("decline", "init", id, "target", target), e -> say("cancel refused: " + e));
        });
    }

    /** Accepts the invitation one has, or the opponent's offer in a game. */
    void accept() {
        onLoop(() -> {
            if (game != null) {
                if (game.theirOffer == null) {
                    throw new IllegalStateException("nothing is offered to you");
                }
                String kind = game.theirOffer;
                game.theirOffer = null;
                publish(game.path, data("accept", "requestType", kind), e -> say("accept refused: " + e));
                return;
            }
            if (inviterId == null) {
                throw new IllegalStateException("nobody has invited you");
            }
            String from = inviterId;
            inviterId = null;
            publish(DotsWire.QUEUE_CHANNEL, data("accept", "target", from), e -> say("accept refused: " + e));
        });
    }

    /** Declines the invitation one has, or the opponent's offer in a game. */
    void decline() {
        onLoop(() -> {
            if (game != null) {
                if (game.theirOffer == null) {
                    throw new IllegalStateException("nothing is offered to you");
                }
                game.theirOffer = null;
                publish(game.path, data("decline", "init", 3 - game.me, "target", game.me), e -> say("decline refused: " + e));
                return;
            }
            if (inviterId == null) {
                throw new IllegalStateException("nobody has invited you");
            }
            String from = inviterId;
            inviterId = null;
            publish(DotsWire.QUEUE_CHANNEL, data("decline", "init", from, "target", id), e -> say("decline refused: " + e));
        });
    }

    /** Offers a draw ({@code draw}) or to end the game at the current score ({@code surrender}, the seed's word). */
    void offer(String kind) {
        onLoop(() -> {
            if (game == null) {
                throw new IllegalStateException("you are not in a game");
            }
            publish(game.path, data("request", "requestType", kind), e -> say("offer refused: " + e));
        });
    }

    /**
     * Plays the point at {@code column} and {@code row} (from 0), as the seed's page does: only on one's
     * turn and on a free point of the client's board.
     */
    void move(int column, int row) {
        onLoop(() -> {
            if (game == null) {
                throw new IllegalStateException("you are not in a game");
            }
            game.send(column, row);
        });
    }

    /** Leaves the game (a loss) and goes back to the lobby. */
    void leave() {
        onLoop(() -> {
            if (game == null) {
                throw new IllegalStateException("you are not in a game");
            }
            publish(game.path, data("quit"), e -> say("leave refused: " + e));
        });
    }

    /** The lobby as the client has it (from heartbeats), without oneself. */
    List<Member> lobby() {
        CompletableFuture<List<Member>> f = new CompletableFuture<>();
        loop.execute(() -> f.complete(List.copyOf(lobby.values())));
        return f.join();
    }

    /** The game's board as text, or {@code null} outside a game. */
    String board() {
        CompletableFuture<String> f = new CompletableFuture<>();
        loop.execute(() -> f.complete(game == null ? null : game.boardText()));
        return f.join();
    }

    /** Lets {@code s} play for the user from now on: it accepts invitations (or invites), moves and declines offers. */
    void play(Seat s) {
        loop.execute(() -> {
            seat = s;
            thinker = Executors.newSingleThreadExecutor(r -> {
                Thread t = new Thread(r, "dots-client-player");
                t.setDaemon(true);
                return t;
            });
            maybeInvite();
            if (game != null) {
                game.maybeThink();
            }
        });
    }

    /** Leaves: the lobby's {@code quit} (a game in progress is lost by {@code quit}), then the Bayeux disconnect. */
    @Override
    public void close() {
        if (!closing.compareAndSet(false, true)) {
            return; // closed already (a failed login closes the client, and its owner closes it again)
        }
        CompletableFuture<Void> f = new CompletableFuture<>();
        try {
            loop.execute(() -> {
                if (!closed && bayeux != null) {
                    if (game != null && game.over == null) {
                        bayeux.getChannel(game.path).publish(data("quit"));
                    } else if (inLobby) {
                        bayeux.getChannel(DotsWire.QUEUE_CHANNEL).publish(data("quit"));
                    }
                }
                f.complete(null);
            });
            f.get(5, TimeUnit.SECONDS);
        } catch (Exception e) {
            // closing is best effort
        }
        if (bayeux != null) {
            bayeux.disconnect(2000);
        }
        loop.execute(() -> end(null));
        loop.shutdown();
        try {
            loop.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (thinker != null) {
            thinker.shutdownNow();
        }
        try {
            http.stop();
        } catch (Exception e) {
            // closing is best effort
        }
    }

    private void end(String why) {
        if (closed) {
            return;
        }
        closed = true;
        if (heartbeats != null) {
            heartbeats.cancel(false);
        }
        if (why != null && bayeux != null) {
            bayeux.abort();
        }
        listener.closed(why);
    }

    // ================================================================ the lobby

    /**
     * The next heartbeat in {@link #heartbeat} from now, and then every {@link #heartbeat}: called as the
     * client sends one at once (joining the lobby or a game), so that the channel it is on hears one every
     * 5 s from its first, not at whatever moment a timer started at the login comes round.
     */
    private void restartHeartbeats() {
        if (heartbeats != null) {
            heartbeats.cancel(false);
            heartbeats = null;
        }
        if (!closed) {
            heartbeats = loop.scheduleWithFixedDelay(this::beat, heartbeat.toMillis(), heartbeat.toMillis(), TimeUnit.MILLISECONDS);
        }
    }

    /** Joins the lobby (a heartbeat) and reads who is there ({@code GET /queue}), as the seed's page does. */
    private void joinLobby() {
        inLobby = true;
        matchedWith = null;
        publish(DotsWire.QUEUE_CHANNEL, data("heartbeat"), e -> say("cannot join the lobby: " + e));
        restartHeartbeats();
        new CompletableResponseListener(get("/queue", "id", id, "token", token).timeout(15, TimeUnit.SECONDS)).send()
                .whenComplete((r, t) -> loop.execute(() -> {
                    if (t == null && r.getStatus() == 200) {
                        try {
                            Map<String, Object> m = Json.MAPPER.readValue(r.getContentAsString(), MAP);
                            if (m.get("queue") instanceof List<?> list) {
                                for (Object o : list) {
                                    if (o instanceof Map<?, ?> e && !str(e.get("id")).equals(id)) {
                                        Member member = new Member(str(e.get("id")), str(e.get("name")), toInt(e.get("rating")));
                                        if (lobby.putIfAbsent(member.id(), member) == null && game == null) {
                                            say(member.name() + " (" + member.rating() + ") is in the lobby");
                                        }
                                    }
                                }
                            }
                        } catch (Exception e) {
                            say("the server's lobby is not JSON: " + e.getMessage());
                        }
                    }
                    maybeInvite();
                }));
        maybeInvite();
    }

    private void received(String channel, Map<String, Object> data) {
        if (closed) {
            return;
        }
        try {
            if (DotsWire.QUEUE_CHANNEL.equals(channel)) {
                lobbyMessage(data);
            } else if (game != null && game.path.equals(channel)) {
                game.message(data);
            }
        } catch (RuntimeException e) {
            say("cannot read the server's message on " + channel + ": " + e.getMessage() + " (" + Json.write(data) + ")");
        }
    }

    private void lobbyMessage(Map<String, Object> d) {
        String type = String.valueOf(d.get("type"));
        String from = str(d.get("id"));
        switch (type) {
            case "heartbeat" -> {
                int r = toInt(d.get("rating"));
                if (from.equals(id)) {
                    if (r != rating) {
                        say((rating == 0 ? "in the lobby as " + name + ", rating " : "your rating is now ") + r);
                        rating = r;
                    }
                    if (doneOnRating) {
                        seatDone.complete(gamesPlayed);
                    }
                    return;
                }
                Member old = lobby.put(from, new Member(from, str(d.get("name")), r));
                if (old == null && game == null) {
                    say(d.get("name") + " (" + r + ") is in the lobby");
                }
                maybeInvite();
            }
            case "quit" -> {
                Member m = lobby.remove(from);
                if (m != null && game == null) {
                    say(m.name() + " left the lobby");
                }
            }
            case "request" -> {
                String target = str(d.get("target"));
                if (matchedWith != null) {
                    // an invitation accepted: its newgame is on its way (and may come in the answer read last)
                } else if (from.equals(id)) {
                    say("you invited " + nameOf(target) + "; the invitation stands 15 s (cancel to take it back)");
                } else if (target.equals(id) && game == null) {
                    Map<?, ?> user = d.get("user") instanceof Map<?, ?> u ? u : Map.of();
                    inviterId = from;
                    inviterNanos = System.nanoTime();
                    lobby.putIfAbsent(from, new Member(from, str(user.get("name")), toInt(user.get("rating"))));
                    if (seat != null && seat.acceptInvitations() && gamesLeft()) {
                        say(user.get("name") + " (" + user.get("rating") + ") invites you; accepting");
                        inviterId = null;
                        publish(DotsWire.QUEUE_CHANNEL, data("accept", "target", from), e -> say("accept refused: " + e));
                    } else if (wants(str(user.get("name"))) && from.equals(invitedId)) {
                        // crossing invitations: boardlab's server takes the second as accepting the first, but the seed's
                        // delivers both, and each player would wait for the other to answer; one of the two accepts, the
                        // same one on both clients whatever order their messages come in: the one with the lower id
                        if (lowerId(id, from)) {
                            say("you and " + user.get("name") + " invited each other: accepting " + user.get("name")
                                    + "'s invitation and taking back yours");
                            acceptInvitation(from);
                        } else {
                            say(user.get("name") + " (" + user.get("rating") + ") invites you too: one of you accepts the other's invitation");
                        }
                    } else if (wants(str(user.get("name")))) {
                        say(user.get("name") + " (" + user.get("rating") + ") invites you; accepting");
                        acceptInvitation(from);
                    } else {
                        say(user.get("name") + " (" + user.get("rating") + ") invites you: accept or decline within 15 s");
                    }
                }
            }
            case "accept" -> {
                String target = str(d.get("target"));
                if (target.equals(id)) {
                    invitedId = null;
                    matchedWith = game == null ? from : null; // null: its newgame came first
                    say(nameOf(from) + " accepted your invitation");
                } else if (from.equals(id)) {
                    if (target.equals(invitedId)) {
                        // the server takes an invitation to a player whose own invitation to you stands as accepting his
                        say("you and " + nameOf(target) + " invited each other: yours counts as accepting " + nameOf(target)
                                + "'s, which came first");
                    }
                    invitedId = null;
                    inviterId = null;
                    matchedWith = game == null ? target : null; // null: its newgame came first
                }
            }
            case "decline" -> {
                String init = str(d.get("init"));
                String target = str(d.get("target"));
                if (init.equals(id) && !from.equals(id)) {
                    invitedId = null;
                    say(nameOf(target) + " declined your invitation");
                } else if (init.equals(id)) {
                    say("you took back your invitation to " + nameOf(target));
                } else if (target.equals(id) && from.equals(init)) {
                    inviterId = null;
                    say(nameOf(init) + " took back the invitation");
                } else if (target.equals(id)) {
                    say("you declined " + nameOf(init) + "'s invitation");
                }
            }
            case "newgame" -> {
                String p1 = str(d.get("player_1"));
                String p2 = str(d.get("player_2"));
                String channel = str(d.get("channel"));
                if ((p1.equals(id) || p2.equals(id)) && game == null) {
                    startGame(channel, p1, p2);
                } else {
                    lobby.remove(p1);
                    lobby.remove(p2);
                }
            }
            default -> {
            }
        }
    }

    private String nameOf(String user) {
        Member m = lobby.get(user);
        return m != null ? m.name() : user.equals(id) ? name : "user " + user;
    }

    private boolean gamesLeft() {
        return seat == null || seat.games() == 0 || gamesPlayed < seat.games();
    }

    /** With a seat that invites: invites its opponent when both are in the lobby and no invitation stands. */
    private void maybeInvite() {
        if (seat == null || seat.invite() == null || game != null || !inLobby || !gamesLeft() || closed || matchedWith != null) {
            return;
        }
        long now = System.nanoTime();
        if (invitedId != null && now - invitedNanos < TimeUnit.SECONDS.toNanos(16)) {
            return;
        }
        if (acceptsStandingInvitation()) {
            return;
        }
        if (now < retryInviteAt) {
            loop.schedule(this::maybeInvite, retryInviteAt - now + 1_000_000, TimeUnit.NANOSECONDS);
            return;
        }
        lobby.values().stream().filter(m -> m.name().equals(seat.invite())).findFirst().ifPresent(this::sendInvitation);
    }

    /** Whether the seat plays against {@code name} (its {@code --invite}) and has games left. */
    private boolean wants(String name) {
        return seat != null && seat.invite() != null && seat.invite().equals(name) && gamesLeft() && game == null && !closed;
    }

    /**
     * With no invitation of its own standing, a seat accepts the one of the player it would invite, if it stands (it
     * came before the seat began, or while the seat's own invitation was on its way and the seat waited for the
     * other to accept; that invitation was refused meanwhile).
     *
     * @return {@code true} if it accepted
     */
    private boolean acceptsStandingInvitation() {
        if (invitedId != null || inviterId == null || System.nanoTime() - inviterNanos >= INVITATION_LIFE.toNanos()) {
            return false;
        }
        Member m = lobby.get(inviterId);
        if (m == null || !wants(m.name())) {
            return false;
        }
        say(m.name() + " invited you; accepting");
        acceptInvitation(inviterId);
        return true;
    }

    /**
     * Accepts {@code inviter}'s invitation for the seat, after taking back the seat's own invitation if one stands
     * or is on its way: the seed's server keeps it for its whole life otherwise (it would stop the seat's offers in
     * the game), and a player may be in one game only. The {@code accept} goes once the server has answered the
     * {@code decline}, so that it comes second on either server. Until the game begins the client makes no
     * invitation and hears none ({@link #matchedWith}). When the {@code accept} is refused, the user is told, and the
     * seat may invite again, unless a game has begun {@link #ACCEPT_REFUSAL_WAIT} later: on boardlab's server, a seat
     * whose own invitation was on its way is often in the game already (its invitation counted as accepting), and
     * CometD may hand the client the server's answer before the {@code newgame}.
     */
    private void acceptInvitation(String inviter) {
        inviterId = null;
        String own = invitedId;
        invitedId = null;
        matchedWith = inviter; // no invitation of its own meanwhile (a heartbeat would make one)
        Runnable accept = () -> {
            if (game == null && !closed) {
                publish(DotsWire.QUEUE_CHANNEL, data("accept", "target", inviter), e -> loop.schedule(() -> {
                    if (game == null && !closed) {
                        matchedWith = null;
                        say("accept refused: " + e);
                        maybeInvite();
                    }
                }, ACCEPT_REFUSAL_WAIT.toMillis(), TimeUnit.MILLISECONDS));
            }
        };
        if (own == null) {
            accept.run();
        } else {
            // refused when the server no longer has it (lapsed, or taken as accepting): nothing to take back then
            publish(DotsWire.QUEUE_CHANNEL, data("decline", "init", id, "target", own), e -> { }, accept);
        }
    }

    /** {@code true} if user id {@code a} is lower than {@code b} (numbers if both are, else as text). */
    static boolean lowerId(String a, String b) {
        try {
            return Long.parseLong(a) < Long.parseLong(b);
        } catch (NumberFormatException e) {
            return a.compareTo(b) < 0;
        }
    }

    // ================================================================ a game

    private void startGame(String channel, String p1, String p2) {
        inLobby = false;
        invitedId = null;
        inviterId = null;
        matchedWith = null;
        publish(DotsWire.QUEUE_CHANNEL, data("quit"), e -> { });
        lobby.remove(p1);
        lobby.remove(p2);
        ClientGame g = new ClientGame(channel, p1.equals(id) ? 1 : 2, new String[] {p1, p2});
        game = g;
        String channelName = DotsWire.GAME_CHANNEL_PREFIX + channel;
        publish(channelName, data("heartbeat"), e -> say("heartbeat refused: " + e));
        restartHeartbeats();
        subscribe(channelName, error -> {
            if (error != null) {
                say("cannot watch the game: " + error);
                return;
            }
            CompletableFuture<Answer> f = new CompletableResponseListener(
                    get("/gamedata", "id", id, "token", token, "channel", channel).timeout(15, TimeUnit.SECONDS)).send()
                    .thenApply(r -> new Answer(r.getStatus(), r.getContentAsString()));
            f.whenComplete((a, t) -> loop.execute(() -> {
                if (game == g) {
                    g.gameData(t != null ? new Answer(599, describe(t)) : a);
                }
            }));
        });
    }

    private void finished(ClientGame g) {
        if (game != g) {
            return;
        }
        game = null;
        gamesPlayed++;
        bayeux.getChannel(DotsWire.GAME_CHANNEL_PREFIX + g.channel).unsubscribe();
        joinLobby(); // also to hear the new rating, in the echo of one's heartbeat
        if (seat != null && seat.games() > 0 && gamesPlayed >= seat.games()) {
            doneOnRating = true;
            loop.schedule(() -> seatDone.complete(gamesPlayed), 2, TimeUnit.SECONDS);
        }
    }

    /** One game as this client follows it; on the loop only. */
    private final class ClientGame implements GameView {
        final String channel;
        /** The game's Bayeux channel, {@code /game/<channel>}. */
        final String path;
        final int me;
        final String[] users;
        final String[] names = new String[2];
        DotsPosition position = rules.newGame(DotsWire.WIDTH, DotsWire.HEIGHT);
        final List<Move> history = new ArrayList<>();
        final List<String> notation = new ArrayList<>();
        /** Messages that came before {@code /gamedata} was answered. */
        List<Map<String, Object>> early = new ArrayList<>();
        /** Moves that came before their turn. */
        final List<Map<String, Object>> held = new ArrayList<>();
        /** Dots put from {@code /gamedata} whose move may still come on the channel. */
        final List<String> fromGameData = new ArrayList<>();
        /** One's own move sent and not yet echoed (or refused). */
        String sent;
        Map<String, Object> over;
        ScheduledFuture<?> overTimer;
        /** The requests in flight when {@code gameover} was read: what may still bring a move sent before it. */
        Set<Exchange> waitsFor;
        String theirOffer;
        boolean thinking;
        long lastSentNanos;
        /** How many moves came before their turn, and how many moves came after the gameover. */
        int heldBack;
        int afterGameover;

        ClientGame(String channel, int me, String[] users) {
            this.channel = channel;
            this.path = DotsWire.GAME_CHANNEL_PREFIX + channel;
            this.me = me;
            this.users = users;
            for (int p = 0; p < 2; p++) {
                Member m = lobby.get(users[p]);
                names[p] = users[p].equals(id) ? name : m != null ? m.name() : "user " + users[p];
            }
        }

        @Override
        public String channel() {
            return channel;
        }

        @Override
        public int me() {
            return me;
        }

        @Override
        public String name(int player) {
            return names[player - 1];
        }

        @Override
        public DotsPosition position() {
            return position;
        }

        @Override
        public List<String> moves() {
            return List.copyOf(notation);
        }

        int toMove() {
            return position.sideToMove() == Side.FIRST ? 1 : 2;
        }

        void gameData(Answer a) {
            List<Map<String, Object>> waiting = early;
            early = null;
            Object color = null;
            if (a.ok()) {
                try {
                    Map<String, Object> m = Json.MAPPER.readValue(a.body(), MAP);
                    if (m.get("name_1") != null) {
                        names[0] = str(m.get("name_1"));
                        names[1] = str(m.get("name_2"));
                    }
                    color = Json.MAPPER.readValue(str(m.get("field")), MAP).get("color");
                } catch (Exception e) {
                    say("the server's /gamedata cannot be read: " + e.getMessage());
                }
            } else if (a.status() != 404) {
                say("the server's /gamedata: " + a.text());
            }
            say("game " + channel + ": " + names[0] + " (red, moves first) against " + names[1] + " (blue); you are "
                    + (me == 1 ? "red" : "blue"));
            listener.gameStarted(this); // before any move, the dots /gamedata shows included
            catchUp(color, waiting);
            for (Map<String, Object> d : waiting) {
                message(d);
            }
            maybeThink();
        }

        /** Puts the dots {@code /gamedata} shows that no early message tells, in turn, player 1 first. */
        private void catchUp(Object color, List<Map<String, Object>> waiting) {
            if (!(color instanceof List<?> rows)) {
                return;
            }
            List<List<String>> missing = List.of(new ArrayList<>(), new ArrayList<>());
            java.util.Set<String> told = new java.util.HashSet<>();
            for (Map<String, Object> d : waiting) {
                if ("move".equals(d.get("type")) && d.get("point") instanceof Map<?, ?> p) {
                    told.add(toInt(p.get("y")) + "," + toInt(p.get("x")));
                }
            }
            for (int row = 0; row < rows.size(); row++) {
                if (rows.get(row) instanceof List<?> cells) {
                    for (int col = 0; col < cells.size(); col++) {
                        int c = toInt(cells.get(col));
                        String point = col + "," + row;
                        if ((c == 1 || c == 2) && !told.contains(point)) {
                            missing.get(c - 1).add(point);
                        }
                    }
                }
            }
            while (!missing.get(toMove() - 1).isEmpty()) {
                String point = missing.get(toMove() - 1).remove(0);
                fromGameData.add(point);
                apply(toMove(), point, null);
            }
        }

        void message(Map<String, Object> d) {
            if (early != null) {
                early.add(d);
                return;
            }
            String type = String.valueOf(d.get("type"));
            int player = toInt(d.get("player"));
            String who = player == 1 || player == 2 ? names[player - 1] : nameOf(str(d.get("id")));
            switch (type) {
                case "move" -> {
                    held.add(d);
                    drain();
                    if (held.contains(d)) {
                        heldBack++;
                    }
                }
                case "request" -> {
                    String kind = "draw".equals(d.get("requestType")) ? "a draw" : "to end the game at the current score";
                    if (player == me) {
                        say("you offered " + kind + "; the offer stands 15 s");
                    } else if (player != 0) {
                        theirOffer = str(d.get("requestType"));
                        if (seat != null) {
                            say(who + " offers " + kind + "; declining (" + "the player plays on)");
                            theirOffer = null;
                            publish(path, data("decline", "init", 3 - me, "target", me),
                                    e -> say("decline refused: " + e));
                        } else {
                            say(who + " offers " + kind + ": accept or decline within 15 s");
                        }
                    }
                }
                case "accept" -> say(who + " accepted " + ("draw".equals(d.get("requestType")) ? "the draw" : "to end the game at this score"));
                case "decline" -> {
                    if (toInt(d.get("init")) == me && player != me) {
                        say(who + " declined your offer");
                    } else if (player == me) {
                        say("you declined the offer");
                    }
                }
                case "quit" -> {
                    if (player != me && player != 0) {
                        say(who + " left the game");
                    }
                }
                case "gameover" -> {
                    over = d;
                    waitsFor = gameoverWaitsFor.remove(path);
                    tryToFinish();
                }
                default -> {
                }
            }
        }

        /** Applies every held move whose turn it is, in turn. */
        private void drain() {
            boolean progress = true;
            while (progress) {
                progress = false;
                for (int i = 0; i < held.size(); i++) {
                    Map<String, Object> d = held.get(i);
                    if (toInt(d.get("player")) == toMove() || !(d.get("point") instanceof Map<?, ?>)) {
                        held.remove(i);
                        moveMessage(d);
                        progress = true;
                        break;
                    }
                }
            }
            if (over != null) {
                tryToFinish();
            }
            maybeThink();
        }

        private void moveMessage(Map<String, Object> d) {
            if (!(d.get("point") instanceof Map<?, ?> p)) {
                say("a move without a point from the server: " + Json.write(d));
                return;
            }
            int player = toInt(d.get("player"));
            String point = toInt(p.get("y")) + "," + toInt(p.get("x"));
            if (fromGameData.remove(point)) {
                return; // put already from /gamedata
            }
            apply(player, point, d.get("score"));
        }

        private void apply(int player, String point, Object score) {
            if (position.isTerminal()) {
                say("a move after the end of the game: " + point);
                return;
            }
            Move move;
            try {
                move = position.parseMove(point);
            } catch (RuntimeException e) {
                say("the server's move " + point + " cannot be read: " + e.getMessage());
                return;
            }
            String why = position.whyIllegal(move);
            if (why != null) {
                say("the server's move " + point + " is not legal on this client's board: " + why);
                return;
            }
            position = (DotsPosition) position.apply(move);
            if (over != null) {
                afterGameover++;
            }
            history.add(move);
            notation.add(move.notation());
            if (player == me && point.equals(sent)) {
                sent = null;
            }
            if (score instanceof List<?> s && s.size() == 3) {
                int s1 = toInt(s.get(1));
                int s2 = toInt(s.get(2));
                if (s1 != position.score(Side.FIRST) || s2 != position.score(Side.SECOND)) {
                    say("the server's score after " + point + " is " + s1 + ":" + s2 + ", this client's board says "
                            + position.score(Side.FIRST) + ":" + position.score(Side.SECOND));
                }
            }
            say(names[player - 1] + " plays " + point + "  score " + position.score(Side.FIRST) + ":"
                    + position.score(Side.SECOND) + (position.isTerminal() ? "" : (toMove() == me ? "; your move" : "")));
            listener.moved(this, player, move.notation());
        }

        void tryToFinish() {
            if (over == null || game != this) {
                return;
            }
            boolean scoresAgree = toInt(over.get("score_1")) == position.score(Side.FIRST)
                    && toInt(over.get("score_2")) == position.score(Side.SECOND);
            if (sent == null && (held.isEmpty() && scoresAgree && position.isTerminal() || answeredBefore(waitsFor))) {
                // the board is full and agrees, or every answer that could bring a message sent before the gameover is in
                finish();
            } else if (overTimer == null) {
                // a move that ended the game may still be on its way (its answer read after the gameover's)
                overTimer = loop.schedule(this::finish, gameoverGrace.toMillis(), TimeUnit.MILLISECONDS);
            }
        }

        private void finish() {
            if (game != this || over == null) {
                return;
            }
            if (overTimer != null) {
                overTimer.cancel(false);
            }
            int winner = toInt(over.get("winner"));
            int s1 = toInt(over.get("score_1"));
            int s2 = toInt(over.get("score_2"));
            if (!held.isEmpty()) {
                say("moves the server sent out of turn were never completed: " + held.size());
            }
            if (heldBack + afterGameover > 0) {
                say("out of order: " + heldBack + " move" + (heldBack == 1 ? "" : "s") + " came before the other side's and "
                        + afterGameover + " after the gameover; each was applied in turn");
            }
            String reason = over.get("reason") == null ? "" : " (" + over.get("reason") + ")";
            say("game over: " + (winner == 0 ? "a draw" : names[winner - 1] + " wins") + ", " + s1 + ":" + s2 + " after "
                    + history.size() + " moves" + reason
                    + (winner == 0 ? "" : winner == me ? "; you win" : "; you lose"));
            listener.gameEnded(this, winner, s1, s2, over.get("reason") == null ? "" : str(over.get("reason")));
            finished(this);
        }

        void send(int column, int row) {
            if (over != null || position.isTerminal()) {
                throw new IllegalStateException("the game is over");
            }
            if (early != null) {
                throw new IllegalStateException("the game is still being set up");
            }
            if (toMove() != me) {
                throw new IllegalStateException("it is not your move");
            }
            if (sent != null) {
                throw new IllegalStateException("your move " + sent + " is on its way");
            }
            if (column < 0 || column >= DotsWire.WIDTH || row < 0 || row >= DotsWire.HEIGHT) {
                throw new IllegalStateException("the board has columns 0 to " + (DotsWire.WIDTH - 1) + " and rows 0 to "
                        + (DotsWire.HEIGHT - 1));
            }
            if (!position.isFree(new Point(column, row))) {
                throw new IllegalStateException("the point " + column + "," + row + " is taken (a dot or a zone)");
            }
            String point = column + "," + row;
            sent = point;
            lastSentNanos = System.nanoTime();
            publish(path, data("move", "point", DotsGame.point(row, column)), e -> {
                if (point.equals(sent)) {
                    sent = null;
                }
                say("move " + point + " refused: " + e);
                if (seat != null) {
                    // the player is asked again, but not at once: a refusal for sending too fast (429) would repeat
                    loop.schedule(this::maybeThink, e.startsWith("429::") ? 1000 : 100, TimeUnit.MILLISECONDS);
                }
            });
        }

        /** With a seat: asks the player for a move when it is this client's turn. */
        void maybeThink() {
            if (seat == null || thinking || early != null || over != null || sent != null || game != this
                    || position.isTerminal() || toMove() != me) {
                return;
            }
            long wait = lastSentNanos + MIN_MOVE_GAP.toNanos() - System.nanoTime();
            if (wait > 0) {
                // a fast player would pass the server's limit of messages a second (boardlab's: 200, then 429)
                thinking = true;
                loop.schedule(() -> {
                    thinking = false;
                    maybeThink();
                }, wait, TimeUnit.NANOSECONDS);
                return;
            }
            thinking = true;
            DotsPosition at = position;
            List<Move> moves = List.copyOf(history);
            long deadline = System.nanoTime() + seat.timePerMove().toNanos();
            long seed = seat.seed() + gamesPlayed;
            thinker.execute(() -> {
                long start = System.nanoTime();
                Move chosen;
                String problem = null;
                try {
                    chosen = seat.player().chooseMove(MoveRequest.of(at, moves, deadline, seed, () -> closed));
                } catch (Exception e) {
                    chosen = null;
                    problem = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
                }
                Move m = chosen;
                String why = problem;
                double seconds = (System.nanoTime() - start) / 1e9;
                loop.execute(() -> {
                    thinking = false;
                    if (game != this || position != at || over != null) {
                        maybeThink();
                        return;
                    }
                    if (m == null) {
                        say("the player failed: " + why + "; playing the first free point");
                    }
                    Move play = m != null && at.whyIllegal(m) == null ? m : at.legalMoves().get(0);
                    if (m != null && play != m) {
                        say("the player chose " + m.notation() + ", which is not legal here; playing the first free point");
                    }
                    say(String.format(Locale.ROOT, "the player plays %s (%.2f s)", play.notation(), seconds));
                    String[] xy = play.notation().split(",");
                    send(Integer.parseInt(xy[0].trim()), Integer.parseInt(xy[1].trim()));
                });
            });
        }

        String boardText() {
            StringBuilder b = new StringBuilder();
            b.append(names[0]).append(" (red, x) ").append(position.score(Side.FIRST)).append(" : ")
                    .append(position.score(Side.SECOND)).append(' ').append(names[1]).append(" (blue, o)");
            b.append(position.isTerminal() ? "" : toMove() == me ? "; your move" : "; " + names[toMove() - 1] + " to move").append('\n');
            b.append("    ");
            for (int c = 0; c < position.width(); c++) {
                b.append(c % 10 == 0 ? (char) ('0' + (c / 10)) : ' ');
            }
            b.append("\n    ");
            for (int c = 0; c < position.width(); c++) {
                b.append((char) ('0' + c % 10));
            }
            b.append('\n');
            for (int r = 0; r < position.height(); r++) {
                b.append(String.format(Locale.ROOT, "%3d ", r));
                for (int c = 0; c < position.width(); c++) {
                    Point p = new Point(c, r);
                    java.util.Optional<Side> dot = position.dotAt(p);
                    java.util.Optional<Side> zone = position.zoneOwnerAt(p);
                    char ch;
                    if (dot.isPresent()) {
                        boolean captured = zone.isPresent() && zone.get() != dot.get();
                        ch = dot.get() == Side.FIRST ? (captured ? 'X' : 'x') : (captured ? 'O' : 'o');
                    } else if (zone.isPresent()) {
                        ch = zone.get() == Side.FIRST ? '+' : '-';
                    } else {
                        ch = '.';
                    }
                    b.append(ch);
                }
                b.append('\n');
            }
            b.append("x o: red and blue dots; X O: captured dots; + -: points inside red and blue zones");
            return b.toString();
        }
    }

    // ================================================================ small helpers

    static String str(Object o) {
        if (o instanceof Number n && n.doubleValue() == n.longValue()) {
            return String.valueOf(n.longValue());
        }
        return o == null ? "" : String.valueOf(o);
    }

    static int toInt(Object o) {
        if (o instanceof Number n) {
            return n.intValue();
        }
        if (o instanceof String s) {
            try {
                return Integer.parseInt(s.trim());
            } catch (NumberFormatException e) {
                return 0;
            }
        }
        return 0;
    }
}
