package org.boardlab.game.tictactoe;

import java.util.Optional;
import javax.inject.Named;
import javax.inject.Singleton;
import org.boardlab.api.Evaluation;
import org.boardlab.api.Game;
import org.boardlab.api.GameOptions;
import org.boardlab.api.GameState;
import org.boardlab.api.Side;
import org.boardlab.game.tictactoe.internal.TicTacToeState;

/**
 * Tic-tac-toe on a 3x3 board: X ({@link Side#FIRST}) moves first, three in a row wins, a full
 * board is a draw. The smallest complete {@link Game}: read it first when writing a game bundle.
 */
@Named("tictactoe")
@Singleton
public final class TicTacToe implements Game {

    @Override
    public String id() {
        return "tictactoe";
    }

    @Override
    public String name() {
        return "Tic-tac-toe";
    }

    @Override
    public GameState newGame(GameOptions options) {
        options.requireOnly(id());
        return TicTacToeState.start(this);
    }

    @Override
    public String sideName(Side side) {
        return side == Side.FIRST ? "X" : "O";
    }

    @Override
    public Optional<Evaluation> evaluation() {
        return Optional.of((state, side) -> ((TicTacToeState) state).openLines(side)
                - ((TicTacToeState) state).openLines(side.other()));
    }
}
