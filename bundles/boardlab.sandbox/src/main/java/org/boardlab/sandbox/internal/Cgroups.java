package org.boardlab.sandbox.internal;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The control groups a host process is started in, where the machine lets boardlab make them: cgroup
 * v1 (a hierarchy per controller under {@code /sys/fs/cgroup/memory}, {@code pids}, {@code cpu},
 * {@code cpuacct}) or v2 (one hierarchy, where boardlab's own group has the controllers delegated).
 * Each controller is tried on its own; what cannot be made is reported in {@link #missing()}.
 */
final class Cgroups {

    private static final AtomicInteger NEXT = new AtomicInteger();
    private static final Path ROOT = Path.of("/sys/fs/cgroup");

    /** The parent group of this boardlab per controller (v1), or the one v2 parent; null where missing. */
    private final Path memory;
    private final Path pids;
    private final Path cpu;
    private final Path cpuacct;
    private final boolean v2;
    private final List<String> missing = new ArrayList<>();

    private Cgroups(Path memory, Path pids, Path cpu, Path cpuacct, boolean v2, List<String> missing) {
        this.memory = memory;
        this.pids = pids;
        this.cpu = cpu;
        this.cpuacct = cpuacct;
        this.v2 = v2;
        this.missing.addAll(missing);
    }

    /** Finds what this machine offers, making boardlab's parent groups. */
    static Cgroups detect() {
        String name = "boardlab-" + ProcessHandle.current().pid();
        List<String> missing = new ArrayList<>();
        if (Files.exists(ROOT.resolve("memory")) || Files.exists(ROOT.resolve("pids"))) {
            Path memory = parent(ROOT.resolve("memory"), name, "cgroup.procs", missing, "memory");
            Path pids = parent(ROOT.resolve("pids"), name, "cgroup.procs", missing, "pids");
            Path cpu = parent(ROOT.resolve("cpu"), name, "cgroup.procs", missing, "cpu");
            Path acct = parent(ROOT.resolve("cpuacct"), name, "cgroup.procs", missing, "cpuacct");
            return new Cgroups(memory, pids, cpu, acct, false, missing);
        }
        if (Files.exists(ROOT.resolve("cgroup.controllers"))) {
            // v2: our own group must allow children with memory, pids and cpu
            try {
                Path self = ROOT.resolve(Files.readString(Path.of("/proc/self/cgroup")).lines()
                        .filter(l -> l.startsWith("0::")).findFirst().orElse("0::/").substring(3).replaceFirst("^/", ""));
                Path parent = self.resolve(name);
                Files.createDirectories(parent);
                String controllers = Files.readString(parent.getParent().resolve("cgroup.controllers"));
                for (String c : List.of("memory", "pids", "cpu")) {
                    if (!controllers.contains(c)) {
                        missing.add(c + " (cgroup v2: not delegated to boardlab's group)");
                    }
                }
                Files.writeString(parent.resolve("cgroup.subtree_control"), "+memory +pids +cpu");
                return new Cgroups(parent, parent, parent, parent, true, missing);
            } catch (IOException | RuntimeException e) {
                missing.add("memory, pids, cpu (cgroup v2: cannot make a group: " + e.getMessage() + ")");
                return new Cgroups(null, null, null, null, true, missing);
            }
        }
        missing.add("memory, pids, cpu (no cgroup file system at /sys/fs/cgroup)");
        return new Cgroups(null, null, null, null, false, missing);
    }

    private static Path parent(Path hierarchy, String name, String probe, List<String> missing, String controller) {
        try {
            if (!Files.exists(hierarchy.resolve(probe))) {
                missing.add(controller + " (no cgroup v1 " + controller + " controller)");
                return null;
            }
            removeStale(hierarchy);
            Path parent = hierarchy.resolve(name);
            Files.createDirectories(parent);
            return parent;
        } catch (IOException | RuntimeException e) {
            missing.add(controller + " (cannot make a group in " + hierarchy + ": " + e.getMessage() + ")");
            return null;
        }
    }

    /** Removes the groups of boardlabs that are no longer running (killed before they could clean up). */
    private static void removeStale(Path hierarchy) {
        try (var dirs = Files.newDirectoryStream(hierarchy, "boardlab-*")) {
            for (Path d : dirs) {
                long pid;
                try {
                    pid = Long.parseLong(d.getFileName().toString().substring("boardlab-".length()));
                } catch (NumberFormatException e) {
                    continue;
                }
                if (ProcessHandle.of(pid).isPresent()) {
                    continue;
                }
                try (var hosts = Files.newDirectoryStream(d, "host-*")) {
                    for (Path h : hosts) {
                        new Group(List.of(h), false).remove();
                    }
                }
                Files.deleteIfExists(d);
            }
        } catch (IOException | RuntimeException e) {
            // left for the next start
        }
    }

    boolean hasMemory() {
        return memory != null;
    }

    boolean hasPids() {
        return pids != null;
    }

    boolean hasCpu() {
        return cpu != null;
    }

    /** What could not be made, each with the reason. */
    List<String> missing() {
        return List.copyOf(missing);
    }

    /** Makes the groups of one host with its limits. */
    Group create(long memoryBytes, int maxPids, boolean oneCore) {
        String name = "host-" + NEXT.incrementAndGet();
        List<Path> dirs = new ArrayList<>();
        Group g = new Group(dirs, v2);
        try {
            if (v2 && memory != null) {
                Path d = memory.resolve(name);
                Files.createDirectories(d);
                dirs.add(d);
                write(d.resolve("memory.max"), Long.toString(memoryBytes));
                write(d.resolve("memory.swap.max"), "0");
                write(d.resolve("pids.max"), Integer.toString(maxPids));
                if (oneCore) {
                    write(d.resolve("cpu.max"), "100000 100000");
                }
                g.memory = d;
                g.pids = d;
                g.cpuacct = d;
                return g;
            }
            if (memory != null) {
                Path d = memory.resolve(name);
                Files.createDirectories(d);
                dirs.add(d);
                write(d.resolve("memory.limit_in_bytes"), Long.toString(memoryBytes));
                try {
                    write(d.resolve("memory.memsw.limit_in_bytes"), Long.toString(memoryBytes));
                } catch (IOException e) {
                    // no swap accounting: the memory limit alone
                }
                g.memory = d;
            }
            if (pids != null) {
                Path d = pids.resolve(name);
                Files.createDirectories(d);
                dirs.add(d);
                write(d.resolve("pids.max"), Integer.toString(maxPids));
                g.pids = d;
            }
            if (cpu != null && oneCore) {
                Path d = cpu.resolve(name);
                Files.createDirectories(d);
                dirs.add(d);
                write(d.resolve("cpu.cfs_period_us"), "100000");
                write(d.resolve("cpu.cfs_quota_us"), "100000");
            }
            if (cpuacct != null) {
                Path d = cpuacct.resolve(name);
                Files.createDirectories(d);
                dirs.add(d);
                g.cpuacct = d;
            }
            return g;
        } catch (IOException e) {
            g.remove();
            throw new IllegalStateException("cannot set up the control groups of a player host: " + e.getMessage(), e);
        }
    }

    private static void write(Path file, String value) throws IOException {
        Files.writeString(file, value, StandardCharsets.US_ASCII);
    }

    /** Removes boardlab's parent groups (when boardlab stops; the hosts' groups are gone by then). */
    void close() {
        for (Path p : new Path[] {memory, pids, cpu, cpuacct}) {
            if (p != null) {
                try {
                    Files.deleteIfExists(p);
                } catch (IOException e) {
                    // a host still dying: the group goes with the machine's next cleanup
                }
            }
        }
    }

    /** One host's groups. */
    static final class Group {
        final List<Path> dirs;
        final boolean v2;
        Path memory;
        Path pids;
        Path cpuacct;

        Group(List<Path> dirs, boolean v2) {
            this.dirs = dirs;
            this.v2 = v2;
        }

        /** The {@code cgroup.procs} files the host's first process writes its pid into. */
        List<String> procsFiles() {
            return dirs.stream().map(d -> d.resolve("cgroup.procs").toString()).toList();
        }

        /** Whether the thread limit was hit (a fork or a thread refused). */
        boolean hitPidsLimit() {
            return pids != null && counter(pids.resolve("pids.events"), "max") > 0;
        }

        /** Whether the memory limit was hit. */
        boolean hitMemoryLimit() {
            if (memory == null) {
                return false;
            }
            if (v2) {
                return counter(memory.resolve("memory.events"), "oom_kill") > 0 || counter(memory.resolve("memory.events"), "max") > 0;
            }
            try {
                return Long.parseLong(Files.readString(memory.resolve("memory.failcnt")).trim()) > 0;
            } catch (IOException | NumberFormatException e) {
                return false;
            }
        }

        /** CPU time used by every process of the group, in ns; -1 if not known. */
        long cpuNanos() {
            if (cpuacct == null) {
                return -1;
            }
            try {
                if (v2) {
                    return counter(cpuacct.resolve("cpu.stat"), "usage_usec") * 1000;
                }
                return Long.parseLong(Files.readString(cpuacct.resolve("cpuacct.usage")).trim());
            } catch (IOException | NumberFormatException e) {
                return -1;
            }
        }

        /** Kills every process left in the group (v1 and v2). */
        void killAll() {
            for (Path d : dirs) {
                try {
                    for (String pid : Files.readAllLines(d.resolve("cgroup.procs"))) {
                        ProcessHandle.of(Long.parseLong(pid.trim())).ifPresent(ProcessHandle::destroyForcibly);
                    }
                } catch (IOException | NumberFormatException e) {
                    // gone
                }
            }
        }

        /** Removes the groups (once their processes are gone). */
        void remove() {
            for (Path d : dirs) {
                for (int i = 0; i < 50; i++) {
                    try {
                        Files.deleteIfExists(d);
                        break;
                    } catch (IOException e) {
                        killAll();
                        try {
                            Thread.sleep(10);
                        } catch (InterruptedException ie) {
                            Thread.currentThread().interrupt();
                            return;
                        }
                    }
                }
            }
        }

        private static long counter(Path file, String key) {
            try {
                for (String line : Files.readAllLines(file)) {
                    String[] kv = line.trim().split("\\s+");
                    if (kv.length == 2 && kv[0].equals(key)) {
                        return Long.parseLong(kv[1]);
                    }
                }
            } catch (IOException | NumberFormatException e) {
                // not known
            }
            return 0;
        }
    }
}
