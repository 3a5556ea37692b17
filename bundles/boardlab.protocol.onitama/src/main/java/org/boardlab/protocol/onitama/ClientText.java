package org.boardlab.protocol.onitama;

/**
 * A message from a client: its text, without any terminator. What it means depends on the
 * session's state (a mode, a difficulty, a table or a move), as in the original, where the server
 * parsed each message with the {@code sscanf} of the step it was in.
 *
 * @param text printable ASCII; never {@code null}
 */
public record ClientText(String text) {
}
