package org.boardlab.store.internal;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.boardlab.store.FinishedGame;
import org.boardlab.store.rating.Glicko2;
import org.boardlab.store.rating.SeedElo;

/**
 * The running lab ladder: every rated game that the store commits updates both players' ratings on
 * two ladders per game ({@code othello}, {@code gomoku}, ...), in the same transaction as the game:
 * {@value #ELO} (seed 002's Elo, {@link SeedElo}) and {@value #GLICKO2} (Glicko-2 with Lichess's
 * defaults, {@link Glicko2#LICHESS}, each game a rating period of its own). The current rating of
 * each player is a row of the {@code ladder} table; each change is also a row of the
 * {@code ratings} history, with the game's id. A game's commit and its ratings are one transaction,
 * so a game is rated exactly once, even when a process is killed: never before it is stored, never
 * again when it is stored again (a scheduled game already done is refused whole).
 *
 * <p>Which games count ({@link #rated}): every finished game of any origin (a match, a tournament
 * or worker game, the embedded or a standalone server's games, the workbench's Match view) between
 * two different player ids, except an aborted game (no result), an imported record (it was
 * played elsewhere, maybe rated there; importing it twice must not count it twice) and a game with a side
 * that is a network client without a name ({@link org.boardlab.store.Seat#anonymous}: its player id is
 * {@code ""}, the game is stored with the name its connection had). A forfeit
 * (illegal move, time-out, error) counts as a loss for the side that forfeited, as in the
 * tournament's standings.
 *
 * <p>Ratings change in the order the games commit. Transactions with rated games take one lock
 * (the row of {@code ladder_lock}) first, before anything else, so that two processes (workers on
 * one PostgreSQL) never rate from the same old rating, and game ids are given out in that same
 * order: replaying the stored rated games by id gives the ladder back.
 */
public final class Ladders {

    /** The ladder of seed 002's Elo. */
    public static final String ELO = "elo";
    /** The ladder of Glicko-2 with Lichess's defaults. */
    public static final String GLICKO2 = "glicko2";

    /** H2's error code for a lock wait that timed out. */
    private static final int H2_LOCK_TIMEOUT = 50200;

    private Ladders() {
    }

    /** Whether a game counts on the ladder (see the class's text). */
    public static boolean rated(FinishedGame g) {
        return !"aborted".equals(g.ending()) && !"import".equals(g.origin()) && !g.first().player().equals(g.second().player())
                && !g.first().isAnonymous() && !g.second().isAnonymous();
    }

    /** The first side's score in a rated game: 1, 0.5 or 0. */
    public static double firstScore(FinishedGame g) {
        return g.winner() == null ? 0.5 : g.winner() == 1 ? 1 : 0;
    }

    /**
     * Takes the ladder's lock for the rest of the transaction (waits for another transaction that
     * holds it to end). Call it first in a transaction that will rate games.
     *
     * @return the ladder's version now: how many transactions have changed it (see {@link Cache})
     */
    public static long lock(Connection c) throws SQLException {
        try (PreparedStatement p = c.prepareStatement(LOCK)) {
            return lock(p);
        }
    }

    /** The statement {@link #lock(PreparedStatement)} runs. */
    public static final String LOCK = "SELECT changes FROM ladder_lock WHERE id = 1 FOR UPDATE";

    /** {@link #lock(Connection)} with the statement {@link #LOCK} prepared on the transaction's connection. */
    public static long lock(PreparedStatement p) throws SQLException {
        for (int attempt = 1;; attempt++) {
            try (ResultSet r = p.executeQuery()) {
                if (!r.next()) {
                    throw new SQLException("the table ladder_lock has no row 1 (the database was changed by hand?)");
                }
                return r.getLong(1);
            } catch (SQLException e) {
                // H2 gives up a lock wait after its LOCK_TIMEOUT (1 s); another writer's batch may take longer on a busy machine
                if (e.getErrorCode() != H2_LOCK_TIMEOUT || attempt >= 120) {
                    throw e;
                }
            }
        }
    }

    /** One player's current standing on one ladder. */
    private static final class Entry {
        final String ladder;
        final String game;
        final String player;
        double rating;
        Double deviation;
        Double volatility;
        int games;
        int wins;
        int draws;
        int losses;
        long lastGameId;
        OffsetDateTime updatedAt;
        boolean stored;
        boolean changed;

        Entry(String ladder, String game, String player) {
            this.ladder = ladder;
            this.game = game;
            this.player = player;
        }

        /** A copy to change in a transaction that may roll back (the cached entry stays as committed). */
        Entry copy() {
            Entry e = new Entry(ladder, game, player);
            e.rating = rating;
            e.deviation = deviation;
            e.volatility = volatility;
            e.games = games;
            e.wins = wins;
            e.draws = draws;
            e.losses = losses;
            e.lastGameId = lastGameId;
            e.updatedAt = updatedAt;
            e.stored = stored;
            return e;
        }
    }

    /**
     * The ladder's entries as one connection's last transaction committed them, so that the next
     * transaction need not read them again (a server's store writer rates some 270 games a second:
     * the four reads of a rated game were an eighth of the writer's CPU). Valid only while nobody
     * else has changed the ladder: every transaction that changes it adds one to
     * {@code ladder_lock.changes} (migration 9), read under the lock ({@link #lock}); when the
     * version is not the one this connection's last commit left, another transaction (a
     * {@code saveGame} on another connection, another process on the same PostgreSQL) rated games
     * meanwhile, and the cache is emptied. Touched by one thread (the store's writer). A change made
     * by hand to the {@code ladder} table without adding one to the version is not seen until the
     * store is opened again.
     */
    public static final class Cache {
        /** Entries kept at most; beyond that the cache is emptied (a school has far fewer players). */
        static final int MAX = 100_000;
        private final Map<String, Entry> entries = new HashMap<>();
        private long version = -1;

        /** At the start of a transaction, with the version read under the lock: forgets everything if someone else changed the ladder. */
        public void begin(long lockedVersion) {
            if (lockedVersion != version) {
                entries.clear();
                version = -1;
            }
        }

    }

    /**
     * The ladder's changes of one transaction (which holds {@link #lock}): each player's entry is
     * read once, changed in memory by every game of the transaction, and written once by
     * {@link #flush}, with all the history rows in one JDBC batch. Call {@link #flush} before the
     * commit. The statements are prepared once; {@link #reset} makes the session ready for the
     * connection's next transaction (the entries are read again there: another process may have
     * rated games meanwhile).
     */
    public static final class Session implements AutoCloseable {
        private final Connection c;
        private final Cache cache;
        private final Map<String, Entry> entries = new HashMap<>();
        private PreparedStatement read;
        private PreparedStatement bump;
        /** The version this transaction read under the lock, or -1 (not told: no cache kept). */
        private long lockedVersion = -1;
        private PreparedStatement history;
        private PreparedStatement update;
        private PreparedStatement insert;
        private boolean historyPending;

        public Session(Connection c) {
            this(c, null);
        }

        /** A session whose entries are kept in {@code cache} from one transaction to the next ({@link #begin}, {@link #committed}). */
        public Session(Connection c, Cache cache) {
            this.c = c;
            this.cache = cache;
        }

        /**
         * In a transaction that holds the lock: the version {@link Ladders#lock} returned. Called
         * again in the same transaction with the same version, it changes nothing.
         */
        public void begin(long version) {
            lockedVersion = version;
            if (cache != null) {
                cache.begin(version);
            }
        }

        /**
         * After the transaction committed: the cache holds its entries, as of the version its
         * {@link #flush} wrote. Call {@link #reset} after it.
         */
        public void committed() {
            if (cache == null || lockedVersion < 0) {
                return;
            }
            if (!flushed) {
                return; // nothing rated: the version is as read, the cache as it was
            }
            if (cache.entries.size() + entries.size() > Cache.MAX) {
                cache.entries.clear();
            }
            cache.entries.putAll(entries);
            cache.version = lockedVersion + 1;
        }

        /** Rates a game just inserted with id {@code gameId}: both players, both ladders, four history rows. */
        public void rate(FinishedGame g, long gameId) throws SQLException {
            String a = g.first().player();
            String b = g.second().player();
            double score = firstScore(g);
            Entry eloA = entry(ELO, g.game(), a);
            Entry eloB = entry(ELO, g.game(), b);
            Entry glA = entry(GLICKO2, g.game(), a);
            Entry glB = entry(GLICKO2, g.game(), b);
            int[] elo = SeedElo.update((int) Math.round(eloA.rating), (int) Math.round(eloB.rating), score);
            Glicko2.Rating[] gl = Glicko2.LICHESS.afterGame(glicko(glA), glicko(glB), score);
            eloA.rating = elo[0];
            eloB.rating = elo[1];
            set(glA, gl[0]);
            set(glB, gl[1]);
            OffsetDateTime at = OffsetDateTime.ofInstant(g.endedAt(), ZoneOffset.UTC);
            for (Entry e : List.of(eloA, glA)) {
                count(e, score, gameId, at);
            }
            for (Entry e : List.of(eloB, glB)) {
                count(e, 1 - score, gameId, at);
            }
            for (Entry e : List.of(eloA, eloB, glA, glB)) {
                history(e, g.tournamentId(), gameId, at);
            }
        }

        private Entry entry(String ladder, String game, String player) throws SQLException {
            String key = ladder + "\n" + game + "\n" + player;
            Entry e = entries.get(key);
            if (e != null) {
                return e;
            }
            if (cache != null && cache.version >= 0 && cache.version == lockedVersion) {
                Entry kept = cache.entries.get(key);
                if (kept != null) {
                    e = kept.copy();
                    entries.put(key, e);
                    return e;
                }
            }
            e = new Entry(ladder, game, player);
            if (read == null) {
                read = c.prepareStatement("SELECT rating, deviation, volatility, games, wins, draws, losses FROM ladder "
                        + "WHERE ladder = ? AND game = ? AND player = ?");
            }
            read.setString(1, ladder);
            read.setString(2, game);
            read.setString(3, player);
            try (ResultSet r = read.executeQuery()) {
                if (r.next()) {
                    e.rating = r.getDouble(1);
                    double d = r.getDouble(2);
                    e.deviation = r.wasNull() ? null : d;
                    double v = r.getDouble(3);
                    e.volatility = r.wasNull() ? null : v;
                    e.games = r.getInt(4);
                    e.wins = r.getInt(5);
                    e.draws = r.getInt(6);
                    e.losses = r.getInt(7);
                    e.stored = true;
                } else if (ladder.equals(ELO)) {
                    e.rating = SeedElo.START;
                } else {
                    set(e, Glicko2.LICHESS.start());
                }
            }
            entries.put(key, e);
            return e;
        }

        private void history(Entry e, Long tournamentId, long gameId, OffsetDateTime at) throws SQLException {
            if (history == null) {
                history = c.prepareStatement("INSERT INTO ratings (ladder, game, player, rating, deviation, volatility, games, "
                        + "tournament_id, game_id, at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
            }
            history.setString(1, e.ladder);
            history.setString(2, e.game);
            history.setString(3, e.player);
            history.setDouble(4, e.rating);
            setDouble(history, 5, e.deviation);
            setDouble(history, 6, e.volatility);
            history.setInt(7, e.games);
            if (tournamentId == null) {
                history.setNull(8, Types.BIGINT);
            } else {
                history.setLong(8, tournamentId);
            }
            history.setLong(9, gameId);
            history.setObject(10, at);
            history.addBatch();
            historyPending = true;
        }

        /** Whether this transaction's {@link #flush} wrote the ladder (and added one to its version). */
        private boolean flushed;

        /** Writes every changed entry and the history rows (in the caller's transaction), and adds one to the ladder's version. */
        public void flush() throws SQLException {
            if (entries.values().stream().anyMatch(e -> e.changed)) {
                if (bump == null) {
                    bump = c.prepareStatement("UPDATE ladder_lock SET changes = changes + 1 WHERE id = 1");
                }
                bump.executeUpdate();
                flushed = true;
            }
            if (historyPending) {
                history.executeBatch();
                historyPending = false;
            }
            if (update == null) {
                update = c.prepareStatement(UPDATE_ROW);
                insert = c.prepareStatement(INSERT_ROW);
            }
            boolean updates = false;
            boolean inserts = false;
            for (Entry e : entries.values()) {
                if (!e.changed) {
                    continue;
                }
                PreparedStatement p = e.stored ? update : insert;
                bindRow(p, e);
                p.addBatch();
                updates |= e.stored;
                inserts |= !e.stored;
                e.stored = true;
                e.changed = false;
            }
            if (updates) {
                update.executeBatch();
            }
            if (inserts) {
                insert.executeBatch();
            }
        }

        /** Forgets this transaction's entries and unwritten rows, for the connection's next transaction. */
        public void reset() throws SQLException {
            entries.clear();
            flushed = false;
            lockedVersion = -1;
            if (historyPending) {
                history.clearBatch();
                historyPending = false;
            }
            for (PreparedStatement p : new PreparedStatement[] {update, insert}) {
                if (p != null) {
                    p.clearBatch();
                }
            }
        }

        @Override
        public void close() throws SQLException {
            for (PreparedStatement p : new PreparedStatement[] {read, history, update, insert, bump}) {
                if (p != null) {
                    p.close();
                }
            }
        }
    }

    /**
     * Sets every {@code ladder} row to what the rating history says, in the caller's transaction (which
     * holds {@link #lock}): a player's rating, deviation, volatility and games from its newest history row
     * (by game id), its wins, draws and losses counted over the games of its history rows, its last game
     * and time from that newest row. A row the history does not support is deleted; one missing is added.
     * Each change is said in {@code repairs}.
     */
    public static void rebuildFromHistory(Connection c, List<String> repairs) throws SQLException {
        Map<String, Entry> told = new java.util.TreeMap<>();
        try (java.sql.Statement st = c.createStatement(); ResultSet r = st.executeQuery("SELECT r.ladder, r.game, r.player, r.rating, "
                + "r.deviation, r.volatility, r.games, r.game_id, r.at, g.winner, g.first_player FROM ratings r "
                + "JOIN games g ON g.id = r.game_id ORDER BY r.game_id")) {
            while (r.next()) {
                String ladder = r.getString(1);
                String game = r.getString(2);
                String player = r.getString(3);
                Entry e = told.computeIfAbsent(ladder + "\n" + game + "\n" + player, k -> new Entry(ladder, game, player));
                e.rating = r.getDouble(4);
                double d = r.getDouble(5);
                e.deviation = r.wasNull() ? null : d;
                double v = r.getDouble(6);
                e.volatility = r.wasNull() ? null : v;
                e.games = r.getInt(7);
                e.lastGameId = r.getLong(8);
                e.updatedAt = r.getObject(9, OffsetDateTime.class);
                int winner = r.getInt(10);
                if (r.wasNull()) {
                    e.draws++;
                } else if ((winner == 1) == player.equals(r.getString(11))) {
                    e.wins++;
                } else {
                    e.losses++;
                }
            }
        }
        Map<String, Entry> kept = new java.util.TreeMap<>();
        try (java.sql.Statement st = c.createStatement(); ResultSet r = st.executeQuery("SELECT ladder, game, player, rating, deviation, "
                + "volatility, games, wins, draws, losses, last_game_id FROM ladder")) {
            while (r.next()) {
                Entry e = new Entry(r.getString(1), r.getString(2), r.getString(3));
                e.rating = r.getDouble(4);
                double d = r.getDouble(5);
                e.deviation = r.wasNull() ? null : d;
                double v = r.getDouble(6);
                e.volatility = r.wasNull() ? null : v;
                e.games = r.getInt(7);
                e.wins = r.getInt(8);
                e.draws = r.getInt(9);
                e.losses = r.getInt(10);
                e.lastGameId = r.getLong(11);
                kept.put(e.ladder + "\n" + e.game + "\n" + e.player, e);
            }
        }
        java.util.Set<String> keys = new java.util.TreeSet<>(told.keySet());
        keys.addAll(kept.keySet());
        for (String key : keys) {
            Entry want = told.get(key);
            Entry have = kept.get(key);
            if (want != null && have != null && same(want, have)) {
                continue;
            }
            if (want == null) {
                try (PreparedStatement p = c.prepareStatement("DELETE FROM ladder WHERE ladder = ? AND game = ? AND player = ?")) {
                    p.setString(1, have.ladder);
                    p.setString(2, have.game);
                    p.setString(3, have.player);
                    p.executeUpdate();
                }
                repairs.add("the ladder: " + who(have) + " was " + standing(have) + "; it has no rating history: deleted");
                continue;
            }
            try (PreparedStatement p = c.prepareStatement(have == null ? INSERT_ROW : UPDATE_ROW)) {
                bindRow(p, want);
                p.executeUpdate();
            }
            repairs.add("the ladder: " + who(want) + (have == null ? " was missing" : " was " + standing(have)) + "; its rating history says "
                    + standing(want) + ": set to the history's");
        }
    }

    private static boolean same(Entry a, Entry b) {
        return a.rating == b.rating && java.util.Objects.equals(a.deviation, b.deviation) && java.util.Objects.equals(a.volatility, b.volatility)
                && a.games == b.games && a.wins == b.wins && a.draws == b.draws && a.losses == b.losses && a.lastGameId == b.lastGameId;
    }

    private static String who(Entry e) {
        return e.ladder + " " + e.game + " '" + e.player + "'";
    }

    private static String standing(Entry e) {
        String rating = e.rating == Math.rint(e.rating) ? String.valueOf((long) e.rating) : String.format(java.util.Locale.ROOT, "%.1f", e.rating);
        return rating + " after " + e.games + (e.games == 1 ? " game" : " games") + " (" + e.wins + " won, " + e.draws + " drawn, " + e.losses
                + " lost, the last game " + e.lastGameId + ")";
    }

    private static Glicko2.Rating glicko(Entry e) {
        return new Glicko2.Rating(e.rating, e.deviation, e.volatility);
    }

    private static void set(Entry e, Glicko2.Rating r) {
        e.rating = r.rating();
        e.deviation = r.deviation();
        e.volatility = r.volatility();
    }

    private static void count(Entry e, double score, long gameId, OffsetDateTime at) {
        e.games++;
        if (score == 1) {
            e.wins++;
        } else if (score == 0) {
            e.losses++;
        } else {
            e.draws++;
        }
        e.lastGameId = gameId;
        e.updatedAt = at;
        e.changed = true;
    }

    /** A ladder row's update; its parameters in {@link #bindRow}'s order. */
    private static final String UPDATE_ROW = "UPDATE ladder SET rating = ?, deviation = ?, volatility = ?, games = ?, "
            + "wins = ?, draws = ?, losses = ?, last_game_id = ?, updated_at = ? WHERE ladder = ? AND game = ? AND player = ?";

    /** A new ladder row; its parameters in {@link #bindRow}'s order. */
    private static final String INSERT_ROW = "INSERT INTO ladder (rating, deviation, volatility, games, wins, draws, "
            + "losses, last_game_id, updated_at, ladder, game, player) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)";

    /** Sets {@code e}'s row as the parameters of {@link #UPDATE_ROW} or {@link #INSERT_ROW}. */
    private static void bindRow(PreparedStatement p, Entry e) throws SQLException {
        p.setDouble(1, e.rating);
        setDouble(p, 2, e.deviation);
        setDouble(p, 3, e.volatility);
        p.setInt(4, e.games);
        p.setInt(5, e.wins);
        p.setInt(6, e.draws);
        p.setInt(7, e.losses);
        p.setLong(8, e.lastGameId);
        p.setObject(9, e.updatedAt);
        p.setString(10, e.ladder);
        p.setString(11, e.game);
        p.setString(12, e.player);
    }

    private static void setDouble(PreparedStatement p, int i, Double v) throws SQLException {
        if (v == null) {
            p.setNull(i, Types.DOUBLE);
        } else {
            p.setDouble(i, v);
        }
    }
}
