package org.boardlab.tournament;

/**
 * How a scheduled game ended, as the standings count it.
 *
 * @param number      the game's number in the tournament
 * @param firstPoints the first side's points: 1, 0.5 or 0 (the second side has the rest)
 * @param ending      how it ended ({@code normal}, {@code timeout}, {@code illegal_move}, ...)
 * @param loser       the id of the player who forfeited, or {@code null}
 * @param detail      a sentence for people
 * @param plies       the moves the players made (the opening's not counted)
 */
public record GameScore(int number, double firstPoints, String ending, String loser, String detail, int plies) {

    public GameScore {
        if (firstPoints != 0 && firstPoints != 0.5 && firstPoints != 1) {
            throw new IllegalArgumentException("a game scores 0, 0.5 or 1, not " + firstPoints);
        }
    }
}
