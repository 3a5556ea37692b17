package org.boardlab.game.othello;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.boardlab.api.Evaluation;
import org.boardlab.api.GameOptions;
import org.boardlab.api.GameState;
import org.boardlab.api.IllegalMoveException;
import org.boardlab.api.Move;
import org.boardlab.api.Side;
import org.boardlab.testkit.GoldenFile;
import org.boardlab.testkit.Playthrough;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The rules, from the start and from positions set up by hand. */
class OthelloRulesTest {

    private final Othello game = new Othello();

    /**
     * A whole game of random legal moves (the 8x8 board) is the golden playthrough in
     * {@code src/test/resources/playthroughs/othello.txt}: a change to the rules, the notation or the
     * board text shows there as a diff (regenerate with {@code scripts/update-golden-files.sh}).
     */
    /**
     * A position's hash is the same in every run (alphabeta's table of best moves is indexed by it, so
     * a search with one seed plays the same moves every time): it was the side's enum {@code hashCode},
     * which the JVM picks anew at each start.
     */
    @Test
    void aPositionsHashIsTheSameInEveryRun() {
        assertThat(game.newGame(GameOptions.DEFAULT).hashCode()).isEqualTo(134225695);
    }

    @Test
    void aRecordedPlaythroughIsTheGoldenOne() {
        GoldenFile.assertMatches("playthroughs/othello.txt", Playthrough.of(game).seed(1).text());
    }

    private OthelloPosition position(String diagram, Side toMove) {
        return game.position(diagram, toMove, Scoring.PLAIN);
    }

    private static String grid(GameState state) {
        // boardText without the column header and row numbers
        StringBuilder sb = new StringBuilder();
        String[] lines = state.boardText().split("\n");
        for (int i = 1; i < lines.length; i++) {
            sb.append(lines[i].replaceAll("^ *[0-9]+ ", "").replace(" ", "")).append('\n');
        }
        return sb.toString();
    }

    private static List<String> notations(List<? extends Move> moves) {
        return moves.stream().map(Move::notation).toList();
    }

    private OthelloPosition play(OthelloPosition state, String moves) {
        for (String m : moves.split(" ")) {
            state = (OthelloPosition) state.apply(state.parseMove(m));
        }
        return state;
    }

    @Test
    void theStartHasWhiteOnD4AndE5AndBlackToMove() {
        OthelloPosition start = game.newGame();
        assertThat(start.size()).isEqualTo(8);
        assertThat(start.disc(3, 3)).contains(Side.SECOND);
        assertThat(start.disc(4, 4)).contains(Side.SECOND);
        assertThat(start.disc(4, 3)).contains(Side.FIRST);
        assertThat(start.disc(3, 4)).contains(Side.FIRST);
        assertThat(start.disc(0, 0)).isEmpty();
        assertThat(start.sideToMove()).isEqualTo(Side.FIRST);
        assertThat(notations(start.legalMoves())).containsExactly("d3", "c4", "f5", "e6");
        assertThat(start.lastMove()).isEmpty();
        assertThat(start.boardText()).isEqualTo("""
                  a b c d e f g h
                1 . . . . . . . .
                2 . . . . . . . .
                3 . . . . . . . .
                4 . . . W B . . .
                5 . . . B W . . .
                6 . . . . . . . .
                7 . . . . . . . .
                8 . . . . . . . .
                """);
    }

    @ParameterizedTest(name = "size {0}")
    @CsvSource({
        "4, b1 a2 d3 c4, b2, c3",
        "6, c2 b3 e4 d5, c3, d4",
        "10, e4 d5 g6 f7, e5, f6",
        "16, h7 g8 j9 i10, h8, i9"})
    void everySizeStartsWithTheCentreSquaresAndFourMoves(int size, String moves, String white1, String white2) {
        OthelloPosition start = game.newGame(GameOptions.DEFAULT.with("size", Integer.toString(size)));
        assertThat(start.size()).isEqualTo(size);
        assertThat(start.discs(Side.FIRST)).isEqualTo(2);
        assertThat(start.discs(Side.SECOND)).isEqualTo(2);
        int c = size / 2;
        assertThat(start.disc(c - 1, c - 1)).contains(Side.SECOND);
        assertThat(start.disc(c, c)).contains(Side.SECOND);
        assertThat(start.disc(c, c - 1)).contains(Side.FIRST);
        assertThat(start.disc(c - 1, c)).contains(Side.FIRST);
        assertThat(((OthelloMove) start.parseMove(white1)).col()).isEqualTo(c - 1);
        assertThat(notations(start.legalMoves())).containsExactly(moves.split(" "));
        // the first move flips the one white disc between it and a black disc
        OthelloPosition next = (OthelloPosition) start.apply(start.legalMoves().get(0));
        assertThat(next.discs(Side.FIRST)).isEqualTo(4);
        assertThat(next.discs(Side.SECOND)).isEqualTo(1);
        OthelloMove flipped = (OthelloMove) start.parseMove(white1);
        assertThat(next.disc(flipped.col(), flipped.row())).contains(Side.FIRST);
        OthelloMove kept = (OthelloMove) start.parseMove(white2);
        assertThat(next.disc(kept.col(), kept.row())).contains(Side.SECOND);
        assertThat(notations(next.legalMoves())).hasSize(3);
    }

    @Test
    void aMoveFlipsEveryEnclosedLineInAllEightDirections() {
        OthelloPosition before = position("""
                ...B..B.
                .B.W.W..
                ..WWW...
                BWW.WB..
                ..WWW...
                .B.B.W..
                ......B.
                ........
                """, Side.FIRST);
        assertThat(before.discs(Side.SECOND)).isEqualTo(12);
        OthelloPosition after = play(before, "d4");
        assertThat(grid(after)).isEqualTo("""
                ...B..B.
                .B.B.B..
                ..BBB...
                BBBBBB..
                ..BBB...
                .B.B.B..
                ......B.
                ........
                """);
        assertThat(after.discs(Side.FIRST)).isEqualTo(8 + 12 + 1);
        assertThat(after.discs(Side.SECOND)).isZero();
        assertThat(after.flippedByLastMove(2, 1)).isFalse();
        assertThat(after.flippedByLastMove(3, 1)).isTrue();
        assertThat(after.flippedByLastMove(3, 3)).as("the square played is not flipped").isFalse();
        assertThat(after.details().get("flipped")).isEqualTo(
                List.of("d2", "f2", "c3", "d3", "e3", "b4", "c4", "e4", "c5", "d5", "e5", "f6"));
        // white has no disc left, so nobody can move: the game is over
        assertThat(after.isTerminal()).isTrue();
        assertThat(after.outcome().winner()).isEqualTo(Side.FIRST);
    }

    @Test
    void linesThatEndInAnEmptySquareOrAtTheEdgeDoNotFlip() {
        OthelloPosition before = position("""
                .WWB....
                WW......
                W.W.....
                ...W....
                ....W...
                .....W..
                ......W.
                .......W
                """, Side.FIRST);
        OthelloPosition after = play(before, "a1");
        assertThat(grid(after)).isEqualTo("""
                BBBB....
                WW......
                W.W.....
                ...W....
                ....W...
                .....W..
                ......W.
                .......W
                """);
    }

    @Test
    void discsTurnedOverDoNotTurnFurtherLines() {
        // a4 flips b4; b4 then closes b3 against b2, but b3 stays white: no chain flips
        OthelloPosition before = position("""
                ........
                .B......
                .W......
                .WB.....
                ........
                ........
                ........
                ........
                """, Side.FIRST);
        OthelloPosition after = play(before, "a4");
        assertThat(after.disc(1, 3)).contains(Side.FIRST);
        assertThat(after.disc(1, 2)).contains(Side.SECOND);
        assertThat(after.discs(Side.SECOND)).isEqualTo(1);
    }

    @Test
    void aSideWithoutAMoveMustPassAndTheOtherPlaysOn() {
        OthelloPosition white = position("""
                BBW.....
                ........
                ........
                ........
                ........
                ........
                ........
                ........
                """, Side.SECOND);
        assertThat(white.isTerminal()).isFalse();
        assertThat(white.legalMoves()).containsExactly(OthelloMove.PASS);
        assertThat(white.placements()).isEmpty();
        assertThat(white.forcedMove()).as("the pass is forced: the referee plays it").contains(OthelloMove.PASS);
        assertThat(white.whyIllegal(white.parseMove("d1"))).isEqualTo("white has no legal move and must pass");
        assertThatThrownBy(() -> white.apply(white.parseMove("d1")))
                .isInstanceOf(IllegalMoveException.class)
                .hasMessage("d1: white has no legal move and must pass");

        OthelloPosition black = (OthelloPosition) white.apply(OthelloMove.PASS);
        assertThat(black.sideToMove()).isEqualTo(Side.FIRST);
        assertThat(black.passed()).isTrue();
        assertThat(black.lastMove()).contains(OthelloMove.PASS);
        assertThat(black.ply()).isEqualTo(1);
        assertThat(black.details()).containsEntry("passed", true).containsEntry("lastMove", "pass");
        assertThat(grid(black)).isEqualTo(grid(white));
        assertThat(notations(black.legalMoves())).containsExactly("d1");
        assertThat(black.forcedMove()).as("one move left is still a choice").isEmpty();
        assertThat(black.whyIllegal(OthelloMove.PASS))
                .isEqualTo("black may pass only when it has no legal move; it can play d1");

        OthelloPosition end = play(black, "d1");
        assertThat(end.passed()).isFalse();
        assertThat(end.isTerminal()).isTrue();
        assertThat(end.outcome().winner()).isEqualTo(Side.FIRST);
        assertThat(end.outcome().reason()).isEqualTo("neither side can move; black has more discs (4 to 0)");
        assertThat(end.score(Side.FIRST)).isEqualTo(4);
    }

    @Test
    void passIsRefusedWhileThereIsAMoveAndListsSomeMoves() {
        GameState start = game.newGame();
        assertThat(start.whyIllegal(OthelloMove.PASS))
                .isEqualTo("black may pass only when it has no legal move; it can play d3, c4, f5, e6");
        assertThatThrownBy(() -> start.apply(start.parseMove("PASS")))
                .isInstanceOf(IllegalMoveException.class)
                .hasMessageStartingWith("pass: black may pass only when");
    }

    @Test
    void whenNeitherSideCanMoveTheGameEndsWithoutAPass() {
        OthelloPosition stuck = position("""
                BB.....W
                ........
                ........
                ........
                ........
                ........
                ........
                ........
                """, Side.SECOND);
        assertThat(stuck.isTerminal()).isTrue();
        assertThat(stuck.legalMoves()).isEmpty();
        assertThat(stuck.whyIllegal(OthelloMove.PASS)).isEqualTo("the game is over");
        assertThat(stuck.outcome().winner()).isEqualTo(Side.FIRST);
        assertThat(stuck.outcome().reason()).isEqualTo("neither side can move; black has more discs (2 to 1)");
        assertThat(stuck.score(Side.FIRST)).isEqualTo(2);
        assertThat(stuck.score(Side.SECOND)).isEqualTo(1);
        assertThatThrownBy(() -> stuck.apply(OthelloMove.PASS))
                .isInstanceOf(IllegalMoveException.class).hasMessage("pass: the game is over");
    }

    @Test
    void whenAMoveLeavesNeitherSideAMoveTheGameEndsInsteadOfTwoPasses() {
        OthelloPosition before = position("""
                BW..
                ....
                ....
                ...W
                """, Side.FIRST);
        assertThat(notations(before.legalMoves())).containsExactly("c1");
        OthelloPosition after = play(before, "c1");
        assertThat(after.isTerminal()).isTrue();
        assertThat(after.legalMoves()).as("no pass is offered: the game is over").isEmpty();
        assertThat(after.outcome().reason()).isEqualTo("neither side can move; black has more discs (3 to 1)");
        assertThat(after.discs(Side.SECOND)).isEqualTo(1);
    }

    @Test
    void aFullBoardEndsTheGame() {
        OthelloPosition full = position("""
                BBBB
                BBWW
                WWWW
                WWWW
                """, Side.FIRST);
        assertThat(full.isTerminal()).isTrue();
        assertThat(full.legalMoves()).isEmpty();
        assertThat(full.outcome().winner()).isEqualTo(Side.SECOND);
        assertThat(full.outcome().reason()).isEqualTo("the board is full; white has more discs (10 to 6)");
        OthelloPosition seed = game.position(grid(full), Side.FIRST, Scoring.SEED000);
        assertThat(seed.score(Side.FIRST)).isEqualTo(6);
        assertThat(seed.score(Side.SECOND)).isEqualTo(10);
        assertThat(seed.outcome()).isEqualTo(full.outcome());
    }

    @Test
    void aFullBoardWithEqualDiscsIsADraw() {
        OthelloPosition full = position("""
                BBBB
                BBBB
                WWWW
                WWWW
                """, Side.SECOND);
        assertThat(full.outcome().isDraw()).isTrue();
        assertThat(full.outcome().reason()).isEqualTo("the board is full; equal discs (8 to 8)");
    }

    @Test
    void seed000ScoringGivesTheEmptySquaresToTheWinner() {
        String diagram = """
                BB.....W
                ........
                ........
                ........
                ........
                ........
                ........
                ........
                """;
        OthelloPosition plain = game.position(diagram, Side.FIRST, Scoring.PLAIN);
        OthelloPosition seed = game.position(diagram, Side.FIRST, Scoring.SEED000);
        assertThat(plain.score(Side.FIRST) + plain.score(Side.SECOND)).isEqualTo(3);
        assertThat(seed.score(Side.FIRST)).isEqualTo(63);
        assertThat(seed.score(Side.SECOND)).isEqualTo(1);
        assertThat(seed.discs(Side.FIRST)).as("the board itself is unchanged").isEqualTo(2);
        assertThat(seed.outcome().winner()).isEqualTo(Side.FIRST);
        assertThat(seed.outcome().reason()).isEqualTo(
                "neither side can move; black has more discs (2 to 1) and gets the 61 empty squares (63 to 1)");
        assertThat(seed.details()).containsEntry("scoring", "seed000").containsEntry("black", 2);
    }

    @Test
    void seed000ScoringSharesTheEmptySquaresInADraw() {
        OthelloPosition seed = game.position("""
                B..W
                ....
                ....
                ....
                """, Side.FIRST, Scoring.SEED000);
        assertThat(seed.outcome().isDraw()).isTrue();
        assertThat(seed.score(Side.FIRST)).isEqualTo(8);
        assertThat(seed.score(Side.SECOND)).isEqualTo(8);
        assertThat(seed.outcome().reason()).isEqualTo(
                "neither side can move; equal discs (1 to 1); the 14 empty squares are shared (8 to 8)");
    }

    @Test
    void seed000ScoringCountsOnlyDiscsWhileTheGameGoesOn() {
        OthelloPosition start = game.newGame(GameOptions.DEFAULT.with("scoring", "seed000"));
        assertThat(start.scoring()).isEqualTo(Scoring.SEED000);
        assertThat(start.score(Side.FIRST)).isEqualTo(2);
        assertThat(start.score(Side.SECOND)).isEqualTo(2);
    }

    @Test
    void illegalPlacementsAreRefusedWithAReason() {
        OthelloPosition start = game.newGame();
        assertThat(start.whyIllegal(start.parseMove("d4"))).isEqualTo("d4 is taken");
        assertThat(start.whyIllegal(start.parseMove("a1"))).isEqualTo("a1 flips no disc");
        assertThat(start.whyIllegal(start.parseMove("e3"))).as("next to discs but encloses none")
                .isEqualTo("e3 flips no disc");
        assertThat(start.whyIllegal(OthelloMove.at(9, 2))).isEqualTo("j3 is off the 8x8 board");
        assertThat(start.whyIllegal(() -> "x")).isEqualTo("not an Othello move");
        assertThatThrownBy(() -> start.apply(start.parseMove("a1")))
                .isInstanceOf(IllegalMoveException.class)
                .hasMessage("a1: a1 flips no disc")
                .extracting(e -> ((IllegalMoveException) e).reason()).isEqualTo("a1 flips no disc");
        assertThat(start.whyIllegal(start.parseMove("d3"))).isNull();
    }

    @Test
    void aShortGameFromTheStartFlipsAsInOthello() {
        // the perpendicular opening: d3 c3 c4
        OthelloPosition state = play(game.newGame(), "d3");
        assertThat(state.disc(3, 3)).contains(Side.FIRST);
        assertThat(notations(state.legalMoves())).containsExactly("c3", "e3", "c5");
        state = play(state, "c3 c4");
        assertThat(grid(state).split("\n")[2]).isEqualTo("..WB....");
        assertThat(grid(state).split("\n")[3]).isEqualTo("..BBB...");
        assertThat(state.discs(Side.FIRST)).isEqualTo(5);
        assertThat(state.discs(Side.SECOND)).isEqualTo(2);
        assertThat(state.ply()).isEqualTo(3);
        assertThat(state.sideToMove()).isEqualTo(Side.SECOND);
    }

    @ParameterizedTest(name = "''{0}''")
    @CsvSource(delimiter = '|', value = {
        "''    | no move given: write a square such as d3, or pass",
        "'   ' | no move given: write a square such as d3, or pass",
        "i1    | column i is off the board: the columns are a..h",
        "a9    | row 9 is off the board: the rows are 1..8",
        "a0    | not a move: write a column letter a..h and a row number 1..8, such as d3, or write pass",
        "d03   | not a move: write a column letter a..h and a row number 1..8, such as d3, or write pass",
        "3d    | not a move: write a column letter a..h and a row number 1..8, such as d3, or write pass",
        "pas   | not a move: write a column letter a..h and a row number 1..8, such as d3, or write pass",
        "d3 e4 | not a move: write a column letter a..h and a row number 1..8, such as d3, or write pass"})
    void badNotationIsRefusedWithAClearReason(String text, String reason) {
        GameState start = game.newGame();
        assertThatThrownBy(() -> start.parseMove(text))
                .isInstanceOf(IllegalMoveException.class)
                .extracting(e -> ((IllegalMoveException) e).reason()).isEqualTo(reason);
    }

    @Test
    void notationOnTheLargestBoardGoesToP16() {
        GameState big = game.newGame(GameOptions.DEFAULT.with("size", "16"));
        assertThat(big.parseMove("p16")).isEqualTo(OthelloMove.at(15, 15));
        assertThat(big.parseMove(" D3 ")).isEqualTo(OthelloMove.at(3, 2));
        assertThatThrownBy(() -> big.parseMove("q1")).isInstanceOf(IllegalMoveException.class)
                .hasMessage("q1: column q is off the board: the columns are a..p");
        assertThatThrownBy(() -> big.parseMove("a17")).isInstanceOf(IllegalMoveException.class)
                .hasMessage("a17: row 17 is off the board: the rows are 1..16");
    }

    @Test
    void boardTextOfLargeBoardsAlignsTwoDigitRows() {
        String text = game.newGame(GameOptions.DEFAULT.with("size", "10")).boardText();
        String[] lines = text.split("\n");
        assertThat(lines).hasSize(11);
        assertThat(lines[0]).isEqualTo("   a b c d e f g h i j");
        assertThat(lines[1]).isEqualTo(" 1 . . . . . . . . . .");
        assertThat(lines[5]).isEqualTo(" 5 . . . . W B . . . .");
        assertThat(lines[10]).isEqualTo("10 . . . . . . . . . .");
    }

    @Test
    void detailsCarryTheDocumentedKeys() {
        GameState state = play(game.newGame(), "f5");
        Map<String, Object> details = state.details();
        assertThat(details.keySet()).containsExactly(
                "size", "black", "white", "passed", "lastMove", "flipped", "legal", "scoring");
        assertThat(details).containsEntry("size", 8).containsEntry("black", 4).containsEntry("white", 1)
                .containsEntry("passed", false).containsEntry("lastMove", "f5")
                .containsEntry("flipped", List.of("e5")).containsEntry("legal", List.of("f4", "d6", "f6"))
                .containsEntry("scoring", "plain");
        assertThat(game.newGame().details()).containsEntry("lastMove", "").containsEntry("flipped", List.of());
    }

    @Test
    void optionsOutOfRangeAreRefusedByName() {
        for (String size : new String[] {"3", "2", "18", "9", "0"}) {
            assertThatThrownBy(() -> game.newGame(GameOptions.DEFAULT.with("size", size)))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("option size must be an even number from 4 to 16, not " + size);
        }
        assertThatThrownBy(() -> game.newGame(GameOptions.DEFAULT.with("size", "big")))
                .hasMessage("option size must be a whole number, not 'big'");
        assertThatThrownBy(() -> game.newGame(GameOptions.DEFAULT.with("scoring", "wof")))
                .hasMessage("option scoring must be plain or seed000, not 'wof'");
        assertThatThrownBy(() -> game.newGame(GameOptions.DEFAULT.with("colour", "white")))
                .hasMessage("othello has no option 'colour'; it knows: size, scoring");
    }

    @Test
    void theEvaluationLikesCornersAndMobilityAndKnowsFinishedGames() {
        Evaluation evaluation = game.evaluation().orElseThrow();
        // the same discs, but black's corner disc moved off the corner
        OthelloPosition corner = position("""
                B.......
                .W......
                ..WB....
                ...BW...
                ...WB...
                ........
                ........
                ........
                """, Side.SECOND);
        OthelloPosition noCorner = position("""
                .B......
                .W......
                ..WB....
                ...BW...
                ...WB...
                ........
                ........
                ........
                """, Side.SECOND);
        assertThat(evaluation.evaluate(corner, Side.FIRST)).isGreaterThan(evaluation.evaluate(noCorner, Side.FIRST));
        // at the start both sides have four moves and no corner: even
        assertThat(evaluation.evaluate(game.newGame(), Side.FIRST)).isZero();
        OthelloPosition won = position("""
                BB.....W
                ........
                ........
                ........
                ........
                ........
                ........
                ........
                """, Side.FIRST);
        assertThat(evaluation.evaluate(won, Side.FIRST)).isEqualTo(1000);
        assertThat(evaluation.evaluate(won, Side.SECOND)).isEqualTo(-1000);
    }

    @Test
    void namesAndSides() {
        assertThat(game.id()).isEqualTo("othello");
        assertThat(game.name()).isEqualTo("Othello / Reversi");
        assertThat(game.sideName(Side.FIRST)).isEqualTo("black");
        assertThat(game.sideName(Side.SECOND)).isEqualTo("white");
        assertThat(game.optionHelp().split("\n")).hasSize(3).allMatch(line -> line.startsWith("s"));
    }

    @Test
    void viewAccessorsRefuseSquaresOffTheBoard() {
        OthelloPosition start = game.newGame(GameOptions.DEFAULT.with("size", "6"));
        assertThatThrownBy(() -> start.disc(6, 0)).isInstanceOf(IndexOutOfBoundsException.class)
                .hasMessage("(6, 0) is not on the 6x6 board");
        assertThatThrownBy(() -> start.flippedByLastMove(0, -1)).isInstanceOf(IndexOutOfBoundsException.class);
        assertThat(start.disc(5, 5)).isEqualTo(Optional.empty());
    }

    @Test
    void diagramsAreCheckedForShapeAndSymbols() {
        assertThatThrownBy(() -> game.position("BW\nWB", Side.FIRST, Scoring.PLAIN))
                .hasMessage("a board has an even number of rows from 4 to 16, not 2");
        assertThatThrownBy(() -> game.position("....\n.WB\n.BW.\n....", Side.FIRST, Scoring.PLAIN))
                .hasMessage("row 2 has 3 squares, not 4: '.WB'");
        assertThatThrownBy(() -> game.position("....\n.WBZ\n.BW.\n....", Side.FIRST, Scoring.PLAIN))
                .hasMessage("row 2 has 'Z'; a square is B (black), W (white) or . (empty)");
    }

    @Test
    void movesAreValuesWithNotation() {
        assertThat(OthelloMove.at(3, 2).notation()).isEqualTo("d3");
        assertThat(OthelloMove.at(15, 15).notation()).isEqualTo("p16");
        assertThat(OthelloMove.PASS.notation()).isEqualTo("pass");
        assertThat(OthelloMove.at(3, 2)).isEqualTo(new OthelloMove(3, 2)).isNotEqualTo(OthelloMove.PASS);
        assertThatThrownBy(() -> OthelloMove.at(16, 0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new OthelloMove(-1, 3)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aPassIsOneSharedObjectAndEqualToEveryOtherPass() {
        assertThat(OthelloMove.at(-1, -1)).isSameAs(OthelloMove.PASS);
        OthelloPosition white = position("""
                BBW.....
                ........
                ........
                ........
                ........
                ........
                ........
                ........
                """, Side.SECOND);
        assertThat(white.legalMoves().get(0)).isSameAs(OthelloMove.PASS);
        assertThat(white.forcedMove()).containsSame(OthelloMove.PASS);
        assertThat(white.parseMove("pass")).isSameAs(OthelloMove.PASS);
        // a pass made some other way is still a pass: equal, the same hash, legal and playable
        OthelloMove made = new OthelloMove(-1, -1);
        assertThat(made).isEqualTo(OthelloMove.PASS).hasSameHashCodeAs(OthelloMove.PASS);
        assertThat(made.isPass()).isTrue();
        assertThat(white.legalMoves()).contains(made);
        assertThat(white.whyIllegal(made)).isNull();
        OthelloPosition black = (OthelloPosition) white.apply(made);
        assertThat(black.passed()).isTrue();
        assertThat(black.lastMove()).contains(OthelloMove.PASS);
        assertThatThrownBy(() -> OthelloMove.at(-1, 0)).isInstanceOf(IllegalArgumentException.class);
    }
}
