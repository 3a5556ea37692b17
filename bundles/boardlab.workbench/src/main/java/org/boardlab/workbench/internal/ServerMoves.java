package org.boardlab.workbench.internal;

import java.util.ArrayDeque;
import java.util.concurrent.CompletableFuture;
import org.boardlab.api.AsyncPlayer;
import org.boardlab.api.GameState;
import org.boardlab.api.Move;
import org.boardlab.api.MoveRequest;

/**
 * The moves a server told, for one side of the local copy of its game ({@link RemoteGame}): the
 * referee applies them as they come, so that a move the rules here refuse shows as that side's
 * forfeit with the reason.
 */
final class ServerMoves implements AsyncPlayer {

    private final ArrayDeque<String> moves = new ArrayDeque<>();
    private CompletableFuture<Move> pending;
    private GameState pendingState;

    /**
     * A move the server told. The waiting request is taken before it is answered, and answered outside
     * the lock: the referee, answered, may at once ask this relay again (after a pass it played itself).
     */
    void moved(String notation) {
        CompletableFuture<Move> waiting;
        GameState state;
        synchronized (this) {
            if (pending == null || pending.isDone()) {
                moves.add(notation);
                return;
            }
            waiting = pending;
            state = pendingState;
            pending = null;
        }
        answer(waiting, state, notation);
    }

    @Override
    public synchronized CompletableFuture<Move> requestMove(MoveRequest request) {
        CompletableFuture<Move> f = new CompletableFuture<>();
        String next = moves.poll();
        if (next != null) {
            answer(f, request.state(), next);
        } else {
            pending = f;
            pendingState = request.state();
        }
        return f;
    }

    private static void answer(CompletableFuture<Move> f, GameState state, String notation) {
        try {
            f.complete(state.parseMove(notation));
        } catch (RuntimeException e) {
            f.completeExceptionally(new IllegalStateException("the server's move " + notation + " cannot be read here: " + e.getMessage()));
        }
    }

    @Override
    public String description() {
        return "the moves the server tells";
    }
}
