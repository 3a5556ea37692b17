package org.boardlab.store;

import java.time.Instant;

/**
 * A tournament's row.
 *
 * @param id         its id
 * @param name       its unique name
 * @param game       the game's id
 * @param options    the game's options as text
 * @param format     {@code round-robin}, {@code gauntlet}, {@code swiss}, {@code knockout}, ...
 * @param settings   every setting, as the tournament writes them (compared when it is run again)
 * @param state      {@code running}, {@code finished}, or what the tournament sets
 * @param createdAt  when it was created
 * @param finishedAt when it finished, or {@code null}
 */
public record Tournament(long id, String name, String game, String options, String format, String settings, String state,
        Instant createdAt, Instant finishedAt) {
}
