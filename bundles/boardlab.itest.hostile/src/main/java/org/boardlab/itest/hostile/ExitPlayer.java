package org.boardlab.itest.hostile;

import javax.inject.Named;
import org.boardlab.api.Move;
import org.boardlab.api.MoveRequest;
import org.boardlab.api.Player;

/** Calls System.exit(0) on its second move. */
@Named("hostile-exit")
public final class ExitPlayer implements Player {
    @Override
    public Move chooseMove(MoveRequest request) {
        if (Hostile.ownMove(request) == 2) {
            System.exit(0);
        }
        return Hostile.firstLegal(request);
    }
}
