package org.boardlab.store;

/**
 * A pairing of a tournament: two players who meet in a round.
 *
 * @param id           its id
 * @param tournamentId its tournament
 * @param round        the round, from 1
 * @param number       its number in the round, from 1
 * @param firstPlayer  the player who moves first in the pairing's first game
 * @param secondPlayer the other player
 */
public record Pairing(long id, long tournamentId, int round, int number, String firstPlayer, String secondPlayer) {
}
