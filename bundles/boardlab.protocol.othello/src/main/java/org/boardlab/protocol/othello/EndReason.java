package org.boardlab.protocol.othello;

/** Why a game ended, written as the constant's name on the wire (the last field of {@code SENDG}). */
public enum EndReason {
    /** Neither player can move (this includes a full board): the discs decide. */
    NORMAL("neither player can move"),
    /** The player to move did not move within the time for a move, and lost. */
    TIMEOUT("a player ran out of time"),
    /** A player sent a move when it was not their turn, and lost. */
    OUTOFTURN("a player moved out of turn"),
    /**
     * The game could not go on: a player lost the connection and did not come back within 60 s, or
     * the server stopped. The discs decide. boardlab's server sends the reason in words
     * ({@code SGAMEI}) just before.
     */
    DISCONNECT("the game could not go on; the discs decide");

    private final String words;

    EndReason(String words) {
        this.words = words;
    }

    /** The reason in words, for people. */
    public String words() {
        return words;
    }

    static EndReason parse(String field) {
        for (EndReason r : values()) {
            if (r.name().equals(field)) {
                return r;
            }
        }
        throw new MalformedMessageException(
                "the end reason must be NORMAL, TIMEOUT, OUTOFTURN or DISCONNECT, not " + Wire.quote(field));
    }
}
