package org.boardlab.protocol.gomoku;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

/**
 * The numbers of the Gomoku wire protocol and helpers to build whole frames as byte arrays (for
 * tests, the inspector and tools that do not run Netty).
 *
 * <pre>
 *  offset 0      4              8                      8+length
 *        +------+--------------+----------------------+
 *        | GMKU | length (u32, | JSON text, UTF-8     |
 *        |      | big-endian)  | (length bytes)       |
 *        +------+--------------+----------------------+
 * </pre>
 * A frame with length 0 has no JSON and is a {@link GomokuMessage.Heartbeat}.
 */
public final class GomokuWire {

    /** The four bytes every frame starts with: ASCII {@code GMKU}. */
    public static final byte[] MAGIC = {'G', 'M', 'K', 'U'};

    /** Bytes before the JSON text: the magic and the length field. */
    public static final int HEADER_LENGTH = 8;

    /**
     * The longest JSON text a frame may carry, in bytes. A longer length field closes the
     * connection (the original's {@code JsonSession::maxLength}). Exactly 10,240 is allowed.
     */
    public static final int MAX_PAYLOAD = 10_240;

    /** The TCP port the original program offers by default. */
    public static final int DEFAULT_PORT = 23_334;

    /** The side of the board the original server always uses. */
    public static final int BOARD_SIZE = 15;

    /** How often the original client sends a heartbeat (an empty frame). */
    public static final Duration HEARTBEAT_INTERVAL = Duration.ofSeconds(40);

    /** How long the server waits for any frame from a connection before it drops it. */
    public static final Duration IDLE_TIMEOUT = Duration.ofSeconds(45);

    private GomokuWire() {
    }

    /**
     * The whole frame (header and JSON) that carries a message, exactly as
     * {@link GomokuMessageEncoder} writes it.
     *
     * @throws IllegalArgumentException if the JSON would be longer than {@link #MAX_PAYLOAD}
     */
    public static byte[] frame(GomokuMessage message) {
        byte[] json = GomokuJson.encode(message);
        checkPayloadLength(json.length, message);
        return frame(json);
    }

    /**
     * The point {@code (row, col)} in boardlab notation: a column letter from the left ({@code a}
     * for col 0) and a row number from the top ({@code 1} for row 0), so {@code (7, 7)} is
     * {@code h8}. Points with no such name (negative, or col 26 and beyond) are written
     * {@code (row 7, col 30)}, and {@code (-1, -1)} is {@code none}.
     */
    public static String point(int row, int col) {
        if (row == -1 && col == -1) {
            return "none";
        }
        if (row >= 0 && col >= 0 && col < 26 && row < Integer.MAX_VALUE) {
            return (char) ('a' + col) + Integer.toString(row + 1);
        }
        return "(row " + row + ", col " + col + ")";
    }

    static void checkPayloadLength(int length, GomokuMessage message) {
        if (length > MAX_PAYLOAD) {
            throw new IllegalArgumentException("the JSON of this " + message.type() + " message would be "
                    + length + " bytes, over the limit of " + MAX_PAYLOAD + " that makes the peer close the connection");
        }
    }

    /**
     * Wraps a JSON text (or any bytes, for tests of bad input) in a header with the magic and the
     * right length. An empty payload gives a heartbeat frame.
     */
    public static byte[] frame(byte[] payload) {
        return ByteBuffer.allocate(HEADER_LENGTH + payload.length)
                .put(MAGIC).putInt(payload.length).put(payload).array();
    }

    /** {@link #frame(byte[])} of the UTF-8 bytes of a text. */
    public static byte[] frame(String json) {
        return frame(json.getBytes(StandardCharsets.UTF_8));
    }
}
