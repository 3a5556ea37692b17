package org.boardlab.ai.search;

import static org.assertj.core.api.Assertions.assertThat;

import org.boardlab.ai.basic.RandomPlayer;
import org.boardlab.api.Game;
import org.boardlab.api.GameOptions;
import org.boardlab.game.dots.Dots;
import org.boardlab.game.gomoku.Gomoku;
import org.boardlab.game.onitama.Onitama;
import org.boardlab.game.othello.Othello;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Alpha-beta against random, 100 games of each game with the default options (sides alternate),
 * at 10 ms a move: it must win at least 95. Slow (several minutes, most of it Dots), so excluded
 * from the normal build; run it with
 * {@code mvn -B test -DexcludedGroups= -Dgroups=strength -Dtest=StrengthTest}.
 * Each result is printed, with the number of alpha-beta's moves that were over the clock (counted,
 * not forfeited).
 */
@Tag("strength")
class StrengthTest {

    private static final int GAMES = 100;
    private static final int MIN_WINS = 95;
    private static final long MILLIS = 10;

    @Test
    void othello() throws Exception {
        check(new Othello());
    }

    @Test
    void gomoku() throws Exception {
        check(new Gomoku());
    }

    @Test
    void onitama() throws Exception {
        check(new Onitama());
    }

    @Test
    void dots() throws Exception {
        check(new Dots());
    }

    private static void check(Game game) throws Exception {
        long start = System.nanoTime();
        Matches.Tally tally = Matches.play(game, GameOptions.DEFAULT, AlphaBetaPlayer::new, RandomPlayer::new, GAMES,
                MILLIS);
        System.out.printf("strength: alphabeta vs random, %s, %d ms a move: %s in %.1f s%n", game.id(), MILLIS, tally,
                (System.nanoTime() - start) / 1e9);
        assertThat(tally.wins()).as(game.id() + ": " + tally).isGreaterThanOrEqualTo(MIN_WINS);
    }
}
