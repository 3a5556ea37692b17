package org.boardlab.protocol.dots.internal;

import com.fasterxml.jackson.core.type.TypeReference;
import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.function.UnaryOperator;
import org.eclipse.jetty.client.ContentResponse;
import org.eclipse.jetty.client.HttpClient;
import org.eclipse.jetty.client.StringRequestContent;
import org.eclipse.jetty.http.HttpCookieStore;
import org.eclipse.jetty.http.HttpField;
import org.eclipse.jetty.http.HttpFields;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.io.Content;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.util.Callback;
import org.eclipse.jetty.util.thread.QueuedThreadPool;

/**
 * An HTTP relay in front of a real Dots server that breaks exactly one rule: each request is passed on
 * as it came (Jetty's HTTP client), and a {@link Mutation} may change the answer (its status, headers,
 * body, or the Bayeux messages in it) before it goes back, knowing the request (its form, its Bayeux
 * messages). Long polls are relayed like any request. The Dots kit's test puts it in front of
 * boardlab's server to show that each check can fail; it is the HTTP counterpart of the conform
 * test-jar's {@code MutatingRelay}.
 */
final class BayeuxRelay implements AutoCloseable {

    private static final TypeReference<List<Map<String, Object>>> MESSAGES = new TypeReference<>() {
    };

    /** One request and its answer, which a mutation may change. */
    static final class Exchange {
        final String method;
        final String path;
        final String query;
        final String requestBody;
        /** The Bayeux messages of a POST to the Bayeux endpoint (empty for anything else). */
        final List<Map<String, Object>> up;
        int status;
        HttpFields.Mutable headers;
        String body;
        private List<Map<String, Object>> down;

        Exchange(String method, String path, String query, String requestBody, int status, HttpFields headers, String body) {
            this.method = method;
            this.path = path;
            this.query = query == null ? "" : query;
            this.requestBody = requestBody;
            List<Map<String, Object>> sent = bayeux() ? messages(requestBody) : null;
            this.up = sent == null ? List.of() : sent;
            this.status = status;
            this.headers = HttpFields.build(headers);
            this.body = body;
        }

        /**
         * {@code true} for a request to the Bayeux endpoint: {@code /game}, or {@code /game/connect} and the like (CometD's
         * client names a meta message's type in the path).
         */
        boolean bayeux() {
            return path.equals("/game") || path.startsWith("/game/");
        }

        /** The value of {@code key} in the request's form or query, or {@code null}. */
        String param(String key) {
            for (String text : List.of(requestBody, query)) {
                for (String pair : text.split("&")) {
                    int eq = pair.indexOf('=');
                    if (eq > 0 && URLDecoder.decode(pair.substring(0, eq), StandardCharsets.UTF_8).equals(key)) {
                        return URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8);
                    }
                }
            }
            return null;
        }

        /** The request's message with this id, or {@code null}. */
        Map<String, Object> sent(Object id) {
            return up.stream().filter(m -> id != null && id.equals(m.get("id"))).findFirst().orElse(null);
        }

        /** Changes each Bayeux message of the answer (of the Bayeux endpoint, when it is a JSON array); {@code null} drops it. */
        void eachDown(UnaryOperator<Map<String, Object>> change) {
            if (down == null && bayeux()) {
                down = messages(body);
            }
            if (down == null) {
                return;
            }
            List<Map<String, Object>> out = new ArrayList<>();
            for (Map<String, Object> m : down) {
                Map<String, Object> c = change.apply(m);
                if (c != null) {
                    out.add(c);
                }
            }
            down = out;
            body = Json.write(out);
        }

        /** Sets the answer to this status and text body (plain text, as the seed's errors). */
        void answer(int newStatus, String text) {
            status = newStatus;
            body = text;
        }

        /** The messages of a JSON array of objects, or {@code null} if the text is not one. */
        private static List<Map<String, Object>> messages(String text) {
            try {
                return Json.MAPPER.readValue(text, MESSAGES);
            } catch (Exception e) {
                return null;
            }
        }
    }

    /** What the relay changes in an exchange. */
    @FunctionalInterface
    interface Mutation {
        void apply(Exchange exchange);
    }

    /**
     * A request on its way to the server, which an {@link Up} may change: its body (a form, or the
     * Bayeux messages of a POST to {@code /game}: changed, added or dropped) and its content type. A
     * dropped Bayeux message is answered by the relay itself with a successful reply, so the client
     * takes it as sent (a client that never sent it).
     */
    static final class Request {
        final String method;
        final String path;
        String contentType;
        String body;
        private List<Map<String, Object>> up;
        private final List<Map<String, Object>> ownReplies = new ArrayList<>();

        Request(String method, String path, String contentType, String body) {
            this.method = method;
            this.path = path;
            this.contentType = contentType;
            this.body = body;
            if (path.equals("/game") || path.startsWith("/game/")) {
                up = Exchange.messages(body);
            }
        }

        /**
         * Changes each Bayeux message of the request: {@code change} gives the messages to send in its
         * place (none: dropped, answered by the relay; two: one added).
         */
        void eachUp(java.util.function.Function<Map<String, Object>, List<Map<String, Object>>> change) {
            if (up == null) {
                return;
            }
            List<Map<String, Object>> out = new ArrayList<>();
            for (Map<String, Object> m : up) {
                List<Map<String, Object>> c = change.apply(m);
                if (c.isEmpty()) {
                    Map<String, Object> reply = new LinkedHashMap<>();
                    reply.put("id", m.get("id"));
                    reply.put("channel", m.get("channel"));
                    reply.put("successful", true);
                    ownReplies.add(reply);
                }
                out.addAll(c);
            }
            up = out;
            body = Json.write(out);
        }
    }

    /** What the relay changes in a request before it goes on. */
    @FunctionalInterface
    interface Up {
        void apply(Request request);

        Up NONE = r -> { };
    }

    /** The data of a message as a mutable map, or {@code null}. */
    @SuppressWarnings("unchecked")
    static Map<String, Object> data(Map<String, Object> message) {
        return message.get("data") instanceof Map<?, ?> d ? (Map<String, Object>) d : null;
    }

    /** The {@code type} of a message's data, or {@code null}. */
    static String type(Map<String, Object> message) {
        Map<String, Object> d = data(message);
        return d == null ? null : String.valueOf(d.get("type"));
    }

    /** A copy of a message whose data {@code change} changed ({@code null}: dropped). */
    static Map<String, Object> withData(Map<String, Object> message, UnaryOperator<Map<String, Object>> change) {
        Map<String, Object> d = data(message);
        if (d == null) {
            return message;
        }
        Map<String, Object> nd = change.apply(new LinkedHashMap<>(d));
        if (nd == null) {
            return null;
        }
        Map<String, Object> m = new LinkedHashMap<>(message);
        m.put("data", nd);
        return m;
    }

    private final String target;
    private final Server server;
    private final HttpClient client;
    private final Mutation mutation;
    private final Up upMutation;

    /** Listens on a free loopback port and relays every request to {@code http://127.0.0.1:port}. */
    BayeuxRelay(int port, Mutation mutation) throws Exception {
        this(port, Up.NONE, mutation);
    }

    /**
     * Listens on a free loopback port and relays every request to {@code http://127.0.0.1:port}, changed
     * by {@code up} on its way there (a broken client), and its answer by {@code mutation}.
     */
    BayeuxRelay(int port, Up up, Mutation mutation) throws Exception {
        this.target = "http://127.0.0.1:" + port;
        this.mutation = mutation;
        this.upMutation = up;
        QueuedThreadPool clientPool = new QueuedThreadPool();
        clientPool.setDaemon(true);
        clientPool.setName("relay-client");
        client = new HttpClient();
        client.setExecutor(clientPool);
        client.setFollowRedirects(false);
        client.setHttpCookieStore(new HttpCookieStore.Empty());
        client.setMaxConnectionsPerDestination(1_000);
        client.start();
        client.getProtocolHandlers().remove(org.eclipse.jetty.client.WWWAuthenticationProtocolHandler.NAME);
        QueuedThreadPool serverPool = new QueuedThreadPool(400);
        serverPool.setDaemon(true);
        serverPool.setName("relay-server");
        server = new Server(serverPool);
        ServerConnector connector = new ServerConnector(server);
        connector.setHost("127.0.0.1");
        connector.setPort(0);
        server.addConnector(connector);
        server.setHandler(new Handler.Abstract() {
            @Override
            public boolean handle(org.eclipse.jetty.server.Request request, Response response, Callback callback) throws Exception {
                relay(request, response, callback);
                return true;
            }
        });
        server.start();
    }

    /** The relay's port. */
    int port() {
        return ((ServerConnector) server.getConnectors()[0]).getLocalPort();
    }

    private void relay(org.eclipse.jetty.server.Request request, Response response, Callback callback) throws Exception {
        String body = Content.Source.asString(request, StandardCharsets.UTF_8);
        String path = request.getHttpURI().getPath();
        String query = request.getHttpURI().getQuery();
        Request changed = new Request(request.getMethod(), path, request.getHeaders().get(HttpHeader.CONTENT_TYPE), body);
        upMutation.apply(changed);
        body = changed.body;
        if (changed.up != null && changed.up.isEmpty() && !changed.ownReplies.isEmpty()) {
            // every message was dropped: the relay answers for the server
            response.setStatus(200);
            response.getHeaders().put(HttpHeader.CONTENT_TYPE, "application/json;charset=utf-8");
            Content.Sink.write(response, true, Json.write(changed.ownReplies), callback);
            return;
        }
        org.eclipse.jetty.client.Request out = client.newRequest(URI.create(target + request.getHttpURI().getPathQuery())).method(request.getMethod())
                .timeout(120, TimeUnit.SECONDS);
        for (HttpHeader h : List.of(HttpHeader.COOKIE, HttpHeader.ORIGIN)) {
            String v = request.getHeaders().get(h);
            if (v != null) {
                out.headers(f -> f.put(h, v));
            }
        }
        String type = changed.contentType;
        if (type != null || !body.isEmpty()) {
            out.body(new StringRequestContent(type == null ? "text/plain" : type, body, StandardCharsets.UTF_8));
        }
        ContentResponse r;
        try {
            r = out.send();
        } catch (ExecutionException e) {
            response.setStatus(502);
            Content.Sink.write(response, true, "relay: " + e.getCause(), callback);
            return;
        }
        Exchange x = new Exchange(request.getMethod(), path, query, body, r.getStatus(), r.getHeaders(), r.getContentAsString());
        if (!changed.ownReplies.isEmpty()) {
            x.eachDown(m -> m);
            if (x.down != null) {
                x.down.addAll(changed.ownReplies);
                x.body = Json.write(x.down);
            }
        }
        mutation.apply(x);
        response.setStatus(x.status);
        for (HttpField f : x.headers) {
            HttpHeader h = f.getHeader();
            if (h != HttpHeader.CONTENT_LENGTH && h != HttpHeader.TRANSFER_ENCODING && h != HttpHeader.CONNECTION && h != HttpHeader.CONTENT_ENCODING
                    && h != HttpHeader.DATE && h != HttpHeader.SERVER) {
                response.getHeaders().add(f);
            }
        }
        Content.Sink.write(response, true, x.body, callback);
    }

    @Override
    public void close() throws Exception {
        server.stop();
        client.stop();
    }
}
