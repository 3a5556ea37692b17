package org.boardlab.store.internal;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.logging.Logger;

/**
 * When an embedded H2 database is closed: compacts its file if it is mostly dead space, with H2's
 * {@code SHUTDOWN COMPACT}.
 *
 * <p>Why the file grows: H2 (MVStore) writes every commit as a new chunk at a free place of the
 * file, with every page the commit changed; an old chunk's space is reused only when none of its
 * pages is live any more, and not before H2's retention time (45 s) has passed. boardlab runs H2
 * without its background compaction (it left files that would not open again after a {@code kill
 * -9}, h2database/h2database#2752), so a chunk that keeps one live page (a full leaf of a table or
 * an index) keeps its whole space while boardlab runs, and a busy tournament commits some two
 * chunks a game (boardlab.store's README, <i>Compaction</i>).
 *
 * <p>Why {@code SHUTDOWN COMPACT} and not H2's compaction in place ({@code MAX_COMPACT_TIME},
 * {@code AUTO_COMPACT_FILL_RATE}): it first closes the database normally (every commit is in the old
 * file), then copies the live data into a new file ({@code NAME.mv.db.tempFile}) and only then
 * replaces the old file with it in one atomic rename. A process killed before the rename leaves the
 * old file whole and a copy that H2 deletes when it opens the database; killed after it, the new
 * file is whole. In place, H2 moves chunks inside the one file, the moves that h2database#2752,
 * #4123 and #4247 report leaving files that do not open or that miss rows.
 *
 * <p>When: only if this store is the database's one session (another process reaching it through
 * {@code AUTO_SERVER}, or another store of this process on the same file, would lose its connection),
 * and, by default ({@code -Dboardlab.store.compact=auto}), only if the file is at least
 * {@value #MIN_FILE_MB} MB and less than half of it is live data, and the disk has room for the copy.
 * {@code always} compacts whenever this store is the one session; {@code never} never.
 *
 * <p>On which thread: {@code SHUTDOWN COMPACT} runs on a thread of its own named {@value #THREAD},
 * which the closing thread waits for. The product's launcher, which gives the bundles' stop 10 s
 * before the process exits anyway, waits for as long as a thread of that name runs (and says so on
 * standard error): a compaction cut short is safe but wasted, and starts again at the next close (a
 * big file's never ended). H2 cannot bound it by time: its time-bounded compaction
 * ({@code MAX_COMPACT_TIME}) is the one in place, not used here (above).
 */
public final class H2Compaction {

    private static final Logger LOG = Logger.getLogger(H2Compaction.class.getName());

    /** The system property: {@code auto} (the default), {@code always} or {@code never}. */
    public static final String PROPERTY = "boardlab.store.compact";

    /** The name of the thread that runs {@code SHUTDOWN COMPACT}: the launcher waits for it (see the class). */
    public static final String THREAD = "boardlab-store-compaction";

    /** Below this file size a compaction is not worth its time. */
    static final int MIN_FILE_MB = 16;

    private H2Compaction() {
    }

    /**
     * Compacts the database {@code c} is connected to if it should be (see the class), closing it;
     * otherwise does nothing (the caller closes {@code c}).
     *
     * @return {@code true} if it was compacted
     */
    static boolean onClose(Connection c, String shownUrl) throws SQLException {
        String mode = System.getProperty(PROPERTY, "auto").trim().toLowerCase(Locale.ROOT);
        if (mode.equals("never")) {
            return false;
        }
        if (sessions(c) != 1) {
            return false; // another store or process has the database open: it would be cut off
        }
        Map<String, Long> info = info(c);
        Long fileSize = info.get("info.FILE_SIZE");
        if (fileSize == null) {
            return false; // an in-memory database: no file
        }
        long fillRate = info.getOrDefault("info.FILL_RATE", 100L);
        long chunksFillRate = info.getOrDefault("info.CHUNKS_FILL_RATE", 100L);
        long live = fileSize * fillRate / 100 * chunksFillRate / 100;
        Path file = file(c);
        if (!mode.equals("always")) {
            if (fileSize < MIN_FILE_MB * 1024L * 1024L || live * 2 > fileSize) {
                return false;
            }
            if (file != null && free(file) < 2 * live) {
                LOG.warning(() -> String.format(Locale.ROOT, "the database %s is not compacted: its file has %,d MB, %,d MB of it live, "
                        + "and the disk has less than twice that free", shownUrl, fileSize >> 20, live >> 20));
                return false;
            }
        }
        SQLException[] failed = new SQLException[1];
        RuntimeException[] broke = new RuntimeException[1];
        Thread compaction = new Thread(() -> {
            long t0 = System.nanoTime();
            // logged as onClose's (not as this lambda's): the console's line names the method
            LOG.logp(java.util.logging.Level.INFO, H2Compaction.class.getName(), "onClose", () -> String.format(Locale.ROOT,
                    "compacting the database %s: its file has %,d MB, about %,d MB of it live", shownUrl, fileSize >> 20, live >> 20));
            try (Statement s = c.createStatement()) {
                s.execute("SHUTDOWN COMPACT");
            } catch (SQLException e) {
                failed[0] = e;
                return;
            } catch (RuntimeException e) {
                broke[0] = e;
                return;
            }
            long after = file == null ? -1 : size(file);
            LOG.logp(java.util.logging.Level.INFO, H2Compaction.class.getName(), "onClose", () -> String.format(Locale.ROOT,
                    "compacted the database %s in %,d ms: %,d MB now", shownUrl, (System.nanoTime() - t0) / 1_000_000, after >> 20));
        }, THREAD);
        compaction.start();
        boolean interrupted = false;
        while (true) {
            try {
                compaction.join(); // not cut short by an interrupt: the thread would go on with the connection
                break;
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
        if (failed[0] != null) {
            throw failed[0];
        }
        if (broke[0] != null) {
            throw broke[0];
        }
        return true;
    }

    /** How many sessions the database has (this one included; a remote process's too). */
    private static int sessions(Connection c) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet r = s.executeQuery("SELECT COUNT(*) FROM INFORMATION_SCHEMA.SESSIONS")) {
            r.next();
            return r.getInt(1);
        }
    }

    /** H2's figures about its file: {@code info.FILE_SIZE} (bytes), {@code info.FILL_RATE}, {@code info.CHUNKS_FILL_RATE} (percent). */
    static Map<String, Long> info(Connection c) throws SQLException {
        Map<String, Long> out = new HashMap<>();
        try (Statement s = c.createStatement(); ResultSet r = s.executeQuery("SELECT SETTING_NAME, SETTING_VALUE FROM INFORMATION_SCHEMA.SETTINGS "
                + "WHERE SETTING_NAME IN ('info.FILE_SIZE', 'info.FILL_RATE', 'info.CHUNKS_FILL_RATE')")) {
            while (r.next()) {
                try {
                    out.put(r.getString(1), Long.parseLong(r.getString(2).trim()));
                } catch (NumberFormatException e) {
                    // not a number: left out
                }
            }
        }
        return out;
    }

    /** The database's {@code .mv.db} file, or {@code null} if H2 does not say. */
    private static Path file(Connection c) {
        try (Statement s = c.createStatement(); ResultSet r = s.executeQuery("SELECT DATABASE_PATH()")) {
            String path = r.next() ? r.getString(1) : null;
            return path == null ? null : Path.of(path + ".mv.db");
        } catch (SQLException | RuntimeException e) {
            return null;
        }
    }

    private static long free(Path file) {
        try {
            return Files.getFileStore(file).getUsableSpace();
        } catch (IOException e) {
            return Long.MAX_VALUE; // not known: H2 says so if the disk fills, and the old file stays whole
        }
    }

    private static long size(Path file) {
        try {
            return Files.size(file);
        } catch (IOException e) {
            return -1;
        }
    }
}
