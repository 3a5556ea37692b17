package org.boardlab.ai.basic;

import javax.inject.Named;
import org.boardlab.api.Move;
import org.boardlab.api.MoveRequest;
import org.boardlab.api.Player;

/** Seed 004's "stupid gamer": always the first move of the legal move list. */
@Named("first-legal")
public final class FirstLegalPlayer implements Player {

    @Override
    public Move chooseMove(MoveRequest request) {
        return request.state().legalMoves().get(0);
    }

    @Override
    public String description() {
        return "the first legal move, as seed 004's \"stupid gamer\"";
    }
}
