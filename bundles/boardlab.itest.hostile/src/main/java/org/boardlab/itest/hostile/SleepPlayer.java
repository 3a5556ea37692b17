package org.boardlab.itest.hostile;

import javax.inject.Named;
import org.boardlab.api.Move;
import org.boardlab.api.MoveRequest;
import org.boardlab.api.Player;

/** Sleeps past its deadline on its first move, and sleeps again when interrupted. */
@Named("hostile-sleep")
public final class SleepPlayer implements Player {
    @Override
    public Move chooseMove(MoveRequest request) {
        long until = System.nanoTime() + request.remainingNanos() + 60_000_000_000L;
        while (System.nanoTime() < until) {
            try {
                Thread.sleep(1000);
            } catch (InterruptedException e) {
                // keeps sleeping
            }
        }
        return Hostile.firstLegal(request);
    }
}
