package org.boardlab.itest.hostile;

import javax.inject.Named;
import org.boardlab.api.Move;
import org.boardlab.api.MoveRequest;
import org.boardlab.api.Player;

/** Starts 10,000 threads that sleep for ever, on its first move; then plays. */
@Named("hostile-threads")
public final class ThreadsPlayer implements Player {
    @Override
    public Move chooseMove(MoveRequest request) {
        for (int i = 0; i < 10_000; i++) {
            Thread t = new Thread(() -> {
                while (true) {
                    try {
                        Thread.sleep(60_000);
                    } catch (InterruptedException e) {
                        // keeps sleeping
                    }
                }
            });
            t.setDaemon(true);
            t.start();
        }
        return Hostile.firstLegal(request);
    }
}
