package org.boardlab.itest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.boardlab.api.GameOptions;
import org.boardlab.core.EventBus;
import org.boardlab.core.Match;
import org.boardlab.core.MatchSettings;
import org.boardlab.core.PlayerSeat;
import org.boardlab.core.Referee;
import org.boardlab.core.Registry;
import org.boardlab.store.FinishedGame;
import org.boardlab.store.Seat;
import org.boardlab.store.Store;
import org.boardlab.store.StoreException;
import org.boardlab.store.Stores;
import org.junit.jupiter.api.Test;

/**
 * The store bundle in the real framework: its {@code Stores} component is injected, H2 and the
 * PostgreSQL driver resolve and load under Felix (no {@code DriverManager}), a game played through
 * the referee is stored and read back from both.
 */
class StoreBundleTest {

    private final Stores stores = Lab.bean(Stores.class);
    private final Registry registry = Lab.bean(Registry.class);

    private long playAndStore(Store store) {
        List<FinishedGame> games = new ArrayList<>();
        Match[] m = new Match[1];
        m[0] = new Match(Lab.bean(Referee.class), registry.requireGame("othello"), GameOptions.DEFAULT,
                PlayerSeat.of(registry, "random"), new PlayerSeat("random#2", PlayerSeat.of(registry, "random").players()),
                MatchSettings.defaults().withGames(1), Lab.bean(EventBus.class));
        m[0].onGameResult(r -> games.add(FinishedGame.of(m[0].journal(), "match", Seat.named(r.first()), Seat.named(r.second()))));
        m[0].runHere();
        return store.saveGame(games.get(0));
    }

    @Test
    void anH2FileDatabaseOpensInTheFrameworkAndKeepsAGame() throws Exception {
        Path dir = Files.createTempDirectory("boardlab-itest-store");
        Store store = stores.open(Stores.h2File(dir.resolve("boardlab")));
        long id = playAndStore(store);
        assertThat(store.game(id).orElseThrow().game().moves()).isNotEmpty();
        assertThat(stores.open(Stores.h2File(dir.resolve("boardlab")))).isSameAs(store);
    }

    @Test
    void thePostgresDriverLoadsInTheFrameworkAndKeepsAGame() {
        String url = System.getenv("BOARDLAB_TEST_POSTGRES");
        assertThat(url).as("BOARDLAB_TEST_POSTGRES: run the tests through scripts/with-postgres.sh").isNotBlank();
        Store store = stores.open(url);
        long id = playAndStore(store);
        assertThat(store.game(id).orElseThrow().game().plies()).isPositive();
        assertThat(store.isPostgres()).isTrue();
    }

    @Test
    void anUnknownKindOfDatabaseIsRefusedInWords() {
        assertThatThrownBy(() -> stores.open("jdbc:sqlite:lab.db")).isInstanceOf(StoreException.class)
                .hasMessageContaining("H2 (jdbc:h2:...) or PostgreSQL (jdbc:postgresql://...)");
    }
}
