package org.boardlab.protocol.dots;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** Seed 002's Elo: E = 1/(1+10^((Rb-Ra)/400)), R' = round(R + K(R)(S-E)), K 25 below 1700, 15 below 2400, else 10. */
class EloTest {

    @Test
    void kStepsDownAt1700AndAt2400() {
        assertThat(Elo.k(1699)).isEqualTo(25);
        assertThat(Elo.k(1700)).isEqualTo(15);
        assertThat(Elo.k(2399)).isEqualTo(15);
        assertThat(Elo.k(2400)).isEqualTo(10);
        assertThat(Elo.k(0)).isEqualTo(25);
    }

    @Test
    void equalPlayersSplitHalfOfK() {
        // E = 0.5: the winner gets 1600 + 25 * 0.5 = 1612.5, rounded up as JavaScript does: 1613; the loser 1587.5 -> 1588
        assertThat(Elo.after(1600, 1600, 1)).containsExactly(1613, 1588);
        assertThat(Elo.after(1600, 1600, 2)).containsExactly(1588, 1613);
        assertThat(Elo.after(1600, 1600, 0)).containsExactly(1600, 1600);
    }

    @Test
    void eachPlayerUsesHisOwnK() {
        // 1690 (K 25) beats 1710 (K 15): E1 = 1/(1+10^(20/400)) = 0.47124; 1690 + 25 * 0.52876 = 1703.22 -> 1703;
        // 1710 - 15 * 0.52876 = 1702.07 -> 1702
        assertThat(Elo.expected(1690, 1710)).isCloseTo(0.47124, org.assertj.core.data.Offset.offset(0.00001));
        assertThat(Elo.after(1690, 1710, 1)).containsExactly(1703, 1702);
    }

    @Test
    void the1700And2400Edges() {
        // 1700 is already K 15: against 1700, a win is 1700 + 7.5 = 1707.5 -> 1708
        assertThat(Elo.next(1700, 1700, 1)).isEqualTo(1708);
        // 1699 is still K 25: 1699 + 25 * (1 - 0.49856) = 1711.54 -> 1712
        assertThat(Elo.next(1699, 1700, 1)).isEqualTo(1712);
        // 2400 is K 10: a draw against 2000 costs 10 * (0.5 - 0.90909) = -4.09 -> 2396
        assertThat(Elo.next(2400, 2000, 0.5)).isEqualTo(2396);
        // 2399 is still K 15: -6.14 -> 2393
        assertThat(Elo.next(2399, 2000, 0.5)).isEqualTo(2393);
        // the 2000 side of that draw, K 15: 2000 + 15 * (0.5 - 0.09091) = 2006.14 -> 2006
        assertThat(Elo.after(2400, 2000, 0)).containsExactly(2396, 2006);
    }

    @Test
    void halvesRoundUpTowardsPositiveInfinityAsJavaScriptsMathRound() {
        // 1600 vs 1600 loss: 1587.5 -> 1588 (not 1587); a draw at E = 0.5 changes nothing
        assertThat(Elo.next(1600, 1600, 0)).isEqualTo(1588);
        assertThat(Math.floor(-2.5 + 0.5)).isEqualTo(-2.0); // the rule the class follows
    }

    @Test
    void refusesScoresThatAreNotAWinADrawOrALoss() {
        assertThatThrownBy(() -> Elo.next(1600, 1600, 0.7)).hasMessageContaining("1 (won), 0.5 (drawn) or 0 (lost)");
        assertThatThrownBy(() -> Elo.after(1600, 1600, 3)).hasMessageContaining("0 (a draw), 1 or 2");
    }
}
