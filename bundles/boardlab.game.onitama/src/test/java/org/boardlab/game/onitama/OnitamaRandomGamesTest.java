package org.boardlab.game.onitama;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Random;
import org.boardlab.api.GameOptions;
import org.boardlab.api.GameState;
import org.boardlab.api.Move;
import org.boardlab.api.Side;
import org.boardlab.testkit.GameTestKit;
import org.junit.jupiter.api.Test;

class OnitamaRandomGamesTest {

    private final Onitama game = new Onitama();

    @Test
    void randomGamesWithTheDefaultDealKeepEveryInvariant() {
        GameTestKit.Report report = GameTestKit.of(game).games(300).seed(3).run();
        assertThat(report.firstWins() + report.secondWins() + report.draws()).isEqualTo(300);
        // random play: both sides win games; random games rarely last 200 plies
        assertThat(report.firstWins()).isPositive();
        assertThat(report.secondWins()).isPositive();
        assertThat(report.draws()).isLessThan(30);
    }

    @Test
    void randomGamesWithSeededDealsKeepEveryInvariant() {
        for (int seed = 0; seed < 10; seed++) {
            GameTestKit.Report report = GameTestKit.of(game).options(GameOptions.DEFAULT.with("seed", "" + seed))
                    .games(40).seed(seed).run();
            assertThat(report.games()).isEqualTo(40);
        }
    }

    @Test
    void withoutALimitRandomGamesStillEndByTheRules() {
        GameTestKit.Report report = GameTestKit.of(game).options(GameOptions.DEFAULT.with("limit", "0"))
                .games(100).seed(11).run();
        assertThat(report.draws()).isZero();
    }

    @Test
    void fastPerftCountsWhatTheMoveListGives() {
        Random random = new Random(5);
        for (int g = 0; g < 20; g++) {
            GameState state = game.newGame(GameOptions.DEFAULT.with("seed", "" + g));
            for (int ply = 0; ply < 12 && !state.isTerminal(); ply++) {
                for (int depth = 0; depth <= 3; depth++) {
                    assertThat(state.perft(depth)).as("perft(%d) at\n%s", depth, state.boardText())
                            .isEqualTo(slowPerft(state, depth));
                }
                List<Move> moves = state.legalMoves();
                state = state.apply(moves.get(random.nextInt(moves.size())));
            }
        }
        // a position whose only moves are passes
        GameState pass = Positions.position("B:a5 b:a4 b:a3 b:a2 b:a1 R:e5", "tiger horse crab ox frog",
                Side.FIRST);
        assertThat(pass.perft(1)).isEqualTo(2);
        assertThat(pass.perft(3)).isEqualTo(slowPerft(pass, 3));
    }

    @Test
    void perftOfTheStartWithTheDefaultDeal() {
        // ply 1: the 8 moves worked out by hand in OnitamaRulesTest
        assertThat(game.newGame().perft(1)).isEqualTo(8);
        assertThat(game.newGame().perft(2)).isEqualTo(slowPerft(game.newGame(), 2));
    }

    /** The SPI's definition of perft, walking legalMoves() and apply(). */
    private static long slowPerft(GameState state, int depth) {
        if (depth <= 0 || state.isTerminal()) {
            return 1;
        }
        long leaves = 0;
        for (Move move : state.legalMoves()) {
            leaves += slowPerft(state.apply(move), depth - 1);
        }
        return leaves;
    }
}
