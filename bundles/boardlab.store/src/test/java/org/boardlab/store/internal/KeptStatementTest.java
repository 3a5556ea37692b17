package org.boardlab.store.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import org.boardlab.store.Store;
import org.boardlab.store.User;
import org.boardlab.store.UserRating;
import org.boardlab.store.testing.StoreFixture;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The account read of each login, prepared once on a connection kept for it: it reads what is committed at each
 * execution (a changed rating, a new account seen at once), survives a kept connection that fails, and is not
 * prepared again for each read as it was through the pool (H2 parsed the SQL each time).
 */
class KeptStatementTest {

    @RegisterExtension
    final StoreFixture stores = new StoreFixture();

    private static final String SQL = "SELECT name, rating FROM users WHERE id = ?";

    private static String read(PreparedStatement p, long id) throws SQLException {
        p.setLong(1, id);
        try (ResultSet r = p.executeQuery()) {
            return r.next() ? r.getString(1) + " " + Math.round(r.getDouble(2)) : "none";
        }
    }

    private static String read(KeptStatement kept, long id) {
        return kept.read(p -> read(p, id), c -> {
            try (PreparedStatement p = c.prepareStatement(SQL)) {
                return "otherwise " + read(p, id);
            }
        });
    }

    @ParameterizedTest
    @MethodSource("org.boardlab.store.testing.StoreFixture#kinds")
    void aKeptReadIsPreparedOnceAndSeesEveryCommittedChangeAtOnce(String kind) {
        String url = stores.fresh(kind);
        Store store = stores.open(url);
        User ann = store.register("ann", "secret-1".toCharArray(), 1200);
        Database db = Database.open(url);
        try (KeptStatement kept = new KeptStatement(db, SQL, 2)) {
            for (int i = 0; i < 100; i++) {
                assertThat(read(kept, ann.id())).isEqualTo("ann 1200");
            }
            assertThat(kept.prepared()).as("prepared once for 100 reads on one thread").isEqualTo(1);
            store.setRatings(List.of(new UserRating("ann", 1234, 1)));
            assertThat(read(kept, ann.id())).as("a rating committed by another connection").isEqualTo("ann 1234");
            User bob = store.register("bob", "secret-2".toCharArray(), 1500);
            assertThat(read(kept, bob.id())).as("an account made a moment ago").isEqualTo("bob 1500");
            assertThat(read(kept, 999_999)).isEqualTo("none");
            assertThat(kept.prepared()).isEqualTo(1);
        } finally {
            db.close();
        }
    }

    @ParameterizedTest
    @MethodSource("org.boardlab.store.testing.StoreFixture#kinds")
    void manyThreadsShareAtMostTheKeptStatementsAndTheRestReadTheOrdinaryWay(String kind) throws Exception {
        String url = stores.fresh(kind);
        Store store = stores.open(url);
        List<User> users = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            users.add(store.register("u" + i, "secret".toCharArray(), 1000 + i));
        }
        Database db = Database.open(url);
        ExecutorService threads = Executors.newFixedThreadPool(8);
        try (KeptStatement kept = new KeptStatement(db, SQL, 2)) {
            List<Future<Integer>> done = new ArrayList<>();
            for (int t = 0; t < 8; t++) {
                done.add(threads.submit(() -> {
                    int right = 0;
                    for (int i = 0; i < 300; i++) {
                        User u = users.get(i % users.size());
                        String got = read(kept, u.id());
                        if (got.endsWith(u.name() + " " + Math.round(u.rating()))) {
                            right++;
                        }
                    }
                    return right;
                }));
            }
            for (Future<Integer> f : done) {
                assertThat(f.get()).isEqualTo(300);
            }
            assertThat(kept.prepared()).as("no more statements kept than allowed, each prepared once").isBetween(1, 2);
        } finally {
            threads.shutdownNow();
            db.close();
        }
    }

    @ParameterizedTest
    @MethodSource("org.boardlab.store.testing.StoreFixture#kinds")
    void aKeptStatementThatFailsIsDroppedTheReadMadeTheOrdinaryWayAndANewOneKeptNextTime(String kind) {
        String url = stores.fresh(kind);
        Store store = stores.open(url);
        User ann = store.register("ann", "secret-1".toCharArray(), 1200);
        Database db = Database.open(url);
        try (KeptStatement kept = new KeptStatement(db, SQL, 1)) {
            assertThat(read(kept, ann.id())).isEqualTo("ann 1200");
            AtomicBoolean failed = new AtomicBoolean();
            String got = kept.read(p -> {
                failed.set(true);
                throw new SQLException("as a connection the database dropped", "08006");
            }, c -> {
                try (PreparedStatement p = c.prepareStatement(SQL)) {
                    return "otherwise " + read(p, ann.id());
                }
            });
            assertThat(failed).isTrue();
            assertThat(got).isEqualTo("otherwise ann 1200");
            assertThat(read(kept, ann.id())).isEqualTo("ann 1200");
            assertThat(kept.prepared()).as("a new kept statement after the one that failed").isEqualTo(2);
            kept.close();
            assertThat(read(kept, ann.id())).as("closed: the ordinary way").isEqualTo("otherwise ann 1200");
            assertThat(kept.prepared()).isEqualTo(2);
        } finally {
            db.close();
        }
    }
}
