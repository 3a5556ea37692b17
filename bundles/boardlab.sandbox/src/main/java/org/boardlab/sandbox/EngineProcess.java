package org.boardlab.sandbox;

import java.util.concurrent.CompletableFuture;
import java.util.function.Predicate;

/**
 * An engine's running process (see {@link Engines#start}): lines to its standard input, lines from its
 * standard output; what it writes on its standard error is shown and kept for the reason of a fault.
 * When it ends, every open {@link #next} fails with a {@link org.boardlab.core.PlayerFault} that says
 * why (its exit status, a signal, the memory limit) and at which move.
 */
public interface EngineProcess {

    /** Sends one line (a line break is added). */
    void send(String line);

    /**
     * The next line from the engine for which {@code answer} holds; lines before it are only shown in
     * the inspector (an engine's MESSAGE, DEBUG, ...). Fails with a PlayerFault if the process ends first.
     * One {@code next} at a time. Lines that came while nobody waited are looked at first (a fast
     * engine may answer before {@code next} is called).
     */
    CompletableFuture<String> next(Predicate<String> answer);

    /** The move being played, for the reason of a fault ("exited with status 1 at move 7"). */
    void atMove(int move);

    /**
     * The match the engine now plays in: the lines to and from it from now on are shown in the
     * inspector under that match ({@code 0}: none, the default).
     */
    void match(long matchId);

    /** Whether it still runs. */
    boolean alive();

    /** CPU time its processes used so far, in ns. */
    long cpuNanos();

    /** Whether it met its thread (process) limit. */
    boolean hitThreadLimit();

    /** Kills it and everything it started, at once. */
    void kill();

    /** Sends {@code farewell} (if not null), and kills it if it has not ended 500 ms later. */
    void end(String farewell);

    /** Its process id (outside its sandbox). */
    long pid();
}
