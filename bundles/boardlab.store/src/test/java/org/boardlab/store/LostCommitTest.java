package org.boardlab.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.boardlab.ai.basic.RandomPlayer;
import org.boardlab.core.PlayerSeat;
import org.boardlab.game.othello.Othello;
import org.boardlab.store.CommitCuttingProxy.Cut;
import org.boardlab.store.testing.StoreFixture;
import org.boardlab.store.testing.WarningLog;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The writer's commit throws while the connection to PostgreSQL is lost in the middle of it, for real:
 * the store reaches the server through a TCP proxy ({@link CommitCuttingProxy}) that breaks the
 * connection of the next {@code COMMIT}, either after the server committed (its answer swallowed) or
 * before the server saw it. The client cannot tell the two apart from the exception; the writer asks
 * the database afterwards, so each game is stored, and rated, exactly once and none is lost, and a
 * scheduled game's result counts as this holder's (not refused as "already stored").
 */
class LostCommitTest {

    @RegisterExtension
    final StoreFixture stores = new StoreFixture();

    private WarningLog log;
    private List<String> warnings;

    @BeforeEach
    void listen() {
        log = WarningLog.of(Store.class);
        warnings = log.messages();
    }

    @AfterEach
    void stopListening() {
        log.close();
    }

    /** What the writer logs once it has asked the database. */
    private static String said(Cut cut) {
        return cut == Cut.ANSWER_LOST ? "but the database has them: the commit happened; stored once, not again"
                : "and the database does not have them: committing them again";
    }

    @ParameterizedTest
    @EnumSource(Cut.class)
    void aCommitWhoseConnectionIsLostStoresEachGameOfTheBatchExactlyOnce(Cut cut) throws Exception {
        String direct = stores.fresh("postgresql");
        try (CommitCuttingProxy proxy = CommitCuttingProxy.in(direct)) {
            Store store = stores.open(proxy.url(direct));
            Tournament t = store.createTournament("lost", "othello", "", "{}", 1000, 0, 0);
            store.schedule(t.id(), List.of(new GameToSchedule(1, 1, 1, "othello", "", "random#1", "random#2", null, null, "", "1s", 1)));
            ScheduledGame s = store.take(t.id(), "w", Duration.ofMinutes(5)).orElseThrow();
            // random#1 against random#2: rated, so each game also writes the ladder and four history rows
            List<FinishedGame> games = stores.play(new Othello(), new PlayerSeat("random#1", RandomPlayer::new),
                    new PlayerSeat("random#2", RandomPlayer::new), 6, 11, "match");

            CountDownLatch release = new CountDownLatch(1);
            // the first game's follower holds the writer's thread: the next three queue up and make one batch
            CompletableFuture<Void> held = StoreWriterTest.holdWriter(store, games.get(0), release);
            long base = store.countGames();
            int rated = store.ratingHistory("elo", "othello", "random#1").size();
            CompletableFuture<Long> a = store.saveLater(games.get(1));
            CompletableFuture<Boolean> scheduled = store.completeLater(s.id(), "w", games.get(2));
            CompletableFuture<Long> b = store.saveLater(games.get(3));
            proxy.arm(cut);
            release.countDown();
            held.get(30, TimeUnit.SECONDS);

            long idA = a.get(60, TimeUnit.SECONDS);
            assertThat(scheduled.get(60, TimeUnit.SECONDS)).as("the scheduled game's result is this holder's, stored once").isTrue();
            long idB = b.get(60, TimeUnit.SECONDS);
            assertThat(proxy.cuts()).as("the batch's commit was cut").isEqualTo(1);
            assertThat(store.countGames() - base).as("each game of the batch stored once").isEqualTo(3);
            assertThat(store.game(idA).orElseThrow().game().moves()).hasSize(games.get(1).plies());
            assertThat(store.game(idB).orElseThrow().game().moves()).hasSize(games.get(3).plies());
            ScheduledGame done = store.scheduled(t.id()).get(0);
            assertThat(done.state()).isEqualTo("done");
            assertThat(store.game(done.gameId()).orElseThrow().game().moves()).hasSize(games.get(2).plies());
            assertThat(store.queueState(t.id()).done()).isEqualTo(1);
            assertThat(store.ratingHistory("elo", "othello", "random#1")).as("each game rated once").hasSize(rated + 3);
            assertThat(warnings).singleElement().satisfies(w -> assertThat(w).startsWith("the commit of 3 games to " + store.url() + " failed (")
                    .endsWith(said(cut)));

            // a game alone (a batch of one) whose commit is cut the same way: stored once, its future has its id
            warnings.clear();
            proxy.arm(cut);
            long alone = store.saveLater(games.get(4)).get(60, TimeUnit.SECONDS);
            assertThat(proxy.cuts()).isEqualTo(2);
            assertThat(warnings).singleElement().satisfies(w -> assertThat(w).startsWith("the commit of 1 game to ").endsWith(said(cut)));
            assertThat(store.game(alone)).isPresent();
            assertThat(store.countGames() - base).isEqualTo(4);
            assertThat(store.ratingHistory("elo", "othello", "random#1")).hasSize(rated + 4);

            // the writer goes on, on a new connection
            long next = store.saveLater(games.get(5)).get(60, TimeUnit.SECONDS);
            assertThat(store.game(next)).isPresent();
            assertThat(store.countGames() - base).isEqualTo(5);

            // and the database itself, not through the proxy: no game twice (same moves, same start), every rating row once
            try (Connection c = StoreFixture.connect(direct); Statement st = c.createStatement()) {
                try (ResultSet r = st.executeQuery("SELECT (SELECT COUNT(*) FROM games), "
                        + "(SELECT COUNT(*) FROM (SELECT DISTINCT started_at, move_notations FROM games) d)")) {
                    r.next();
                    assertThat(r.getLong(1)).isEqualTo(base + 5);
                    assertThat(r.getLong(2)).isEqualTo(r.getLong(1));
                }
                try (ResultSet r = st.executeQuery("SELECT COUNT(*) FROM ratings WHERE game_id NOT IN (SELECT id FROM games)")) {
                    r.next();
                    assertThat(r.getLong(1)).as("rating rows of a game not stored").isZero();
                }
                List<Long> perGame = new ArrayList<>();
                try (ResultSet r = st.executeQuery("SELECT COUNT(*) FROM ratings GROUP BY game_id")) {
                    while (r.next()) {
                        perGame.add(r.getLong(1));
                    }
                }
                assertThat(perGame).as("four rating rows a rated game (two ladders, two players)").hasSize((int) base + 5).containsOnly(4L);
            }
            stores.closeAll(); // before the proxy goes
        }
    }
}
