package org.boardlab.tournament;

import java.util.List;

/**
 * Where a tournament writes what happens to it, so that it survives a crash: the store. The runner
 * calls it from several threads; each call must be durable when it returns.
 */
public interface TournamentLog {

    /**
     * Games about to be played, written before any of them starts. Games with a number that is
     * already written are left as they are.
     */
    void scheduled(List<ScheduledGame> games);

    /**
     * A finished game, committed (with its moves) before it counts anywhere.
     *
     * @return {@code false} if this game was already recorded (by another worker): then this result
     *         is dropped and the recorded one counts
     */
    boolean finished(PlayedGame game);

    /** The tournament ended: all its games are played (or the SPRT decided). */
    default void completed() {
    }

    /** Writes nothing: the results live only as long as the process (no {@code --db}). */
    TournamentLog NONE = new TournamentLog() {
        @Override
        public void scheduled(List<ScheduledGame> games) {
        }

        @Override
        public boolean finished(PlayedGame game) {
            return true;
        }
    };
}
