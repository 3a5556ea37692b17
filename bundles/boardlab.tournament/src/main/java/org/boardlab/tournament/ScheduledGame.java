package org.boardlab.tournament;

import java.util.List;

/**
 * One game of a tournament, as scheduled: who plays which side, from which opening, with which seed.
 *
 * @param number  the game's number in the tournament, from 1
 * @param round   its round, from 1 (a round-robin's cycle, a Swiss or knockout round)
 * @param pairing which pairing of the round it belongs to, from 1
 * @param first   the id of the player of the first side
 * @param second  the id of the player of the second side
 * @param opening the moves played before the players are asked, in notation (empty: the normal start)
 * @param seed    the seed handed to the players
 */
public record ScheduledGame(int number, int round, int pairing, String first, String second, List<String> opening, long seed) {

    public ScheduledGame {
        opening = List.copyOf(opening);
    }
}
