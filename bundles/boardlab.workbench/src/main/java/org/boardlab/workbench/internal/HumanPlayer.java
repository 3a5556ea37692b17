package org.boardlab.workbench.internal;

import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.boardlab.api.GameState;
import org.boardlab.api.Move;
import org.boardlab.api.MoveRequest;
import org.boardlab.api.Player;

/**
 * A person at the workbench: the referee's request waits for a move made on the board (or typed);
 * only a legal move of the position being asked about is taken.
 */
final class HumanPlayer implements Player {

    private final BlockingQueue<Move> moves = new LinkedBlockingQueue<>();
    private final Consumer<GameState> asked;
    private volatile GameState waitingFor;

    /** @param asked told (on the match's thread) each time the person is to move */
    HumanPlayer(Consumer<GameState> asked) {
        this.asked = asked;
    }

    /** The position the person must move in, or {@code null} when it is not their turn. */
    GameState waitingFor() {
        return waitingFor;
    }

    /** A move from the board or the move field; ignored unless legal in the position asked about. */
    boolean offer(Move move) {
        GameState state = waitingFor;
        if (state == null || state.whyIllegal(move) != null) {
            return false;
        }
        return moves.offer(move);
    }

    @Override
    public Move chooseMove(MoveRequest request) throws InterruptedException {
        moves.clear();
        waitingFor = request.state();
        asked.accept(request.state());
        try {
            while (!request.isCancelled()) {
                Move move = moves.poll(Math.max(1, Math.min(request.remainingNanos(), 50_000_000L)), TimeUnit.NANOSECONDS);
                if (move != null) {
                    return move;
                }
            }
            return null;
        } finally {
            waitingFor = null;
        }
    }

    @Override
    public String description() {
        return "a person at this board";
    }
}
