package org.boardlab.store;

import java.time.Instant;
import java.util.Objects;

/**
 * One rating change of a player on a ladder for a game (a row of the ratings history).
 *
 * @param ladder       the ladder ({@code elo}, {@code glicko2}, {@code dots}, ...)
 * @param game         the game's id ({@code othello})
 * @param player       the player id or user name
 * @param rating       the rating after the change
 * @param deviation    the rating deviation (Glicko), or {@code null}
 * @param volatility   the volatility (Glicko-2), or {@code null}
 * @param games        the player's games on the ladder so far
 * @param tournamentId the tournament it comes from, or {@code null}
 * @param gameId       the stored game it comes from, or {@code null}
 * @param at           when; {@code null} when saving means now
 */
public record Rating(String ladder, String game, String player, double rating, Double deviation, Double volatility, int games,
        Long tournamentId, Long gameId, Instant at) {

    public Rating {
        Objects.requireNonNull(ladder, "ladder");
        Objects.requireNonNull(game, "game");
        Objects.requireNonNull(player, "player");
    }
}
