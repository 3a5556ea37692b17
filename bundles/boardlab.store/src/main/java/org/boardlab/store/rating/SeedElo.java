package org.boardlab.store.rating;

/**
 * Seed 002's Elo, exactly as its server updates ratings after a game (updateRatings and
 * eloCoefficient in the seed's {@code backend/server.js}; see {@code 002-wire.md} section 7):
 *
 * <pre>
 * E1 = 1 / (1 + 10^((R2 - R1) / 400))        E2 = 1 / (1 + 10^((R1 - R2) / 400))
 * R1' = round(R1 + K(R1) * (S1 - E1))         R2' = round(R2 + K(R2) * (S2 - E2))
 * K(R) = 25 if R &lt; 1700, 15 if R &lt; 2400, 10 otherwise
 * </pre>
 *
 * S is 1 for a win, 0.5 for a draw, 0 for a loss. Each side uses its own K, so a game between a
 * 1690 and a 1710 player does not keep the sum of the two ratings. {@code round} is JavaScript's
 * {@code Math.round}: halves go up, towards plus infinity ({@code 1587.5 -> 1588},
 * {@code -2.5 -> -2}). A new player starts at {@link #START}.
 */
public final class SeedElo {

    /** A new player's rating (seed 002). */
    public static final int START = 1600;

    private SeedElo() {
    }

    /** The K factor for a player rated {@code rating}: 25 below 1700, 15 below 2400, 10 from 2400 on. */
    public static int k(int rating) {
        return rating < 1700 ? 25 : rating < 2400 ? 15 : 10;
    }

    /** The score {@code rating} is expected to make against {@code opponent}, between 0 and 1. */
    public static double expected(int rating, int opponent) {
        return 1 / (1 + Math.pow(10, (opponent - rating) / 400.0));
    }

    /**
     * The new ratings of both players after one game.
     *
     * @param first  the first player's rating before the game
     * @param second the second player's rating before the game
     * @param score  the first player's score: 1 (won), 0.5 (draw) or 0 (lost)
     * @return the first player's then the second player's new rating
     * @throws IllegalArgumentException if {@code score} is not 0, 0.5 or 1
     */
    public static int[] update(int first, int second, double score) {
        if (score != 0 && score != 0.5 && score != 1) {
            throw new IllegalArgumentException("a game scores 0, 0.5 or 1, not " + score);
        }
        int a = jsRound(first + k(first) * (score - expected(first, second)));
        int b = jsRound(second + k(second) * ((1 - score) - expected(second, first)));
        return new int[] {a, b};
    }

    /** JavaScript's {@code Math.round}: the nearest integer, halves towards plus infinity. */
    static int jsRound(double x) {
        return (int) Math.floor(x + 0.5);
    }
}
