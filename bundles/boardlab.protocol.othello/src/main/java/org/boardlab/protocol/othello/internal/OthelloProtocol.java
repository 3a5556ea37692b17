package org.boardlab.protocol.othello.internal;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import javax.inject.Named;
import javax.inject.Singleton;
import org.boardlab.api.DecodedMessage;
import org.boardlab.api.MessageField;
import org.boardlab.api.Protocol;
import org.boardlab.protocol.othello.ClientMessage;
import org.boardlab.protocol.othello.MalformedMessageException;
import org.boardlab.protocol.othello.OthelloCodec;
import org.boardlab.protocol.othello.OthelloMessage;
import org.boardlab.protocol.othello.ServerMessage;

/**
 * The Othello text protocol of seed 000 as boardlab sees it: id {@code othello}, game
 * {@code othello}, port {@value OthelloCodec#DEFAULT_PORT}, and the inspector's decoding of one line.
 *
 * <p>{@link #describe} takes a line with or without its line end ({@code \n} or {@code \r\n}) and
 * gives the message's type (e.g. {@code CMOV}), a one-line summary and its fields by their names in
 * the spec ({@code x}, {@code y}, {@code square}, {@code board} with one child per row, ...). A line
 * the receiver would not accept gets {@link DecodedMessage#error()} set, with the same reason the
 * decoder gives: a malformed line, a line too long, and also a line with an unknown prefix, which
 * the receiver silently ignores. It never throws.
 */
@Named("othello")
@Singleton
public final class OthelloProtocol implements Protocol {

    @Override
    public String id() {
        return "othello";
    }

    @Override
    public String name() {
        return "Othello text protocol (seed 000)";
    }

    @Override
    public String gameId() {
        return "othello";
    }

    @Override
    public int defaultPort() {
        return OthelloCodec.DEFAULT_PORT;
    }

    @Override
    public DecodedMessage describe(byte[] frame, boolean fromClient) {
        if (frame == null) {
            return failed("?", "", "no frame");
        }
        int end = frame.length;
        if (end > 0 && frame[end - 1] == '\n') {
            end--;
        }
        if (end > 0 && frame[end - 1] == '\r') {
            end--;
        }
        String line = new String(frame, 0, end, StandardCharsets.ISO_8859_1);
        String type = typeOf(line);
        if (line.indexOf('\n') >= 0) {
            return failed(type, line, "the frame holds more than one line");
        }
        if (end > OthelloCodec.MAX_LINE_LENGTH) {
            return failed(type, line, "the line is longer than " + OthelloCodec.MAX_LINE_LENGTH + " bytes");
        }
        char prefix = fromClient ? ClientMessage.PREFIX : ServerMessage.PREFIX;
        try {
            Optional<? extends OthelloMessage> message = fromClient
                    ? ClientMessage.parse(line)
                    : ServerMessage.parse(line);
            if (message.isEmpty()) {
                return failed(type, line, "a line from " + (fromClient ? "a client" : "the server")
                        + " must start with " + prefix + "; the receiver ignores this one");
            }
            return message.get().describe();
        } catch (MalformedMessageException e) {
            return failed(type, line, e.reason());
        } catch (RuntimeException e) {
            return failed(type, line, "could not decode: " + e);
        }
    }

    private static DecodedMessage failed(String type, String line, String error) {
        String shown = printable(line, 200);
        return new DecodedMessage(type, shown.isEmpty() ? "(empty line)" : shown,
                List.of(MessageField.of("line", shown)), error);
    }

    /** The text before the first {@code ~}, printable and cut to 20 characters, or {@code ?}. */
    private static String typeOf(String line) {
        int tilde = line.indexOf('~');
        String t = printable(tilde < 0 ? line : line.substring(0, tilde), 20);
        return t.isEmpty() ? "?" : t;
    }

    private static String printable(String s, int max) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < s.length(); i++) {
            if (b.length() >= max) {
                return b.append("...").toString();
            }
            char c = s.charAt(i);
            if (c >= 0x20 && c <= 0x7E && c != '\\') {
                b.append(c);
            } else if (c == '\\') {
                b.append("\\\\");
            } else {
                b.append(String.format("\\x%02X", (int) c & 0xFF));
            }
        }
        return b.toString();
    }
}
