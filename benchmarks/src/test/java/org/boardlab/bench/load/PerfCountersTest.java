package org.boardlab.bench.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

/**
 * The load generators' look at a server in another process: its heap from the JVM's shared
 * performance counters, checked against what the JVM itself says ({@code jcmd PID GC.heap_info}),
 * and the fallback to {@code jcmd} for a JVM that shares no counters.
 */
class PerfCountersTest {

    /** Holds 96 MB until told to let go ("drop"), then waits until told to end ("end"). */
    public static final class Holder {
        public static void main(String[] args) throws Exception {
            List<byte[]> kept = new ArrayList<>();
            for (int i = 0; i < 96; i++) {
                kept.add(new byte[1 << 20]);
            }
            System.out.println("holding " + kept.size());
            var in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
            for (String line; (line = in.readLine()) != null; ) {
                if (line.equals("drop")) {
                    kept.clear();
                    System.out.println("dropped");
                } else if (line.equals("end")) {
                    return;
                }
            }
        }
    }

    /** A JVM running {@link Holder}, with {@code options}. */
    private static Process holder(String... options) throws Exception {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.add("-Xmx512m");
        command.add("-XX:+UseG1GC");
        command.addAll(List.of(options));
        command.add("-cp");
        command.add(Path.of(Holder.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString());
        command.add(Holder.class.getName());
        Process p = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        assertEquals("holding 96", line(p));
        return p;
    }

    private static String line(Process p) throws Exception {
        var out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
        StringBuilder b = new StringBuilder();
        for (int c; (c = out.read()) != -1 && c != '\n'; ) {
            b.append((char) c);
        }
        return b.toString();
    }

    private static void tell(Process p, String what) throws Exception {
        Writer w = new OutputStreamWriter(p.getOutputStream(), StandardCharsets.UTF_8);
        w.write(what + "\n");
        w.flush();
    }

    private static void end(Process p) throws Exception {
        tell(p, "end");
        if (!p.waitFor(20, TimeUnit.SECONDS)) {
            p.destroyForcibly();
        }
    }

    private static double jcmdHeapMb(long pid) throws Exception {
        Process jcmd = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "jcmd").toString(),
                String.valueOf(pid), "GC.heap_info").redirectErrorStream(true).start();
        String text = new String(jcmd.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        jcmd.waitFor(30, TimeUnit.SECONDS);
        return ServerProbe.heapUsedMb(text);
    }

    @Test
    void theHeapReadFromTheCountersIsWhatTheJvmSaysAndFallsWhenItsObjectsAreLetGo() throws Exception {
        Process p = holder();
        try {
            ServerProbe probe = ServerProbe.process(p.pid());
            try (PerfCounters counters = PerfCounters.of(p.pid()).orElseThrow()) {
                double holding = probe.sample(true).heapUsedMb();
                assertTrue(holding >= 96 && holding < 200, "after a full GC the 96 MB it holds are counted: " + holding + " MB");
                double jvmSays = jcmdHeapMb(p.pid());
                assertEquals(jvmSays, counters.heapUsedBytes().orElseThrow() / 1048576.0, Math.max(2, jvmSays * 0.05),
                        "the counters agree with jcmd GC.heap_info after a collection");

                tell(p, "drop");
                assertEquals("dropped", line(p));
                double dropped = probe.sample(true).heapUsedMb();
                assertTrue(dropped < holding - 80, "after the 96 MB are let go and a full GC: " + dropped + " MB, was " + holding);

                assertTrue(counters.jitSeconds().orElseThrow() >= 0);
                assertTrue(probe.jitSeconds() >= 0);
            }
        } finally {
            end(p);
        }
    }

    @Test
    void aJvmThatSharesNoCountersIsAskedWithJcmd() throws Exception {
        Process p = holder("-XX:-UsePerfData");
        try {
            assertTrue(PerfCounters.of(p.pid()).isEmpty(), "-XX:-UsePerfData: no counters file");
            double heap = ServerProbe.process(p.pid()).sample(true).heapUsedMb();
            assertTrue(heap >= 96 && heap < 200, "the heap from jcmd GC.heap_info: " + heap + " MB");
        } finally {
            end(p);
        }
    }

    @Test
    void aFileThatIsNotCountersIsRefused() throws Exception {
        Path notCounters = Files.createTempFile("not-hsperfdata", "");
        try {
            Files.write(notCounters, new byte[64]);
            var e = assertThrows(IOException.class, () -> PerfCounters.open(notCounters));
            assertTrue(e.getMessage().contains("not a JVM's performance counters"), e.getMessage());
        } finally {
            Files.delete(notCounters);
        }
    }
}
