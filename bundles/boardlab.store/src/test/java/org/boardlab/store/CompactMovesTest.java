package org.boardlab.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import org.boardlab.ai.basic.RandomPlayer;
import org.boardlab.core.PlayerSeat;
import org.boardlab.game.othello.Othello;
import org.boardlab.store.internal.Migrations;
import org.boardlab.store.testing.StoreFixture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A game's moves kept in its own row (the migration "a game's moves kept in its games row"): games
 * stored one row per ply by an older boardlab are converted whole, on H2 and PostgreSQL, also when
 * H2 was killed at any point of the conversion; the {@code moves} view reads as the old table did.
 */
class CompactMovesTest {

    @RegisterExtension
    final StoreFixture stores = new StoreFixture();

    static List<String> kinds() {
        return StoreFixture.kinds();
    }

    /** The number of the migration that moved the moves into the games rows (found by its description, so a renumbering does not matter). */
    private static int compactMigration() {
        return Migrations.all().stream().filter(m -> m.description().startsWith("a game's moves kept in its games row")).findFirst()
                .orElseThrow().version();
    }

    private Store store(String url) {
        return stores.open(url);
    }

    private List<FinishedGame> play(int n, long seed) {
        return stores.play(new Othello(), new PlayerSeat("random#1", RandomPlayer::new), new PlayerSeat("random#2", RandomPlayer::new), n, seed,
                "match");
    }

    private static Connection connect(String kind, String url) throws SQLException {
        return StoreFixture.connect(url);
    }

    /** Three games as an older boardlab stored them: one with a clock (clock left on every move), one from an opening, one without moves. */
    private List<FinishedGame> oldGames() {
        List<FinishedGame> played = play(2, 11);
        FinishedGame clocked = played.get(0);
        List<StoredMove> withClock = new ArrayList<>();
        for (StoredMove m : clocked.moves()) {
            withClock.add(new StoredMove(m.ply(), m.side(), m.notation(), m.elapsedUs(), m.thinkingUs(), 1234, m.clockUsedMs(),
                    300_000 - m.clockUsedMs()));
        }
        FinishedGame opened = played.get(1);
        FinishedGame empty = new FinishedGame("othello", "", "workbench", null, null, Seat.named("a"), Seat.named("b"),
                opened.startedAt(), opened.endedAt(), null, "aborted", "aborted before the first move", 2, 2, 0, 0, 0, 0, List.of());
        return List.of(clocked.withMoves(withClock), opened, empty);
    }

    /**
     * A database at the schema before the compact moves (every migration before it applied), holding
     * {@code games} as that schema stored them: a games row and one moves row per ply.
     *
     * @return the games' ids
     */
    private List<Long> oldDatabase(String kind, String url, List<FinishedGame> games) throws SQLException {
        boolean pg = kind.equals("postgresql");
        List<Long> ids = new ArrayList<>();
        try (Connection c = connect(kind, url)) {
            try (Statement s = c.createStatement()) {
                s.execute("CREATE TABLE schema_version (version INT PRIMARY KEY, description VARCHAR(200) NOT NULL, "
                        + "applied_at TIMESTAMP WITH TIME ZONE NOT NULL)");
                for (int v = 1; v < compactMigration(); v++) {
                    for (String statement : Migrations.statementsOf(v, pg)) {
                        s.execute(statement);
                    }
                    s.execute("INSERT INTO schema_version VALUES (" + v + ", 'before', CURRENT_TIMESTAMP)");
                }
            }
            try (PreparedStatement g = c.prepareStatement("INSERT INTO games (game, options, origin, first_name, first_player, second_name, "
                    + "second_player, started_at, ended_at, winner, ending, result, first_score, second_score, first_time_ms, second_time_ms, "
                    + "plies, opening_plies) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", Statement.RETURN_GENERATED_KEYS);
                    PreparedStatement m = c.prepareStatement("INSERT INTO moves (game_id, ply, side, notation, elapsed_us, thinking_us, "
                            + "network_us, clock_used_ms, clock_left_ms) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)")) {
                for (FinishedGame x : games) {
                    g.setString(1, x.game());
                    g.setString(2, x.options());
                    g.setString(3, x.origin());
                    g.setString(4, x.first().name());
                    g.setString(5, x.first().player());
                    g.setString(6, x.second().name());
                    g.setString(7, x.second().player());
                    g.setObject(8, OffsetDateTime.ofInstant(x.startedAt(), ZoneOffset.UTC));
                    g.setObject(9, OffsetDateTime.ofInstant(x.endedAt(), ZoneOffset.UTC));
                    if (x.winner() == null) {
                        g.setNull(10, Types.SMALLINT);
                    } else {
                        g.setShort(10, x.winner().shortValue());
                    }
                    g.setString(11, x.ending());
                    g.setString(12, x.result());
                    g.setInt(13, x.firstScore());
                    g.setInt(14, x.secondScore());
                    g.setLong(15, x.firstTimeMs());
                    g.setLong(16, x.secondTimeMs());
                    g.setInt(17, x.plies());
                    g.setInt(18, x.openingPlies());
                    g.executeUpdate();
                    long id;
                    try (ResultSet k = g.getGeneratedKeys()) {
                        k.next();
                        id = k.getLong(1);
                    }
                    ids.add(id);
                    for (StoredMove mv : x.moves()) {
                        m.setLong(1, id);
                        m.setInt(2, mv.ply());
                        m.setShort(3, (short) mv.side());
                        m.setString(4, mv.notation());
                        m.setLong(5, mv.elapsedUs());
                        m.setLong(6, mv.thinkingUs());
                        m.setLong(7, mv.networkUs());
                        m.setLong(8, mv.clockUsedMs());
                        if (mv.clockLeftMs() == null) {
                            m.setNull(9, Types.BIGINT);
                        } else {
                            m.setLong(9, mv.clockLeftMs());
                        }
                        m.executeUpdate();
                    }
                }
            }
        }
        return ids;
    }

    /** Every move the {@code moves} view gives for a game, in the old table's columns. */
    private static List<StoredMove> viewMoves(String kind, String url, long id) throws SQLException {
        List<StoredMove> out = new ArrayList<>();
        try (Connection c = connect(kind, url);
                PreparedStatement p = c.prepareStatement("SELECT ply, side, notation, elapsed_us, thinking_us, network_us, clock_used_ms, "
                        + "clock_left_ms FROM moves WHERE game_id = ? ORDER BY ply")) {
            p.setLong(1, id);
            try (ResultSet r = p.executeQuery()) {
                while (r.next()) {
                    long left = r.getLong(8);
                    Long clockLeft = r.wasNull() ? null : left;
                    out.add(new StoredMove(r.getInt(1), r.getInt(2), r.getString(3), r.getLong(4), r.getLong(5), r.getLong(6), r.getLong(7),
                            clockLeft));
                }
            }
        }
        return out;
    }

    private void assertConverted(String kind, String url, List<FinishedGame> games, List<Long> ids) throws SQLException {
        Store store = store(url);
        assertThat(store.schemaVersion()).isEqualTo(Migrations.latest());
        assertThat(store.countGames()).isEqualTo(games.size());
        for (int i = 0; i < games.size(); i++) {
            FinishedGame back = store.game(ids.get(i)).orElseThrow().game();
            assertThat(back.moves()).as("game %d's moves", ids.get(i)).isEqualTo(games.get(i).moves());
            assertThat(back.plies()).isEqualTo(games.get(i).plies());
            assertThat(viewMoves(kind, url, ids.get(i))).as("the moves view of game %d", ids.get(i)).isEqualTo(games.get(i).moves());
        }
        // a game stored now reads back the same way, through the API and the view
        FinishedGame now = play(1, 99).get(0);
        long id = store.saveGame(now);
        assertThat(store.game(id).orElseThrow().game().moves()).isEqualTo(now.moves());
        assertThat(viewMoves(kind, url, id)).isEqualTo(now.moves());
        try (Connection c = connect(kind, url); Statement s = c.createStatement();
                ResultSet r = s.executeQuery("SELECT COUNT(*), COUNT(DISTINCT game_id) FROM moves")) {
            r.next();
            int plies = games.stream().mapToInt(g -> g.moves().size()).sum() + now.moves().size();
            assertThat(r.getInt(1)).isEqualTo(plies);
            assertThat(r.getInt(2)).isEqualTo(games.size()); // the game without moves has no row, as before
        }
    }

    @ParameterizedTest
    @MethodSource("kinds")
    void gamesStoredOneRowPerPlyAreConvertedWholeAndTheMovesViewReadsAsTheOldTable(String kind) throws Exception {
        String url = stores.fresh(kind);
        List<FinishedGame> games = oldGames();
        assertThat(games.get(0).moves()).allSatisfy(m -> assertThat(m.clockLeftMs()).isNotNull());
        assertThat(games.get(1).moves()).allSatisfy(m -> assertThat(m.clockLeftMs()).isNull());
        List<Long> ids = oldDatabase(kind, url, games);
        assertConverted(kind, url, games, ids);
    }

    @Test
    void anH2DatabaseKilledAtAnyPointOfTheConversionOpensWithEveryGameWhole() throws Exception {
        int version = compactMigration();
        List<String> statements = Migrations.statementsOf(version, false);
        List<FinishedGame> games = oldGames();
        // what a kill -9 leaves after each statement of the conversion (H2 commits each DDL statement by
        // itself; here even the conversion's UPDATE is committed before the old table is dropped)
        for (int done = 1; done <= statements.size(); done++) {
            String url = stores.fresh("h2");
            List<Long> ids = oldDatabase("h2", url, games);
            try (Connection c = connect("h2", url); Statement s = c.createStatement()) {
                for (String statement : statements.subList(0, done)) {
                    s.execute(Migrations.rerunnable(statement));
                }
            }
            assertConverted("h2", url, games, ids);
            stores.closeAll();
        }
    }

    @ParameterizedTest
    @MethodSource("kinds")
    void movesThatAreNotPlies1To_nInOrderAreRefusedAndNothingIsStored(String kind) {
        Store store = store(stores.fresh(kind));
        FinishedGame g = play(1, 3).get(0);
        List<StoredMove> skipped = new ArrayList<>(g.moves());
        StoredMove third = skipped.remove(2);
        assertThatThrownBy(() -> store.saveGame(g.withMoves(skipped))).isInstanceOf(StoreException.class)
                .hasMessageContaining("a game's moves are stored as plies 1, 2, 3, ... in order; move 3 (")
                .hasMessageContaining("says ply 4; nothing was stored");
        List<StoredMove> longMove = new ArrayList<>(g.moves());
        longMove.set(2, new StoredMove(3, third.side(), "x".repeat(65), 0, -1, -1, 0, null));
        assertThatThrownBy(() -> store.saveGame(g.withMoves(longMove))).isInstanceOf(StoreException.class)
                .hasMessageContaining("a move's notation has at most 64 characters, not 65 (ply 3)");
        assertThat(store.countGames()).isZero();
    }
}
