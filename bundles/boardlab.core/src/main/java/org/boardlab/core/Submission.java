package org.boardlab.core;

/**
 * What became of a move submitted to a match ({@link Match#submit}): the referee's answer, at once.
 *
 * @param verdict what became of it
 * @param reason  for {@link Verdict#REFUSED}, why, in words for the player (e.g. {@code "d3 flips no
 *                disc"}); {@code null} otherwise
 */
public record Submission(Verdict verdict, String reason) {

    /** What became of a submitted move. */
    public enum Verdict {
        /** Legal and on turn: the referee applies it (or keeps it for the side's turn, if the match holds). */
        ACCEPTED,
        /** Not legal here, or not a move of the game; the side may submit another before its deadline. */
        REFUSED,
        /** The side is not to move (or already moved this turn). The caller decides: most protocols forfeit. */
        OUT_OF_TURN,
        /** The game is over (or was never started). */
        GAME_OVER
    }

    static final Submission ACCEPTED = new Submission(Verdict.ACCEPTED, null);
    static final Submission OUT_OF_TURN = new Submission(Verdict.OUT_OF_TURN, null);
    static final Submission GAME_OVER = new Submission(Verdict.GAME_OVER, null);

    static Submission refused(String reason) {
        return new Submission(Verdict.REFUSED, reason);
    }
}
