package org.boardlab.game.tictactoe.internal;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.boardlab.api.Game;
import org.boardlab.api.GameState;
import org.boardlab.api.IllegalMoveException;
import org.boardlab.api.Move;
import org.boardlab.api.Outcome;
import org.boardlab.api.Side;
import org.boardlab.game.tictactoe.TicTacToe;

/**
 * A tic-tac-toe position: two 9-bit masks, bit {@code row * 3 + col}, row 0 at the top. Squares are
 * named {@code a1} (top left) to {@code c3} (bottom right).
 */
public final class TicTacToeState implements GameState {

    private static final int FULL = 0x1FF;
    private static final int[] LINES = {
        0007, 0070, 0700, // rows
        0111, 0222, 0444, // columns
        0421, 0124 // diagonals
    };

    private final TicTacToe game;
    private final int[] marks;
    private final int ply;

    private TicTacToeState(TicTacToe game, int first, int second, int ply) {
        this.game = game;
        this.marks = new int[] {first, second};
        this.ply = ply;
    }

    public static TicTacToeState start(TicTacToe game) {
        return new TicTacToeState(game, 0, 0, 0);
    }

    /** A move: put a mark on a square. */
    record Place(int square) implements Move {
        @Override
        public String notation() {
            return "" + (char) ('a' + square % 3) + (char) ('1' + square / 3);
        }

        @Override
        public String toString() {
            return notation();
        }
    }

    @Override
    public Game game() {
        return game;
    }

    @Override
    public Side sideToMove() {
        return Side.of(ply & 1);
    }

    @Override
    public List<Move> legalMoves() {
        if (isTerminal()) {
            return List.of();
        }
        int free = FULL & ~(marks[0] | marks[1]);
        List<Move> moves = new ArrayList<>(9);
        for (int sq = 0; sq < 9; sq++) {
            if ((free & (1 << sq)) != 0) {
                moves.add(new Place(sq));
            }
        }
        return Collections.unmodifiableList(moves);
    }

    @Override
    public String whyIllegal(Move move) {
        if (isTerminal()) {
            return "the game is over";
        }
        if (!(move instanceof Place place)) {
            return "not a tic-tac-toe move";
        }
        if (((marks[0] | marks[1]) & (1 << place.square())) != 0) {
            return "square " + place.notation() + " is taken";
        }
        return null;
    }

    @Override
    public GameState apply(Move move) {
        String why = whyIllegal(move);
        if (why != null) {
            throw new IllegalMoveException(move.notation(), why);
        }
        int bit = 1 << ((Place) move).square();
        return sideToMove() == Side.FIRST
                ? new TicTacToeState(game, marks[0] | bit, marks[1], ply + 1)
                : new TicTacToeState(game, marks[0], marks[1] | bit, ply + 1);
    }

    @Override
    public Move parseMove(String notation) {
        String text = notation.trim().toLowerCase();
        if (text.length() != 2 || text.charAt(0) < 'a' || text.charAt(0) > 'c'
                || text.charAt(1) < '1' || text.charAt(1) > '3') {
            throw new IllegalMoveException(notation, "a square is a1..c3 (column a-c, row 1-3 from the top)");
        }
        return new Place((text.charAt(1) - '1') * 3 + (text.charAt(0) - 'a'));
    }

    private boolean hasLine(Side side) {
        for (int line : LINES) {
            if ((marks[side.index()] & line) == line) {
                return true;
            }
        }
        return false;
    }

    /** Lines still open for {@code side}: no mark of the opponent on them. */
    public int openLines(Side side) {
        int count = 0;
        for (int line : LINES) {
            if ((marks[side.other().index()] & line) == 0) {
                count++;
            }
        }
        return count;
    }

    @Override
    public boolean isTerminal() {
        return hasLine(Side.FIRST) || hasLine(Side.SECOND) || (marks[0] | marks[1]) == FULL;
    }

    @Override
    public Outcome outcome() {
        for (Side side : Side.values()) {
            if (hasLine(side)) {
                return Outcome.win(side, game.sideName(side) + " has three in a row");
            }
        }
        if ((marks[0] | marks[1]) == FULL) {
            return Outcome.draw("the board is full");
        }
        throw new IllegalStateException("the game is not over");
    }

    @Override
    public int ply() {
        return ply;
    }

    @Override
    public String boardText() {
        StringBuilder sb = new StringBuilder("  a b c\n");
        for (int row = 0; row < 3; row++) {
            sb.append(row + 1);
            for (int col = 0; col < 3; col++) {
                int bit = 1 << (row * 3 + col);
                sb.append(' ').append((marks[0] & bit) != 0 ? 'X' : (marks[1] & bit) != 0 ? 'O' : '.');
            }
            sb.append('\n');
        }
        return sb.toString();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof TicTacToeState other && other.marks[0] == marks[0] && other.marks[1] == marks[1];
    }

    @Override
    public int hashCode() {
        return marks[0] * 512 + marks[1];
    }

    @Override
    public String toString() {
        return boardText();
    }
}
