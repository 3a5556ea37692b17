package org.boardlab.protocol.othello;

/**
 * The answer to an invitation, written {@code ACCEPT} or {@code DECLINE} on the wire (in
 * {@code CRES} and {@code SRES}). The seed's text also mentions {@code YES/NO} for the same field;
 * this protocol accepts only {@code ACCEPT} and {@code DECLINE}.
 */
public enum Answer {
    /** The invitation is accepted: the game starts. */
    ACCEPT,
    /** The invitation is declined: both players stay in the lobby. */
    DECLINE;

    static Answer parse(String field) {
        for (Answer a : values()) {
            if (a.name().equals(field)) {
                return a;
            }
        }
        throw new MalformedMessageException("the answer must be ACCEPT or DECLINE, not " + Wire.quote(field));
    }
}
