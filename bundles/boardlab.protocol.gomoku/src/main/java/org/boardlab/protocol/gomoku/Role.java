package org.boardlab.protocol.gomoku;

import java.util.Optional;

/**
 * What the server tells a client it is, in a {@code color} message: a player of one colour or a
 * spectator ({@code "V"}, "viewer" in the original), who watches and cannot move.
 */
public enum Role {
    /** Plays black, {@code "B"}. */
    BLACK("B"),
    /** Plays white, {@code "W"}. */
    WHITE("W"),
    /** Watches the game, {@code "V"}. */
    SPECTATOR("V");

    private final String letter;

    Role(String letter) {
        this.letter = letter;
    }

    /** The one-letter string on the wire. */
    public String letter() {
        return letter;
    }

    /** The colour this role plays, or empty for a spectator. */
    public Optional<Stone> stone() {
        return switch (this) {
            case BLACK -> Optional.of(Stone.BLACK);
            case WHITE -> Optional.of(Stone.WHITE);
            case SPECTATOR -> Optional.empty();
        };
    }

    /** The role of a player of the given colour. */
    public static Role of(Stone stone) {
        return stone == Stone.BLACK ? BLACK : WHITE;
    }

    /** The role for a wire letter, or empty unless the text is exactly {@code "B"}, {@code "W"} or {@code "V"}. */
    public static Optional<Role> fromLetter(String text) {
        for (Role r : values()) {
            if (r.letter.equals(text)) {
                return Optional.of(r);
            }
        }
        return Optional.empty();
    }
}
