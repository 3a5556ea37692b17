package org.boardlab.protocol.gomoku;

import java.util.Objects;

/**
 * Why a frame could not be read, as a value a server can log: what kind of fault, one sentence of
 * reason, and where it applies the message type and a short excerpt of the offending text.
 *
 * <p>A {@linkplain Kind#fatal() fatal} violation breaks the byte stream: the frame decoder closes
 * the connection and reports it as a {@link GomokuProtocolException}. The others spoil one frame
 * only: {@link GomokuMessageDecoder} passes them on as this value, skips the frame and keeps the
 * connection open, as the original server does with anything it cannot read.
 *
 * @param kind    what went wrong; never {@code null}
 * @param reason  one sentence for a log or a student, e.g. {@code place needs a whole number "row"};
 *                never {@code null}
 * @param type    the message {@code type} if the frame had one that could be read, else {@code ""}
 * @param excerpt the start of the offending JSON text with control characters escaped (at most
 *                {@value #EXCERPT_LENGTH} characters and an ellipsis), or {@code ""} for a fault
 *                in the header
 */
public record ProtocolViolation(Kind kind, String reason, String type, String excerpt) {

    /** The longest excerpt kept. */
    public static final int EXCERPT_LENGTH = 120;

    /** The kinds of fault, each fatal or not. */
    public enum Kind {
        /** The frame does not start with {@code GMKU}. Fatal. */
        BAD_MAGIC(true),
        /** The length field is over {@link GomokuWire#MAX_PAYLOAD}. Fatal. */
        FRAME_TOO_LONG(true),
        /** The bytes end in the middle of a frame (the connection closed, or a describer got a cut frame). Fatal. */
        TRUNCATED_FRAME(true),
        /** The bytes after the header are not JSON (or not UTF-8, or have text after the JSON value). */
        MALFORMED_JSON(false),
        /** The JSON is a value other than an object, e.g. an array. */
        NOT_AN_OBJECT(false),
        /** The object has no {@code "type"} string. */
        MISSING_TYPE(false),
        /** The {@code "type"} is not one this protocol knows. */
        UNKNOWN_TYPE(false),
        /** The {@code "data"} of a known type is missing, of the wrong JSON type or out of range. */
        BAD_DATA(false),
        /** A well-formed message that only the other side sends, e.g. an {@code update} from a client. */
        WRONG_SENDER(false);

        private final boolean fatal;

        Kind(boolean fatal) {
            this.fatal = fatal;
        }

        /** Whether the connection cannot go on after this fault. */
        public boolean fatal() {
            return fatal;
        }
    }

    /** Checks that nothing is {@code null}. */
    public ProtocolViolation {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(reason, "reason");
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(excerpt, "excerpt");
    }

    /** Whether the connection cannot go on (see {@link Kind#fatal()}). */
    public boolean fatal() {
        return kind.fatal();
    }

    /** A violation about the header: no type, no excerpt. */
    static ProtocolViolation ofHeader(Kind kind, String reason) {
        return new ProtocolViolation(kind, reason, "", "");
    }

    /** The start of a text, fit for a log line: control characters escaped, cut with an ellipsis. */
    static String excerpt(String text) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < text.length(); i++) {
            if (sb.length() >= EXCERPT_LENGTH) {
                return sb.substring(0, EXCERPT_LENGTH) + "…";
            }
            char c = text.charAt(i);
            if (c < 0x20 || c == 0x7f) {
                sb.append(String.format("\\u%04x", (int) c));
            } else {
                sb.append(c);
            }
        }
        return sb.length() > EXCERPT_LENGTH ? sb.substring(0, EXCERPT_LENGTH) + "…" : sb.toString();
    }

    /** One line for a log: {@code BAD_DATA: place needs a whole number "row" in {"data":{},"type":"place"}}. */
    @Override
    public String toString() {
        return kind + ": " + reason + (excerpt.isEmpty() ? "" : " in " + excerpt);
    }
}
