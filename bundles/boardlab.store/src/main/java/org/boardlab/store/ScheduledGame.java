package org.boardlab.store;

import java.time.Instant;

/**
 * A row of the scheduled games' queue.
 *
 * @param id           its id
 * @param tournamentId its tournament
 * @param game         what to play, as it was scheduled
 * @param state        {@code queued}, {@code leased} or {@code done}
 * @param leaseOwner   who plays it now (a worker's name), or {@code null}
 * @param leaseUntil   when that lease runs out unless renewed, or {@code null}
 * @param attempts     how many times it has been leased
 * @param gameId       the stored game once done, or {@code null}
 */
public record ScheduledGame(long id, long tournamentId, GameToSchedule game, String state, String leaseOwner, Instant leaseUntil,
        int attempts, Long gameId) {
}
