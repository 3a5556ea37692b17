package org.boardlab.protocol.onitama.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.boardlab.ai.onitama.OnitamaNormalPlayer;
import org.boardlab.api.event.RegistryEvent.Kind;
import org.boardlab.core.Component;
import org.boardlab.core.EventBus;
import org.boardlab.core.GameResult;
import org.boardlab.core.Registry;
import org.boardlab.game.onitama.Onitama;
import org.boardlab.server.EmbeddedServer;
import org.boardlab.server.ServerSettings;
import org.boardlab.store.FinishedGame;
import org.boardlab.store.GameQuery;
import org.boardlab.store.LadderEntry;
import org.boardlab.store.Seat;
import org.boardlab.store.Store;
import org.boardlab.store.StoredGame;
import org.boardlab.store.testing.StoreFixture;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Seed 001's PvE games stored as {@code boardlab serve} stores them (its recorder, the registry's players and
 * protocols, the store): the server's side is the registry's player {@code onitama-normal}, one player of the lab
 * ladder however many connections it played for; a client that gave no name is kept with its game but not rated.
 */
class OnitamaLadderTest {

    @RegisterExtension
    final StoreFixture stores = new StoreFixture();

    private final Onitama onitama = new Onitama();
    private final EventBus events = new EventBus();
    private final Registry registry = new Registry(events);
    private final List<GameResult> results = new CopyOnWriteArrayList<>();
    private final List<WireClient> clients = new CopyOnWriteArrayList<>();
    private Store store;
    private EmbeddedServer server;
    private InetSocketAddress address;

    @BeforeEach
    void start() {
        registry.add(new Component<>(Kind.PLAYER, "onitama-normal", "seed 001's minimax, 2 plies", "boardlab.ai.onitama", "0.1.0", -1,
                OnitamaNormalPlayer::new));
        registry.add(new Component<>(Kind.PROTOCOL, "onitama", "seed 001", "boardlab.protocol.onitama", "0.1.0", -1,
                OnitamaProtocol::new));
        store = stores.store("h2");
        server = new EmbeddedServer(id -> onitama, events, ServerSettings.defaults(), line -> { });
        server.addProtocol(new OnitamaServerProtocol(new OnitamaProtocol(), OnitamaServerTest::player, 0, "onitama-normal",
                "onitama-hard"));
        // as ServeCommand records each game
        server.onRecord((result, journal) -> store.recordLater(journal, "server", registry, Store.SERVER_DELAY));
        server.onResult(results::add);
        address = server.start("onitama", "127.0.0.1", 0);
    }

    @AfterEach
    void stop() throws IOException {
        for (WireClient c : clients) {
            c.close();
        }
        server.close();
    }

    /** One PvE game at difficulty 1 to its end, the client's mode sent as {@code mode} ({@code 0} or {@code 0 ann}). */
    private void playPve(String mode, long seed) throws Exception {
        int before = results.size();
        if (mode.contains(" ")) {
            // the name's last game is over and its connection closed: the server lets the name go as it sees the close
            String name = mode.substring(mode.indexOf(' ') + 1);
            OnitamaServerTest.eventually(() -> server.lobby().member(name) == null, name + " has left the lobby");
        }
        WireClient c = new WireClient(address);
        clients.add(c);
        c.send(mode);
        assertThat(c.next()).as("the mode " + mode).isEqualTo("0");
        c.send("1");
        assertThat(c.next()).isEqualTo("0");
        OnitamaServerTest.playOut(c, c.next(), seed, null);
        OnitamaServerTest.eventually(() -> results.size() == before + 1, "the game is stored and reported");
    }

    @Test
    void aClientWithoutANameIsInTheStoredGamesAndNotOnTheLadder() throws Exception {
        playPve("0", 1);
        playPve("0", 2);
        assertThat(store.ladder("elo", null)).as("the ladder").isEmpty();
        assertThat(store.ladder("glicko2", null)).isEmpty();
        List<StoredGame> games = store.games(GameQuery.ALL);
        assertThat(games).hasSize(2);
        for (StoredGame s : games) {
            FinishedGame g = s.game();
            Seat client = g.first().player().equals("onitama-normal") ? g.second() : g.first();
            Seat house = client == g.first() ? g.second() : g.first();
            assertThat(client.name()).matches("onitama#\\d+");
            assertThat(client.isAnonymous()).isTrue();
            assertThat(house.name()).matches("onitama-normal#\\d+");
            assertThat(house).extracting(Seat::player, Seat::bundle, Seat::version)
                    .containsExactly("onitama-normal", "boardlab.ai.onitama", "0.1.0");
            assertThat(g.origin()).isEqualTo("server");
            assertThat(g.ending()).isEqualTo("normal");
        }
    }

    @Test
    void aNamedClientIsRatedAgainstTheServersPlayerWhichIsOneRowWhateverTheConnection() throws Exception {
        playPve("0 ann", 3);
        playPve("0 ann", 4);
        playPve("0", 5); // and one without a name, between them on no ladder
        for (String ladder : List.of("elo", "glicko2")) {
            assertThat(store.ladder(ladder, null)).as(ladder).extracting(LadderEntry::game, LadderEntry::player)
                    .containsExactlyInAnyOrder(org.assertj.core.groups.Tuple.tuple("onitama", "ann"),
                            org.assertj.core.groups.Tuple.tuple("onitama", "onitama-normal"));
        }
        LadderEntry normal = store.ladder("elo", "onitama").stream().filter(e -> e.player().equals("onitama-normal")).findFirst()
                .orElseThrow();
        assertThat(normal.games()).isEqualTo(2);
        assertThat(store.ratingHistory("elo", "onitama", "onitama-normal")).hasSize(2);
        assertThat(store.ratingHistory("elo", "onitama", "ann")).hasSize(2);
        assertThat(store.games(GameQuery.ALL)).hasSize(3);
        assertThat(store.games(GameQuery.ALL.withPlayer("ann"))).hasSize(2);
    }
}
