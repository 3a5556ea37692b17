package org.boardlab.protocol.reversi;

import org.boardlab.api.Side;
import org.boardlab.game.othello.Othello;
import org.boardlab.game.othello.OthelloPosition;
import org.boardlab.game.othello.Scoring;
import org.boardlab.protocol.reversi.ReversiMessage.Board;

/** Between the wire's {@link Board} and the Othello game's positions (black is {@link Side#FIRST}). */
public final class ReversiPositions {

    private static final Othello OTHELLO = new Othello();

    private ReversiPositions() {
    }

    /**
     * The position on a square board, {@code toMove} to move, so a loaded player can think about it.
     *
     * @throws IllegalArgumentException if the board is not square, even and 4..16 a side
     */
    public static OthelloPosition position(Board board, Side toMove) {
        if (board.sizeX() != board.sizeY()) {
            throw new IllegalArgumentException("the board is " + board.sizeX() + "x" + board.sizeY()
                    + "; boardlab's players play square boards");
        }
        int n = board.sizeX();
        StringBuilder diagram = new StringBuilder();
        for (int y = 0; y < n; y++) {
            for (int x = 0; x < n; x++) {
                int c = board.cell(x, y);
                diagram.append(c == Cells.BLACK ? 'B' : c == Cells.WHITE ? 'W' : '.');
            }
            diagram.append('\n');
        }
        return OTHELLO.position(diagram.toString(), toMove, Scoring.PLAIN);
    }

    /** The board of a position, with the last move ({@link ReversiMessage#NO_MOVE} twice for none). */
    public static Board board(OthelloPosition p, int lastX, int lastY) {
        int n = p.size();
        // the position's cells as text, made once per position (a Game Master sends its board twice a move:
        // Next Turn to the player, Status1 to the controllers), rather than one Optional a square
        String text = p.cells();
        int[] cells = new int[n * n];
        for (int i = 0; i < cells.length; i++) {
            char c = text.charAt(i);
            cells[i] = c == 'B' ? Cells.BLACK : c == 'W' ? Cells.WHITE : Cells.EMPTY;
        }
        return Board.of(lastX, lastY, n, n, cells);
    }
}
