package org.boardlab.game.othello;

import java.util.Locale;

/**
 * How a finished game is counted: the value of the {@code scoring} option.
 */
public enum Scoring {

    /** Each side scores the discs of its colour on the board; empty squares count for nobody. */
    PLAIN("plain"),

    /**
     * Seed 000's convention: when the game ends with empty squares left (neither side can move), the
     * empty squares are added to the winner's count, so the two counts add up to the number of
     * squares. In a draw the empty squares are shared equally. A full board is counted as in
     * {@link #PLAIN}.
     */
    SEED000("seed000");

    private final String optionValue;

    Scoring(String optionValue) {
        this.optionValue = optionValue;
    }

    /** The value as written in the option, e.g. {@code seed000}; never {@code null}. */
    public String optionValue() {
        return optionValue;
    }

    /**
     * The scoring named by an option value, ignoring case.
     *
     * @throws IllegalArgumentException if {@code value} names no scoring, with a message listing the
     *         allowed values
     */
    public static Scoring fromOption(String value) {
        String text = value.trim().toLowerCase(Locale.ROOT);
        for (Scoring scoring : values()) {
            if (scoring.optionValue.equals(text)) {
                return scoring;
            }
        }
        throw new IllegalArgumentException("option scoring must be plain or seed000, not '" + value + "'");
    }
}
