package org.boardlab.store.internal;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Locale;
import java.util.Properties;

/**
 * The lock file ({@code NAME.lock.db}) of an embedded H2 database opened with {@code AUTO_SERVER=TRUE}
 * (boardlab's default database), and what to do with one that a process which has ended left behind.
 *
 * <p><b>Why.</b> With {@code AUTO_SERVER} H2 locks a database with a file of its own beside it (its
 * {@code FILE} lock method): the process that opens the database writes the file (a random {@code id},
 * {@code method=file}, and {@code server=HOST:PORT}, the loopback port on which it serves the
 * database to other processes) and deletes it when it closes the database. A process that ends
 * without closing it (killed with {@code kill -9}; or ended by a signal, SIGTERM or Ctrl+C, while
 * it was opening the database: H2 closes a database on the JVM's exit only once it has been
 * opened, which the store bundle's exit hook now sees to, {@link OpenStores}) leaves the file. The next process to open the database then waits for H2's own check
 * that nobody holds the file (H2 2.3.232, {@code FileLock.lock}): it first tries the dead server's
 * address, 16 attempts with growing pauses (about 1.2 s), then waits until the file is 2 s old, then
 * writes its own id into it and waits 2 s more to see that nobody writes it back. The command after
 * a workbench ended that way took 3 s longer (session 15: {@code benchmarks/startup/startup.py},
 * whose {@code window} case ends the workbench with SIGTERM just after its window appears, when
 * its embedded server's Dots port opens the database for its accounts; {@code leftopen.py} beside it
 * ends it while it opens the database).
 *
 * <p><b>When a lock file is taken for left behind.</b> When it names a server ({@code server=...})
 * that refuses a connection: a process that holds the database with {@code AUTO_SERVER} starts its
 * server right after it has written the file and stops it only as it closes the database, so a live
 * holder's server answers (H2 would connect through it). A server that does not answer within
 * {@link #CONNECT_TIMEOUT_MS} (not a refusal: another machine's address) leaves the file to H2's own
 * check. Or when it names no server and is at least {@link #SERVERLESS_AGE_MS} old: H2 writes the file
 * ({@code #FileLock}, the date, {@code id=} the time in hex and 16 random bytes, {@code method=file}),
 * checks it 25 ms later, starts its server and writes its address into the file, all within a few
 * milliseconds; a process killed in between ({@code kill -9}) leaves a file without a server (or an
 * empty one: H2 creates the file, then writes it), which
 * made the next opening wait for H2's own check (until the file is 2 s old, then 2 s more). A younger
 * one is looked at again until it is that old ({@link Found#RECENT}). Either file is deleted only if it
 * still holds what was read (the same {@code id} and server) and no process has the data file
 * ({@code PATH.mv.db}) open, which H2 locks while a store is open: a holder without a server
 * ({@code FILE_LOCK=FILE} without {@code AUTO_SERVER}), and a holder that is closing the database (it has
 * stopped its server already but still writes the file, {@link #dataFileInUse}), are kept; H2 then opens
 * the database without waiting. Not covered: a process that wrote the file and then stalls for more
 * than {@link #SERVERLESS_AGE_MS} before it starts its server (H2 itself takes a file 2 s old for
 * abandoned; its watchdog writes its own file back within 1 s if it is changed).
 *
 * <p><b>Pitfall.</b> A lock file left behind means that the process that had the database open did
 * not close it: what it had committed is in the file, but across processes H2 may have written part
 * of another process's transaction ({@link Database}'s class): the store checks the tournaments'
 * counts then ({@code Store.open}).
 */
public final class H2LockFile {

    /** How long the check waits for the server the lock file names to accept a connection. */
    static final int CONNECT_TIMEOUT_MS = 1_000;

    private H2LockFile() {
    }

    /** What {@link #removeIfLeftBehind} found. */
    public enum Found {
        /** No lock file: the database was closed (or never opened). */
        NONE,
        /** A lock file a live process holds, or one that could not be shown to be left behind: left to H2. */
        KEPT,
        /** A lock file left by a process that ended without closing the database: deleted. */
        REMOVED,
        /**
         * A lock file without a server written less than {@link #SERVERLESS_AGE_MS} ago and no process holding
         * the data file: its writer may be a process opening the database, about to start its server. Looked at
         * again once it is that old ({@link #removeIfLeftBehind(String)}).
         */
        RECENT
    }

    /**
     * How old a lock file without a server must be before it is taken for left behind (when no process holds
     * the data file): H2 writes the server's address into it a few milliseconds after the file (after its own
     * check of 25 ms and its server's start), and locks the data file just after that.
     */
    static final long SERVERLESS_AGE_MS = 1_000;

    /**
     * The path H2 makes its files' names from ({@code PATH} of {@code PATH.mv.db}, {@code PATH.lock.db})
     * for an embedded file database's URL ({@code jdbc:h2:file:PATH[;...]}, {@code jdbc:h2:/PATH},
     * {@code jdbc:h2:./PATH}, {@code jdbc:h2:~/PATH}), or {@code null} for any other (in memory, over TCP, ...).
     */
    static Path base(String url) {
        if (!url.startsWith("jdbc:h2:")) {
            return null;
        }
        String rest = url.substring("jdbc:h2:".length());
        int options = rest.indexOf(';');
        if (options >= 0) {
            rest = rest.substring(0, options);
        }
        if (rest.startsWith("file:")) {
            rest = rest.substring("file:".length());
        } else if (!(rest.startsWith("/") || rest.startsWith("./") || rest.startsWith("~/"))) {
            return null; // mem:, tcp:, ssl:, zip:, nio:, ... or a relative name H2 refuses anyway
        }
        if (rest.startsWith("~")) {
            rest = System.getProperty("user.home") + rest.substring(1);
        }
        try {
            return rest.isEmpty() ? null : Path.of(rest).toAbsolutePath();
        } catch (InvalidPathException e) {
            return null;
        }
    }

    /**
     * Before H2 opens the database at {@code url}: deletes its lock file if a process that has ended
     * left it (see the class). Never throws: anything unexpected leaves the file to H2.
     */
    public static Found removeIfLeftBehind(String url) {
        Path base = base(url);
        if (base == null) {
            return Found.NONE;
        }
        long until = System.nanoTime() + (SERVERLESS_AGE_MS + 500) * 1_000_000;
        while (true) {
            Found found = removeIfLeftBehind(base);
            if (found != Found.RECENT) {
                return found;
            }
            if (System.nanoTime() - until > 0) {
                return Found.KEPT; // rewritten again and again: someone is at work on it; left to H2
            }
            try {
                Thread.sleep(50); // until it is old enough to tell (at most SERVERLESS_AGE_MS), far less than H2's own wait
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return Found.KEPT;
            }
        }
    }

    /**
     * One look at the lock file of the database whose files are {@code base.*.db} (see
     * {@link #removeIfLeftBehind(String)}, which looks again while this finds {@link Found#RECENT}).
     */
    static Found removeIfLeftBehind(Path base) {
        Path lock = Path.of(base + ".lock.db");
        Properties first = read(lock);
        if (first == null) {
            return Found.NONE;
        }
        String server = first.getProperty("server");
        String id = first.getProperty("id");
        // empty: H2 creates the file, then writes it; a process killed in between leaves it empty
        if (!first.isEmpty() && (id == null || !"file".equals(first.getProperty("method", "").toLowerCase(Locale.ROOT)))) {
            return Found.KEPT;
        }
        if (server == null) {
            // written, but no server yet: a process killed before it started its server, or one starting it now, or one
            // that locks without AUTO_SERVER (it holds the data file: kept below)
            long age = ageMs(lock);
            if (age < 0) {
                return Found.NONE;
            }
            if (age < SERVERLESS_AGE_MS && !dataFileInUse(base)) {
                return Found.RECENT;
            }
        } else if (!refuses(server)) {
            return Found.KEPT;
        }
        Properties again = read(lock);
        if (again == null) {
            return Found.NONE; // deleted meanwhile (its holder closed the database)
        }
        if (!java.util.Objects.equals(id, again.getProperty("id")) || !java.util.Objects.equals(server, again.getProperty("server"))) {
            return Found.KEPT; // another process has just taken it over, or its writer has just started its server
        }
        if (dataFileInUse(base)) {
            return Found.KEPT; // its holder is still closing the database: H2 stops the server first
        }
        try {
            Files.deleteIfExists(lock);
            return Found.REMOVED;
        } catch (IOException e) {
            return Found.KEPT;
        }
    }

    /**
     * Whether a process still has the database's data file ({@code PATH.mv.db}) open: H2 locks it (an
     * exclusive {@link FileChannel#tryLock()}) for as long as its store is open. This covers the
     * holder that is closing the database: H2 stops its server first and deletes the lock file only
     * after it has written the last chunk (and, in boardlab, compacted the file, up to seconds), so in
     * between the server refuses while the database is still being written. Anything that cannot be
     * told counts as in use (the lock file is then left to H2).
     */
    static boolean dataFileInUse(Path base) {
        Path data = Path.of(base + ".mv.db");
        try (FileChannel channel = FileChannel.open(data, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            FileLock lock = channel.tryLock();
            if (lock == null) {
                return true; // another process holds it
            }
            lock.release();
            return false;
        } catch (NoSuchFileException e) {
            return false;
        } catch (OverlappingFileLockException e) {
            return true; // this process holds it
        } catch (IOException | RuntimeException e) {
            return true;
        }
    }

    /** How long ago the file was last written, in milliseconds; -1 if it is gone. */
    private static long ageMs(Path file) {
        try {
            return Math.max(0, System.currentTimeMillis() - Files.getLastModifiedTime(file).toMillis());
        } catch (IOException e) {
            return -1;
        }
    }

    /** The lock file's properties, or {@code null} if there is none (or it cannot be read: left to H2). */
    private static Properties read(Path lock) {
        Properties p = new Properties();
        try (InputStream in = Files.newInputStream(lock)) {
            p.load(in);
            return p;
        } catch (NoSuchFileException e) {
            return null;
        } catch (IOException | IllegalArgumentException e) {
            if (!Files.exists(lock)) {
                return null;
            }
            p = new Properties();
            p.setProperty("unreadable", "true"); // kept: neither H2's properties nor empty
            return p;
        }
    }

    /**
     * Whether nothing listens at {@code hostAndPort} ({@code HOST:PORT}, as H2 writes it): the
     * connection is refused (or the address is unknown or cannot be reached). A connection accepted,
     * or not answered within {@link #CONNECT_TIMEOUT_MS}, is not a refusal.
     */
    static boolean refuses(String hostAndPort) {
        int colon = hostAndPort.lastIndexOf(':');
        if (colon <= 0) {
            return false;
        }
        int port;
        try {
            port = Integer.parseInt(hostAndPort.substring(colon + 1).trim());
        } catch (NumberFormatException e) {
            return false;
        }
        if (port <= 0 || port > 65_535) {
            return false;
        }
        String host = hostAndPort.substring(0, colon).trim();
        if (host.startsWith("[") && host.endsWith("]")) {
            host = host.substring(1, host.length() - 1);
        }
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress(host, port), CONNECT_TIMEOUT_MS);
            return false; // a server answers: its process is alive (H2 connects through it)
        } catch (SocketTimeoutException e) {
            return false;
        } catch (IOException | IllegalArgumentException | SecurityException e) {
            return true; // refused, no route, unknown host
        }
    }
}
