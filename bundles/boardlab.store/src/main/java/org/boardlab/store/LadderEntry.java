package org.boardlab.store;

import java.time.Instant;

/**
 * One player's current standing on a ladder of the running lab ladder ({@link Store#ladder}).
 *
 * @param ladder     {@code elo} (seed 002's Elo) or {@code glicko2} (Glicko-2, Lichess's defaults)
 * @param game       the game's id ({@code othello})
 * @param player     the player id
 * @param rating     the rating now
 * @param deviation  Glicko-2's rating deviation, or {@code null} on the Elo ladder
 * @param volatility Glicko-2's volatility, or {@code null} on the Elo ladder
 * @param games      rated games played
 * @param wins       of which won
 * @param draws      drawn
 * @param losses     lost (a forfeit is a loss)
 * @param lastGameId the stored game that changed it last
 * @param updatedAt  when that game ended
 */
public record LadderEntry(String ladder, String game, String player, double rating, Double deviation, Double volatility, int games,
        int wins, int draws, int losses, Long lastGameId, Instant updatedAt) {
}
