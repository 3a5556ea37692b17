package org.boardlab.protocol.dots.internal;

import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;
import java.util.regex.Pattern;
import org.boardlab.api.Game;
import org.boardlab.api.event.MatchOutcome;
import org.boardlab.protocol.dots.DotsWire;
import org.boardlab.server.GroupHost;
import org.boardlab.store.rating.SeedElo;
import org.cometd.bayeux.Channel;
import org.cometd.bayeux.Message;
import org.cometd.bayeux.Promise;
import org.cometd.bayeux.server.BayeuxServer;
import org.cometd.bayeux.server.LocalSession;
import org.cometd.bayeux.server.ServerChannel;
import org.cometd.bayeux.server.ServerMessage;
import org.cometd.bayeux.server.ServerSession;
import org.cometd.server.ServerMessageImpl;

/**
 * Seed 002's lobby and games on one Bayeux server. It is a CometD server extension: every message a
 * client publishes passes here first, and never reaches the other clients as it came:
 * <ol>
 *   <li>its top-level {@code auth: {id, token}} is removed and checked ({@code 403::Authentication
 *       required} if missing or wrong);</li>
 *   <li>its channel and {@code data.type} decide what happens ({@link #queue}, {@link #game});</li>
 *   <li>what the seed's clients expect to receive is published by the server, with {@code data.id} set
 *       to the sender's user id (and {@code data.player} on a game's channel), or the sender alone gets
 *       an error {@code <code>::<text>} in the reply to his publish.</li>
 * </ol>
 * Only the server publishes {@code newgame} and {@code gameover}. The time rules (silent players,
 * requests that lapse) run on the server's timer every {@link DotsWire.Timers#sweepEvery()}.
 *
 * <p>On a game's channel what the room publishes reaches every subscriber. On the lobby's it reaches only those it
 * concerns ({@link #tell}): the users an invitation, its answer or a newgame names, and of the waiting users each
 * subscriber's view ({@link DotsLobby}: at most {@link #VIEW}, the README's "Lobby at scale"). The lobby's lock is
 * never held across a read of the store.
 */
final class DotsRoom implements BayeuxServer.Extension, BayeuxServer.SessionListener, BayeuxServer.SubscriptionListener {

    private static final Pattern GAME_CHANNEL = Pattern.compile("/game/[a-f0-9]{10}");
    /**
     * Messages a second one client may publish before the rest of that second is refused; a move taken in turn
     * does not count (two bots playing each other on one machine pass 200 moves a second each).
     */
    static final int MESSAGES_PER_SECOND = 200;
    /** Refused messages in a row after which a flooding client is disconnected. */
    static final int FLOOD_LIMIT = 500;

    /**
     * Other waiting users a subscriber of the lobby is shown at most (see {@link DotsLobby}): a list a person reads at
     * a glance; the {@code GET /queue} name filter finds anybody else, and anybody may invite anybody by id. Session 18
     * showed 100; each player who starts a game costs a {@code quit} and a refill to each of his viewers, about as many
     * as the view holds, and pairing a whole class spent a third of the server there (the README's "Lobby at scale").
     * {@code serve} takes another with {@code -Dboardlab.dots.view=N} ({@link DotsServerProtocol#view()}).
     */
    static final int VIEW = 30;
    /** Users who may enter one subscriber's view in a second, once it has been shown. */
    static final int VIEW_ENTRIES_PER_SECOND = 20;
    /** How long a view asked for by {@code GET /queue} is kept for a subscription that does not come. */
    private static final long UNUSED_VIEW_NANOS = 30_000_000_000L;
    /** How long after its subscription a session is sent its view: after the answer to its subscription. */
    private static final long SETTLE_MILLIS = 200;

    /** An invitation ({@code newgame}) or an offer ({@code draw}, {@code surrender}); one per user at a time. */
    private record Request(String type, long target, long madeNanos, boolean used) {
    }

    /** What the room knows of one Bayeux session (one browser tab, one bot). */
    private static final class Client {
        final long connectionId;
        final String remote;
        volatile long user;
        volatile String name;
        /**
         * The account as read when this session first wrote (its subscription, as a rule), kept for its first join of the
         * lobby a moment later, which would read it again; then {@code null}.
         */
        volatile Accounts.Account account;
        volatile long accountRead;
        long windowStart;
        int inWindow;
        int refusedInRow;

        Client(long connectionId, String remote) {
            this.connectionId = connectionId;
            this.remote = remote;
        }
    }

    private static final AtomicLong CONNECTIONS = new AtomicLong(1L << 40);

    private final BayeuxServer bayeux;
    private final Accounts accounts;
    private final Tokens tokens;
    private final GroupHost host;
    private final Game game;
    private final DotsWire.Timers timers;
    /** The time rules' clock: it stands still while a request the server received waits to be read. */
    private final Arrivals arrivals;
    /**
     * What the time rules read as now ({@link System#nanoTime()}; a test's own clock in tests): when a game began, when a
     * player or a lobby member was last heard, and the sweep's now before {@link #arrivals} holds it back. Invitations and
     * offers lapse on the wall clock.
     */
    private volatile LongSupplier clock = System::nanoTime;
    private final SecureRandom random = new SecureRandom();
    /** The lobby and what each subscriber is shown of it; also the monitor of the requests. */
    private final DotsLobby lobby;
    /** The lobby's sessions, by session id. */
    private final Map<String, LobbySession> lobbySessions = new ConcurrentHashMap<>();
    /** The users' names (never changed), read from the store before any lock is taken. */
    private final Map<Long, String> names = new ConcurrentHashMap<>();
    /** When each user's rating last changed (a game of his rated): an account read before that is not used to show him. */
    private final Map<Long, Long> lastRated = new ConcurrentHashMap<>();
    /** Whose invitation each user has been sent and not yet answered: a second one is not sent him while it stands. */
    private final Map<Long, Long> offered = new ConcurrentHashMap<>();
    private final Map<Long, Request> requests = new ConcurrentHashMap<>();
    private final Map<String, DotsGame> games = new ConcurrentHashMap<>();
    private final Map<String, Client> clients = new ConcurrentHashMap<>();
    private final Object lobbyLock;
    private final AtomicLong gamesPlayed = new AtomicLong();
    private LocalSession server;
    private ScheduledFuture<?> sweeper;
    /**
     * The lobby's deliveries (and the log line of a new game), decided under its lock and made in that order after the
     * lock is let go ({@link LobbyOutbox}): no thread of the port waits for the lock while they are made. Every way
     * into the lobby's lock calls {@link #deliver()} after letting it go.
     */
    private final LobbyOutbox outbox;
    /** boardlab's rule for invitations that cross ({@link #seedLobby}); on unless a test plays the seed's lobby. */
    private volatile boolean crossingRule = true;

    /** A room whose lobby shows each subscriber at most {@code view} other waiting users ({@link #VIEW} as served). */
    DotsRoom(BayeuxServer bayeux, Accounts accounts, Tokens tokens, GroupHost host, Game game, DotsWire.Timers timers, int view,
            Arrivals arrivals) {
        this.bayeux = bayeux;
        this.arrivals = arrivals;
        this.accounts = accounts;
        this.tokens = tokens;
        this.host = host;
        this.game = game;
        this.timers = timers;
        this.lobby = new DotsLobby(view, VIEW_ENTRIES_PER_SECOND, this::now);
        this.lobbyLock = lobby;
        // what a thread of the port leaves undelivered goes on in CometD's executor: the port's delivery pool
        // (boardlab-dots-send, DotsWeb), whose threads only start writes
        java.util.concurrent.Executor elsewhere = bayeux instanceof org.cometd.server.BayeuxServerImpl impl ? impl::execute : Runnable::run;
        this.outbox = new LobbyOutbox(lobbyLock, elsewhere, e -> {
            host.log("dots: a lobby delivery failed: " + e);
            java.util.logging.Logger.getLogger(DotsRoom.class.getName()).log(java.util.logging.Level.WARNING,
                    "a lobby delivery failed", e);
        });
    }

    void open() {
        server = bayeux.newLocalSession("boardlab");
        server.handshake();
        bayeux.addExtension(this);
        bayeux.addListener(this);
        long every = timers.sweepEvery().toMillis();
        sweeper = host.timer().scheduleWithFixedDelay(this::sweep, every, every, TimeUnit.MILLISECONDS);
    }

    /**
     * Puts {@code first} before the room among the server's extensions, so that it sees each message
     * as the client sent it and may refuse it before the room does (the client kit's refused move).
     */
    void before(org.cometd.bayeux.server.BayeuxServer.Extension first) {
        bayeux.removeExtension(this);
        bayeux.addExtension(first);
        bayeux.addExtension(this);
    }

    /**
     * For tests: the seed's own lobby, without boardlab's rule for invitations that cross. The seed's server
     * (html5-dots) delivers an invitation to a player whose own invitation to the sender stands like any other,
     * and makes no game of the two; a client that plays on both servers must then accept one of them itself.
     */
    void seedLobby() {
        crossingRule = false;
    }

    /**
     * For tests: the time rules read {@code now} as now (a clock of the test's own, which {@link #sweep} then applies
     * them at).
     */
    void clock(LongSupplier now) {
        clock = now;
    }

    /** Makes the lobby's deliveries decided so far (called after letting the lobby's lock go). */
    private void deliver() {
        outbox.deliver();
    }

    /** Now on the time rules' clock, before {@link #arrivals} holds it back. */
    long now() {
        return clock.getAsLong();
    }

    void close() {
        if (sweeper != null) {
            sweeper.cancel(false);
        }
        bayeux.removeExtension(this);
        bayeux.removeListener(this);
    }

    // ---------------------------------------------------------------- what the HTTP side asks

    /**
     * The user whose id and token these are, or 0. Reads nothing from the store, as a Bayeux message's {@code auth} is
     * checked: a token is issued only to an account {@code /auth} has just verified, and no account is ever deleted
     * (each {@code GET /queue} and {@code GET /gamedata} read the account before, only to learn the id the token proves:
     * 3 % of the server's samples, the password hashes left out, while 2,000 clients logged in; JFR, session 19).
     */
    long authenticate(String id, String token) {
        long user = parseId(id);
        return user > 0 && tokens.check(user, token) ? user : 0;
    }

    /**
     * {@code self}'s view of the lobby ({@link DotsLobby#list}): at most {@link #VIEW} other waiting users within the
     * ratings and matching the name filter, by rating then name. The same users his session on {@code /game/queue} is
     * shown.
     */
    List<Map<String, Object>> queueFor(long self, int minRating, int maxRating, String nameFilter) {
        List<DotsLobby.Member> list;
        synchronized (lobbyLock) {
            list = lobby.list(self, new DotsLobby.Filter(minRating, maxRating, nameFilter));
        }
        deliver(); // a changed filter tells the owner's sessions of the members it drops
        List<Map<String, Object>> out = new ArrayList<>(list.size());
        for (DotsLobby.Member w : list) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("id", String.valueOf(w.user()));
            m.put("name", w.name());
            m.put("rating", String.valueOf(w.rating()));
            out.add(m);
        }
        return out;
    }

    /** {@code true} if {@code user} is in the lobby (the client kit waits for its client there). */
    boolean inLobby(long user) {
        synchronized (lobbyLock) {
            return lobby.contains(user);
        }
    }

    Optional<DotsGame> game(String channel) {
        return Optional.ofNullable(games.get(channel));
    }

    List<DotsGame> games() {
        return List.copyOf(games.values());
    }

    int waiting() {
        return lobby.size();
    }

    /** How many other waiting users a subscriber of the lobby is shown at most. */
    int viewSize() {
        return lobby.viewSize();
    }

    long gamesPlayed() {
        return gamesPlayed.get();
    }

    // ---------------------------------------------------------------- the Bayeux side

    @Override
    public void sessionAdded(ServerSession session, ServerMessage message) {
        if (session.isLocalSession()) {
            return;
        }
        String remote = "?";
        SocketAddress address = message == null || message.getBayeuxContext() == null ? null
                : message.getBayeuxContext().getRemoteAddress();
        if (address instanceof InetSocketAddress a) {
            remote = a.getAddress().getHostAddress() + ":" + a.getPort();
        }
        clients.put(session.getId(), new Client(CONNECTIONS.incrementAndGet(), remote));
    }

    @Override
    public void sessionRemoved(ServerSession session, ServerMessage message, boolean timeout) {
        leftLobbyChannel(session);
        Client client = clients.remove(session.getId());
        if (timeout && client != null) {
            // a client that stopped polling (or never began): only its session ends; its next message is answered
            // 402::Unknown client, and a silent player leaves the lobby or loses his game by the time rules
            host.log("dots: dropped " + client.remote + (client.name == null ? "" : " (" + client.name + ")")
                    + ": no /meta/connect for " + seconds(timers.silence()));
        }
    }

    @Override
    public boolean rcvMeta(ServerSession from, ServerMessage.Mutable message) {
        if (from == null || from.isLocalSession()) {
            return true;
        }
        Client client = clients.get(from.getId());
        tapIn(client, message, 0);
        String channel = message.getChannel();
        if (Channel.META_SUBSCRIBE.equals(channel) || Channel.META_UNSUBSCRIBE.equals(channel)) {
            long user = checkAuth(message);
            if (user <= 0) {
                return refuse(client, message, DotsWire.AUTH_REQUIRED);
            }
            remember(client, user);
            Object subscription = message.get(Message.SUBSCRIPTION_FIELD);
            if (!(subscription instanceof String s) || !(DotsWire.QUEUE_CHANNEL.equals(s) || GAME_CHANNEL.matcher(s).matches())) {
                return refuse(client, message, DotsWire.UNKNOWN_CHANNEL);
            }
            if (Channel.META_SUBSCRIBE.equals(channel)) {
                // a player's subscription to his game's channel is his first message there: he has reached the game
                DotsGame g = games.get(s.substring(DotsWire.GAME_CHANNEL_PREFIX.length()));
                if (g != null) {
                    g.seen(g.playerOf(user), now());
                }
            }
            return true;
        }
        if (Channel.META_DISCONNECT.equals(channel)) {
            long user = checkAuth(message);
            if (user > 0) {
                synchronized (lobbyLock) {
                    leaveLobby(user);
                }
                deliver();
            }
            return true;
        }
        message.remove("auth");
        return true;
    }

    @Override
    public boolean rcv(ServerSession from, ServerMessage.Mutable message) {
        if (from == null || from.isLocalSession()) {
            return true;
        }
        try {
            return receiveOrRefuse(from, message);
        } finally {
            deliver(); // what the message made the lobby send, now that its lock is let go
        }
    }

    private boolean receiveOrRefuse(ServerSession from, ServerMessage.Mutable message) {
        try {
            return receive(from, message);
        } catch (RuntimeException e) {
            // never let a message through unchecked: a failure here is a server error for this sender only
            host.log("dots: a message on " + message.getChannel() + " failed: " + e);
            java.util.logging.Logger.getLogger(DotsRoom.class.getName()).log(java.util.logging.Level.WARNING,
                    "a message on " + message.getChannel() + " failed", e);
            return refuse(clients.get(from.getId()), message, "500::Server error");
        }
    }

    private boolean receive(ServerSession from, ServerMessage.Mutable message) {
        Client client = clients.get(from.getId());
        String channel = message.getChannel();
        DotsGame g = channel == null ? null : games.get(channel.substring(Math.min(channel.length(), DotsWire.GAME_CHANNEL_PREFIX.length())));
        tapIn(client, message, g == null ? 0 : g.matchId());
        if (client != null && !withinRate(client)) {
            if (++client.refusedInRow > FLOOD_LIMIT) {
                host.log("dots: disconnecting " + client.remote + (client.name == null ? "" : " (" + client.name + ")")
                        + ": more than " + FLOOD_LIMIT + " messages refused in a row for flooding");
                from.disconnect();
            }
            return refuse(client, message, DotsWire.TOO_MANY);
        }
        long user = checkAuth(message);
        if (user <= 0) {
            return refuse(client, message, DotsWire.AUTH_REQUIRED);
        }
        remember(client, user);
        Object raw = message.getData();
        if (!(raw instanceof Map<?, ?>)) {
            return refuse(client, message, DotsWire.BAD_REQUEST);
        }
        @SuppressWarnings("unchecked")
        Map<String, Object> data = new LinkedHashMap<>((Map<String, Object>) raw);
        data.put("id", String.valueOf(user));
        String error;
        if (DotsWire.QUEUE_CHANNEL.equals(channel)) {
            error = queue(client, user, data);
        } else if (channel != null && GAME_CHANNEL.matcher(channel).matches()) {
            error = g == null ? DotsWire.GAME_NOT_FOUND : game(g, user, data);
        } else {
            error = DotsWire.UNKNOWN_CHANNEL;
        }
        if (error != null) {
            return refuse(client, message, error);
        }
        if (client != null) {
            client.refusedInRow = 0;
            if (g != null && "move".equals(data.get("type"))) {
                refund(client); // a move taken in turn is paced by the opponent: two fast bots are not a flood
            }
        }
        ServerMessage.Mutable reply = message.getAssociated();
        if (reply != null) {
            reply.setSuccessful(true);
            if (reply instanceof ServerMessageImpl impl) {
                impl.setHandled(true);
            }
        }
        return false; // what the others get was published by the room
    }

    private boolean withinRate(Client client) {
        synchronized (client) {
            long now = System.nanoTime();
            if (now - client.windowStart > 1_000_000_000L) {
                client.windowStart = now;
                client.inWindow = 0;
            }
            return ++client.inWindow <= MESSAGES_PER_SECOND;
        }
    }

    private void refund(Client client) {
        synchronized (client) {
            if (client.inWindow > 0) {
                client.inWindow--;
            }
        }
    }

    private void remember(Client client, long user) {
        if (client != null && client.user != user) {
            long read = System.nanoTime();
            Accounts.Account a = accounts.account(user).orElse(null);
            client.user = user;
            client.name = a == null ? null : a.name();
            client.account = a;
            client.accountRead = read;
            if (client.name != null) {
                names.put(user, client.name);
            }
        }
    }

    /**
     * The account {@code user} joins the lobby with: the one his session read when it first wrote, the first time it
     * joins and if no game of his has been rated since; else read now. A login (subscribe, then a heartbeat at once)
     * read the same account twice: 8 % of the server's samples while 2,000 clients logged in (JFR, session 19).
     */
    private Accounts.Account accountToJoin(Client client, long user) {
        Accounts.Account kept = client == null || client.user != user ? null : client.account;
        if (kept != null) {
            client.account = null;
            Long rated = lastRated.get(user);
            if (rated == null || rated - client.accountRead < 0) {
                return kept;
            }
        }
        return accounts.account(user).orElse(null);
    }

    private boolean refuse(Client client, ServerMessage.Mutable message, String error) {
        ServerMessage.Mutable reply = message.getAssociated();
        if (reply != null) {
            reply.setSuccessful(false);
            reply.put(Message.ERROR_FIELD, error);
            Object subscription = message.get(Message.SUBSCRIPTION_FIELD);
            if (subscription != null) {
                reply.put(Message.SUBSCRIPTION_FIELD, subscription);
            }
            if (reply instanceof ServerMessageImpl impl) {
                impl.setHandled(true);
            }
        }
        if (client != null && host.tapping()) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("channel", message.getChannel());
            m.put("successful", false);
            m.put("error", error);
            host.tapFrame(client.connectionId, client.remote, client.name, false,
                    Json.write(m).getBytes(StandardCharsets.UTF_8), 0, null);
        }
        return false;
    }

    /** The user id of a message's valid {@code auth}, removed from the message; 0 if missing or wrong. */
    private long checkAuth(ServerMessage.Mutable message) {
        Object auth = message.remove("auth");
        if (!(auth instanceof Map<?, ?> map)) {
            return 0;
        }
        long user = parseId(map.get("id"));
        Object token = map.get("token");
        return user > 0 && token instanceof String t && tokens.check(user, t) ? user : 0;
    }

    static long parseId(Object id) {
        if (id instanceof Number n && n.doubleValue() == n.longValue()) {
            return n.longValue();
        }
        if (id instanceof String s && !s.isEmpty() && s.length() < 19 && s.chars().allMatch(Character::isDigit)) {
            return Long.parseLong(s);
        }
        return 0;
    }

    // ---------------------------------------------------------------- /game/queue

    private String queue(Client client, long user, Map<String, Object> data) {
        Object type = data.get("type");
        if (!(type instanceof String t)) {
            return DotsWire.BAD_REQUEST;
        }
        // the store is read before the lobby's lock is taken, and only for a user not yet in the lobby: a heartbeat of
        // a waiting user (every 5 s each) reads nothing (session 17 saw each pairing step take ~100 ms with the CPU idle)
        Accounts.Account account = null;
        if ("heartbeat".equals(t) || "request".equals(t)) {
            boolean waiting;
            synchronized (lobbyLock) {
                waiting = "heartbeat".equals(t) ? lobby.stillThere(user) : lobby.contains(user);
                if (waiting && "heartbeat".equals(t)) {
                    // a waiting user's heartbeat (every 5 s each, most of the lobby's messages): done under this one hold
                    // of the lock. The lock is the lobby's bottleneck while a class pairs (JFR, 2,000 WebSocket clients:
                    // waits of up to 9 s for it), and over WebSocket a frame waiting for it holds up everything its
                    // client sent after it, its /meta/connect too
                    tell(DotsLobby.heartbeat(lobby.member(user).orElseThrow()), user);
                    return null;
                }
            }
            if (!waiting) {
                account = accountToJoin(client, user);
                if (account == null) {
                    return DotsWire.AUTH_REQUIRED;
                }
            }
        }
        synchronized (lobbyLock) {
            switch (t) {
                case "heartbeat" -> {
                    if (account != null) {
                        if (lobby.beat(user, account.name(), account.rating())) {
                            tap(DotsLobby.heartbeat(new DotsLobby.Member(user, account.name(), account.rating())), "its viewers");
                        }
                    } else if (!lobby.contains(user)) {
                        return null; // he left between the two looks (a game began): his next heartbeat joins again
                    }
                    DotsLobby.Member me = lobby.member(user).orElse(null);
                    if (me == null) {
                        // he began a game and this was sent before he knew (DotsLobby.played): not back in the lobby
                        me = new DotsLobby.Member(user, account.name(), account.rating());
                    }
                    // the sender is sent his own heartbeat, every time (the seed's clients read their rating from it)
                    tell(DotsLobby.heartbeat(me), user);
                    return null;
                }
                case "quit" -> {
                    leaveLobby(user);
                    lobby.played(user); // he has left the lobby's page: his next heartbeat brings him back
                    tell(DotsLobby.quit(user), user);
                    return null;
                }
                case "request" -> {
                    long target = parseId(data.get("target"));
                    if (target <= 0) {
                        return DotsWire.BAD_REQUEST;
                    }
                    if (target == user || !lobby.contains(target)) {
                        return DotsWire.NOT_ALLOWED;
                    }
                    String error = addRequest(user, "newgame", target);
                    if (error != null) {
                        return error;
                    }
                    if (crossingRule && invites(target, user, System.nanoTime())) {
                        // crossing invitations: the target invited the sender first, and that invitation stands. The
                        // sender's is taken as his accepting it (the seed's clients each ignore the other's invitation
                        // while their own stands, so both would wait for an answer that never comes)
                        Request mine = requests.get(user);
                        requests.put(user, new Request(mine.type(), mine.target(), mine.madeNanos(), true));
                        acceptInvitation(target, user, data);
                        return null;
                    }
                    DotsLobby.Member a = lobby.member(user).orElse(null);
                    String name = a != null ? a.name() : account != null ? account.name() : nameOf(user);
                    int rating = a != null ? a.rating() : account != null ? account.rating() : 0;
                    data.put("target", String.valueOf(target));
                    data.put("user", Map.of("name", name, "rating", String.valueOf(rating)));
                    // the target is sent it unless an invitation sent him before stands: the seed's page ignores every
                    // invitation while one is open (its countdown), and so one user is sent at most one at a time
                    Long before = offered.get(target);
                    if (before != null && before != user && invites(before, target, System.nanoTime())) {
                        tap(data, "the sender (not sent to " + target + ": an invitation to him stands)");
                        tell(data, user);
                    } else {
                        offered.put(target, user);
                        tell(data, user, target);
                    }
                    return null;
                }
                case "accept" -> {
                    long inviter = parseId(data.get("target"));
                    if (inviter <= 0 || !invites(inviter, user, System.nanoTime())) {
                        return DotsWire.NOT_ALLOWED;
                    }
                    acceptInvitation(inviter, user, data);
                    return null;
                }
                case "decline" -> {
                    long init = parseId(data.get("init"));
                    long target = parseId(data.get("target"));
                    if (user != init && user != target) {
                        return DotsWire.NOT_ALLOWED;
                    }
                    Request r = requests.get(init);
                    if (r == null || r.used() || !"newgame".equals(r.type()) || r.target() != target) {
                        return DotsWire.NOT_ALLOWED;
                    }
                    requests.remove(init);
                    offered.remove(target, init);
                    data.put("init", String.valueOf(init));
                    data.put("target", String.valueOf(target));
                    tell(data, init, target);
                    return null;
                }
                default -> {
                    return "newgame".equals(t) ? DotsWire.NOT_ALLOWED : DotsWire.BAD_REQUEST;
                }
            }
        }
    }

    /** {@code true} if {@code inviter}'s invitation to {@code target} stands (made, not taken, not lapsed). */
    private boolean invites(long inviter, long target, long now) {
        Request r = requests.get(inviter);
        return r != null && !r.used() && "newgame".equals(r.type()) && r.target() == target && !lapsed(r, now);
    }

    /**
     * {@code acceptor} takes {@code inviter}'s standing invitation: everybody hears the {@code accept} (with
     * {@code data}'s id, the acceptor's) and the {@code newgame}, in which the inviter is player 1. An invitation
     * of the acceptor's own to somebody else that still stands is withdrawn, as a {@code decline} from him: a
     * player who begins a game cannot begin a second one by that invitation.
     */
    private void acceptInvitation(long inviter, long acceptor, Map<String, Object> data) {
        Request r = requests.get(inviter);
        requests.put(inviter, new Request(r.type(), r.target(), r.madeNanos(), true));
        data.put("type", "accept");
        data.remove("user");
        data.put("target", String.valueOf(inviter));
        offered.remove(acceptor, inviter);
        tell(data, acceptor, inviter);
        Request own = requests.get(acceptor);
        if (own != null && invites(acceptor, own.target(), System.nanoTime())) {
            requests.put(acceptor, new Request(own.type(), own.target(), own.madeNanos(), true));
            Map<String, Object> withdrawn = new LinkedHashMap<>();
            withdrawn.put("type", "decline");
            withdrawn.put("init", String.valueOf(acceptor));
            withdrawn.put("target", String.valueOf(own.target()));
            withdrawn.put("id", String.valueOf(acceptor));
            offered.remove(own.target(), acceptor);
            tell(withdrawn, acceptor, own.target());
        }
        newGame(inviter, acceptor);
    }

    /**
     * Forgets {@code user}'s last request, so that his next one is taken at once: for the client kit's own
     * player only ({@link DotsClientServer#letKitPlayerRequestAgain}), whom the rule of one request in the
     * request's life would keep waiting without testing anything of the client's.
     */
    void forgetRequest(long user) {
        synchronized (lobbyLock) {
            requests.remove(user);
        }
    }

    /** One live request per user: a new one within the request life of the last is refused. */
    private String addRequest(long user, String type, long target) {
        long now = System.nanoTime();
        Request old = requests.get(user);
        if (old != null && !lapsed(old, now)) {
            return DotsWire.ALREADY_EXISTS;
        }
        requests.put(user, new Request(type, target, now, false));
        return null;
    }

    private boolean lapsed(Request r, long now) {
        return now - r.madeNanos() > timers.requestLife().toNanos();
    }

    /** Called with the lobby's lock held: reads nothing from the store (the names were read when the users first wrote). */
    private void newGame(long inviter, long acceptor) {
        String name1 = nameOf(inviter);
        String name2 = nameOf(acceptor);
        String channel;
        do {
            byte[] bytes = new byte[5];
            random.nextBytes(bytes);
            channel = HexFormat.of().formatHex(bytes);
        } while (games.containsKey(channel));
        DotsGame g = new DotsGame(this, host, game, channel, new long[] {inviter, acceptor}, new String[] {name1, name2}, now());
        // under way before anyone can learn of it: a GET /gamedata sent the moment newgame arrives found a game with no
        // position yet (a NullPointerException, answered 500, seen once in DotsTerminalClientTest at load 8)
        g.start();
        games.put(channel, g);
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("type", "newgame");
        data.put("id", 0);
        data.put("channel", channel);
        data.put("player_1", String.valueOf(inviter));
        data.put("player_2", String.valueOf(acceptor));
        tell(data, inviter, acceptor);
        // neither is sent the lobby's news of others while he plays (the seed's page unsubscribes from the lobby as it
        // opens the game; until that reaches the server his view churned on: DotsLobby.playing), the other's quit either
        lobby.playing(inviter);
        lobby.playing(acceptor);
        // both leave the lobby now (the seed's page quits it when it opens the game, a bot may not): nobody is shown a
        // player who is in a game, and his quit, when it comes, finds him gone
        leaveLobby(inviter);
        leaveLobby(acceptor);
        String started = "dots: game " + channel + " started: " + name1 + " (red, moves first) against " + name2;
        outbox.add(() -> host.log(started)); // not under the lobby's lock
    }

    /**
     * Called with the lobby's lock held: {@code user} leaves the lobby, if he is in it; its viewers are sent his
     * {@code quit} (shown once in the inspector).
     */
    private void leaveLobby(long user) {
        if (lobby.leave(user)) {
            tap(DotsLobby.quit(user), "its viewers");
        }
    }

    private String nameOf(long user) {
        String n = names.get(user);
        return n != null ? n : "player " + user;
    }

    // ---------------------------------------------------------------- /game/<channel>

    private String game(DotsGame g, long user, Map<String, Object> data) {
        if (g.isOver()) {
            return DotsWire.GAME_NOT_FOUND;
        }
        Object type = data.get("type");
        if (!(type instanceof String t)) {
            return DotsWire.BAD_REQUEST;
        }
        int player = g.playerOf(user);
        g.seen(player, now());
        data.put("player", player);
        switch (t) {
            case "heartbeat" -> {
                g.publish(data);
                return null;
            }
            case "move" -> {
                if (player == 0) {
                    return DotsWire.NOT_ALLOWED;
                }
                if (!(data.get("point") instanceof Map<?, ?> point) || !(point.get("x") instanceof Number x)
                        || !(point.get("y") instanceof Number y) || x.doubleValue() != x.intValue()
                        || y.doubleValue() != y.intValue()) {
                    return DotsWire.BAD_REQUEST;
                }
                if (g.toMove() != player) {
                    return DotsWire.NOT_ALLOWED;
                }
                return g.move(player, x.intValue(), y.intValue(), data);
            }
            case "request" -> {
                Object kind = data.get("requestType");
                if (player == 0 || !("draw".equals(kind) || "surrender".equals(kind))) {
                    return player == 0 ? DotsWire.NOT_ALLOWED : DotsWire.BAD_REQUEST;
                }
                synchronized (lobbyLock) {
                    String error = addRequest(user, (String) kind, g.userOf(3 - player));
                    if (error != null) {
                        return error;
                    }
                }
                g.publish(data);
                return null;
            }
            case "accept" -> {
                if (player == 0) {
                    return DotsWire.NOT_ALLOWED;
                }
                long other = g.userOf(3 - player);
                Request r;
                synchronized (lobbyLock) {
                    r = requests.get(other);
                    if (r == null || r.used() || r.target() != user || "newgame".equals(r.type())
                            || lapsed(r, System.nanoTime())) {
                        return DotsWire.NOT_ALLOWED;
                    }
                    requests.put(other, new Request(r.type(), r.target(), r.madeNanos(), true));
                }
                // what was offered decides, not what the accepting message says
                data.put("requestType", r.type());
                g.publish(data);
                g.agree("draw".equals(r.type()) ? DotsGame.Agreement.DRAW : DotsGame.Agreement.SCORE);
                return null;
            }
            case "decline" -> {
                if (player == 0) {
                    return DotsWire.NOT_ALLOWED;
                }
                int init = data.get("init") instanceof Number n ? n.intValue() : (int) parseId(data.get("init"));
                int target = data.get("target") instanceof Number n ? n.intValue() : (int) parseId(data.get("target"));
                if ((init != 1 && init != 2) || target != 3 - init || (player != init && player != target)) {
                    return DotsWire.NOT_ALLOWED;
                }
                synchronized (lobbyLock) {
                    Request r = requests.get(g.userOf(init));
                    if (r == null || r.used() || r.target() != g.userOf(target) || "newgame".equals(r.type())) {
                        return DotsWire.NOT_ALLOWED;
                    }
                    requests.remove(g.userOf(init));
                }
                g.publish(data);
                return null;
            }
            case "quit" -> {
                g.publish(data);
                if (player != 0) {
                    g.forfeit(player, MatchOutcome.Ending.ERROR, g.names[player - 1] + " left the game");
                }
                return null;
            }
            default -> {
                return "gameover".equals(t) ? DotsWire.NOT_ALLOWED : DotsWire.BAD_REQUEST;
            }
        }
    }

    // ---------------------------------------------------------------- what games report

    /** Updates and stores both players' ratings after a game ({@code winner}: 1, 2, or 0 for a draw). */
    void rated(DotsGame g, int winner) {
        synchronized (lobbyLock) {
            // the game is over: a heartbeat of either brings him back into the lobby (DotsLobby.played)
            lobby.played(g.users[0]);
            lobby.played(g.users[1]);
        }
        Optional<Accounts.Account> a = accounts.account(g.users[0]);
        Optional<Accounts.Account> b = accounts.account(g.users[1]);
        if (a.isEmpty() || b.isEmpty()) {
            return;
        }
        int[] next = SeedElo.update(a.get().rating(), b.get().rating(), winner == 0 ? 0.5 : winner == 1 ? 1 : 0);
        accounts.setRatings(g.users[0], next[0], g.users[1], next[1]);
        long now = System.nanoTime();
        lastRated.put(g.users[0], now);
        lastRated.put(g.users[1], now);
        synchronized (lobbyLock) {
            // a player already back in the lobby (with another tab) is shown again with his new rating
            for (int i = 0; i < 2; i++) {
                Optional<DotsLobby.Member> m = lobby.member(g.users[i]);
                if (m.isPresent() && m.get().rating() != next[i]) {
                    lobby.beat(g.users[i], m.get().name(), next[i]);
                }
            }
        }
        deliver();
        host.log("dots: game " + g.channel + " over: " + g.names[0] + " " + a.get().rating() + " -> " + next[0] + ", "
                + g.names[1] + " " + b.get().rating() + " -> " + next[1]);
    }

    void ended(DotsGame g) {
        games.remove(g.channel, g);
        gamesPlayed.incrementAndGet();
    }

    /**
     * Sends {@code data} on {@code /game/queue} to every lobby session of each of {@code users} (the lobby's news goes
     * only to those it concerns), and shows it once in the inspector.
     */
    private void tell(Map<String, Object> data, long... users) {
        StringBuilder to = new StringBuilder(users.length == 1 ? "user " : "users ");
        for (int i = 0; i < users.length; i++) {
            to.append(i == 0 ? "" : " and ").append(users[i]);
        }
        tap(data, to.toString());
        for (long u : users) {
            lobby.tell(u, data);
        }
    }

    /** Shows a message of the server's on {@code /game/queue} in the inspector, with whom it went to. */
    private void tap(Map<String, Object> data, String to) {
        tap(DotsWire.QUEUE_CHANNEL, data, to, 0);
    }

    /** Shows a message of the server's on {@code channel} in the inspector, with whom it went to. */
    private void tap(String channel, Map<String, Object> data, String to, long matchId) {
        if (host.tapping()) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("channel", channel);
            m.put("data", data);
            host.tapFrame(0, to, null, false, Json.write(m).getBytes(StandardCharsets.UTF_8), matchId, null);
        }
    }

    /** A Bayeux session on {@code /game/queue}, as the lobby sends to it. */
    private final class LobbySession implements DotsLobby.Subscriber {
        final ServerSession session;
        final long user;

        LobbySession(ServerSession session, long user) {
            this.session = session;
            this.user = user;
        }

        /** Called with the lobby's lock held: delivered after, by the outbox, in the order sent. */
        @Override
        public void send(Map<String, Object> data) {
            outbox.add(() -> session.deliver(server, message(data), Promise.noop()));
        }

        /**
         * Called with the lobby's lock held: delivered after, by the outbox, in the order sent. One message for all:
         * frozen by the outbox's thread for the first (its JSON written once), then delivered to each session as it is.
         */
        @Override
        public void send(DotsLobby.Shared shared) {
            outbox.add(() -> deliver(shared));
        }

        private void deliver(DotsLobby.Shared shared) {
            ServerMessage.Mutable m;
            if (shared.made instanceof ServerMessage.Mutable made) {
                m = made;
            } else {
                m = message(shared.data);
                if (bayeux instanceof org.cometd.server.BayeuxServerImpl impl) {
                    impl.freeze(m);
                }
                shared.made = m;
            }
            session.deliver(server, m, Promise.noop());
        }

        private ServerMessage.Mutable message(Map<String, Object> data) {
            ServerMessage.Mutable m = bayeux.newMessage();
            m.setChannel(DotsWire.QUEUE_CHANNEL);
            m.setData(data);
            return m;
        }
    }

    @Override
    public void subscribed(ServerSession session, ServerChannel channel, ServerMessage message) {
        if (session == null || session.isLocalSession() || !DotsWire.QUEUE_CHANNEL.equals(channel.getId())) {
            return;
        }
        Client client = clients.get(session.getId());
        if (client == null || client.user <= 0) {
            return;
        }
        LobbySession s = new LobbySession(session, client.user);
        LobbySession old = lobbySessions.put(session.getId(), s);
        synchronized (lobbyLock) {
            if (old != null) {
                lobby.unsubscribed(old.user, old);
            }
            lobby.subscribed(s.user, s);
        }
        deliver();
        // its view goes out once the answer to its subscription has: a Faye client drops messages on a channel whose
        // subscription it has not been answered yet
        host.timer().schedule(() -> {
            synchronized (lobbyLock) {
                lobby.settle(s.user, s);
            }
            deliver();
        }, SETTLE_MILLIS, TimeUnit.MILLISECONDS);
    }

    @Override
    public void unsubscribed(ServerSession session, ServerChannel channel, ServerMessage message) {
        if (session != null && DotsWire.QUEUE_CHANNEL.equals(channel.getId())) {
            leftLobbyChannel(session);
        }
    }

    private void leftLobbyChannel(ServerSession session) {
        LobbySession s = lobbySessions.remove(session.getId());
        if (s != null) {
            synchronized (lobbyLock) {
                lobby.unsubscribed(s.user, s);
            }
            deliver();
        }
    }

    /** Publishes {@code data} on {@code channel} as the server (and shows it in the inspector). */
    void publish(String channel, Map<String, Object> data, long matchId) {
        tap(channel, data, "all subscribers", matchId);
        bayeux.createChannelIfAbsent(channel);
        bayeux.getChannel(channel).publish(server, data, Promise.noop());
    }

    private void tapIn(Client client, ServerMessage.Mutable message, long matchId) {
        if (client == null || !host.tapping()) {
            return;
        }
        host.tapFrame(client.connectionId, client.remote, client.name, true,
                Json.write(new LinkedHashMap<>(message)).getBytes(StandardCharsets.UTF_8), matchId, null);
    }

    // ---------------------------------------------------------------- the time rules

    /** Applies the time rules now (the server's timer calls it every {@link DotsWire.Timers#sweepEvery()}; tests too). */
    void sweep() {
        try {
            // silence counts on the clock that stands still while a request waits to be read: a client whose heartbeat
            // arrived in time is not silent because the server is late (Arrivals); requests lapse on the wall clock
            long now = System.nanoTime();
            long heard = arrivals.clock(now());
            long silence = timers.silence().toNanos();
            synchronized (lobbyLock) {
                for (long gone : lobby.dropSilent(heard, silence)) {
                    tap(DotsLobby.quit(gone), "its viewers");
                }
                requests.values().removeIf(r -> lapsed(r, now));
                offered.entrySet().removeIf(o -> !invites(o.getValue(), o.getKey(), now));
                lobby.sweep(UNUSED_VIEW_NANOS);
            }
            deliver();
            for (DotsGame g : List.copyOf(games.values())) {
                // a player who has not yet reached his game has the reach time from its start, not the silence limit
                DotsGame.Silent s = g.silent(heard, silence, timers.reach().toNanos());
                if (s != null && !g.isOver()) {
                    String why = s.reached() ? " sent nothing for " + seconds(timers.silence())
                            : " sent nothing for " + seconds(timers.reach()) + " from the game's start";
                    g.forfeit(s.player(), MatchOutcome.Ending.TIMEOUT, g.names[s.player() - 1] + why);
                }
            }
        } catch (RuntimeException e) {
            host.log("dots: the time rules failed: " + e);
        }
        try {
            tokens.saveIfDue();
        } catch (RuntimeException e) {
            host.log("dots: " + e.getMessage());
        }
    }

    /** {@code d} as the time rules' messages say it: {@code 10.0 s}. */
    private static String seconds(Duration d) {
        return d.toMillis() / 1000.0 + " s";
    }
}
