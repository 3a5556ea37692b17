package org.boardlab.tournament.rating;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.Random;
import org.junit.jupiter.api.Test;

class MaximumLikelihoodEloTest {

    @Test
    void twoPlayersSeventyFivePercentIsFourHundredLog3() {
        // A scores 30 of 40 against B: the known answer is 400 log10(3) = 190.85 Elo, and the
        // difference's standard deviation is 1 / sqrt(N c^2 p (1 - p)) with c = ln 10 / 400: 63.43
        double[][] points = {{0, 30}, {10, 0}};
        double[][] games = {{0, 40}, {40, 0}};
        MaximumLikelihoodElo.Result r = MaximumLikelihoodElo.rate(points, games, 0);
        assertThat(r.rating()[0] - r.rating()[1]).isCloseTo(190.8485, within(0.001));
        assertThat(r.rating()[0] + r.rating()[1]).isCloseTo(0, within(1e-9));
        assertThat(r.differenceError(0, 1)).isCloseTo(1.96 * 63.4328, within(0.01));
        assertThat(r.error()[0]).isCloseTo(1.96 * 63.4328 / 2, within(0.01));
        assertThat(r.los(0, 1)).isCloseTo(0.998688, within(1e-5));
        assertThat(r.los(1, 0)).isCloseTo(1 - 0.998688, within(1e-5));
        assertThat(r.virtualDraws()).isFalse();
    }

    @Test
    void atTheMaximumEveryPlayersExpectedScoreIsItsRealScore() {
        Random random = new Random(7);
        int n = 6;
        double[] truth = {300, 150, 50, 0, -100, -400};
        double[][] points = new double[n][n];
        double[][] games = new double[n][n];
        for (int i = 0; i < n; i++) {
            for (int j = i + 1; j < n; j++) {
                for (int g = 0; g < 60; g++) {
                    double p = MaximumLikelihoodElo.p(truth[i] - truth[j]);
                    double u = random.nextDouble();
                    double s = u < p * 0.8 ? 1 : u < p * 0.8 + 0.2 ? 0.5 : 0;
                    points[i][j] += s;
                    points[j][i] += 1 - s;
                    games[i][j]++;
                    games[j][i]++;
                }
            }
        }
        MaximumLikelihoodElo.Result r = MaximumLikelihoodElo.rate(points, games, 1500);
        double sum = 0;
        for (int i = 0; i < n; i++) {
            double expected = 0;
            double real = 0;
            for (int j = 0; j < n; j++) {
                if (j != i) {
                    expected += games[i][j] * MaximumLikelihoodElo.p(r.rating()[i] - r.rating()[j]);
                    real += points[i][j];
                }
            }
            assertThat(expected).as("player %d", i).isCloseTo(real, within(1e-6));
            sum += r.rating()[i];
        }
        assertThat(sum / n).isCloseTo(1500, within(1e-9));
        // the strongest and the weakest are ordered, and told apart with near certainty
        assertThat(r.rating()[0]).isGreaterThan(r.rating()[5] + 400);
        assertThat(r.los(0, 5)).isGreaterThan(0.999);
    }

    @Test
    void aPerfectScoreGetsVirtualDrawsAndAFiniteRating() {
        double[][] points = {{0, 10, 10}, {0, 0, 6}, {0, 4, 0}};
        double[][] games = {{0, 10, 10}, {10, 0, 10}, {10, 10, 0}};
        MaximumLikelihoodElo.Result r = MaximumLikelihoodElo.rate(points, games, 0);
        assertThat(r.virtualDraws()).isTrue();
        assertThat(java.util.Arrays.stream(r.rating()).allMatch(Double::isFinite)).isTrue();
        assertThat(r.rating()[0]).isGreaterThan(r.rating()[1]);
        assertThat(r.rating()[1]).isGreaterThan(r.rating()[2]);
    }

    @Test
    void inconsistentResultsAreRefused() {
        assertThatThrownBy(() -> MaximumLikelihoodElo.rate(new double[][] {{0, 3}, {3, 0}}, new double[][] {{0, 4}, {4, 0}}, 0))
                .hasMessageContaining("do not add up");
        assertThatThrownBy(() -> MaximumLikelihoodElo.rate(new double[][] {{0, 5}, {0, 0}}, new double[][] {{0, 4}, {4, 0}}, 0))
                .hasMessageContaining("scored 5.0 in 4.0 games");
    }
}
