package org.boardlab.store;

import java.time.Instant;

/**
 * A row of the scheduled games' queue, with its result once it is done.
 *
 * @param id           its id
 * @param tournamentId its tournament
 * @param game         what to play, as it was scheduled
 * @param state        {@code queued}, {@code leased} or {@code done}
 * @param leaseOwner   who plays it or played it last (a worker's name), or {@code null}
 * @param leaseUntil   when that lease runs out unless renewed, or {@code null}
 * @param attempts     how many times it has been taken
 * @param gameId       the stored game once done, or {@code null}
 * @param winner       once done: 1 the first side won, 2 the second, {@code null} a draw (or not done)
 * @param ending       once done: how it ended ({@code normal}, {@code timeout}, ...), else {@code null}
 * @param result       once done: the result in words, else {@code null}
 * @param plies        once done: how many moves (the opening's included), else 0
 */
public record ScheduledGame(long id, long tournamentId, GameToSchedule game, String state, String leaseOwner, Instant leaseUntil,
        int attempts, Long gameId, Integer winner, String ending, String result, int plies) {

    /** {@code true} once its game is stored. */
    public boolean isDone() {
        return "done".equals(state);
    }
}
