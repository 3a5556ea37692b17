package org.boardlab.workbench.inspector;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.boardlab.api.DecodedMessage;
import org.boardlab.api.MessageField;
import org.boardlab.api.event.WireEvent;

/** Wire events built by hand, shaped like the Othello and Gomoku describers' output. */
final class Frames {

    /** 2024-03-01 12:00:00 UTC in microseconds. */
    static final long T0 = 1_709_294_400_000_000L;

    private Frames() {
    }

    static String remote(long connection) {
        return "127.0.0.1:" + (50_000 + connection);
    }

    static WireEvent event(long seq, long connection, String player, boolean in, String protocol, String wire, DecodedMessage d,
            long match) {
        return new WireEvent(T0 + seq * 1_000, seq, connection, remote(connection), player, protocol, in,
                (wire + "\r\n").getBytes(StandardCharsets.UTF_8), d, match);
    }

    /** A fault injected on what {@code connection}'s client sent, as the wire tap reports it. */
    static WireEvent fault(long seq, long connection, String kind, String text) {
        return new WireEvent(T0 + seq * 1_000, seq, connection, remote(connection), null, "othello", true,
                "CPING\n".getBytes(StandardCharsets.UTF_8), new DecodedMessage("fault", kind + ": " + text,
                        List.of(MessageField.of("fault", kind), MessageField.of("direction", "to the server"),
                                MessageField.of("what", text), MessageField.of("bytes", "6")), null), 0, kind);
    }

    static WireEvent login(long seq, long connection, String name) {
        return event(seq, connection, null, true, "othello", "CLOGIN~" + name,
                new DecodedMessage("CLOGIN", "login as " + name, List.of(MessageField.of("name", name)), null), 0);
    }

    /** A client's move on (x, y), e.g. CMOV~3~4 = d5. */
    static WireEvent move(long seq, long connection, String player, int x, int y, long match) {
        String square = square(x, y);
        return event(seq, connection, player, true, "othello", "CMOV~" + x + "~" + y,
                new DecodedMessage("CMOV", "move " + square, List.of(MessageField.of("x", x), MessageField.of("y", y),
                        MessageField.of("square", square)), null), match);
    }

    /** The server's refusal of a move. */
    static WireEvent refused(long seq, long connection, String player, int x, int y, String reason, long match) {
        String square = square(x, y);
        return event(seq, connection, player, false, "othello", "SMOVERR~" + x + "~" + y + "~" + reason,
                new DecodedMessage("SMOVERR", "move " + square + " refused: " + reason, List.of(MessageField.of("x", x),
                        MessageField.of("y", y), MessageField.of("reason", reason)), null).withRefused(reason), match);
    }

    /** The server telling a client that it broke the protocol, before it closes the connection. */
    static WireEvent serverError(long seq, long connection, String player, String reason) {
        return event(seq, connection, player, false, "othello", "SERR~" + reason,
                new DecodedMessage("SERR", "protocol error, the server closes the connection: " + reason,
                        List.of(MessageField.of("reason", reason)), null).withViolation(reason), 0);
    }

    /** A frame the tap reported as a protocol violation. */
    static WireEvent violation(long seq, long connection, String player, String wire, String why) {
        return event(seq, connection, player, true, "othello", wire,
                new DecodedMessage("violation", "protocol violation: " + why, List.of(), why), 0);
    }

    /** A malformed frame with fields: the describer's error is set. */
    static WireEvent malformed(long seq, long connection, String player, String wire, String why) {
        return event(seq, connection, player, true, "gomoku", wire,
                new DecodedMessage("place", "bad frame: " + why, List.of(MessageField.of("text", wire)), why), 0);
    }

    /** A server board update with nested fields (rows of squares). */
    static WireEvent board(long seq, long connection, String player, long match) {
        List<MessageField> rows = new ArrayList<>();
        for (int r = 1; r <= 3; r++) {
            List<MessageField> squares = new ArrayList<>();
            for (char c = 'a'; c <= 'c'; c++) {
                squares.add(MessageField.of(c + Integer.toString(r), (r + c) % 3 == 0 ? "black" : "empty"));
            }
            rows.add(new MessageField("row " + r, "3 squares", squares));
        }
        return event(seq, connection, player, false, "othello", "SBOARD~" + "0".repeat(64),
                new DecodedMessage("SBOARD", "board after move " + seq, List.of(MessageField.of("to move", "white"),
                        new MessageField("board", "8x8", rows)), null), match);
    }

    /** A Gomoku place from the client. */
    static WireEvent place(long seq, long connection, String player, int row, int col, long match) {
        String point = square(col, row);
        return event(seq, connection, player, true, "gomoku",
                "GMKU{\"type\":\"place\",\"data\":{\"row\":" + row + ",\"col\":" + col + "}}",
                new DecodedMessage("place", "place " + point, List.of(new MessageField("data", "", List.of(
                        MessageField.of("row", row), MessageField.of("col", col)))), null), match);
    }

    static String square(int x, int y) {
        return (char) ('a' + x) + Integer.toString(y + 1);
    }
}
