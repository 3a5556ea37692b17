package org.boardlab.sandbox.internal;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.logging.Logger;
import org.boardlab.core.PlayerLimits;

/**
 * How this machine confines a player's process, found once at start: bubblewrap for the file system,
 * the network and the other namespaces; control groups for memory, threads and CPU; the shell's
 * {@code ulimit} for file sizes, open files and core dumps. What cannot be enforced is said once on
 * the console and kept in {@link #unenforced()} (the Match view shows it), with what is done instead.
 */
final class Confinement {

    private static final Logger LOG = Logger.getLogger(Confinement.class.getName());

    /** The system property that turns bubblewrap off ({@code false}), to compare or on a machine where it misbehaves. */
    static final String BWRAP = "boardlab.sandbox.bwrap";

    private final String bwrap;
    private final Cgroups cgroups;
    private final List<String> unenforced = new ArrayList<>();

    private Confinement(String bwrap, Cgroups cgroups) {
        this.bwrap = bwrap;
        this.cgroups = cgroups;
        if (bwrap == null) {
            unenforced.add("no network and a read-only file system: bubblewrap (bwrap) is not installed or cannot make"
                    + " namespaces here; the player runs with boardlab's own rights (install the bubblewrap package)");
        }
        for (String m : cgroups.missing()) {
            String controller = m.substring(0, m.indexOf(' '));
            switch (controller) {
                case "memory" -> unenforced.add("memory beyond the Java heap: " + m
                        + "; the heap itself is limited by the JVM (-Xmx)");
                case "pids" -> unenforced.add("threads: " + m + "; the host counts its threads every 20 ms and ends itself past the limit");
                case "cpu" -> unenforced.add("one core: " + m + "; the JVM is told it has one processor (-XX:ActiveProcessorCount=1)");
                case "cpuacct" -> { /* CPU time is then read from /proc */ }
                default -> unenforced.add(m);
            }
        }
    }

    /** Finds what the machine offers; says once on the console what cannot be enforced. */
    static Confinement detect() {
        Confinement c = new Confinement(findBwrap(), Cgroups.detect());
        if (!c.unenforced.isEmpty()) {
            LOG.warning("player limits that this machine cannot enforce: " + String.join("; ", c.unenforced));
        }
        return c;
    }

    private static String findBwrap() {
        if ("false".equals(System.getProperty(BWRAP))) {
            return null;
        }
        for (String dir : System.getenv().getOrDefault("PATH", "/usr/bin:/bin").split(":")) {
            Path p = Path.of(dir, "bwrap");
            if (Files.isExecutable(p)) {
                try {
                    Process probe = new ProcessBuilder(p.toString(), "--unshare-all", "--unshare-user", "--uid", "65534",
                            "--gid", "65534", "--cap-drop", "ALL", "--ro-bind", "/", "/", "--proc", "/proc", "--dev", "/dev",
                            "true").redirectErrorStream(true).start();
                    String said = new String(probe.getInputStream().readAllBytes());
                    if (probe.waitFor(10, TimeUnit.SECONDS) && probe.exitValue() == 0) {
                        return p.toString();
                    }
                    LOG.warning("bubblewrap cannot make namespaces here: " + said.trim());
                } catch (IOException e) {
                    LOG.warning("bubblewrap cannot start: " + e.getMessage());
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                return null;
            }
        }
        return null;
    }

    boolean hasBwrap() {
        return bwrap != null;
    }

    Cgroups cgroups() {
        return cgroups;
    }

    List<String> unenforced() {
        return List.copyOf(unenforced);
    }

    /**
     * A process to start: {@code command} run with {@code files} bound read-only at the same paths
     * inside (the program, its class path), {@code scratch} writable, and the limits.
     *
     * @param command     the program and its arguments (paths as they are outside)
     * @param readOnly    files or folders the program needs to read, besides /usr
     * @param scratch     the player's writable folder (its working directory and HOME)
     * @param limits      the limits
     * @param memoryBytes the memory of the whole process (the cgroup's limit)
     * @param group       the host's control groups, or {@code null}
     */
    ProcessBuilder builder(List<String> command, List<Path> readOnly, Path scratch, PlayerLimits limits, long memoryBytes,
            Cgroups.Group group) {
        List<String> argv = new ArrayList<>();
        argv.add("/bin/sh");
        argv.add("-c");
        // join the cgroups first, so everything the host ever starts is counted; then the ulimits; then the program
        argv.add("for g in $BOARDLAB_CGROUPS; do echo $$ > \"$g\" || exit 97; done; "
                + "ulimit -c 0; ulimit -f " + (long) limits.fileMegabytes() * 2048 + "; ulimit -n 256; "
                + "unset BOARDLAB_CGROUPS; exec \"$@\"");
        argv.add("boardlab-host");
        if (bwrap != null) {
            argv.addAll(List.of(bwrap, "--unshare-all", "--unshare-user", "--uid", "65534", "--gid", "65534",
                    "--cap-drop", "ALL", "--die-with-parent", "--new-session"));
            // /tmp first: the binds below may lie under it (the class path's jars, the scratch folder)
            argv.addAll(List.of("--proc", "/proc", "--dev", "/dev", "--tmpfs", "/tmp", "--ro-bind", "/usr", "/usr"));
            for (String top : List.of("/lib", "/lib64", "/bin", "/sbin", "/lib32")) {
                Path p = Path.of(top);
                try {
                    if (Files.isSymbolicLink(p)) {
                        argv.addAll(List.of("--symlink", Files.readSymbolicLink(p).toString(), top));
                    } else if (Files.isDirectory(p)) {
                        argv.addAll(List.of("--ro-bind", top, top));
                    }
                } catch (IOException e) {
                    // not there
                }
            }
            Set<String> binds = new LinkedHashSet<>();
            for (Path p : readOnly) {
                binds.add(p.toAbsolutePath().toString());
                try {
                    binds.add(p.toRealPath().toString());
                } catch (IOException e) {
                    // only the given path
                }
            }
            for (String etc : List.of("/etc/ld.so.cache", "/etc/alternatives", "/etc/localtime", "/etc/ssl/certs/java")) {
                if (Files.exists(Path.of(etc))) {
                    binds.add(etc);
                }
            }
            for (String b : binds) {
                if (!b.startsWith("/usr/")) {
                    argv.addAll(List.of("--ro-bind", b, b));
                }
            }
            String s = scratch.toAbsolutePath().toString();
            argv.addAll(List.of("--bind", s, s, "--chdir", s,
                    "--clearenv", "--setenv", "HOME", s, "--setenv", "PATH", "/usr/local/bin:/usr/bin:/bin",
                    "--setenv", "LANG", "C.UTF-8", "--setenv", "TMPDIR", "/tmp"));
        }
        argv.addAll(command);
        ProcessBuilder pb = new ProcessBuilder(argv).directory(scratch.toFile()).redirectErrorStream(true);
        Map<String, String> env = pb.environment();
        env.clear();
        env.put("PATH", "/usr/local/bin:/usr/bin:/bin");
        env.put("HOME", scratch.toString());
        env.put("LANG", "C.UTF-8");
        if (group != null) {
            env.put("BOARDLAB_CGROUPS", String.join(" ", group.procsFiles()));
        }
        return pb;
    }

    /** The limits in words for people, with what is not enforced here. */
    String describe(PlayerLimits limits) {
        StringBuilder b = new StringBuilder();
        b.append("heap ").append(limits.heapMegabytes()).append(" MB, ").append(limits.threads()).append(" threads, CPU ")
                .append(limits.cpuPerMove().isZero() ? "the time per move" : limits.cpuPerMove().toMillis() / 1000.0 + " s")
                .append(" a move, one core, files up to ").append(limits.fileMegabytes())
                .append(" MB in its own scratch folder, no network, the rest of the file system read-only or hidden");
        if (!unenforced.isEmpty()) {
            b.append("; not enforced on this machine: ").append(String.join("; ", unenforced));
        }
        return b.toString();
    }
}
