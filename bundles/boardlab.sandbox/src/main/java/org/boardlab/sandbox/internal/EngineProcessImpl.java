package org.boardlab.sandbox.internal;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.stream.Stream;
import org.boardlab.core.PlayerFault;
import org.boardlab.core.PlayerLimits;
import org.boardlab.sandbox.EngineDescriptor;
import org.boardlab.sandbox.EngineProcess;

/**
 * An engine's process, confined by {@link Confinement} like a player host: two reader threads (its
 * standard output, its standard error), every line passed to the tap (the inspector), answers handed
 * to the one open {@link #next}.
 */
final class EngineProcessImpl implements EngineProcess {

    private static final int MAX_LINE = 1 << 16;
    private static final int KEEP = 10;

    private final EngineDescriptor engine;
    private final PlayerLimits limits;
    private final Process process;
    private final Cgroups.Group group;
    private final Path scratch;
    private final OutputStream in;
    /** (line, from the engine, match) → the inspector; standard error lines come as "stderr: ...". */
    private final Tap tap;
    private final Deque<String> errors = new ArrayDeque<>();
    /** Complete when its standard output, and its standard error, have been read to the end (each reader's last act). */
    private final CompletableFuture<Void> outputRead = new CompletableFuture<>();
    private final CompletableFuture<Void> errorsRead = new CompletableFuture<>();
    /** How long the judgement of an end waits for the last lines of standard output and error. */
    private static final long ERROR_READER_WAIT_MILLIS = 2000;
    /** Lines that came while nobody waited (a fast engine answering before {@link #next} was called). */
    private final Deque<String> unclaimed = new ArrayDeque<>();
    private CompletableFuture<String> waiting;
    private Predicate<String> answer;
    private volatile int move;
    private volatile long matchId;
    private volatile boolean killed;
    private volatile String fault;

    EngineProcessImpl(EngineDescriptor engine, PlayerLimits limits, List<String> extra, Confinement confinement,
            Path scratchRoot, long matchId, Tap tap) throws IOException {
        this.engine = engine;
        this.matchId = matchId;
        this.limits = limits;
        this.tap = tap;
        long memory = (long) limits.heapMegabytes() << 20;
        Cgroups cg = confinement.cgroups();
        this.group = cg.hasMemory() || cg.hasPids() || cg.hasCpu() ? cg.create(memory, limits.threads(), true) : null;
        Files.createDirectories(scratchRoot);
        this.scratch = Files.createTempDirectory(scratchRoot, engine.id().replaceAll("[^A-Za-z0-9._-]", "_") + "-");
        List<String> command = new ArrayList<>(engine.command());
        command.addAll(extra);
        List<Path> readOnly = new ArrayList<>(engine.files());
        Path program = Path.of(command.get(0));
        readOnly.add(program);
        ProcessBuilder pb = confinement.builder(command, readOnly, scratch, limits, memory, group).redirectErrorStream(false);
        try {
            this.process = pb.start();
        } catch (IOException e) {
            cleanUp();
            throw e;
        }
        this.in = process.getOutputStream();
        reader(process.getInputStream(), false);
        reader(process.getErrorStream(), true);
        // an end is judged once the process has ended and both its streams have been read to the end
        // (they end when the process and whatever it started have closed them; bounded, for a child that
        // keeps one open): an answer it wrote just before exiting is taken as an answer, not lost to
        // the exit, and the reason ends with its last words (a traceback on standard error). No thread
        // waits for any of them.
        process.onExit()
                .thenCompose(p -> CompletableFuture.allOf(outputRead, errorsRead).copy()
                        .completeOnTimeout(null, ERROR_READER_WAIT_MILLIS, TimeUnit.MILLISECONDS))
                .thenRun(this::exited);
    }

    private void reader(InputStream stream, boolean stderr) {
        Thread t = new Thread(() -> read(stream, stderr), "boardlab-engine-" + engine.id() + (stderr ? "-err-" : "-") + process.pid());
        t.setDaemon(true);
        t.start();
    }

    private void read(InputStream stream, boolean stderr) {
        try (BufferedReader r = new BufferedReader(new InputStreamReader(stream, StandardCharsets.UTF_8))) {
            String line;
            while ((line = r.readLine()) != null) {
                if (line.length() > MAX_LINE) {
                    line = line.substring(0, MAX_LINE) + "...";
                }
                if (stderr) {
                    synchronized (this) {
                        errors.addLast(line);
                        if (errors.size() > KEEP) {
                            errors.removeFirst();
                        }
                    }
                    tap.line("stderr: " + line, true, matchId);
                    continue;
                }
                tap.line(line, true, matchId);
                CompletableFuture<String> done = null;
                synchronized (this) {
                    if (waiting == null) {
                        unclaimed.addLast(line);
                        if (unclaimed.size() > KEEP * 10) {
                            unclaimed.removeFirst();
                        }
                    } else if (answer.test(line)) {
                        done = waiting;
                        waiting = null;
                    }
                }
                if (done != null) {
                    done.complete(line);
                }
            }
        } catch (IOException | RuntimeException e) {
            // the process ended
        } finally {
            (stderr ? errorsRead : outputRead).complete(null);
        }
    }

    @Override
    public synchronized void send(String line) {
        tap.line(line, false, matchId);
        try {
            in.write((line + "\n").getBytes(StandardCharsets.UTF_8));
            in.flush();
        } catch (IOException e) {
            // it has ended: its end fails what waits
        }
    }

    @Override
    public CompletableFuture<String> next(Predicate<String> isAnswer) {
        CompletableFuture<String> f = new CompletableFuture<>();
        synchronized (this) {
            while (!unclaimed.isEmpty()) {
                String line = unclaimed.pollFirst();
                if (isAnswer.test(line)) {
                    f.complete(line);
                    return f;
                }
            }
            if (fault != null) {
                f.completeExceptionally(new PlayerFault(fault));
                return f;
            }
            waiting = f;
            answer = isAnswer;
        }
        return f;
    }

    private void exited() {
        CompletableFuture<String> open;
        synchronized (this) {
            fault = describeEnd();
            open = waiting;
            waiting = null;
        }
        if (open != null) {
            open.completeExceptionally(new PlayerFault(fault));
        }
        cleanUp();
    }

    private synchronized String describeEnd() {
        int status = process.exitValue();
        String at = move > 0 ? " at move " + move : "";
        String last = errors.isEmpty() ? "" : " (" + errors.peekLast() + ")";
        if (group != null && group.hitMemoryLimit() && status >= 128) {
            return "out of memory: the process passed " + limits.heapMegabytes() + " MB" + at + ", process killed";
        }
        if (group != null && group.hitPidsLimit()) {
            return "started more than " + limits.threads() + " threads or processes (the limit)" + at + "; exited with status " + status;
        }
        if (status == 97) {
            return "could not join its control groups" + at;
        }
        if (killed) {
            return "process killed" + at;
        }
        if (status > 128) {
            int signal = status - 128;
            return "killed by signal " + signal + (signal == 9 ? " (SIGKILL)" : signal == 24 ? " (SIGXCPU: out of CPU time)"
                    : signal == 11 ? " (SIGSEGV: a crash)" : signal == 25 ? " (SIGXFSZ: a file past " + limits.fileMegabytes() + " MB)" : "")
                    + at + last;
        }
        if (status == 127 || status == 126) {
            return "its program could not be run (status " + status + ")" + last;
        }
        return "exited with status " + status + at + last;
    }

    @Override
    public void atMove(int n) {
        move = n;
    }

    @Override
    public void match(long id) {
        matchId = id;
    }

    /** Where each line to and from the engine goes (the inspector). */
    @FunctionalInterface
    interface Tap {
        /** @param fromEngine {@code true} for a line the engine wrote; @param matchId its match, or 0 */
        void line(String line, boolean fromEngine, long matchId);
    }

    @Override
    public boolean alive() {
        return process.isAlive();
    }

    @Override
    public long cpuNanos() {
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

    @Override
    public boolean hitThreadLimit() {
        return group != null && group.hitPidsLimit();
    }

    @Override
    public void kill() {
        killed = true;
        try (Stream<ProcessHandle> children = process.descendants()) {
            children.sorted(Comparator.comparingLong(ProcessHandle::pid).reversed()).forEach(ProcessHandle::destroyForcibly);
        }
        process.destroyForcibly();
        if (group != null) {
            group.killAll();
        }
    }

    @Override
    public void end(String farewell) {
        if (!process.isAlive()) {
            return;
        }
        killed = true; // what it does from now on is not its fault
        if (farewell != null) {
            send(farewell);
        }
        process.onExit().orTimeout(500, TimeUnit.MILLISECONDS).whenComplete((p, e) -> {
            if (e != null) {
                kill();
            }
        });
    }

    @Override
    public long pid() {
        return process.pid();
    }

    private void cleanUp() {
        if (group != null) {
            group.remove();
        }
        try (Stream<Path> files = Files.walk(scratch)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException | RuntimeException e) {
            // left behind; the folder is under the sandbox's own
        }
    }
}
