package org.boardlab.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.boardlab.ai.basic.RandomPlayer;
import org.boardlab.api.event.BoardlabEvent;
import org.boardlab.api.event.RegistryEvent;
import org.boardlab.api.event.RegistryEvent.Change;
import org.boardlab.api.event.RegistryEvent.Kind;
import org.junit.jupiter.api.Test;

class RegistryTest {

    private final EventBus bus = new EventBus();
    private final Registry registry = new Registry(bus);
    private final List<BoardlabEvent> events = new ArrayList<>();

    RegistryTest() {
        bus.subscribe(events::add);
    }

    private static Component<?> player(String id, String bundle, String version, long bundleId) {
        return new Component<>(Kind.PLAYER, id, "test", bundle, version, bundleId, RandomPlayer::new);
    }

    private Change lastChange() {
        return ((RegistryEvent) events.get(events.size() - 1)).change();
    }

    @Test
    void addsAndRemoves() {
        Component<?> p = player("random", "b", "1.0.0", 5);
        assertThat(registry.add(p)).isTrue();
        assertThat(lastChange()).isEqualTo(Change.ADDED);
        assertThat(registry.player("random")).isPresent();
        assertThat(registry.player("random").get().get()).isNotSameAs(registry.player("random").get().get());
        registry.remove(p);
        assertThat(lastChange()).isEqualTo(Change.REMOVED);
        assertThat(registry.player("random")).isEmpty();
    }

    @Test
    void aDuplicateIdIsRefusedWithAClearMessage() {
        registry.add(player("greedy", "alice.players", "1.0.0", 5));
        assertThat(registry.add(player("greedy", "bob.players", "2.0.0", 6))).isFalse();
        RegistryEvent refused = (RegistryEvent) events.get(events.size() - 1);
        assertThat(refused.change()).isEqualTo(Change.REFUSED);
        assertThat(refused.message()).isEqualTo("the player id 'greedy' of bundle bob.players 2.0.0 is already used by "
                + "bundle alice.players 1.0.0; rename it in @Named(\"...\")");
        assertThat(registry.player("greedy").get().bundle()).isEqualTo("alice.players");
        // the refused one leaving does not remove the registered one
        registry.remove(player("greedy", "bob.players", "2.0.0", 6));
        assertThat(registry.player("greedy")).isPresent();
    }

    @Test
    void theSameBundleComingBackIsAReplacement() {
        Component<?> v1 = player("greedy", "alice.players", "1.0.0", 5);
        registry.add(v1);
        registry.remove(v1);
        registry.add(player("greedy", "alice.players", "1.1.0", 5));
        assertThat(lastChange()).isEqualTo(Change.REPLACED);
        assertThat(registry.player("greedy").get().bundleVersion()).isEqualTo("1.1.0");
    }

    @Test
    void unknownIdsNameWhatIsLoaded() {
        registry.add(player("random", "b", "1", 1));
        registry.add(player("first-legal", "b", "1", 1));
        assertThatThrownBy(() -> registry.requirePlayer("alphabeta"))
                .hasMessage("no player 'alphabeta' is loaded; loaded players: first-legal, random");
        assertThatThrownBy(() -> registry.requireGame("chess")).hasMessage("no game 'chess' is loaded; loaded games: none");
    }
}
