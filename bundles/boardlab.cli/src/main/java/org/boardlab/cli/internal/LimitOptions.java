package org.boardlab.cli.internal;

import java.time.Duration;
import org.boardlab.core.PlayerLimits;
import picocli.CommandLine.Option;

/**
 * The limits of players that run in a process of their own (students' jars from the players folder),
 * as options of the commands that play ({@code match}, {@code tournament}): what each such player's
 * process may use in each game. The wall time of a move is the match's time per move (the
 * tournament's time control); an engine's descriptor sets its own limits.
 */
public final class LimitOptions {

    @Option(names = "--player-heap", paramLabel = "MB", description = "Java heap of each student's player's process, in MB (default: " + 256 + "; at least 16).")
    Integer heap;

    @Option(names = "--player-threads", paramLabel = "N", description = "Threads each student's player's process may have, the JVM's own included (default: " + 64 + "; at least 16).")
    Integer threads;

    @Option(names = "--player-cpu", paramLabel = "S", description = "CPU seconds a student's player may use from one move to the next (default: the time per move).")
    Double cpu;

    @Option(names = "--player-files", paramLabel = "MB", description = "Largest file a student's player may write in its scratch folder, in MB (default: " + 64 + ").")
    Integer files;

    /**
     * The limits asked for, the defaults where none is given.
     *
     * @throws UsageException if one cannot be a player's limit
     */
    PlayerLimits limits() {
        try {
            return asked();
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
    }

    /** Whether any limit was given on the command line. */
    boolean given() {
        return heap != null || threads != null || cpu != null || files != null;
    }

    /**
     * The limits given that differ from {@code stored}, as options with the stored value
     * ({@code --player-heap 64 (stored: 48)}); empty if none.
     */
    java.util.List<String> differences(PlayerLimits stored) {
        PlayerLimits l = limits();
        java.util.List<String> out = new java.util.ArrayList<>();
        if (heap != null && l.heapMegabytes() != stored.heapMegabytes()) {
            out.add("--player-heap " + heap + " (stored: " + stored.heapMegabytes() + ")");
        }
        if (threads != null && l.threads() != stored.threads()) {
            out.add("--player-threads " + threads + " (stored: " + stored.threads() + ")");
        }
        if (cpu != null && !l.cpuPerMove().equals(stored.cpuPerMove())) {
            out.add("--player-cpu " + cpu + " (stored: " + (stored.cpuPerMove().isZero() ? "the time per move"
                    : seconds(stored.cpuPerMove())) + ")");
        }
        if (files != null && l.fileMegabytes() != stored.fileMegabytes()) {
            out.add("--player-files " + files + " (stored: " + stored.fileMegabytes() + ")");
        }
        return out;
    }

    private static String seconds(Duration d) {
        return java.math.BigDecimal.valueOf(d.toNanos(), 9).stripTrailingZeros().toPlainString();
    }

    /**
     * Says on {@code err}, before the first game, which of {@code players} run in a process of their
     * own and under which limits (with what this machine cannot enforce), so that a forfeit for memory
     * or CPU time is no surprise; nothing when none does.
     *
     * @param wallTime what the wall time of a move is, in words ({@code the time per move})
     */
    static void describe(org.boardlab.cli.Services services, java.util.Collection<String> players, PlayerLimits limits, String wallTime,
            java.io.PrintWriter err) {
        org.boardlab.core.Registry registry = services.registry();
        java.util.List<String> hosted = players.stream().distinct()
                .filter(id -> registry.player(id).map(org.boardlab.core.PlayerHosting::hosted).orElse(false)).toList();
        if (hosted.isEmpty()) {
            return;
        }
        services.hosting().ifPresent(h -> err.println(String.join(", ", hosted) + (hosted.size() == 1 ? " runs" : " run")
                + " in its own process: " + h.describe(limits) + "; the wall time is " + wallTime));
    }

    private PlayerLimits asked() {
        PlayerLimits l = PlayerLimits.DEFAULT;
        if (heap != null) {
            l = l.withHeapMegabytes(heap);
        }
        if (threads != null) {
            l = l.withThreads(threads);
        }
        if (cpu != null) {
            if (!(cpu > 0) || cpu > 86_400) {
                throw new IllegalArgumentException("--player-cpu must be more than 0 and at most 86400 seconds, not " + cpu);
            }
            l = l.withCpuPerMove(Duration.ofNanos((long) (cpu * 1e9)));
        }
        if (files != null) {
            l = l.withFileMegabytes(files);
        }
        return l;
    }
}
