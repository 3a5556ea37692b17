package org.boardlab.store.rating;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.boardlab.store.rating.Glicko2.Rating;
import org.boardlab.store.rating.Glicko2.Result;
import org.junit.jupiter.api.Test;

class Glicko2Test {

    @Test
    void glickmansWorkedExample() {
        // "Example of the Glicko-2 system", section "Example calculation": tau 0.5, a 1500 / 200 / 0.06 player
        // beats 1400 / 30, loses to 1550 / 100 and to 1700 / 300: 1464.06 / 151.52 / 0.05999
        Rating player = new Rating(1500, 200, 0.06);
        Rating after = Glicko2.PAPER.update(player, List.of(new Result(new Rating(1400, 30, 0.06), 1),
                new Result(new Rating(1550, 100, 0.06), 0), new Result(new Rating(1700, 300, 0.06), 0)));
        assertThat(after.rating()).isCloseTo(1464.06, within(0.01));
        assertThat(after.deviation()).isCloseTo(151.52, within(0.01));
        assertThat(after.volatility()).isCloseTo(0.05999, within(0.00001));
    }

    @Test
    void aPlayerWhoDoesNotPlayOnlyGrowsLessCertain() {
        Rating after = Glicko2.PAPER.update(new Rating(1500, 200, 0.06), List.of());
        assertThat(after.rating()).isEqualTo(1500);
        assertThat(after.deviation()).isCloseTo(Math.sqrt(200.0 / 173.7178 * 200 / 173.7178 + 0.0036) * 173.7178, within(1e-9));
    }

    @Test
    void lichessDefaultsAndLimits() {
        assertThat(Glicko2.LICHESS.start()).isEqualTo(new Rating(1500, 500, 0.09));
        assertThat(Glicko2.LICHESS.tau()).isEqualTo(0.75);
        Rating[] after = Glicko2.LICHESS.afterGame(Glicko2.LICHESS.start(), Glicko2.LICHESS.start(), 1);
        // the winner gains what the loser loses (same deviations), and both grow more certain
        assertThat(after[0].rating() - 1500).isCloseTo(1500 - after[1].rating(), within(1e-9));
        assertThat(after[0].rating()).isGreaterThan(1600);
        assertThat(after[0].deviation()).isLessThan(500);
        // a thousand wins in a row never push the deviation under 45 or the volatility over 0.1
        Rating a = Glicko2.LICHESS.start();
        Rating b = Glicko2.LICHESS.start();
        for (int i = 0; i < 1000; i++) {
            Rating[] r = Glicko2.LICHESS.afterGame(a, b, i % 3 == 0 ? 0.5 : 1);
            a = r[0];
            b = r[1];
        }
        assertThat(a.deviation()).isGreaterThanOrEqualTo(45);
        assertThat(a.volatility()).isLessThanOrEqualTo(0.1);
        assertThat(a.rating()).isGreaterThan(b.rating());
    }
}
