package org.boardlab.server.internal;

import static org.assertj.core.api.Assertions.assertThat;

import org.boardlab.server.Connection.Refusal;
import org.junit.jupiter.api.Test;

/** The refusal limits every protocol shares, on a clock the test moves. */
class RefusalLimiterTest {

    private static final long MS = 1_000_000L;

    @Test
    void sixtyFourAnsweredAtOnceThenOneASecond() {
        RefusalLimiter limiter = new RefusalLimiter();
        for (int i = 0; i < 64; i++) {
            assertThat(limiter.refuse(0)).as("refusal " + i).isEqualTo(Refusal.ANSWER);
        }
        assertThat(limiter.refuse(0)).isEqualTo(Refusal.QUIET);
        assertThat(limiter.refuse(500 * MS)).isEqualTo(Refusal.QUIET);
        assertThat(limiter.refuse(1_000 * MS)).isEqualTo(Refusal.ANSWER);
        assertThat(limiter.refuse(1_100 * MS)).isEqualTo(Refusal.QUIET);
    }

    @Test
    void theHundredTwentyNinthInARowClosesOnce() {
        RefusalLimiter limiter = new RefusalLimiter();
        for (int i = 0; i < 128; i++) {
            assertThat(limiter.refuse(i * MS)).isNotEqualTo(Refusal.CLOSE);
        }
        assertThat(limiter.refuse(200 * MS)).isEqualTo(Refusal.CLOSE);
        // the rest of what arrived with it is neither answered nor closed again (one violation, one SERR)
        assertThat(limiter.refuse(201 * MS)).isEqualTo(Refusal.QUIET);
        assertThat(limiter.refuse(60_000 * MS)).isEqualTo(Refusal.QUIET);
    }

    @Test
    void aClientThatTriesSquaresUntilOneIsAcceptedIsAlwaysAnswered() {
        RefusalLimiter limiter = new RefusalLimiter();
        // tutorial 02's client: random free squares until one is legal, 60 turns, all within a second
        for (int turn = 0; turn < 60; turn++) {
            for (int i = 0; i < 60; i++) {
                assertThat(limiter.refuse(turn * MS)).as("turn " + turn + ", try " + i).isEqualTo(Refusal.ANSWER);
            }
            limiter.accepted();
        }
    }
}
