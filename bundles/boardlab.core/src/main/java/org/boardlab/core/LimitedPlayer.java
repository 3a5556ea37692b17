package org.boardlab.core;

import java.time.Duration;

/**
 * A player that runs under {@link PlayerLimits} (a player in a process of its own). A {@link Match}
 * hands it the match's limits and time per move before its game starts; a player that is never told
 * uses {@link PlayerLimits#DEFAULT}.
 */
public interface LimitedPlayer {

    /** The limits of the coming game; called once, before the first move is asked. */
    void limit(PlayerLimits limits, Duration timePerMove);

    /**
     * The match this player plays its next games in, told with {@link #limit}: what the player's
     * process says and is told (an engine's lines) is shown in the inspector under this match.
     */
    default void match(long matchId) {
    }
}
