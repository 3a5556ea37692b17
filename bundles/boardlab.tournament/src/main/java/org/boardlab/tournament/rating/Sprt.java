package org.boardlab.tournament.rating;

/**
 * The sequential probability ratio test for "is the new version stronger than the old one", as
 * cutechess-cli ({@code sprt.cpp}) and fishtest (its BayesElo model) run it.
 *
 * <p>H0: the new version is {@code elo0} stronger; H1: it is {@code elo1} stronger (BayesElo
 * points). After each game the log-likelihood ratio of H1 against H0 is computed from the wins,
 * draws and losses so far, with the draw rate estimated from the results themselves:
 *
 * <pre>
 * drawElo  = 200 log10((1 - pL) / pL * (1 - pW) / pW)          pW = W / N, pL = L / N
 * under H (elo):  P(win) = 1 / (1 + 10^((drawElo - elo) / 400)),  P(loss) = 1 / (1 + 10^((drawElo + elo) / 400))
 * LLR = W ln(P1(win) / P0(win)) + D ln(P1(draw) / P0(draw)) + L ln(P1(loss) / P0(loss))
 * </pre>
 *
 * The test stops at {@code LLR <= ln(beta / (1 - alpha))} (H0 accepted: not stronger by elo1) or
 * {@code LLR >= ln((1 - beta) / alpha)} (H1 accepted). With alpha = beta = 0.05 the bounds are
 * -2.94 and 2.94, as fishtest prints them. Until there is at least one win, one draw and one loss,
 * the LLR is 0 (cutechess-cli does the same).
 *
 * @param elo0  H0's Elo difference
 * @param elo1  H1's Elo difference (greater than elo0)
 * @param alpha the chance of accepting H1 when H0 is true
 * @param beta  the chance of accepting H0 when H1 is true
 */
public record Sprt(double elo0, double elo1, double alpha, double beta) {

    /** Where the test stands. */
    public enum Decision {
        /** Not decided yet: play on. */
        CONTINUE,
        /** H0 accepted: the new version is not {@code elo1} stronger. */
        H0,
        /** H1 accepted: the new version is stronger. */
        H1
    }

    /**
     * The test's state after some games.
     *
     * @param llr      the log-likelihood ratio
     * @param lower    the lower bound
     * @param upper    the upper bound
     * @param decision what it means
     */
    public record Status(double llr, double lower, double upper, Decision decision) {
    }

    public Sprt {
        if (!(alpha > 0 && alpha < 0.5) || !(beta > 0 && beta < 0.5)) {
            throw new IllegalArgumentException("alpha and beta must be between 0 and 0.5, not " + alpha + " and " + beta);
        }
        if (!(elo1 > elo0)) {
            throw new IllegalArgumentException("elo1 (" + elo1 + ") must be greater than elo0 (" + elo0 + ")");
        }
    }

    /** The lower bound, {@code ln(beta / (1 - alpha))}. */
    public double lowerBound() {
        return Math.log(beta / (1 - alpha));
    }

    /** The upper bound, {@code ln((1 - beta) / alpha)}. */
    public double upperBound() {
        return Math.log((1 - beta) / alpha);
    }

    /** The log-likelihood ratio of H1 against H0 after {@code wins}, {@code draws} and {@code losses} of the new version. */
    public double llr(long wins, long draws, long losses) {
        if (wins <= 0 || draws <= 0 || losses <= 0) {
            return 0;
        }
        double n = wins + draws + losses;
        double pW = wins / n;
        double pL = losses / n;
        double drawElo = 200 * Math.log10((1 - pL) / pL * (1 - pW) / pW);
        double[] p0 = probabilities(elo0, drawElo);
        double[] p1 = probabilities(elo1, drawElo);
        return wins * Math.log(p1[0] / p0[0]) + draws * Math.log(p1[1] / p0[1]) + losses * Math.log(p1[2] / p0[2]);
    }

    /** The test's state. */
    public Status status(long wins, long draws, long losses) {
        double llr = llr(wins, draws, losses);
        double lower = lowerBound();
        double upper = upperBound();
        Decision d = llr >= upper ? Decision.H1 : llr <= lower ? Decision.H0 : Decision.CONTINUE;
        return new Status(llr, lower, upper, d);
    }

    /** Win, draw and loss probabilities for a BayesElo difference {@code elo} and a draw Elo. */
    static double[] probabilities(double elo, double drawElo) {
        double win = 1 / (1 + Math.pow(10, (drawElo - elo) / 400));
        double loss = 1 / (1 + Math.pow(10, (drawElo + elo) / 400));
        return new double[] {win, 1 - win - loss, loss};
    }

    /**
     * Parses {@code elo0=0 elo1=10 alpha=0.05 beta=0.05} (any order; the ones left out take these defaults).
     *
     * @throws IllegalArgumentException naming what is wrong
     */
    public static Sprt parse(String text) {
        double e0 = 0;
        double e1 = 10;
        double a = 0.05;
        double b = 0.05;
        for (String part : text.trim().split("[\\s,]+")) {
            if (part.isEmpty()) {
                continue;
            }
            int eq = part.indexOf('=');
            if (eq <= 0) {
                throw new IllegalArgumentException("--sprt takes elo0=X elo1=Y alpha=A beta=B, not '" + part + "'");
            }
            String key = part.substring(0, eq);
            double value;
            try {
                value = Double.parseDouble(part.substring(eq + 1));
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("--sprt: " + key + " must be a number, not '" + part.substring(eq + 1) + "'");
            }
            switch (key) {
                case "elo0" -> e0 = value;
                case "elo1" -> e1 = value;
                case "alpha" -> a = value;
                case "beta" -> b = value;
                default -> throw new IllegalArgumentException("--sprt knows elo0, elo1, alpha and beta, not '" + key + "'");
            }
        }
        return new Sprt(e0, e1, a, b);
    }
}
