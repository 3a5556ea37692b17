package org.boardlab.tournament.rating;

import org.apache.commons.math3.distribution.NormalDistribution;
import org.apache.commons.math3.linear.Array2DRowRealMatrix;
import org.apache.commons.math3.linear.RealMatrix;
import org.apache.commons.math3.linear.SingularValueDecomposition;

/**
 * A tournament's Elo ratings by maximum likelihood, with 95 % error bars and the likelihood of
 * superiority, as Ordo and BayesElo report them.
 *
 * <p>The model is Elo's logistic curve: a player rated {@code d} points above another is expected
 * to score {@code 1 / (1 + 10^(-d/400))} against it; a draw counts as half a win and half a loss (as
 * Ordo does by default). The ratings are those under which the results are most likely; at them
 * every player's expected score equals its real score. They are relative: their average is
 * {@code average} (0 unless given).
 *
 * <p>The errors come from the curvature of the log-likelihood at its maximum (the observed Fisher
 * information): its pseudo-inverse is the ratings' covariance under the constraint that their
 * average is fixed. A rating's error bar is 1.96 standard deviations (95 %); the likelihood of
 * superiority of player i over j is {@code Phi((r_i - r_j) / sd(r_i - r_j))}.
 *
 * <p><b>Perfect scores.</b> A player who won (or lost) every game has no finite maximum-likelihood
 * rating. When some player has all or none of the points available to it, one virtual draw is
 * added between every two players who met (BayesElo's remedy, with a prior of one draw instead of
 * its two); {@link Result#virtualDraws()} says so, and the report prints it.
 */
public final class MaximumLikelihoodElo {

    private static final double C = Math.log(10) / 400;
    private static final NormalDistribution NORMAL = new NormalDistribution();

    private MaximumLikelihoodElo() {
    }

    /**
     * The ratings.
     *
     * @param rating       each player's rating
     * @param error        each player's 95 % error bar (half the interval's width), relative to the average
     * @param covariance   the ratings' covariance matrix (rating points squared)
     * @param virtualDraws whether one virtual draw per pair was added because of a perfect score
     */
    public record Result(double[] rating, double[] error, double[][] covariance, boolean virtualDraws) {

        /** The 95 % error bar of {@code rating[i] - rating[j]}. */
        public double differenceError(int i, int j) {
            return 1.96 * Math.sqrt(Math.max(0, covariance[i][i] + covariance[j][j] - 2 * covariance[i][j]));
        }

        /** The likelihood that player i is stronger than player j, between 0 and 1. */
        public double los(int i, int j) {
            if (i == j) {
                return 0.5;
            }
            double sd = Math.sqrt(Math.max(0, covariance[i][i] + covariance[j][j] - 2 * covariance[i][j]));
            double d = rating[i] - rating[j];
            if (sd == 0 || Double.isNaN(sd)) {
                return d > 0 ? 1 : d < 0 ? 0 : 0.5;
            }
            return NORMAL.cumulativeProbability(d / sd);
        }
    }

    /**
     * Rates players from their results against each other.
     *
     * @param points  {@code points[i][j]}: the points player i scored against player j (win 1, draw 0.5)
     * @param games   {@code games[i][j]}: the games between i and j (symmetric)
     * @param average the ratings' average
     * @return the ratings; a player without games is rated {@code average} with an infinite error
     * @throws IllegalArgumentException if the matrices are not square, of the same size and consistent
     */
    public static Result rate(double[][] points, double[][] games, double average) {
        int n = games.length;
        check(points, games);
        boolean perfect = false;
        for (int i = 0; i < n; i++) {
            double w = 0;
            double g = 0;
            for (int j = 0; j < n; j++) {
                w += points[i][j];
                g += games[i][j];
            }
            if (g > 0 && (w <= 0 || w >= g)) {
                perfect = true;
            }
        }
        double[][] wins = new double[n][n];
        double[][] count = new double[n][n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                wins[i][j] = points[i][j];
                count[i][j] = games[i][j];
                if (perfect && i != j && games[i][j] > 0) {
                    wins[i][j] += 0.5;
                    count[i][j] += 1;
                }
            }
        }
        boolean[] active = new boolean[n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                active[i] |= count[i][j] > 0;
            }
        }
        double[] r = solve(wins, count, active);
        double[][] cov = covariance(r, count, active);
        double mean = 0;
        int m = 0;
        for (int i = 0; i < n; i++) {
            if (active[i]) {
                mean += r[i];
                m++;
            }
        }
        mean = m == 0 ? 0 : mean / m;
        double[] rating = new double[n];
        double[] error = new double[n];
        for (int i = 0; i < n; i++) {
            rating[i] = active[i] ? r[i] - mean + average : average;
            error[i] = active[i] ? 1.96 * Math.sqrt(Math.max(0, cov[i][i])) : Double.POSITIVE_INFINITY;
        }
        return new Result(rating, error, cov, perfect);
    }

    /**
     * The maximum-likelihood ratings: first the minorise-maximise iteration of Hunter (2004) for the
     * Bradley-Terry model, which always converges, then Newton steps to polish.
     */
    private static double[] solve(double[][] wins, double[][] count, boolean[] active) {
        int n = count.length;
        double[] gamma = new double[n];
        java.util.Arrays.fill(gamma, 1);
        double[] w = new double[n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                w[i] += wins[i][j];
            }
        }
        for (int iter = 0; iter < 100_000; iter++) {
            double change = 0;
            double[] next = new double[n];
            double logSum = 0;
            int m = 0;
            for (int i = 0; i < n; i++) {
                if (!active[i]) {
                    next[i] = 1;
                    continue;
                }
                double denominator = 0;
                for (int j = 0; j < n; j++) {
                    if (count[i][j] > 0) {
                        denominator += count[i][j] / (gamma[i] + gamma[j]);
                    }
                }
                next[i] = w[i] / denominator;
                logSum += Math.log(next[i]);
                m++;
            }
            double norm = Math.exp(logSum / Math.max(1, m));
            for (int i = 0; i < n; i++) {
                if (active[i]) {
                    next[i] /= norm;
                    change = Math.max(change, Math.abs(Math.log(next[i] / gamma[i])));
                }
            }
            gamma = next;
            if (change < 1e-12) {
                break;
            }
        }
        double[] r = new double[n];
        for (int i = 0; i < n; i++) {
            r[i] = Math.log(gamma[i]) / C;
        }
        // Newton steps on the gradient c * sum_j (W_ij - N_ij p_ij), with the pseudo-inverse of the Hessian
        for (int step = 0; step < 5; step++) {
            double[] grad = new double[n];
            for (int i = 0; i < n; i++) {
                for (int j = 0; j < n; j++) {
                    if (count[i][j] > 0) {
                        grad[i] += C * (wins[i][j] - count[i][j] * p(r[i] - r[j]));
                    }
                }
            }
            double[][] cov = covariance(r, count, active);
            for (int i = 0; i < n; i++) {
                double d = 0;
                for (int j = 0; j < n; j++) {
                    d += cov[i][j] * grad[j];
                }
                if (active[i]) {
                    r[i] += d;
                }
            }
        }
        return r;
    }

    /** The pseudo-inverse of the observed information (minus the log-likelihood's Hessian). */
    private static double[][] covariance(double[] r, double[][] count, boolean[] active) {
        int n = r.length;
        double[][] info = new double[n][n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                if (i != j && count[i][j] > 0) {
                    double p = p(r[i] - r[j]);
                    double h = C * C * count[i][j] * p * (1 - p);
                    info[i][j] -= h;
                    info[i][i] += h;
                }
            }
        }
        RealMatrix matrix = new Array2DRowRealMatrix(info, false);
        return new SingularValueDecomposition(matrix).getSolver().getInverse().getData();
    }

    /** The expected score of a player {@code d} points above its opponent. */
    public static double p(double d) {
        return 1 / (1 + Math.pow(10, -d / 400));
    }

    /** The Elo difference that makes the expected score {@code score} (between 0 and 1, exclusive). */
    public static double difference(double score) {
        return -400 * Math.log10(1 / score - 1);
    }

    private static void check(double[][] points, double[][] games) {
        int n = games.length;
        if (points.length != n) {
            throw new IllegalArgumentException("points is " + points.length + " players, games " + n);
        }
        for (int i = 0; i < n; i++) {
            if (points[i].length != n || games[i].length != n) {
                throw new IllegalArgumentException("row " + i + " is not " + n + " long");
            }
            for (int j = 0; j < n; j++) {
                if (games[i][j] != games[j][i]) {
                    throw new IllegalArgumentException("games[" + i + "][" + j + "] differs from games[" + j + "][" + i + "]");
                }
                if (points[i][j] < 0 || points[i][j] > games[i][j]) {
                    throw new IllegalArgumentException("player " + i + " scored " + points[i][j] + " in " + games[i][j]
                            + " games against player " + j);
                }
                if (Math.abs(points[i][j] + points[j][i] - games[i][j]) > 1e-9) {
                    throw new IllegalArgumentException("the points of players " + i + " and " + j + " do not add up to their games");
                }
            }
        }
    }
}
