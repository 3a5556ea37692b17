package org.boardlab.protocol.dots.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.boardlab.api.event.RegistryEvent.Kind;
import org.boardlab.core.Component;
import org.boardlab.core.EventBus;
import org.boardlab.core.Registry;
import org.boardlab.store.FinishedGame;
import org.boardlab.store.GameQuery;
import org.boardlab.store.LadderEntry;
import org.boardlab.store.Seats;
import org.boardlab.store.Store;
import org.boardlab.store.StoredGame;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A Dots account whose name is a player the server runs ({@code alphabeta}): the server cannot refuse it (an
 * account's name is the account's), so its games are played and stored under {@code alphabeta (a client)}, a player
 * of its own, and the loaded player's rating on the lab ladder does not move. The games are stored as
 * {@code boardlab serve} stores them (the server's recorder, the registry's players, the store the accounts are in),
 * the names reserved as {@code serve} reserves them ({@code Seats.namesAPlayer}).
 *
 * <p>First a game on a server that reserves no names (as a server did before session 19): the client is stored as
 * the player {@code alphabeta}, with its bundle, and rated. That gives the loaded player a rating, and shows that the
 * second game, on the same server with the names reserved, would move it if the mark were not there.
 */
class DotsClientNamedAfterAPlayerTest {

    private final Registry registry = new Registry(new EventBus());
    private final List<CompletableFuture<Long>> stored = new CopyOnWriteArrayList<>();
    private DotsTestServer server;

    @AfterEach
    void stop() {
        if (server != null) {
            server.close();
        }
    }

    @Test
    void anAccountNamedAfterALoadedPlayerIsStoredAndRatedAsAClientAndThePlayersRatingDoesNotMove() throws Exception {
        registry.add(new Component<>(Kind.PLAYER, "alphabeta", "alpha-beta search", "boardlab.ai.search", "0.4.0", -1, () -> null));
        server = new DotsTestServer(DotsTestServer.FAST);
        Store store = TestAccounts.store(server.accounts);
        server.server.onRecord((result, journal) -> {
            CompletableFuture<Long> f = store.recordLater(journal, "server", registry); // as serve records each game
            stored.add(f);
            return f;
        });
        // all accounts first: a client that does not poll for the test server's 3 s of silence is dropped
        Map<String, Object> alphabeta = RawBayeux.account(server.base, "alphabeta");
        Map<String, Object> bob = RawBayeux.account(server.base, "bob");
        Map<String, Object> carol = RawBayeux.account(server.base, "carol");

        // names not reserved: the client is taken for the loaded player
        playToAQuit(alphabeta, bob, bob);
        StoredGame first = storedGame(1);
        assertThat(first.game().first()).extracting(s -> s.name(), s -> s.player(), s -> s.bundle())
                .containsExactly("alphabeta", "alphabeta", "boardlab.ai.search");
        LadderEntry before = entry(store, "alphabeta");
        assertThat(before.games()).as("the loaded player rated by the first game").isEqualTo(1);
        assertThat(before.wins()).isEqualTo(1);

        server.server.lobby().reserveNames(name -> Seats.namesAPlayer(registry, name)); // as serve does
        // carol invites (alphabeta's own request would be refused within the request's life), and alphabeta loses:
        // as the player, it would take the player's rating down
        playToAQuit(carol, alphabeta, alphabeta);
        FinishedGame second = storedGame(2).game();
        assertThat(second.second()).extracting(s -> s.name(), s -> s.player(), s -> s.bundle())
                .containsExactly("alphabeta (a client)", "alphabeta (a client)", null);
        assertThat(second.first().name()).isEqualTo("carol");
        assertThat(second.winner()).as("carol won (the first side): alphabeta left").isEqualTo(1);
        assertThat(entry(store, "alphabeta")).as("the loaded player's ladder row after the client's game").isEqualTo(before);
        assertThat(store.ratingHistory("elo", "dots", "alphabeta")).hasSize(1);
        LadderEntry client = entry(store, "alphabeta (a client)");
        assertThat(client.games()).as("the client's own row").isEqualTo(1);
        assertThat(client.losses()).isEqualTo(1);
        assertThat(store.games(GameQuery.ALL.withPlayer("alphabeta"))).as("the loaded player's games").hasSize(1);
    }

    /**
     * A game between {@code inviter} (player 1) and {@code invited}, in which {@code leaver} makes a move if it is
     * player 1 and then quits: the other wins.
     */
    private void playToAQuit(Map<String, Object> inviter, Map<String, Object> invited, Map<String, Object> leaver) throws Exception {
        DotsBayeuxTest.Game game = DotsBayeuxTest.game(server, inviter, invited);
        RawBayeux one = game.ann();
        RawBayeux two = game.bob();
        String channel = game.channel();
        assertThat(RawBayeux.error(one.publish(channel, DotsBayeuxTest.move(1, 1)))).isNull();
        RawBayeux quitter = leaver == inviter ? one : two;
        RawBayeux stays = leaver == inviter ? two : one;
        assertThat(RawBayeux.error(quitter.publish(channel, DotsBayeuxTest.data("type", "quit")))).isNull();
        assertThat(DotsBayeuxTest.waitFor(stays, "gameover")).containsEntry("winner", leaver == inviter ? 2 : 1);
        for (RawBayeux c : List.of(one, two)) {
            // gone from the lobby: the same account may come back for the next game (a second session is refused)
            c.send(Map.of("channel", "/meta/disconnect", "clientId", c.clientId));
        }
    }

    /** The {@code n}th game stored (1 the first), once its commit is done. */
    private StoredGame storedGame(int n) throws Exception {
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (stored.size() < n && System.nanoTime() < until) {
            Thread.sleep(10);
        }
        assertThat(stored).as("games recorded").hasSize(n);
        long id = stored.get(n - 1).get(10, TimeUnit.SECONDS);
        Store store = TestAccounts.store(server.accounts);
        return store.games(GameQuery.ALL).stream().filter(g -> g.id() == id).findFirst().orElseThrow();
    }

    private static LadderEntry entry(Store store, String player) {
        return store.ladder("elo", "dots").stream().filter(e -> e.player().equals(player)).findFirst()
                .orElseThrow(() -> new AssertionError("no elo ladder row of " + player + ": " + store.ladder("elo", "dots")));
    }
}
