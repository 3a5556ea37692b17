package org.boardlab.store;

import java.nio.file.Path;
import javax.inject.Named;
import javax.inject.Singleton;
import org.boardlab.store.internal.OpenStores;

/**
 * The stores of this process: inject this ({@code @Inject Stores stores}) and ask it for the
 * {@link Store} to write to. Each database is opened once (its schema brought up to date then) and
 * shared; every store is closed when the bundle stops.
 *
 * <p>The default database is the URL of the system property {@code boardlab.db}
 * ({@code -Dboardlab.db=jdbc:postgresql://host/boardlab?user=...}) or, without it, embedded H2 in
 * the file {@code data/boardlab.mv.db} under the working directory.
 */
@Named
@Singleton
public final class Stores {

    /** The system property naming the default database. */
    public static final String PROPERTY = "boardlab.db";

    /** The default database's URL (without opening it). */
    public static String defaultUrl() {
        String url = null;
        org.osgi.framework.Bundle bundle = org.osgi.framework.FrameworkUtil.getBundle(Stores.class);
        if (bundle != null && bundle.getBundleContext() != null) {
            url = bundle.getBundleContext().getProperty(PROPERTY); // a framework property, else the system property
        }
        if (url == null) {
            url = System.getProperty(PROPERTY);
        }
        if (url != null && !url.isBlank()) {
            return url.trim();
        }
        return h2File(Path.of("data", "boardlab"));
    }

    /** The URL of an embedded H2 database in the files {@code base.mv.db} (and its lock file). */
    public static String h2File(Path base) {
        return "jdbc:h2:file:" + base.toAbsolutePath() + ";AUTO_SERVER=TRUE";
    }

    /**
     * Starts opening the database at {@code url} ({@code null} or blank: the default) on a thread of its
     * own, for a command that will {@link #open(String)} it once it has checked the rest of its
     * arguments: that open then finds it open, or waits only for what is left of the opening (an H2
     * file's opening is about 0.2 s of a one-game {@code match}). Only an embedded H2 database whose
     * file exists is opened ahead: nothing is created for a command line that turns out wrong, and an
     * unreachable server is not waited for twice. A failure is left for {@code open} to meet again and
     * report.
     *
     * @return whether it started opening (an H2 file that exists)
     */
    public boolean openAhead(String url) {
        String u = url == null || url.isBlank() ? defaultUrl() : url.trim();
        if (!isExistingH2File(u)) {
            return false;
        }
        Thread ahead = new Thread(() -> {
            try {
                OpenStores.open(u);
            } catch (RuntimeException e) {
                // open(url) meets it again and reports it
            }
        }, "boardlab-store-ahead");
        ahead.setDaemon(true);
        synchronized (AHEAD) {
            AHEAD.put(u, ahead);
        }
        ahead.start();
        return true;
    }

    /** Openings ahead by URL, until an {@link #open(String)} of that URL has waited for them. */
    private static final java.util.Map<String, Thread> AHEAD = new java.util.HashMap<>();

    /**
     * Waits for an opening ahead of {@code url} to end: the command's open then finds the store open,
     * and an opening ahead can never come after the command has opened, used and closed its store
     * (it would open the database again, behind the command's back).
     */
    private static void awaitAhead(String url) {
        Thread ahead;
        synchronized (AHEAD) {
            ahead = AHEAD.remove(url);
        }
        if (ahead == null) {
            return;
        }
        try {
            ahead.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Whether {@code url} is an embedded H2 database ({@code jdbc:h2:file:PATH[;...]}) whose file {@code PATH.mv.db} exists. */
    static boolean isExistingH2File(String url) {
        String prefix = "jdbc:h2:file:";
        if (!url.startsWith(prefix)) {
            return false;
        }
        String path = url.substring(prefix.length());
        int options = path.indexOf(';');
        if (options >= 0) {
            path = path.substring(0, options);
        }
        try {
            return !path.isEmpty() && java.nio.file.Files.isRegularFile(Path.of(path + ".mv.db"));
        } catch (java.nio.file.InvalidPathException e) {
            return false;
        }
    }

    /** The default database ({@link #defaultUrl()}). */
    public Store open() {
        return open(null);
    }

    /**
     * The database at {@code url}; {@code null} or blank means the default.
     *
     * @throws StoreException if it cannot be opened (unreachable, of a newer schema, not a URL of H2 or PostgreSQL)
     */
    public Store open(String url) {
        String u = url == null || url.isBlank() ? defaultUrl() : url.trim();
        awaitAhead(u);
        return OpenStores.open(u);
    }
}
