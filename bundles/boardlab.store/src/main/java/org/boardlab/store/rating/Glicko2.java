package org.boardlab.store.rating;

import java.util.List;

/**
 * Glicko-2, as Mark Glickman describes it in "Example of the Glicko-2 system" (2013,
 * glicko.net/glicko/glicko2.pdf), steps 1 to 8, with the Illinois algorithm for the new volatility.
 *
 * <p>{@link #LICHESS} holds Lichess's choices, which boardlab's second ladder uses: a new player has
 * rating 1500, deviation 500 and volatility 0.09; tau is 0.75; the deviation stays between 45 and
 * 500 and the volatility at most 0.1; and, as on Lichess, every game is a rating period of its own
 * for both players (each is updated at once against the other's rating before the game), rather
 * than games being gathered into periods. {@link #PAPER} is the paper's own example set-up (tau 0.5,
 * no limits), used to check the arithmetic.
 *
 * @param tau           the system constant that limits how fast the volatility changes
 * @param start         a new player's rating
 * @param minDeviation  the smallest deviation a rating keeps
 * @param maxDeviation  the largest deviation
 * @param maxVolatility the largest volatility
 */
public record Glicko2(double tau, Rating start, double minDeviation, double maxDeviation, double maxVolatility) {

    /** Glicko-2's scale factor between the Glicko scale and its own (400 / ln 10). */
    public static final double SCALE = 173.7178;

    private static final double EPSILON = 0.000001;

    /** Lichess's parameters (lila's {@code Glicko.default}, {@code tau}, min and max deviation, max volatility). */
    public static final Glicko2 LICHESS = new Glicko2(0.75, new Rating(1500, 500, 0.09), 45, 500, 0.1);

    /** The paper's example: tau 0.5, a new player 1500 / 350 / 0.06, nothing clamped. */
    public static final Glicko2 PAPER = new Glicko2(0.5, new Rating(1500, 350, 0.06), 0, Double.MAX_VALUE, Double.MAX_VALUE);

    /**
     * One player's Glicko-2 rating on the Glicko scale.
     *
     * @param rating     the rating (1500 for a new player)
     * @param deviation  the rating deviation, RD: the rating is within about 2 RD of the true strength with 95 %
     * @param volatility how much the player's strength is expected to fluctuate
     */
    public record Rating(double rating, double deviation, double volatility) {
    }

    /**
     * One game of a rating period, from the rated player's side.
     *
     * @param opponent the opponent's rating before the period
     * @param score    1 won, 0.5 draw, 0 lost
     */
    public record Result(Rating opponent, double score) {
    }

    /**
     * A player's rating after one rating period in which they played {@code games} (no games: only
     * the deviation grows, step 6).
     */
    public Rating update(Rating player, List<Result> games) {
        double mu = (player.rating() - 1500) / SCALE;
        double phi = player.deviation() / SCALE;
        double sigma = player.volatility();
        if (games.isEmpty()) {
            return clamp(player.rating(), Math.sqrt(phi * phi + sigma * sigma) * SCALE, sigma);
        }
        double vInverse = 0;
        double sum = 0;
        for (Result r : games) {
            double muJ = (r.opponent().rating() - 1500) / SCALE;
            double phiJ = r.opponent().deviation() / SCALE;
            double g = g(phiJ);
            double e = 1 / (1 + Math.exp(-g * (mu - muJ)));
            vInverse += g * g * e * (1 - e);
            sum += g * (r.score() - e);
        }
        double v = 1 / vInverse;
        double delta = v * sum;
        double newSigma = volatility(phi, sigma, v, delta);
        double phiStar = Math.sqrt(phi * phi + newSigma * newSigma);
        double newPhi = 1 / Math.sqrt(1 / (phiStar * phiStar) + 1 / v);
        double newMu = mu + newPhi * newPhi * sum;
        return clamp(newMu * SCALE + 1500, newPhi * SCALE, newSigma);
    }

    /**
     * Both players' ratings after one game between them, each a rating period of its own (Lichess).
     *
     * @param score the first player's score: 1, 0.5 or 0
     * @return the first player's then the second player's new rating
     */
    public Rating[] afterGame(Rating first, Rating second, double score) {
        return new Rating[] {update(first, List.of(new Result(second, score))), update(second, List.of(new Result(first, 1 - score)))};
    }

    private static double g(double phi) {
        return 1 / Math.sqrt(1 + 3 * phi * phi / (Math.PI * Math.PI));
    }

    /** Step 5: the new volatility, by the Illinois algorithm. */
    private double volatility(double phi, double sigma, double v, double delta) {
        double a = Math.log(sigma * sigma);
        double phi2 = phi * phi;
        double delta2 = delta * delta;
        java.util.function.DoubleUnaryOperator f = x -> {
            double ex = Math.exp(x);
            double d = phi2 + v + ex;
            return ex * (delta2 - phi2 - v - ex) / (2 * d * d) - (x - a) / (tau * tau);
        };
        double bigA = a;
        double bigB;
        if (delta2 > phi2 + v) {
            bigB = Math.log(delta2 - phi2 - v);
        } else {
            int k = 1;
            while (f.applyAsDouble(a - k * tau) < 0) {
                k++;
            }
            bigB = a - k * tau;
        }
        double fA = f.applyAsDouble(bigA);
        double fB = f.applyAsDouble(bigB);
        for (int i = 0; i < 1000 && Math.abs(bigB - bigA) > EPSILON; i++) {
            double c = bigA + (bigA - bigB) * fA / (fB - fA);
            double fC = f.applyAsDouble(c);
            if (fC * fB <= 0) {
                bigA = bigB;
                fA = fB;
            } else {
                fA = fA / 2;
            }
            bigB = c;
            fB = fC;
        }
        return Math.exp(bigA / 2);
    }

    private Rating clamp(double rating, double deviation, double volatility) {
        return new Rating(rating, Math.max(minDeviation, Math.min(maxDeviation, deviation)), Math.min(maxVolatility, volatility));
    }
}
