package org.boardlab.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import org.boardlab.ai.basic.RandomPlayer;
import org.boardlab.api.GameOptions;
import org.boardlab.core.EventBus;
import org.boardlab.core.Match;
import org.boardlab.core.MatchSettings;
import org.boardlab.core.PlayerSeat;
import org.boardlab.game.othello.Othello;
import org.boardlab.store.internal.Migrations;
import org.boardlab.store.testing.OldDatabases;
import org.boardlab.store.testing.StoreFixture;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The running lab ladder: every rated game the store commits moves both players' Elo (seed 002) and
 * Glicko-2 (Lichess's defaults) in the same transaction, exactly once, on H2 and PostgreSQL.
 */
class LadderTest {

    @RegisterExtension
    final StoreFixture stores = new StoreFixture();

    static List<String> kinds() {
        return StoreFixture.kinds();
    }

    private Store store(String url) {
        return stores.open(url);
    }

    /** A finished Othello game between two player ids (no moves: the ladder reads only who won). */
    private static FinishedGame game(String first, String second, Integer winner, String ending, String origin) {
        Instant t = Instant.parse("2026-11-28T10:00:00Z");
        return new FinishedGame("othello", "", origin, null, null, Seat.named(first), Seat.named(second), t, t.plusSeconds(5), winner,
                ending, winner == null ? "draw" : "side " + winner + " wins", 33, 31, 10, 12, 0, 0, List.of());
    }

    private static FinishedGame won(String first, String second, Integer winner) {
        return game(first, second, winner, "normal", "match");
    }

    @ParameterizedTest
    @MethodSource("kinds")
    void twoNewPlayersAWinThenADrawMoveBothLaddersAsTheWorkedExamplesSay(String kind) {
        Store store = store(stores.fresh(kind));
        long first = store.saveGame(won("alice", "bob", 1));

        // seed 002's Elo: 1600 + 25 * 0.5 = 1612.5, rounded the JavaScript way to 1613; 1587.5 to 1588
        Map<String, LadderEntry> elo = byPlayer(store.ladder("elo", "othello"));
        assertThat(elo.get("alice").rating()).isEqualTo(1613);
        assertThat(elo.get("bob").rating()).isEqualTo(1588);
        assertThat(elo.get("alice")).extracting(LadderEntry::games, LadderEntry::wins, LadderEntry::draws, LadderEntry::losses)
                .containsExactly(1, 1, 0, 0);
        assertThat(elo.get("bob")).extracting(LadderEntry::games, LadderEntry::wins, LadderEntry::draws, LadderEntry::losses)
                .containsExactly(1, 0, 0, 1);
        assertThat(elo.get("alice").lastGameId()).isEqualTo(first);
        assertThat(elo.get("alice").deviation()).isNull();
        // Glicko-2, Lichess's start (1500, RD 500, volatility 0.09, tau 0.75), one game a rating period: figures from an
        // independent implementation of Glickman's steps 1-8 (Python, Illinois algorithm)
        Map<String, LadderEntry> glicko = byPlayer(store.ladder("glicko2", "othello"));
        assertThat(glicko.get("alice").rating()).isCloseTo(1741.624, within(0.01));
        assertThat(glicko.get("alice").deviation()).isCloseTo(396.812, within(0.01));
        assertThat(glicko.get("alice").volatility()).isCloseTo(0.0899983, within(1e-6));
        assertThat(glicko.get("bob").rating()).isCloseTo(1258.376, within(0.01));

        store.saveGame(won("alice", "bob", null)); // a draw
        elo = byPlayer(store.ladder("elo", "othello"));
        // E(alice) = 1 / (1 + 10^((1588 - 1613) / 400)) = 0.5359: 1613 + 25 * (0.5 - 0.5359) = 1612.1 -> 1612; bob 1588.9 -> 1589
        assertThat(elo.get("alice").rating()).isEqualTo(1612);
        assertThat(elo.get("bob").rating()).isEqualTo(1589);
        assertThat(elo.get("bob")).extracting(LadderEntry::games, LadderEntry::draws).containsExactly(2, 1);
        glicko = byPlayer(store.ladder("glicko2", "othello"));
        assertThat(glicko.get("alice").rating()).isCloseTo(1584.897, within(0.01));
        assertThat(glicko.get("alice").deviation()).isCloseTo(353.992, within(0.01));
        assertThat(glicko.get("bob").rating()).isCloseTo(1415.103, within(0.01));
        // best first
        assertThat(store.ladder("elo", "othello")).extracting(LadderEntry::player).containsExactly("alice", "bob");
        // and the history: one row per player, ladder and game, naming the game
        assertThat(store.ratingHistory("elo", "othello", "alice")).extracting(Rating::rating).containsExactly(1613.0, 1612.0);
        assertThat(store.ratingHistory("glicko2", "othello", "bob")).hasSize(2).allSatisfy(r -> assertThat(r.gameId()).isNotNull());
        assertThat(store.ladder("elo", "gomoku")).isEmpty();
        assertThat(store.ladder("elo", null)).hasSize(2);
    }

    @ParameterizedTest
    @MethodSource("kinds")
    void aForfeitIsALossAndAbortedGamesImportsAndGamesAgainstItselfAreNotRated(String kind) {
        Store store = store(stores.fresh(kind));
        store.saveGame(game("alice", "bob", null, "aborted", "workbench"));
        store.saveGame(game("alice", "bob", 1, "normal", "import"));
        store.saveGame(new FinishedGame("othello", "", "match", null, null, new Seat("random#1", "random", null, null, null),
                new Seat("random#2", "random", null, null, null), Instant.now(), Instant.now(), 1, "normal", "random#1 wins", 40, 24, 1,
                1, 0, 0, List.of()));
        assertThat(store.ladder("elo", null)).isEmpty();
        assertThat(store.ladder("glicko2", null)).isEmpty();

        store.saveGame(game("alice", "bob", 2, "timeout", "server")); // alice ran out of time
        Map<String, LadderEntry> elo = byPlayer(store.ladder("elo", "othello"));
        assertThat(elo.get("alice").rating()).isEqualTo(1588);
        assertThat(elo.get("alice").losses()).isEqualTo(1);
        assertThat(elo.get("bob").rating()).isEqualTo(1613);
        assertThat(store.countGames()).isEqualTo(4);
    }

    /**
     * Seed 001's PvE games as a server stores them: a client that gave no name ({@code onitama#17}) is kept with the
     * game but not rated; a client that gave one is rated against the server's player, which is one player of the
     * ladder ({@code onitama-normal}, its bundle and version) however many connections it played for.
     */
    @ParameterizedTest
    @MethodSource("kinds")
    void aGameOfAClientWithoutANameIsStoredNotRatedAndTheServersPlayerIsOneRowWhateverItsConnection(String kind) {
        Store store = store(stores.fresh(kind));
        Instant t = Instant.parse("2026-11-30T10:00:00Z");
        java.util.function.BiFunction<Seat, Seat, FinishedGame> won = (a, b) -> new FinishedGame("onitama", "", "server", null, null,
                a, b, t, t.plusSeconds(30), 2, "normal", "red wins", 0, 0, 10, 12, 9, 0, List.of());
        long anonymous = store.saveGame(won.apply(Seat.anonymous("onitama#17"), normal(18)));
        store.saveGame(won.apply(normal(19), Seat.anonymous("onitama#20")));
        assertThat(store.ladder("elo", null)).as("the ladder after two games of clients without a name").isEmpty();
        assertThat(store.ladder("glicko2", null)).isEmpty();
        FinishedGame kept = store.game(anonymous).orElseThrow().game();
        assertThat(kept.first()).isEqualTo(new Seat("onitama#17", "", null, null, null));
        assertThat(kept.second()).isEqualTo(normal(18));
        assertThat(store.games(GameQuery.ALL.withPlayer("onitama#17"))).extracting(StoredGame::id).containsExactly(anonymous);

        store.saveGame(won.apply(Seat.named("ann"), normal(21))); // onitama-normal wins
        store.saveGame(won.apply(normal(22), Seat.named("bob"))); // bob wins
        store.saveGame(won.apply(Seat.named("ann"), normal(23)));
        for (String ladder : List.of("elo", "glicko2")) {
            assertThat(store.ladder(ladder, "onitama")).extracting(LadderEntry::player).as(ladder)
                    .containsExactlyInAnyOrder("ann", "bob", "onitama-normal");
        }
        Map<String, LadderEntry> elo = byPlayer(store.ladder("elo", "onitama"));
        assertThat(elo.get("onitama-normal")).extracting(LadderEntry::games, LadderEntry::wins, LadderEntry::losses)
                .containsExactly(3, 2, 1);
        assertThat(elo.get("ann")).extracting(LadderEntry::games, LadderEntry::losses).containsExactly(2, 2);
        assertThat(store.ratingHistory("elo", "onitama", "onitama-normal")).hasSize(3);
        assertThat(store.ratingHistory("elo", "onitama", "")).isEmpty();
        assertThat(Ladder.now(store)).isEqualTo(Ladder.replay(store));
        assertThat(store.countGames()).isEqualTo(5);
    }

    /** The server's player as the store records it for connection {@code n} (onitama-normal#n). */
    private static Seat normal(int n) {
        return new Seat("onitama-normal#" + n, "onitama-normal", "boardlab.ai.onitama", "0.1.0", null);
    }

    @ParameterizedTest
    @MethodSource("kinds")
    void aScheduledGameStoredTwiceIsRatedOnceAndABatchThatFailsIsRatedGameByGame(String kind) throws Exception {
        String url = stores.fresh(kind);
        Store store = store(url);
        Tournament t = store.createTournament("ladder", "othello", "", "{}", 1000, 0, 0);
        List<GameToSchedule> todo = new ArrayList<>();
        for (int i = 1; i <= 2; i++) {
            todo.add(new GameToSchedule(i, 1, i, "othello", "", "alice", "bob", null, null, "", "1s", i));
        }
        store.schedule(t.id(), todo);
        List<ScheduledGame> rows = store.scheduled(t.id());
        FinishedGame one = won("alice", "bob", 1).inTournament(t.id(), rows.get(0).id());
        // both in one transaction: refused whole, nothing rated
        assertThatThrownBy(() -> store.saveGames(List.of(one, one))).isInstanceOf(AlreadyStoredException.class);
        assertThat(store.ladder("elo", "othello")).isEmpty();

        assertThat(store.complete(rows.get(0).id(), "w1", one)).isTrue();
        assertThat(store.complete(rows.get(0).id(), "w2", one)).isFalse(); // the second result of the same game
        // through the writer: the game already stored fails its batch, which is committed again game by game
        CompletableFuture<Long> a = store.saveLater(won("bob", "alice", 1));
        CompletableFuture<Long> again = store.saveLater(one);
        CompletableFuture<Long> b = store.saveLater(won("alice", "bob", null).inTournament(t.id(), rows.get(1).id()));
        a.join();
        b.join();
        assertThatThrownBy(again::join).isInstanceOf(CompletionException.class).hasCauseInstanceOf(AlreadyStoredException.class);

        Map<String, LadderEntry> elo = byPlayer(store.ladder("elo", "othello"));
        assertThat(elo.get("alice")).extracting(LadderEntry::games, LadderEntry::wins, LadderEntry::draws, LadderEntry::losses)
                .containsExactly(3, 1, 1, 1);
        assertThat(historyRows(kind, url)).isEqualTo(3 * 4); // 3 rated games, 2 players, 2 ladders
        assertThat(Ladder.replay(store)).isEqualTo(Ladder.now(store));
    }

    @ParameterizedTest
    @MethodSource("kinds")
    void gamesStoredAtOnceByTwoProcessesGiveTheLadderThatReplayingThemInIdOrderGives(String kind) throws Exception {
        String url = stores.fresh(kind);
        Store one = store(url);
        Store two = kind.equals("postgresql") ? store(url) : one; // two pools on one PostgreSQL, as two workers have
        String[] players = {"ann", "ben", "cid", "dot"};
        List<FinishedGame> games = play(players, 48);
        List<CompletableFuture<Long>> all = new ArrayList<>();
        Thread other = new Thread(() -> {
            for (int i = 1; i < games.size(); i += 2) {
                synchronized (all) {
                    all.add(two.saveLater(games.get(i)));
                }
            }
        });
        other.start();
        for (int i = 0; i < games.size(); i += 2) {
            CompletableFuture<Long> f = one.saveLater(games.get(i));
            synchronized (all) {
                all.add(f);
            }
        }
        other.join();
        CompletableFuture.allOf(all.toArray(CompletableFuture[]::new)).join();
        Map<String, List<Double>> now = Ladder.now(one);
        assertThat(now).hasSize(8); // 4 players on 2 ladders
        assertThat(Ladder.replay(one)).isEqualTo(now);
        assertThat(one.ladder("elo", "othello").stream().mapToInt(LadderEntry::games).sum()).isEqualTo(2 * games.size());
        assertThat(historyRows(kind, url)).isEqualTo(4 * games.size());
    }

    @ParameterizedTest
    @MethodSource("kinds")
    void aDatabaseWhoseRatingHistoryHadForeignKeysLosesThemAndKeepsItsHistoryAndLadder(String kind) throws Exception {
        String url = stores.fresh(kind);
        Store store = store(url);
        String[] players = {"ann", "ben", "cid"};
        List<FinishedGame> games = play(players, 12);
        for (FinishedGame g : games.subList(0, 6)) {
            store.saveGame(g);
        }
        Map<String, List<Double>> before = Ladder.now(store);
        stores.closeAll();
        OldDatabases.beforeRatingsWithoutKeys(url);
        try (Connection c = StoreFixture.connect(url)) {
            assertThat(Migrations.foreignKeys(c, "ratings", List.of("GAME_ID", "TOURNAMENT_ID"))).hasSize(2);
        }

        Store migrated = store(url);
        assertThat(migrated.schemaVersion()).isEqualTo(Migrations.latest());
        try (Connection c = StoreFixture.connect(url)) {
            assertThat(Migrations.foreignKeys(c, "ratings", List.of("GAME_ID", "TOURNAMENT_ID"))).isEmpty();
            // on H2 each key had an index of its own, written for every rating row: gone with the keys
            if (kind.equals("h2")) {
                assertThat(indexedColumns(c, "RATINGS")).containsExactlyInAnyOrder("ID", "LADDER,GAME,PLAYER,ID");
            }
        }
        assertThat(Ladder.now(migrated)).isEqualTo(before);
        assertThat(historyRows(kind, url)).isEqualTo(4 * 6);
        for (FinishedGame g : games.subList(6, 12)) {
            migrated.saveGame(g);
        }
        assertThat(historyRows(kind, url)).isEqualTo(4 * 12);
        assertThat(Ladder.replay(migrated)).isEqualTo(Ladder.now(migrated));
    }

    @ParameterizedTest
    @MethodSource("kinds")
    void theWriterReadsTheLadderAgainWhenAnotherTransactionRatedGamesSinceItsLast(String kind) {
        String url = stores.fresh(kind);
        Store store = store(url);
        Store other = kind.equals("postgresql") ? store(url) : store; // a second process on one PostgreSQL
        store.saveLater(won("ann", "ben", 1)).join(); // the writer: it keeps ann's and ben's entries
        store.saveGame(won("ann", "ben", 2)); // another connection rates them meanwhile
        other.saveLater(won("ben", "ann", 2)).join(); // and another writer
        store.saveLater(won("ben", "ann", 1)).join(); // the first writer again: it must not rate from what it kept
        Map<String, LadderEntry> elo = byPlayer(store.ladder("elo", "othello"));
        assertThat(elo.get("ann").games()).isEqualTo(4);
        assertThat(elo.get("ann").wins()).isEqualTo(2);
        assertThat(elo.get("ann").losses()).isEqualTo(2);
        assertThat(elo.get("ben").games()).isEqualTo(4);
        assertThat(Ladder.replay(store)).isEqualTo(Ladder.now(store));
        // and when nobody else rated, what it kept is right too
        for (int i = 0; i < 5; i++) {
            store.saveLater(won("ann", "ben", 1 + i % 2)).join();
        }
        assertThat(byPlayer(store.ladder("glicko2", "othello")).get("ben").games()).isEqualTo(9);
        assertThat(Ladder.replay(store)).isEqualTo(Ladder.now(store));
    }

    @org.junit.jupiter.api.Test
    void aNewH2DatabaseWritesTwoIndexEntriesARatingRowAndAnOldOneMigratedTwiceStaysSo() throws Exception {
        String url = stores.fresh("h2");
        store(url).saveGame(won("ann", "ben", 1));
        stores.closeAll();
        try (Connection c = StoreFixture.connect(url)) {
            assertThat(indexedColumns(c, "RATINGS")).containsExactlyInAnyOrder("ID", "LADDER,GAME,PLAYER,ID");
        }
        // a kill after the keys were dropped and before the migration was recorded: it runs again
        OldDatabases.beforeRatingsWithoutKeys(url);
        OldDatabases.applyPartly(url, OldDatabases.migration(OldDatabases.RATINGS_WITHOUT_KEYS), 1);
        Store again = store(url);
        assertThat(again.schemaVersion()).isEqualTo(Migrations.latest());
        again.saveGame(won("ben", "ann", 2));
        assertThat(historyRows("h2", url)).isEqualTo(8);
        stores.closeAll();
        try (Connection c = StoreFixture.connect(url)) {
            assertThat(Migrations.foreignKeys(c, "ratings", List.of("GAME_ID", "TOURNAMENT_ID"))).isEmpty();
            assertThat(indexedColumns(c, "RATINGS")).containsExactlyInAnyOrder("ID", "LADDER,GAME,PLAYER,ID");
        }
    }

    /** H2's indexes of a table, each as its columns in order, joined by commas. */
    private static List<String> indexedColumns(Connection c, String table) throws SQLException {
        Map<String, List<String>> byIndex = new java.util.TreeMap<>();
        try (java.sql.PreparedStatement p = c.prepareStatement("SELECT INDEX_NAME, COLUMN_NAME FROM INFORMATION_SCHEMA.INDEX_COLUMNS "
                + "WHERE TABLE_SCHEMA = 'PUBLIC' AND TABLE_NAME = ? ORDER BY INDEX_NAME, ORDINAL_POSITION")) {
            p.setString(1, table);
            try (ResultSet r = p.executeQuery()) {
                while (r.next()) {
                    byIndex.computeIfAbsent(r.getString(1), k -> new ArrayList<>()).add(r.getString(2));
                }
            }
        }
        return byIndex.values().stream().map(cols -> String.join(",", cols)).toList();
    }

    /** Random Othello games among {@code players} (each a player id), pairs in turn. */
    private List<FinishedGame> play(String[] players, int n) {
        List<FinishedGame> out = Collections.synchronizedList(new ArrayList<>());
        for (int k = 0; k < n; k++) {
            String a = players[k % players.length];
            String b = players[(k / players.length + 1 + k) % players.length];
            if (a.equals(b)) {
                b = players[(k + 1) % players.length];
            }
            Match[] m = new Match[1];
            m[0] = new Match(stores.referee(), new Othello(), GameOptions.DEFAULT, new PlayerSeat(a, RandomPlayer::new), new PlayerSeat(b, RandomPlayer::new),
                    MatchSettings.defaults().withSeed(k), new EventBus());
            m[0].onGameResult(r -> out.add(FinishedGame.of(m[0].journal(), "match", Seat.named(r.first()), Seat.named(r.second()))));
            m[0].runHere();
        }
        return out;
    }

    private static int historyRows(String kind, String url) throws SQLException {
        try (Connection c = StoreFixture.connect(url);
                Statement s = c.createStatement(); ResultSet r = s.executeQuery("SELECT COUNT(*) FROM ratings WHERE game_id IS NOT NULL")) {
            r.next();
            return r.getInt(1);
        }
    }

    private static Map<String, LadderEntry> byPlayer(List<LadderEntry> entries) {
        Map<String, LadderEntry> m = new java.util.HashMap<>();
        for (LadderEntry e : entries) {
            m.put(e.player(), e);
        }
        return m;
    }
}
