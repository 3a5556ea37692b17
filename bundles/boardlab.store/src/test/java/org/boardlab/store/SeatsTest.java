package org.boardlab.store;

import static org.assertj.core.api.Assertions.assertThat;

import org.boardlab.api.event.RegistryEvent.Kind;
import org.boardlab.core.Component;
import org.boardlab.core.EventBus;
import org.boardlab.core.Registry;
import org.junit.jupiter.api.Test;

/** How the store names a side from the name it played under ({@link Seats#ofName}). */
class SeatsTest {

    private final Registry registry = new Registry(new EventBus());

    SeatsTest() {
        registry.add(new Component<>(Kind.PLAYER, "onitama-normal", "2 plies", "boardlab.ai.onitama", "0.3.0", -1, () -> null));
        registry.add(new Component<>(Kind.PROTOCOL, "onitama", "seed 001", "boardlab.protocol.onitama", "0.3.0", -1, () -> null));
    }

    @Test
    void aLoadedPlayerIsItsIdWithItsBundleWhateverInstanceOrConnectionItPlayedFor() {
        assertThat(Seats.ofName(registry, "onitama-normal")).isEqualTo(
                new Seat("onitama-normal", "onitama-normal", "boardlab.ai.onitama", "0.3.0", null));
        assertThat(Seats.ofName(registry, "onitama-normal#2")).isEqualTo(
                new Seat("onitama-normal#2", "onitama-normal", "boardlab.ai.onitama", "0.3.0", null));
        assertThat(Seats.ofName(registry, "onitama-normal#10417").player()).isEqualTo("onitama-normal");
    }

    @Test
    void aLoadedProtocolsIdWithAConnectionIsAClientWithoutANameAndAnyOtherNameIsTheClientsOwn() {
        Seat anonymous = Seats.ofName(registry, "onitama#17");
        assertThat(anonymous).isEqualTo(Seat.anonymous("onitama#17"));
        assertThat(anonymous.isAnonymous()).isTrue();
        assertThat(anonymous.player()).isEmpty();
        // the names clients give, and names that only look alike
        for (String name : new String[] {"ann", "onitama", "onitama-17", "onitama#", "onitama#x", "gomoku#17", "random#1", "#17"}) {
            assertThat(Seats.ofName(registry, name)).as(name).isEqualTo(Seat.named(name));
            assertThat(Seats.ofName(registry, name).isAnonymous()).as(name).isFalse();
        }
    }

    @Test
    void aNumberedNamesIdIsTheNameWithoutItsLastHashAndDigits() {
        // the id is what the pattern #\d+$ leaves, worked out without the pattern (asked at every login)
        for (String name : new String[] {"onitama-normal#17", "onitama#7", "a#1#2", "x##3", "abc#", "#", "", "#17",
                "onitama#007", "a#12b", "ann", "12", "a#1 ", "onitama-normal"}) {
            assertThat(Seats.idOf(name)).as(name).isEqualTo(name.replaceFirst("#\\d+$", ""));
        }
    }
}
