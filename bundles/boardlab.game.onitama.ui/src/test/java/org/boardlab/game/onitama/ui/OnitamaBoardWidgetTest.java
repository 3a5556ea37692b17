package org.boardlab.game.onitama.ui;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.boardlab.workbench.testing.BoardHarness.assertClose;
import static org.boardlab.workbench.testing.BoardHarness.pixel;
import static org.boardlab.workbench.testing.BoardHarness.save;

import java.util.List;
import java.util.Random;
import javax.inject.Named;
import org.boardlab.api.Move;
import org.boardlab.api.Side;
import org.boardlab.game.onitama.Card;
import org.boardlab.game.onitama.Onitama;
import org.boardlab.game.onitama.OnitamaEncoding;
import org.boardlab.game.onitama.OnitamaPosition;
import org.boardlab.game.onitama.Square;
import org.boardlab.game.tictactoe.TicTacToe;
import org.boardlab.workbench.testing.BoardHarness;
import org.eclipse.swt.graphics.ImageData;
import org.eclipse.swt.graphics.Point;
import org.eclipse.swt.graphics.RGB;
import org.eclipse.swt.graphics.Rectangle;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Drives the Onitama board as a person would: shows positions, clicks cards, pieces and squares at
 * the pixels the widget's own layout gives, and checks the moves reported and the pixels drawn.
 * Runs on an X display (Xvfb in CI).
 */
class OnitamaBoardWidgetTest {

    @RegisterExtension
    static final BoardHarness<OnitamaBoardWidget> board =
            new BoardHarness<>(shell -> (OnitamaBoardWidget) new OnitamaBoardRenderer().create(shell), 640, 800);

    private final Onitama game = new Onitama();
    private OnitamaBoardWidget widget;
    private List<Move> reported;

    @BeforeEach
    void takeTheBoard() {
        widget = board.widget();
        reported = board.reported();
    }

    private void clickSquare(String square) {
        board.click(widget.layout().squareCentre(Square.parse(square)));
    }

    private void clickCard(Side side, int index) {
        Rectangle card = widget.layout().cardRect(OnitamaLayout.slot(side, index));
        board.click(new Point(card.x + card.width / 2, card.y + card.height / 2));
    }

    private static OnitamaPosition play(OnitamaPosition start, String... moves) {
        return BoardHarness.play(OnitamaPosition.class, start, moves);
    }

    @Test
    void cardThenPieceThenSquareReportsTheMove() {
        OnitamaPosition start = game.newGame();
        widget.show(start, null, Side.FIRST);

        clickCard(Side.FIRST, 0);
        assertThat(widget.selectedCard()).isEqualTo(Card.EEL);
        clickSquare("b1");
        assertThat(widget.selectedPiece()).isEqualTo(Square.B1);
        assertThat(reported).isEmpty();
        clickSquare("a2");

        assertThat(reported).containsExactly(start.parseMove("eel:b1-a2"));
    }

    @Test
    void selectedCardPieceAndReachableSquaresAreHighlighted() {
        OnitamaPosition start = game.newGame();
        widget.show(start, null, Side.FIRST);
        clickCard(Side.FIRST, 1); // cobra: (1,1) (1,-1) (-1,0)
        clickSquare("d1");

        ImageData image = board.screenshot();
        OnitamaLayout layout = widget.layout();
        int corner = (int) Math.round(layout.unit() * 0.1);
        Rectangle e2 = layout.squareRect(Square.E2);
        assertClose(pixel(image, e2.x + corner, e2.y + corner), OnitamaBoardWidget.REACHABLE);
        assertClose(pixel(image, layout.squareCentre(Square.E2)), OnitamaBoardWidget.REACHABLE_DOT);
        Rectangle d1 = layout.squareRect(Square.D1);
        assertClose(pixel(image, d1.x + corner, d1.y + corner), OnitamaBoardWidget.SELECTED);
        Rectangle c2 = layout.squareRect(Square.C2); // not reachable with cobra from d1
        assertThat(pixel(image, c2.x + corner, c2.y + corner)).isNotEqualTo(OnitamaBoardWidget.REACHABLE);
        Rectangle card = layout.cardRect(OnitamaLayout.slot(Side.FIRST, 1));
        assertClose(pixel(image, card.x + card.width / 2, card.y + card.height - layout.px(0.15)), new RGB(255, 244, 200));
    }

    @Test
    void squaresThatNoLegalMoveReachesReportNothing() {
        OnitamaPosition start = game.newGame();
        widget.show(start, null, Side.FIRST);
        clickCard(Side.FIRST, 0); // eel from b1 reaches only a2
        clickSquare("b1");
        clickSquare("b3");
        clickSquare("c1"); // own piece: selects it, no move
        clickSquare("c5"); // an enemy piece out of reach
        assertThat(reported).isEmpty();

        clickCard(Side.SECOND, 0); // the opponent's card
        clickSquare("b5"); // the opponent's piece
        assertThat(widget.selectedCard()).isEqualTo(Card.EEL);
        assertThat(widget.selectedPiece()).isNull();
        assertThat(reported).isEmpty();
    }

    @Test
    void nothingIsReportedWhenTheOtherSideOrNobodyClicks() {
        OnitamaPosition start = game.newGame();
        for (Side clickable : new Side[] {null, Side.SECOND}) {
            widget.show(start, null, clickable);
            clickCard(Side.FIRST, 0);
            clickSquare("b1");
            clickSquare("a2");
            clickCard(Side.SECOND, 0);
            clickSquare("b5");
            clickSquare("c4");
        }
        assertThat(reported).isEmpty();
        assertThat(widget.statusText()).isEqualTo("Blue to move (opponent's move)");
    }

    @Test
    void redMovesWithItsCardsTurnedRound() {
        OnitamaPosition position = play(game.newGame(), "eel:b1-a2");
        widget.show(position, position.parseMove("eel:b1-a2"), Side.SECOND);
        assertThat(widget.statusText()).startsWith("Red to move");

        // red's mantis (-1,1): one column to red's left is one to blue's right, forward is down
        clickCard(Side.SECOND, 0);
        clickSquare("b5");
        clickSquare("c4");

        assertThat(reported).containsExactly(position.parseMove("mantis:b5-c4"));
    }

    @Test
    void cardGridsShowTheStepsAsTheHolderUsesThemOnThisBoard() {
        OnitamaPosition position = play(game.newGame(), "eel:b1-a2");
        widget.show(position, null, null);
        ImageData image = board.screenshot();
        OnitamaLayout layout = widget.layout();

        // red's mantis: (-1,1) (1,1) (0,-1); for red on this board that is down-right, down-left and up
        int mantis = OnitamaLayout.slot(Side.SECOND, 0);
        assertThat(position.cards(Side.SECOND).get(0)).isEqualTo(Card.MANTIS);
        assertClose(centre(image, layout.cardGridCell(mantis, 1, 1)), OnitamaBoardWidget.RED);
        assertClose(centre(image, layout.cardGridCell(mantis, -1, 1)), OnitamaBoardWidget.RED);
        assertClose(centre(image, layout.cardGridCell(mantis, 0, -1)), OnitamaBoardWidget.RED);
        assertClose(centre(image, layout.cardGridCell(mantis, 0, 1)), OnitamaBoardWidget.GRID_EMPTY);
        assertClose(centre(image, layout.cardGridCell(mantis, 0, 0)), OnitamaBoardWidget.GRID_CENTRE);

        // blue's monkey (taken from the side) as blue uses it: the four diagonals, in blue
        int monkey = OnitamaLayout.slot(Side.FIRST, 0);
        assertThat(position.cards(Side.FIRST).get(0)).isEqualTo(Card.MONKEY);
        assertClose(centre(image, layout.cardGridCell(monkey, -1, -1)), OnitamaBoardWidget.BLUE);
        assertClose(centre(image, layout.cardGridCell(monkey, 1, 1)), OnitamaBoardWidget.BLUE);

        // the side card (eel: (-1,1) (-1,-1) (1,0)) as red, to move, would use it
        int side = OnitamaLayout.SIDE_CARD;
        assertClose(centre(image, layout.cardGridCell(side, 1, 1)), OnitamaBoardWidget.RED);
        assertClose(centre(image, layout.cardGridCell(side, 1, -1)), OnitamaBoardWidget.RED);
        assertClose(centre(image, layout.cardGridCell(side, -1, 0)), OnitamaBoardWidget.RED);
        assertClose(centre(image, layout.cardGridCell(side, -1, -1)), OnitamaBoardWidget.GRID_EMPTY);
    }

    private static RGB centre(ImageData image, Rectangle cell) {
        return pixel(image, cell.x + cell.width / 2, cell.y + cell.height / 2);
    }

    @Test
    void mastersAreLargerThanStudentsAndCrowned() {
        widget.show(game.newGame(), null, null);
        ImageData image = board.screenshot();
        OnitamaLayout layout = widget.layout();
        int below = (int) Math.round(layout.unit() * 0.32);
        Point c1 = layout.squareCentre(Square.C1);
        Point b1 = layout.squareCentre(Square.B1);
        Point c5 = layout.squareCentre(Square.C5);
        assertClose(pixel(image, c1.x, c1.y + below), OnitamaBoardWidget.BLUE);
        assertClose(pixel(image, c1), OnitamaBoardWidget.GOLD);
        assertClose(pixel(image, b1), OnitamaBoardWidget.BLUE);
        assertThat(pixel(image, b1.x, b1.y + below)).isNotEqualTo(OnitamaBoardWidget.BLUE);
        assertClose(pixel(image, c5.x, c5.y + below), OnitamaBoardWidget.RED);
        assertClose(pixel(image, layout.squareCentre(Square.D5)), OnitamaBoardWidget.RED);
        // the temples are tinted in their owner's colour
        Rectangle temple = layout.squareRect(Square.C5);
        int corner = (int) Math.round(layout.unit() * 0.04);
        assertClose(pixel(image, temple.x + corner, temple.y + corner), OnitamaBoardWidget.RED_TEMPLE);
    }

    @Test
    void aCardClickIsAPassWhenNoPieceCanMove() {
        // blue's pieces fill column a, and neither tiger nor horse moves any of them
        OnitamaPosition position = OnitamaEncoding.parse("2000320000200002000010000;TIGER HORSE;MONKEY CRANE;OX 0");
        assertThat(position.legalMoves()).extracting(Move::notation).containsExactly("tiger:pass", "horse:pass");
        widget.show(position, null, Side.FIRST);
        assertThat(widget.statusText()).isEqualTo("Blue to move: no piece can move, click a card to exchange it");

        clickCard(Side.FIRST, 1);

        assertThat(reported).containsExactly(position.parseMove("horse:pass"));
    }

    @Test
    void aCardClickIsNoPassWhenAPieceCanMove() {
        widget.show(game.newGame(), null, Side.FIRST);
        clickCard(Side.FIRST, 0);
        clickCard(Side.FIRST, 0);
        assertThat(reported).isEmpty();
        assertThat(widget.selectedCard()).isNull();
    }

    @Test
    void onlyOneMoveIsReportedUntilTheNextPosition() {
        OnitamaPosition start = game.newGame();
        widget.show(start, null, Side.FIRST);
        clickCard(Side.FIRST, 0);
        clickSquare("b1");
        clickSquare("a2");
        clickCard(Side.FIRST, 0);
        clickSquare("b1");
        clickSquare("a2");
        assertThat(reported).hasSize(1);
    }

    @Test
    void aWideCanvasPutsTheCardsBesideTheBoardAndClicksStillWork() {
        board.resize(1100, 520);
        assertThat(widget.layout().wide()).isTrue();
        OnitamaPosition start = game.newGame();
        widget.show(start, null, Side.FIRST);
        clickCard(Side.FIRST, 1);
        clickSquare("d1");
        clickSquare("e2");
        assertThat(reported).containsExactly(start.parseMove("cobra:d1-e2"));
    }

    /** Positions of seeded random games, every {@code every} plies of each, to their ends or 200 plies. */
    private List<OnitamaPosition> positionsOfRandomGames(long seed, int games, int every) {
        return BoardHarness.positionsOfRandomGames(OnitamaPosition.class, game.newGame(), seed, games, 200, every);
    }

    private void everyLegalMoveByItsClicks(List<OnitamaPosition> positions) {
        int checked = 0;
        for (OnitamaPosition position : positions) {
            for (Move move : position.legalMoves()) {
                widget.show(position, null, position.sideToMove());
                assertThat(widget.clicksFor(move)).as("clicks for " + move.notation())
                        .hasSize(((org.boardlab.game.onitama.OnitamaMove) move).isPass() ? 1 : 3);
                assertThat(board.clickAsTold(move)).as("clicks for " + move.notation() + " in " + OnitamaEncoding.format(position))
                        .containsExactly(move);
                checked++;
            }
        }
        assertThat(checked).isGreaterThan(positions.size());
    }

    @Test
    void clicksForEveryLegalMoveMakeExactlyThatMove() {
        List<OnitamaPosition> positions = positionsOfRandomGames(3, 4, 3);
        positions.add(OnitamaEncoding.parse("2000320000200002000010000;TIGER HORSE;MONKEY CRANE;OX 0")); // blue must pass
        everyLegalMoveByItsClicks(positions);
    }

    @Test
    void clicksForFollowTheWideArrangement() {
        board.resize(1100, 520);
        assertThat(widget.layout().wide()).isTrue();
        everyLegalMoveByItsClicks(positionsOfRandomGames(5, 2, 4));
    }

    @Test
    void clicksForLeaveOutTheCardAndPieceAlreadySelected() {
        OnitamaPosition start = game.newGame();
        Move move = start.legalMoves().stream().filter(m -> !((org.boardlab.game.onitama.OnitamaMove) m).isPass())
                .findFirst().orElseThrow();
        org.boardlab.game.onitama.OnitamaMove m = (org.boardlab.game.onitama.OnitamaMove) move;
        int index = start.cards(Side.FIRST).indexOf(m.card());

        widget.show(start, null, Side.FIRST);
        clickCard(Side.FIRST, index);
        assertThat(widget.clicksFor(move)).hasSize(2);
        clickSquare(m.from().notation());
        assertThat(widget.selectedPiece()).isEqualTo(m.from());
        assertThat(widget.clicksFor(move)).containsExactly(widget.layout().squareCentre(m.to()));
        assertThat(board.clickAsTold(move)).containsExactly(move);

        // the other card and another piece selected: the clicks change both
        widget.show(start.apply(move), move, null);
        widget.show(start, null, Side.FIRST);
        clickCard(Side.FIRST, 1 - index);
        Square other = Square.parse("a1") == m.from() ? Square.parse("b1") : Square.parse("a1");
        board.click(widget.layout().squareCentre(other));
        assertThat(widget.selectedPiece()).isEqualTo(other);
        assertThat(board.clickAsTold(move)).containsExactly(move);
    }

    @Test
    void clicksForRefuseIllegalMovesAndNoPosition() {
        OnitamaBoardWidget fresh = (OnitamaBoardWidget) new OnitamaBoardRenderer().create(board.shell());
        OnitamaPosition start = game.newGame();
        Move first = start.legalMoves().get(0);
        assertThatThrownBy(() -> fresh.clicksFor(first)).isInstanceOf(IllegalStateException.class);
        widget.show(start, null, Side.FIRST);
        Card card = start.cards(Side.FIRST).get(0);
        assertThatThrownBy(() -> widget.clicksFor(() -> card.id() + ":pass"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining(":pass");
        assertThatThrownBy(() -> widget.clicksFor(() -> "nonsense")).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void theEndOfTheGameIsShownAndTakesNoClicks() {
        // play a game to its end: a winning move when there is one, else a random one
        Random random = new Random(7);
        OnitamaPosition position = game.newGame();
        Move last = null;
        while (!position.isTerminal()) {
            List<Move> moves = position.legalMoves();
            Move move = moves.get(random.nextInt(moves.size()));
            for (Move candidate : moves) {
                if (position.apply(candidate).isTerminal()) {
                    move = candidate;
                }
            }
            position = position.apply(move);
            last = move;
        }
        Side loser = position.sideToMove();
        widget.show(position, last, loser);
        String expected = position.outcome().isDraw() ? "Draw"
                : (position.outcome().winner() == Side.FIRST ? "Blue" : "Red") + " wins";
        assertThat(widget.statusText()).startsWith(expected + ": ");
        for (Square square : Square.values()) {
            clickCard(loser, 0);
            board.click(widget.layout().squareCentre(square));
        }
        assertThat(reported).isEmpty();
    }

    @Test
    void aMidGamePositionLooksRight() throws Exception {
        OnitamaPosition position = play(game.newGame(), "eel:b1-a2", "mantis:b5-c4", "cobra:d1-e2", "crane:d5-d4");
        Move last = position.parseMove("crane:d5-d4");
        widget.setPlayerNames("alice", "bob");
        widget.show(position, last, Side.FIRST);
        clickCard(Side.FIRST, 0);
        clickSquare("c1");

        ImageData image = board.screenshot();
        OnitamaLayout layout = widget.layout();
        Rectangle d4 = layout.squareRect(Square.D4);
        int inset = Math.max(2, (int) Math.round(layout.unit() * 0.06)) / 2 + Math.max(1, (int) Math.round(layout.unit() * 0.13));
        assertClose(pixel(image, d4.x + inset, d4.y + d4.height / 2), OnitamaBoardWidget.LAST_MOVE);
        save(image, "onitama-board.png");

        board.resize(1100, 560);
        save(board.screenshot(), "onitama-board-wide.png");
    }

    @Test
    void otherGamesArePositionsItRefuses() {
        assertThatThrownBy(() -> widget.show(new TicTacToe().newGame(), null, null))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("tictactoe");
    }

    @Test
    void theRendererIsNamedAfterTheGame() {
        assertThat(new OnitamaBoardRenderer().gameId()).isEqualTo("onitama");
        assertThat(OnitamaBoardRenderer.class.getAnnotation(Named.class).value()).isEqualTo("onitama");
    }
}
