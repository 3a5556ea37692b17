package org.boardlab.workbench.inspector;

import java.util.Locale;
import org.boardlab.api.DecodedMessage;

/** How the inspector marks a message: red for a protocol violation, orange for a refusal. */
enum Severity {
    /** An ordinary message. */
    NORMAL,
    /**
     * The server refused what the client asked (an illegal move, a name that is taken): the message's
     * type names a refusal, such as Othello's {@code SMOVERR}, {@code SNAMEERR}, {@code SERR} or
     * Gomoku's {@code refused}.
     */
    REFUSAL,
    /** The frame is malformed or out of place: the describer's error is set, or the tap reported a {@code violation}. */
    VIOLATION;

    /** The severity of {@code m}; never {@code null}. */
    static Severity of(DecodedMessage m) {
        if (m.error() != null || "violation".equalsIgnoreCase(m.type())) {
            return VIOLATION;
        }
        String type = m.type() == null ? "" : m.type().toLowerCase(Locale.ROOT);
        if (type.contains("refus") || type.contains("reject") || type.endsWith("err") || type.endsWith("error")) {
            return REFUSAL;
        }
        return NORMAL;
    }
}
