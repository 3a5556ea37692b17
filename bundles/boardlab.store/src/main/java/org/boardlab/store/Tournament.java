package org.boardlab.store;

import java.time.Instant;

/**
 * A tournament's row.
 *
 * @param id               its id
 * @param name             its unique name
 * @param game             the game's id
 * @param options          the game's options as text
 * @param settings         every setting, as the tournament writes them (JSON; compared when it is run again)
 * @param timePerMoveMs    the time per move, or 0 with a clock
 * @param clockBaseMs      the clock's base time, or 0 without a clock
 * @param clockIncrementMs the clock's increment per move, or 0
 * @param status           {@code running}, {@code finished}, {@code stopped}
 * @param createdAt        when it was created
 * @param finishedAt       when it finished, or {@code null}
 */
public record Tournament(long id, String name, String game, String options, String settings, long timePerMoveMs,
        long clockBaseMs, long clockIncrementMs, String status, Instant createdAt, Instant finishedAt) {
}
