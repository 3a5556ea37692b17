package org.boardlab.game.dots;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Optional;
import java.util.Random;
import org.boardlab.api.GameOptions;
import org.boardlab.api.Move;
import org.boardlab.api.Side;
import org.boardlab.testkit.GameTestKit;
import org.junit.jupiter.api.Test;

/** Random games: the SPI's invariants, the rules' invariants, and the engine against a brute force. */
class DotsRandomGamesTest {

    private final Dots game = new Dots();

    @Test
    void testKitOnTenByTen() {
        GameTestKit.Report report = GameTestKit.of(game).options(GameOptions.DEFAULT.with("size", "10x10"))
                .games(200).seed(11).run();
        assertThat(report.games()).isEqualTo(200);
        assertThat(report.firstWins()).isPositive();
        assertThat(report.secondWins()).isPositive();
    }

    @Test
    void testKitOnTheFullBoard() {
        GameTestKit.Report report = GameTestKit.of(game).games(2).seed(5).run();
        // a full board of 1248 points takes fewer plies, since zones swallow free points
        assertThat(report.positions()).isGreaterThan(2 * 600).isLessThanOrEqualTo(2 * (39 * 32 + 1));
    }

    @Test
    void engineAgreesWithBruteForceOnSmallBoards() {
        Random random = new Random(2024);
        int captures = 0;
        for (int g = 0; g < 150; g++) {
            int w = 5 + random.nextInt(8);
            int h = 5 + random.nextInt(8);
            captures += playAgainstBruteForce(game.newGame(w, h), random, g % 10 == 0);
        }
        assertThat(captures).as("games with captures").isGreaterThan(100);
    }

    @Test
    void engineAgreesWithBruteForceOnLargerBoards() {
        Random random = new Random(77);
        for (int g = 0; g < 8; g++) {
            playAgainstBruteForce(game.newGame(13 + random.nextInt(12), 13 + random.nextInt(12)), random, false);
        }
        playAgainstBruteForce(game.newGame(), random, false);
    }

    @Test
    void rulesHoldThroughoutRandomGames() {
        Random random = new Random(9);
        for (int g = 0; g < 40; g++) {
            DotsPosition s = game.newGame(6 + random.nextInt(10), 6 + random.nextInt(10));
            while (!s.isTerminal()) {
                List<Move> moves = s.legalMoves();
                s = (DotsPosition) s.apply(moves.get(random.nextInt(moves.size())));
                Reference.check(s);
            }
        }
    }

    /** Plays one random game, comparing every point and both scores after each move; returns 1 if anything was captured. */
    private static int playAgainstBruteForce(DotsPosition start, Random random, boolean checkRules) {
        BruteForce brute = new BruteForce(start.width(), start.height());
        DotsPosition s = start;
        while (!s.isTerminal()) {
            List<Move> moves = s.legalMoves();
            Point m = (Point) moves.get(random.nextInt(moves.size()));
            brute.play(m.x(), m.y(), s.sideToMove().index() + 1);
            s = (DotsPosition) s.apply(m);
            for (int x = 0; x < s.width(); x++) {
                for (int y = 0; y < s.height(); y++) {
                    Point p = new Point(x, y);
                    assertThat(s.zoneOwnerAt(p)).as("zone owner at " + p + " after " + m + "\n" + s.boardText())
                            .isEqualTo(side(brute.owner[x][y]));
                    assertThat(s.dotAt(p)).isEqualTo(side(brute.colour[x][y]));
                }
            }
            assertThat(s.score(Side.FIRST)).isEqualTo(brute.score(1));
            assertThat(s.score(Side.SECOND)).isEqualTo(brute.score(2));
            if (checkRules) {
                Reference.check(s);
            }
        }
        return s.score(Side.FIRST) + s.score(Side.SECOND) > 0 ? 1 : 0;
    }

    private static Optional<Side> side(int player) {
        return player == 0 ? Optional.empty() : Optional.of(Side.of(player - 1));
    }
}
