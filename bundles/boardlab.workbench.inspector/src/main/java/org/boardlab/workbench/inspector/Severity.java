package org.boardlab.workbench.inspector;

import org.boardlab.api.DecodedMessage;

/** How the inspector marks a message: red for a protocol violation, orange for a refusal, violet for an injected fault. */
enum Severity {
    /** An ordinary message. */
    NORMAL,
    /**
     * The server refused what the client asked (an illegal move, a name that is taken): the protocol
     * marked the message {@linkplain DecodedMessage#refused() refused}, as Othello's {@code SMOVERR}
     * and {@code SNAMEERR} and Gomoku's {@code refused}.
     */
    REFUSAL,
    /**
     * The frame is malformed or out of place (its {@linkplain DecodedMessage#error() error} is set,
     * as for every frame the tap reports as a violation), or it tells the client that it broke the
     * protocol ({@linkplain DecodedMessage#violation() violation}, as Othello's {@code SERR}).
     */
    VIOLATION,
    /**
     * Not a frame: a fault injected on purpose ({@linkplain org.boardlab.api.event.WireEvent#fault() fault}:
     * a delay, a split, a flipped bit, ...) by {@code boardlab proxy} or a fault profile, shown next to the
     * frames it changed.
     */
    FAULT;

    /** The severity of event {@code e}, decoded as {@code m}; never {@code null}. */
    static Severity of(org.boardlab.api.event.WireEvent e, DecodedMessage m) {
        return e.isFault() ? FAULT : of(m);
    }

    /** The severity of {@code m}; never {@code null}. */
    static Severity of(DecodedMessage m) {
        if (m.error() != null || m.violation() != null) {
            return VIOLATION;
        }
        return m.refused() != null ? REFUSAL : NORMAL;
    }
}
