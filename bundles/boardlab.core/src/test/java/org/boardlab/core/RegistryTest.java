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

    /**
     * A jar overwritten by one that cannot be loaded: FileInstall removes its bundle, and asking for its
     * player says which jar and why, until a loadable version is back.
     */
    @Test
    void aPlayerWhoseJarWasOverwrittenByAnUnloadableOneIsGoneForThatReason() {
        Component<?> v1 = player("greedy", "alice.players", "1.0.0", 5);
        registry.add(v1);
        registry.add(player("random", "b", "1", 1));
        String why = "players/greedy.jar cannot be loaded: it is not a readable jar (zip END header not found)";
        registry.refuseFile("greedy.jar", why, "alice.players");
        assertThat(registry.whyGone("greedy")).as("still loaded: not gone").isEmpty();
        registry.remove(v1);
        assertThat(registry.whyGone("greedy")).contains(why);
        assertThat(registry.whyGone("random")).isEmpty();
        assertThatThrownBy(() -> registry.requirePlayer("greedy")).hasMessage("player 'greedy' is not loaded: " + why);
        registry.add(player("greedy", "alice.players", "1.0.1", 6)); // a loadable jar again
        assertThat(registry.whyGone("greedy")).isEmpty();
        registry.remove(registry.player("greedy").get());
        assertThatThrownBy(() -> registry.requirePlayer("greedy")).as("deleted, not refused")
                .hasMessage("no player 'greedy' is loaded; loaded players: random");
    }

    /** A player that plays only {@code game}, counting how often it is created. */
    private static Component<?> onlyFor(String id, String game, long bundleId, int[] created) {
        return new Component<>(Kind.PLAYER, id, "test", "b", "1.0.0", bundleId, () -> {
            created[0]++;
            return new org.boardlab.api.Player() {
                @Override
                public org.boardlab.api.Move chooseMove(org.boardlab.api.MoveRequest request) {
                    return request.state().legalMoves().get(0);
                }

                @Override
                public boolean supports(org.boardlab.api.Game g) {
                    return g.id().equals(game);
                }
            };
        });
    }

    @Test
    void thePlayersOfAGameAreThoseThatSupportItAskedOnceEach() {
        org.boardlab.api.Game tictactoe = new org.boardlab.game.tictactoe.TicTacToe();
        org.boardlab.api.Game othello = new org.boardlab.game.othello.Othello();
        int[] created = new int[1];
        registry.add(onlyFor("ttt-only", "tictactoe", 3, created));
        registry.add(player("random", "b", "1.0.0", 5));
        registry.add(new Component<>(Kind.PLAYER, "broken", "test", "b", "1.0.0", 6, () -> {
            throw new IllegalStateException("the opening book is missing");
        }));
        assertThat(registry.playerIdsFor(tictactoe)).containsExactly("random", "ttt-only");
        assertThat(registry.playerIdsFor(othello)).containsExactly("random");
        assertThat(registry.playerIdsFor(null)).containsExactly("broken", "random", "ttt-only");
        registry.playerIdsFor(tictactoe);
        assertThat(created[0]).as("asked once a game, not on every look").isEqualTo(2);
        assertThat(registry.supports("ttt-only", tictactoe)).isTrue();
        assertThat(registry.supports("nobody", tictactoe)).isFalse();
    }

    @Test
    void aReplacedPlayerIsAskedAgain() {
        org.boardlab.api.Game othello = new org.boardlab.game.othello.Othello();
        Component<?> first = onlyFor("student", "tictactoe", 7, new int[1]);
        registry.add(first);
        assertThat(registry.playerIdsFor(othello)).isEmpty();
        registry.remove(first);
        registry.add(onlyFor("student", "othello", 7, new int[1]));
        assertThat(registry.playerIdsFor(othello)).containsExactly("student");
    }
}
