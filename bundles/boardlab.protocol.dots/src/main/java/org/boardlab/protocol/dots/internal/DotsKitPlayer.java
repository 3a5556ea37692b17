package org.boardlab.protocol.dots.internal;

import com.fasterxml.jackson.core.type.TypeReference;
import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Predicate;
import org.boardlab.conform.Check;
import org.boardlab.conform.Frame;
import org.boardlab.conform.ScenarioContext;
import org.boardlab.protocol.dots.DotsWire;
import org.cometd.bayeux.Channel;
import org.cometd.bayeux.Message;
import org.cometd.bayeux.client.ClientSession;
import org.cometd.client.BayeuxClient;
import org.cometd.client.http.jetty.JettyHttpClientTransport;
import org.cometd.client.transport.ClientTransport;
import org.cometd.common.HashMapMessage;
import org.eclipse.jetty.client.ContentResponse;
import org.eclipse.jetty.client.FormRequestContent;
import org.eclipse.jetty.client.HttpClient;
import org.eclipse.jetty.client.Request;
import org.eclipse.jetty.client.StringRequestContent;
import org.eclipse.jetty.http.HttpCookieStore;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.HttpMethod;
import org.eclipse.jetty.util.Fields;
import org.eclipse.jetty.util.thread.QueuedThreadPool;

/**
 * One player of the Dots kit ({@link DotsKit}) against a server under test: the seed's HTTP routes on
 * Jetty's HTTP client and the Bayeux channels over long-polling on CometD's Java client, as the seed's
 * clients speak them (the top-level {@code auth} on every publish, subscribe, unsubscribe and
 * disconnect; heartbeats), every exchange kept in the run's frames:
 * <ul>
 * <li>an HTTP request as one sent frame ({@code POST /auth name=...&password=...}, or the method and the
 * path with its query), its answer as one received frame ({@code HTTP 200 application/json ...}: the
 * status, the content type, the {@code Access-Control-Allow-Origin} header and the body);</li>
 * <li>each Bayeux message as one frame, its JSON as the CometD client wrote it after the kit's
 * {@code auth} was added, or as it read it; the long polls ({@code /meta/connect}) are left out unless
 * refused, and a reply the CometD client made up itself because a request failed says so.</li>
 * </ul>
 * Messages delivered to the player are kept until a scenario takes them ({@link #expect}): they may
 * arrive in any order (README: a message reaches its subscribers in the answer to whichever of their
 * requests comes first), so an expectation waits for the message it names and leaves the others.
 */
final class DotsKitPlayer implements AutoCloseable {

    /** Which {@code auth} a message carries. */
    enum Auth {
        /** The player's own id and token. */
        OWN,
        /** None. */
        NONE,
        /** The player's id with a token that is not his ({@link #WRONG_TOKEN}). */
        WRONG_TOKEN
    }

    /** The token the kit sends as a wrong one: 20 hex digits, the form of a real one. */
    static final String WRONG_TOKEN = "0123456789abcdef0123";

    private static final String AUTH_MARK = "boardlab.kit.auth";
    private static final TypeReference<Map<String, Object>> MAP = new TypeReference<>() {
    };
    private static final ScheduledExecutorService TIMER = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "dots-kit-heartbeats");
        t.setDaemon(true);
        return t;
    });
    private static HttpClient shared;

    /** A message delivered to the player: its channel, its {@code data}, its frame. */
    record Delivered(String channel, Map<String, Object> data, Frame frame) {
        /** The data's {@code type}. */
        String type() {
            return String.valueOf(data.get("type"));
        }
    }

    /** The server's reply to a publish or a subscribe ({@code sent}: the message it answers). */
    record Reply(boolean successful, String error, Frame sent, Frame frame) {
        String describe() {
            return successful ? "successful" : "refused: " + error;
        }
    }

    /** An HTTP answer (status 0: none came). */
    record HttpAnswer(int status, String contentType, String cors, String body, Frame frame) {
        String describe() {
            return status == 0 ? "no answer" : status + " " + (contentType == null ? "(no content type)" : contentType) + " " + body.strip();
        }
    }

    final String name;
    final String password;
    private final ScenarioContext ctx;
    private final String base;
    private final List<Delivered> inbox = new ArrayList<>();
    private final Map<String, Frame> replies = new ConcurrentHashMap<>();
    private final Map<String, Frame> sentById = new ConcurrentHashMap<>();
    private volatile BayeuxClient bayeux;
    private volatile String id;
    private volatile String token;
    private volatile Frame lastSent;
    private volatile String home;
    private ScheduledFuture<?> beats;

    /** A player called {@code name} (its connection in the frames) of the server under test; nothing is sent yet. */
    DotsKitPlayer(ScenarioContext ctx, String name) {
        this.ctx = ctx;
        this.name = name;
        this.password = "kit-" + name;
        String host = ctx.host();
        this.base = "http://" + (host.contains(":") && !host.startsWith("[") ? "[" + host + "]" : host) + ":" + ctx.port();
    }

    /** The user id {@code /auth} gave, or {@code null}. */
    String id() {
        return id;
    }

    /** The token {@code /auth} gave, or {@code null}. */
    String token() {
        return token;
    }

    /** The last frame the player sent. */
    Frame lastSent() {
        return lastSent;
    }

    // ================================================================ HTTP

    /**
     * One HTTP client for every kit player: daemon threads, no cookies kept (the seed's clients send
     * none back, and a server that counts a browser's sessions by cookie would take two players for one).
     */
    static synchronized HttpClient http() {
        if (shared == null) {
            QueuedThreadPool pool = new QueuedThreadPool();
            pool.setName("dots-kit-http");
            pool.setDaemon(true);
            HttpClient c = new HttpClient();
            c.setExecutor(pool);
            c.setName("dots-kit-http");
            c.setConnectTimeout(10_000);
            c.setMaxConnectionsPerDestination(1_000);
            c.setHttpCookieStore(new HttpCookieStore.Empty());
            // the client kit's server tells its own player's requests from the client's under test by it
            c.setUserAgentField(new org.eclipse.jetty.http.HttpField(org.eclipse.jetty.http.HttpHeader.USER_AGENT, DotsClientServer.KIT_AGENT));
            try {
                c.start();
            } catch (Exception e) {
                throw new IllegalStateException("cannot start an HTTP client: " + e.getMessage(), e);
            }
            // a 401 without a challenge is an answer of the seed's, not a protocol error of HTTP's
            c.getProtocolHandlers().remove(org.eclipse.jetty.client.WWWAuthenticationProtocolHandler.NAME);
            shared = c;
        }
        return shared;
    }

    /** How long an HTTP answer may take: a login is a slow password hash, seconds on a busy machine. */
    private Duration httpTime() {
        return ctx.settings().answerTime().plusSeconds(20);
    }

    /** {@code POST path} with a form of {@code name, value, ...}. */
    HttpAnswer post(String path, String... fields) {
        Fields f = new Fields();
        StringBuilder form = new StringBuilder();
        for (int i = 0; i < fields.length; i += 2) {
            f.put(fields[i], fields[i + 1]);
            form.append(i == 0 ? "" : "&").append(fields[i]).append('=').append(URLEncoder.encode(fields[i + 1], StandardCharsets.UTF_8));
        }
        Request r = http().newRequest(URI.create(base + path)).method(HttpMethod.POST).body(new FormRequestContent(f));
        return exchange(r, "POST " + path + " " + form);
    }

    /** {@code GET path?name=value&...}. */
    HttpAnswer get(String path, String... params) {
        StringBuilder q = new StringBuilder(path);
        for (int i = 0; i < params.length; i += 2) {
            q.append(i == 0 ? '?' : '&').append(params[i]).append('=').append(URLEncoder.encode(params[i + 1], StandardCharsets.UTF_8));
        }
        return exchange(http().newRequest(URI.create(base + q)).method(HttpMethod.GET), "GET " + q);
    }

    /** {@code POST path} with a body of this type as it is (bytes no client library would send). */
    HttpAnswer postRaw(String path, String contentType, String body) {
        Request r = http().newRequest(URI.create(base + path)).method(HttpMethod.POST).body(new StringRequestContent(contentType, body));
        return exchange(r, "POST " + path + " (" + contentType + ") " + body);
    }

    private HttpAnswer exchange(Request request, String line) {
        lastSent = ctx.recorder().record(name, Frame.Direction.SENT, line.getBytes(StandardCharsets.UTF_8), line);
        Duration within = httpTime();
        ContentResponse r;
        try {
            r = request.timeout(within.toMillis(), TimeUnit.MILLISECONDS).send();
        } catch (TimeoutException e) {
            Frame f = ctx.recorder().record(name, Frame.Direction.EVENT, new byte[0], "no HTTP answer within " + within.toSeconds() + " s");
            return new HttpAnswer(0, null, null, "", f);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        } catch (ExecutionException e) {
            Throwable c = e.getCause() == null ? e : e.getCause();
            if (c instanceof TimeoutException) {
                Frame f = ctx.recorder().record(name, Frame.Direction.EVENT, new byte[0], "no HTTP answer within " + within.toSeconds() + " s");
                return new HttpAnswer(0, null, null, "", f);
            }
            throw new IllegalStateException("cannot reach " + base + ": " + (c.getMessage() == null ? c.toString() : c.getMessage()), c);
        }
        String type = r.getHeaders().get(HttpHeader.CONTENT_TYPE);
        String cors = r.getHeaders().get(HttpHeader.ACCESS_CONTROL_ALLOW_ORIGIN);
        String body = r.getContentAsString();
        String raw = "HTTP/1.1 " + r.getStatus() + "\r\n" + (type == null ? "" : "Content-Type: " + type + "\r\n")
                + (cors == null ? "" : "Access-Control-Allow-Origin: " + cors + "\r\n") + "\r\n" + body;
        String decoded = "HTTP " + r.getStatus() + " " + (type == null ? "(no content type)" : type) + (cors == null ? "" : " (CORS " + cors + ")") + " "
                + body.strip();
        Frame f = ctx.recorder().record(name, Frame.Direction.RECEIVED, raw.getBytes(StandardCharsets.UTF_8), decoded);
        return new HttpAnswer(r.getStatus(), type, cors, body, f);
    }

    /**
     * Registers the player ({@code POST /register}) and logs in ({@code POST /auth}); either refused
     * fails {@code check}.
     */
    void account(Check check) {
        HttpAnswer reg = post("/register", "name", name, "password", password);
        if (reg.status() != 200) {
            Frame request = lastSent;
            // the name may be this run's already (an earlier scenario made it, then failed before it kept the token)
            HttpAnswer a = post("/auth", "name", name, "password", password);
            if (a.status() != 200 || !keep(a)) {
                throw ctx.fail(check, "200 to POST /register of a new name", reg.describe(), List.of(request, reg.frame()));
            }
            return;
        }
        login(check);
    }

    /** Keeps the id and the token of a 200 answer to {@code /auth}; {@code false} if it has not both. */
    private boolean keep(HttpAnswer a) {
        try {
            Map<String, Object> m = Json.MAPPER.readValue(a.body(), MAP);
            Object i = m == null ? null : m.get("id");
            if (i == null || !(m.get("token") instanceof String t)) {
                return false;
            }
            id = i instanceof Number n ? String.valueOf(n.longValue()) : String.valueOf(i);
            token = t;
            return true;
        } catch (java.io.IOException e) {
            return false;
        }
    }

    /** Uses an account this run has already made and logged in (its id and token; the token is good for 24 h). */
    void adopt(String userId, String userToken) {
        id = userId;
        token = userToken;
    }

    /** {@code POST /auth}: keeps the id and the token; anything but 200 with both fails {@code check}. */
    void login(Check check) {
        HttpAnswer a = post("/auth", "name", name, "password", password);
        if (a.status() != 200) {
            throw ctx.fail(check, "200 to POST /auth with the right password", a.describe(), List.of(lastSent, a.frame()));
        }
        if (!keep(a)) {
            throw ctx.fail(check, "{\"id\":...,\"token\":...} from POST /auth", a.describe(), List.of(a.frame()));
        }
    }

    // ================================================================ Bayeux

    /** Shakes hands with {@code /game} (long-polling); a refusal or no answer fails {@code check}. */
    void handshake(Check check) throws InterruptedException {
        Map<String, Object> options = new HashMap<>();
        options.put(ClientTransport.JSON_CONTEXT_OPTION, new ClientJson());
        options.put(ClientTransport.MAX_NETWORK_DELAY_OPTION, 60_000L);
        BayeuxClient b = new BayeuxClient(base + DotsWire.BAYEUX_PATH, new JettyHttpClientTransport(options, http()));
        b.addExtension(new Recorder());
        bayeux = b;
        CompletableFuture<Message> done = new CompletableFuture<>();
        b.handshake(done::complete);
        Duration within = ctx.settings().answerTime().plus(httpTime());
        Message reply = await(done, within);
        if (reply == null) {
            Frame none = ctx.recorder().record(name, Frame.Direction.EVENT, new byte[0], "no reply to /meta/handshake within " + seconds(within));
            throw ctx.fail(check, "a reply to /meta/handshake", "nothing within " + seconds(within), frames(lastSent, none));
        }
        if (!reply.isSuccessful()) {
            Frame f = frameOf(reply);
            throw ctx.fail(check, "a successful /meta/handshake", f.decoded(), List.of(f));
        }
    }

    /**
     * Registers and logs in (unless the player {@linkplain #adopt adopted} an account), shakes hands, subscribes to the
     * lobby and joins it (a heartbeat, then one every few seconds).
     */
    void enterLobby(Check check) throws InterruptedException {
        if (id == null) {
            account(check);
        }
        handshake(check);
        Reply s = subscribe(check, DotsWire.QUEUE_CHANNEL, Auth.OWN);
        if (!s.successful()) {
            throw ctx.fail(check, "a successful subscribe to /game/queue", s.describe(), frames(s.sent(), s.frame()));
        }
        publishOk(check, DotsWire.QUEUE_CHANNEL, DotsKit.data("type", "heartbeat"));
        beat(DotsWire.QUEUE_CHANNEL);
    }

    /** Subscribes to {@code channel} with this {@code auth}; no reply in time fails {@code check}. */
    Reply subscribe(Check check, String channel, Auth auth) throws InterruptedException {
        Message.Mutable m = new HashMapMessage();
        m.put(AUTH_MARK, auth);
        CompletableFuture<Message> done = new CompletableFuture<>();
        bayeux.getChannel(channel).subscribe(m, (c, msg) -> {
        }, done::complete);
        return reply(check, done, "subscribe to " + channel, m);
    }

    /** Publishes {@code data} on {@code channel} with the player's own auth and waits for the reply. */
    Reply publish(Check check, String channel, Map<String, Object> data) throws InterruptedException {
        return publish(check, channel, data, Auth.OWN);
    }

    /** Publishes {@code data} on {@code channel} with this {@code auth} and waits for the reply; none in time fails {@code check}. */
    Reply publish(Check check, String channel, Map<String, Object> data, Auth auth) throws InterruptedException {
        Message.Mutable m = new HashMapMessage();
        return reply(check, publishAsync(m, channel, data, auth), "publish on " + channel, m);
    }

    /** Publishes {@code data} and waits for the reply, which must be successful, else {@code check} fails. */
    Reply publishOk(Check check, String channel, Map<String, Object> data) throws InterruptedException {
        Reply r = publish(check, channel, data);
        if (!r.successful()) {
            throw ctx.fail(check, "the server takes " + Json.write(data) + " on " + channel, r.describe(), frames(r.sent(), r.frame()));
        }
        return r;
    }

    private CompletableFuture<Message> publishAsync(String channel, Map<String, Object> data, Auth auth) {
        return publishAsync(new HashMapMessage(), channel, data, auth);
    }

    private CompletableFuture<Message> publishAsync(Message.Mutable m, String channel, Map<String, Object> data, Auth auth) {
        m.setData(data);
        m.put(AUTH_MARK, auth);
        CompletableFuture<Message> done = new CompletableFuture<>();
        BayeuxClient b = bayeux;
        if (b == null) {
            throw new IllegalStateException(name + " has not shaken hands");
        }
        b.getChannel(channel).publish(m, done::complete);
        return done;
    }

    private Reply reply(Check check, CompletableFuture<Message> done, String what, Message.Mutable request) throws InterruptedException {
        Message m = await(done, ctx.settings().answerTime());
        Frame sent = request.getId() == null ? null : sentById.remove(request.getId());
        if (m == null) {
            throw ctx.fail(check, "a reply to the " + what, "nothing within " + seconds(ctx.settings().answerTime()), frames(sent, lastSent));
        }
        Object e = m.get(Message.ERROR_FIELD);
        return new Reply(m.isSuccessful(), e == null ? "(no error given)" : String.valueOf(e), sent, frameOf(m));
    }

    /** The frames that are there, in order (the first that is there if none of the others is). */
    private static List<Frame> frames(Frame... frames) {
        List<Frame> out = new ArrayList<>();
        for (Frame f : frames) {
            if (f != null && !out.contains(f)) {
                out.add(f);
            }
        }
        return out;
    }

    /**
     * A refused reply with exactly this error, else {@code check} fails with the message and the reply.
     */
    Reply expectRefused(Check check, String channel, Map<String, Object> data, Auth auth, String error) throws InterruptedException {
        Reply r = publish(check, channel, data, auth);
        if (r.successful() || !error.equals(r.error())) {
            throw ctx.fail(check, "the reply {\"successful\":false,\"error\":\"" + error + "\"}", r.describe(), frames(r.sent(), r.frame()));
        }
        return r;
    }

    private static Message await(CompletableFuture<Message> f, Duration within) throws InterruptedException {
        try {
            return f.get(within.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            return null;
        } catch (ExecutionException e) {
            throw new IllegalStateException(e.getCause());
        }
    }

    /** The frame recorded for a reply (recorded now if the reply never crossed the wire: the CometD client made it). */
    private Frame frameOf(Message m) {
        Frame f = m.getId() == null ? null : replies.remove(m.getId());
        if (f != null) {
            return f;
        }
        if (m.get("failure") != null) {
            return ctx.recorder().record(name, Frame.Direction.EVENT, new byte[0], failed(m));
        }
        String json = Json.write(m);
        return ctx.recorder().record(name, Frame.Direction.RECEIVED, json.getBytes(StandardCharsets.UTF_8), json);
    }

    /** A reply the CometD client made itself because a request failed, in words. */
    private static String failed(Message m) {
        Map<String, Object> copy = new LinkedHashMap<>(m);
        Object failure = copy.remove("failure");
        String why = failure instanceof Map<?, ?> fm && fm.get("exception") instanceof Throwable t ? String.valueOf(t.getMessage()) : "";
        return "(no answer from the server: the CometD client's own failure" + (why.isEmpty() ? "" : ", " + why) + ") " + Json.write(copy);
    }

    /** Sends a heartbeat to {@code channel} every few seconds from now on (the seed's clients: every 5 s). */
    synchronized void beat(String channel) {
        home = channel;
        if (beats == null) {
            long every = heartbeatEvery().toMillis();
            beats = TIMER.scheduleWithFixedDelay(() -> {
                String h = home;
                if (h != null && bayeux != null) {
                    try {
                        publishAsync(h, DotsKit.data("type", "heartbeat"), Auth.OWN);
                    } catch (RuntimeException e) {
                        // the player is closing
                    }
                }
            }, every, every, TimeUnit.MILLISECONDS);
        }
    }

    /** Stops the heartbeats (a player who falls silent). */
    synchronized void silence() {
        home = null;
        if (beats != null) {
            beats.cancel(false);
            beats = null;
        }
    }

    /** The seed's 5 s, or a third of a shorter silence limit given with {@code --idle-time}. */
    private Duration heartbeatEvery() {
        Duration seed = DotsWire.Timers.SEED.silence().dividedBy(2);
        return ctx.settings().idleTime().map(d -> d.dividedBy(3)).filter(d -> d.compareTo(seed) < 0).orElse(seed);
    }

    /**
     * Waits for a message delivered to the player that {@code which} accepts and takes it; the others
     * stay. None within the answer time fails {@code check}, showing what came instead.
     */
    Delivered expect(Check check, String expected, Predicate<Delivered> which) throws InterruptedException {
        return expect(check, expected, which, ctx.settings().answerTime());
    }

    /** {@link #expect(Check, String, Predicate)} with a time of its own. */
    Delivered expect(Check check, String expected, Predicate<Delivered> which, Duration within) throws InterruptedException {
        long until = System.nanoTime() + within.toNanos();
        List<Frame> seen = new ArrayList<>();
        synchronized (inbox) {
            while (true) {
                for (Iterator<Delivered> it = inbox.iterator(); it.hasNext();) {
                    Delivered d = it.next();
                    if (which.test(d)) {
                        it.remove();
                        return d;
                    }
                }
                long left = until - System.nanoTime();
                if (left <= 0) {
                    break;
                }
                TimeUnit.NANOSECONDS.timedWait(inbox, left);
            }
            for (Delivered d : inbox) {
                if (!"heartbeat".equals(d.type())) {
                    seen.add(d.frame());
                }
            }
        }
        List<Frame> evidence = new ArrayList<>();
        if (lastSent != null) {
            evidence.add(lastSent);
        }
        evidence.addAll(seen.size() > 8 ? seen.subList(seen.size() - 8, seen.size()) : seen);
        String others = seen.isEmpty() ? "" : " (came instead: " + String.join(" | ", seen.stream().map(f -> shorten(f.decoded())).toList()) + ")";
        throw ctx.fail(check, expected, "nothing of the kind within " + seconds(within) + others, evidence);
    }

    /** Watches for {@code during}: a delivered message {@code forbidden} accepts fails {@code check}. */
    void expectNone(Check check, String expected, Predicate<Delivered> forbidden, Duration during) throws InterruptedException {
        long until = System.nanoTime() + during.toNanos();
        synchronized (inbox) {
            while (true) {
                for (Delivered d : inbox) {
                    if (forbidden.test(d)) {
                        throw ctx.fail(check, expected, d.frame().decoded(), frames(lastSent, d.frame()));
                    }
                }
                long left = until - System.nanoTime();
                if (left <= 0) {
                    return;
                }
                TimeUnit.NANOSECONDS.timedWait(inbox, left);
            }
        }
    }

    private static String shorten(String s) {
        return s.length() <= 160 ? s : s.substring(0, 160) + "...";
    }

    static String seconds(Duration d) {
        return d.toMillis() % 1000 == 0 ? d.toSeconds() + " s" : String.format(java.util.Locale.ROOT, "%.1f s", d.toMillis() / 1000.0);
    }

    /**
     * Stops the heartbeats and leaves: {@code /meta/disconnect}, waiting at most 1 s for its reply (so that it is among
     * this scenario's frames), not for CometD's disconnected state, which also waits for the long poll to end (up to
     * 1 s a player: a game of the client kit's each); a client still not disconnected 1 s later is aborted.
     */
    @Override
    public void close() {
        silence();
        BayeuxClient b = bayeux;
        bayeux = null;
        if (b != null) {
            try {
                CompletableFuture<Void> replied = new CompletableFuture<>();
                b.disconnect(reply -> replied.complete(null));
                try {
                    replied.get(1, TimeUnit.SECONDS);
                } catch (ExecutionException | TimeoutException e) {
                    // no reply: the abort below ends it
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                TIMER.schedule(() -> {
                    if (!b.isDisconnected()) {
                        b.abort();
                    }
                }, 1, TimeUnit.SECONDS);
            } catch (RuntimeException e) {
                b.abort();
            }
        }
    }

    /** Adds the {@code auth} and keeps every message but the long polls in the run's frames. */
    private final class Recorder implements ClientSession.Extension {

        @Override
        public boolean send(ClientSession session, Message.Mutable message) {
            auth(message);
            sent(message);
            return true;
        }

        @Override
        public boolean sendMeta(ClientSession session, Message.Mutable message) {
            String c = message.getChannel();
            if (Channel.META_SUBSCRIBE.equals(c) || Channel.META_UNSUBSCRIBE.equals(c) || Channel.META_DISCONNECT.equals(c)) {
                auth(message);
            } else {
                message.remove(AUTH_MARK);
            }
            if (!Channel.META_CONNECT.equals(c)) {
                sent(message);
            }
            return true;
        }

        private void auth(Message.Mutable message) {
            Object mark = message.remove(AUTH_MARK);
            Auth a = mark instanceof Auth x ? x : Auth.OWN;
            if (a == Auth.NONE || id == null) {
                return;
            }
            Map<String, Object> auth = new LinkedHashMap<>();
            auth.put("id", id);
            auth.put("token", a == Auth.WRONG_TOKEN ? WRONG_TOKEN : token);
            message.put("auth", auth);
        }

        private void sent(Message.Mutable message) {
            String json = Json.write(message);
            Frame f = ctx.recorder().record(name, Frame.Direction.SENT, json.getBytes(StandardCharsets.UTF_8), json);
            lastSent = f;
            if (message.getId() != null) {
                sentById.put(message.getId(), f);
            }
        }

        @Override
        public boolean rcv(ClientSession session, Message.Mutable message) {
            Frame f = received(message);
            Map<String, Object> data = message.getDataAsMap();
            if (data != null) {
                synchronized (inbox) {
                    inbox.add(new Delivered(message.getChannel(), data, f));
                    inbox.notifyAll();
                }
            } else if (message.getId() != null) {
                replies.put(message.getId(), f);
            }
            return true;
        }

        @Override
        public boolean rcvMeta(ClientSession session, Message.Mutable message) {
            if (Channel.META_CONNECT.equals(message.getChannel()) && message.isSuccessful()) {
                return true;
            }
            Frame f = received(message);
            if (message.getId() != null) {
                replies.put(message.getId(), f);
            }
            return true;
        }

        private Frame received(Message.Mutable message) {
            if (message.get("failure") != null) {
                // made by the CometD client: the request failed (no answer, or not Bayeux)
                return ctx.recorder().record(name, Frame.Direction.EVENT, new byte[0], failed(message));
            }
            String json = Json.write(message);
            return ctx.recorder().record(name, Frame.Direction.RECEIVED, json.getBytes(StandardCharsets.UTF_8), json);
        }
    }
}
