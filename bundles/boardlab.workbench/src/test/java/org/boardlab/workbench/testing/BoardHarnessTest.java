package org.boardlab.workbench.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.List;
import org.boardlab.api.GameState;
import org.boardlab.api.Move;
import org.boardlab.api.Side;
import org.boardlab.game.tictactoe.TicTacToe;
import org.boardlab.workbench.BoardCanvas;
import org.boardlab.workbench.BoardGeometry;
import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.GC;
import org.eclipse.swt.graphics.ImageData;
import org.eclipse.swt.graphics.ImageLoader;
import org.eclipse.swt.graphics.Point;
import org.eclipse.swt.graphics.RGB;
import org.eclipse.swt.graphics.Rectangle;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.layout.GridLayout;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Label;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The harness the board views' tests share, on a tic-tac-toe board drawn for this test: its canvas
 * sits under a label, so the points {@code clicksFor} gives (in the control's coordinates) are not
 * the canvas's pixels, and a harness that did not map them would click the wrong square.
 */
class BoardHarnessTest {

    @RegisterExtension
    static final BoardHarness<Squares> board = new BoardHarness<>(Squares::new, 300, 360);

    private final TicTacToe game = new TicTacToe();

    @Test
    void aClickOnASquareOfTheCanvasReportsItsMove() {
        board.widget().show(game.newGame(), null, Side.FIRST);
        BoardGeometry g = board.widget().geometry();

        board.click(g.centre(1, 1));

        assertThat(board.reported()).extracting(Move::notation).containsExactly("b2");
    }

    @Test
    void aPressAndAReleaseOnDifferentSquaresAreNoClick() {
        board.widget().show(game.newGame(), null, Side.FIRST);
        BoardGeometry g = board.widget().geometry();

        board.fire(SWT.MouseDown, g.centre(0, 0));
        board.fire(SWT.MouseUp, g.centre(2, 2));

        assertThat(board.reported()).isEmpty();
    }

    @Test
    void clickAsToldMakesEveryLegalMoveThroughTheControlsCoordinates() {
        assertThat(board.canvas().getLocation().y).as("the canvas is under the label").isGreaterThan(0);
        List<GameState> positions = BoardHarness.positionsOfRandomGames(GameState.class, game.newGame(), 3, 4, 9, 1);
        int checked = 0;
        for (GameState position : positions) {
            for (Move move : position.legalMoves()) {
                board.widget().show(position, null, position.sideToMove());
                assertThat(board.clickAsTold(move)).as(move.notation() + " in\n" + position.boardText())
                        .containsExactly(move);
                checked++;
            }
        }
        assertThat(checked).isGreaterThan(20);
    }

    @Test
    void clickAsToldForgetsTheMovesReportedBeforeAndRefusesIllegalMoves() {
        GameState start = game.newGame();
        board.widget().show(start, null, Side.FIRST);
        board.click(board.widget().geometry().centre(0, 0));
        assertThat(board.reported()).extracting(Move::notation).containsExactly("a1");

        GameState next = BoardHarness.play(GameState.class, start, "a1");
        board.widget().show(next, null, Side.SECOND);
        assertThat(board.clickAsTold(next.parseMove("c3"))).extracting(Move::notation).containsExactly("c3");
        assertThat(board.reported()).extracting(Move::notation).containsExactly("c3");
        assertThatThrownBy(() -> board.clickAsTold(start.parseMove("a1"))).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void theScreenshotHasTheCanvasPixelsAndTheSavedPngKeepsThem() throws Exception {
        GameState position = BoardHarness.play(GameState.class, game.newGame(), "a1", "b2");
        board.widget().show(position, position.parseMove("b2"), null);
        BoardGeometry g = board.widget().geometry();

        ImageData shot = board.screenshot();
        assertThat(new Point(shot.width, shot.height)).isEqualTo(board.canvas().getSize());
        assertThat(BoardHarness.pixel(shot, g.centre(1, 1))).as("the last move").isEqualTo(Squares.LAST);
        assertThat(BoardHarness.pixel(shot, g.centre(2, 0))).as("another square").isEqualTo(Squares.BOARD);

        Path file = BoardHarness.save(shot, "harness-squares.png");
        assertThat(file).isEqualTo(Path.of("target", "screenshots", "harness-squares.png"));
        ImageData read = new ImageLoader().load(file.toString())[0];
        assertThat(new Point(read.width, read.height)).isEqualTo(new Point(shot.width, shot.height));
        assertThat(BoardHarness.pixel(read, g.centre(1, 1))).isEqualTo(Squares.LAST);
        assertThat(BoardHarness.pixel(read, g.centre(2, 0))).isEqualTo(Squares.BOARD);

        ImageData whole = board.screenshot(board.widget().control());
        Point onControl = board.display().map(board.canvas(), board.widget().control(), g.centre(1, 1));
        assertThat(BoardHarness.pixel(whole, onControl)).as("the last move, in the control's pixels").isEqualTo(Squares.LAST);
    }

    @Test
    void theShellFollowsResize() {
        board.widget().show(game.newGame(), null, null);
        int before = board.widget().geometry().cell();

        board.resize(150, 210);

        assertThat(board.shell().getSize()).isEqualTo(new Point(150, 210));
        assertThat(board.widget().geometry().cell()).isLessThan(before);
    }

    @Test
    void coloursCloseByAreCloseAndOthersAreNot() {
        BoardHarness.assertClose(new RGB(100, 100, 100), new RGB(108, 92, 108));
        assertThatThrownBy(() -> BoardHarness.assertClose(new RGB(100, 100, 100), new RGB(109, 92, 108)))
                .isInstanceOf(AssertionError.class).hasMessageContaining("25 apart");
    }

    @Test
    void randomGamesAreTakenEveryFewPliesAndRepeatWithTheSeed() {
        List<GameState> positions = BoardHarness.positionsOfRandomGames(GameState.class, game.newGame(), 11, 2, 5, 2);
        assertThat(positions).extracting(GameState::ply).containsExactly(0, 2, 4, 0, 2, 4);
        assertThat(BoardHarness.positionsOfRandomGames(GameState.class, game.newGame(), 11, 2, 5, 2)).isEqualTo(positions);

        List<GameState> wholeGame = BoardHarness.positionsOfARandomGame(GameState.class, game.newGame(), 11, 1);
        assertThat(wholeGame.get(0)).isEqualTo(game.newGame());
        assertThat(wholeGame.get(wholeGame.size() - 1).isTerminal()).as("the last position taken is before the end").isFalse();
        GameState last = wholeGame.get(wholeGame.size() - 1);
        assertThat(last.legalMoves()).anyMatch(m -> last.apply(m).isTerminal());
    }

    /**
     * A tic-tac-toe board for the test: a label above a canvas of three by three squares in
     * {@link #BOARD}, the last move's square in {@link #LAST}; a click on a square plays there.
     */
    static final class Squares extends BoardCanvas<GameState, Move> {

        static final RGB BOARD = new RGB(200, 220, 200);
        static final RGB LAST = new RGB(220, 40, 40);

        Squares(Composite parent) {
            super(root(parent), "tic-tac-toe", GameState.class, Move.class);
            canvas().setLayoutData(new GridData(SWT.FILL, SWT.FILL, true, true));
        }

        private static Composite root(Composite parent) {
            Composite root = new Composite(parent, SWT.NONE);
            root.setLayout(new GridLayout(1, false));
            Label label = new Label(root, SWT.NONE);
            label.setText("A label above the board");
            GridData data = new GridData(SWT.FILL, SWT.TOP, true, false);
            data.heightHint = 40;
            label.setLayoutData(data);
            return root;
        }

        @Override
        public Composite control() {
            return canvas().getParent();
        }

        BoardGeometry geometry() {
            Rectangle area = canvas().getClientArea();
            int cell = Math.max(1, (Math.min(area.width, area.height) - 2 * GAP) / 3);
            return new BoardGeometry(area.x + GAP, area.y + GAP, cell, 3);
        }

        @Override
        protected void paint(GC gc, Rectangle area) {
            BoardGeometry g = geometry();
            for (int col = 0; col < 3; col++) {
                for (int row = 0; row < 3; row++) {
                    Move square = state().parseMove(columnName(col) + (row + 1));
                    gc.setBackground(color(square.equals(lastMove()) ? LAST : BOARD));
                    Rectangle r = g.square(col, row);
                    gc.fillRectangle(r.x + 1, r.y + 1, r.width - 2, r.height - 2);
                }
            }
        }

        @Override
        protected Move moveAt(int x, int y) {
            Point cell = geometry().cellAt(x, y);
            if (cell == null) {
                return null;
            }
            Move move = state().parseMove(columnName(cell.x) + (cell.y + 1));
            return isLegal(move) ? move : null;
        }

        @Override
        protected List<Point> clicksOnCanvas(Move move) {
            String notation = move.notation();
            return List.of(geometry().centre(notation.charAt(0) - 'a', notation.charAt(1) - '1'));
        }
    }
}
