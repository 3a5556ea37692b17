package org.boardlab.cli.internal;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/** This process's open files and its limit of them, as Linux's {@code /proc/self} gives them; {@code -1} elsewhere. */
final class OpenFiles {

    private OpenFiles() {
    }

    /** The files (sockets included) this process has open now, or {@code -1}. */
    static long open() {
        try (Stream<Path> fds = Files.list(Path.of("/proc/self/fd"))) {
            return fds.count();
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }

    /** The soft limit of open files ({@code ulimit -n}), or {@code -1} (unknown or unlimited). */
    static long limit() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/limits"))) {
                if (line.startsWith("Max open files")) {
                    return limitOf(line);
                }
            }
        } catch (IOException | RuntimeException e) {
            // not Linux
        }
        return -1;
    }

    /** The soft limit of a {@code Max open files  SOFT  HARD  files} line of {@code /proc/PID/limits}, or {@code -1}. */
    static long limitOf(String line) {
        String[] f = line.substring("Max open files".length()).trim().split("\\s+");
        try {
            return Long.parseLong(f[0]);
        } catch (NumberFormatException e) {
            return -1; // "unlimited"
        }
    }
}
