package org.boardlab.protocol.gomoku;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import org.boardlab.protocol.gomoku.GomokuMessage.Color;
import org.boardlab.protocol.gomoku.GomokuMessage.FullUpdate;
import org.boardlab.protocol.gomoku.GomokuMessage.Heartbeat;
import org.boardlab.protocol.gomoku.GomokuMessage.Place;
import org.boardlab.protocol.gomoku.GomokuMessage.Refused;
import org.boardlab.protocol.gomoku.GomokuMessage.Sender;
import org.boardlab.protocol.gomoku.GomokuMessage.Update;
import org.boardlab.protocol.gomoku.GomokuMessage.Win;
import org.boardlab.protocol.gomoku.ProtocolViolation.Kind;

/**
 * The JSON text of a message: the part of a frame after the 8-byte header. Thread-safe.
 *
 * <p><b>Writing</b> gives byte for byte what the original Qt server writes
 * ({@code QJsonDocument::toJson(Compact)}): no spaces, keys in alphabetical order at every level
 * ({@code data} before {@code type}; {@code board}, {@code col}, {@code row}, {@code turn}), whole
 * numbers without a decimal point, colours as one-letter strings. A message without data
 * ({@code hello}, {@code join}, {@code new}) has no {@code data} key at all.
 *
 * <p><b>Reading</b> accepts everything the original programs send and the usual freedoms of JSON:
 * keys in any order, spaces and line breaks, keys it does not know (ignored), a whole number
 * written as {@code 7.0}, {@code ""} for an empty point. It refuses, with a
 * {@link ProtocolViolation} naming the fault: text that is not JSON, JSON that is not an object,
 * a missing or non-string {@code type}, a type it does not know, and data that is missing, of the
 * wrong JSON type or out of range. Where the original silently reads a missing number as 0 (so a
 * {@code place} without data would put a stone on {@code a1}), this class refuses instead.
 */
public final class GomokuJson {

    private static final JsonFactory FACTORY = new JsonFactory();
    private static final ObjectMapper MAPPER = JsonMapper.builder(FACTORY)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .build();

    private static final String KNOWN_TYPES = "hello, join, new, color, update, place, win, refused";

    private GomokuJson() {
    }

    // ------------------------------------------------------------------------------------ writing

    /**
     * The UTF-8 JSON text of a message, e.g. {@code {"data":{"col":7,"row":7},"type":"place"}}; an
     * empty array for a {@link Heartbeat}. The length is not checked here (see
     * {@link GomokuWire#frame(GomokuMessage)} and {@link GomokuMessageEncoder}).
     */
    public static byte[] encode(GomokuMessage message) {
        if (message instanceof Heartbeat) {
            return new byte[0];
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream(64);
        try (JsonGenerator g = FACTORY.createGenerator(out)) {
            g.writeStartObject();
            writeData(g, message);
            g.writeStringField("type", message.type());
            g.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException("writing JSON to memory failed", e);
        }
        return out.toByteArray();
    }

    /** {@link #encode(GomokuMessage)} as a string, for logs and tests. */
    public static String encodeToString(GomokuMessage message) {
        return new String(encode(message), StandardCharsets.UTF_8);
    }

    private static void writeData(JsonGenerator g, GomokuMessage message) throws IOException {
        if (message instanceof Color c) {
            g.writeStringField("data", c.role().letter());
        } else if (message instanceof Win w) {
            g.writeStringField("data", w.winner().letter());
        } else if (message instanceof Place p) {
            g.writeObjectFieldStart("data");
            g.writeNumberField("col", p.col());
            g.writeNumberField("row", p.row());
            g.writeEndObject();
        } else if (message instanceof Update u) {
            g.writeObjectFieldStart("data");
            g.writeNumberField("col", u.col());
            g.writeNumberField("row", u.row());
            g.writeStringField("turn", u.turn().letter());
            g.writeEndObject();
        } else if (message instanceof FullUpdate f) {
            g.writeObjectFieldStart("data");
            g.writeArrayFieldStart("board");
            for (int r = 0; r < f.board().rows(); r++) {
                g.writeStartArray();
                for (int c = 0; c < f.board().cols(); c++) {
                    g.writeString(f.board().cell(r, c).letter());
                }
                g.writeEndArray();
            }
            g.writeEndArray();
            g.writeNumberField("col", f.col());
            g.writeNumberField("row", f.row());
            g.writeStringField("turn", f.turn().letter());
            g.writeEndObject();
        } else if (message instanceof Refused x) {
            g.writeObjectFieldStart("data");
            g.writeNumberField("col", x.col());
            g.writeStringField("reason", x.reason());
            g.writeNumberField("row", x.row());
            g.writeEndObject();
        }
        // hello, join and new have no data
    }

    // ------------------------------------------------------------------------------------ reading

    /**
     * Reads the JSON text of a frame (the bytes after the header). An empty text is a
     * {@link Heartbeat}.
     *
     * @throws GomokuProtocolException with a violation of kind {@code MALFORMED_JSON},
     *                                 {@code NOT_AN_OBJECT}, {@code MISSING_TYPE},
     *                                 {@code UNKNOWN_TYPE} or {@code BAD_DATA}
     */
    public static GomokuMessage decode(byte[] json) throws GomokuProtocolException {
        if (json.length == 0) {
            return GomokuMessage.HEARTBEAT;
        }
        Place place = plainPlace(json);
        if (place != null) {
            return place;
        }
        JsonNode root;
        try {
            root = MAPPER.readTree(json);
        } catch (MismatchedInputException e) {
            throw fail(Kind.MALFORMED_JSON, "the frame's text has more after the JSON value"
                    + " (one frame carries exactly one object)", "", json);
        } catch (JsonProcessingException e) {
            throw fail(Kind.MALFORMED_JSON, "the frame's text is not valid JSON: " + firstLine(e), "", json);
        } catch (IOException e) {
            throw fail(Kind.MALFORMED_JSON, "the frame's text could not be read as JSON: " + e.getMessage(), "", json);
        }
        if (root == null || !root.isObject()) {
            throw fail(Kind.NOT_AN_OBJECT, "a message is a JSON object {...}, not "
                    + (root == null || root.isMissingNode() ? "blank text" : kindOf(root)), "", json);
        }
        JsonNode typeNode = root.get("type");
        if (typeNode == null || !typeNode.isTextual()) {
            throw fail(Kind.MISSING_TYPE, typeNode == null
                    ? "the message has no \"type\""
                    : "\"type\" must be a string, not " + kindOf(typeNode), "", json);
        }
        String type = typeNode.textValue();
        JsonNode data = root.get("data");
        try {
            return switch (type) {
                case "hello" -> GomokuMessage.HELLO;
                case "join" -> GomokuMessage.JOIN;
                case "new" -> GomokuMessage.NEW_ROUND;
                case "color" -> new Color(Role.fromLetter(letter(data, type, "\"B\", \"W\" or \"V\""))
                        .orElseThrow(() -> new BadData("the data of color must be \"B\", \"W\" or \"V\", not "
                                + quote(data.textValue()))));
                case "win" -> new Win(Winner.fromLetter(letter(data, type, "\"B\", \"W\" or \"-\""))
                        .orElseThrow(() -> new BadData("the data of win must be \"B\", \"W\" or \"-\", not "
                                + quote(data.textValue()))));
                case "place" -> {
                    JsonNode d = object(data, type);
                    yield new Place(integer(d, "row", type), integer(d, "col", type));
                }
                case "update" -> update(object(data, type));
                case "refused" -> {
                    JsonNode d = object(data, type);
                    JsonNode reason = d.get("reason");
                    if (reason == null || !reason.isTextual()) {
                        throw new BadData("refused needs a string \"reason\" in its data"
                                + (reason == null ? "" : ", not " + kindOf(reason)));
                    }
                    yield new Refused(integer(d, "row", type), integer(d, "col", type), reason.textValue());
                }
                default -> throw fail(Kind.UNKNOWN_TYPE, "unknown message type " + quote(type)
                        + "; the types are " + KNOWN_TYPES, type, json);
            };
        } catch (BadData e) {
            throw fail(Kind.BAD_DATA, e.getMessage(), type, json);
        } catch (IllegalArgumentException e) {
            throw fail(Kind.BAD_DATA, e.getMessage(), type, json);
        }
    }

    private static final byte[] PLACE_COL = "{\"data\":{\"col\":".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] PLACE_ROW = ",\"row\":".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] PLACE_END = "},\"type\":\"place\"}".getBytes(StandardCharsets.US_ASCII);

    /**
     * The {@code place} a server reads for every stone, when it is written exactly as
     * {@link #encode} writes it ({@code {"data":{"col":7,"row":7},"type":"place"}}, numbers of one to
     * four digits without leading zeros): read without building a tree of the JSON. Anything else
     * (spaces, another key order, other numbers) gives {@code null} and is read by the JSON parser,
     * with the same result for the same message ({@code GomokuJsonTest} compares them).
     */
    static Place plainPlace(byte[] json) {
        if (json.length < PLACE_COL.length + 1 + PLACE_ROW.length + 1 + PLACE_END.length || !startsWith(json, 0, PLACE_COL)) {
            return null;
        }
        int i = PLACE_COL.length;
        int col = 0;
        int start = i;
        for (; i < json.length && json[i] >= '0' && json[i] <= '9' && i - start < 5; i++) {
            col = col * 10 + (json[i] - '0');
        }
        if (i == start || i - start > 4 || (json[start] == '0' && i - start > 1) || !startsWith(json, i, PLACE_ROW)) {
            return null;
        }
        i += PLACE_ROW.length;
        int row = 0;
        start = i;
        for (; i < json.length && json[i] >= '0' && json[i] <= '9' && i - start < 5; i++) {
            row = row * 10 + (json[i] - '0');
        }
        if (i == start || i - start > 4 || (json[start] == '0' && i - start > 1) || json.length - i != PLACE_END.length
                || !startsWith(json, i, PLACE_END)) {
            return null;
        }
        return new Place(row, col);
    }

    private static boolean startsWith(byte[] bytes, int at, byte[] prefix) {
        if (at + prefix.length > bytes.length) {
            return false;
        }
        for (int k = 0; k < prefix.length; k++) {
            if (bytes[at + k] != prefix[k]) {
                return false;
            }
        }
        return true;
    }

    /**
     * {@link #decode(byte[])}, then checks that {@code sender} may send the message.
     *
     * @throws GomokuProtocolException as {@link #decode(byte[])}, or with kind
     *                                 {@code WRONG_SENDER} for a message only the other side sends
     */
    public static GomokuMessage decode(byte[] json, Sender sender) throws GomokuProtocolException {
        GomokuMessage message = decode(json);
        if (!message.sentBy(sender)) {
            Sender other = sender == Sender.CLIENT ? Sender.SERVER : Sender.CLIENT;
            throw fail(Kind.WRONG_SENDER, message.type() + " is sent by the " + word(other)
                    + ", never by a " + word(sender), message.type(), json);
        }
        return message;
    }

    private static GomokuMessage update(JsonNode d) {
        int row = integer(d, "row", "update");
        int col = integer(d, "col", "update");
        JsonNode turnNode = d.get("turn");
        if (turnNode == null || !turnNode.isTextual()) {
            throw new BadData("update needs \"turn\", the string \"B\" or \"W\""
                    + (turnNode == null ? "" : ", not " + kindOf(turnNode)));
        }
        Stone turn = Stone.fromLetter(turnNode.textValue()).orElseThrow(() -> new BadData(
                "\"turn\" of update must be \"B\" or \"W\", not " + quote(turnNode.textValue())));
        if (!d.has("board")) {
            return new Update(row, col, turn);
        }
        return new FullUpdate(row, col, turn, board(d.get("board")));
    }

    private static WireBoard board(JsonNode node) {
        if (!node.isArray() || node.isEmpty()) {
            throw new BadData("\"board\" must be a non-empty array of rows, not "
                    + (node.isArray() ? "an empty array" : kindOf(node)));
        }
        Cell[][] cells = new Cell[node.size()][];
        for (int r = 0; r < node.size(); r++) {
            JsonNode row = node.get(r);
            if (!row.isArray()) {
                throw new BadData("row " + (r + 1) + " of \"board\" must be an array of points, not " + kindOf(row));
            }
            cells[r] = new Cell[row.size()];
            for (int c = 0; c < row.size(); c++) {
                JsonNode point = row.get(c);
                final int rr = r;
                final int cc = c;
                if (!point.isTextual()) {
                    throw new BadData("point " + GomokuWire.point(r, c) + " of \"board\" must be a string"
                            + " \" \", \"B\", \"W\" or \"X\", not " + kindOf(point));
                }
                cells[r][c] = Cell.fromLetter(point.textValue()).orElseThrow(() -> new BadData(
                        "point " + GomokuWire.point(rr, cc) + " of \"board\" must be \" \", \"B\", \"W\" or \"X\", not "
                                + quote(point.textValue())));
            }
        }
        return WireBoard.of(cells);
    }

    private static String letter(JsonNode data, String type, String allowed) {
        if (data == null || !data.isTextual()) {
            throw new BadData(type + " needs \"data\", the string " + allowed
                    + (data == null ? "" : ", not " + kindOf(data)));
        }
        return data.textValue();
    }

    private static JsonNode object(JsonNode data, String type) {
        if (data == null || !data.isObject()) {
            throw new BadData(type + " needs \"data\", an object" + (data == null ? "" : ", not " + kindOf(data)));
        }
        return data;
    }

    /** A whole number that fits an int: 7 or 7.0, not 7.5, "7" or 1e20. */
    private static int integer(JsonNode data, String field, String type) {
        JsonNode n = data.get(field);
        if (n == null || !n.isNumber()) {
            throw new BadData(type + " needs a whole number \"" + field + "\" in its data"
                    + (n == null ? "" : ", not " + kindOf(n)));
        }
        if (n.isIntegralNumber() && n.canConvertToInt()) {
            return n.intValue();
        }
        double d = n.doubleValue();
        if (n.isFloatingPointNumber() && d == Math.rint(d) && d >= Integer.MIN_VALUE && d <= Integer.MAX_VALUE) {
            return (int) d;
        }
        throw new BadData("\"" + field + "\" of " + type + " must be a whole number that fits 32 bits, not " + n);
    }

    private static String kindOf(JsonNode n) {
        if (n.isTextual()) {
            return "the string " + quote(n.textValue());
        }
        if (n.isNumber()) {
            return "the number " + n;
        }
        if (n.isBoolean()) {
            return n.booleanValue() ? "true" : "false";
        }
        if (n.isNull()) {
            return "null";
        }
        if (n.isArray()) {
            return "an array";
        }
        return n.isObject() ? "an object" : "something else";
    }

    private static String quote(String s) {
        String shown = s.length() > 20 ? s.substring(0, 20) + "…" : s;
        return "\"" + ProtocolViolation.excerpt(shown) + "\"";
    }

    private static String word(Sender s) {
        return s == Sender.CLIENT ? "client" : "server";
    }

    private static String firstLine(JsonProcessingException e) {
        String m = e.getOriginalMessage();
        if (m == null) {
            m = e.getClass().getSimpleName();
        }
        int nl = m.indexOf('\n');
        String first = nl < 0 ? m : m.substring(0, nl);
        if (e.getLocation() != null && e.getLocation().getColumnNr() > 0) {
            first += " (at character " + e.getLocation().getColumnNr() + ")";
        }
        return first;
    }

    private static GomokuProtocolException fail(Kind kind, String reason, String type, byte[] json) {
        return new GomokuProtocolException(new ProtocolViolation(kind, reason, type,
                ProtocolViolation.excerpt(new String(json, StandardCharsets.UTF_8))));
    }

    /** A fault in the data of a known type; turned into a BAD_DATA violation. */
    private static final class BadData extends RuntimeException {
        private static final long serialVersionUID = 1L;

        BadData(String message) {
            super(message, null, false, false);
        }
    }
}
