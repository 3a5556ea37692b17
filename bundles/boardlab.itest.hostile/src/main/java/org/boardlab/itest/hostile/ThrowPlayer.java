package org.boardlab.itest.hostile;

import javax.inject.Named;
import org.boardlab.api.Move;
import org.boardlab.api.MoveRequest;
import org.boardlab.api.Player;

/** Throws on its second move. */
@Named("hostile-throw")
public final class ThrowPlayer implements Player {
    @Override
    public Move chooseMove(MoveRequest request) {
        if (Hostile.ownMove(request) == 2) {
            throw new IllegalStateException("my evaluation table is empty");
        }
        return Hostile.firstLegal(request);
    }
}
