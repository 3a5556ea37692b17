package org.boardlab.workbench.inspector;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.boardlab.api.DecodedMessage;
import org.boardlab.api.MessageField;
import org.boardlab.api.event.WireEvent;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * Reads and writes traces: one JSON object per line, as {@code boardlab serve --trace} writes them
 * (see "Trace" in the README): {@code time_us}, {@code seq}, {@code connection}, {@code remote},
 * {@code player}, {@code protocol}, {@code direction} ({@code in} or {@code out}), {@code match},
 * {@code raw} (base64), {@code type}, {@code summary}, {@code fields} ({@code name}, {@code value},
 * {@code children}), {@code error}, {@code refused} and {@code violation}, and {@code fault} for an event that
 * reports an injected fault (by {@code boardlab proxy} or a fault profile) rather than a frame.
 *
 * <p>A trace opens without the protocol's bundle: the raw bytes come from {@code raw} and the
 * decoded message from {@code type}, {@code summary}, {@code fields}, {@code error}, {@code refused}
 * and {@code violation} (a trace written before the last two existed has neither). Reading
 * skips a line it cannot use and says why; blank lines are ignored.
 */
final class TraceFile {

    /** At most this many problems are described; the rest are only counted. */
    static final int MAX_PROBLEMS = 20;

    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final JsonFactory FACTORY = MAPPER.getFactory();

    /**
     * What a trace held.
     *
     * @param events   the messages, in the file's order
     * @param skipped  how many non-blank lines were skipped
     * @param problems why, one sentence per skipped line starting with its line number (the first
     *                 {@link #MAX_PROBLEMS})
     */
    record Loaded(List<WireEvent> events, int skipped, List<String> problems) {
    }

    private TraceFile() {
    }

    /** Writes {@code events} to {@code file}, replacing it. */
    static void write(Path file, Iterable<WireEvent> events) throws IOException {
        try (Writer out = Files.newBufferedWriter(file, StandardCharsets.UTF_8);
                JsonGenerator g = FACTORY.createGenerator(out)) {
            g.setRootValueSeparator(null);
            for (WireEvent e : events) {
                writeLine(g, e);
                g.writeRaw('\n');
            }
        }
    }

    private static void writeLine(JsonGenerator g, WireEvent e) throws IOException {
        DecodedMessage d = e.decoded();
        g.writeStartObject();
        g.writeNumberField("time_us", e.timeMicros());
        g.writeNumberField("seq", e.sequence());
        g.writeNumberField("connection", e.connectionId());
        g.writeStringField("remote", e.remote());
        g.writeStringField("player", e.player());
        g.writeStringField("protocol", e.protocol());
        g.writeStringField("direction", e.fromClient() ? "in" : "out");
        g.writeNumberField("match", e.matchId());
        g.writeStringField("raw", Base64.getEncoder().encodeToString(e.raw()));
        g.writeStringField("type", d.type());
        g.writeStringField("summary", d.summary());
        g.writeFieldName("fields");
        writeFields(g, d.fields());
        g.writeStringField("error", d.error());
        g.writeStringField("refused", d.refused());
        g.writeStringField("violation", d.violation());
        if (e.isFault()) {
            g.writeStringField("fault", e.fault());
        }
        g.writeEndObject();
    }

    private static void writeFields(JsonGenerator g, List<MessageField> fields) throws IOException {
        g.writeStartArray();
        for (MessageField f : fields) {
            g.writeStartObject();
            g.writeStringField("name", f.name());
            g.writeStringField("value", f.value());
            if (!f.children().isEmpty()) {
                g.writeFieldName("children");
                writeFields(g, f.children());
            }
            g.writeEndObject();
        }
        g.writeEndArray();
    }

    /** Reads {@code file}; a line that is not a message is skipped and described. */
    static Loaded read(Path file) throws IOException {
        List<WireEvent> events = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        Map<String, String> strings = new HashMap<>();
        int skipped = 0;
        try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            String line;
            int number = 0;
            while ((line = in.readLine()) != null) {
                number++;
                if (line.isBlank()) {
                    continue;
                }
                try {
                    events.add(parse(line, strings));
                } catch (BadLine e) {
                    skipped++;
                    if (problems.size() < MAX_PROBLEMS) {
                        problems.add("line " + number + ": " + e.getMessage());
                    }
                }
            }
        }
        return new Loaded(List.copyOf(events), skipped, List.copyOf(problems));
    }

    /** A line that is not a message; the message says why. */
    private static final class BadLine extends Exception {
        private static final long serialVersionUID = 1L;

        BadLine(String why) {
            super(why, null, false, false);
        }
    }

    private static WireEvent parse(String line, Map<String, String> strings) throws BadLine {
        JsonNode node;
        try {
            node = MAPPER.readTree(line);
        } catch (JsonProcessingException e) {
            throw new BadLine("not JSON (" + e.getOriginalMessage() + ")");
        }
        if (node == null || !node.isObject()) {
            throw new BadLine("not a JSON object");
        }
        byte[] raw;
        try {
            raw = Base64.getDecoder().decode(requiredText(node, "raw"));
        } catch (IllegalArgumentException e) {
            throw new BadLine("\"raw\" is not base64 (" + e.getMessage() + ")");
        }
        String direction = requiredText(node, "direction");
        if (!direction.equals("in") && !direction.equals("out")) {
            throw new BadLine("\"direction\" must be \"in\" or \"out\", not \"" + direction + "\"");
        }
        long time = requiredLong(node, "time_us");
        long connection = requiredLong(node, "connection");
        long seq = optionalLong(node, "seq");
        long match = optionalLong(node, "match");
        String remote = shared(strings, optionalText(node, "remote", ""));
        String player = shared(strings, optionalText(node, "player", null));
        String protocol = shared(strings, optionalText(node, "protocol", ""));
        String type = shared(strings, optionalText(node, "type", "?"));
        String summary = optionalText(node, "summary", "");
        String error = optionalText(node, "error", null);
        String refused = optionalText(node, "refused", null);
        String violation = optionalText(node, "violation", null);
        String fault = optionalText(node, "fault", null);
        List<MessageField> fields = fields(node.get("fields"), "fields", strings);
        return new WireEvent(time, seq, connection, remote, player, protocol, direction.equals("in"), raw,
                new DecodedMessage(type, summary, fields, error, refused, violation), match, fault);
    }

    private static List<MessageField> fields(JsonNode array, String where, Map<String, String> strings) throws BadLine {
        if (array == null || array.isNull()) {
            return List.of();
        }
        if (!array.isArray()) {
            throw new BadLine("\"" + where + "\" must be a list of fields");
        }
        List<MessageField> out = new ArrayList<>(array.size());
        for (int i = 0; i < array.size(); i++) {
            JsonNode f = array.get(i);
            String here = where + "[" + i + "]";
            if (!f.isObject()) {
                throw new BadLine("\"" + here + "\" must be an object with \"name\" and \"value\"");
            }
            JsonNode name = f.get("name");
            if (name == null || !name.isTextual()) {
                throw new BadLine("\"" + here + "\" has no \"name\"");
            }
            JsonNode value = f.get("value");
            String text = value == null || value.isNull() ? "" : value.isValueNode() ? value.asText() : value.toString();
            out.add(new MessageField(shared(strings, name.asText()), text, fields(f.get("children"), here + ".children", strings)));
        }
        return out;
    }

    private static String requiredText(JsonNode node, String key) throws BadLine {
        JsonNode v = node.get(key);
        if (v == null || v.isNull()) {
            throw new BadLine("\"" + key + "\" is missing");
        }
        if (!v.isTextual()) {
            throw new BadLine("\"" + key + "\" must be a string");
        }
        return v.asText();
    }

    private static long requiredLong(JsonNode node, String key) throws BadLine {
        JsonNode v = node.get(key);
        if (v == null || v.isNull()) {
            throw new BadLine("\"" + key + "\" is missing");
        }
        return asLong(v, key);
    }

    private static long optionalLong(JsonNode node, String key) throws BadLine {
        JsonNode v = node.get(key);
        return v == null || v.isNull() ? 0 : asLong(v, key);
    }

    private static long asLong(JsonNode v, String key) throws BadLine {
        if (!v.isIntegralNumber() || !v.canConvertToLong()) {
            throw new BadLine("\"" + key + "\" must be a whole number, not " + v);
        }
        return v.asLong();
    }

    private static String optionalText(JsonNode node, String key, String otherwise) throws BadLine {
        JsonNode v = node.get(key);
        if (v == null || v.isNull()) {
            return otherwise;
        }
        if (!v.isTextual()) {
            throw new BadLine("\"" + key + "\" must be a string or null");
        }
        return v.asText();
    }

    /** One copy of each repeated string (remote addresses, types, field names) to save memory. */
    private static String shared(Map<String, String> strings, String s) {
        return s == null ? null : strings.computeIfAbsent(s, k -> k);
    }
}
