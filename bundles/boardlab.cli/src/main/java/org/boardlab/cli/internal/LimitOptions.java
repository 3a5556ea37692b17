package org.boardlab.cli.internal;

import java.time.Duration;
import org.boardlab.core.PlayerLimits;
import picocli.CommandLine.Option;

/**
 * The limits of players that run in a process of their own (students' jars from the players folder),
 * as options of the commands that play: what each such player's process may use in this match. The
 * wall time of a move is the match's time per move; an engine's descriptor sets its own limits.
 */
public final class LimitOptions {

    @Option(names = "--player-heap", paramLabel = "MB", description = {"Java heap of each student's player's process, in MB",
        "(default: " + 256 + "; at least 16)."})
    Integer heap;

    @Option(names = "--player-threads", paramLabel = "N", description = {"Threads each student's player's process may have,",
        "the JVM's own included (default: " + 64 + "; at least 16)."})
    Integer threads;

    @Option(names = "--player-cpu", paramLabel = "S", description = {"CPU seconds a student's player may use from one move to the next",
        "(default: the time per move)."})
    Double cpu;

    @Option(names = "--player-files", paramLabel = "MB", description = {"Largest file a student's player may write in its scratch folder, in MB",
        "(default: " + 64 + ")."})
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
