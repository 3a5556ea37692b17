package org.boardlab.bench.load;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The server's threads and memory, as the machine sees them: for a server in this JVM, from the
 * JVM itself (Java threads that are not the load generator's, the heap) and {@code /proc/self};
 * for a server in another process ({@code --server-pid}), from {@code /proc/PID/status} and, for
 * its heap and its JIT's time, its HotSpot performance counters ({@link PerfCounters}, read from the
 * file the JVM shares them in, as {@code jstat} does; {@code jcmd PID GC.run} first when a sample
 * after a collection is asked for). A JVM that shares no counters ({@code -XX:-UsePerfData}) is
 * asked with {@code jcmd PID GC.heap_info} and {@code PerfCounter.print} instead, which start a JVM
 * each time (about a quarter of a second of CPU).
 */
public final class ServerProbe {

    /** Nothing known: the server runs elsewhere and no pid was given. */
    public static final ServerProbe NONE = new ServerProbe(-2);

    /**
     * The heap's use in {@code GC.heap_info}, as each collector prints it: G1's and Parallel's
     * "{@code total 1024000K, used 56789K}", Shenandoah's "{@code 378M committed, 119M used}", ZGC's
     * "{@code used 40M}" (Metaspace's "used 9136K" is not the heap: see {@link #heapUsedMb}).
     */
    private static final Pattern HEAP_USED = Pattern.compile("used (\\d+)([KMG])\\b|(\\d+)([KMG]) used\\b");

    /** {@code -1}: this process; {@code -2}: not known. */
    private final long pid;

    /** The server's performance counters once opened; {@code null} before the first look or when it shares none. */
    private PerfCounters counters;
    private boolean countersLookedFor;

    private ServerProbe(long pid) {
        this.pid = pid;
    }

    /** The server's performance counters, opened at the first call; {@code null} when it shares none. */
    private synchronized PerfCounters counters() {
        if (!countersLookedFor) {
            countersLookedFor = true;
            counters = PerfCounters.of(pid).orElse(null);
        }
        return counters;
    }

    public static ServerProbe thisProcess() {
        return new ServerProbe(-1);
    }

    public static ServerProbe process(long pid) {
        return new ServerProbe(pid);
    }

    /**
     * One look at the server.
     *
     * @param javaThreads  the server's Java threads (in this JVM: those that are not the load
     *                     generator's {@code load-*} threads nor {@code main}); {@code -1} unknown
     * @param osThreads    the process's threads as the kernel counts them (the JVM's own GC and
     *                     compiler threads included; in this JVM the load generator's too); {@code -1}
     * @param heapUsedMb   used heap in MB, {@code -1} unknown
     * @param rssMb        resident memory of the process in MB, {@code -1} unknown
     */
    public record Sample(int javaThreads, int osThreads, double heapUsedMb, double rssMb) {
        public static final Sample UNKNOWN = new Sample(-1, -1, -1, -1);

        public String text() {
            return String.format(Locale.ROOT, "%s Java threads, %s threads in the process, heap %s MB used, RSS %s MB",
                    javaThreads < 0 ? "?" : javaThreads, osThreads < 0 ? "?" : osThreads,
                    heapUsedMb < 0 ? "?" : String.format(Locale.ROOT, "%.0f", heapUsedMb),
                    rssMb < 0 ? "?" : String.format(Locale.ROOT, "%.0f", rssMb));
        }
    }

    public boolean known() {
        return pid != -2;
    }

    /**
     * Looks at the server now; with {@code collectFirst}, after asking for a full garbage collection
     * (so the heap figure is what is still referenced).
     */
    public Sample sample(boolean collectFirst) {
        if (pid == -2) {
            return Sample.UNKNOWN;
        }
        if (pid == -1) {
            if (collectFirst) {
                for (int i = 0; i < 3; i++) {
                    System.gc();
                }
            }
            int java = 0;
            for (Thread t : Thread.getAllStackTraces().keySet()) {
                if (!t.getName().startsWith("load-") && !t.getName().equals("main")) {
                    java++;
                }
            }
            long heap = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
            return new Sample(java, statusField("self", "Threads:"), heap / 1048576.0, statusField("self", "VmRSS:") / 1024.0);
        }
        String p = String.valueOf(pid);
        if (collectFirst) {
            jcmd("GC.run");
        }
        PerfCounters c = counters();
        double heap = c == null ? -1 : c.heapUsedBytes().map(b -> b / 1048576.0).orElse(-1.0);
        if (heap < 0) {
            heap = heapUsedMb(jcmd("GC.heap_info"));
        }
        int rssKb = statusField(p, "VmRSS:");
        return new Sample(-1, statusField(p, "Threads:"), heap, rssKb < 0 ? -1 : rssKb / 1024.0);
    }

    /**
     * Seconds the server's JIT has compiled so far (for another process its counter
     * {@code java.ci.totalTime}, from {@link PerfCounters} or else {@code jcmd PID PerfCounter.print}),
     * or NaN when not known.
     */
    public double jitSeconds() {
        if (pid == -2) {
            return Double.NaN;
        }
        if (pid == -1) {
            return ManagementFactory.getCompilationMXBean().getTotalCompilationTime() / 1000.0;
        }
        PerfCounters c = counters();
        if (c != null) {
            Optional<Double> jit = c.jitSeconds();
            if (jit.isPresent()) {
                return jit.get();
            }
        }
        String counters = jcmd("PerfCounter.print");
        Matcher total = Pattern.compile("java\\.ci\\.totalTime=(\\d+)").matcher(counters);
        Matcher frequency = Pattern.compile("sun\\.os\\.hrt\\.frequency=(\\d+)").matcher(counters);
        if (total.find() && frequency.find()) {
            return Long.parseLong(total.group(1)) / (double) Long.parseLong(frequency.group(1));
        }
        return Double.NaN;
    }

    /**
     * CPU seconds the server's process has used so far, user and system (fields 14 and 15 of
     * {@code /proc/PID/stat}, in clock ticks of 1/100 s), or NaN when the server is not a process
     * of its own (in this JVM its time cannot be told from the load generator's).
     */
    public double cpuSeconds() {
        if (pid < 0) {
            return Double.NaN;
        }
        try {
            String stat = Files.readString(Path.of("/proc", String.valueOf(pid), "stat"));
            // the command name (field 2) may hold spaces: count from the closing parenthesis
            String[] f = stat.substring(stat.lastIndexOf(')') + 2).trim().split("\\s+");
            return (Long.parseLong(f[11]) + Long.parseLong(f[12])) / 100.0;
        } catch (IOException | RuntimeException e) {
            return Double.NaN;
        }
    }

    /**
     * The sockets the server's process holds open now (its listening ports and every client
     * connection: the entries of {@code /proc/PID/fd} that are sockets), or {@code -1} when not known
     * (a server in this JVM, not Linux, or the process is gone).
     */
    public int sockets() {
        if (pid < 0) {
            return -1;
        }
        try (var fds = Files.newDirectoryStream(Path.of("/proc", String.valueOf(pid), "fd"))) {
            int n = 0;
            for (Path fd : fds) {
                try {
                    if (Files.readSymbolicLink(fd).toString().startsWith("socket:")) {
                        n++;
                    }
                } catch (IOException e) {
                    // closed while we looked
                }
            }
            return n;
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }

    /**
     * Waits until the server's process holds no more sockets than {@code idle} plus {@code slack}
     * (the clients' connections closed on its side too: a server closes 10,000 connections, and
     * tells the rest of the lobby of each, in seconds, not at once), at most {@code maxSeconds}.
     *
     * @return the seconds waited, or NaN when the sockets cannot be counted or did not fall that low
     */
    public double awaitSocketsAtMost(int idle, int slack, double maxSeconds) {
        if (idle < 0) {
            return Double.NaN;
        }
        long start = System.nanoTime();
        long until = start + (long) (maxSeconds * 1e9);
        while (true) {
            int now = sockets();
            if (now < 0) {
                return Double.NaN;
            }
            if (now <= idle + slack) {
                return (System.nanoTime() - start) / 1e9;
            }
            if (System.nanoTime() - until > 0) {
                return Double.NaN;
            }
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return Double.NaN;
            }
        }
    }

    /**
     * What the server keeps once the clients have left: the look after a full GC, and for a server in another
     * process the look that agreed with the one before it.
     *
     * @param first                 another process: the first look after a full GC ({@link Sample#UNKNOWN} when the
     *                              server is in this JVM or not known)
     * @param settled               the last look after a full GC (the one that is reported)
     * @param socketsClosedSeconds  the seconds until the server's process had closed the clients' connections on its
     *                              side too, NaN when not known
     * @param settledSeconds        the seconds from the first look to the last, NaN when looked at once
     */
    public record Settled(Sample first, Sample settled, double socketsClosedSeconds, double settledSeconds) {
    }

    /**
     * Looks at the server once it has settled after the clients left. In another process it first waits (at most
     * {@code maxSocketSeconds}) until the process holds no more sockets than {@code idleSockets} plus {@code slack}
     * ({@link #awaitSocketsAtMost}), then looks after a full GC, and then looks again each second (at most
     * {@code maxLooks} times) until two looks agree on the heap within 10 %: the first full GC right after the
     * clients left can find much still held (session 12: 216 MB, then 22 MB a few seconds later). In this JVM
     * (or when nothing is known) it looks once.
     */
    public Settled sampleSettled(int idleSockets, int slack, double maxSocketSeconds, int maxLooks) {
        double socketsClosed = awaitSocketsAtMost(idleSockets, slack, maxSocketSeconds);
        Sample look = sample(true);
        if (pid < 0) {
            return new Settled(Sample.UNKNOWN, look, socketsClosed, Double.NaN);
        }
        Sample first = look;
        double settledSeconds = Double.NaN;
        long start = System.nanoTime();
        for (int i = 0; i < maxLooks; i++) {
            try {
                Thread.sleep(1000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
            Sample again = sample(true);
            double before = look.heapUsedMb();
            look = again;
            settledSeconds = (System.nanoTime() - start) / 1e9;
            if (before < 0 || again.heapUsedMb() < 0 || Math.abs(again.heapUsedMb() - before) <= 0.1 * before) {
                break;
            }
        }
        return new Settled(first, look, socketsClosed, settledSeconds);
    }

    /**
     * CPU seconds (user and system) of the server's threads so far, summed by thread name with its
     * digits left out ({@code /proc/PID/task/TID/stat}; the kernel keeps the first 15 characters of
     * a Java thread's name, so {@code boardlab-referee-3} counts as {@code boardlab-refere}); for a
     * server in this JVM, the threads of this process (the load generator's included). Threads that
     * ended before the look are not in it. Empty when not known.
     */
    public java.util.Map<String, Double> threadCpuSeconds() {
        java.util.Map<String, Double> byName = new java.util.TreeMap<>();
        if (pid == -2) {
            return byName;
        }
        Path tasks = Path.of("/proc", pid == -1 ? "self" : String.valueOf(pid), "task");
        try (var dir = Files.newDirectoryStream(tasks)) {
            for (Path task : dir) {
                try {
                    String stat = Files.readString(task.resolve("stat"));
                    String name = stat.substring(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
                    String[] f = stat.substring(stat.lastIndexOf(')') + 2).trim().split("\\s+");
                    double seconds = (Long.parseLong(f[11]) + Long.parseLong(f[12])) / 100.0;
                    byName.merge(name.replaceAll("[0-9]+", "#"), seconds, Double::sum);
                } catch (IOException | RuntimeException e) {
                    // the thread ended while we looked
                }
            }
        } catch (IOException | RuntimeException e) {
            // not Linux, or the process is gone
        }
        return byName;
    }

    /** A number from {@code /proc/<who>/status}, or {@code -1}. */
    private static int statusField(String who, String field) {
        try {
            for (String line : Files.readAllLines(Path.of("/proc", who, "status"))) {
                if (line.startsWith(field)) {
                    return Integer.parseInt(line.substring(field.length()).trim().split("\\s+")[0]);
                }
            }
        } catch (IOException | RuntimeException e) {
            // not Linux, or the process is gone
        }
        return -1;
    }

    /** Runs {@code jcmd PID command} (from this JVM's JDK) and returns its output, or "" if that fails. */
    private String jcmd(String command) {
        Path jcmd = Path.of(System.getProperty("java.home"), "bin", "jcmd");
        try {
            Process process = new ProcessBuilder(jcmd.toString(), String.valueOf(pid), command).redirectErrorStream(true)
                    .start();
            byte[] out = process.getInputStream().readAllBytes();
            process.waitFor(30, TimeUnit.SECONDS);
            return new String(out, StandardCharsets.UTF_8);
        } catch (IOException e) {
            return "";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "";
        }
    }

    /**
     * The used heap in MB that {@code GC.heap_info}'s text gives (the sum of its top-level lines before
     * Metaspace: one for G1, Shenandoah and ZGC; the young and the old generation for Parallel and
     * Serial), or {@code -1}.
     */
    static double heapUsedMb(String heapInfo) {
        double mb = 0;
        boolean found = false;
        for (String line : heapInfo.split("\n")) {
            if (line.trim().startsWith("Metaspace")) {
                break;
            }
            if (line.startsWith("  ")) {
                continue; // a detail of the line above (eden space, region size)
            }
            Matcher m = HEAP_USED.matcher(line);
            if (m.find()) {
                boolean before = m.group(1) != null;
                long amount = Long.parseLong(before ? m.group(1) : m.group(3));
                String unit = before ? m.group(2) : m.group(4);
                mb += switch (unit) {
                    case "K" -> amount / 1024.0;
                    case "M" -> amount;
                    default -> amount * 1024.0;
                };
                found = true;
            }
        }
        return found ? mb : -1;
    }
}
