package org.boardlab.protocol.onitama.internal;

import java.nio.charset.StandardCharsets;
import java.util.Optional;
import org.boardlab.conform.Frame;
import org.boardlab.conform.FrameCodec;
import org.boardlab.protocol.onitama.ServerMessage;

/**
 * Seed 001's frames for the conformance kit (README §1): the server's messages are cut at their NUL
 * (at most 64 bytes before it); a client's message ends at a NUL or an LF it sends, or else with the
 * read that brought it, as the original server took one {@code recv()} as one message.
 */
final class OnitamaKitCodec implements FrameCodec {

    /** The longest server message the kit waits for before it gives up on the stream. */
    static final int MAX_SERVER_MESSAGE = 64;

    private static final OnitamaProtocol DESCRIBER = new OnitamaProtocol();

    /** A server's message: up to its NUL. */
    @Override
    public int frameLength(byte[] buffer, int length) throws FramingException {
        return frameLength(buffer, length, true);
    }

    @Override
    public int frameLength(byte[] buffer, int length, boolean fromServer) throws FramingException {
        for (int i = 0; i < length; i++) {
            if (buffer[i] == 0 || !fromServer && buffer[i] == '\n') {
                return i + 1;
            }
            if (fromServer && i >= MAX_SERVER_MESSAGE) {
                throw new FramingException("no NUL within " + MAX_SERVER_MESSAGE + " bytes: a server message is a few numbers and one NUL (README §1, §3)");
            }
        }
        return fromServer ? 0 : length; // a client's message without a terminator: what one read brought (README §1 item 2)
    }

    @Override
    public String decode(byte[] frame, boolean fromServer) {
        return DESCRIBER.describe(frame, !fromServer).summary();
    }

    /** A server message's text without its NUL, or empty if the frame is not a whole server message. */
    static Optional<ServerMessage> server(Frame f) {
        if (f == null || f.direction() != Frame.Direction.RECEIVED || f.raw().length == 0 || f.raw()[f.raw().length - 1] != 0) {
            return Optional.empty();
        }
        try {
            return Optional.of(ServerMessage.parse(new String(f.raw(), 0, f.raw().length - 1, StandardCharsets.ISO_8859_1)));
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    /** A client message's text without its terminator (NUL, LF or CR LF). */
    static String client(Frame f) {
        return client(f.raw());
    }

    static String client(byte[] raw) {
        int n = raw.length;
        if (n > 0 && (raw[n - 1] == 0 || raw[n - 1] == '\n')) {
            n--;
            if (n > 0 && raw[n - 1] == '\r' && raw[raw.length - 1] == '\n') {
                n--;
            }
        }
        return new String(raw, 0, n, StandardCharsets.ISO_8859_1);
    }
}
