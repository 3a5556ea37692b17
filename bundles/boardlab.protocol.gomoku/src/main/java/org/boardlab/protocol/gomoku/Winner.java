package org.boardlab.protocol.gomoku;

import java.util.Optional;

/** The result in a {@code win} message: black ({@code "B"}), white ({@code "W"}) or a draw ({@code "-"}). */
public enum Winner {
    /** Black has five in a row, {@code "B"}. */
    BLACK("B"),
    /** White has five in a row, {@code "W"}. */
    WHITE("W"),
    /** The board is full without five in a row, {@code "-"}. */
    DRAW("-");

    private final String letter;

    Winner(String letter) {
        this.letter = letter;
    }

    /** The one-character string on the wire. */
    public String letter() {
        return letter;
    }

    /** The result where the given colour wins. */
    public static Winner of(Stone stone) {
        return stone == Stone.BLACK ? BLACK : WHITE;
    }

    /** The result for a wire string, or empty unless it is exactly {@code "B"}, {@code "W"} or {@code "-"}. */
    public static Optional<Winner> fromLetter(String text) {
        for (Winner w : values()) {
            if (w.letter.equals(text)) {
                return Optional.of(w);
            }
        }
        return Optional.empty();
    }
}
