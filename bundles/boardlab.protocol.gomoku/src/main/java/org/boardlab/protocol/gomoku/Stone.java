package org.boardlab.protocol.gomoku;

import java.util.Locale;
import java.util.Optional;

/**
 * A player's colour as the wire writes it: {@code "B"} for black, {@code "W"} for white. Black
 * always moves first. Used for {@code turn} in an update and for a player's {@code color}.
 */
public enum Stone {
    /** Black, {@code "B"}; moves first. */
    BLACK("B"),
    /** White, {@code "W"}. */
    WHITE("W");

    private final String letter;

    Stone(String letter) {
        this.letter = letter;
    }

    /** The one-letter string on the wire. */
    public String letter() {
        return letter;
    }

    /** The other colour. */
    public Stone other() {
        return this == BLACK ? WHITE : BLACK;
    }

    /** The colour for a wire letter, or empty if the text is not exactly {@code "B"} or {@code "W"}. */
    public static Optional<Stone> fromLetter(String text) {
        for (Stone s : values()) {
            if (s.letter.equals(text)) {
                return Optional.of(s);
            }
        }
        return Optional.empty();
    }

    /** {@code "black"} or {@code "white"}, for messages to people. */
    public String word() {
        return name().toLowerCase(Locale.ROOT);
    }
}
