package org.boardlab.tutorial.greedy;

import static org.assertj.core.api.Assertions.assertThat;

import org.boardlab.api.GameState;
import org.boardlab.api.Move;
import org.boardlab.game.gomoku.Gomoku;
import org.boardlab.game.tictactoe.TicTacToe;
import org.boardlab.testkit.MoveRequests;
import org.boardlab.testkit.PlayerTestKit;
import org.junit.jupiter.api.Test;

class GreedyPlayerTest {

    @Test
    void playsLegallyAndInTime() throws Exception {
        PlayerTestKit.of(new GreedyPlayer()).game(new TicTacToe()).games(5).millisPerMove(200).graceMillis(400).run();
        PlayerTestKit.of(new GreedyPlayer()).game(new Gomoku()).games(1).millisPerMove(500).graceMillis(400).run();
    }

    @Test
    void takesAWinningMove() {
        TicTacToe game = new TicTacToe();
        GameState state = game.newGame();
        for (String m : "a1 a2 b1 b2".split(" ")) {
            state = state.apply(state.parseMove(m));
        }
        Move chosen = new GreedyPlayer().chooseMove(MoveRequests.within(state, 1, 1000));
        assertThat(chosen.notation()).isEqualTo("c1");
    }
}
