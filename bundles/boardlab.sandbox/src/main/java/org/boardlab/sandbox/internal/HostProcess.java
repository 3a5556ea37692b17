package org.boardlab.sandbox.internal;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Comparator;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.logging.Logger;
import java.util.stream.Stream;
import org.boardlab.core.PlayerFault;
import org.boardlab.core.PlayerLimits;
import org.boardlab.sandbox.host.HostMain;
import org.boardlab.sandbox.host.Wire;

/**
 * One player host: a JVM started by {@link HostPool}, confined by {@link Confinement}, spoken to with
 * the host protocol (the bundle's README). Requests are answered in order; one reader thread reads
 * the host's output (its answers, the player's {@code out} lines, and anything the JVM itself prints,
 * such as its out-of-memory message). When the process ends, every open request fails with a
 * {@link PlayerFault} that says why, in words.
 */
final class HostProcess {

    private static final Logger LOG = Logger.getLogger(HostProcess.class.getName());
    private static final int KEEP_LINES = 20;

    final HostSpec spec;
    final long startedNanos = System.nanoTime();
    private final Process process;
    private final Cgroups.Group group;
    private final Path scratch;
    private final OutputStream in;
    private final CompletableFuture<HostProcess> ready = new CompletableFuture<>();
    private final Deque<CompletableFuture<List<String>>> pending = new ArrayDeque<>();
    private final Deque<String> lastLines = new ArrayDeque<>();
    /** Completed when the reader has read the process's output to its end. */
    private final CompletableFuture<Void> readToEnd = new CompletableFuture<>();
    private volatile Consumer<String> output = line -> { };
    private volatile String fault;
    private volatile int move;
    private volatile boolean killedOnPurpose;
    /** How long from the process's start to its {@code hello}, in ns; -1 before. */
    volatile long startNanos = -1;

    HostProcess(HostSpec spec, Confinement confinement, Path scratchRoot) throws IOException {
        this.spec = spec;
        PlayerLimits limits = spec.limits();
        long memory = (limits.heapMegabytes() + 256L) << 20;
        Cgroups cg = confinement.cgroups();
        this.group = cg.hasMemory() || cg.hasPids() || cg.hasCpu() ? cg.create(memory, limits.threads(), true) : null;
        Files.createDirectories(scratchRoot);
        this.scratch = Files.createTempDirectory(scratchRoot, safe(spec.playerId()) + "-");
        List<String> command = spec.command(confinement.cgroups().hasPids() ? 0 : limits.threads());
        ProcessBuilder pb = confinement.builder(command, spec.readOnly(), scratch, limits, memory, group);
        try {
            this.process = pb.start();
        } catch (IOException e) {
            cleanUp();
            throw e;
        }
        this.in = process.getOutputStream();
        Thread reader = new Thread(this::read, "boardlab-host-" + spec.playerId() + "-" + process.pid());
        reader.setDaemon(true);
        reader.start();
        // the reason is told from the process's last lines (the JVM's "OutOfMemoryError" line), which the reader may
        // not have read when the exit is seen: describe it once the reader has read to the end (at most 2 s later, in
        // case something the process started still holds the pipe)
        process.onExit().thenCompose(p -> readToEnd.completeOnTimeout(null, 2, TimeUnit.SECONDS)).thenRun(this::exited);
    }

    private static String safe(String id) {
        return id.replaceAll("[^A-Za-z0-9._-]", "_");
    }

    /** Completes once the host has loaded the player's class and says hello. */
    CompletableFuture<HostProcess> ready() {
        return ready;
    }

    /** Where the player's printed lines go (the inspector, the console). */
    void output(Consumer<String> sink) {
        this.output = sink == null ? line -> { } : sink;
    }

    /** The move being played (for messages such as "exited with status 0 at move 12"). */
    void atMove(int n) {
        move = n;
    }

    boolean alive() {
        return process.isAlive() && fault == null;
    }

    long pid() {
        return process.pid();
    }

    /** Sends one command and returns its answer's tokens (the verb first). */
    CompletableFuture<List<String>> request(String line) {
        CompletableFuture<List<String>> answer = new CompletableFuture<>();
        synchronized (this) {
            if (fault != null) {
                answer.completeExceptionally(new PlayerFault(fault));
                return answer;
            }
            pending.addLast(answer);
            try {
                in.write((line + "\n").getBytes(StandardCharsets.UTF_8));
                in.flush();
            } catch (IOException e) {
                pending.remove(answer);
                answer.completeExceptionally(new PlayerFault(describeEnd()));
            }
        }
        return answer;
    }

    /** Sends a command that has no answer ({@code cancel}). */
    synchronized void tell(String line) {
        try {
            in.write((line + "\n").getBytes(StandardCharsets.UTF_8));
            in.flush();
        } catch (IOException e) {
            // it is ending; its end fails what is open
        }
    }

    private void read() {
        try {
            readLines();
        } finally {
            readToEnd.complete(null);
        }
    }

    private void readLines() {
        try (BufferedReader out = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = out.readLine()) != null) {
                if (line.length() > Wire.MAX_LINE) {
                    failAll("its output broke the host protocol (a line of " + line.length() + " characters)");
                    kill();
                    return;
                }
                int space = line.indexOf(' ');
                String verb = space < 0 ? line : line.substring(0, space);
                switch (verb) {
                    case "hello" -> {
                        startNanos = System.nanoTime() - startedNanos;
                        ready.complete(this);
                    }
                    case "out" -> output.accept(Wire.text(line.substring(space + 1)));
                    case "fault" -> {
                        String why = Wire.split(line).get(1);
                        failAll(why);
                        if (!ready.isDone()) {
                            ready.completeExceptionally(new PlayerFault(why));
                        }
                    }
                    case "ready", "move", "fail", "ended", "stats" -> {
                        CompletableFuture<List<String>> next;
                        synchronized (this) {
                            next = pending.pollFirst();
                        }
                        if (next != null) {
                            try {
                                next.complete(Wire.split(line));
                            } catch (IllegalArgumentException e) {
                                next.completeExceptionally(new PlayerFault("its host answered a line that is not of the host protocol"));
                            }
                        }
                    }
                    default -> {
                        // the JVM's own words (out of memory, a crash): kept for the reason, and shown
                        keep(line);
                        output.accept(line);
                    }
                }
            }
        } catch (IOException | RuntimeException e) {
            // the process ended
        }
    }

    private synchronized void keep(String line) {
        lastLines.addLast(line);
        if (lastLines.size() > KEEP_LINES) {
            lastLines.removeFirst();
        }
    }

    private void exited() {
        String why = describeEnd();
        failAll(why);
        if (!ready.isDone()) {
            ready.completeExceptionally(new PlayerFault(why));
        }
        cleanUp();
    }

    /** Fails the open requests (and all later ones) with {@code why}. */
    private void failAll(String why) {
        List<CompletableFuture<List<String>>> open;
        synchronized (this) {
            if (fault == null) {
                fault = why;
            }
            open = List.copyOf(pending);
            pending.clear();
        }
        for (CompletableFuture<List<String>> f : open) {
            f.completeExceptionally(new PlayerFault(fault));
        }
    }

    /** Why the process ended, in words, from its status, its last lines and its groups' counters. */
    synchronized String describeEnd() {
        if (fault != null) {
            return fault;
        }
        if (process.isAlive()) {
            return "its host stopped reading (move " + move + ")";
        }
        int status = process.exitValue();
        String at = move > 0 ? " at move " + move : " before its first move";
        String said = String.join("\n", lastLines);
        PlayerLimits limits = spec.limits();
        if (said.contains("OutOfMemoryError: Java heap space") || said.contains("OutOfMemoryError: Requested array size")) {
            return "out of memory at " + limits.heapMegabytes() + " MB" + at;
        }
        if (said.contains("OutOfMemoryError: Metaspace")) {
            return "out of memory for classes (metaspace)" + at;
        }
        if (said.contains("OutOfMemoryError")) {
            return "out of memory" + at + " (" + said.lines().filter(l -> l.contains("OutOfMemoryError")).findFirst().orElse("") + ")";
        }
        if (status == HostMain.EXIT_THREADS || (group != null && group.hitPidsLimit())) {
            return "started more than " + limits.threads() + " threads (the limit)" + at + "; process ended";
        }
        if (group != null && group.hitMemoryLimit() && status >= 128) {
            return "out of memory: the whole process passed " + (limits.heapMegabytes() + 256) + " MB" + at + ", process killed";
        }
        if (status == 97) {
            return "its host could not join its control groups" + at;
        }
        if (killedOnPurpose) {
            return "process killed" + at;
        }
        if (status > 128) {
            int signal = status - 128;
            return "killed by signal " + signal + (signal == 9 ? " (SIGKILL)" : signal == 24 ? " (SIGXCPU: out of CPU time)"
                    : signal == 25 ? " (SIGXFSZ: a file past " + limits.fileMegabytes() + " MB)" : "") + at;
        }
        if (!ready.isDone() || ready.isCompletedExceptionally()) {
            return "its host could not start (status " + status + (said.isEmpty() ? "" : ": " + said.lines()
                    .reduce((a, b) -> b).orElse("")) + ")";
        }
        return "exited with status " + status + at;
    }

    /** Kills the host and everything it started, at once. */
    void kill() {
        killedOnPurpose = true;
        try (Stream<ProcessHandle> children = process.descendants()) {
            children.sorted(Comparator.comparingLong(ProcessHandle::pid).reversed()).forEach(ProcessHandle::destroyForcibly);
        }
        process.destroyForcibly();
        if (group != null) {
            group.killAll();
        }
    }

    /** Asks the host to end; kills it if it has not within 1 s. */
    void quit() {
        if (!process.isAlive()) {
            return;
        }
        tell("quit");
        process.onExit().orTimeout(1, TimeUnit.SECONDS).whenComplete((p, e) -> {
            if (e != null) {
                kill();
            }
        });
    }

    /** Waits up to {@code millis} for the process to be gone and its groups removed. */
    void awaitGone(long millis) {
        try {
            process.onExit().get(millis, TimeUnit.MILLISECONDS);
            if (group != null) {
                group.remove();
            }
        } catch (Exception e) {
            // still going: the next boardlab removes what is left
        }
    }

    /** Whether the thread limit was hit (to add to a time-out's reason). */
    boolean hitThreadLimit() {
        return group != null && group.hitPidsLimit();
    }

    /** CPU time the host's processes used so far, in ns (its control group, else /proc). */
    long cpuNanos() {
        long n = group == null ? -1 : group.cpuNanos();
        if (n >= 0) {
            return n;
        }
        long sum = process.info().totalCpuDuration().map(d -> d.toNanos()).orElse(0L);
        try (Stream<ProcessHandle> children = process.descendants()) {
            sum += children.mapToLong(h -> h.info().totalCpuDuration().map(d -> d.toNanos()).orElse(0L)).sum();
        }
        return sum;
    }

    private void cleanUp() {
        if (group != null) {
            group.remove();
        }
        try (Stream<Path> files = Files.walk(scratch)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException | RuntimeException e) {
            LOG.fine("scratch folder " + scratch + " not removed: " + e.getMessage());
        }
    }

    @Override
    public String toString() {
        return "host of " + spec.playerId() + " (pid " + process.pid() + ")";
    }
}
