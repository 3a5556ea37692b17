package org.boardlab.protocol.othello;

/**
 * What {@link OthelloDecoder} passes down the pipeline, in place of a message, for a line that
 * breaks the protocol: a malformed line with a valid prefix, or a line longer than
 * {@link OthelloCodec#MAX_LINE_LENGTH}. The seed's rule is that the server then disconnects the
 * client; boardlab's server first sends {@code SERR~<reason>}.
 *
 * <p>Lines with an unknown prefix are not violations: the decoder drops them without a trace.
 *
 * @param reason why the line was refused, in plain English, safe to send as the text of
 *               {@code SERR} (printable ASCII, no {@code ~}); never {@code null}
 * @param line   the offending line, cut to 100 characters, with every byte outside printable ASCII
 *               written as {@code \xNN}; empty for a line too long to keep. For logs and people,
 *               never for parsing
 */
public record ProtocolViolation(String reason, String line) {

    public ProtocolViolation {
        reason = Wire.clean(reason);
        if (line == null) {
            throw new NullPointerException("line");
        }
    }
}
