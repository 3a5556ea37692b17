package org.boardlab.server.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.boardlab.server.Connection.Refusal;
import org.junit.jupiter.api.Test;

/** The refusal limits every protocol shares, on a clock the test moves. */
class RefusalLimiterTest {

    private static final long MS = 1_000_000L;

    @Test
    void fiveAnsweredAtOnceThenOneASecond() {
        RefusalLimiter limiter = new RefusalLimiter();
        List<Refusal> at0 = new ArrayList<>();
        for (int i = 0; i < 7; i++) {
            at0.add(limiter.refuse(0));
        }
        assertThat(at0).containsExactly(Refusal.ANSWER, Refusal.ANSWER, Refusal.ANSWER, Refusal.ANSWER, Refusal.ANSWER,
                Refusal.QUIET, Refusal.QUIET);
        assertThat(limiter.refuse(500 * MS)).isEqualTo(Refusal.QUIET);
        assertThat(limiter.refuse(1_000 * MS)).isEqualTo(Refusal.ANSWER);
        assertThat(limiter.refuse(1_100 * MS)).isEqualTo(Refusal.QUIET);
    }

    @Test
    void theThirtyFirstWithinTenSecondsCloses() {
        RefusalLimiter limiter = new RefusalLimiter();
        for (int i = 0; i < 30; i++) {
            assertThat(limiter.refuse(i * 300 * MS)).isNotEqualTo(Refusal.CLOSE);
        }
        assertThat(limiter.refuse(9_000 * MS)).isEqualTo(Refusal.CLOSE);
        // the rest of what arrived with it is neither answered nor closed again (one violation, one SERR)
        assertThat(limiter.refuse(9_001 * MS)).isEqualTo(Refusal.QUIET);
        assertThat(limiter.refuse(60_000 * MS)).isEqualTo(Refusal.QUIET);
    }

    @Test
    void aClientRefusedNowAndThenIsAlwaysAnswered() {
        RefusalLimiter limiter = new RefusalLimiter();
        // a person trying a wrong move every 2 s, for 10 minutes
        for (int i = 0; i < 300; i++) {
            assertThat(limiter.refuse(i * 2_000 * MS)).as("refusal " + i).isEqualTo(Refusal.ANSWER);
        }
    }
}
