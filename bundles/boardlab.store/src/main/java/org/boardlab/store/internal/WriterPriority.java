package org.boardlab.store.internal;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * Lowers the scheduling priority of the calling thread (the store's writer), so that on a machine whose
 * cores are all busy the threads that play (a server's network loops, the referee, the players) run
 * first and the writer takes what they leave. Java cannot do it itself: {@link Thread#setPriority} does
 * nothing on Linux unless the whole JVM runs with {@code -XX:ThreadPriorityPolicy=1}. On Linux a
 * thread has a nice value of its own, which {@code renice -n N -p TID} sets for that one thread; raising
 * one's own nice value needs no permission. Elsewhere (no {@code /proc/thread-self}, no {@code renice})
 * nothing changes.
 */
public final class WriterPriority {

    private WriterPriority() {
    }

    /**
     * Raises the calling thread's nice value by {@code by} (at most to 19, the lowest priority), if the
     * system allows it.
     *
     * @return the thread's nice value afterwards, or {@code null} if it could not be read or set (not Linux,
     *         no {@code renice})
     */
    public static Integer lower(int by) {
        if (by <= 0) {
            return null;
        }
        try {
            Path self = Path.of("/proc/thread-self");
            if (!Files.exists(self)) {
                return null;
            }
            String tid = Files.readSymbolicLink(self).getFileName().toString();
            if (!tid.chars().allMatch(Character::isDigit)) {
                return null;
            }
            Integer before = nice(self);
            if (before == null) {
                return null;
            }
            int wanted = Math.min(19, before + by);
            if (wanted == before) {
                return before;
            }
            // util-linux's renice: -n is the new nice value (this thread's own: -p takes a thread id as well)
            Process p = new ProcessBuilder("renice", "-n", Integer.toString(wanted), "-p", tid).redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            if (!p.waitFor(5, TimeUnit.SECONDS)) {
                p.destroyForcibly();
            }
            return nice(self);
        } catch (IOException | RuntimeException e) {
            return null; // no renice, or /proc not as on Linux: the writer runs as it is
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }

    /** The nice value in {@code /proc/thread-self/stat} (the 19th field; the command's name, in parentheses, may hold spaces). */
    public static Integer nice(Path thread) throws IOException {
        String stat = new String(Files.readAllBytes(thread.resolve("stat")), StandardCharsets.US_ASCII);
        int end = stat.lastIndexOf(')');
        if (end < 0) {
            return null;
        }
        String[] f = stat.substring(end + 2).trim().split(" ");
        // after the name: state is field 3, so field 19 (nice) is at index 16
        if (f.length < 17) {
            return null;
        }
        try {
            return Integer.parseInt(f[16]);
        } catch (NumberFormatException e) {
            return null;
        }
    }
}
