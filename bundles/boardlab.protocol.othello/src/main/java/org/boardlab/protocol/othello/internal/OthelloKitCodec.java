package org.boardlab.protocol.othello.internal;

import java.util.Optional;
import org.boardlab.conform.Frame;
import org.boardlab.conform.FrameCodec;
import org.boardlab.protocol.othello.ClientMessage;
import org.boardlab.protocol.othello.MalformedMessageException;
import org.boardlab.protocol.othello.ServerMessage;

/**
 * The Othello protocol's lines for the conformance kit: a frame is a line with its LF (README §1);
 * a line is decoded by boardlab's own parser, so a malformed line is shown with the reason.
 */
final class OthelloKitCodec implements FrameCodec {

    /** The longest line, without its end (README §1). */
    static final int MAX_LINE = 1024;

    @Override
    public int frameLength(byte[] buffer, int length) throws FramingException {
        for (int i = 0; i < length; i++) {
            if (buffer[i] == '\n') {
                return i + 1;
            }
        }
        if (length > MAX_LINE + 1) { // a CR may come before the LF
            throw new FramingException("more than " + MAX_LINE + " bytes without a line end (README §1: a line may have at most 1024 bytes)");
        }
        return 0;
    }

    @Override
    public String decode(byte[] frame, boolean fromServer) {
        String line = line(frame);
        try {
            Optional<?> m = fromServer ? ServerMessage.parse(line) : ClientMessage.parse(line);
            if (m.isEmpty()) {
                return line + "   [ignored: the line does not start with " + (fromServer ? "S" : "C") + "]";
            }
            return line;
        } catch (MalformedMessageException e) {
            return line + "   [malformed: " + e.getMessage() + "]";
        } catch (RuntimeException e) {
            return line + "   [malformed: " + e + "]";
        }
    }

    /** The line without its LF, and a CR before it. */
    static String line(byte[] frame) {
        int end = frame.length;
        if (end > 0 && frame[end - 1] == '\n') {
            end--;
        }
        if (end > 0 && frame[end - 1] == '\r') {
            end--;
        }
        return Frame.text(java.util.Arrays.copyOf(frame, end));
    }
}
