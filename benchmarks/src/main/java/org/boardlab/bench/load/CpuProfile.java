package org.boardlab.bench.load;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A coarse profile of the run: CPU time per group of threads (server I/O, match threads, the
 * referee's player threads, the wire tap, the clients), sampled every 250 ms while recording, and
 * a census of thread states taken once. Threads are grouped by their names, which the server and
 * the core give them. {@code other} holds what could not be attributed: the GC, the JIT, and the
 * last moments of threads that ended between two samples (the server's match threads end with
 * each game, so part of their time lands there).
 */
final class CpuProfile implements AutoCloseable {

    private static final long PERIOD_MILLIS = 250;

    private final com.sun.management.ThreadMXBean threads =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    private final com.sun.management.OperatingSystemMXBean os =
            (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
    private final Map<Long, Long> lastCpu = new HashMap<>();
    private final Map<Long, String> groups = new HashMap<>();
    private final Map<String, Long> cpuByGroup = new TreeMap<>();
    private final Thread sampler;
    private volatile boolean recording;
    private volatile boolean running = true;
    private long processCpuAtStart;
    private long processCpu;
    private long wallAtStart;
    private long wall;
    private long gcMillisAtStart;
    private long gcMillis;
    private long jitMillisAtStart;
    private long jitMillis;
    private long[] machineAtStart;
    private double machineCores = Double.NaN;
    private Map<String, Map<Thread.State, Integer>> census = Map.of();

    CpuProfile() {
        sampler = new Thread(this::run, "load-profiler");
        sampler.setDaemon(true);
        sampler.start();
    }

    /** The group a thread belongs to, by its name. */
    static String group(String threadName) {
        if (threadName.startsWith("boardlab-match-")) {
            return "server match threads";
        }
        if (threadName.startsWith("boardlab-referee-")) {
            return "server referee scheduler";
        }
        if (threadName.startsWith("boardlab-player-")) {
            return "server referee player threads";
        }
        if (threadName.startsWith("boardlab-house-")) {
            return "server house players";
        }
        if (threadName.startsWith("boardlab-wire-tap")) {
            return "server wire tap";
        }
        if (threadName.startsWith("nioEventLoopGroup")) {
            return "server I/O";
        }
        if (threadName.startsWith("boardlab-")) {
            return "server other";
        }
        if (threadName.startsWith("load-client")) {
            return "client I/O";
        }
        return "other";
    }

    /** Starts counting CPU from now on. */
    synchronized void startRecording() {
        sampleLocked(false);
        processCpuAtStart = os.getProcessCpuTime();
        wallAtStart = System.nanoTime();
        machineAtStart = machineJiffies();
        gcMillisAtStart = gcMillis();
        jitMillisAtStart = ManagementFactory.getCompilationMXBean().getTotalCompilationTime();
        recording = true;
    }

    /** Stops counting. */
    synchronized void stopRecording() {
        sampleLocked(true);
        recording = false;
        processCpu = os.getProcessCpuTime() - processCpuAtStart;
        wall = System.nanoTime() - wallAtStart;
        gcMillis = gcMillis() - gcMillisAtStart;
        long[] machine = machineJiffies();
        if (machineAtStart != null && machine != null && machine[1] > machineAtStart[1]) {
            machineCores = (double) (machine[0] - machineAtStart[0]) / (machine[1] - machineAtStart[1])
                    * Runtime.getRuntime().availableProcessors();
        }
        jitMillis = ManagementFactory.getCompilationMXBean().getTotalCompilationTime() - jitMillisAtStart;
    }

    /** {busy, total} jiffies of all CPUs from /proc/stat, or {@code null} where there is none. */
    private static long[] machineJiffies() {
        try {
            String[] f = java.nio.file.Files.readAllLines(java.nio.file.Path.of("/proc/stat")).get(0).trim().split("\\s+");
            long total = 0;
            for (int i = 1; i < Math.min(f.length, 9); i++) {
                total += Long.parseLong(f[i]);
            }
            long idle = Long.parseLong(f[4]) + Long.parseLong(f[5]);
            return new long[] {total - idle, total};
        } catch (java.io.IOException | RuntimeException e) {
            return null;
        }
    }

    /** Cores the whole machine kept busy while recording (this process and the others), or NaN. */
    synchronized double machineCores() {
        return machineCores;
    }

    private static long gcMillis() {
        long sum = 0;
        for (java.lang.management.GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            sum += Math.max(0, gc.getCollectionTime());
        }
        return sum;
    }

    /** Seconds the collectors reported and the JIT compiled while recording: part of {@code other}. */
    synchronized String gcAndJit() {
        return String.format(java.util.Locale.ROOT, "gc %.2f s, jit %.2f s", gcMillis / 1e3, jitMillis / 1e3);
    }

    /** Counts the threads of each group by state, now. */
    synchronized void takeCensus() {
        Map<String, Map<Thread.State, Integer>> byGroup = new TreeMap<>();
        for (ThreadInfo info : threads.getThreadInfo(threads.getAllThreadIds(), 0)) {
            if (info != null) {
                byGroup.computeIfAbsent(group(info.getThreadName()), g -> new TreeMap<>())
                        .merge(info.getThreadState(), 1, Integer::sum);
            }
        }
        census = byGroup;
    }

    private void run() {
        while (running) {
            try {
                Thread.sleep(PERIOD_MILLIS);
            } catch (InterruptedException e) {
                return;
            }
            synchronized (this) {
                if (recording) {
                    sampleLocked(true);
                }
            }
        }
    }

    private void sampleLocked(boolean count) {
        long[] ids = threads.getAllThreadIds();
        long[] cpu = threads.getThreadCpuTime(ids);
        List<Long> unnamed = new ArrayList<>();
        for (long id : ids) {
            if (!groups.containsKey(id)) {
                unnamed.add(id);
            }
        }
        if (!unnamed.isEmpty()) {
            long[] fresh = unnamed.stream().mapToLong(Long::longValue).toArray();
            for (ThreadInfo info : threads.getThreadInfo(fresh, 0)) {
                if (info != null) {
                    groups.put(info.getThreadId(), group(info.getThreadName()));
                }
            }
        }
        Map<Long, Long> now = new HashMap<>(ids.length * 2);
        for (int i = 0; i < ids.length; i++) {
            if (cpu[i] < 0) {
                continue;
            }
            now.put(ids[i], cpu[i]);
            if (count) {
                long before = lastCpu.getOrDefault(ids[i], 0L);
                String group = groups.getOrDefault(ids[i], "other");
                cpuByGroup.merge(group, cpu[i] - before, Long::sum);
            }
        }
        lastCpu.clear();
        lastCpu.putAll(now);
        groups.keySet().retainAll(now.keySet());
    }

    /**
     * Seconds of CPU per group over the recorded time, {@code other} including what could not be
     * attributed, largest first.
     */
    synchronized Map<String, Double> cpuSeconds() {
        Map<String, Double> result = new LinkedHashMap<>();
        long attributed = 0;
        Map<String, Long> groupsNow = new TreeMap<>(cpuByGroup);
        for (long v : groupsNow.values()) {
            attributed += v;
        }
        groupsNow.merge("other", Math.max(0, processCpu - attributed), Long::sum);
        groupsNow.entrySet().stream().sorted(Map.Entry.<String, Long>comparingByValue().reversed())
                .forEach(e -> result.put(e.getKey(), Math.round(e.getValue() / 1e7) / 100.0));
        return result;
    }

    /** The process's CPU over the recorded time, as cores used on average. */
    synchronized double coresUsed() {
        return wall == 0 ? 0 : (double) processCpu / wall;
    }

    synchronized Map<String, Map<Thread.State, Integer>> census() {
        return census;
    }

    int peakThreads() {
        return threads.getPeakThreadCount();
    }

    @Override
    public void close() {
        running = false;
        sampler.interrupt();
    }
}
