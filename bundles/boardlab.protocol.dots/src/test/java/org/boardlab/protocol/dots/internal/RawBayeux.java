package org.boardlab.protocol.dots.internal;

import com.fasterxml.jackson.core.type.TypeReference;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A Bayeux client over long-polling written with nothing but HTTP POSTs of JSON, as the seed's Faye
 * sends them, so that tests can send what no well-behaved client library would (no auth, forged auth,
 * raw bodies) and see exactly what comes back.
 */
final class RawBayeux {

    static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    final String base;
    String clientId;
    Map<String, Object> auth;
    private int nextId;
    /** Messages delivered to this client (with any answer), not yet taken by {@link #poll}. */
    private final List<Map<String, Object>> inbox = new ArrayList<>();

    RawBayeux(String base) {
        this.base = base;
    }

    /** Registers {@code name} (password "secret-" + name) and logs in; returns {id, token}. */
    static Map<String, Object> account(String base, String name) throws Exception {
        post(base, "/register", "name=" + name + "&password=secret-" + name);
        HttpResponse<String> r = post(base, "/auth", "name=" + name + "&password=secret-" + name);
        if (r.statusCode() != 200) {
            throw new AssertionError("/auth for " + name + ": " + r.statusCode() + " " + r.body());
        }
        return Json.MAPPER.readValue(r.body(), new TypeReference<Map<String, Object>>() {
        });
    }

    static HttpResponse<String> post(String base, String path, String form) throws Exception {
        return HTTP.send(HttpRequest.newBuilder(URI.create(base + path)).header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString(form)).build(), HttpResponse.BodyHandlers.ofString());
    }

    /**
     * The status the server answers a POST of {@code body} with, read as a browser does: the answer is
     * read while the body is still being written, since a server may answer a body that is too large
     * (413) and close before it has all arrived (the JDK's client then reports only the broken pipe).
     */
    static int postStatus(String base, String path, String contentType, String body) throws Exception {
        URI uri = URI.create(base + path);
        byte[] bytes = body.getBytes(java.nio.charset.StandardCharsets.UTF_8);
        try (java.net.Socket socket = new java.net.Socket(uri.getHost(), uri.getPort())) {
            socket.setSoTimeout(30_000);
            java.io.OutputStream out = socket.getOutputStream();
            out.write(("POST " + path + " HTTP/1.1\r\nHost: " + uri.getHost() + ":" + uri.getPort() + "\r\nContent-Type: "
                    + contentType + "\r\nContent-Length: " + bytes.length + "\r\nConnection: close\r\n\r\n")
                    .getBytes(java.nio.charset.StandardCharsets.US_ASCII));
            out.flush();
            Thread writer = new Thread(() -> {
                try {
                    out.write(bytes);
                    out.flush();
                } catch (java.io.IOException e) {
                    // the server answered and closed before the whole body: what the test is about
                }
            }, "huge-body-writer");
            writer.setDaemon(true);
            writer.start();
            String status = new java.io.BufferedReader(new java.io.InputStreamReader(socket.getInputStream(),
                    java.nio.charset.StandardCharsets.US_ASCII)).readLine();
            if (status == null || !status.startsWith("HTTP/1.1 ")) {
                throw new AssertionError("no HTTP status line from the server: " + status);
            }
            return Integer.parseInt(status.split(" ")[1]);
        }
    }

    static HttpResponse<String> get(String base, String pathAndQuery) throws Exception {
        return HTTP.send(HttpRequest.newBuilder(URI.create(base + pathAndQuery)).GET().build(), HttpResponse.BodyHandlers.ofString());
    }

    /** A client that handshook and holds {@code auth} (null: sends none). */
    static RawBayeux connected(String base, Map<String, Object> auth) throws Exception {
        RawBayeux b = new RawBayeux(base);
        b.auth = auth;
        Map<String, Object> hs = b.send(Map.of("channel", "/meta/handshake", "version", "1.0",
                "supportedConnectionTypes", List.of("long-polling"))).get(0);
        if (!Boolean.TRUE.equals(hs.get("successful"))) {
            throw new AssertionError("handshake failed: " + hs);
        }
        b.clientId = (String) hs.get("clientId");
        b.send(Map.of("channel", "/meta/connect", "clientId", b.clientId, "connectionType", "long-polling",
                "advice", Map.of("timeout", 0)));
        return b;
    }

    /** POSTs the messages as one JSON array; returns every message of the answer. */
    @SafeVarargs
    final List<Map<String, Object>> send(Map<String, Object>... messages) throws Exception {
        List<Map<String, Object>> out = new ArrayList<>();
        for (Map<String, Object> m : messages) {
            Map<String, Object> copy = new LinkedHashMap<>(m);
            copy.putIfAbsent("id", String.valueOf(++nextId));
            out.add(copy);
        }
        List<Map<String, Object>> answer = parse(raw(Json.write(out)).body());
        for (Map<String, Object> m : answer) {
            if (m.get("data") instanceof Map<?, ?> d && !String.valueOf(m.get("channel")).startsWith("/meta/")) {
                @SuppressWarnings("unchecked")
                Map<String, Object> dm = (Map<String, Object>) d;
                inbox.add(dm);
            }
        }
        return answer;
    }

    HttpResponse<String> raw(String body) throws Exception {
        return HTTP.send(HttpRequest.newBuilder(URI.create(base + "/game")).header("Content-Type", "application/json;charset=UTF-8")
                .timeout(Duration.ofSeconds(30)).POST(HttpRequest.BodyPublishers.ofString(body)).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    static List<Map<String, Object>> parse(String body) throws Exception {
        return Json.MAPPER.readValue(body, new TypeReference<List<Map<String, Object>>>() {
        });
    }

    Map<String, Object> subscribe(String channel) throws Exception {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("channel", "/meta/subscribe");
        m.put("clientId", clientId);
        m.put("subscription", channel);
        if (auth != null) {
            m.put("auth", auth);
        }
        String id = String.valueOf(nextId + 1);
        for (Map<String, Object> reply : send(m)) {
            // the answer may carry messages delivered to this client before the reply
            if (id.equals(reply.get("id")) && "/meta/subscribe".equals(reply.get("channel"))) {
                return reply;
            }
        }
        throw new AssertionError("no reply to a subscribe to " + channel);
    }

    /** Publishes {@code data} with this client's auth; returns the server's reply to it. */
    Map<String, Object> publish(String channel, Map<String, Object> data) throws Exception {
        return publishAs(channel, data, auth);
    }

    Map<String, Object> publishAs(String channel, Map<String, Object> data, Object withAuth) throws Exception {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("channel", channel);
        m.put("clientId", clientId);
        m.put("data", data);
        if (withAuth != null) {
            m.put("auth", withAuth);
        }
        String id = String.valueOf(nextId + 1);
        for (Map<String, Object> reply : send(m)) {
            if (id.equals(reply.get("id")) && channel.equals(reply.get("channel"))) {
                return reply;
            }
        }
        throw new AssertionError("no reply to a publish on " + channel);
    }

    /** The data of every message delivered to this client since the last poll (a connect that returns at once). */
    List<Map<String, Object>> poll() throws Exception {
        send(Map.of("channel", "/meta/connect", "clientId", clientId, "connectionType", "long-polling", "advice", Map.of("timeout", 0)));
        List<Map<String, Object>> data = new ArrayList<>(inbox);
        inbox.clear();
        return data;
    }

    static String error(Map<String, Object> reply) {
        return Boolean.TRUE.equals(reply.get("successful")) ? null : String.valueOf(reply.get("error"));
    }
}
