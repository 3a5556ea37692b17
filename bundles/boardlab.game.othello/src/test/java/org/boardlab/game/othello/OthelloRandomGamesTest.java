package org.boardlab.game.othello;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Random;
import org.boardlab.api.GameOptions;
import org.boardlab.api.GameState;
import org.boardlab.api.Move;
import org.boardlab.api.Side;
import org.boardlab.testkit.GameTestKit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Random games on every size through the test kit, and facts about whole games. */
class OthelloRandomGamesTest {

    private final Othello game = new Othello();

    @ParameterizedTest(name = "size {0}, {1} games")
    @CsvSource({"4, 400", "6, 200", "8, 100", "10, 30", "16, 6"})
    void randomGamesKeepEveryInvariant(int size, int games) {
        GameOptions options = GameOptions.DEFAULT.with("size", Integer.toString(size));
        GameTestKit.Report report = GameTestKit.of(game).options(options).games(games).seed(size).run();
        assertThat(report.firstWins() + report.secondWins() + report.draws()).isEqualTo(games);
        // both colours win some random games
        assertThat(report.firstWins()).isPositive();
        assertThat(report.secondWins()).isPositive();
        // a game has at most one placement per empty square plus passes, and at least a few plies
        assertThat(report.positions()).isGreaterThan(games * 5L);
    }

    @Test
    void cellsShowEveryDiscOfEveryPositionOnEverySize() {
        Random random = new Random(5);
        for (int size : new int[] {4, 8, 16}) {
            GameState state = game.newGame(GameOptions.DEFAULT.with("size", Integer.toString(size)));
            while (true) {
                OthelloPosition position = (OthelloPosition) state;
                String cells = position.cells();
                assertThat(cells).hasSize(size * size);
                for (int row = 0; row < size; row++) {
                    for (int col = 0; col < size; col++) {
                        char expected = position.disc(col, row).map(s -> s == Side.FIRST ? 'B' : 'W').orElse('.');
                        assertThat(cells.charAt(row * size + col)).as("(%d, %d) on %dx%d", col, row, size, size)
                                .isEqualTo(expected);
                    }
                }
                assertThat(cells.chars().filter(c -> c == 'B').count()).isEqualTo(position.discs(Side.FIRST));
                assertThat(cells.chars().filter(c -> c == 'W').count()).isEqualTo(position.discs(Side.SECOND));
                assertThat(position.cells()).as("the same text again").isEqualTo(cells);
                if (state.isTerminal()) {
                    break;
                }
                List<Move> moves = state.legalMoves();
                state = state.apply(moves.get(random.nextInt(moves.size())));
            }
        }
        String start = ((OthelloPosition) game.newGame(GameOptions.DEFAULT)).cells();
        assertThat(start).isEqualTo(".".repeat(27) + "WB" + ".".repeat(6) + "BW" + ".".repeat(27));
    }

    @Test
    void randomGamesWithSeed000ScoringKeepEveryInvariant() {
        GameTestKit.of(game).options(GameOptions.DEFAULT.with("scoring", "seed000").with("size", "6"))
                .games(200).seed(3).run();
    }

    @Test
    void everyFinishedGameIsScoredAsItsRulesSay() {
        Random random = new Random(11);
        int early = 0;
        for (int g = 0; g < 300; g++) {
            int size = 4 + 2 * random.nextInt(3);
            Scoring scoring = random.nextBoolean() ? Scoring.PLAIN : Scoring.SEED000;
            GameState state = game.newGame(GameOptions.DEFAULT.with("size", Integer.toString(size))
                    .with("scoring", scoring.optionValue()));
            int passesInARow = 0;
            while (!state.isTerminal()) {
                List<Move> moves = state.legalMoves();
                Move move = moves.get(random.nextInt(moves.size()));
                passesInARow = move == OthelloMove.PASS ? passesInARow + 1 : 0;
                assertThat(passesInARow).as("a pass is never answered by a pass").isLessThan(2);
                state = state.apply(move);
            }
            OthelloPosition end = (OthelloPosition) state;
            int black = end.discs(Side.FIRST);
            int white = end.discs(Side.SECOND);
            int squares = size * size;
            if (black + white < squares) {
                early++;
            }
            if (scoring == Scoring.SEED000) {
                assertThat(end.score(Side.FIRST) + end.score(Side.SECOND)).isEqualTo(squares);
            } else {
                assertThat(end.score(Side.FIRST)).isEqualTo(black);
                assertThat(end.score(Side.SECOND)).isEqualTo(white);
            }
            Side winner = black > white ? Side.FIRST : white > black ? Side.SECOND : null;
            assertThat(end.outcome().winner()).isEqualTo(winner);
        }
        assertThat(early).as("some random games end with empty squares").isPositive();
    }
}
