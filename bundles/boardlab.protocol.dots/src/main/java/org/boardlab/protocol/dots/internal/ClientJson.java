package org.boardlab.protocol.dots.internal;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.Reader;
import java.text.ParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.cometd.bayeux.Message;
import org.cometd.common.HashMapMessage;
import org.cometd.common.JSONContext;

/**
 * The JSON of CometD's Java client, read and written with the platform's Jackson. CometD 9.0.0's own
 * contexts do not serve here: its answers' buffering parser reads nothing on Jetty 12.1 (its
 * {@code Utf8StringBuilder} is read with {@code toString()}, which 12.1 no longer gives the text), and
 * its Jackson context asks for Jackson 2.20 or later.
 */
final class ClientJson implements JSONContext.Client {

    private static final TypeReference<Map<String, Object>> MAP = new TypeReference<>() {
    };

    @Override
    public List<Message.Mutable> parse(String json) throws ParseException {
        try {
            JsonNode root = Json.MAPPER.readTree(json);
            List<Message.Mutable> out = new ArrayList<>();
            if (root != null && root.isArray()) {
                for (JsonNode node : root) {
                    out.add(message(node));
                }
            } else if (root != null && root.isObject()) {
                out.add(message(root));
            } else {
                throw new ParseException("a Bayeux answer is a JSON array or object, not: " + abbreviate(json), 0);
            }
            return out;
        } catch (IOException | IllegalArgumentException e) {
            ParseException p = new ParseException("not JSON: " + abbreviate(json) + " (" + e.getMessage() + ")", 0);
            p.initCause(e);
            throw p;
        }
    }

    private static Message.Mutable message(JsonNode node) {
        if (!node.isObject()) {
            throw new IllegalArgumentException("a Bayeux message is a JSON object, not " + node.getNodeType());
        }
        HashMapMessage m = new HashMapMessage();
        m.putAll(Json.MAPPER.convertValue(node, MAP));
        return m;
    }

    private static String abbreviate(String s) {
        return s == null ? "null" : s.length() > 200 ? s.substring(0, 200) + "..." : s;
    }

    /** Collects an answer's bytes and reads them at the end (CometD's own buffering parser reads nothing on Jetty 12.1). */
    @Override
    public JSONContext.AsyncParser newAsyncParser() {
        return new JSONContext.AsyncParser() {
            private final java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();

            @Override
            public void parse(java.nio.ByteBuffer buffer) {
                while (buffer.hasRemaining()) {
                    bytes.write(buffer.get());
                }
            }

            @Override
            @SuppressWarnings("unchecked")
            public <R> R complete() {
                try {
                    return (R) ClientJson.this.parse(bytes.toString(java.nio.charset.StandardCharsets.UTF_8));
                } catch (ParseException e) {
                    throw new IllegalArgumentException(e.getMessage(), e);
                }
            }
        };
    }

    @Override
    public String generate(Message.Mutable message) {
        return Json.write(message);
    }

    @Override
    public JSONContext.Parser getParser() {
        return new JSONContext.Parser() {
            @Override
            public <R> R parse(Reader reader, Class<R> type) throws ParseException {
                try {
                    return Json.MAPPER.readValue(reader, type);
                } catch (IOException e) {
                    ParseException p = new ParseException("not JSON: " + e.getMessage(), 0);
                    p.initCause(e);
                    throw p;
                }
            }
        };
    }

    @Override
    public JSONContext.Generator getGenerator() {
        return Json::write;
    }

}
