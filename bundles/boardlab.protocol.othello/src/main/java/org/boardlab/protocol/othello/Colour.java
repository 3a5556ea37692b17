package org.boardlab.protocol.othello;

import org.boardlab.api.Side;

/**
 * A player's colour, written {@code BLACK} or {@code WHITE} on the wire. Black moves first and is
 * {@link Side#FIRST}; in this protocol black is always the player who sent the invitation (the
 * host).
 */
public enum Colour {
    /** Moves first; the inviter (host). */
    BLACK,
    /** Moves second; the invited player. */
    WHITE;

    /** The opponent's colour; never {@code null}. */
    public Colour other() {
        return this == BLACK ? WHITE : BLACK;
    }

    /** The boardlab seat of this colour: {@link Side#FIRST} for black. */
    public Side side() {
        return this == BLACK ? Side.FIRST : Side.SECOND;
    }

    /** The colour that sits on the given seat. */
    public static Colour of(Side side) {
        return side == Side.FIRST ? BLACK : WHITE;
    }

    /** The colour in lower case, for sentences: {@code black}. */
    public String word() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }

    /** The colour written as on the wire, e.g. {@code WHITE}. */
    static Colour parse(String field, String what) {
        for (Colour c : values()) {
            if (c.name().equals(field)) {
                return c;
            }
        }
        throw new MalformedMessageException(what + " must be BLACK or WHITE, not " + Wire.quote(field));
    }
}
