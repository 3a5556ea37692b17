package org.boardlab.protocol.gomoku;

import java.util.Optional;

/**
 * One point of a board as a full update writes it: a one-character string. The original server
 * only ever sends {@code " "}, {@code "B"} and {@code "W"}; {@code "X"} (a point where nobody may
 * play) exists in its engine for shaped boards and is drawn by its client, so it is accepted here too.
 */
public enum Cell {
    /** No stone, {@code " "} (an empty string {@code ""} is read as empty too, as the original client does). */
    EMPTY(" ", '.'),
    /** A black stone, {@code "B"}. */
    BLACK("B", 'B'),
    /** A white stone, {@code "W"}. */
    WHITE("W", 'W'),
    /** A point where nobody may play, {@code "X"}. */
    BLOCKED("X", 'X');

    private final String letter;
    private final char symbol;

    Cell(String letter, char symbol) {
        this.letter = letter;
        this.symbol = symbol;
    }

    /** The one-character string on the wire. */
    public String letter() {
        return letter;
    }

    /** The character used when a board is shown as text: {@code .}, {@code B}, {@code W} or {@code X}. */
    public char symbol() {
        return symbol;
    }

    /** The cell holding a stone of the given colour. */
    public static Cell of(Stone stone) {
        return stone == Stone.BLACK ? BLACK : WHITE;
    }

    /** The cell for a wire string ({@code ""} means empty), or empty if the string is anything else. */
    public static Optional<Cell> fromLetter(String text) {
        if (text.isEmpty()) {
            return Optional.of(EMPTY);
        }
        for (Cell c : values()) {
            if (c.letter.equals(text)) {
                return Optional.of(c);
            }
        }
        return Optional.empty();
    }
}
