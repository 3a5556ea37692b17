package org.boardlab.game.othello.ui;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.boardlab.workbench.testing.BoardHarness.pixel;
import static org.boardlab.workbench.testing.BoardHarness.save;

import java.util.ArrayList;
import java.util.List;
import org.boardlab.api.GameOptions;
import org.boardlab.api.GameState;
import org.boardlab.api.Move;
import org.boardlab.api.Side;
import org.boardlab.game.othello.Othello;
import org.boardlab.game.othello.OthelloMove;
import org.boardlab.game.othello.OthelloPosition;
import org.boardlab.game.othello.Scoring;
import org.boardlab.workbench.BoardGeometry;
import org.boardlab.workbench.testing.BoardHarness;
import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.ImageData;
import org.eclipse.swt.graphics.Point;
import org.eclipse.swt.graphics.Rectangle;
import org.eclipse.swt.graphics.Resource;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Drives the Othello board as a person would: shows positions, clicks at the centres of squares
 * (computed from the widget's own geometry), and checks the moves reported, the text under the
 * board, and the colours on the screen.
 */
class OthelloBoardWidgetTest {

    @RegisterExtension
    static final BoardHarness<OthelloBoardWidget> board =
            new BoardHarness<>(shell -> (OthelloBoardWidget) new OthelloRenderer().create(shell), 520, 600);

    private final Othello game = new Othello();
    private OthelloBoardWidget widget;
    private List<Move> reported;

    @BeforeEach
    void takeTheBoard() {
        widget = board.widget();
        reported = board.reported();
    }

    private Point centre(String square) {
        OthelloMove move = OthelloMove.at(square.charAt(0) - 'a', Integer.parseInt(square.substring(1)) - 1);
        return widget.geometry().centre(move.col(), move.row());
    }

    private void click(String square) {
        board.click(centre(square));
    }

    private static OthelloPosition play(OthelloPosition start, String... moves) {
        return BoardHarness.play(OthelloPosition.class, start, moves);
    }

    @Test
    void aClickOnALegalSquareReportsThatMove() {
        widget.show(game.newGame(), null, Side.FIRST);

        click("d3");

        assertThat(reported).extracting(Move::notation).containsExactly("d3");
    }

    @Test
    void clicksOnTakenOrIllegalSquaresOrBesideTheBoardReportNothing() {
        widget.show(game.newGame(), null, Side.FIRST);
        BoardGeometry g = widget.geometry();

        click("d4"); // taken
        click("a1"); // empty, flips nothing
        board.click(g.left() - 3, g.top() + g.cell() / 2); // on the row numbers
        board.click(g.left() + g.cell() / 2, g.bottom() + 3); // under the board

        assertThat(reported).isEmpty();
    }

    @Test
    void nobodyClicksWhenNoSideIsClickableOrTheOtherSideIsToMove() {
        widget.show(game.newGame(), null, null);
        click("d3");
        widget.show(game.newGame(), null, Side.SECOND);
        click("d3");

        assertThat(reported).isEmpty();
    }

    @Test
    void pressingOnOneSquareAndReleasingOnAnotherIsNoMove() {
        widget.show(game.newGame(), null, Side.FIRST);
        Point d3 = centre("d3");
        Point c4 = centre("c4");

        board.fire(SWT.MouseDown, d3);
        board.fire(SWT.MouseUp, c4);

        assertThat(reported).isEmpty();
    }

    @Test
    void aSecondClickBeforeTheNextPositionIsShownIsIgnored() {
        OthelloPosition start = game.newGame();
        widget.show(start, null, Side.FIRST);

        click("d3");
        click("c4");
        assertThat(reported).extracting(Move::notation).containsExactly("d3");

        OthelloPosition next = play(start, "d3", "c3");
        String blackMove = next.placements().get(0).notation();
        widget.show(next, OthelloMove.at(2, 2), Side.FIRST);
        click(blackMove);
        assertThat(reported).extracting(Move::notation).containsExactly("d3", blackMove);
    }

    @Test
    void thePointerIsAHandOverTheSquaresWhereAClickPlaysUntilAMoveIsMade() {
        widget.show(game.newGame(), null, Side.FIRST);
        var hand = board.display().getSystemCursor(SWT.CURSOR_HAND);
        Point d3 = centre("d3");
        Point a1 = centre("a1");

        board.fire(SWT.MouseMove, d3);
        assertThat(board.canvas().getCursor()).as("over a legal square").isSameAs(hand);
        board.fire(SWT.MouseMove, a1);
        assertThat(board.canvas().getCursor()).as("over a square that turns nothing").isNull();
        board.fire(SWT.MouseMove, d3);
        click("d3");
        assertThat(board.canvas().getCursor()).as("once the move is made").isNull();
        board.fire(SWT.MouseMove, centre("c4"));
        assertThat(board.canvas().getCursor()).as("until the next position").isNull();
    }

    @Test
    void whenPassIsTheOnlyMoveAClickAnywhereOnTheBoardPasses() {
        OthelloPosition whiteMustPass = game.position("""
                . W W W
                W W W W
                W W W W
                W W W B
                """, Side.SECOND, Scoring.PLAIN);
        assertThat(whiteMustPass.legalMoves()).containsExactly(OthelloMove.PASS);

        widget.show(whiteMustPass, null, Side.SECOND);
        assertThat(widget.noticeText()).isEqualTo("White has no move: click the board to pass.");
        click("c2"); // a taken square: it does not matter where

        assertThat(reported).containsExactly(OthelloMove.PASS);

        widget.show(whiteMustPass, null, Side.FIRST);
        assertThat(widget.noticeText()).isEqualTo("White has no move and must pass.");
    }

    @Test
    void afterAPassTheBoardSaysSoAndTheGameOverTextFollows() {
        OthelloPosition whiteMustPass = game.position("""
                . W W W
                W W W W
                W W W W
                W W W B
                """, Side.SECOND, Scoring.PLAIN);
        OthelloPosition afterPass = play(whiteMustPass, "pass");
        widget.show(afterPass, OthelloMove.PASS, Side.FIRST);

        assertThat(widget.turnText()).isEqualTo("Black to move");
        assertThat(widget.noticeText()).isEqualTo("White passed: it had no move.");
        click("a1");
        assertThat(reported).extracting(Move::notation).containsExactly("a1");

        OthelloPosition over = play(afterPass, "a1");
        widget.show(over, OthelloMove.at(0, 0), Side.SECOND);
        assertThat(widget.scoreText(Side.FIRST)).isEqualTo("Black  4");
        assertThat(widget.scoreText(Side.SECOND)).isEqualTo("White  12");
        assertThat(widget.turnText()).isEqualTo("Game over: White wins");
        assertThat(widget.noticeText()).isEqualTo("The board is full; white has more discs (12 to 4).");
        click("b1");
        assertThat(reported).hasSize(1);
    }

    @Test
    void playerNamesReplaceTheColourNames() {
        widget.setPlayerNames("Ada", "Bob");
        widget.show(game.newGame(), null, null);

        assertThat(widget.scoreText(Side.FIRST)).isEqualTo("Ada (black)  2");
        assertThat(widget.turnText()).isEqualTo("Ada (black) to move");
    }

    @Test
    void theScreenShowsDiscsLegalDotsAndTheLastMove() throws Exception {
        OthelloPosition midGame = play(game.newGame(), "d3", "c5", "f6", "f5", "e6", "e3", "c3", "f3", "c4");
        widget.show(midGame, midGame.lastMove().orElseThrow(), Side.SECOND);
        ImageData shot = board.screenshot();
        save(shot, "othello-board.png");

        assertThat(midGame.disc(3, 3)).contains(Side.FIRST);
        assertThat(pixel(shot, offCentre("d4"))).isEqualTo(OthelloBoardWidget.BLACK);
        assertThat(midGame.disc(5, 4)).contains(Side.SECOND);
        assertThat(pixel(shot, offCentre("f5"))).isEqualTo(OthelloBoardWidget.WHITE);
        assertThat(pixel(shot, centre("c4"))).as("the last move's red dot").isEqualTo(OthelloBoardWidget.LAST_MOVE);
        assertThat(pixel(shot, offCentre("c4"))).as("the last move's disc").isEqualTo(OthelloBoardWidget.BLACK);
        OthelloMove legal = midGame.placements().get(0);
        Point legalCentre = widget.geometry().centre(legal.col(), legal.row());
        assertThat(pixel(shot, legalCentre)).as("white's legal dot").isEqualTo(OthelloBoardWidget.WHITE_HINT);
        assertThat(midGame.disc(0, 7)).isEmpty();
        assertThat(pixel(shot, centre("a8"))).as("an empty square").isEqualTo(OthelloBoardWidget.BOARD);

        widget.show(midGame, null, null);
        assertThat(pixel(board.screenshot(), legalCentre)).as("no dots when nobody clicks").isEqualTo(OthelloBoardWidget.BOARD);
    }

    /** A point inside the disc on {@code square} but away from the last-move dot in its centre. */
    private Point offCentre(String square) {
        Point c = centre(square);
        return new Point(c.x + widget.geometry().cell() / 4, c.y);
    }

    @Test
    void theBoardScalesWithTheWindowAndClicksFollow() throws Exception {
        OthelloPosition big = game.newGame(GameOptions.DEFAULT.with("size", "16"));
        widget.show(big, null, Side.FIRST);
        int cellBefore = widget.geometry().cell();

        board.resize(300, 360);
        int cellAfter = widget.geometry().cell();
        assertThat(cellAfter).isLessThan(cellBefore);
        ImageData shot = board.screenshot();
        save(shot, "othello-16x16-small.png");
        assertThat(pixel(shot, offCentre("h8"))).isEqualTo(OthelloBoardWidget.WHITE);
        assertThat(pixel(shot, offCentre("i8"))).isEqualTo(OthelloBoardWidget.BLACK);
        Rectangle lastSquare = widget.geometry().square(15, 15);
        assertThat(lastSquare.x + lastSquare.width).isLessThanOrEqualTo(board.canvas().getSize().x);
        assertThat(lastSquare.y + lastSquare.height).isLessThanOrEqualTo(board.canvas().getSize().y);

        click("h7");
        assertThat(reported).extracting(Move::notation).containsExactly("h7");
    }

    /**
     * Shows {@code position} with its side to move clickable, makes {@code move} by the one click
     * {@code clicksFor(move)} gives, and returns the moves reported.
     */
    private List<Move> clickAsTold(OthelloPosition position, Move move) {
        widget.show(position, null, position.sideToMove());
        assertThat(widget.clicksFor(move)).as("one click for " + move.notation()).hasSize(1);
        return board.clickAsTold(move);
    }

    /** The positions of a random game of {@code size}x{@code size} (seeded), every {@code every} plies. */
    private List<OthelloPosition> positionsOfARandomGame(int size, long seed, int every) {
        GameState start = game.newGame(GameOptions.DEFAULT.with("size", Integer.toString(size)));
        return BoardHarness.positionsOfARandomGame(OthelloPosition.class, start, seed, every);
    }

    @Test
    void clicksForEveryLegalMoveMakeExactlyThatMove() {
        List<OthelloPosition> positions = new ArrayList<>(positionsOfARandomGame(8, 7, 9));
        positions.add(game.position("""
                . W W W
                W W W W
                W W W W
                W W W B
                """, Side.SECOND, Scoring.PLAIN));
        int checked = 0;
        for (OthelloPosition position : positions) {
            for (Move move : position.legalMoves()) {
                assertThat(clickAsTold(position, move)).as("clicks for " + move.notation() + " in\n" + position.boardText())
                        .containsExactly(move);
                checked++;
            }
        }
        assertThat(checked).isGreaterThan(40);
    }

    @Test
    void clicksForFollowTheBoardSizeAndTheWindow() {
        board.resize(300, 360);
        for (OthelloPosition position : positionsOfARandomGame(16, 11, 40)) {
            for (Move move : position.legalMoves()) {
                assertThat(clickAsTold(position, move)).as(move.notation()).containsExactly(move);
            }
        }
    }

    @Test
    void clicksForAPassPointAtTheBoardAndAMoveFromAnotherParserIsTakenByItsNotation() {
        OthelloPosition whiteMustPass = game.position("""
                . W W W
                W W W W
                W W W W
                W W W B
                """, Side.SECOND, Scoring.PLAIN);
        widget.show(whiteMustPass, null, Side.SECOND);
        Point pass = widget.clicksFor(OthelloMove.PASS).get(0);
        BoardGeometry g = widget.geometry();
        assertThat(new Rectangle(g.left(), g.top(), g.extent(), g.extent()).contains(pass)).isTrue();

        OthelloPosition start = game.newGame();
        widget.show(start, null, Side.FIRST);
        Move d3 = () -> "d3";
        assertThat(widget.clicksFor(d3)).containsExactly(centre("d3"));
    }

    @Test
    void clicksForAnIllegalMoveOrBeforeAnyPositionIsRefused() {
        OthelloBoardWidget fresh = (OthelloBoardWidget) new OthelloRenderer().create(board.shell());
        assertThatThrownBy(() -> fresh.clicksFor(OthelloMove.at(2, 3))).isInstanceOf(IllegalStateException.class);

        widget.show(game.newGame(), null, Side.FIRST);
        assertThatThrownBy(() -> widget.clicksFor(OthelloMove.at(0, 0)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("a1");
        assertThatThrownBy(() -> widget.clicksFor(OthelloMove.PASS)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void coloursAndFontsAreFreedWithTheBoard() {
        List<Resource> resources = widget.resources();
        assertThat(resources).isNotEmpty().noneMatch(Resource::isDisposed);

        board.shell().dispose();

        assertThat(resources).allMatch(Resource::isDisposed);
    }
}
