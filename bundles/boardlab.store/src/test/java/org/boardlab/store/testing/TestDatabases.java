package org.boardlab.store.testing;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Databases for tests: a new, empty one for each call, on embedded H2 and on the real PostgreSQL
 * server that {@code scripts/with-postgres.sh} starts for the test run (the README's test command
 * and {@code .ci/run} go through it).
 *
 * <p>The server's URL is in the environment variable {@code BOARDLAB_TEST_POSTGRES} (or the system
 * property of the same name), e.g. {@code jdbc:postgresql://127.0.0.1:54321/postgres?user=postgres}.
 * When it is missing, {@link #postgres()} fails the test with a message saying how to run it: a
 * store test never skips PostgreSQL silently.
 */
public final class TestDatabases {

    /** The environment variable (and system property) with the test server's admin URL. */
    public static final String VARIABLE = "BOARDLAB_TEST_POSTGRES";

    private static final AtomicInteger COUNTER = new AtomicInteger();

    private TestDatabases() {
    }

    /** The kinds of database every store test runs on. */
    public static List<String> kinds() {
        return List.of("h2", "postgresql");
    }

    /** A new empty database of {@code kind} ({@code h2} under {@code dir}, or {@code postgresql}). */
    public static String fresh(String kind, Path dir) {
        return switch (kind) {
            case "h2" -> h2(dir);
            case "postgresql" -> postgres();
            default -> throw new IllegalArgumentException(kind);
        };
    }

    /** A new embedded H2 file database under {@code dir}. */
    public static String h2(Path dir) {
        return "jdbc:h2:file:" + dir.resolve("db" + COUNTER.incrementAndGet()).toAbsolutePath();
    }

    /** The test server's admin URL. */
    public static String postgresAdminUrl() {
        String url = System.getProperty(VARIABLE, System.getenv(VARIABLE));
        if (url == null || url.isBlank()) {
            throw new AssertionError("no PostgreSQL server for the tests: " + VARIABLE + " is not set. Run the tests through "
                    + "scripts/with-postgres.sh (the README's test command does), e.g. scripts/with-postgres.sh ./mvnw -B verify, "
                    + "or set " + VARIABLE + " to the JDBC URL of a server where the user may create databases.");
        }
        return url;
    }

    /** A new, empty database on the test server; its URL. */
    public static String postgres() {
        String admin = postgresAdminUrl();
        String name = "boardlab_t" + ProcessHandle.current().pid() + "_" + COUNTER.incrementAndGet() + "_"
                + Long.toString(System.nanoTime() & 0xffffff, 36);
        name = name.toLowerCase(Locale.ROOT);
        try (Connection c = DriverManager.getConnection(admin); Statement s = c.createStatement()) {
            s.execute("CREATE DATABASE " + name);
        } catch (SQLException e) {
            throw new AssertionError("cannot create a test database on " + admin + ": " + e.getMessage(), e);
        }
        return withDatabase(admin, name);
    }

    /** {@code admin} with its database name replaced by {@code name}. */
    static String withDatabase(String admin, String name) {
        int slash = admin.indexOf('/', "jdbc:postgresql://".length());
        int query = admin.indexOf('?', slash);
        return admin.substring(0, slash + 1) + name + (query < 0 ? "" : admin.substring(query));
    }
}
