package org.boardlab.protocol.onitama;

/**
 * What the framer or a decoder passes on instead of a message when the bytes break the protocol
 * (too long, not printable ASCII). The server answers {@code 24} (ERROR) and closes the connection.
 *
 * @param reason why, in words; never {@code null}
 * @param text   the offending bytes, printable, possibly cut; never {@code null}
 */
public record ProtocolViolation(String reason, String text) {
}
