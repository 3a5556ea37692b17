package org.boardlab.ai.basic;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.boardlab.api.GameState;
import org.boardlab.api.Move;
import org.boardlab.api.MoveRequest;
import org.boardlab.api.Player;
import org.boardlab.game.tictactoe.TicTacToe;
import org.boardlab.testkit.MoveRequests;
import org.boardlab.testkit.PlayerTestKit;
import org.junit.jupiter.api.Test;

class BasicPlayersTest {

    private final TicTacToe game = new TicTacToe();

    @Test
    void bothPlayLegallyInTime() throws Exception {
        PlayerTestKit.of(new RandomPlayer()).game(game).games(50).millisPerMove(100).graceMillis(400).run();
        PlayerTestKit.of(new FirstLegalPlayer()).game(game).games(5).millisPerMove(100).graceMillis(400).run();
    }

    @Test
    void firstLegalTakesTheFirstMoveOfTheList() throws Exception {
        GameState state = game.newGame().apply(game.newGame().parseMove("a1"));
        assertThat(new FirstLegalPlayer().chooseMove(request(state, 1)).notation()).isEqualTo("b1");
    }

    @Test
    void randomIsRepeatableForASeedAndVariesAcrossSeeds() throws Exception {
        GameState start = game.newGame();
        Player random = new RandomPlayer();
        assertThat(random.chooseMove(request(start, 42))).isEqualTo(random.chooseMove(request(start, 42)));
        List<String> chosen = new ArrayList<>();
        for (long seed = 0; seed < 200; seed++) {
            chosen.add(random.chooseMove(request(start, seed)).notation());
        }
        // all nine squares are chosen by some seed
        assertThat(chosen).containsAll(start.legalMoves().stream().map(Move::notation).toList());
    }

    private static MoveRequest request(GameState state, long seed) {
        return MoveRequests.within(state, seed, 1000);
    }
}
