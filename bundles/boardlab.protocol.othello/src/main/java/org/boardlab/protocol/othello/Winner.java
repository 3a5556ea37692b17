package org.boardlab.protocol.othello;

import java.util.Optional;

/** Who won a game, written {@code BLACK}, {@code WHITE} or {@code DRAW} on the wire (in {@code SENDG}). */
public enum Winner {
    /** Black won. */
    BLACK,
    /** White won. */
    WHITE,
    /** Nobody won. */
    DRAW;

    /** The winning colour, or empty for a draw. */
    public Optional<Colour> colour() {
        return this == DRAW ? Optional.empty() : Optional.of(Colour.valueOf(name()));
    }

    /** The winner when {@code colour} wins; never {@code null}. */
    public static Winner of(Colour colour) {
        return colour == Colour.BLACK ? BLACK : WHITE;
    }

    static Winner parse(String field) {
        for (Winner w : values()) {
            if (w.name().equals(field)) {
                return w;
            }
        }
        throw new MalformedMessageException("the winner must be BLACK, WHITE or DRAW, not " + Wire.quote(field));
    }
}
