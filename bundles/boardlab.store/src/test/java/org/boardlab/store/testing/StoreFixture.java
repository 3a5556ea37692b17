package org.boardlab.store.testing;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.Function;
import java.util.stream.Stream;
import org.boardlab.api.Game;
import org.boardlab.api.GameOptions;
import org.boardlab.core.EventBus;
import org.boardlab.core.Match;
import org.boardlab.core.MatchSettings;
import org.boardlab.core.PlayerSeat;
import org.boardlab.core.Referee;
import org.boardlab.store.FinishedGame;
import org.boardlab.store.Seat;
import org.boardlab.store.Store;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * What every store test needs, in one place: new databases on H2 and on the real PostgreSQL server
 * ({@link TestDatabases}), the stores a test opens (all closed after it), plain JDBC connections for
 * looking under the store, and finished games played through boardlab's referee.
 *
 * <pre>
 * &#64;RegisterExtension
 * final StoreFixture stores = new StoreFixture();
 *
 * &#64;ParameterizedTest
 * &#64;MethodSource("org.boardlab.store.testing.StoreFixture#kinds")
 * void something(String kind) {
 *     Store store = stores.store(kind);
 *     List&lt;FinishedGame&gt; games = stores.play(new Othello(), new PlayerSeat("a", RandomPlayer::new),
 *             new PlayerSeat("b", RandomPlayer::new), 3, 7, "match");
 *     ...
 * }
 * </pre>
 *
 * <p>After each test it closes the stores the test opened through it, its referee, and deletes its
 * folder (H2's files).
 */
public final class StoreFixture implements AfterEachCallback {

    private final List<Store> open = new ArrayList<>();
    private Path dir;
    private Referee referee;

    /** The kinds of database every store test runs on: {@code h2} and {@code postgresql}. */
    public static List<String> kinds() {
        return TestDatabases.kinds();
    }

    /** This test's folder (H2's files), made on first use. */
    public synchronized Path dir() {
        if (dir == null) {
            try {
                dir = Files.createTempDirectory("boardlab-store-test");
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
        }
        return dir;
    }

    /** The URL of a new, empty database of {@code kind} ({@code h2} or {@code postgresql}). */
    public String fresh(String kind) {
        return TestDatabases.fresh(kind, dir());
    }

    /** Opens {@code url} ({@link Store#open}); closed after the test (or by {@link #closeAll}). */
    public synchronized Store open(String url) {
        Store s = Store.open(url);
        open.add(s);
        return s;
    }

    /** A store on a new, empty database of {@code kind}. */
    public Store store(String kind) {
        return open(fresh(kind));
    }

    /** Closes every store opened through this fixture so far (a test that opens the database again, or kills it). */
    public synchronized void closeAll() {
        RuntimeException failed = null;
        for (Store s : open) {
            try {
                s.close();
            } catch (RuntimeException e) {
                failed = failed == null ? e : failed;
            }
        }
        open.clear();
        if (failed != null) {
            throw failed;
        }
    }

    /** A plain JDBC connection to {@code url} (H2 as its user {@code sa}), to look under the store; the caller closes it. */
    public static Connection connect(String url) throws SQLException {
        return url.startsWith("jdbc:h2:") ? DriverManager.getConnection(url, "sa", "") : DriverManager.getConnection(url);
    }

    /** The referee the games of {@link #play} are played by, made on first use. */
    public synchronized Referee referee() {
        if (referee == null) {
            referee = new Referee();
        }
        return referee;
    }

    /**
     * Plays {@code n} games of {@code game} between two seats through the referee (seed {@code
     * seed}) and gives them as the store takes them, each side's {@link Seat} named as its seat
     * ({@link Seat#named}).
     */
    public List<FinishedGame> play(Game game, PlayerSeat first, PlayerSeat second, int n, long seed, String origin) {
        return play(game, first, second, n, seed, origin, Seat::named);
    }

    /** {@link #play(Game, PlayerSeat, PlayerSeat, int, long, String)} with each side's {@link Seat} made from its name by {@code seat}. */
    public List<FinishedGame> play(Game game, PlayerSeat first, PlayerSeat second, int n, long seed, String origin, Function<String, Seat> seat) {
        List<FinishedGame> games = new ArrayList<>();
        Match[] m = new Match[1];
        m[0] = new Match(referee(), game, GameOptions.DEFAULT, first, second, MatchSettings.defaults().withGames(n).withSeed(seed), new EventBus());
        m[0].onGameResult(r -> games.add(FinishedGame.of(m[0].journal(), origin, seat.apply(r.first()), seat.apply(r.second()))));
        m[0].runHere();
        return games;
    }

    @Override
    public void afterEach(ExtensionContext context) throws IOException {
        try {
            closeAll();
        } finally {
            synchronized (this) {
                if (referee != null) {
                    referee.close();
                    referee = null;
                }
                if (dir != null) {
                    delete(dir);
                    dir = null;
                }
            }
        }
    }

    private static void delete(Path root) throws IOException {
        try (Stream<Path> all = Files.walk(root)) {
            for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }
}
