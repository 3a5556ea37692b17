package org.boardlab.protocol.dots.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.boardlab.protocol.dots.DotsWire;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * {@code boardlab serve --protocol dots} keeps the seed's clocks, but for the silence limit
 * {@code -Dboardlab.dots.silence=S} gives (so that a conformance kit's silence scenario need not wait the seed's 10 s).
 */
class DotsServerTimersTest {

    @AfterEach
    void clear() {
        System.clearProperty("boardlab.dots.silence");
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
}
