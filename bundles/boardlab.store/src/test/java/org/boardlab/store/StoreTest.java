package org.boardlab.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.boardlab.ai.basic.RandomPlayer;
import org.boardlab.api.GameState;
import org.boardlab.core.GameRecord;
import org.boardlab.core.PlayerSeat;
import org.boardlab.game.othello.Othello;
import org.boardlab.store.internal.Migrations;
import org.boardlab.store.testing.StoreFixture;
import org.boardlab.store.testing.TestDatabases;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** The store on embedded H2 and on a real PostgreSQL server (scripts/with-postgres.sh): every test runs on both. */
class StoreTest {

    @RegisterExtension
    final StoreFixture stores = new StoreFixture();

    static List<String> kinds() {
        return StoreFixture.kinds();
    }

    private Store store(String url) {
        return stores.open(url);
    }

    /** Plays {@code n} random Othello games through the referee and returns them as the store takes them. */
    private List<FinishedGame> play(int n, long seed) {
        return stores.play(new Othello(), new PlayerSeat("random#1", RandomPlayer::new), new PlayerSeat("random#2", RandomPlayer::new), n, seed,
                "match", name -> new Seat(name, "random", "boardlab.ai.basic", "0.1.0", null));
    }

    @ParameterizedTest
    @MethodSource("kinds")
    void aFinishedGameIsStoredWithEveryMoveAndReadBackAsPlayed(String kind) {
        Store store = store(stores.fresh(kind));
        FinishedGame played = play(1, 7).get(0);
        long id = store.saveGame(played);

        StoredGame back = store.game(id).orElseThrow();
        assertThat(back.id()).isEqualTo(id);
        FinishedGame g = back.game();
        assertThat(g.moves()).hasSize(played.plies()).isEqualTo(played.moves());
        assertThat(g.winner()).isEqualTo(played.winner());
        assertThat(g.result()).isEqualTo(played.result()).isNotBlank();
        assertThat(g.first()).isEqualTo(played.first());
        assertThat(g.firstScore() + g.secondScore()).isEqualTo(played.firstScore() + played.secondScore()).isPositive();
        assertThat(g.startedAt()).isEqualTo(played.startedAt().truncatedTo(java.time.temporal.ChronoUnit.MICROS));
        // its record replays to the same final position as the referee's
        GameRecord record = GameRecord.read(g.record().write());
        List<GameState> positions = record.positions(new Othello());
        assertThat(positions).hasSize(played.plies() + 1);
        assertThat(positions.get(positions.size() - 1).isTerminal()).isTrue();
        assertThat(store.game(id + 1000)).isEmpty();
    }

    @ParameterizedTest
    @MethodSource("kinds")
    void gamesAreListedNewestFirstAndFilteredByPlayerGameTournamentAndResult(String kind) {
        Store store = store(stores.fresh(kind));
        List<FinishedGame> games = play(6, 1);
        Tournament t = store.createTournament("spring", "othello", "", "{}", 1000, 0, 0);
        List<Long> ids = new ArrayList<>();
        for (int i = 0; i < games.size(); i++) {
            FinishedGame g = games.get(i);
            ids.add(store.saveGame(i < 2 ? g.inTournament(t.id(), null) : g));
        }
        List<StoredGame> all = store.games(GameQuery.ALL);
        assertThat(all).extracting(StoredGame::id).containsExactlyElementsOf(reversed(ids));
        assertThat(all).allSatisfy(s -> assertThat(s.game().moves()).isEmpty());
        assertThat(store.games(GameQuery.ALL.withTournament("spring"))).extracting(StoredGame::id).containsExactly(ids.get(1), ids.get(0));
        assertThat(store.games(GameQuery.ALL.withTournament("autumn"))).isEmpty();
        assertThat(store.games(GameQuery.ALL.withPlayer("random"))).hasSize(6);
        assertThat(store.games(GameQuery.ALL.withPlayer("random#2"))).hasSize(6);
        assertThat(store.games(GameQuery.ALL.withPlayer("alphabeta"))).isEmpty();
        assertThat(store.games(GameQuery.ALL.withGame("othello").limit(2))).hasSize(2);
        assertThat(store.games(GameQuery.ALL.withGame("gomoku"))).isEmpty();
        long wins = games.stream().filter(g -> g.winner() != null).count();
        assertThat(store.games(GameQuery.ALL.withResult("win"))).hasSize((int) wins);
        assertThat(store.games(GameQuery.ALL.withResult("draw"))).hasSize(6 - (int) wins);
        assertThat(store.games(GameQuery.ALL.between(Instant.now().plusSeconds(60), null))).isEmpty();
        assertThat(store.games(GameQuery.ALL.between(Instant.now().minusSeconds(600), Instant.now().plusSeconds(60)))).hasSize(6);
        assertThat(store.countGames()).isEqualTo(6);
    }

    private static List<Long> reversed(List<Long> ids) {
        List<Long> r = new ArrayList<>(ids);
        Collections.reverse(r);
        return r;
    }

    @ParameterizedTest
    @MethodSource("kinds")
    void reopeningKeepsEverythingAndAppliesNoMigrationTwice(String kind) throws Exception {
        String url = stores.fresh(kind);
        Store first = Store.open(url);
        long id = first.saveGame(play(1, 3).get(0));
        assertThat(first.schemaVersion()).isEqualTo(Migrations.latest());
        first.close();

        Store again = store(url);
        assertThat(again.schemaVersion()).isEqualTo(Migrations.latest());
        assertThat(again.game(id)).isPresent();
        try (Connection c = StoreFixture.connect(url);
                Statement s = c.createStatement(); ResultSet r = s.executeQuery("SELECT COUNT(*) FROM schema_version")) {
            r.next();
            assertThat(r.getInt(1)).isEqualTo(Migrations.latest());
        }
    }

    @org.junit.jupiter.api.Test
    void anH2DatabaseLeftHalfwayThroughItsFirstMigrationByAKillOpensAndIsCompleted() throws Exception {
        String url = stores.fresh("h2");
        // what a kill -9 in the middle of migration 1 leaves on H2 (each DDL statement commits by itself):
        // the version table and the first half of the statements, no version recorded
        List<String> statements = Migrations.statementsOf(1);
        try (Connection c = StoreFixture.connect(url); Statement s = c.createStatement()) {
            s.execute("CREATE TABLE IF NOT EXISTS schema_version (version INT PRIMARY KEY, description VARCHAR(200) NOT NULL, "
                    + "applied_at TIMESTAMP WITH TIME ZONE NOT NULL)");
            for (String statement : statements.subList(0, statements.size() / 2)) {
                s.execute(statement);
            }
        }
        Store store = Store.open(url);
        assertThat(store.schemaVersion()).isEqualTo(Migrations.latest());
        long id = store.saveGame(play(1, 3).get(0));
        assertThat(store.game(id)).isPresent();
        store.close();
    }

    @org.junit.jupiter.api.Test
    void onH2EveryCreateRunsAgainOverWhatIsThere() {
        assertThat(Migrations.rerunnable("CREATE TABLE games (\n id BIGINT)"))
                .isEqualTo("CREATE TABLE IF NOT EXISTS games (\n id BIGINT)");
        assertThat(Migrations.rerunnable("create unique index a ON b (c)"))
                .isEqualTo("create unique index IF NOT EXISTS a ON b (c)");
        assertThat(Migrations.rerunnable("ALTER TABLE games ADD COLUMN x INT"))
                .isEqualTo("ALTER TABLE games ADD COLUMN IF NOT EXISTS x INT");
        assertThat(Migrations.rerunnable("CREATE TABLE IF NOT EXISTS t (a INT)"))
                .isEqualTo("CREATE TABLE IF NOT EXISTS t (a INT)");
        assertThat(Migrations.rerunnable("INSERT INTO t VALUES (1)")).isEqualTo("INSERT INTO t VALUES (1)");
    }

    @ParameterizedTest
    @MethodSource("kinds")
    void aDatabaseOfANewerSchemaIsRefusedAndWhatItHoldsIsKept(String kind) throws Exception {
        String url = stores.fresh(kind);
        Store first = Store.open(url);
        long id = first.saveGame(play(1, 5).get(0));
        first.close();
        int newer = Migrations.latest() + 1;
        try (Connection c = StoreFixture.connect(url);
                Statement s = c.createStatement()) {
            s.executeUpdate("INSERT INTO schema_version (version, description, applied_at) VALUES (" + newer
                    + ", 'from a newer boardlab', CURRENT_TIMESTAMP)");
        }

        assertThatThrownBy(() -> Store.open(url)).isInstanceOf(StoreException.class)
                .hasMessageContaining("has schema version " + newer + ", newer than this boardlab knows (" + Migrations.latest() + ")")
                .hasMessageContaining("Use that boardlab, or another database (--db URL)");

        try (Connection c = StoreFixture.connect(url);
                Statement s = c.createStatement(); ResultSet r = s.executeQuery("SELECT COUNT(*) FROM games WHERE id = " + id)) {
            r.next();
            assertThat(r.getInt(1)).isEqualTo(1);
        }
    }

    @ParameterizedTest
    @MethodSource("kinds")
    void concurrentLeasesTakeEveryScheduledGameExactlyOnce(String kind) throws Exception {
        Store store = store(stores.fresh(kind));
        Tournament t = store.createTournament("queue", "othello", "", "{}", 1000, 0, 0);
        List<GameToSchedule> todo = new ArrayList<>();
        for (int i = 1; i <= 60; i++) {
            todo.add(new GameToSchedule(i, 1, i, "othello", "", "a", "b", null, null, "", "1s", i));
        }
        assertThat(store.schedule(t.id(), todo)).isEqualTo(60);
        assertThat(store.scheduled(t.id())).hasSize(60).allSatisfy(g -> assertThat(g.state()).isEqualTo("queued"));
        ExecutorService pool = Executors.newFixedThreadPool(4);
        List<Future<List<Long>>> takers = new ArrayList<>();
        for (int w = 0; w < 4; w++) {
            String owner = "worker-" + w;
            takers.add(pool.submit(() -> {
                List<Long> mine = new ArrayList<>();
                for (Optional<ScheduledGame> g; (g = store.take(t.id(), owner, Duration.ofMinutes(1))).isPresent();) {
                    assertThat(g.get().leaseOwner()).isEqualTo(owner);
                    assertThat(g.get().state()).isEqualTo("leased");
                    mine.add(g.get().id());
                }
                return mine;
            }));
        }
        Set<Long> taken = new HashSet<>();
        int total = 0;
        for (Future<List<Long>> f : takers) {
            List<Long> mine = f.get(60, TimeUnit.SECONDS);
            total += mine.size();
            taken.addAll(mine);
        }
        pool.shutdown();
        assertThat(total).isEqualTo(60);
        assertThat(taken).hasSize(60);
        assertThat(store.queueCounts(t.id())).containsEntry("leased", 60).containsEntry("queued", 0);
    }

    @ParameterizedTest
    @MethodSource("kinds")
    void aLeaseThatRunsOutGoesToAnotherWorkerAndTheGameIsStoredOnce(String kind) throws Exception {
        Store store = store(stores.fresh(kind));
        Tournament t = store.createTournament("lease", "othello", "", "{}", 1000, 0, 0);
        store.schedule(t.id(), List.of(new GameToSchedule(1, 1, 1, "othello", "", "random", "random", null, null, "", "1s", 1)));
        ScheduledGame mine = store.take(null, "dead", Duration.ofMillis(1)).orElseThrow();
        Thread.sleep(20);
        ScheduledGame theirs = store.take(null, "alive", Duration.ofMinutes(1)).orElseThrow();
        assertThat(theirs.id()).isEqualTo(mine.id());
        assertThat(theirs.attempts()).isEqualTo(2);
        assertThat(store.heartbeat(mine.id(), "dead", Duration.ofMinutes(1))).isFalse();
        assertThat(store.heartbeat(theirs.id(), "alive", Duration.ofMinutes(1))).isTrue();
        assertThat(store.take(null, "third", Duration.ofMinutes(1))).isEmpty();

        List<FinishedGame> played = play(2, 9);
        assertThat(store.complete(theirs.id(), "alive", played.get(0))).isTrue();
        long id = store.games(GameQuery.ALL).get(0).id();
        assertThat(store.complete(mine.id(), "dead", played.get(1))).isFalse();
        assertThatThrownBy(() -> store.saveGame(played.get(1).inTournament(t.id(), mine.id())))
                .isInstanceOf(AlreadyStoredException.class).hasMessageContaining("already stored as game " + id);
        assertThat(store.games(GameQuery.ALL)).hasSize(1);
        assertThat(store.scheduled(t.id())).singleElement().satisfies(s -> {
            assertThat(s.state()).isEqualTo("done");
            assertThat(s.gameId()).isEqualTo(id);
            assertThat(s.ending()).isEqualTo(played.get(0).ending());
            assertThat(s.plies()).isEqualTo(played.get(0).plies());
            assertThat(s.winner()).isEqualTo(played.get(0).winner());
            assertThat(s.isDone()).isTrue();
        });
        assertThat(store.game(id).orElseThrow().game().tournamentId()).isEqualTo(t.id());
        assertThat(store.queueCounts(t.id())).containsEntry("done", 1);
    }

    @ParameterizedTest
    @MethodSource("kinds")
    void releasedAndExpiredLeasesGoBackToTheQueue(String kind) throws Exception {
        Store store = store(stores.fresh(kind));
        Tournament t = store.createTournament("requeue", "othello", "", "{}", 1000, 0, 0);
        store.schedule(t.id(), List.of(new GameToSchedule(1, 1, 1, "othello", "", "a", "b", null, null, "", "1s", 1),
                new GameToSchedule(2, 1, 1, "othello", "", "b", "a", null, null, "", "1s", 2)));
        ScheduledGame one = store.take(t.id(), "w2", Duration.ofMinutes(5)).orElseThrow();
        ScheduledGame two = store.take(t.id(), "w1", Duration.ofMillis(1)).orElseThrow();
        assertThat(store.release(one.id(), "w1")).isFalse();
        assertThat(store.release(one.id(), "w2")).isTrue();
        Thread.sleep(20);
        assertThat(store.requeueExpired()).isEqualTo(1);
        assertThat(store.queueCounts(t.id())).containsEntry("queued", 2).containsEntry("leased", 0);
        assertThat(two.game().number()).isEqualTo(2);
        ScheduledGame again = store.take(t.id(), "w3", Duration.ofMinutes(5)).orElseThrow();
        assertThat(store.requeue(again.id())).isTrue();
        assertThat(store.requeue(again.id())).isFalse();
    }

    @ParameterizedTest
    @MethodSource("kinds")
    void tournamentsPairingsAndScheduledGamesAreKept(String kind) {
        Store store = store(stores.fresh(kind));
        Tournament t = store.createTournament("end of term", "othello", "size=8", "{\"rounds\":1}", 0, 300_000, 2_000);
        assertThat(t.status()).isEqualTo("running");
        assertThat(t.clockBaseMs()).isEqualTo(300_000);
        assertThat(t.clockIncrementMs()).isEqualTo(2_000);
        assertThat(t.settings()).isEqualTo("{\"rounds\":1}");
        assertThatThrownBy(() -> store.createTournament("end of term", "gomoku", "", "{}", 1000, 0, 0))
                .isInstanceOf(StoreException.class).hasMessageContaining("a tournament named 'end of term' already exists");
        List<Pairing> pairings = store.addPairings(t.id(), List.of(new Pairing(0, t.id(), 1, 1, "ann", "bob"),
                new Pairing(0, t.id(), 1, 2, "cid", "dan")));
        assertThat(store.pairings(t.id())).isEqualTo(pairings);
        assertThat(store.schedule(t.id(), List.of(new GameToSchedule(1, 1, 1, "othello", "size=8", "ann", "bob", null, null,
                "d3 c3", "5m+2s", 42)))).isEqualTo(1);
        // scheduling a number again (a resumed run) adds nothing and changes nothing
        assertThat(store.schedule(t.id(), List.of(new GameToSchedule(1, 1, 1, "othello", "", "x", "y", null, null, "", "1s", 1),
                new GameToSchedule(2, 1, 2, "othello", "size=8", "cid", "dan", null, null, "", "5m+2s", 43)))).isEqualTo(1);
        assertThat(store.scheduled(t.id())).hasSize(2).first().satisfies(s -> {
            assertThat(s.game().opening()).isEqualTo("d3 c3");
            assertThat(s.game().firstPlayer()).isEqualTo("ann");
            assertThat(s.game().timeControl()).isEqualTo("5m+2s");
            assertThat(s.game().pairing()).isEqualTo(1);
            assertThat(s.isDone()).isFalse();
            assertThat(s.gameId()).isNull();
        });
        store.setTournamentStatus(t.id(), "finished");
        assertThat(store.tournament("end of term").orElseThrow().finishedAt()).isNotNull();
        assertThat(store.tournaments()).extracting(Tournament::name).containsExactly("end of term");
    }

    @ParameterizedTest
    @MethodSource("kinds")
    void ratingHistoryAndCurrentRatings(String kind) {
        Store store = store(stores.fresh(kind));
        store.recordRatings(List.of(new Rating("elo", "othello", "ann", 1500, null, null, 0, null, null, null),
                new Rating("elo", "othello", "bob", 1500, null, null, 0, null, null, null),
                new Rating("elo", "gomoku", "ann", 1400, null, null, 0, null, null, null)));
        store.recordRatings(List.of(new Rating("elo", "othello", "ann", 1512.5, null, null, 1, null, null, null),
                new Rating("glicko2", "othello", "ann", 1600, 80.0, 0.06, 1, null, null, null)));
        assertThat(store.ratingHistory("elo", "othello", "ann")).extracting(Rating::rating).containsExactly(1500.0, 1512.5);
        assertThat(store.ratings("elo", "othello")).containsOnlyKeys("ann", "bob");
        assertThat(store.ratings("elo", "othello").get("ann").rating()).isEqualTo(1512.5);
        assertThat(store.ratings("elo", "gomoku").get("ann").rating()).isEqualTo(1400);
        assertThat(store.ratings("glicko2", "othello").get("ann").deviation()).isEqualTo(80.0);
    }

    @ParameterizedTest
    @MethodSource("kinds")
    void usersKeepOnlyASaltedSlowHashOfTheirPassword(String kind) throws Exception {
        String url = stores.fresh(kind);
        Store store = store(url);
        User ann = store.register("ann", "correct horse".toCharArray(), 1200);
        assertThat(ann.rating()).isEqualTo(1200);
        store.register("bob", "correct horse".toCharArray(), 1200);
        assertThatThrownBy(() -> store.register("ann", "x".toCharArray(), 1200)).isInstanceOf(NameTakenException.class)
                .hasMessage("the name 'ann' is taken");
        assertThat(store.user(ann.id())).hasValueSatisfying(u -> assertThat(u.name()).isEqualTo("ann"));
        assertThat(store.verify("ann", "correct horse".toCharArray())).hasValueSatisfying(u -> assertThat(u.lastLoginAt()).isNotNull());
        assertThat(store.verify("ann", "wrong".toCharArray())).isEmpty();
        assertThat(store.verify("nobody", "correct horse".toCharArray())).isEmpty();
        store.setRating("ann", 1225.5, 3);
        assertThat(store.user("ann").orElseThrow().rating()).isEqualTo(1225.5);
        assertThat(store.user("ann").orElseThrow().games()).isEqualTo(3);
        assertThatThrownBy(() -> store.setRatings(List.of(new UserRating("bob", 1300, 1), new UserRating("nobody", 1, 1))))
                .isInstanceOf(StoreException.class).hasMessage("there is no user named 'nobody'");
        assertThat(store.user("bob").orElseThrow().rating()).isEqualTo(1200); // neither changed
        store.setRatings(List.of(new UserRating("ann", 1230, 4), new UserRating("bob", 1195, 1)));
        assertThat(store.user("bob").orElseThrow().rating()).isEqualTo(1195);
        try (Connection c = StoreFixture.connect(url);
                Statement s = c.createStatement(); ResultSet r = s.executeQuery("SELECT name, password_hash FROM users ORDER BY name")) {
            List<String> hashes = new ArrayList<>();
            while (r.next()) {
                String h = r.getString(2);
                assertThat(h).startsWith("pbkdf2-sha512$210000$").doesNotContain("correct horse").doesNotContain("correct");
                hashes.add(h);
            }
            assertThat(hashes).hasSize(2).doesNotHaveDuplicates(); // the same password, different salts
        }
    }

    @ParameterizedTest
    @MethodSource("kinds")
    void playerJarsAreKeptByContentHash(String kind) {
        Store store = store(stores.fresh(kind));
        byte[] jar = "PK\u0003\u0004 not really a jar, but bytes".getBytes(StandardCharsets.ISO_8859_1);
        String hash = store.putJar("greedy", "1.0.0", "greedy.jar", jar);
        assertThat(hash).hasSize(64).matches("[0-9a-f]+");
        assertThat(store.putJar("greedy", "1.0.0", "greedy-copy.jar", jar)).isEqualTo(hash);
        PlayerJar back = store.jar(hash).orElseThrow();
        assertThat(back.content()).isEqualTo(jar);
        assertThat(back.fileName()).isEqualTo("greedy.jar");
        assertThat(store.jar("0".repeat(64))).isEmpty();
    }

    @Test
    void anUnreachablePostgresServerIsNamedWithTheReason() throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        String url = "jdbc:postgresql://127.0.0.1:" + port + "/boardlab?user=lab&password=secret";
        assertThatThrownBy(() -> Store.open(url)).isInstanceOf(StoreException.class)
                .hasMessageStartingWith("cannot reach the database jdbc:postgresql://127.0.0.1:" + port + "/boardlab?user=lab&password=***: ")
                .hasMessageNotContaining("secret");
    }

    @Test
    void aUrlOfAnotherDatabaseIsRefused() {
        assertThatThrownBy(() -> Store.open("jdbc:mysql://localhost/boardlab")).isInstanceOf(StoreException.class)
                .hasMessage("boardlab stores its results in H2 (jdbc:h2:...) or PostgreSQL (jdbc:postgresql://...), not jdbc:mysql://localhost/boardlab");
    }

    @Test
    void theTestsHaveARealPostgresServer() {
        // fails (not skips) when the tests were not run through scripts/with-postgres.sh
        assertThat(TestDatabases.postgresAdminUrl()).startsWith("jdbc:postgresql://");
    }
}
