package org.boardlab.server.faults;

import java.util.List;
import org.boardlab.api.DecodedMessage;
import org.boardlab.api.MessageField;
import org.boardlab.api.Protocol;

/**
 * The "protocol" of a stream the proxy was not told the protocol of: each read is a frame, shown as
 * its length and its bytes as text ({@code \x0A} for a byte that is not printable ASCII).
 */
public final class RawBytes implements Protocol {

    /** The one instance. */
    public static final RawBytes INSTANCE = new RawBytes();

    private RawBytes() {
    }

    @Override
    public String id() {
        return "bytes";
    }

    @Override
    public String name() {
        return "bytes, not decoded";
    }

    @Override
    public String gameId() {
        return "";
    }

    @Override
    public int defaultPort() {
        return 0;
    }

    @Override
    public DecodedMessage describe(byte[] frame, boolean fromClient) {
        String text = text(frame, 120);
        return new DecodedMessage("bytes", frame.length + (frame.length == 1 ? " byte: " : " bytes: ") + text,
                List.of(MessageField.of("length", frame.length), MessageField.of("text", text(frame, 4096))), null);
    }

    /** The bytes as text: printable ASCII as it is, every other byte as {@code \xNN}; cut after {@code max} characters. */
    public static String text(byte[] bytes, int max) {
        StringBuilder b = new StringBuilder();
        for (byte x : bytes) {
            if (b.length() >= max) {
                return b.append("...").toString();
            }
            int c = x & 0xFF;
            if (c >= 0x20 && c < 0x7F && c != '\\') {
                b.append((char) c);
            } else if (c == '\\') {
                b.append("\\\\");
            } else {
                b.append(String.format("\\x%02X", c));
            }
        }
        return b.toString();
    }
}
