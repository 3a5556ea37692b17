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

    /**
     * Claims one of {@code candidates} (scheduled, without a result, not being played by this runner;
     * by number) for this runner to play. With the store's queue other processes ({@code boardlab
     * worker}) may hold some of them; empty when none can be claimed now. The store's log takes the
     * first game of its queue that nobody holds, whichever it is; with no candidates at all (a resume
     * that has not read its earlier games yet) only such a log has one to give.
     */
    default java.util.Optional<ScheduledGame> claim(List<ScheduledGame> candidates) {
        return candidates.stream().findFirst();
    }

    /** Gives a claimed game back without a result (the runner stopped before it ended). */
    default void release(ScheduledGame game) {
    }

    /**
     * Results of this tournament's games recorded by others (workers), by number; asked while the
     * runner waits for them (every 200 ms). May hold games the runner already has, its own included:
     * the runner takes in only those it has no result for and is not playing. The store's log reads
     * only what was stored since it last looked ({@link StoreTournamentLog#recordedElsewhere}).
     */
    default java.util.Map<Integer, GameScore> recordedElsewhere() {
        return java.util.Map.of();
    }

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
