package org.boardlab.ai.search;

import org.boardlab.api.Game;
import org.boardlab.api.GameState;

/** Hand-made positions, written as the moves that lead to them. */
final class Positions {

    private Positions() {
    }

    /** The position after {@code moves}, space-separated in the game's notation, from the start. */
    static GameState after(Game game, String moves) {
        GameState state = game.newGame();
        for (String move : moves.trim().split("\\s+")) {
            if (!move.isEmpty()) {
                state = state.apply(state.parseMove(move));
            }
        }
        return state;
    }
}
