package org.boardlab.api;

import java.util.Optional;

/**
 * The result of a finished game according to its rules (not counting forfeits, which the referee
 * decides): the winner, or none for a draw, and a short explanation.
 *
 * @param winner the winning side, or {@code null} for a draw
 * @param reason what decided the game, e.g. {@code "more discs (40-24)"}; never {@code null}
 */
public record Outcome(Side winner, String reason) {

    public Outcome {
        if (reason == null) {
            throw new NullPointerException("reason");
        }
    }

    /** A win for {@code winner}. */
    public static Outcome win(Side winner, String reason) {
        if (winner == null) {
            throw new NullPointerException("winner");
        }
        return new Outcome(winner, reason);
    }

    /** A draw. */
    public static Outcome draw(String reason) {
        return new Outcome(null, reason);
    }

    /** The winner, empty for a draw. */
    public Optional<Side> winnerIfAny() {
        return Optional.ofNullable(winner);
    }

    /** {@code true} when nobody won. */
    public boolean isDraw() {
        return winner == null;
    }
}
