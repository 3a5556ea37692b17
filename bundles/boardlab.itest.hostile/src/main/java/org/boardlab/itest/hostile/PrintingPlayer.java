package org.boardlab.itest.hostile;

import javax.inject.Named;
import org.boardlab.api.Move;
import org.boardlab.api.MoveRequest;
import org.boardlab.api.Player;

/** A well-behaved player that prints a line per move (the trivial player of the benchmarks, too). */
@Named("polite")
public final class PrintingPlayer implements Player {
    @Override
    public Move chooseMove(MoveRequest request) {
        Move m = Hostile.firstLegal(request);
        System.out.println("polite plays " + m.notation());
        return m;
    }
}
