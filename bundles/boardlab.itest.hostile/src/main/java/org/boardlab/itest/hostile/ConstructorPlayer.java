package org.boardlab.itest.hostile;

import javax.inject.Named;
import org.boardlab.api.Move;
import org.boardlab.api.MoveRequest;
import org.boardlab.api.Player;

/** Its constructor throws. */
@Named("hostile-constructor")
public final class ConstructorPlayer implements Player {

    public ConstructorPlayer() {
        throw new IllegalStateException("the opening book is missing");
    }

    @Override
    public Move chooseMove(MoveRequest request) {
        return Hostile.firstLegal(request);
    }
}
