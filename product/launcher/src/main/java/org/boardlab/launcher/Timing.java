package org.boardlab.launcher;

import java.time.Instant;

/**
 * Start-up phases, measured from the process's start (as the operating system records it, so the
 * JVM's own start-up counts), printed to standard error when {@code -Dboardlab.timing=true}. The
 * process's start is also left in the system property {@code boardlab.process.start} (milliseconds
 * since 1970) for the workbench, which prints its first paint the same way.
 */
final class Timing {

    /** {@code -Dboardlab.timing=bundles}: also each bundle's start, its wall and its thread's CPU time. */
    private static final boolean BUNDLES = "bundles".equals(System.getProperty("boardlab.timing"));

    private static final boolean ON = Boolean.getBoolean("boardlab.timing") || BUNDLES;

    /** A clock tick of {@code /proc} (Linux's USER_HZ, 100 a second). */
    private static final long MILLIS_PER_TICK = 10;

    private Timing() {
    }

    /** The process's start, found only when timing is on (it costs a few milliseconds of a short command's start). */
    private static final class Start {
        static final long MILLIS = processStart();

        private static long processStart() {
            long start = linuxStart();
            if (start == 0) {
                java.util.Optional<Instant> started = ProcessHandle.current().info().startInstant();
                start = started.isPresent() ? started.get().toEpochMilli()
                        : System.currentTimeMillis() - java.lang.management.ManagementFactory.getRuntimeMXBean().getUptime();
            }
            System.setProperty("boardlab.process.start", Long.toString(start));
            return start;
        }

        /**
         * On Linux, the process's start from its age: the machine's uptime ({@code /proc/uptime}, to the
         * hundredth of a second) less the process's start in clock ticks since boot ({@code /proc/self/stat},
         * field 22). {@code ProcessHandle}'s start instant adds the boot time in whole seconds and so is up
         * to a second early: every phase read 0.4 s late on this machine. {@code 0} elsewhere.
         */
        private static long linuxStart() {
            try {
                long now = System.currentTimeMillis();
                long startTicks = Long.parseLong(stat()[22 - FIRST_FIELD]);
                String uptime = java.nio.file.Files.readString(java.nio.file.Path.of("/proc/uptime"));
                long upMillis = Math.round(Double.parseDouble(uptime.substring(0, uptime.indexOf(' '))) * 1000);
                return now - (upMillis - startTicks * MILLIS_PER_TICK);
            } catch (java.io.IOException | RuntimeException e) {
                return 0;
            }
        }
    }

    static boolean bundles() {
        return BUNDLES;
    }

    /** The calling thread's CPU time in nanoseconds. */
    static long threadCpu() {
        return java.lang.management.ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime();
    }

    static void bundle(String name, long wallNanos, long cpuNanos) {
        System.err.println("boardlab timing:   " + wallNanos / 1_000_000 + " ms, CPU " + cpuNanos / 1_000_000 + " ms: started " + name);
    }

    static void mark(String phase) {
        if (ON) {
            System.err.println("boardlab timing: " + (System.currentTimeMillis() - Start.MILLIS) + " ms " + phase + cpu());
        }
    }

    /** ", CPU N ms" (user and system time of every thread so far), from /proc on Linux; else nothing. */
    static String cpu() {
        try {
            String[] f = stat();
            long ticks = Long.parseLong(f[14 - FIRST_FIELD]) + Long.parseLong(f[15 - FIRST_FIELD]); // utime, stime
            return " (CPU " + ticks * MILLIS_PER_TICK + " ms)";
        } catch (java.io.IOException | RuntimeException e) {
            return "";
        }
    }

    /** The number, counted from 1 as proc(5) does, of the first field {@link #stat()} returns (the state). */
    private static final int FIRST_FIELD = 3;

    /**
     * This process's {@code /proc/self/stat} from its third field on: what follows the command name
     * in brackets, which may itself hold spaces and brackets.
     */
    private static String[] stat() throws java.io.IOException {
        String stat = java.nio.file.Files.readString(java.nio.file.Path.of("/proc/self/stat"));
        return stat.substring(stat.lastIndexOf(')') + 2).split(" ");
    }
}
