package org.boardlab.ai.onitama;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Locale;
import java.util.Random;
import org.boardlab.ai.basic.RandomPlayer;
import org.boardlab.api.GameOptions;
import org.boardlab.api.GameState;
import org.boardlab.api.Move;
import org.boardlab.api.Player;
import org.boardlab.api.Side;
import org.boardlab.game.onitama.Onitama;
import org.boardlab.game.onitama.OnitamaEncoding;
import org.boardlab.game.onitama.OnitamaMove;
import org.boardlab.game.onitama.OnitamaPosition;
import org.boardlab.game.onitama.Square;
import org.boardlab.game.tictactoe.TicTacToe;
import org.boardlab.testkit.PlayerTestKit;
import org.junit.jupiter.api.Test;

class OnitamaPlayersTest {

    private final Onitama game = new Onitama();

    /** A position from pieces like {@code "B:c3 R:a5"} and five cards (blue's two, red's two, side); MinimaxSearchTest uses it too. */
    static OnitamaPosition position(String pieces, String cards, Side toMove) {
        char[] digits = "0".repeat(25).toCharArray();
        for (String token : pieces.split(" ")) {
            Square square = Square.parse(token.substring(2));
            digits[(5 - square.row()) * 5 + square.column()] = (char) ('0' + "-BbRr".indexOf(token.charAt(0)));
        }
        String[] c = cards.toUpperCase(Locale.ROOT).split(" ");
        return OnitamaEncoding.parse(new String(digits) + ";" + c[0] + " " + c[1] + ";" + c[2] + " " + c[3] + ";"
                + c[4] + " " + toMove.index());
    }

    private static MinimaxSearch unlimited() {
        return new MinimaxSearch(() -> false);
    }

    @Test
    void bothPlayLegallyAndInTime() throws Exception {
        PlayerTestKit.of(new OnitamaNormalPlayer()).game(game).games(3).millisPerMove(1000).graceMillis(400).run();
        PlayerTestKit.of(new OnitamaHardPlayer()).game(game).games(2).millisPerMove(1000).graceMillis(400).run();
        PlayerTestKit.of(new OnitamaHardPlayer()).game(game).options(GameOptions.DEFAULT.with("seed", "9"))
                .games(1).millisPerMove(1000).graceMillis(400).run();
    }

    @Test
    void theyPlayOnitamaOnly() {
        assertThat(new OnitamaNormalPlayer().supports(game)).isTrue();
        assertThat(new OnitamaHardPlayer().supports(game)).isTrue();
        assertThat(new OnitamaHardPlayer().supports(new TicTacToe())).isFalse();
        assertThatThrownBy(() -> new OnitamaHardPlayer().chooseMove(Requests.of(new TicTacToe().newGame(), 100, 1)))
                .hasMessage("onitama-hard plays only Onitama, not tictactoe");
        assertThat(new OnitamaNormalPlayer().depth()).isEqualTo(2);
        assertThat(new OnitamaHardPlayer().depth()).isEqualTo(4);
    }

    @Test
    void aWinningMoveIsTaken() throws Exception {
        // blue can take a student on a3 or the master on c4 (ox: forward one, right one, back one)
        OnitamaPosition state = position("B:c1 b:c3 b:a2 R:c4 r:a3 r:e5", "ox tiger frog horse crab", Side.FIRST);
        for (Player player : List.of(new OnitamaNormalPlayer(), new OnitamaHardPlayer())) {
            assertThat(player.chooseMove(Requests.of(state, 1000, 1)).notation()).isEqualTo("ox:c3-c4");
        }
        // the temple: blue's master one step from c5
        OnitamaPosition temple = position("B:c4 b:a1 R:a5 r:e4", "ox tiger frog horse crab", Side.FIRST);
        assertThat(new OnitamaNormalPlayer().chooseMove(Requests.of(temple, 1000, 1)).notation()).isEqualTo("ox:c4-c5");
    }

    @Test
    void aThreatToTheMasterIsAnswered() throws Exception {
        // red's tiger takes c3-c1 (and red's ox takes c3-c2 next): blue's master must step aside to b1, d1 or e1
        OnitamaPosition state = position("B:c1 b:a1 r:c3 R:e5", "boar crab tiger ox horse", Side.FIRST);
        for (Player player : List.of(new OnitamaNormalPlayer(), new OnitamaHardPlayer())) {
            OnitamaMove move = (OnitamaMove) player.chooseMove(Requests.of(state, 1000, 1));
            assertThat(move.from()).as(move.notation()).isEqualTo(Square.C1);
            assertThat(move.to()).as(move.notation()).isIn(Square.B1, Square.D1, Square.E1);
        }
    }

    @Test
    void alphaBetaChoosesWhatPlainMinimaxChooses() {
        Random random = new Random(17);
        int compared = 0;
        for (int g = 0; g < 12; g++) {
            GameState state = game.newGame(GameOptions.DEFAULT.with("seed", "" + (100 + g)));
            while (!state.isTerminal()) {
                int depth = 1 + compared % 3;
                assertThat(unlimited().choose((OnitamaPosition) state, depth).move())
                        .as("depth %d at\n%s", depth, state.boardText())
                        .isEqualTo(PlainMinimax.choose(state, depth));
                compared++;
                List<Move> moves = state.legalMoves();
                state = state.apply(moves.get(random.nextInt(moves.size())));
            }
        }
        assertThat(compared).isGreaterThan(100);
        // and at the hard player's depth, on the first positions of a game
        GameState state = game.newGame();
        for (int ply = 0; ply < 3; ply++) {
            Move move = unlimited().choose((OnitamaPosition) state, 4).move();
            assertThat(move).isEqualTo(PlainMinimax.choose(state, 4));
            state = state.apply(move);
        }
    }

    @Test
    void theSearchStopsAtTheDeadlineWithTheDeepestFinishedChoice() {
        OnitamaPosition start = game.newGame();
        long begin = System.nanoTime();
        long stopAt = begin + 30_000_000;
        MinimaxSearch.Result result = new MinimaxSearch(() -> System.nanoTime() >= stopAt).choose(start, 12);
        long tookMillis = (System.nanoTime() - begin) / 1_000_000;
        assertThat(result.depth()).isBetween(1, 11);
        assertThat(start.whyIllegal(result.move())).isNull();
        assertThat(tookMillis).isLessThan(30 + 200); // slack for a loaded machine
    }

    @Test
    void aCancelledRequestStillGetsALegalMove() throws Exception {
        OnitamaPosition start = game.newGame();
        long past = System.nanoTime() - 1;
        Move move = new OnitamaHardPlayer().chooseMove(Requests.of(start, past, () -> true, 1));
        assertThat(start.whyIllegal(move)).isNull();
        // it is the one-ply choice
        assertThat(move).isEqualTo(unlimited().choose(start, 1).move());
    }

    @Test
    void aPlayerWhosePiecesCannotMovePasses() throws Exception {
        // blue fills column a; tiger and horse have no step there: only the two passes are legal
        OnitamaPosition pass = position("B:a5 b:a4 b:a3 b:a2 b:a1 R:e5", "tiger horse crab ox frog", Side.FIRST);
        for (Player player : List.of(new OnitamaNormalPlayer(), new OnitamaHardPlayer())) {
            assertThat(player.chooseMove(Requests.of(pass, 1000, 1)).notation()).isIn("tiger:pass", "horse:pass");
        }
    }

    @Test
    void hardBeatsRandomInMostGames() throws Exception {
        int hardWins = 0;
        int games = 20;
        for (int g = 0; g < games; g++) {
            Side hardSide = Side.of(g % 2);
            Side winner = play(new OnitamaHardPlayer(), new RandomPlayer(), hardSide, g);
            if (winner == hardSide) {
                hardWins++;
            }
        }
        assertThat(hardWins).isGreaterThanOrEqualTo(18);
    }

    @Test
    void hardWinsMoreThanNormal() throws Exception {
        int hard = 0;
        int normal = 0;
        for (int g = 0; g < 10; g++) {
            Side hardSide = Side.of(g % 2);
            Side winner = play(new OnitamaHardPlayer(), new OnitamaNormalPlayer(), hardSide, g / 2);
            if (winner == hardSide) {
                hard++;
            } else if (winner != null) {
                normal++;
            }
        }
        assertThat(hard).isGreaterThan(normal);
    }

    /** Plays one game with deal {@code seed=dealSeed}; returns the winner, {@code null} for a draw. */
    private Side play(Player a, Player b, Side aSide, long dealSeed) throws Exception {
        GameState state = game.newGame(GameOptions.DEFAULT.with("seed", "" + dealSeed));
        while (!state.isTerminal()) {
            Player mover = state.sideToMove() == aSide ? a : b;
            Move move = mover.chooseMove(Requests.of(state, 2000, dealSeed * 1000 + state.ply()));
            state = state.apply(move);
        }
        return state.outcome().winner();
    }
}
