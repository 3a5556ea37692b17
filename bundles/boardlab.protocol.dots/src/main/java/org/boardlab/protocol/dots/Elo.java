package org.boardlab.protocol.dots;

/**
 * Seed 002's Elo rating, as the original server computes it after every game.
 *
 * <pre>
 *   E_A = 1 / (1 + 10^((R_B - R_A) / 400))        the expected score of A against B
 *   R_A' = round(R_A + K(R_A) * (S_A - E_A))      S = 1 for a win, 0.5 for a draw, 0 for a loss
 *   K(R) = 25 below 1700, 15 from 1700 to 2399, 10 from 2400
 * </pre>
 * Each player's K comes from his own rating before the game, so the two changes need not be equal
 * and opposite. The result is rounded as JavaScript's {@code Math.round} does: halves go up, towards
 * positive infinity ({@code -2.5} becomes {@code -2}).
 */
public final class Elo {

    /** Every account's rating when it is made. */
    public static final int START = 1600;

    private Elo() {
    }

    /** The K factor for a player rated {@code rating}: 25 below 1700, 15 below 2400, else 10. */
    public static int k(int rating) {
        return rating < 1700 ? 25 : rating < 2400 ? 15 : 10;
    }

    /** The expected score of a player rated {@code rating} against one rated {@code opponent}, in 0..1. */
    public static double expected(int rating, int opponent) {
        return 1.0 / (1.0 + Math.pow(10.0, (opponent - rating) / 400.0));
    }

    /**
     * A player's new rating.
     *
     * @param rating   the player's rating before the game
     * @param opponent the opponent's rating before the game
     * @param score    1 for a win, 0.5 for a draw, 0 for a loss
     */
    public static int next(int rating, int opponent, double score) {
        if (score != 0 && score != 0.5 && score != 1) {
            throw new IllegalArgumentException("a game scores 1 (won), 0.5 (drawn) or 0 (lost), not " + score);
        }
        return (int) Math.floor(rating + k(rating) * (score - expected(rating, opponent)) + 0.5);
    }

    /**
     * Both players' new ratings after a game.
     *
     * @param winner 1 if player 1 won, 2 if player 2 won, 0 for a draw (the seed's {@code winner} field)
     * @return {@code {new rating of player 1, new rating of player 2}}
     */
    public static int[] after(int rating1, int rating2, int winner) {
        double s1 = switch (winner) {
            case 0 -> 0.5;
            case 1 -> 1;
            case 2 -> 0;
            default -> throw new IllegalArgumentException("the winner is 0 (a draw), 1 or 2, not " + winner);
        };
        return new int[] {next(rating1, rating2, s1), next(rating2, rating1, 1 - s1)};
    }
}
