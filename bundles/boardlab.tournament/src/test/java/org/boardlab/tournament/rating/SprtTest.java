package org.boardlab.tournament.rating;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.Random;
import org.junit.jupiter.api.Test;

class SprtTest {

    @Test
    void fishtestsBoundsForAlphaAndBetaFivePercent() {
        // fishtest prints "LLR: ... (-2.94,2.94)" for alpha = beta = 0.05: ln(0.05 / 0.95) and ln(0.95 / 0.05)
        Sprt sprt = Sprt.parse("elo0=0 elo1=10 alpha=0.05 beta=0.05");
        assertThat(sprt.lowerBound()).isCloseTo(-2.944439, within(1e-6));
        assertThat(sprt.upperBound()).isCloseTo(2.944439, within(1e-6));
        Sprt uneven = new Sprt(0, 5, 0.05, 0.1);
        assertThat(uneven.lowerBound()).isCloseTo(Math.log(0.1 / 0.95), within(1e-12));
        assertThat(uneven.upperBound()).isCloseTo(Math.log(0.9 / 0.05), within(1e-12));
    }

    @Test
    void theLogLikelihoodRatioOfSomeResults() {
        Sprt sprt = new Sprt(0, 10, 0.05, 0.05);
        // 1200 wins, 1600 draws, 1000 losses: 52.6 % for the new version; drawElo from the results
        assertThat(sprt.llr(1200, 1600, 1000)).isCloseTo(6.35049, within(1e-4));
        assertThat(sprt.status(1200, 1600, 1000).decision()).isEqualTo(Sprt.Decision.H1);
        // as many wins as losses favours elo0 = 0
        assertThat(sprt.llr(1000, 1000, 1000)).isCloseTo(-1.47261, within(1e-4));
        assertThat(sprt.status(1000, 1000, 1000).decision()).isEqualTo(Sprt.Decision.CONTINUE);
        assertThat(sprt.status(3000, 3000, 3000).decision()).isEqualTo(Sprt.Decision.H0);
        // no draw yet: no estimate of the draw rate, so no evidence either way
        assertThat(sprt.llr(5, 0, 1)).isZero();
        // the mirror image: wins and losses swapped, and the hypotheses mirrored, give the same evidence for the mirrored H1, so the ratio turns over
        assertThat(new Sprt(0, 10, 0.05, 0.05).llr(300, 200, 350)).isCloseTo(
                -new Sprt(-10, 0, 0.05, 0.05).llr(350, 200, 300), within(1e-9));
    }

    @Test
    void aClearlyStrongerVersionIsAcceptedAndAnEqualOneRejected() {
        Sprt sprt = new Sprt(0, 10, 0.05, 0.05);
        assertThat(run(sprt, 60, 1)).isEqualTo(Sprt.Decision.H1);
        assertThat(run(sprt, -20, 2)).isEqualTo(Sprt.Decision.H0);
    }

    private static Sprt.Decision run(Sprt sprt, double elo, long seed) {
        Random random = new Random(seed);
        double[] p = Sprt.probabilities(elo, 200);
        long w = 0;
        long d = 0;
        long l = 0;
        for (int game = 0; game < 200_000; game++) {
            double u = random.nextDouble();
            if (u < p[0]) {
                w++;
            } else if (u < p[0] + p[1]) {
                d++;
            } else {
                l++;
            }
            Sprt.Status s = sprt.status(w, d, l);
            if (s.decision() != Sprt.Decision.CONTINUE) {
                return s.decision();
            }
        }
        return Sprt.Decision.CONTINUE;
    }

    @Test
    void badSettingsAreRefused() {
        assertThatThrownBy(() -> Sprt.parse("elo0=10 elo1=0")).hasMessageContaining("greater than elo0");
        assertThatThrownBy(() -> Sprt.parse("alpha=0.7")).hasMessageContaining("between 0 and 0.5");
        assertThatThrownBy(() -> Sprt.parse("gamma=1")).hasMessageContaining("not 'gamma'");
        assertThatThrownBy(() -> Sprt.parse("elo1=ten")).hasMessageContaining("must be a number");
    }
}
