package org.boardlab.protocol.othello;

/**
 * A lobby player's status, written {@code READY} or {@code BUSY} on the wire (in {@code SUPS}).
 */
public enum Status {
    /** In the lobby and free: may be invited. */
    READY,
    /** Has a pending invitation (sent or received) or is playing: cannot be invited. */
    BUSY;

    static Status parse(String field) {
        for (Status s : values()) {
            if (s.name().equals(field)) {
                return s;
            }
        }
        throw new MalformedMessageException("the status must be READY or BUSY, not " + Wire.quote(field));
    }
}
