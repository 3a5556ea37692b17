package org.boardlab.bench.load;

import java.io.IOException;
import java.nio.ByteOrder;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The HotSpot performance counters of another JVM on this machine, read from the file it shares them
 * in ({@code hsperfdata_USER/PID} in the temporary folder), as {@code jstat} reads them: the file is
 * mapped once and each read looks at the live counters, without starting a process and without a
 * thread or a byte of work in the JVM looked at ({@code jcmd PID GC.heap_info}, which this replaces
 * for the load generators' 5-second looks, starts a JVM each time: 0.26 s of CPU, a fifth of a
 * second of a core in every five on a 2-core machine).
 *
 * <p>The file's layout is HotSpot's ({@code perfMemory.hpp}): a prologue (magic {@code 0xcafec0c0},
 * byte order, version, the offset and number of its entries), then entries, each with its length,
 * the offset of its NUL-ended name, its type and the offset of its value. Only the {@code long}
 * counters are read. A JVM started with {@code -XX:-UsePerfData} has no such file.
 */
public final class PerfCounters implements AutoCloseable {

    private static final int MAGIC = 0xcafec0c0;

    private final FileChannel channel;
    private final MappedByteBuffer file;
    /** Where each long counter's value is, by name (found once; a JVM adds counters but never moves one). */
    private final Map<String, Integer> offsets = new HashMap<>();
    private int entriesSeen;
    private int nextEntry;

    private PerfCounters(FileChannel channel, MappedByteBuffer file) {
        this.channel = channel;
        this.file = file;
    }

    /** The counters of the JVM with process id {@code pid}, or empty when it shares none this user can read. */
    public static Optional<PerfCounters> of(long pid) {
        // HotSpot writes it under /tmp on Linux whatever the JVMs' java.io.tmpdir (os::get_temp_directory)
        Path path = Path.of("/tmp", "hsperfdata_" + System.getProperty("user.name"), String.valueOf(pid));
        try {
            return Optional.of(open(path));
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    /** The counters in the file {@code path}. */
    static PerfCounters open(Path path) throws IOException {
        FileChannel channel = FileChannel.open(path, StandardOpenOption.READ);
        try {
            MappedByteBuffer file = channel.map(FileChannel.MapMode.READ_ONLY, 0, channel.size());
            if (file.limit() < 32 || file.order(ByteOrder.BIG_ENDIAN).getInt(0) != MAGIC) {
                throw new IOException(path + " is not a JVM's performance counters (no magic 0xcafec0c0 at its start)");
            }
            file.order(file.get(4) == 0 ? ByteOrder.BIG_ENDIAN : ByteOrder.LITTLE_ENDIAN);
            PerfCounters counters = new PerfCounters(channel, file);
            counters.nextEntry = file.getInt(24);
            return counters;
        } catch (IOException | RuntimeException e) {
            channel.close();
            throw e;
        }
    }

    /** The long counter {@code name} now, or empty when the JVM has no such counter. */
    public synchronized Optional<Long> get(String name) {
        Integer at = offsets.get(name);
        if (at == null) {
            index();
            at = offsets.get(name);
            if (at == null) {
                return Optional.empty();
            }
        }
        return Optional.of(file.getLong(at));
    }

    /**
     * Bytes of heap in use: the young generation's spaces and the old one's, as {@code jstat -gc}
     * adds them (G1 counts its humongous objects in the old generation; the JVM updates a G1 eden's
     * figure each time it takes a new region for allocation, so it is at most a region behind), or
     * empty when the JVM's collector does not publish them.
     */
    public Optional<Long> heapUsedBytes() {
        Optional<Long> old = get("sun.gc.generation.1.space.0.used");
        if (old.isEmpty()) {
            return Optional.empty();
        }
        long young = 0;
        boolean any = false;
        for (int space = 0; space < 3; space++) {
            Optional<Long> used = get("sun.gc.generation.0.space." + space + ".used");
            if (used.isPresent()) {
                young += used.get();
                any = true;
            }
        }
        return any ? Optional.of(young + old.get()) : Optional.empty();
    }

    /** Seconds the JVM's JIT compilers have spent so far ({@code java.ci.totalTime} in ticks of {@code sun.os.hrt.frequency}). */
    public Optional<Double> jitSeconds() {
        Optional<Long> ticks = get("java.ci.totalTime");
        Optional<Long> frequency = get("sun.os.hrt.frequency");
        if (ticks.isEmpty() || frequency.isEmpty() || frequency.get() <= 0) {
            return Optional.empty();
        }
        return Optional.of(ticks.get() / (double) frequency.get());
    }

    /** Reads the entries the JVM has added since the last look (name → where its value is). */
    private void index() {
        int entries = file.getInt(28);
        while (entriesSeen < entries) {
            int start = nextEntry;
            int length = file.getInt(start);
            if (length <= 0 || start + length > file.limit()) {
                return; // being written: the rest is read at the next look
            }
            int nameOffset = file.getInt(start + 4);
            int vectorLength = file.getInt(start + 8);
            byte type = file.get(start + 12);
            int dataOffset = file.getInt(start + 16);
            if (type == 'J' && vectorLength == 0) {
                offsets.put(name(start + nameOffset, start + length), start + dataOffset);
            }
            nextEntry = start + length;
            entriesSeen++;
        }
    }

    private String name(int from, int limit) {
        int end = from;
        while (end < limit && file.get(end) != 0) {
            end++;
        }
        byte[] bytes = new byte[end - from];
        file.get(from, bytes);
        return new String(bytes, StandardCharsets.US_ASCII);
    }

    @Override
    public void close() throws IOException {
        channel.close();
    }
}
