package org.boardlab.sandbox.host;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * The host protocol's line format, shared by both ends: a line is tokens separated by one space,
 * ended by {@code \n}; in a token, {@code %}, space, and bytes below 0x20 are written {@code %XX}
 * (hex), so a token never holds a space or a line break. UTF-8. See the bundle's README.
 */
public final class Wire {

    /** The protocol's version, sent in {@code hello}. */
    public static final int VERSION = 1;

    /** The longest line either end accepts (longer: a protocol error). */
    public static final int MAX_LINE = 1 << 20;

    private Wire() {
    }

    /** {@code text} as one token. */
    public static String token(String text) {
        if (text.isEmpty()) {
            return "%";
        }
        StringBuilder b = null;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            boolean escape = c == '%' || c == ' ' || c < 0x20;
            if (escape && b == null) {
                b = new StringBuilder(text.length() + 8).append(text, 0, i);
            }
            if (b != null) {
                if (escape) {
                    b.append('%').append(Character.forDigit(c >> 4, 16)).append(Character.forDigit(c & 15, 16));
                } else {
                    b.append(c);
                }
            }
        }
        return b == null ? text : b.toString();
    }

    /**
     * The text of one token.
     *
     * @throws IllegalArgumentException if a {@code %} is not followed by two hex digits
     */
    public static String text(String token) {
        if (token.equals("%")) {
            return "";
        }
        int pct = token.indexOf('%');
        if (pct < 0) {
            return token;
        }
        byte[] utf8 = token.getBytes(StandardCharsets.UTF_8);
        ByteArrayOutputStream out = new ByteArrayOutputStream(utf8.length);
        for (int i = 0; i < utf8.length; i++) {
            if (utf8[i] == '%') {
                if (i + 2 >= utf8.length) {
                    throw new IllegalArgumentException("a % at the end of a token");
                }
                int hi = Character.digit(utf8[i + 1], 16);
                int lo = Character.digit(utf8[i + 2], 16);
                if (hi < 0 || lo < 0) {
                    throw new IllegalArgumentException("a % not followed by two hex digits");
                }
                out.write(hi << 4 | lo);
                i += 2;
            } else {
                out.write(utf8[i]);
            }
        }
        return out.toString(StandardCharsets.UTF_8);
    }

    /** The tokens of a line, decoded. */
    public static List<String> split(String line) {
        List<String> parts = new ArrayList<>();
        int start = 0;
        while (start <= line.length()) {
            int space = line.indexOf(' ', start);
            int end = space < 0 ? line.length() : space;
            parts.add(text(line.substring(start, end)));
            if (space < 0) {
                break;
            }
            start = space + 1;
        }
        return parts;
    }

    /** One line of tokens (without its line break). */
    public static String line(String... tokens) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < tokens.length; i++) {
            if (i > 0) {
                b.append(' ');
            }
            b.append(token(tokens[i]));
        }
        return b.toString();
    }
}
