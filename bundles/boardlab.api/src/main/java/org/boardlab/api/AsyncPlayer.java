package org.boardlab.api;

import java.util.concurrent.CompletableFuture;
import org.osgi.annotation.versioning.ConsumerType;

/**
 * A player whose moves arrive from elsewhere (a network client, a person at a board, a player in a
 * process of its own) and that needs no thread while it waits: whoever asks it (core's referee, the
 * client stack's seat on somebody's server) calls {@link #requestTimedMove} (by default
 * {@link #requestMove}) instead of running {@link #chooseMove} on a worker thread, and the move is
 * handed over by completing the future, from any thread.
 *
 * <p>The asker cancels the future when the answer is no longer wanted (the deadline passed, the game
 * ended, the seat was closed); a move given after that is ignored. A player that is also
 * {@link AutoCloseable} is closed by the referee when its game ends (on a referee's thread: close
 * quickly, never block).
 *
 * <p>In {@code boardlab.api} since 0.4.0 (it was {@code org.boardlab.core.AsyncPlayer}), so that the
 * client stack, which needs the api only, asks such a player without a thread too.
 */
@ConsumerType
public interface AsyncPlayer extends Player {

    /**
     * A move with the part of its time that the player measured itself.
     *
     * @param move          the move
     * @param thinkingNanos how long the player thought, as measured where it runs (a player host);
     *                      {@code -1} when not known (a network client: then the whole wait counts as
     *                      network time)
     */
    record Timed(Move move, long thinkingNanos) {
    }

    /**
     * Starts asking for a move. Complete the future with a move (or exceptionally, to fail). The
     * asker cancels it when the deadline passes or the game ends; a move given after that is
     * ignored.
     */
    CompletableFuture<Move> requestMove(MoveRequest request);

    /**
     * As {@link #requestMove}, with the thinking time the player measured: the referee then splits the
     * wait into thinking and the host's overhead (core's {@code MatchJournal.MoveTimes.hostNanos()})
     * instead of counting it all as network time. By default {@link #requestMove}, thinking not known;
     * cancelling the returned future cancels the one {@link #requestMove} gave.
     */
    default CompletableFuture<Timed> requestTimedMove(MoveRequest request) {
        CompletableFuture<Move> move = requestMove(request);
        CompletableFuture<Timed> timed = move.thenApply(m -> new Timed(m, -1));
        timed.whenComplete((t, e) -> {
            if (timed.isCancelled()) {
                move.cancel(true); // the asker's cancel reaches the player's own future
            }
        });
        return timed;
    }

    /**
     * The referee's deadline passed before an answer came (the future is cancelled next). Returns what
     * the player did about it, in words, added to the forfeit's reason (for example {@code "no answer in
     * 10 s, process killed"}), or {@code null}. Called on a referee's thread with the game's lock held:
     * do not block.
     */
    default String timedOut() {
        return null;
    }

    /** The blocking form, for callers that have a thread to spare. */
    @Override
    default Move chooseMove(MoveRequest request) throws Exception {
        return requestMove(request).get();
    }
}
