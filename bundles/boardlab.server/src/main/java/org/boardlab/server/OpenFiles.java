package org.boardlab.server;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/**
 * This process's open files and its limits of them, as Linux's {@code /proc/self} gives them; {@code -1} elsewhere.
 *
 * <p>Pitfall: each of these opens a file itself, so a process that has run out of file descriptors cannot ask; a
 * server reads its limits before it needs them ({@link EmbeddedServer} does when it is made).
 */
public final class OpenFiles {

    private OpenFiles() {
    }

    /** The files (sockets included) this process has open now, or {@code -1}. */
    public static long open() {
        try (Stream<Path> fds = Files.list(Path.of("/proc/self/fd"))) {
            return fds.count();
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }

    /**
     * The limits of open files, each {@code -1} if unknown or unlimited.
     *
     * @param soft the limit now ({@code ulimit -n})
     * @param hard how far the soft limit may be raised without root ({@code ulimit -Hn})
     */
    public record Limits(long soft, long hard) {
    }

    /** The soft limit of open files ({@code ulimit -n}), or {@code -1} (unknown or unlimited). */
    public static long limit() {
        return limits().soft();
    }

    /** This process's limits of open files (one read of {@code /proc/self/limits}). */
    public static Limits limits() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/limits"))) {
                if (line.startsWith("Max open files")) {
                    return new Limits(limitOf(line), hardLimitOf(line));
                }
            }
        } catch (IOException | RuntimeException e) {
            // not Linux
        }
        return new Limits(-1, -1);
    }

    /** The soft limit of a {@code Max open files  SOFT  HARD  files} line of {@code /proc/PID/limits}, or {@code -1}. */
    public static long limitOf(String line) {
        return field(line, 0);
    }

    /** The hard limit of a {@code Max open files  SOFT  HARD  files} line of {@code /proc/PID/limits}, or {@code -1}. */
    public static long hardLimitOf(String line) {
        return field(line, 1);
    }

    private static long field(String line, int i) {
        String[] f = line.substring("Max open files".length()).trim().split("\\s+");
        try {
            return Long.parseLong(f[i]);
        } catch (NumberFormatException | ArrayIndexOutOfBoundsException e) {
            return -1; // "unlimited"
        }
    }
}
