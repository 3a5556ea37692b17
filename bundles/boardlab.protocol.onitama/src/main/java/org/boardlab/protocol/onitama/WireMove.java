package org.boardlab.protocol.onitama;

import org.boardlab.game.onitama.Card;
import org.boardlab.game.onitama.OnitamaMove;
import org.boardlab.game.onitama.Square;

/**
 * A move as seed 001 writes it: {@code fr fc tr tc id}, from-row, from-column, to-row, to-column
 * and the card's wire number ({@link WireCards}), decimal, one blank between.
 *
 * <p>Rows and columns are 0..4 in one frame for both colours: row 0 is red's home row (the top as
 * blue sees the board), row 4 blue's; column 0 is blue's left. So wire row {@code r} is row
 * {@code 5 - r} of boardlab's notation and wire column {@code c} is letter {@code a + c}:
 * {@code 4 2 3 2 4} is {@code crane:c1-c2}. A pass (boardlab's addition: the original has none) is
 * {@code -1 -1 -1 -1 id}.
 *
 * <p>The numbers are kept as sent, so a move off the board or with a card number outside 0..15
 * can be held and refused with the original's answer.
 */
public record WireMove(int fromRow, int fromCol, int toRow, int toCol, int card) {

    /** The wire form of a move of the game. */
    public static WireMove of(OnitamaMove move) {
        int id = WireCards.number(move.card());
        if (move.isPass()) {
            return new WireMove(-1, -1, -1, -1, id);
        }
        return new WireMove(5 - move.from().row(), move.from().column(), 5 - move.to().row(), move.to().column(), id);
    }

    /** {@code true} for {@code -1 -1 -1 -1 id}. */
    public boolean isPass() {
        return fromRow == -1 && fromCol == -1 && toRow == -1 && toCol == -1;
    }

    /** {@code true} if the card number is 0..15. */
    public boolean hasCard() {
        return WireCards.isCard(card);
    }

    /** {@code true} if both squares are on the board (rows and columns 0..4). */
    public boolean onBoard() {
        return in(fromRow) && in(fromCol) && in(toRow) && in(toCol);
    }

    private static boolean in(int v) {
        return v >= 0 && v <= 4;
    }

    /**
     * The move of the game.
     *
     * @throws IllegalArgumentException if the card number is not 0..15, or a square is off the board
     *         (and it is not a pass)
     */
    public OnitamaMove toMove() {
        Card c = WireCards.card(card);
        if (isPass()) {
            return OnitamaMove.pass(c);
        }
        if (!onBoard()) {
            throw new IllegalArgumentException("rows and columns are 0..4: " + text() + " leaves the board");
        }
        return OnitamaMove.of(c, Square.find(fromCol, 5 - fromRow).orElseThrow(), Square.find(toCol, 5 - toRow).orElseThrow());
    }

    /** The text on the wire, without any terminator: {@code "4 2 3 2 4"}. */
    public String text() {
        return fromRow + " " + fromCol + " " + toRow + " " + toCol + " " + card;
    }

    @Override
    public String toString() {
        return text();
    }
}
