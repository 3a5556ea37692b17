import java.nio.file.*;
import java.sql.*;
import org.h2.jdbcx.JdbcDataSource;
import org.boardlab.store.internal.Database;

/**
 * Throw-away timing (session 16, task 3): how long an opening takes when a lock file without a server is left
 * (as a kill -9 between H2 writing its lock file and starting its server leaves it): H2 alone (what main did:
 * such a file was left to H2's own check) against Database.open (H2LockFile deletes it once it is 1 s old,
 * no process holding the data file). Args: DIR ROUNDS AGE_MS (how old the file is when the opening starts).
 */
public class LeftLockTiming {
    public static void main(String[] a) throws Exception {
        Path dir = Path.of(a[0]);
        int rounds = Integer.parseInt(a[1]);
        long ageMs = Long.parseLong(a[2]);
        Files.createDirectories(dir);
        Path base = dir.resolve("lab");
        String url = "jdbc:h2:file:" + base.toAbsolutePath() + ";AUTO_SERVER=TRUE";
        Database.open(url).close();
        for (int r = 0; r < rounds; r++) {
            for (String how : new String[] {"h2", "store"}) {
                Path lock = Path.of(base + ".lock.db");
                Files.writeString(lock, "#FileLock\n#" + new java.util.Date() + "\nid=" + Long.toHexString(System.currentTimeMillis())
                        + "00112233445566778899aabbccddeeff\nmethod=file\n");
                Files.setLastModifiedTime(lock, java.nio.file.attribute.FileTime.fromMillis(System.currentTimeMillis() - ageMs));
                long t0 = System.nanoTime();
                if (how.equals("h2")) {
                    JdbcDataSource ds = new JdbcDataSource();
                    ds.setURL(url);
                    ds.setUser("sa");
                    ds.setPassword("");
                    try (Connection c = ds.getConnection()) {
                        long ms = (System.nanoTime() - t0) / 1_000_000;
                        System.out.println("round " + r + " h2 alone: " + ms + " ms");
                    }
                } else {
                    Database db = Database.open(url);
                    long ms = (System.nanoTime() - t0) / 1_000_000;
                    System.out.println("round " + r + " Database.open: " + ms + " ms (left open: " + db.leftOpenByAnEndedProcess() + ")");
                    db.close();
                }
            }
        }
    }
}
