package org.boardlab.protocol.reversi;

import java.util.Objects;

/**
 * Why bytes could not be read as a message, as a value a session can act on.
 *
 * @param reason one sentence for a log or a student, e.g. {@code unknown message type 0x42}
 * @param fatal  {@code true} when the byte stream cannot be read on (an unknown type, an oversized
 *               board, a frame cut by the end of the connection): every later byte is dropped;
 *               {@code false} when one well-delimited message is malformed (a cell coded 11, a
 *               colour 3)
 */
public record ProtocolViolation(String reason, boolean fatal) {

    public ProtocolViolation {
        Objects.requireNonNull(reason, "reason");
    }

    @Override
    public String toString() {
        return (fatal ? "fatal: " : "") + reason;
    }
}
