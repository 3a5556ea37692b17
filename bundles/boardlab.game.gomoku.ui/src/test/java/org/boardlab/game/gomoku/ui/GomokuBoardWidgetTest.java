package org.boardlab.game.gomoku.ui;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.boardlab.workbench.testing.BoardHarness.pixel;
import static org.boardlab.workbench.testing.BoardHarness.save;

import java.util.HashSet;
import java.util.List;
import org.boardlab.api.GameOptions;
import org.boardlab.api.GameState;
import org.boardlab.api.Move;
import org.boardlab.api.Side;
import org.boardlab.game.gomoku.Gomoku;
import org.boardlab.game.gomoku.Danger;
import org.boardlab.game.gomoku.Threat;
import org.boardlab.workbench.BoardGeometry;
import org.boardlab.workbench.testing.BoardHarness;
import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.ImageData;
import org.eclipse.swt.graphics.Point;
import org.eclipse.swt.graphics.RGB;
import org.eclipse.swt.graphics.Resource;
import org.eclipse.swt.widgets.Event;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Drives the Gomoku board as a person would: shows positions, clicks near intersections (computed
 * from the widget's own geometry), switches the danger points, and checks the moves reported, the
 * text under the board and the colours on the screen.
 */
class GomokuBoardWidgetTest {

    @RegisterExtension
    static final BoardHarness<GomokuBoardWidget> board =
            new BoardHarness<>(shell -> (GomokuBoardWidget) new GomokuRenderer().create(shell), 560, 660);

    private final Gomoku game = new Gomoku();
    private GomokuBoardWidget widget;
    private List<Move> reported;

    @BeforeEach
    void takeTheBoard() {
        widget = board.widget();
        reported = board.reported();
    }

    private Point at(String point) {
        var p = org.boardlab.game.gomoku.Point.parse(point);
        return widget.geometry().centre(p.col(), p.row());
    }

    private GameState play(String... moves) {
        return BoardHarness.play(GameState.class, game.newGame(), moves);
    }

    @Test
    void aClickNearAnEmptyIntersectionReportsThatPoint() {
        widget.show(game.newGame(), null, Side.FIRST);
        int cell = widget.geometry().cell();
        Point h8 = at("h8");

        board.click(h8.x + cell / 4, h8.y - cell / 5);

        assertThat(reported).extracting(Move::notation).containsExactly("h8");
    }

    @Test
    void clicksBetweenPointsOnStonesOrBesideTheBoardReportNothing() {
        GameState state = play("h8", "h9");
        widget.show(state, null, Side.FIRST);
        BoardGeometry g = widget.geometry();
        Point h8 = at("h8");

        board.click(h8); // black's stone
        board.click(at("h9")); // white's stone
        board.click(at("c3").x + g.cell() / 2, at("c3").y + g.cell() / 2); // halfway between c3 and d4
        board.click(g.left() - 3, at("a1").y); // on the row numbers
        board.click(at("a15").x, g.bottom() + 4); // under the board

        assertThat(reported).isEmpty();
    }

    @Test
    void nobodyClicksWhenNoSideIsClickableTheOtherSideIsToMoveOrTheGameIsOver() {
        widget.show(game.newGame(), null, null);
        board.click(at("h8"));
        widget.show(game.newGame(), null, Side.SECOND);
        board.click(at("h8"));
        GameState won = play("a1", "a2", "b1", "b2", "c1", "c2", "d1", "d2", "e1");
        assertThat(won.isTerminal()).isTrue();
        widget.show(won, null, Side.SECOND);
        board.click(at("h8"));

        assertThat(reported).isEmpty();
    }

    @Test
    void aSecondClickBeforeTheNextPositionIsShownIsIgnored() {
        widget.show(game.newGame(), null, Side.FIRST);
        board.click(at("h8"));
        board.click(at("g7"));
        assertThat(reported).extracting(Move::notation).containsExactly("h8");

        widget.show(play("h8", "h9"), null, Side.FIRST);
        board.click(at("g7"));
        assertThat(reported).extracting(Move::notation).containsExactly("h8", "g7");
    }

    @Test
    void pressingNearOnePointAndReleasingNearAnotherIsNoMove() {
        widget.show(game.newGame(), null, Side.FIRST);

        board.fire(SWT.MouseDown, at("h8"));
        board.fire(SWT.MouseUp, at("i8"));

        assertThat(reported).isEmpty();
    }

    /** Black has f8, g8, h8 in a row with both ends open: e8 and i8 would make an open four. */
    private GameState blackThreatensOpenFour() {
        return play("h8", "a1", "g8", "a3", "f8");
    }

    @Test
    void theDangerPointsAreColouredByThreatAndTheCheckButtonHidesThem() throws Exception {
        GameState state = blackThreatensOpenFour();
        widget.show(state, null, Side.SECOND);
        assertThat(widget.dangers()).extracting(Danger::toString).containsExactly("e8 open-four", "i8 open-four");
        assertThat(widget.noticeText()).isEqualTo("2 danger points, where black would make a threat:");

        ImageData shown = board.screenshot();
        save(shown, "gomoku-board-open-four.png");
        RGB openFour = GomokuBoardWidget.THREAT_COLOURS.get(Threat.OPEN_FOUR);
        assertThat(pixel(shown, at("e8"))).isEqualTo(openFour);
        assertThat(pixel(shown, at("i8"))).isEqualTo(openFour);
        Point emptyPoint = new Point(at("d8").x + 3, at("d8").y + 3); // beside the lines' crossing
        assertThat(pixel(shown, emptyPoint)).isEqualTo(GomokuBoardWidget.WOOD);

        widget.dangerButton().setSelection(false);
        widget.dangerButton().notifyListeners(SWT.Selection, new Event());
        assertThat(widget.isDangerShown()).isFalse();
        assertThat(widget.noticeText()).isEmpty();
        Point nearE8 = new Point(at("e8").x + 3, at("e8").y + 3);
        assertThat(pixel(board.screenshot(), nearE8)).isEqualTo(GomokuBoardWidget.WOOD);

        widget.setDangerShown(true);
        assertThat(widget.dangerButton().getSelection()).isTrue();
        assertThat(pixel(board.screenshot(), at("e8"))).isEqualTo(openFour);
    }

    @Test
    void aDoubleThreeHasItsOwnColour() {
        // black h6, h7 down and f8, g8 across: h8 makes two open threes
        GameState state = play("h6", "a1", "h7", "a3", "f8", "a5", "g8");
        widget.show(state, null, null);

        assertThat(widget.dangers()).contains(new Danger(org.boardlab.game.gomoku.Point.parse("h8"), Threat.DOUBLE_THREE));
        assertThat(pixel(board.screenshot(), at("h8"))).isEqualTo(GomokuBoardWidget.THREAT_COLOURS.get(Threat.DOUBLE_THREE));
        assertThat(new HashSet<>(GomokuBoardWidget.THREAT_COLOURS.values())).as("four different colours").hasSize(4);
    }

    @Test
    void theScreenShowsStonesTheLastStoneAndTheLegend() throws Exception {
        GameState midGame = play("h8", "h9", "g7", "i9", "g9", "f8", "i7", "g8", "j6", "k5", "j8", "i8", "h7");
        widget.setPlayerNames("Ada", "Bob");
        widget.show(midGame, org.boardlab.game.gomoku.Point.parse("h7"), Side.SECOND);
        ImageData shot = board.screenshot(widget.control());
        save(shot, "gomoku-board.png");
        assertThat(board.canvas().getLocation()).isEqualTo(new Point(0, 0));
        assertThat(widget.dangerButton().getSelection()).as("danger points are shown at first").isTrue();
        assertThat(widget.dangerButton().getText()).isEqualTo("Show danger points");

        int quarter = widget.geometry().cell() / 4;
        assertThat(pixel(shot, at("h8"))).as("a black stone").isEqualTo(GomokuBoardWidget.BLACK);
        assertThat(pixel(shot, at("h9"))).as("a white stone").isEqualTo(GomokuBoardWidget.WHITE);
        assertThat(pixel(shot, at("h7"))).as("the last stone's red dot").isEqualTo(GomokuBoardWidget.MARK);
        assertThat(pixel(shot, new Point(at("h7").x + quarter, at("h7").y + quarter))).as("the last stone")
                .isEqualTo(GomokuBoardWidget.BLACK);
        assertThat(widget.turnText()).isEqualTo("Bob (white) to move");
        assertThat(widget.dangers()).isNotEmpty();
        for (Danger d : widget.dangers()) {
            assertThat(pixel(shot, at(d.point().notation()))).as(d.toString())
                    .isEqualTo(GomokuBoardWidget.THREAT_COLOURS.get(d.threat()));
        }
    }

    @Test
    void aWonGameIsStruckThroughAndSaysWhoWon() throws Exception {
        GameState won = play("d4", "a1", "e5", "a2", "f6", "a3", "g7", "a4", "h8");
        widget.show(won, null, Side.SECOND);

        assertThat(widget.turnText()).isEqualTo("Game over: Black wins");
        assertThat(widget.noticeText()).isEqualTo("Black has five in a row (d4 to h8).");
        assertThat(widget.dangers()).isEmpty();
        ImageData shot = board.screenshot();
        save(shot, "gomoku-won.png");
        Point e5 = at("e5");
        Point f6 = at("f6");
        assertThat(pixel(shot, new Point((e5.x + f6.x) / 2, (e5.y + f6.y) / 2))).as("the line between two stones")
                .isEqualTo(GomokuBoardWidget.MARK);
    }

    @Test
    void theBoardScalesWithTheWindowAndOtherSizesAndClicksFollow() throws Exception {
        GameState small = new Gomoku().newGame(GameOptions.DEFAULT.with("size", "7")).apply(org.boardlab.game.gomoku.Point.parse("d4"));
        widget.show(small, null, Side.SECOND);
        int cellBefore = widget.geometry().cell();

        board.resize(260, 330);
        assertThat(widget.geometry().cell()).isLessThan(cellBefore);
        ImageData shot = board.screenshot();
        save(shot, "gomoku-7x7-small.png");
        assertThat(pixel(shot, new Point(at("d4").x + 4, at("d4").y + 4))).isEqualTo(GomokuBoardWidget.BLACK);
        Point g7 = at("g7");
        assertThat(g7.x).isLessThan(board.canvas().getSize().x);
        assertThat(g7.y).isLessThan(board.canvas().getSize().y);

        board.click(g7);
        assertThat(reported).extracting(Move::notation).containsExactly("g7");
    }

    /**
     * Shows {@code position} with its side to move clickable, makes {@code move} by the one click
     * {@code clicksFor(move)} gives (a point of {@code control()}, the composite, which the harness
     * maps to the canvas that listens), and returns the moves reported.
     */
    private List<Move> clickAsTold(GameState position, Move move) {
        widget.show(position, null, position.sideToMove());
        List<Point> clicks = widget.clicksFor(move);
        assertThat(clicks).as("one click for " + move.notation()).hasSize(1);
        for (Point p : clicks) {
            assertThat(board.canvas().getBounds().contains(p)).as(p + " is on the canvas, not on the check button").isTrue();
        }
        return board.clickAsTold(move);
    }

    /** Positions of a seeded random game on a {@code size}x{@code size} board, every {@code every} plies. */
    private List<GameState> positionsOfARandomGame(int size, long seed, int every) {
        GameState start = game.newGame(GameOptions.DEFAULT.with("size", Integer.toString(size)));
        return BoardHarness.positionsOfARandomGame(GameState.class, start, seed, every);
    }

    @Test
    void clicksForEveryLegalMoveMakeExactlyThatMove() {
        List<GameState> positions = positionsOfARandomGame(15, 5, 37);
        assertThat(positions).hasSizeGreaterThan(2);
        int checked = 0;
        for (GameState position : positions) {
            for (Move move : position.legalMoves()) {
                assertThat(clickAsTold(position, move)).as("clicks for " + move.notation()).containsExactly(move);
                checked++;
            }
        }
        assertThat(checked).isGreaterThan(500);
    }

    @Test
    void clicksForFollowTheBoardSizeTheWindowAndTheHiddenDangerPoints() {
        widget.setDangerShown(false);
        board.resize(260, 330);
        for (GameState position : positionsOfARandomGame(9, 3, 6)) {
            for (Move move : position.legalMoves()) {
                assertThat(clickAsTold(position, move)).as("clicks for " + move.notation()).containsExactly(move);
            }
        }
    }

    @Test
    void clicksForTakeAMoveByItsNotationAndRefuseIllegalOnes() {
        GameState position = play("h8");
        widget.show(position, null, Side.SECOND);
        Move h9 = () -> "h9";
        assertThat(widget.clicksFor(h9)).containsExactly(board.display().map(board.canvas(), widget.control(), at("h9")));
        assertThatThrownBy(() -> widget.clicksFor(org.boardlab.game.gomoku.Point.parse("h8")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("h8");
        assertThatThrownBy(() -> widget.clicksFor(() -> "z99")).isInstanceOf(IllegalArgumentException.class);

        GomokuBoardWidget fresh = (GomokuBoardWidget) new GomokuRenderer().create(board.shell());
        assertThatThrownBy(() -> fresh.clicksFor(h9)).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void coloursAndFontsAreFreedWithTheBoard() {
        List<Resource> resources = widget.resources();
        assertThat(resources).isNotEmpty().noneMatch(Resource::isDisposed);

        board.shell().dispose();

        assertThat(resources).allMatch(Resource::isDisposed);
    }
}
