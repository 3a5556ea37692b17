package org.boardlab.itest.hostile;

import javax.inject.Named;
import org.boardlab.api.Move;
import org.boardlab.api.MoveRequest;
import org.boardlab.api.Player;

/**
 * Answers at once, but leaves two threads spinning in the background from its first move on, so it
 * uses CPU time while its opponent thinks.
 */
@Named("hostile-cpu")
public final class CpuPlayer implements Player {
    static volatile long sink;

    @Override
    public Move chooseMove(MoveRequest request) throws InterruptedException {
        if (Hostile.ownMove(request) == 1) {
            for (int i = 0; i < 2; i++) {
                Thread t = new Thread(() -> {
                    while (true) {
                        sink++;
                    }
                });
                t.setDaemon(true);
                t.start();
            }
        }
        Thread.sleep(400);
        return Hostile.firstLegal(request);
    }
}
