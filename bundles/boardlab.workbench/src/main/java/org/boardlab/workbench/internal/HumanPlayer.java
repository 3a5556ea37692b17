package org.boardlab.workbench.internal;

import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;
import org.boardlab.api.GameState;
import org.boardlab.api.Move;
import org.boardlab.api.MoveRequest;
import org.boardlab.core.PersonPlayer;

/**
 * A person at the workbench: the referee's request is answered by a move made on the board (or
 * typed); only a legal move of the position being asked about is taken. No thread waits for the
 * person: the move completes the referee's request from the UI thread. The referee counts the time
 * until the move as the person's thinking ({@link PersonPlayer}), not as network time.
 */
final class HumanPlayer implements PersonPlayer {

    private final Consumer<GameState> asked;
    /** The open request and its position, or {@code null} when it is not the person's turn. */
    private volatile Pending pending;

    private record Pending(GameState state, CompletableFuture<Move> answer) {
    }

    /** @param asked told (on the referee's thread) each time the person is to move */
    HumanPlayer(Consumer<GameState> asked) {
        this.asked = asked;
    }

    /** The position the person must move in, or {@code null} when it is not their turn. */
    GameState waitingFor() {
        Pending p = pending;
        return p == null || p.answer().isDone() ? null : p.state();
    }

    /** A move from the board or the move field; ignored unless legal in the position asked about. */
    boolean offer(Move move) {
        Pending p = pending;
        if (p == null || p.answer().isDone() || p.state().whyIllegal(move) != null) {
            return false;
        }
        return p.answer().complete(move);
    }

    @Override
    public CompletableFuture<Move> requestMove(MoveRequest request) {
        CompletableFuture<Move> answer = new CompletableFuture<>();
        Pending p = new Pending(request.state(), answer);
        pending = p;
        answer.whenComplete((move, error) -> {
            if (pending == p) {
                pending = null;
            }
        });
        asked.accept(request.state());
        return answer;
    }

    @Override
    public String description() {
        return "a person at this board";
    }
}
