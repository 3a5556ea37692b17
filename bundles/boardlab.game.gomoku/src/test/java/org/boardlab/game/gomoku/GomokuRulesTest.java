package org.boardlab.game.gomoku;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.boardlab.game.gomoku.Positions.GAME;
import static org.boardlab.game.gomoku.Positions.diagram;
import static org.boardlab.game.gomoku.Positions.play;

import java.util.List;
import java.util.Map;
import org.boardlab.api.GameOptions;
import org.boardlab.api.GameState;
import org.boardlab.api.IllegalMoveException;
import org.boardlab.api.Move;
import org.boardlab.api.Side;
import org.boardlab.testkit.GameTestKit;
import org.boardlab.testkit.GoldenFile;
import org.boardlab.testkit.Playthrough;
import org.junit.jupiter.api.Test;

class GomokuRulesTest {

    /**
     * A whole game of random legal moves (a 9x9 board, to keep the file short) is the golden playthrough in
     * {@code src/test/resources/playthroughs/gomoku.txt}: a change to the rules, the notation or the
     * board text shows there as a diff (regenerate with {@code scripts/update-golden-files.sh}).
     */
    @Test
    void aRecordedPlaythroughIsTheGoldenOne() {
        GoldenFile.assertMatches("playthroughs/gomoku.txt", Playthrough.of(new Gomoku()).options(GameOptions.DEFAULT.with("size", "9")).seed(1).text());
    }

    private static void assertWon(GameState state, Side winner, String reason) {
        assertThat(state.isTerminal()).isTrue();
        assertThat(state.legalMoves()).isEmpty();
        assertThat(state.outcome().winner()).isEqualTo(winner);
        assertThat(state.outcome().reason()).isEqualTo(reason);
    }

    // ---- the game as a whole ----

    @Test
    void randomGamesOnTheStandardBoardKeepEveryInvariant() {
        GameTestKit.Report report = GameTestKit.of(GAME).games(30).seed(3).run();
        assertThat(report.games()).isEqualTo(30);
        assertThat(report.firstWins()).isPositive();
        assertThat(report.secondWins()).isPositive();
    }

    @Test
    void randomGamesOnA7x7BoardKeepEveryInvariantAndSomeAreDrawn() {
        GameTestKit.Report report = GameTestKit.of(GAME).options(GameOptions.DEFAULT.with("size", "7"))
                .games(300).seed(11).run();
        assertThat(report.firstWins()).isPositive();
        assertThat(report.secondWins()).isPositive();
        assertThat(report.draws()).isPositive();
        assertThat(report.firstWins() + report.secondWins() + report.draws()).isEqualTo(300);
    }

    @Test
    void blackMovesFirstOnAnEmpty15x15Board() {
        GameState state = GAME.newGame();
        assertThat(state.sideToMove()).isEqualTo(Side.FIRST);
        assertThat(GAME.sideName(Side.FIRST)).isEqualTo("black");
        assertThat(GAME.sideName(Side.SECOND)).isEqualTo("white");
        assertThat(state.legalMoves()).hasSize(225);
        assertThat(state.legalMoves().get(0).notation()).isEqualTo("a1");
        assertThat(state.legalMoves().get(224).notation()).isEqualTo("o15");
        assertThat(((GomokuBoard) state).size()).isEqualTo(15);
        assertThat(((GomokuBoard) state).lastMove()).isEmpty();
    }

    @Test
    void sizeOptionIsCheckedAndUnknownOptionsAreRefused() {
        assertThat(((GomokuBoard) GAME.newGame(GameOptions.DEFAULT.with("size", "19"))).size()).isEqualTo(19);
        assertThatThrownBy(() -> GAME.newGame(GameOptions.DEFAULT.with("size", "4")))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("option size must be 5..25, not 4");
        assertThatThrownBy(() -> GAME.newGame(GameOptions.DEFAULT.with("size", "26")))
                .hasMessage("option size must be 5..25, not 26");
        assertThatThrownBy(() -> GAME.newGame(GameOptions.DEFAULT.with("renju", "true")))
                .hasMessage("gomoku has no option 'renju'; it knows: size");
        assertThat(GAME.optionHelp()).isEqualTo("size=N  board size N x N, 5..25 (default 15)");
    }

    // ---- wins in every direction, overlines, edges ----

    @Test
    void fiveAcrossWins() {
        assertWon(play(15, "d8 d9 e8 e9 f8 f9 g8 g9 h8"), Side.FIRST, "black has five in a row (d8 to h8)");
    }

    @Test
    void fiveDownWinsForWhite() {
        assertWon(play(15, "a1 h4 c1 h5 a3 h6 c3 h7 a5 h8"), Side.SECOND, "white has five in a row (h4 to h8)");
    }

    @Test
    void fiveOnTheFallingDiagonalWins() {
        GameState state = play(15, "d4 a15 e5 b15 f6 c15 g7 d15 h8");
        assertWon(state, Side.FIRST, "black has five in a row (d4 to h8)");
        assertThat(state.details().get("winningLine")).isEqualTo(List.of("d4", "e5", "f6", "g7", "h8"));
    }

    @Test
    void fiveOnTheRisingDiagonalWinsWhenTheMiddleStoneComesLast() {
        // h4 g5 f6 e7 d8 run from top right to bottom left; f6, the middle one, is played last
        assertWon(play(15, "h4 a1 g5 a3 e7 a5 d8 a7 f6"), Side.FIRST, "black has five in a row (h4 to d8)");
    }

    @Test
    void sixInARowWinsToo() {
        GameState state = play(15, "c8 c9 d8 d9 e8 e9 g8 g9 h8 h9 f8");
        assertWon(state, Side.FIRST, "black has six in a row (c8 to h8)");
        assertThat(state.details().get("winningLine")).isEqualTo(List.of("c8", "d8", "e8", "f8", "g8", "h8"));
    }

    @Test
    void joiningTwoFoursMakesNineInARow() {
        GameState state = play(15, "a1 a2 b1 b2 c1 c2 d1 d2 f1 f2 g1 g2 h1 h2 i1 i3 e1");
        assertWon(state, Side.FIRST, "black has nine in a row (a1 to i1)");
    }

    @Test
    void fourInARowIsNotAWin() {
        GameState state = play(15, "d8 d9 e8 e9 f8 f9 g8");
        assertThat(state.isTerminal()).isFalse();
        assertThatThrownBy(state::outcome).isInstanceOf(IllegalStateException.class).hasMessage("the game is not over");
    }

    @Test
    void fiveMixedStonesIsNotAWin() {
        GameState state = play(15, "d8 h8 e8 d9 f8 e9 g8");
        assertThat(state.isTerminal()).isFalse();
    }

    @Test
    void fiveAlongTheEdgesAndCornersWin() {
        assertWon(play(15, "a1 c3 a2 c4 a3 c5 a4 c6 a5"), Side.FIRST, "black has five in a row (a1 to a5)");
        assertWon(play(15, "k15 a1 l15 a2 m15 a3 n15 a4 o15"), Side.FIRST, "black has five in a row (k15 to o15)");
        assertWon(play(15, "o11 a1 n12 a2 m13 a3 l14 a4 k15"), Side.FIRST, "black has five in a row (o11 to k15)");
        assertWon(play(5, "e1 a1 d2 a2 c3 a3 b4 a4 a5"), Side.FIRST, "black has five in a row (e1 to a5)");
    }

    @Test
    void aRowDoesNotWrapAroundTheEdge() {
        // n1 o1 on row 1 and a2 b2 c2 on row 2 are neighbours in memory order, not on the board
        GameState state = play(15, "n1 h8 o1 h10 a2 h12 b2 h14 c2");
        assertThat(state.isTerminal()).isFalse();
    }

    @Test
    void afterAWinNoMoveIsLegal() {
        GameState state = play(15, "d8 d9 e8 e9 f8 f9 g8 g9 h8");
        Move move = state.parseMove("a1");
        assertThat(state.whyIllegal(move)).isEqualTo("the game is over");
        assertThatThrownBy(() -> state.apply(move)).isInstanceOf(IllegalMoveException.class)
                .hasMessage("a1: the game is over");
    }

    // ---- the full board ----

    @Test
    void aFullBoardWithoutFiveIsADraw() {
        GameState state = diagram(
                "X X O O X",
                "O O X X O",
                "X X O O X",
                "O O X X O",
                "X X O O X");
        assertThat(state.ply()).isEqualTo(25);
        assertThat(state.isTerminal()).isTrue();
        assertThat(state.legalMoves()).isEmpty();
        assertThat(state.outcome().isDraw()).isTrue();
        assertThat(state.outcome().reason()).isEqualTo("the board is full without five in a row");
    }

    @Test
    void fiveMadeWithTheLastFreePointIsAWinNotADraw() {
        // black's 13th stone, e1, fills the board and completes row 1
        GameState state = play(5, "a1 a2 b1 b2 c1 c2 d1 a3 d2 c3 e2 a4 b3 c4 d3 d4 e4 a5 b4 c5 b5 e3 d5 e5 e1");
        assertThat(state.ply()).isEqualTo(25);
        assertWon(state, Side.FIRST, "black has five in a row (a1 to e1)");
    }

    // ---- moves and notation ----

    @Test
    void aTakenPointIsRefusedWithTheColourOnIt() {
        GameState state = play(15, "h8 h9");
        assertThat(state.whyIllegal(state.parseMove("h8"))).isEqualTo("h8 is taken by black");
        assertThat(state.whyIllegal(state.parseMove("H9"))).isEqualTo("h9 is taken by white");
        assertThatThrownBy(() -> state.apply(Point.of(7, 7))).isInstanceOf(IllegalMoveException.class)
                .hasMessage("h8: h8 is taken by black");
    }

    @Test
    void aPointOffTheBoardIsRefused() {
        GameState small = GAME.newGame(GameOptions.DEFAULT.with("size", "7"));
        assertThat(small.whyIllegal(Point.of(7, 7))).isEqualTo("h8 is off the 7x7 board");
        assertThat(small.whyIllegal(() -> "pass")).isEqualTo("not a gomoku move");
    }

    @Test
    void notationIsColumnLetterAndRowNumberFromTheTop() {
        GameState state = GAME.newGame();
        assertThat(state.parseMove("h8")).isEqualTo(Point.of(7, 7));
        assertThat(state.parseMove(" A1 ")).isEqualTo(Point.of(0, 0));
        assertThat(state.parseMove("o15")).isEqualTo(Point.of(14, 14));
        assertThat(state.parseMove("b12").notation()).isEqualTo("b12");
    }

    @Test
    void textThatIsNotAPointOfThisBoardIsASyntaxError() {
        GameState state = GAME.newGame();
        for (String bad : List.of("", "h", "8h", "p1", "a0", "a16", "h08", "h8x", "pass", "h-8")) {
            assertThatThrownBy(() -> state.parseMove(bad)).as(bad).isInstanceOf(IllegalMoveException.class)
                    .hasMessage(bad + ": a point is a column a-o and a row 1-15 (from the top), e.g. h8");
        }
        GameState small = GAME.newGame(GameOptions.DEFAULT.with("size", "7"));
        assertThatThrownBy(() -> small.parseMove("h8"))
                .hasMessage("h8: a point is a column a-g and a row 1-7 (from the top), e.g. d4");
    }

    // ---- what the views and the CLI read ----

    @Test
    void boardTextShowsRowsFromTheTopWithLetteredColumns() {
        GameState state = play(5, "a1 e5 c3");
        assertThat(state.boardText()).isEqualTo(
                "  a b c d e\n"
                + "1 X . . . .\n"
                + "2 . . . . .\n"
                + "3 . . X . .\n"
                + "4 . . . . .\n"
                + "5 . . . . O\n");
        String big = play(15, "o15").boardText();
        assertThat(big).startsWith("   a b c d e f g h i j k l m n o\n 1 . .");
        assertThat(big).endsWith("\n15 . . . . . . . . . . . . . . X\n");
    }

    @Test
    void theBoardInterfaceGivesStonesSizeAndLastMove() {
        GomokuBoard board = (GomokuBoard) play(9, "e5 d4 f6");
        assertThat(board.size()).isEqualTo(9);
        assertThat(board.stoneAt(4, 4)).isEqualTo(Side.FIRST);
        assertThat(board.stoneAt(Point.parse("d4"))).isEqualTo(Side.SECOND);
        assertThat(board.stoneAt(0, 0)).isNull();
        assertThat(board.lastMove()).contains(Point.parse("f6"));
        assertThatThrownBy(() -> board.stoneAt(9, 0)).isInstanceOf(IndexOutOfBoundsException.class);
    }

    @Test
    void detailsListTheDangerPointsOfTheSideThatHasJustMoved() {
        // black has h8 i8 j8 open on both sides; white to move must look at g8 and k8
        GameState state = play(15, "h8 a1 i8 a15 j8");
        Map<String, Object> details = state.details();
        assertThat(details.get("size")).isEqualTo(15);
        assertThat(details.get("black")).isEqualTo(3);
        assertThat(details.get("white")).isEqualTo(2);
        assertThat(details.get("lastMove")).isEqualTo("j8");
        assertThat(details.get("danger")).isEqualTo(List.of(
                Map.of("point", "g8", "reason", "open-four"),
                Map.of("point", "k8", "reason", "open-four")));
        assertThat(details).doesNotContainKey("winningLine");
    }

    @Test
    void detailsAtTheStartHaveNoLastMoveAndNoDanger() {
        Map<String, Object> details = GAME.newGame().details();
        assertThat(details).doesNotContainKey("lastMove");
        assertThat(details.get("danger")).isEqualTo(List.of());
        assertThat(details.keySet()).containsExactly("size", "black", "white", "danger");
    }

    @Test
    void detailsOfAFinishedGameHaveNoDanger() {
        GameState state = play(15, "d8 d9 e8 e9 f8 f9 g8 g9 h8");
        assertThat(state.details().get("danger")).isEqualTo(List.of());
    }

    // ---- perft ----

    @Test
    void perftFastPathAgreesWithAWalkOverLegalMoves() {
        GameState start = GAME.newGame(GameOptions.DEFAULT.with("size", "5"));
        assertThat(start.perft(1)).isEqualTo(25);
        assertThat(start.perft(3)).isEqualTo(25L * 24 * 23);
        // black to move with four on row 1: every move that completes it ends the game early
        GameState tense = play(6, "a1 a2 b1 b2 c1 c2 d1 d2");
        for (int depth = 1; depth <= 3; depth++) {
            assertThat(tense.perft(depth)).as("depth " + depth).isEqualTo(walk(tense, depth));
        }
        assertThat(tense.perft(2)).isEqualTo(1 + 27L * 27);
        assertThat(play(5, "a1 a2 b1 b2 c1 c2 d1 d2 e1").perft(4)).isEqualTo(1);
    }

    private static long walk(GameState state, int depth) {
        if (depth == 0 || state.isTerminal()) {
            return 1;
        }
        long leaves = 0;
        for (Move move : state.legalMoves()) {
            leaves += walk(state.apply(move), depth - 1);
        }
        return leaves;
    }
}
