package org.boardlab.store;

import java.time.Instant;

/**
 * Which games {@link Store#games} lists; a {@code null} field does not filter. Games come newest
 * first (by id).
 *
 * @param tournament a tournament's name
 * @param player     a player id or side name, on either side
 * @param game       a game's id ({@code othello})
 * @param since      ended at or after
 * @param until      ended before
 * @param result     {@code win} (someone won), {@code draw}, {@code forfeit} (an illegal move, a
 *                   move out of turn, a time-out or an error), or an ending ({@code timeout}, ...)
 * @param limit      at most this many, 0 for all
 */
public record GameQuery(String tournament, String player, String game, Instant since, Instant until, String result, int limit) {

    /** Every game. */
    public static final GameQuery ALL = new GameQuery(null, null, null, null, null, null, 0);

    public GameQuery withTournament(String name) {
        return new GameQuery(name, player, game, since, until, result, limit);
    }

    public GameQuery withPlayer(String id) {
        return new GameQuery(tournament, id, game, since, until, result, limit);
    }

    public GameQuery withGame(String id) {
        return new GameQuery(tournament, player, id, since, until, result, limit);
    }

    public GameQuery between(Instant from, Instant to) {
        return new GameQuery(tournament, player, game, from, to, result, limit);
    }

    public GameQuery withResult(String r) {
        return new GameQuery(tournament, player, game, since, until, r, limit);
    }

    public GameQuery limit(int n) {
        return new GameQuery(tournament, player, game, since, until, result, n);
    }
}
