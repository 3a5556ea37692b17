package org.boardlab.tutorial.greedy;

import java.util.List;
import org.boardlab.api.GameState;
import org.boardlab.api.Move;
import org.boardlab.api.MoveRequest;

/** A move request with one second to think, for tests. */
final class Requests {

    private Requests() {
    }

    static MoveRequest of(GameState state) {
        long deadline = System.nanoTime() + 1_000_000_000L;
        return new MoveRequest() {
            @Override
            public GameState state() {
                return state;
            }

            @Override
            public List<Move> history() {
                return List.of();
            }

            @Override
            public long deadlineNanos() {
                return deadline;
            }

            @Override
            public boolean isCancelled() {
                return System.nanoTime() > deadline;
            }

            @Override
            public long seed() {
                return 1;
            }
        };
    }
}
