package org.boardlab.protocol.dots.internal;

import com.fasterxml.jackson.core.type.TypeReference;
import java.io.ByteArrayOutputStream;
import java.net.InetSocketAddress;
import java.net.URLDecoder;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Predicate;
import org.boardlab.conform.ConformanceKit;
import org.boardlab.conform.Frame;
import org.boardlab.conform.FrameRecorder;
import org.boardlab.conform.KitSettings;
import org.boardlab.core.EventBus;
import org.boardlab.game.dots.Dots;
import org.boardlab.protocol.dots.DotsWire;
import org.boardlab.server.EmbeddedServer;
import org.boardlab.server.ServerSettings;
import org.cometd.bayeux.Channel;
import org.cometd.bayeux.Message;
import org.cometd.bayeux.server.BayeuxServer;
import org.cometd.bayeux.server.ServerMessage;
import org.cometd.bayeux.server.ServerSession;
import org.cometd.server.ServerMessageImpl;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.io.Content;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;

/**
 * The Dots client kit's server ({@link DotsClientKit}): boardlab's own Dots server (Jetty, CometD, the
 * lobby and the games of {@link DotsRoom}, every game through the referee) on the kit's port, made for
 * the kit: its accounts in memory, long-polling only (no WebSocket: every message the client sends
 * and receives crosses HTTP), and a handler around all the others that keeps each request of the
 * client under test and each answer in the run's frames, and in the order they came for the
 * scenarios to read ({@link #await}). The kit's own player (the client's opponent) talks to the same
 * server with {@link DotsKitPlayer}; its requests carry the user agent {@link #KIT_AGENT} and are not
 * the client's.
 */
final class DotsClientServer implements ConformanceKit.ClientListener {

    /** The user agent of the kit's own requests (its player): not the client under test's. */
    static final String KIT_AGENT = "boardlab-conform-kit";
    /** The connection name of the client under test in the frames. */
    static final String CLIENT = "client";

    private static final TypeReference<Object> ANY = new TypeReference<>() {
    };

    /** Something the client under test did, or the answer it got, in the order it happened. */
    sealed interface Seen permits Http, Msg {
        /** The frame that shows it (the answer, for an HTTP exchange). */
        Frame frame();
    }

    /**
     * One HTTP request of the client's to a route ({@code /register}, {@code /auth}, {@code /queue},
     * {@code /gamedata}, the page) and its answer.
     */
    record Http(String method, String path, String contentType, Map<String, String> params, boolean formOrQuery, int status, String body,
            Frame request, Frame frame) implements Seen {
    }

    /**
     * One Bayeux message: sent by the client ({@code fromClient}) or to it (a reply, or a message
     * delivered on a channel it subscribed to).
     */
    record Msg(boolean fromClient, Map<String, Object> message, Frame frame) implements Seen {
        String channel() {
            return String.valueOf(message.get(Message.CHANNEL_FIELD));
        }

        /** Its {@code data} as a map, or {@code null}. */
        @SuppressWarnings("unchecked")
        Map<String, Object> data() {
            return message.get(Message.DATA_FIELD) instanceof Map<?, ?> d ? (Map<String, Object>) d : null;
        }

        /** The type of its {@code data}, or {@code null}. */
        String type() {
            Map<String, Object> d = data();
            return d == null ? null : String.valueOf(d.get("type"));
        }

        /** {@code true} for a reply (no data, a {@code successful} field). */
        boolean reply() {
            return data() == null && message.containsKey(Message.SUCCESSFUL_FIELD);
        }

        boolean refused() {
            return reply() && Boolean.FALSE.equals(message.get(Message.SUCCESSFUL_FIELD));
        }

        /** A publish of the client's with data of this type, on a channel {@code channel} accepts. */
        boolean publish(Predicate<String> channel, String type) {
            return fromClient && data() != null && channel.test(channel()) && type.equals(type());
        }
    }

    private final FrameRecorder recorder;
    private final EmbeddedServer server;
    private final DotsServerProtocol protocol;
    private final DotsWeb web;
    private final KitAccounts accounts = new KitAccounts();
    private final List<Seen> seen = new ArrayList<>();
    private final DotsWire.Timers timers;
    private final AtomicReference<String> refuseNextMove = new AtomicReference<>();
    private volatile String clientId;
    private volatile String clientToken;
    private volatile String clientName;

    DotsClientServer(String bind, int port, FrameRecorder recorder, KitSettings settings) {
        this.recorder = recorder;
        // the seed's 10 s of silence unless --idle-time says otherwise; invitations and offers stand 15 s (5 s with --fast)
        this.timers = new DotsWire.Timers(settings.idleTime().orElse(DotsWire.Timers.SEED.silence()),
                settings.fast() ? Duration.ofSeconds(5) : DotsWire.Timers.SEED.requestLife(), Duration.ofMillis(200), Duration.ofHours(24));
        Dots dots = new Dots();
        server = new EmbeddedServer(id -> dots, new EventBus(), ServerSettings.defaults(), line -> { });
        protocol = new DotsServerProtocol(new DotsProtocol(), () -> accounts, timers, new DotsWeb.Options(false, inner -> {
            Tap tap = new Tap();
            tap.setHandler(inner);
            return tap;
        }, DotsRoom.VIEW));
        server.addProtocol(protocol);
        try {
            server.start("dots", bind == null ? "127.0.0.1" : bind, port);
        } catch (RuntimeException e) {
            server.close();
            throw e;
        }
        web = protocol.web();
        web.room().before(new Refuser());
    }

    @Override
    public int port() {
        return web.address().getPort();
    }

    InetSocketAddress address() {
        return web.address();
    }

    DotsWire.Timers timers() {
        return timers;
    }

    DotsRoom room() {
        return web.room();
    }

    @Override
    public void close() {
        server.close();
    }

    /** The id the client got from its last successful {@code POST /auth}, or {@code null}. */
    String clientId() {
        return clientId;
    }

    String clientToken() {
        return clientToken;
    }

    String clientName() {
        return clientName;
    }

    /** Makes an account for the kit's own player and logs it in: its id and token. */
    String[] kitAccount(String name) {
        long id;
        try {
            id = accounts.register(name, "kit-" + name);
        } catch (Accounts.NameTaken e) {
            throw new IllegalStateException(e.getMessage(), e);
        }
        return new String[] {String.valueOf(id), web.tokens().issue(id)};
    }

    /**
     * The kit's player {@code id} may make its next request (an offer) at once, though its invitation was
     * made within the request's life: the rule binds the kit's own player, and waiting it out (5 s with
     * {@code --fast}) checks nothing of the client's. The client under test is never let off so.
     */
    void letKitPlayerRequestAgain(String id) {
        web.room().forgetRequest(Long.parseLong(id));
    }

    /** The client's next move will be refused with {@code error} (and reach nobody), as the server may refuse any message. */
    void refuseNextMove(String error) {
        refuseNextMove.set(error);
    }

    /** {@code true} while a refusal set by {@link #refuseNextMove} waits for the client's move. */
    boolean refusalPending() {
        return refuseNextMove.get() != null;
    }

    // ---------------------------------------------------------------- what the client did

    /** Now, on the clock of the frames ({@link Frame#nanos()}): when a message reached the server. */
    long now() {
        return recorder.now();
    }

    /** How many things have been seen so far: a mark to wait from. */
    int mark() {
        synchronized (seen) {
            return seen.size();
        }
    }

    /** What was seen from index {@code from} on. */
    List<Seen> since(int from) {
        synchronized (seen) {
            return List.copyOf(seen.subList(Math.min(from, seen.size()), seen.size()));
        }
    }

    /** The index of {@code s} among what was seen, or -1. */
    int indexOf(Seen s) {
        synchronized (seen) {
            for (int i = seen.size() - 1; i >= 0; i--) {
                if (seen.get(i) == s) {
                    return i;
                }
            }
            return -1;
        }
    }

    /**
     * The first thing seen at index {@code from} or later that {@code which} accepts, waiting up to
     * {@code within} for it; {@code null} if none came.
     */
    Seen await(int from, Predicate<Seen> which, Duration within) throws InterruptedException {
        long until = System.nanoTime() + within.toNanos();
        synchronized (seen) {
            int i = Math.max(0, from);
            while (true) {
                for (; i < seen.size(); i++) {
                    if (which.test(seen.get(i))) {
                        return seen.get(i);
                    }
                }
                long left = until - System.nanoTime();
                if (left <= 0) {
                    return null;
                }
                TimeUnit.NANOSECONDS.timedWait(seen, left);
            }
        }
    }

    private void add(Seen s) {
        synchronized (seen) {
            seen.add(s);
            seen.notifyAll();
        }
    }

    // ---------------------------------------------------------------- the tap

    /**
     * Around every other handler: keeps each request of the client under test (not the kit's own
     * player's) and its answer. A request to {@code /game} is its Bayeux messages, one frame each (the
     * long polls, {@code /meta/connect}, left out unless refused); any other is one frame for the
     * request ({@code POST /auth name=...&password=...}) and one for the answer
     * ({@code HTTP 200 application/json (CORS *) {...}}).
     */
    private final class Tap extends Handler.Wrapper {

        @Override
        public boolean handle(Request request, Response response, Callback callback) throws Exception {
            if (KIT_AGENT.equals(request.getHeaders().get(HttpHeader.USER_AGENT))) {
                return super.handle(request, response, callback);
            }
            Exchange x = new Exchange(request);
            Request in = new Request.Wrapper(request) {
                @Override
                public Content.Chunk read() {
                    Content.Chunk c = super.read();
                    if (c != null) {
                        ByteBuffer b = c.getByteBuffer();
                        if (b != null && b.hasRemaining()) {
                            x.took(b);
                        }
                        if (c.isLast()) {
                            x.requestRead();
                        }
                    }
                    return c;
                }
            };
            Response out = new Response.Wrapper(in, response) {
                @Override
                public void write(boolean last, ByteBuffer content, Callback written) {
                    if (content != null && content.hasRemaining()) {
                        x.gave(content);
                    }
                    if (last) {
                        x.answered(getStatus(), getHeaders().get(HttpHeader.CONTENT_TYPE), getHeaders().get(HttpHeader.ACCESS_CONTROL_ALLOW_ORIGIN));
                    }
                    super.write(last, content, written);
                }
            };
            if (BODILESS.test(request)) {
                x.requestRead();
            }
            Callback done = new Callback() {
                @Override
                public void succeeded() {
                    x.requestRead();
                    x.answered(out.getStatus(), out.getHeaders().get(HttpHeader.CONTENT_TYPE), out.getHeaders().get(HttpHeader.ACCESS_CONTROL_ALLOW_ORIGIN));
                    callback.succeeded();
                }

                @Override
                public void failed(Throwable t) {
                    x.requestRead();
                    x.answered(out.getStatus(), out.getHeaders().get(HttpHeader.CONTENT_TYPE), out.getHeaders().get(HttpHeader.ACCESS_CONTROL_ALLOW_ORIGIN));
                    callback.failed(t);
                }

                @Override
                public InvocationType getInvocationType() {
                    return callback.getInvocationType();
                }
            };
            return super.handle(in, out, done);
        }
    }

    /** A request with no body to read: its frames are made at once. */
    private static final Predicate<Request> BODILESS = r -> "GET".equals(r.getMethod()) || "HEAD".equals(r.getMethod())
            || "OPTIONS".equals(r.getMethod()) || r.getLength() == 0;

    /** One request of the client's as it is read and answered. */
    private final class Exchange {
        private final String method;
        private final String path;
        private final String query;
        private final String contentType;
        private final ByteArrayOutputStream body = new ByteArrayOutputStream();
        private final ByteArrayOutputStream answer = new ByteArrayOutputStream();
        private final AtomicBoolean read = new AtomicBoolean();
        private final AtomicBoolean done = new AtomicBoolean();
        private Frame requestFrame;
        private Map<String, String> params;
        private boolean formOrQuery;

        Exchange(Request request) {
            method = request.getMethod();
            path = request.getHttpURI().getDecodedPath();
            query = request.getHttpURI().getQuery() == null ? "" : request.getHttpURI().getQuery();
            contentType = request.getHeaders().get(HttpHeader.CONTENT_TYPE);
        }

        boolean bayeux() {
            return path.equals(DotsWire.BAYEUX_PATH) || path.startsWith(DotsWire.BAYEUX_PATH + "/");
        }

        synchronized void took(ByteBuffer b) {
            ByteBuffer copy = b.slice();
            byte[] bytes = new byte[copy.remaining()];
            copy.get(bytes);
            body.writeBytes(bytes);
        }

        synchronized void gave(ByteBuffer b) {
            ByteBuffer copy = b.slice();
            byte[] bytes = new byte[copy.remaining()];
            copy.get(bytes);
            answer.writeBytes(bytes);
        }

        void requestRead() {
            if (!read.compareAndSet(false, true)) {
                return;
            }
            String text;
            synchronized (this) {
                text = body.toString(StandardCharsets.UTF_8);
            }
            if (bayeux()) {
                for (Map<String, Object> m : bayeuxMessages(contentType, query, text)) {
                    if (Channel.META_CONNECT.equals(m.get(Message.CHANNEL_FIELD))) {
                        continue;
                    }
                    String json = Json.write(m);
                    add(new Msg(true, m, recorder.record(CLIENT, Frame.Direction.RECEIVED, json.getBytes(StandardCharsets.UTF_8), json)));
                }
                return;
            }
            params = new LinkedHashMap<>();
            formOrQuery = true;
            decodeForm(query, params);
            boolean form = contentType != null && contentType.toLowerCase(java.util.Locale.ROOT).startsWith("application/x-www-form-urlencoded");
            if (form) {
                decodeForm(text, params);
            } else if (!text.isEmpty()) {
                formOrQuery = false;
            }
            String line = method + " " + path + (query.isEmpty() ? "" : "?" + query) + (text.isEmpty() ? "" : " " + text)
                    + (text.isEmpty() || form ? "" : "  (" + (contentType == null ? "no content type" : contentType) + ")");
            requestFrame = recorder.record(CLIENT, Frame.Direction.RECEIVED, line.getBytes(StandardCharsets.UTF_8), line);
        }

        void answered(int status, String type, String cors) {
            if (!done.compareAndSet(false, true)) {
                return;
            }
            if (status == 0) {
                status = 200; // not set: Jetty sends 200
            }
            requestRead();
            String text;
            synchronized (this) {
                text = answer.toString(StandardCharsets.UTF_8);
            }
            if (bayeux()) {
                if (status != 200) {
                    String line = "HTTP " + status + " " + text.strip();
                    recorder.record(CLIENT, Frame.Direction.SENT, httpRaw(status, type, cors, text), line);
                    return;
                }
                for (Map<String, Object> m : bayeuxMessages(null, "", unwrapJsonp(text))) {
                    if (Channel.META_CONNECT.equals(m.get(Message.CHANNEL_FIELD)) && !Boolean.FALSE.equals(m.get(Message.SUCCESSFUL_FIELD))) {
                        continue;
                    }
                    String json = Json.write(m);
                    add(new Msg(false, m, recorder.record(CLIENT, Frame.Direction.SENT, json.getBytes(StandardCharsets.UTF_8), json)));
                }
                return;
            }
            String line = "HTTP " + status + " " + (type == null ? "(no content type)" : type) + (cors == null ? "" : " (CORS " + cors + ")") + " "
                    + text.strip();
            Frame f = recorder.record(CLIENT, Frame.Direction.SENT, httpRaw(status, type, cors, text), line);
            if (path.equals("/auth") && status == 200) {
                try {
                    if (Json.MAPPER.readValue(text, ANY) instanceof Map<?, ?> m && m.get("id") != null && m.get("token") != null) {
                        clientId = String.valueOf(m.get("id"));
                        clientToken = String.valueOf(m.get("token"));
                        clientName = params.get("name");
                    }
                } catch (Exception e) {
                    // not the kit's server's answer, which is JSON
                }
            }
            add(new Http(method, path, type, Map.copyOf(params), formOrQuery, status, text, requestFrame, f));
        }
    }

    /**
     * An answer's raw bytes as the inspector's describer reads them ({@link DotsProtocol}, as {@link DotsKitPlayer}
     * keeps the answers it reads): the status line, the headers that matter, the body.
     */
    private static byte[] httpRaw(int status, String type, String cors, String body) {
        return ("HTTP/1.1 " + status + "\r\n" + (type == null ? "" : "Content-Type: " + type + "\r\n")
                + (cors == null ? "" : "Access-Control-Allow-Origin: " + cors + "\r\n") + "\r\n" + body).getBytes(StandardCharsets.UTF_8);
    }

    private static void decodeForm(String text, Map<String, String> into) {
        if (text == null || text.isEmpty()) {
            return;
        }
        for (String pair : text.split("&")) {
            int eq = pair.indexOf('=');
            String k = eq < 0 ? pair : pair.substring(0, eq);
            String v = eq < 0 ? "" : pair.substring(eq + 1);
            try {
                into.put(URLDecoder.decode(k, StandardCharsets.UTF_8), URLDecoder.decode(v, StandardCharsets.UTF_8));
            } catch (IllegalArgumentException e) {
                into.put(k, v);
            }
        }
    }

    /** The text inside {@code /**}{@code /callback([...]);}, or the text as it is. */
    private static String unwrapJsonp(String text) {
        String t = text.strip();
        if (!t.startsWith("[") && !t.startsWith("{") && t.indexOf('(') > 0 && t.lastIndexOf(')') > t.indexOf('(')) {
            return t.substring(t.indexOf('(') + 1, t.lastIndexOf(')'));
        }
        return t;
    }

    /**
     * The Bayeux messages of a request's or an answer's body: a JSON array or object, or Faye's
     * {@code message=<JSON>} form, or (a callback-polling GET) the query's {@code message}.
     */
    @SuppressWarnings("unchecked")
    static List<Map<String, Object>> bayeuxMessages(String contentType, String query, String body) {
        String json = body;
        Map<String, String> form = new LinkedHashMap<>();
        if (body.startsWith("message=") || contentType != null && contentType.startsWith("application/x-www-form-urlencoded")) {
            decodeForm(body, form);
            json = form.getOrDefault("message", "");
        } else if (body.isBlank() && query != null && query.contains("message=")) {
            decodeForm(query, form);
            json = form.getOrDefault("message", "");
        }
        List<Map<String, Object>> out = new ArrayList<>();
        if (json.isBlank()) {
            return out; // a CORS preflight, or a request without messages
        }
        try {
            Object v = Json.MAPPER.readValue(json, ANY);
            if (v instanceof Map<?, ?> m) {
                out.add((Map<String, Object>) m);
            } else if (v instanceof List<?> list) {
                for (Object o : list) {
                    if (o instanceof Map<?, ?> m) {
                        out.add((Map<String, Object>) m);
                    }
                }
            }
        } catch (Exception e) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put(Message.CHANNEL_FIELD, "(not JSON)");
            m.put("text", json.length() > 300 ? json.substring(0, 300) + "..." : json);
            out.add(m);
        }
        return out;
    }

    // ---------------------------------------------------------------- the refused move

    /** Refuses the client's next move once, as {@link #refuseNextMove} asked, before the room sees it. */
    private final class Refuser implements BayeuxServer.Extension {
        @Override
        public boolean rcv(ServerSession from, ServerMessage.Mutable message) {
            String error = refuseNextMove.get();
            if (error == null || from == null || from.isLocalSession() || clientId == null) {
                return true;
            }
            if (!(message.get("auth") instanceof Map<?, ?> auth) || !clientId.equals(String.valueOf(auth.get("id")))) {
                return true;
            }
            Map<String, Object> data = message.getDataAsMap();
            if (data == null || !"move".equals(data.get("type")) || !refuseNextMove.compareAndSet(error, null)) {
                return true;
            }
            ServerMessage.Mutable reply = message.getAssociated();
            if (reply != null) {
                reply.setSuccessful(false);
                reply.put(Message.ERROR_FIELD, error);
                if (reply instanceof ServerMessageImpl impl) {
                    impl.setHandled(true);
                }
            }
            return false;
        }
    }

    // ---------------------------------------------------------------- accounts

    /**
     * The kit's accounts: in memory, for the run only; a password is kept as a salted SHA-256 (the
     * kit's server needs no slow hash: its accounts end with the run).
     */
    private static final class KitAccounts implements Accounts {
        private record Entry(long id, String name, byte[] salt, byte[] hash, int rating) {
        }

        private final Map<String, Entry> byName = new ConcurrentHashMap<>();
        private final Map<Long, Entry> byId = new ConcurrentHashMap<>();
        private final AtomicLong next = new AtomicLong();
        private final SecureRandom random = new SecureRandom();

        @Override
        public synchronized long register(String name, String password) throws NameTaken {
            if (byName.containsKey(name)) {
                throw new NameTaken(name);
            }
            byte[] salt = new byte[16];
            random.nextBytes(salt);
            Entry e = new Entry(next.incrementAndGet(), name, salt, hash(salt, password), org.boardlab.store.rating.SeedElo.START);
            byName.put(name, e);
            byId.put(e.id(), e);
            return e.id();
        }

        @Override
        public OptionalLong verify(String name, String password) {
            Entry e = byName.get(name);
            return e != null && MessageDigest.isEqual(e.hash(), hash(e.salt(), password)) ? OptionalLong.of(e.id()) : OptionalLong.empty();
        }

        @Override
        public Optional<Account> account(long id) {
            Entry e = byId.get(id);
            return e == null ? Optional.empty() : Optional.of(new Account(e.id(), e.name(), e.rating()));
        }

        @Override
        public synchronized void setRatings(long first, int firstRating, long second, int secondRating) {
            rate(first, firstRating);
            rate(second, secondRating);
        }

        private void rate(long id, int rating) {
            Entry e = byId.get(id);
            if (e != null) {
                Entry n = new Entry(e.id(), e.name(), e.salt(), e.hash(), rating);
                byId.put(id, n);
                byName.put(n.name(), n);
            }
        }

        private static byte[] hash(byte[] salt, String password) {
            try {
                MessageDigest d = MessageDigest.getInstance("SHA-256");
                d.update(salt);
                return d.digest(password.getBytes(StandardCharsets.UTF_8));
            } catch (NoSuchAlgorithmException e) {
                throw new IllegalStateException(e);
            }
        }
    }
}
