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
import java.util.concurrent.atomic.AtomicInteger;
import org.boardlab.store.Store;
import org.boardlab.store.User;
import org.boardlab.store.UserRating;
import org.boardlab.store.testing.StoreFixture;
import org.junit.jupiter.api.AfterEach;
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
        return kept.read(p -> read(p, id));
    }

    private Store store;
    private Database db;

    /** A fresh store of {@code kind} with the accounts {@code names} (rating 1200, 1201, ...), and its database opened beside it. */
    private List<User> storeWith(String kind, String... names) {
        String url = stores.fresh(kind);
        store = stores.open(url);
        List<User> users = new ArrayList<>();
        for (String name : names) {
            users.add(store.register(name, "secret".toCharArray(), 1200 + users.size()));
        }
        db = Database.open(url);
        return users;
    }

    @AfterEach
    void closeDatabase() {
        if (db != null) {
            db.close();
        }
    }

    @ParameterizedTest
    @MethodSource("org.boardlab.store.testing.StoreFixture#kinds")
    void aKeptReadIsPreparedOnceAndSeesEveryCommittedChangeAtOnce(String kind) {
        User ann = storeWith(kind, "ann").get(0);
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
            assertThat(kept.ordinaryReads()).as("every read on the kept statement").isZero();
        }
    }

    @ParameterizedTest
    @MethodSource("org.boardlab.store.testing.StoreFixture#kinds")
    void manyThreadsShareAtMostTheKeptStatementsAndTheRestReadTheOrdinaryWay(String kind) throws Exception {
        List<User> users = storeWith(kind, "u0", "u1", "u2", "u3", "u4", "u5", "u6", "u7", "u8", "u9");
        ExecutorService threads = Executors.newFixedThreadPool(8);
        try (KeptStatement kept = new KeptStatement(db, SQL, 2)) {
            List<Future<Integer>> done = new ArrayList<>();
            for (int t = 0; t < 8; t++) {
                done.add(threads.submit(() -> {
                    int right = 0;
                    for (int i = 0; i < 300; i++) {
                        User u = users.get(i % users.size());
                        String got = read(kept, u.id());
                        if (got.equals(u.name() + " " + Math.round(u.rating()))) {
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
        }
    }

    @ParameterizedTest
    @MethodSource("org.boardlab.store.testing.StoreFixture#kinds")
    void aKeptStatementThatFailsIsDroppedTheReadMadeTheOrdinaryWayAndANewOneKeptNextTime(String kind) {
        User ann = storeWith(kind, "ann").get(0);
        try (KeptStatement kept = new KeptStatement(db, SQL, 1)) {
            assertThat(read(kept, ann.id())).isEqualTo("ann 1200");
            AtomicInteger tries = new AtomicInteger();
            String got = kept.read(p -> {
                if (tries.incrementAndGet() == 1) {
                    throw new SQLException("as a connection the database dropped", "08006");
                }
                return read(p, ann.id());
            });
            assertThat(tries).as("tried on the kept statement, then the ordinary way").hasValue(2);
            assertThat(got).isEqualTo("ann 1200");
            assertThat(kept.ordinaryReads()).isEqualTo(1);
            assertThat(read(kept, ann.id())).isEqualTo("ann 1200");
            assertThat(kept.prepared()).as("a new kept statement after the one that failed").isEqualTo(2);
            assertThat(kept.ordinaryReads()).isEqualTo(1);
            kept.close();
            assertThat(read(kept, ann.id())).as("closed: the ordinary way").isEqualTo("ann 1200");
            assertThat(kept.ordinaryReads()).isEqualTo(2);
            assertThat(kept.prepared()).isEqualTo(2);
        }
    }
}
