package org.boardlab.workbench.inspector;

/**
 * Bytes as a hex dump, 16 a line: the offset (4 hex digits), the bytes in hex
 * (a gap after the eighth), then the same bytes as ASCII, with a dot for anything not printable.
 *
 * <pre>
 * 0000  43 4d 4f 56 7e 33 7e 34  0d 0a                    CMOV~3~4..
 * </pre>
 */
final class HexDump {

    /** Dumps at most this many bytes (so offsets fit in 4 hex digits); the rest is counted in a last line. */
    static final int LIMIT = 64 * 1024;

    private static final char[] HEX = "0123456789abcdef".toCharArray();

    private HexDump() {
    }

    /** The dump of {@code bytes}; empty for no bytes. */
    static String of(byte[] bytes) {
        int shown = Math.min(bytes.length, LIMIT);
        StringBuilder out = new StringBuilder((shown / 16 + 1) * 74);
        for (int line = 0; line < shown; line += 16) {
            if (line > 0) {
                out.append('\n');
            }
            String offset = Integer.toHexString(line);
            out.append("0".repeat(4 - offset.length())).append(offset).append("  ");
            for (int i = 0; i < 16; i++) {
                if (i == 8) {
                    out.append(' ');
                }
                if (line + i < shown) {
                    int b = bytes[line + i] & 0xff;
                    out.append(HEX[b >> 4]).append(HEX[b & 0xf]).append(' ');
                } else {
                    out.append("   ");
                }
            }
            out.append(' ');
            for (int i = line; i < Math.min(line + 16, shown); i++) {
                int b = bytes[i] & 0xff;
                out.append(b >= 0x20 && b < 0x7f ? (char) b : '.');
            }
        }
        if (bytes.length > shown) {
            out.append("\n... ").append(bytes.length - shown).append(" more bytes not shown (").append(bytes.length)
                    .append(" in all)");
        }
        return out.toString();
    }
}
