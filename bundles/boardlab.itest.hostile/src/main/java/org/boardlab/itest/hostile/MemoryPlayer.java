package org.boardlab.itest.hostile;

import java.util.ArrayList;
import java.util.List;
import javax.inject.Named;
import org.boardlab.api.Move;
import org.boardlab.api.MoveRequest;
import org.boardlab.api.Player;

/** Allocates until it runs out of memory, on its first move. */
@Named("hostile-memory")
public final class MemoryPlayer implements Player {
    @Override
    public Move chooseMove(MoveRequest request) {
        List<long[]> hoard = new ArrayList<>();
        while (true) {
            hoard.add(new long[1 << 17]); // 1 MB at a time
        }
    }
}
