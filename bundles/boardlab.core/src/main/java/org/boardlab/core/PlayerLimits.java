package org.boardlab.core;

import java.time.Duration;

/**
 * What a player running in a process of its own may use (a student's jar from the players folder,
 * an engine). The wall time of a move is the match's time per move; these are the rest. Where the
 * machine cannot enforce one of them, {@link PlayerHosting#unenforced()} says which.
 *
 * @param heapMegabytes the player's Java heap (a Java player) or the process's memory (an engine), in
 *                      MB; default 256
 * @param threads       how many threads (and processes) the player's process may have at once,
 *                      the host's own included; default 64
 * @param cpuPerMove    how much CPU time the process may use from one answer to the next (all its
 *                      threads, time between moves included); {@link Duration#ZERO}: the time per
 *                      move (the default)
 * @param fileMegabytes the largest file the player may write in its scratch folder, in MB; default 64
 */
public record PlayerLimits(int heapMegabytes, int threads, Duration cpuPerMove, int fileMegabytes) {

    /** 256 MB of heap, 64 threads, CPU time per move up to the time per move, 64 MB files. */
    public static final PlayerLimits DEFAULT = new PlayerLimits(256, 64, Duration.ZERO, 64);

    public PlayerLimits {
        if (heapMegabytes < 16) {
            throw new IllegalArgumentException("a player's heap must be at least 16 MB, not " + heapMegabytes);
        }
        if (threads < 16) {
            throw new IllegalArgumentException("a player needs at least 16 threads (the JVM's own), not " + threads);
        }
        if (cpuPerMove.isNegative()) {
            throw new IllegalArgumentException("the CPU time per move cannot be negative");
        }
        if (fileMegabytes < 1) {
            throw new IllegalArgumentException("a player's files may have at least 1 MB, not " + fileMegabytes);
        }
    }

    /** The CPU time a move may use: {@link #cpuPerMove()}, or {@code timePerMove} when that is zero. */
    public Duration cpuPerMove(Duration timePerMove) {
        return cpuPerMove.isZero() ? timePerMove : cpuPerMove;
    }

    public PlayerLimits withHeapMegabytes(int mb) {
        return new PlayerLimits(mb, threads, cpuPerMove, fileMegabytes);
    }

    public PlayerLimits withThreads(int n) {
        return new PlayerLimits(heapMegabytes, n, cpuPerMove, fileMegabytes);
    }

    public PlayerLimits withCpuPerMove(Duration d) {
        return new PlayerLimits(heapMegabytes, threads, d, fileMegabytes);
    }

    public PlayerLimits withFileMegabytes(int mb) {
        return new PlayerLimits(heapMegabytes, threads, cpuPerMove, mb);
    }
}
