package org.boardlab.itest.hostile;

import javax.inject.Named;
import org.boardlab.api.Move;
import org.boardlab.api.MoveRequest;
import org.boardlab.api.Player;

/**
 * Leaves two threads spinning in the background from its first move on, so it uses CPU time between
 * its answers, and answers after 1.5 s: long enough for the spinning threads to pass the test's 0.1 s
 * limit even on a machine whose two cores are shared by 20 busy processes (with 0.4 s, at load 14-17,
 * they once did not, and the player won its game).
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
        Thread.sleep(1_500);
        return Hostile.firstLegal(request);
    }
}
