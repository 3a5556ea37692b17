package org.boardlab.store;

import java.util.Objects;

/**
 * A game a tournament wants played, before it is in the queue ({@link Store#schedule}).
 *
 * @param number       its number in the tournament, from 1, unique in the tournament
 * @param round        its round, from 1
 * @param pairing      which pairing of the round it belongs to, from 1
 * @param game         the game's id
 * @param options      the game's options as text ({@code size=8})
 * @param firstPlayer  the player id of the first side
 * @param secondPlayer the player id of the second side
 * @param firstJar     the content hash of the first player's jar in {@code player_jars}, or
 *                     {@code null}: the player as loaded where it is played
 * @param secondJar    the same for the second player
 * @param opening      the opening's moves in notation, separated by spaces, {@code ""} for none
 * @param timeControl  the time control as text ({@code 20ms}, {@code 5m+2s}), for people and workers
 * @param seed         the seed of the players' randomness for this game
 */
public record GameToSchedule(int number, int round, int pairing, String game, String options, String firstPlayer,
        String secondPlayer, String firstJar, String secondJar, String opening, String timeControl, long seed) {

    public GameToSchedule {
        Objects.requireNonNull(game, "game");
        Objects.requireNonNull(options, "options");
        Objects.requireNonNull(firstPlayer, "firstPlayer");
        Objects.requireNonNull(secondPlayer, "secondPlayer");
        Objects.requireNonNull(opening, "opening");
        Objects.requireNonNull(timeControl, "timeControl");
    }
}
