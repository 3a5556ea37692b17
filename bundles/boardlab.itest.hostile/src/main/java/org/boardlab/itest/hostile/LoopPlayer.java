package org.boardlab.itest.hostile;

import javax.inject.Named;
import org.boardlab.api.Move;
import org.boardlab.api.MoveRequest;
import org.boardlab.api.Player;

/** Loops for ever on its first move, ignoring the deadline and interrupts. */
@Named("hostile-loop")
public final class LoopPlayer implements Player {
    static volatile long sink;

    @Override
    public Move chooseMove(MoveRequest request) {
        while (true) {
            sink++;
        }
    }
}
