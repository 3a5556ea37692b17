package org.boardlab.game.gomoku.ui;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import org.boardlab.api.GameOptions;
import org.boardlab.api.GameState;
import org.boardlab.api.Move;
import org.boardlab.api.Side;
import org.boardlab.game.gomoku.Gomoku;
import org.boardlab.game.gomoku.api.Danger;
import org.boardlab.game.gomoku.api.Threat;
import org.boardlab.workbench.BoardGeometry;
import org.boardlab.workbench.BoardWidget;
import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.GC;
import org.eclipse.swt.graphics.Image;
import org.eclipse.swt.graphics.ImageData;
import org.eclipse.swt.graphics.ImageLoader;
import org.eclipse.swt.graphics.Point;
import org.eclipse.swt.graphics.RGB;
import org.eclipse.swt.graphics.Rectangle;
import org.eclipse.swt.graphics.Resource;
import org.eclipse.swt.layout.FillLayout;
import org.eclipse.swt.widgets.Canvas;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.Event;
import org.eclipse.swt.widgets.Shell;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Drives the Gomoku board as a person would: shows positions, clicks near intersections (computed
 * from the widget's own geometry), switches the danger points, and checks the moves reported, the
 * text under the board and the colours on the screen.
 */
class GomokuBoardWidgetTest {

    private static Display display;

    private final Gomoku game = new Gomoku();
    private Shell shell;
    private GomokuBoardWidget widget;
    private final List<Move> reported = new ArrayList<>();

    @BeforeAll
    static void createDisplay() {
        display = new Display();
    }

    @AfterAll
    static void disposeDisplay() {
        display.dispose();
    }

    @BeforeEach
    void openShell() {
        shell = new Shell(display);
        shell.setLayout(new FillLayout());
        BoardWidget created = new GomokuRenderer().create(shell);
        widget = (GomokuBoardWidget) created;
        widget.onMove(reported::add);
        shell.setSize(560, 660);
        shell.open();
        settle();
    }

    @AfterEach
    void closeShell() {
        if (!shell.isDisposed()) {
            shell.dispose();
        }
    }

    private void settle() {
        while (display.readAndDispatch()) {
            // run pending layout and paint events
        }
    }

    private Canvas canvas() {
        return widget.canvas();
    }

    private Point at(String point) {
        var p = org.boardlab.game.gomoku.api.Point.parse(point);
        return widget.geometry().centre(p.col(), p.row());
    }

    private void click(int x, int y) {
        fire(SWT.MouseDown, x, y);
        fire(SWT.MouseUp, x, y);
    }

    private void fire(int type, int x, int y) {
        Event e = new Event();
        e.x = x;
        e.y = y;
        e.button = 1;
        canvas().notifyListeners(type, e);
    }

    private GameState play(String... moves) {
        GameState state = game.newGame();
        for (String m : moves) {
            state = state.apply(state.parseMove(m));
        }
        return state;
    }

    private ImageData screenshot() {
        return screenshot(canvas());
    }

    /** {@code control} drawn into an image; the canvas is at the top left of the widget's control. */
    private ImageData screenshot(Control control) {
        settle();
        Rectangle size = control.getBounds();
        Image image = new Image(display, size.width, size.height);
        try {
            GC gc = new GC(image);
            try {
                control.print(gc);
            } finally {
                gc.dispose();
            }
            return image.getImageData();
        } finally {
            image.dispose();
        }
    }

    private static RGB pixel(ImageData data, Point p) {
        return data.palette.getRGB(data.getPixel(p.x, p.y));
    }

    private static void save(ImageData data, String name) throws Exception {
        Path dir = Path.of("target", "screenshots");
        Files.createDirectories(dir);
        ImageLoader loader = new ImageLoader();
        loader.data = new ImageData[] {data};
        loader.save(dir.resolve(name).toString(), SWT.IMAGE_PNG);
    }

    @Test
    void aClickNearAnEmptyIntersectionReportsThatPoint() {
        widget.show(game.newGame(), null, Side.FIRST);
        int cell = widget.geometry().cell();
        Point h8 = at("h8");

        click(h8.x + cell / 4, h8.y - cell / 5);

        assertThat(reported).extracting(Move::notation).containsExactly("h8");
    }

    @Test
    void clicksBetweenPointsOnStonesOrBesideTheBoardReportNothing() {
        GameState state = play("h8", "h9");
        widget.show(state, null, Side.FIRST);
        BoardGeometry g = widget.geometry();
        Point h8 = at("h8");

        click(h8.x, h8.y); // black's stone
        click(at("h9").x, at("h9").y); // white's stone
        click(at("c3").x + g.cell() / 2, at("c3").y + g.cell() / 2); // halfway between c3 and d4
        click(g.left() - 3, at("a1").y); // on the row numbers
        click(at("a15").x, g.bottom() + 4); // under the board

        assertThat(reported).isEmpty();
    }

    @Test
    void nobodyClicksWhenNoSideIsClickableTheOtherSideIsToMoveOrTheGameIsOver() {
        widget.show(game.newGame(), null, null);
        click(at("h8").x, at("h8").y);
        widget.show(game.newGame(), null, Side.SECOND);
        click(at("h8").x, at("h8").y);
        GameState won = play("a1", "a2", "b1", "b2", "c1", "c2", "d1", "d2", "e1");
        assertThat(won.isTerminal()).isTrue();
        widget.show(won, null, Side.SECOND);
        click(at("h8").x, at("h8").y);

        assertThat(reported).isEmpty();
    }

    @Test
    void aSecondClickBeforeTheNextPositionIsShownIsIgnored() {
        widget.show(game.newGame(), null, Side.FIRST);
        click(at("h8").x, at("h8").y);
        click(at("g7").x, at("g7").y);
        assertThat(reported).extracting(Move::notation).containsExactly("h8");

        widget.show(play("h8", "h9"), null, Side.FIRST);
        click(at("g7").x, at("g7").y);
        assertThat(reported).extracting(Move::notation).containsExactly("h8", "g7");
    }

    @Test
    void pressingNearOnePointAndReleasingNearAnotherIsNoMove() {
        widget.show(game.newGame(), null, Side.FIRST);

        fire(SWT.MouseDown, at("h8").x, at("h8").y);
        fire(SWT.MouseUp, at("i8").x, at("i8").y);

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

        ImageData shown = screenshot();
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
        assertThat(pixel(screenshot(), nearE8)).isEqualTo(GomokuBoardWidget.WOOD);

        widget.setDangerShown(true);
        assertThat(widget.dangerButton().getSelection()).isTrue();
        assertThat(pixel(screenshot(), at("e8"))).isEqualTo(openFour);
    }

    @Test
    void aDoubleThreeHasItsOwnColour() {
        // black h6, h7 down and f8, g8 across: h8 makes two open threes
        GameState state = play("h6", "a1", "h7", "a3", "f8", "a5", "g8");
        widget.show(state, null, null);

        assertThat(widget.dangers()).contains(new Danger(org.boardlab.game.gomoku.api.Point.parse("h8"), Threat.DOUBLE_THREE));
        assertThat(pixel(screenshot(), at("h8"))).isEqualTo(GomokuBoardWidget.THREAT_COLOURS.get(Threat.DOUBLE_THREE));
        assertThat(new HashSet<>(GomokuBoardWidget.THREAT_COLOURS.values())).as("four different colours").hasSize(4);
    }

    @Test
    void theScreenShowsStonesTheLastStoneAndTheLegend() throws Exception {
        GameState midGame = play("h8", "h9", "g7", "i9", "g9", "f8", "i7", "g8", "j6", "k5", "j8", "i8", "h7");
        widget.setPlayerNames("Ada", "Bob");
        widget.show(midGame, org.boardlab.game.gomoku.api.Point.parse("h7"), Side.SECOND);
        ImageData shot = screenshot(widget.control());
        save(shot, "gomoku-board.png");
        assertThat(canvas().getLocation()).isEqualTo(new Point(0, 0));
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
        ImageData shot = screenshot();
        save(shot, "gomoku-won.png");
        Point e5 = at("e5");
        Point f6 = at("f6");
        assertThat(pixel(shot, new Point((e5.x + f6.x) / 2, (e5.y + f6.y) / 2))).as("the line between two stones")
                .isEqualTo(GomokuBoardWidget.MARK);
    }

    @Test
    void theBoardScalesWithTheWindowAndOtherSizesAndClicksFollow() throws Exception {
        GameState small = new Gomoku().newGame(GameOptions.DEFAULT.with("size", "7")).apply(org.boardlab.game.gomoku.api.Point.parse("d4"));
        widget.show(small, null, Side.SECOND);
        int cellBefore = widget.geometry().cell();

        shell.setSize(260, 330);
        settle();
        assertThat(widget.geometry().cell()).isLessThan(cellBefore);
        ImageData shot = screenshot();
        save(shot, "gomoku-7x7-small.png");
        assertThat(pixel(shot, new Point(at("d4").x + 4, at("d4").y + 4))).isEqualTo(GomokuBoardWidget.BLACK);
        Point g7 = at("g7");
        assertThat(g7.x).isLessThan(canvas().getSize().x);
        assertThat(g7.y).isLessThan(canvas().getSize().y);

        click(g7.x, g7.y);
        assertThat(reported).extracting(Move::notation).containsExactly("g7");
    }

    /**
     * Shows {@code position} with its side to move clickable, fires a press and a release at each of
     * {@code clicksFor(move)}, mapped from {@code control()} (the composite) to the canvas that listens,
     * and returns the moves reported.
     */
    private List<Move> clickAsTold(GameState position, Move move) {
        widget.show(position, null, position.sideToMove());
        reported.clear();
        List<Point> clicks = widget.clicksFor(move);
        assertThat(clicks).as("one click for " + move.notation()).hasSize(1);
        for (Point p : clicks) {
            assertThat(canvas().getBounds().contains(p)).as(p + " is on the canvas, not on the check button").isTrue();
            Point onCanvas = display.map(widget.control(), canvas(), p);
            click(onCanvas.x, onCanvas.y);
        }
        return List.copyOf(reported);
    }

    /** Positions of a seeded random game on a {@code size}x{@code size} board, every {@code every} plies. */
    private List<GameState> positionsOfARandomGame(int size, long seed, int every) {
        List<GameState> positions = new ArrayList<>();
        Random random = new Random(seed);
        GameState state = game.newGame(GameOptions.DEFAULT.with("size", Integer.toString(size)));
        for (int ply = 0; !state.isTerminal(); ply++) {
            if (ply % every == 0) {
                positions.add(state);
            }
            List<? extends Move> legal = state.legalMoves();
            state = state.apply(legal.get(random.nextInt(legal.size())));
        }
        return positions;
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
        shell.setSize(260, 330);
        settle();
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
        assertThat(widget.clicksFor(h9)).containsExactly(display.map(canvas(), widget.control(), at("h9")));
        assertThatThrownBy(() -> widget.clicksFor(org.boardlab.game.gomoku.api.Point.parse("h8")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("h8");
        assertThatThrownBy(() -> widget.clicksFor(() -> "z99")).isInstanceOf(IllegalArgumentException.class);

        GomokuBoardWidget fresh = (GomokuBoardWidget) new GomokuRenderer().create(shell);
        assertThatThrownBy(() -> fresh.clicksFor(h9)).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void coloursAndFontsAreFreedWithTheBoard() {
        List<Resource> resources = widget.resources();
        assertThat(resources).isNotEmpty().noneMatch(Resource::isDisposed);

        shell.dispose();

        assertThat(resources).allMatch(Resource::isDisposed);
    }
}
