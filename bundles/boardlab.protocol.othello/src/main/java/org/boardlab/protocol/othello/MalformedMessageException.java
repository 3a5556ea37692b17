package org.boardlab.protocol.othello;

/**
 * Thrown by the parsers of this package when a line has a valid prefix but is not a well-formed
 * message: an unknown type, the wrong number of fields, or a field out of its range. The message is
 * the reason in plain English, short enough to send back in {@code SERR~<reason>}; it never
 * contains {@code ~} or a line break.
 *
 * <p>The Netty decoder does not throw it: it passes a {@link ProtocolViolation} down the pipeline
 * instead.
 */
public final class MalformedMessageException extends IllegalArgumentException {

    private static final long serialVersionUID = 1L;

    /** @param reason why the line is malformed; never {@code null} */
    public MalformedMessageException(String reason) {
        super(reason);
    }

    /** Why the line is malformed; never {@code null}. */
    public String reason() {
        return getMessage();
    }
}
