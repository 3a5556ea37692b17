package org.boardlab.game.dots.ui;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.boardlab.workbench.testing.BoardHarness.assertClose;
import static org.boardlab.workbench.testing.BoardHarness.pixel;
import static org.boardlab.workbench.testing.BoardHarness.save;

import java.util.List;
import java.util.Random;
import javax.inject.Named;
import org.boardlab.api.GameOptions;
import org.boardlab.api.Move;
import org.boardlab.api.Side;
import org.boardlab.game.dots.Dots;
import org.boardlab.game.dots.DotsPosition;
import org.boardlab.game.dots.Point;
import org.boardlab.workbench.testing.BoardHarness;
import org.eclipse.swt.graphics.ImageData;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Drives the Dots board as a person would: shows positions, clicks at the pixels the widget's own
 * layout gives for points, and checks the moves reported and the pixels drawn. Runs on an X
 * display (Xvfb in CI).
 */
class DotsBoardWidgetTest {

    @RegisterExtension
    static final BoardHarness<DotsBoardWidget> board =
            new BoardHarness<>(shell -> (DotsBoardWidget) new DotsBoardRenderer().create(shell), 900, 760);

    private final Dots game = new Dots();
    private DotsBoardWidget widget;
    private List<Move> reported;

    @BeforeEach
    void takeTheBoard() {
        widget = board.widget();
        reported = board.reported();
    }

    private void clickPoint(int x, int y) {
        board.click(widget.layout().centre(new Point(x, y)));
    }

    /** Plays the moves, written {@code x,y}, red first. */
    private static DotsPosition play(DotsPosition start, String... moves) {
        return BoardHarness.play(DotsPosition.class, start, moves);
    }

    /** Red closes a diamond round blue's dot on 5,5; blue's other dots are far away. */
    private DotsPosition redCaptures(DotsPosition start) {
        return play(start, "5,4", "5,5", "4,5", "20,20", "6,5", "21,20", "5,6");
    }

    @Test
    void aClickOnAFreePointReportsIt() {
        DotsPosition start = game.newGame();
        widget.show(start, null, Side.FIRST);
        clickPoint(12, 7);
        assertThat(reported).containsExactly(new Point(12, 7));
    }

    @Test
    void aClickNearAPointMeansThatPointAndOneBetweenPointsMeansNone() {
        DotsPosition start = game.newGame();
        widget.show(start, null, Side.FIRST);
        DotsLayout layout = widget.layout();
        board.click(layout.near(new Point(3, 3), 0.5, 0.5));
        board.click(layout.near(new Point(3, 3), 0.45, 0));
        assertThat(reported).isEmpty();
        board.click(layout.near(new Point(38, 31), 0.25, -0.2));
        assertThat(reported).containsExactly(new Point(38, 31));
    }

    @Test
    void cornersOfSmallAndLargeBoardsAreClickable() {
        for (String size : new String[] {"5x5", "10x7", "64x64"}) {
            DotsPosition start = game.newGame(GameOptions.DEFAULT.with("size", size));
            widget.show(start, null, Side.FIRST);
            clickPoint(0, 0);
            widget.show(start, null, Side.FIRST);
            clickPoint(start.width() - 1, start.height() - 1);
        }
        assertThat(reported).containsExactly(new Point(0, 0), new Point(4, 4), new Point(0, 0), new Point(9, 6),
                new Point(0, 0), new Point(63, 63));
    }

    @Test
    void occupiedPointsAndPointsInsideAZoneReportNothing() {
        DotsPosition position = play(redCaptures(game.newGame()), "30,30");
        assertThat(position.sideToMove()).isEqualTo(Side.FIRST);
        widget.show(position, null, Side.FIRST);
        clickPoint(5, 4); // red's own dot
        clickPoint(20, 20); // blue's dot
        clickPoint(5, 5); // the captured dot inside red's zone
        assertThat(reported).isEmpty();
        clickPoint(7, 7);
        assertThat(reported).containsExactly(new Point(7, 7));
    }

    @Test
    void nothingIsReportedWhenTheOtherSideOrNobodyClicks() {
        DotsPosition start = game.newGame();
        widget.show(start, null, null);
        clickPoint(1, 1);
        assertThat(widget.turnText()).isEqualTo("Red to move");
        widget.show(start, null, Side.SECOND);
        clickPoint(1, 1);
        assertThat(widget.turnText()).isEqualTo("opponent's move");
        assertThat(reported).isEmpty();
        widget.show(start, null, Side.FIRST);
        assertThat(widget.turnText()).isEqualTo("your move");
    }

    @Test
    void onlyOneMoveIsReportedUntilTheNextPosition() {
        DotsPosition start = game.newGame();
        widget.show(start, null, Side.FIRST);
        clickPoint(1, 1);
        clickPoint(2, 2);
        assertThat(reported).containsExactly(new Point(1, 1));
        DotsPosition next = play(start, "1,1");
        widget.show(next, new Point(1, 1), Side.SECOND);
        clickPoint(2, 2);
        assertThat(reported).containsExactly(new Point(1, 1), new Point(2, 2));
    }

    @Test
    void dotsZonesCapturedDotsAndTheLastDotAreDrawnInTheirColours() {
        DotsPosition position = redCaptures(game.newGame());
        widget.show(position, new Point(5, 6), null);
        ImageData image = board.screenshot();
        DotsLayout layout = widget.layout();

        assertClose(pixel(image, layout.centre(new Point(5, 4))), DotsBoardWidget.RED);
        assertClose(pixel(image, layout.centre(new Point(20, 20))), DotsBoardWidget.BLUE);
        assertClose(pixel(image, layout.centre(new Point(5, 5))), DotsBoardWidget.BLUE_FADED);
        assertClose(pixel(image, layout.near(new Point(5, 5), 0.35, 0.2)), DotsBoardWidget.RED_ZONE);
        assertClose(pixel(image, layout.near(new Point(4, 5), 0.5, -0.5)), DotsBoardWidget.RED);
        assertClose(pixel(image, layout.centre(new Point(5, 6))), DotsBoardWidget.LAST);
        assertClose(pixel(image, layout.near(new Point(8, 8), 0.35, 0.2)), DotsBoardWidget.PAPER);
    }

    @Test
    void theStatusLineHasTheScoresNamesAndResult() {
        DotsPosition position = redCaptures(game.newGame());
        widget.show(position, null, Side.SECOND);
        assertThat(widget.scoreText(Side.FIRST)).isEqualTo("Red: 1");
        assertThat(widget.scoreText(Side.SECOND)).isEqualTo("Blue: 0");
        widget.setPlayerNames("alice", "bob");
        assertThat(widget.scoreText(Side.FIRST)).isEqualTo("alice: 1");
        assertThat(widget.scoreText(Side.SECOND)).isEqualTo("bob: 0");
        DotsPosition over = position.endByAgreement();
        widget.show(over, null, Side.SECOND);
        assertThat(widget.turnText()).startsWith("Red wins: ");
        clickPoint(10, 10);
        assertThat(reported).isEmpty();
    }

    /**
     * Shows {@code position} with its side to move clickable, makes {@code move} by the one click
     * {@code clicksFor(move)} gives, and returns the moves reported.
     */
    private List<Move> clickAsTold(DotsPosition position, Move move) {
        widget.show(position, null, position.sideToMove());
        assertThat(widget.clicksFor(move)).as("one click for " + move.notation()).hasSize(1);
        return board.clickAsTold(move);
    }

    /** Positions of a seeded random game of the given size, every {@code every} plies, to its end. */
    private List<DotsPosition> positionsOfARandomGame(String size, long seed, int every) {
        DotsPosition start = game.newGame(GameOptions.DEFAULT.with("size", size));
        return BoardHarness.positionsOfARandomGame(DotsPosition.class, start, seed, every);
    }

    @Test
    void clicksForEveryLegalMoveMakeExactlyThatMove() {
        List<DotsPosition> positions = positionsOfARandomGame("12x9", 5, 9);
        assertThat(positions.get(positions.size() - 1).zones()).as("the sample has zones").isNotEmpty();
        positions.addAll(positionsOfARandomGame("39x32", 2, 700));
        int checked = 0;
        for (DotsPosition position : positions) {
            for (Move move : position.legalMoves()) {
                assertThat(clickAsTold(position, move)).as("clicks for " + move.notation() + " in\n" + position.boardText())
                        .containsExactly(move);
                checked++;
            }
        }
        assertThat(checked).isGreaterThan(2000);
    }

    @Test
    void clicksForFollowTheWindow() {
        board.resize(420, 300);
        for (DotsPosition position : positionsOfARandomGame("64x64", 9, 2000)) {
            for (Move move : position.legalMoves()) {
                assertThat(clickAsTold(position, move)).as("clicks for " + move.notation()).containsExactly(move);
            }
        }
    }

    @Test
    void clicksForTakeAMoveByItsNotationAndRefuseIllegalOnes() {
        DotsBoardWidget fresh = (DotsBoardWidget) new DotsBoardRenderer().create(board.shell());
        assertThatThrownBy(() -> fresh.clicksFor(new Point(1, 1))).isInstanceOf(IllegalStateException.class);
        DotsPosition position = (DotsPosition) game.newGame().apply(new Point(3, 4));
        widget.show(position, null, Side.SECOND);
        assertThat(widget.clicksFor(() -> "4,4")).containsExactly(widget.layout().centre(new Point(4, 4)));
        assertThatThrownBy(() -> widget.clicksFor(new Point(3, 4)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("3,4");
        assertThatThrownBy(() -> widget.clicksFor(() -> "99,99")).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void theRendererIsNamedAfterTheGame() {
        assertThat(new DotsBoardRenderer().gameId()).isEqualTo(game.id());
        assertThat(DotsBoardRenderer.class.getAnnotation(Named.class).value()).isEqualTo(game.id());
    }

    @Test
    void aMidGamePositionLooksRight() throws Exception {
        DotsPosition position = redCaptures(game.newGame());
        // red encloses two blue dots; blue encloses a red dot; then some scattered dots
        position = play(position, "10,10", "9,10", "11,10", "10,9", "30,4", "11,9", "31,5", "12,10", "30,6",
                "11,11", "29,5", "10,11");
        position = play(position, "20,14", "20,15", "19,15", "25,25", "21,15", "26,25", "20,16");
        Random random = new Random(2);
        for (int i = 0; i < 60; i++) {
            List<Move> moves = position.legalMoves();
            position = (DotsPosition) position.apply(moves.get(random.nextInt(moves.size())));
        }
        assertThat(position.zones()).hasSizeGreaterThanOrEqualTo(3);
        widget.setPlayerNames("alice", "bob");
        widget.show(position, null, position.sideToMove());
        save(board.screenshot(), "dots-board.png");

        board.resize(520, 520);
        DotsPosition small = play(game.newGame(GameOptions.DEFAULT.with("size", "10x10")),
                "4,3", "4,4", "3,4", "8,8", "5,4", "8,7", "4,5");
        widget.setPlayerNames(null, null);
        widget.show(small, null, Side.SECOND);
        ImageData image = board.screenshot();
        assertClose(pixel(image, widget.layout().centre(new Point(4, 4))), DotsBoardWidget.BLUE_FADED);
        save(image, "dots-board-10x10.png");
    }
}
