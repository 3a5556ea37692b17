package org.boardlab.store.rating;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class SeedEloTest {

    @Test
    void twoNewPlayersWinAndLoseTwelveAndAHalfRoundedTheJavaScriptWay() {
        // 1600 + 25 * 0.5 = 1612.5 -> 1613; 1600 - 12.5 = 1587.5 -> 1588 (Math.round rounds halves up)
        assertThat(SeedElo.update(1600, 1600, 1)).containsExactly(1613, 1588);
        assertThat(SeedElo.update(1600, 1600, 0)).containsExactly(1588, 1613);
        assertThat(SeedElo.update(1600, 1600, 0.5)).containsExactly(1600, 1600);
    }

    @Test
    void theSeedsTwoUsersDrawing() {
        // seed 002's example users: id 1 rated 1647 and id 2 rated 2165
        assertThat(SeedElo.update(1647, 2165, 0.5)).containsExactly(1658, 2158);
        assertThat(SeedElo.update(1647, 2165, 1)).containsExactly(1671, 2151);
    }

    @Test
    void eachSideUsesItsOwnK() {
        assertThat(SeedElo.k(1699)).isEqualTo(25);
        assertThat(SeedElo.k(1700)).isEqualTo(15);
        assertThat(SeedElo.k(2399)).isEqualTo(15);
        assertThat(SeedElo.k(2400)).isEqualTo(10);
        // 1690 (K 25) beats 1710 (K 15): +13 and -8, so the sum of the two ratings grows by 5
        assertThat(SeedElo.update(1690, 1710, 1)).containsExactly(1703, 1702);
        assertThat(SeedElo.update(2400, 2390, 0)).containsExactly(2395, 2398);
    }

    @Test
    void the1700And2400Edges() {
        // 1700 is already K 15: a win against 1700 is 1700 + 7.5 = 1707.5 -> 1708, the loser 1692.5 -> 1693
        assertThat(SeedElo.update(1700, 1700, 1)).containsExactly(1708, 1693);
        // 1699 is still K 25: 1699 + 25 * (1 - 0.49856) = 1711.54 -> 1712; the 1700 loser, K 15: 1692.48 -> 1692
        assertThat(SeedElo.expected(1699, 1700)).isCloseTo(0.49856, org.assertj.core.data.Offset.offset(0.00001));
        assertThat(SeedElo.update(1699, 1700, 1)).containsExactly(1712, 1692);
        // 2400 is K 10: a draw against 2000 costs 10 * (0.5 - 0.90909) = -4.09 -> 2396; the 2000 side, K 15:
        // 2000 + 15 * (0.5 - 0.09091) = 2006.14 -> 2006
        assertThat(SeedElo.update(2400, 2000, 0.5)).containsExactly(2396, 2006);
        // 2399 is still K 15: 2399 + 15 * (0.5 - 0.90861) = 2392.87 -> 2393
        assertThat(SeedElo.update(2399, 2000, 0.5)).containsExactly(2393, 2006);
    }

    @Test
    void jsRoundingOfNegativeHalves() {
        assertThat(SeedElo.jsRound(-2.5)).isEqualTo(-2);
        assertThat(SeedElo.jsRound(2.5)).isEqualTo(3);
        assertThat(SeedElo.jsRound(2.49)).isEqualTo(2);
    }

    @Test
    void aScoreThatIsNotAGameResultIsRefused() {
        assertThatThrownBy(() -> SeedElo.update(1600, 1600, 0.7)).hasMessageContaining("0, 0.5 or 1");
    }
}
