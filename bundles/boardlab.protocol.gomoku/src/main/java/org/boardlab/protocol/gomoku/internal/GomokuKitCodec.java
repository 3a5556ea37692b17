package org.boardlab.protocol.gomoku.internal;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Optional;
import org.boardlab.conform.Frame;
import org.boardlab.conform.FrameCodec;
import org.boardlab.protocol.gomoku.GomokuJson;
import org.boardlab.protocol.gomoku.GomokuMessage;
import org.boardlab.protocol.gomoku.GomokuProtocolException;
import org.boardlab.protocol.gomoku.GomokuWire;

/**
 * GMKU frames for the conformance kit (README §1): the magic {@code GMKU}, a 4-byte big-endian length
 * of at most 10,240, then the JSON; a frame is read by boardlab's own decoder, so a frame it skips is
 * shown with the reason.
 */
final class GomokuKitCodec implements FrameCodec {

    @Override
    public int frameLength(byte[] buffer, int length) throws FramingException {
        for (int i = 0; i < Math.min(4, length); i++) {
            if (buffer[i] != GomokuWire.MAGIC[i]) {
                throw new FramingException("a frame must start with \"GMKU\" (47 4D 4B 55), but byte " + (i + 1) + " is "
                        + String.format("%02X", buffer[i] & 0xFF) + " (README §1, §7)");
            }
        }
        if (length < GomokuWire.HEADER_LENGTH) {
            return 0;
        }
        long json = ((buffer[4] & 0xFFL) << 24) | ((buffer[5] & 0xFF) << 16) | ((buffer[6] & 0xFF) << 8) | (buffer[7] & 0xFF);
        if (json > GomokuWire.MAX_PAYLOAD) {
            throw new FramingException("the frame announces " + json + " bytes of JSON, over the limit of " + GomokuWire.MAX_PAYLOAD + " (README §1)");
        }
        int whole = GomokuWire.HEADER_LENGTH + (int) json;
        return length >= whole ? whole : 0;
    }

    @Override
    public String decode(byte[] frame, boolean fromServer) {
        byte[] json = Arrays.copyOfRange(frame, GomokuWire.HEADER_LENGTH, frame.length);
        if (json.length == 0) {
            return "heartbeat";
        }
        String text = new String(json, StandardCharsets.UTF_8);
        try {
            GomokuJson.decode(json, fromServer ? GomokuMessage.Sender.SERVER : GomokuMessage.Sender.CLIENT);
            return text;
        } catch (GomokuProtocolException e) {
            return text + "   [skipped: " + e.violation().reason() + "]";
        } catch (RuntimeException e) {
            return text + "   [skipped: " + e.getMessage() + "]";
        }
    }

    /** The frame's message, or empty when boardlab's decoder would skip it. */
    static Optional<GomokuMessage> message(Frame f, boolean fromServer) {
        if (f.raw().length < GomokuWire.HEADER_LENGTH || f.direction() == Frame.Direction.EVENT) {
            return Optional.empty();
        }
        try {
            return Optional.of(GomokuJson.decode(Arrays.copyOfRange(f.raw(), GomokuWire.HEADER_LENGTH, f.raw().length),
                    fromServer ? GomokuMessage.Sender.SERVER : GomokuMessage.Sender.CLIENT));
        } catch (RuntimeException e) {
            return Optional.empty();
        }
    }
}
