package org.boardlab.workbench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.eclipse.swt.graphics.Point;
import org.eclipse.swt.graphics.Rectangle;
import org.junit.jupiter.api.Test;

/**
 * The square-board geometry the Othello and Gomoku views share: where the board goes in a canvas
 * with edge labels and text under it, and which cell a click lands on.
 */
class BoardGeometryTest {

    @Test
    void theBoardTakesTheRoomLeftByTheLabelsAndTheTextAndIsCentredAcross() {
        Rectangle area = new Rectangle(0, 0, 520, 600);
        BoardGeometry g = BoardGeometry.withEdgeLabels(area, 8, 14, 17, 3 * 17 + 2 * BoardCanvas.GAP);

        int marginLeft = 14 + 2 * BoardCanvas.GAP;
        int availableWidth = 520 - marginLeft - BoardCanvas.GAP;
        assertThat(g.cell()).isEqualTo(availableWidth / 8);
        assertThat(g.top()).isEqualTo(17 + BoardCanvas.GAP);
        assertThat(g.left() - marginLeft).isEqualTo((availableWidth - g.extent()) / 2);
        assertThat(g.bottom() + 3 * 17 + 2 * BoardCanvas.GAP).isLessThanOrEqualTo(600);
        assertThat(g.left() + g.extent()).isLessThanOrEqualTo(520 - BoardCanvas.GAP);
    }

    @Test
    void aTallNarrowAreaIsFilledAcrossAndAWideLowOneDown() {
        BoardGeometry tall = BoardGeometry.withEdgeLabels(new Rectangle(0, 0, 300, 900), 10, 10, 15, 40);
        BoardGeometry wide = BoardGeometry.withEdgeLabels(new Rectangle(0, 0, 900, 300), 10, 10, 15, 40);

        assertThat(tall.cell()).isEqualTo((300 - 10 - 3 * BoardCanvas.GAP) / 10);
        assertThat(wide.cell()).isEqualTo((300 - 15 - BoardCanvas.GAP - 40) / 10);
        assertThat(wide.left()).as("centred across the wide area").isGreaterThan(300);
    }

    @Test
    void theAreaOffsetMovesTheBoard() {
        BoardGeometry atOrigin = BoardGeometry.withEdgeLabels(new Rectangle(0, 0, 400, 400), 6, 10, 15, 30);
        BoardGeometry moved = BoardGeometry.withEdgeLabels(new Rectangle(20, 30, 400, 400), 6, 10, 15, 30);

        assertThat(moved).isEqualTo(new BoardGeometry(atOrigin.left() + 20, atOrigin.top() + 30, atOrigin.cell(), 6));
    }

    @Test
    void aTinyAreaStillGetsReadableCells() {
        BoardGeometry g = BoardGeometry.withEdgeLabels(new Rectangle(0, 0, 40, 40), 16, 14, 17, 60);

        assertThat(g.cell()).isEqualTo(BoardGeometry.MIN_CELL);
    }

    @Test
    void everyCellsCentreAndEveryPixelOfItLeadBackToThatCell() {
        BoardGeometry g = new BoardGeometry(31, 23, 37, 15);
        for (int row = 0; row < 15; row++) {
            for (int col = 0; col < 15; col++) {
                Point centre = g.centre(col, row);
                assertThat(g.cellAt(centre.x, centre.y)).isEqualTo(new Point(col, row));
                Rectangle square = g.square(col, row);
                assertThat(square.contains(centre)).isTrue();
                assertThat(g.cellAt(square.x, square.y)).isEqualTo(new Point(col, row));
                assertThat(g.cellAt(square.x + square.width - 1, square.y + square.height - 1)).isEqualTo(new Point(col, row));
            }
        }
    }

    @Test
    void pixelsOffTheBoardAreInNoCell() {
        BoardGeometry g = new BoardGeometry(30, 20, 10, 8);

        assertThat(g.cellAt(29, 25)).isNull();
        assertThat(g.cellAt(35, 19)).isNull();
        assertThat(g.cellAt(30 + 80, 25)).isNull();
        assertThat(g.cellAt(35, 20 + 80)).isNull();
        assertThat(g.cellAt(30 + 79, 20 + 79)).isEqualTo(new Point(7, 7));
    }

    @Test
    void cellNearTakesPixelsCloseToTheCentreOnly() {
        BoardGeometry g = new BoardGeometry(0, 0, 40, 9);
        Point c = g.centre(4, 4);

        assertThat(g.cellNear(c.x + 17, c.y, 0.45)).isEqualTo(new Point(4, 4));
        assertThat(g.cellNear(c.x + 12, c.y - 12, 0.45)).isEqualTo(new Point(4, 4));
        assertThat(g.cellNear(c.x + 19, c.y + 19, 0.45)).as("a corner of the cell, between four points").isNull();
        assertThat(g.cellNear(-5, c.y, 0.45)).isNull();
    }

    @Test
    void aBoardWithoutCellsIsRefused() {
        assertThatThrownBy(() -> new BoardGeometry(0, 0, 0, 8)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new BoardGeometry(0, 0, 10, 0)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void columnsAreNamedWithLettersFromA() {
        assertThat(BoardCanvas.columnName(0)).isEqualTo("a");
        assertThat(BoardCanvas.columnName(7)).isEqualTo("h");
        assertThat(BoardCanvas.columnName(24)).isEqualTo("y");
    }
}
