package org.boardlab.protocol.dots.internal;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import javax.inject.Named;
import javax.inject.Singleton;
import org.boardlab.api.DecodedMessage;
import org.boardlab.api.MessageField;
import org.boardlab.api.Protocol;

/**
 * Seed 002's web protocol as the rest of boardlab sees it: its id, port and the inspector's view of
 * one Bayeux message (a frame is one message as JSON: {@code {"channel": ..., "data": {...}, ...}}).
 * The type shown is the channel's kind and the data's {@code type}, e.g. {@code game move} or
 * {@code queue request}; meta messages show as {@code meta handshake}, {@code meta connect}, ...
 */
@Named("dots")
@Singleton
public final class DotsProtocol implements Protocol {

    /** The seed's production port was 8888 (behind a proxy on 7777). */
    public static final int DEFAULT_PORT = 8888;
    /** A request line as the conformance kits keep it: {@code POST /auth ...}, {@code OPTIONS /game} (a CORS preflight). */
    private static final Pattern HTTP_REQUEST = Pattern.compile("[A-Z]{3,7} /");

    @Override
    public String id() {
        return "dots";
    }

    @Override
    public String name() {
        return "Dots on the web: HTTP and Bayeux (seed 002)";
    }

    @Override
    public String gameId() {
        return "dots";
    }

    @Override
    public int defaultPort() {
        return DEFAULT_PORT;
    }

    @Override
    public DecodedMessage describe(byte[] frame, boolean fromClient) {
        String text = new String(frame, StandardCharsets.UTF_8);
        if (HTTP_REQUEST.matcher(text).lookingAt() || text.startsWith("HTTP/1.1 ")) {
            return http(text);
        }
        JsonNode node;
        try {
            node = Json.MAPPER.readTree(new String(frame, StandardCharsets.UTF_8));
        } catch (Exception e) {
            return new DecodedMessage("?", "not JSON", List.of(), "not a Bayeux message: " + e.getMessage());
        }
        if (node == null || !node.isObject()) {
            return new DecodedMessage("?", "not an object", List.of(), "a Bayeux message is a JSON object");
        }
        String channel = node.path("channel").asText("");
        JsonNode data = node.path("data");
        String kind;
        // the server's reply to a publish has no data, only successful (and error): "queue ok", "game refused"
        String type = data.has("type") ? data.path("type").asText("?")
                : node.has("successful") ? (node.path("successful").asBoolean() ? "ok" : "refused") : "?";
        if (channel.startsWith("/meta/")) {
            kind = "meta " + channel.substring(6);
        } else if (channel.equals("/game/queue")) {
            kind = "queue " + type;
        } else if (channel.startsWith("/game/")) {
            kind = "game " + type;
        } else {
            kind = channel.isEmpty() ? "?" : "other";
        }
        StringBuilder summary = new StringBuilder(channel);
        if (data.isObject()) {
            JsonNode point = data.path("point");
            if (point.isObject()) {
                summary.append(" point x=").append(point.path("x").asText()).append(" y=").append(point.path("y").asText());
            }
            for (String key : List.of("id", "player", "target", "requestType", "winner", "score_1", "score_2")) {
                if (data.has(key)) {
                    summary.append(' ').append(key).append('=').append(data.get(key).asText());
                }
            }
            if (data.has("score")) {
                summary.append(" score=").append(data.get("score"));
            }
        }
        if (node.has("error")) {
            summary.append(" error ").append(node.get("error").asText());
        }
        DecodedMessage m = new DecodedMessage(kind, summary.toString(), fields(node), null);
        if (node.has("error") && !node.path("successful").asBoolean(true)) {
            m = m.withRefused(node.get("error").asText());
        }
        return m;
    }

    /**
     * One half of an HTTP exchange as the conformance kit keeps it: {@code POST /auth name=...} (the
     * request line and its form) or {@code HTTP/1.1 200}, the headers that matter and the body.
     */
    private static DecodedMessage http(String text) {
        if (text.startsWith("HTTP/1.1 ")) {
            int end = text.indexOf("\r\n\r\n");
            String head = end < 0 ? text : text.substring(0, end);
            String body = end < 0 ? "" : text.substring(end + 4);
            List<MessageField> fields = new ArrayList<>();
            String[] lines = head.split("\r\n");
            for (int i = 1; i < lines.length; i++) {
                int colon = lines[i].indexOf(':');
                if (colon > 0) {
                    fields.add(new MessageField(lines[i].substring(0, colon), lines[i].substring(colon + 1).strip(), List.of()));
                }
            }
            fields.add(new MessageField("body", body, List.of()));
            String status = lines[0].substring("HTTP/1.1 ".length()).strip();
            String summary = "HTTP " + status + " " + (body.length() > 120 ? body.substring(0, 120) + "..." : body);
            return new DecodedMessage("http " + status, summary, fields, null);
        }
        int space = text.indexOf(' ');
        int second = text.indexOf(' ', space + 1);
        String target = second < 0 ? text.substring(space + 1) : text.substring(space + 1, second);
        int query = target.indexOf('?');
        String path = query < 0 ? target : target.substring(0, query);
        return new DecodedMessage("http " + text.substring(0, space) + " " + path, text, List.of(new MessageField("request", text, List.of())), null);
    }

    private static List<MessageField> fields(JsonNode node) {
        List<MessageField> out = new ArrayList<>();
        Iterator<Map.Entry<String, JsonNode>> it = node.fields();
        while (it.hasNext()) {
            Map.Entry<String, JsonNode> e = it.next();
            out.add(field(e.getKey(), e.getValue()));
        }
        return out;
    }

    private static MessageField field(String name, JsonNode value) {
        if (value.isObject()) {
            return new MessageField(name, "", fields(value));
        }
        if (value.isArray()) {
            if (value.size() > 0 && value.get(0).isArray() && value.size() > 8) {
                // the 32x39 captured matrix: one line per row
                List<MessageField> rows = new ArrayList<>();
                for (int i = 0; i < value.size(); i++) {
                    StringBuilder row = new StringBuilder();
                    for (JsonNode cell : value.get(i)) {
                        row.append(cell.asInt() == 0 ? '.' : (char) ('0' + cell.asInt()));
                    }
                    rows.add(new MessageField("row " + i, row.toString(), List.of()));
                }
                return new MessageField(name, value.size() + " rows", rows);
            }
            List<MessageField> items = new ArrayList<>();
            for (int i = 0; i < value.size(); i++) {
                items.add(field(String.valueOf(i), value.get(i)));
            }
            return new MessageField(name, value.size() + " items", items);
        }
        return new MessageField(name, value.asText(), List.of());
    }
}
