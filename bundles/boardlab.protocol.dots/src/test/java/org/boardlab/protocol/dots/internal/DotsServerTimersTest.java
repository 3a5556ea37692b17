package org.boardlab.protocol.dots.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.boardlab.protocol.dots.DotsWire;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * {@code boardlab serve --protocol dots} keeps the seed's clocks, but for the silence limit
 * {@code -Dboardlab.dots.silence=S} gives (so that a conformance kit's silence scenario need not wait the seed's 10 s)
 * and the time to reach a game {@code -Dboardlab.dots.reach=S} gives (30 s, never less than the silence limit).
 */
class DotsServerTimersTest {

    @AfterEach
    void clear() {
        System.clearProperty("boardlab.dots.silence");
        System.clearProperty("boardlab.dots.reach");
    }

    @Test
    void theSeedsClocksUnlessTheSilenceIsGiven() {
        assertThat(DotsServerProtocol.timers()).isEqualTo(DotsWire.Timers.SEED);
        System.setProperty("boardlab.dots.silence", "2.5");
        DotsWire.Timers t = DotsServerProtocol.timers();
        assertThat(t.silence()).isEqualTo(Duration.ofMillis(2_500));
        assertThat(t.requestLife()).isEqualTo(DotsWire.Timers.SEED.requestLife());
        assertThat(t.tokenLife()).isEqualTo(DotsWire.Timers.SEED.tokenLife());
    }

    @Test
    void aSilenceThatIsNotSecondsIsRefused() {
        for (String bad : new String[] {"0", "-3", "ten", "1e9", "NaN", "Infinity"}) {
            System.setProperty("boardlab.dots.silence", bad);
            assertThatThrownBy(DotsServerProtocol::timers).isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("boardlab.dots.silence must be a number of seconds between 0 and 86400, not '" + bad + "'");
        }
    }

    @Test
    void thirtySecondsToReachAGameUnlessGivenAndNeverLessThanTheSilence() {
        assertThat(DotsServerProtocol.timers().reach()).isEqualTo(Duration.ofSeconds(30));
        System.setProperty("boardlab.dots.reach", "45");
        assertThat(DotsServerProtocol.timers()).isEqualTo(new DotsWire.Timers(Duration.ofSeconds(10), Duration.ofSeconds(45),
                Duration.ofSeconds(15), Duration.ofSeconds(1), Duration.ofHours(24)));
        System.setProperty("boardlab.dots.silence", "3");
        System.setProperty("boardlab.dots.reach", "3");
        assertThat(DotsServerProtocol.timers().reach()).as("as long as the silence").isEqualTo(Duration.ofSeconds(3));
        System.clearProperty("boardlab.dots.reach");
        assertThat(DotsServerProtocol.timers().reach()).isEqualTo(Duration.ofSeconds(30));
        System.setProperty("boardlab.dots.silence", "40");
        assertThat(DotsServerProtocol.timers().reach()).as("a silence longer than 30 s").isEqualTo(Duration.ofSeconds(40));
    }

    @Test
    void aReachTimeThatIsNotSecondsOrIsShorterThanTheSilenceIsRefused() {
        for (String bad : new String[] {"0", "-3", "ten", "9.99", "1e9", "NaN", "Infinity"}) {
            System.setProperty("boardlab.dots.reach", bad);
            assertThatThrownBy(DotsServerProtocol::timers).isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("boardlab.dots.reach must be a number of seconds from the silence limit (10.0) to 86400, not '" + bad + "'");
        }
        System.setProperty("boardlab.dots.silence", "40");
        System.setProperty("boardlab.dots.reach", "30");
        assertThatThrownBy(DotsServerProtocol::timers).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("boardlab.dots.reach must be a number of seconds from the silence limit (40.0) to 86400, not '30'");
        assertThatThrownBy(() -> new DotsWire.Timers(Duration.ofSeconds(10), Duration.ofSeconds(9), Duration.ofSeconds(15),
                Duration.ofSeconds(1), Duration.ofHours(24))).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("the time to reach a game (9.0 s) must be at least the silence limit (10.0 s)");
    }
}
