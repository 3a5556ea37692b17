package org.boardlab.protocol.othello;

import java.util.ArrayList;
import java.util.List;

/** Field rules shared by the message records: splitting, names, texts, numbers. Internal. */
final class Wire {

    /** The field separator. */
    static final char SEPARATOR = '~';

    /** The longest player name. */
    static final int MAX_NAME = 20;

    /** The longest free text (SGAMEI, SMOVERR, SNAMEERR, SERR). */
    static final int MAX_TEXT = 200;

    private Wire() {
    }

    /** Splits a line at every {@code ~}; empty fields are kept, so {@code "CPING~"} is two parts. */
    static List<String> split(String line) {
        List<String> parts = new ArrayList<>(6);
        int start = 0;
        for (int i = 0; i < line.length(); i++) {
            if (line.charAt(i) == SEPARATOR) {
                parts.add(line.substring(start, i));
                start = i + 1;
            }
        }
        parts.add(line.substring(start));
        return parts;
    }

    /** Fails unless every character is printable ASCII (0x20..0x7E). */
    static void requirePrintable(String line) {
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (c < 0x20 || c > 0x7E) {
                throw new MalformedMessageException(String.format(
                        "character 0x%02X at position %d is not printable ASCII", (int) c & 0xFFFF, i));
            }
        }
    }

    /** A player name: 1..20 characters of A-Z a-z 0-9 _ -. */
    static String name(String name, String what) {
        if (name.isEmpty()) {
            throw new MalformedMessageException(what + " is empty");
        }
        if (name.length() > MAX_NAME) {
            throw new MalformedMessageException(what + " is longer than " + MAX_NAME + " characters");
        }
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (!(c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '_' || c == '-')) {
                throw new MalformedMessageException(what + " may hold only letters A-Z a-z, digits, _ and - (found "
                        + quote(String.valueOf(c)) + ")");
            }
        }
        return name;
    }

    /** A free text: 1..200 printable ASCII characters, no {@code ~}. */
    static String text(String text, String what) {
        if (text.isEmpty()) {
            throw new MalformedMessageException(what + " is empty");
        }
        if (text.length() > MAX_TEXT) {
            throw new MalformedMessageException(what + " is longer than " + MAX_TEXT + " characters");
        }
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c < 0x20 || c > 0x7E || c == SEPARATOR) {
                throw new MalformedMessageException(what + " may hold only printable ASCII without ~ (found "
                        + quote(String.valueOf(c)) + ")");
            }
        }
        return text;
    }

    /** {@code 0} or {@code 1}. */
    static boolean flag(String field, String what) {
        if (field.equals("1")) {
            return true;
        }
        if (field.equals("0")) {
            return false;
        }
        throw new MalformedMessageException(what + " must be 0 or 1, not " + quote(field));
    }

    /** A disc count 0..64 in decimal without leading zeros. */
    static int count(String field, String what) {
        boolean digits = !field.isEmpty() && field.length() <= 2 && field.chars().allMatch(c -> c >= '0' && c <= '9');
        if (!digits || field.length() == 2 && field.charAt(0) == '0' || Integer.parseInt(field) > Board.CELLS) {
            throw new MalformedMessageException(what + " must be a number 0..64, not " + quote(field));
        }
        return Integer.parseInt(field);
    }

    /**
     * Any text made fit for a text field: characters outside printable ASCII and {@code ~} become
     * {@code ?}, the text is cut to 200 characters, and an empty text becomes {@code -}.
     */
    static String clean(String text) {
        StringBuilder b = new StringBuilder(Math.min(text.length(), MAX_TEXT));
        for (int i = 0; i < text.length() && b.length() < MAX_TEXT; i++) {
            char c = text.charAt(i);
            b.append(c < 0x20 || c > 0x7E || c == SEPARATOR ? '?' : c);
        }
        return b.length() == 0 ? "-" : b.toString();
    }

    /** A field quoted for an error message: printable, cut to 24 characters, never holding ~. */
    static String quote(String field) {
        return "'" + printable(field, 24).replace("~", "\\x7E") + "'";
    }

    /** {@code s} with every character outside printable ASCII as {@code \xNN}, cut to {@code max}. */
    static String printable(CharSequence s, int max) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < s.length(); i++) {
            if (b.length() >= max) {
                b.append("...");
                break;
            }
            char c = s.charAt(i);
            if (c >= 0x20 && c <= 0x7E && c != '\\') {
                b.append(c);
            } else if (c == '\\') {
                b.append("\\\\");
            } else if (c <= 0xFF) {
                b.append(String.format("\\x%02X", (int) c));
            } else {
                b.append(String.format("\\u%04X", (int) c));
            }
        }
        return b.toString();
    }
}
