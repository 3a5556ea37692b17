package org.boardlab.conform;

import java.nio.charset.StandardCharsets;
import java.util.Objects;

/**
 * One frame of a conformance run, as it crossed the wire, or an event on a connection (connected,
 * closed) with no bytes.
 *
 * @param seq        its number in the run, from 1
 * @param nanos      when, in nanoseconds since the run began
 * @param connection the connection's name in the scenario, e.g. {@code alice}
 * @param direction  sent by the kit, received from the component under test, or an event
 * @param raw        the bytes exactly as they crossed (empty for an event); never {@code null}
 * @param decoded    the frame in words (the line, the JSON, or what the event was); never {@code null}
 */
public record Frame(long seq, long nanos, String connection, Direction direction, byte[] raw, String decoded) {

    /** Which way a frame went. */
    public enum Direction {
        /** Written by the kit to the component under test. */
        SENT("->"),
        /** Read from the component under test. */
        RECEIVED("<-"),
        /** Not a frame: a connection opened, closed, or bytes that make no frame. */
        EVENT("--");

        private final String arrow;

        Direction(String arrow) {
            this.arrow = arrow;
        }

        /** {@code ->}, {@code <-} or {@code --}. */
        public String arrow() {
            return arrow;
        }
    }

    /** Checks the values. */
    public Frame {
        Objects.requireNonNull(connection, "connection");
        Objects.requireNonNull(direction, "direction");
        Objects.requireNonNull(raw, "raw");
        Objects.requireNonNull(decoded, "decoded");
    }

    /** The raw bytes as hex pairs, at most {@code max} bytes, then {@code ...}. */
    public String hex(int max) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < raw.length && i < max; i++) {
            if (i > 0) {
                b.append(' ');
            }
            b.append(String.format("%02X", raw[i] & 0xFF));
        }
        if (raw.length > max) {
            b.append(" ... (").append(raw.length).append(" bytes)");
        }
        return b.toString();
    }

    /** The raw bytes as ASCII, other bytes as {@code .}. */
    public String ascii(int max) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < raw.length && i < max; i++) {
            int c = raw[i] & 0xFF;
            b.append(c >= 0x20 && c < 0x7F ? (char) c : '.');
        }
        return b.toString();
    }

    /** One line: {@code #12 +0.153s alice <- SNAMEOK}. */
    public String line() {
        return String.format("#%d +%.3fs %s %s %s", seq, nanos / 1e9, connection, direction.arrow(), shorten(decoded, 300));
    }

    static String shorten(String text, int max) {
        return text.length() <= max ? text : text.substring(0, max) + "... (" + text.length() + " characters)";
    }

    /** The text of raw bytes that are ASCII, for codecs. */
    public static String text(byte[] raw) {
        return new String(raw, StandardCharsets.ISO_8859_1);
    }

    @Override
    public String toString() {
        return line();
    }
}
