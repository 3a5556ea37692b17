package org.boardlab.server.faults;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class FaultProfileTest {

    @Test
    void itemsWithoutADirectionApplyToBothAndADirectionToOne() {
        FaultProfile p = FaultProfile.parse("delay=20ms, jitter=1.5s to-client:split,to-server:flip=0.001 seed=7");
        assertThat(p.toServer()).isEqualTo(Faults.NONE.withDelay(20).withJitter(1500).withFlip(0.001));
        assertThat(p.toClient()).isEqualTo(Faults.NONE.withDelay(20).withJitter(1500).withSplit(true));
        assertThat(p.seed()).isEqualTo(7);
        assertThat(FaultProfile.parse(p.toString())).isEqualTo(p);
        assertThat(p.toString()).isEqualTo("delay=20ms,jitter=1500ms,to-server:flip=0.001,to-client:split,seed=7");
    }

    @Test
    void everyFaultReadsBackFromItsText() {
        FaultProfile p = FaultProfile.parse("bandwidth=2000,drop-after=500,drop-rate=0.25,merge=30,pause,to-server:split");
        assertThat(p.toClient()).isEqualTo(new Faults(0, 0, 2000, 500, 0.25, false, 30, 0, true));
        assertThat(p.toServer()).isEqualTo(new Faults(0, 0, 2000, 500, 0.25, true, 30, 0, true));
        assertThat(FaultProfile.parse(p.toString())).isEqualTo(p);
        assertThat(FaultProfile.parse("none")).isEqualTo(FaultProfile.NONE);
        assertThat(FaultProfile.parse("  ")).isEqualTo(FaultProfile.NONE);
        assertThat(FaultProfile.NONE.toString()).isEqualTo("none");
        assertThat(FaultProfile.parse("pause=off").none()).isTrue();
    }

    @Test
    void aWrongItemIsNamedWithTheReason() {
        assertThatThrownBy(() -> FaultProfile.parse("delai=20")).hasMessage(
                "'delai=20': there is no fault 'delai'; the faults are delay, jitter, bandwidth, drop-after, drop-rate, split, merge, flip, pause, seed");
        assertThatThrownBy(() -> FaultProfile.parse("up:split")).hasMessage(
                "'up:split': the direction is to-server or to-client, not 'up'");
        assertThatThrownBy(() -> FaultProfile.parse("delay")).hasMessage("'delay' needs a value, e.g. delay=20ms");
        assertThatThrownBy(() -> FaultProfile.parse("delay=fast")).hasMessageContaining("a time is milliseconds");
        assertThatThrownBy(() -> FaultProfile.parse("flip=2")).hasMessageContaining("a rate is a chance between 0 and 1");
        assertThatThrownBy(() -> FaultProfile.parse("drop-after=-3")).hasMessageContaining("a whole number, 0 or more");
        assertThatThrownBy(() -> FaultProfile.parse("bandwidth=0")).hasMessageContaining("at least 1 byte a second");
        assertThatThrownBy(() -> FaultProfile.parse("split=maybe")).hasMessageContaining("write it alone");
        assertThatThrownBy(() -> FaultProfile.parse("to-server:seed=3")).hasMessageContaining("the seed is for the whole connection");
    }
}
