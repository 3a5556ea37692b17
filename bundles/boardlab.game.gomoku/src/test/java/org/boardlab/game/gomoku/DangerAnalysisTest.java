package org.boardlab.game.gomoku;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Optional;
import org.boardlab.api.Side;
import org.junit.jupiter.api.Test;

/** Seed 003's danger categories, each with positive and negative cases; X attacks, * is tested. */
class DangerAnalysisTest {

    private static Optional<Threat> threat(String... rows) {
        DiagramBoard board = new DiagramBoard(rows);
        return DangerAnalysis.threatAt(board, Side.FIRST, board.star());
    }

    // ---- (a) an immediate win ----

    @Test
    void fillingAGapToMakeFiveIsAWin() {
        assertThat(threat(
                ". . . . . . .",
                ". X X * X X .",
                ". . . . . . .",
                ". . . . . . .",
                ". . . . . . .",
                ". . . . . . .",
                ". . . . . . .")).contains(Threat.WIN);
    }

    @Test
    void fiveDownAndOnBothDiagonalsAreWins() {
        assertThat(threat(
                "X . . . . . .",
                "X . . . . . .",
                "X . . . . . .",
                "X . . . . . .",
                "* . . . . . .",
                ". . . . . . .",
                ". . . . . . .")).contains(Threat.WIN);
        assertThat(threat(
                "X . . . . . .",
                ". X . . . . .",
                ". . * . . . .",
                ". . . X . . .",
                ". . . . X . .",
                ". . . . . . .",
                ". . . . . . .")).contains(Threat.WIN);
        assertThat(threat(
                ". . . . . . *",
                ". . . . . X .",
                ". . . . X . .",
                ". . . X . . .",
                ". . X . . . .",
                ". . . . . . .",
                ". . . . . . .")).contains(Threat.WIN);
    }

    @Test
    void sixInARowIsAWinToo() {
        assertThat(threat(
                "X X X * X X .",
                ". . . . . . .",
                ". . . . . . .",
                ". . . . . . .",
                ". . . . . . .",
                ". . . . . . .",
                ". . . . . . .")).contains(Threat.WIN);
    }

    @Test
    void aWinNeedsTheStonesUnbroken() {
        // * joins X X to its right only: a lone open three, which is no danger
        assertThat(threat(
                "X X . * X X .",
                ". . . . . . .",
                ". . . . . . .",
                ". . . . . . .",
                ". . . . . . .",
                ". . . . . . .",
                ". . . . . . .")).isEmpty();
    }

    // ---- (b) an open four ----

    @Test
    void fourWithBothEndsEmptyIsAnOpenFour() {
        assertThat(threat(
                ". . . . . . . .",
                ". X X X * . . .",
                ". . . . . . . .",
                ". . . . . . . .",
                ". . . . . . . .",
                ". . . . . . . .",
                ". . . . . . . .",
                ". . . . . . . .")).contains(Threat.OPEN_FOUR);
        assertThat(threat(
                ". . . . . . . .",
                ". * X X X . . .",
                ". . . . . . . .",
                ". . . . . . . .",
                ". . . . . . . .",
                ". . . . . . . .",
                ". . . . . . . .",
                ". . . . . . . .")).contains(Threat.OPEN_FOUR);
    }

    @Test
    void fourBlockedOnOneEndAloneIsNoDanger() {
        assertThat(threat(
                ". . . . . . . .",
                "O X X X * . . .",
                ". . . . . . . .",
                ". . . . . . . .",
                ". . . . . . . .",
                ". . . . . . . .",
                ". . . . . . . .",
                ". . . . . . . .")).isEmpty();
    }

    @Test
    void fourAgainstTheEdgeIsNotOpen() {
        assertThat(threat(
                ". . . . . . . .",
                "* X X X . . . .",
                ". . . . . . . .",
                ". . . . . . . .",
                ". . . . . . . .",
                ". . . . . . . .",
                ". . . . . . . .",
                ". . . . . . . .")).isEmpty();
    }

    @Test
    void fourBlockedOnBothEndsCountsForNothing() {
        assertThat(threat(
                ". . . . . . . .",
                "O X X X * O . .",
                ". . . . . . . .",
                ". . . . . . . .",
                ". . . . . . . .",
                ". . . . . . . .",
                ". . . . . . . .",
                ". . . . . . . .")).isEmpty();
        // ... and an open three beside it does not make it a four-three
        assertThat(threat(
                ". . . . . . . .",
                ". . . . X . . .",
                ". . . . X . . .",
                "O X X X * O . .",
                ". . . . . . . .",
                ". . . . . . . .",
                ". . . . . . . .",
                ". . . . . . . .")).isEmpty();
    }

    // ---- (c) a four blocked on one side plus an open three ----

    @Test
    void blockedFourWithAnOpenThreeIsAFourThree() {
        assertThat(threat(
                ". . . . . . . . .",
                ". . . . . . . . .",
                ". . . . X . . . .",
                ". . . . X . . . .",
                "O X X X * . . . .",
                ". . . . . . . . .",
                ". . . . . . . . .",
                ". . . . . . . . .",
                ". . . . . . . . .")).contains(Threat.FOUR_THREE);
    }

    @Test
    void fourBlockedByTheEdgeWithAnOpenThreeIsAFourThree() {
        assertThat(threat(
                ". . . . . . . . .",
                ". . . . . . . . .",
                ". . . X . . . . .",
                ". . . X . . . . .",
                "X X X * . . . . .",
                ". . . . . . . . .",
                ". . . . . . . . .",
                ". . . . . . . . .",
                ". . . . . . . . .")).contains(Threat.FOUR_THREE);
    }

    @Test
    void blockedFourWithABlockedThreeIsNoDanger() {
        assertThat(threat(
                ". . . . . . . . .",
                ". . . . O . . . .",
                ". . . . X . . . .",
                ". . . . X . . . .",
                "O X X X * . . . .",
                ". . . . . . . . .",
                ". . . . . . . . .",
                ". . . . . . . . .",
                ". . . . . . . . .")).isEmpty();
    }

    @Test
    void blockedFourWithABrokenThreeIsNoDanger() {
        // down the e column: X X . * is "X X . X" once played, not a three
        assertThat(threat(
                ". . . . . . . . .",
                ". . . . X . . . .",
                ". . . . X . . . .",
                ". . . . . . . . .",
                "O X X X * . . . .",
                ". . . . . . . . .",
                ". . . . . . . . .",
                ". . . . . . . . .",
                ". . . . . . . . .")).isEmpty();
    }

    @Test
    void twoBlockedFoursAreNotReported() {
        assertThat(threat(
                ". . . . O . . . .",
                ". . . . X . . . .",
                ". . . . X . . . .",
                ". . . . X . . . .",
                "O X X X * . . . .",
                ". . . . . . . . .",
                ". . . . . . . . .",
                ". . . . . . . . .",
                ". . . . . . . . .")).isEmpty();
    }

    // ---- (d) two or more open threes ----

    @Test
    void twoOpenThreesAreADoubleThree() {
        assertThat(threat(
                ". . . . . . . . .",
                ". . . . . . . . .",
                ". . . . X . . . .",
                ". . . . X . . . .",
                ". . X X * . . . .",
                ". . . . . . . . .",
                ". . . . . . . . .",
                ". . . . . . . . .",
                ". . . . . . . . .")).contains(Threat.DOUBLE_THREE);
    }

    @Test
    void aThreeMadeByFillingAGapCountsAsOpen() {
        // across: X * X; falling diagonal: X X *
        assertThat(threat(
                ". . . . . . . . .",
                ". . . . . . . . .",
                ". . X . . . . . .",
                ". . . X . . . . .",
                ". . . X * X . . .",
                ". . . . . . . . .",
                ". . . . . . . . .",
                ". . . . . . . . .",
                ". . . . . . . . .")).contains(Threat.DOUBLE_THREE);
    }

    @Test
    void threeAgainstTheEdgeIsNotOpen() {
        assertThat(threat(
                ". . . . . . . . .",
                ". . . . . . . . .",
                ". . X . . . . . .",
                ". . X . . . . . .",
                "X X * . . . . . .",
                ". . . . . . . . .",
                ". . . . . . . . .",
                ". . . . . . . . .",
                ". . . . . . . . .")).isEmpty();
    }

    @Test
    void threeBlockedByAStoneIsNotOpen() {
        assertThat(threat(
                ". . . . . . . . .",
                ". . . . . . . . .",
                ". . . . X . . . .",
                ". . . . X . . . .",
                ". O X X * . . . .",
                ". . . . . . . . .",
                ". . . . . . . . .",
                ". . . . . . . . .",
                ". . . . . . . . .")).isEmpty();
    }

    @Test
    void brokenThreeDoesNotCount() {
        // across: X X . * would be "X X . X", not a three
        assertThat(threat(
                ". . . . . . . . .",
                ". . . . . . . . .",
                ". . . . X . . . .",
                ". . . . X . . . .",
                ". X X . * . . . .",
                ". . . . . . . . .",
                ". . . . . . . . .",
                ". . . . . . . . .",
                ". . . . . . . . .")).isEmpty();
    }

    @Test
    void aSingleOpenThreeIsNoDanger() {
        assertThat(threat(
                ". . . . . . .",
                ". . . . . . .",
                ". X X * . . .",
                ". . . . . . .",
                ". . . . . . .",
                ". . . . . . .",
                ". . . . . . .")).isEmpty();
    }

    // ---- the strongest reason wins, the list, the contract ----

    @Test
    void theStrongestThreatIsReported() {
        // a five across and an open three down
        assertThat(threat(
                ". . . . . . . . .",
                ". . . . . . . . .",
                ". . . . X . . . .",
                ". . . . X . . . .",
                "X X X X * . . . .",
                ". . . . . . . . .",
                ". . . . . . . . .",
                ". . . . . . . . .",
                ". . . . . . . . .")).contains(Threat.WIN);
        // an open four across and an open three down
        assertThat(threat(
                ". . . . . . . . .",
                ". . . . . . . . .",
                ". . . . X . . . .",
                ". . . . X . . . .",
                ". X X X * . . . .",
                ". . . . . . . . .",
                ". . . . . . . . .",
                ". . . . . . . . .",
                ". . . . . . . . .")).contains(Threat.OPEN_FOUR);
    }

    @Test
    void findListsStrongestFirstThenInReadingOrder() {
        DiagramBoard board = new DiagramBoard(
                ". . . . . . . . .",
                ". . . . . . . . .",
                ". . . . . . . . .",
                ". . . . . . . . .",
                ". . . . . . . . .",
                ". . . X X X . . .",
                ". . . . . . . . .",
                ". . . . . . . . .",
                "X X X X . . . . .");
        assertThat(DangerAnalysis.find(board, Side.FIRST)).containsExactly(
                new Danger(Point.parse("e9"), Threat.WIN),
                new Danger(Point.parse("c6"), Threat.OPEN_FOUR),
                new Danger(Point.parse("g6"), Threat.OPEN_FOUR));
    }

    @Test
    void onlyTheAttackersStonesMakeThreats() {
        DiagramBoard board = new DiagramBoard(
                ". . . . . . .",
                ". X X X X . .",
                ". . . . . . .",
                ". . . . . . .",
                ". . . . . . .",
                ". . . . . . .",
                ". . . . . . .");
        assertThat(DangerAnalysis.find(board, Side.SECOND)).isEmpty();
        assertThat(DangerAnalysis.find(board, Side.FIRST)).extracting(Danger::toString)
                .containsExactly("a2 win", "f2 win");
    }

    @Test
    void takenPointsAreNeverDangerousAndOffBoardPointsAreRefused() {
        DiagramBoard board = new DiagramBoard(
                ". . . . .",
                "X X X X O",
                ". . . . .",
                ". . . . .",
                ". . . . .");
        assertThat(DangerAnalysis.threatAt(board, Side.FIRST, Point.parse("e2"))).isEmpty();
        assertThat(DangerAnalysis.find(board, Side.FIRST)).isEqualTo(List.of());
        assertThatThrownBy(() -> DangerAnalysis.threatAt(board, Side.FIRST, Point.parse("f1")))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("f1 is off the 5x5 board");
    }

    @Test
    void labelsAreTheNamesUsedInDetails() {
        assertThat(List.of(Threat.values())).extracting(Threat::label)
                .containsExactly("win", "open-four", "four-three", "double-three");
    }
}
