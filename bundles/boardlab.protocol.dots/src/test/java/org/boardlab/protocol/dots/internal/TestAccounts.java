package org.boardlab.protocol.dots.internal;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.boardlab.store.Store;
import org.boardlab.store.testing.TestDatabases;

/** The accounts of a test server: a real store on a fresh database (H2 under target/, or the tests' PostgreSQL). */
final class TestAccounts {

    private static final Map<Accounts, Store> STORES = new ConcurrentHashMap<>();

    private TestAccounts() {
    }

    /** Accounts in a fresh database of {@code kind}: {@code h2} or {@code postgresql}. */
    static Accounts open(String kind) {
        try {
            // a new folder each time: a database left by an earlier run would hold its accounts
            Path dir = Files.createTempDirectory(Files.createDirectories(Path.of("target")), "test-db");
            Store store = Store.open(TestDatabases.fresh(kind, dir));
            Accounts accounts = new StoreAccounts(store);
            STORES.put(accounts, store);
            return accounts;
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The store the accounts of {@link #open} are kept in (where a test server may store its games too, as {@code serve} does). */
    static Store store(Accounts accounts) {
        return STORES.get(accounts);
    }

    static void close(Accounts accounts) {
        Store store = STORES.remove(accounts);
        if (store != null) {
            store.close();
        }
    }
}
