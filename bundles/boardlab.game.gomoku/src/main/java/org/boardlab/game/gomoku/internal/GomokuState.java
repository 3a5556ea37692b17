package org.boardlab.game.gomoku.internal;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.boardlab.api.Game;
import org.boardlab.api.GameState;
import org.boardlab.api.IllegalMoveException;
import org.boardlab.api.Move;
import org.boardlab.api.Outcome;
import org.boardlab.api.Side;
import org.boardlab.game.gomoku.Danger;
import org.boardlab.game.gomoku.Gomoku;
import org.boardlab.game.gomoku.DangerAnalysis;
import org.boardlab.game.gomoku.GomokuBoard;
import org.boardlab.game.gomoku.Point;

/**
 * A Gomoku position. The board is a byte array with a one-point border all round, so that walking
 * along a line stops at the border without bounds checks: the point {@code (col, row)} is at index
 * {@code (row + 1) * (size + 2) + col + 1}; the four directions are the index steps {@code 1}
 * (across), {@code size + 2} (down), {@code size + 3} and {@code size + 1} (the diagonals).
 *
 * <p>A win is found when it is made: {@link #apply} looks only at the four lines through the new
 * stone. Two positions are equal when their boards are (the side to move follows from the stones).
 */
public final class GomokuState implements GameState, GomokuBoard {

    static final byte EMPTY = 0;
    static final byte BLACK = 1;
    static final byte WHITE = 2;
    static final byte EDGE = 3;

    private static final String[] NUMBER_WORDS = {"", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"};

    private final Gomoku game;
    private final int size;
    private final int width;
    private final byte[] cells;
    /** Index steps of the four directions, shared by all positions of one game; never changed. */
    private final int[] steps;
    private final int ply;
    /** Index of the last stone, or -1 at the start. */
    private final int last;
    /** Index step of the winning run, or 0 when nobody has five. */
    private final int winStep;
    /** First index of the winning run (the end at the lower index). */
    private final int winFrom;
    private final int winLength;

    private GomokuState(Gomoku game, int size, byte[] cells, int[] steps, int ply, int last, int winStep, int winFrom,
            int winLength) {
        this.game = game;
        this.size = size;
        this.width = size + 2;
        this.cells = cells;
        this.steps = steps;
        this.ply = ply;
        this.last = last;
        this.winStep = winStep;
        this.winFrom = winFrom;
        this.winLength = winLength;
    }

    public static GomokuState start(Gomoku game, int size) {
        int width = size + 2;
        byte[] cells = new byte[width * width];
        Arrays.fill(cells, EDGE);
        for (int row = 0; row < size; row++) {
            Arrays.fill(cells, (row + 1) * width + 1, (row + 1) * width + 1 + size, EMPTY);
        }
        int[] steps = {1, width, width + 1, width - 1};
        return new GomokuState(game, size, cells, steps, 0, -1, 0, 0, 0);
    }

    // ---- board geometry, shared with PatternEvaluation ----

    int index(int col, int row) {
        return (row + 1) * width + col + 1;
    }

    Point pointAt(int index) {
        return Point.of(index % width - 1, index / width - 1);
    }

    /** The index steps across, down and along the two diagonals; callers must not change the array. */
    int[] directions() {
        return steps;
    }

    /** The padded board; callers must not change it. */
    byte[] cells() {
        return cells;
    }

    static byte colour(Side side) {
        return side == Side.FIRST ? BLACK : WHITE;
    }

    // ---- GomokuBoard ----

    @Override
    public int size() {
        return size;
    }

    @Override
    public Side stoneAt(int col, int row) {
        if (col < 0 || col >= size || row < 0 || row >= size) {
            throw new IndexOutOfBoundsException("(" + col + ", " + row + ") is off the " + size + "x" + size + " board");
        }
        byte c = cells[index(col, row)];
        return c == BLACK ? Side.FIRST : c == WHITE ? Side.SECOND : null;
    }

    @Override
    public Optional<Point> lastMove() {
        return last < 0 ? Optional.empty() : Optional.of(pointAt(last));
    }

    /** The stones of the winning run from one end to the other, or an empty list if nobody has five. */
    List<Point> winningLine() {
        if (winStep == 0) {
            return List.of();
        }
        List<Point> line = new ArrayList<>(winLength);
        for (int i = 0; i < winLength; i++) {
            line.add(pointAt(winFrom + i * winStep));
        }
        return line;
    }

    // ---- GameState ----

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
        List<Move> moves = new ArrayList<>(size * size - ply);
        for (int row = 0; row < size; row++) {
            int idx = index(0, row);
            for (int col = 0; col < size; col++, idx++) {
                if (cells[idx] == EMPTY) {
                    moves.add(Point.of(col, row));
                }
            }
        }
        return Collections.unmodifiableList(moves);
    }

    @Override
    public String whyIllegal(Move move) {
        if (isTerminal()) {
            return "the game is over";
        }
        if (!(move instanceof Point point)) {
            return "not a gomoku move";
        }
        if (!contains(point)) {
            return point.notation() + " is off the " + size + "x" + size + " board";
        }
        byte c = cells[index(point.col(), point.row())];
        if (c != EMPTY) {
            return point.notation() + " is taken by " + (c == BLACK ? "black" : "white");
        }
        return null;
    }

    @Override
    public GameState apply(Move move) {
        String why = whyIllegal(move);
        if (why != null) {
            throw new IllegalMoveException(move.notation(), why);
        }
        Point point = (Point) move;
        int idx = index(point.col(), point.row());
        byte colour = colour(sideToMove());
        byte[] next = cells.clone();
        next[idx] = colour;
        for (int step : steps) {
            int from = idx;
            while (next[from - step] == colour) {
                from -= step;
            }
            int to = idx;
            while (next[to + step] == colour) {
                to += step;
            }
            int length = (to - from) / step + 1;
            if (length >= 5) {
                return new GomokuState(game, size, next, steps, ply + 1, idx, step, from, length);
            }
        }
        return new GomokuState(game, size, next, steps, ply + 1, idx, 0, 0, 0);
    }

    @Override
    public Move parseMove(String notation) {
        Point point;
        try {
            point = Point.parse(notation);
        } catch (IllegalArgumentException e) {
            throw new IllegalMoveException(notation, pointSyntax());
        }
        if (!contains(point)) {
            throw new IllegalMoveException(notation, pointSyntax());
        }
        return point;
    }

    private String pointSyntax() {
        return "a point is a column a-" + (char) ('a' + size - 1) + " and a row 1-" + size
                + " (from the top), e.g. " + Point.of(size / 2, size / 2).notation();
    }

    @Override
    public boolean isTerminal() {
        return winStep != 0 || ply == size * size;
    }

    @Override
    public Outcome outcome() {
        if (winStep != 0) {
            Side winner = Side.of((ply - 1) & 1);
            List<Point> line = winningLine();
            return Outcome.win(winner, game.sideName(winner) + " has " + NUMBER_WORDS[winLength] + " in a row ("
                    + line.get(0).notation() + " to " + line.get(line.size() - 1).notation() + ")");
        }
        if (ply == size * size) {
            return Outcome.draw("the board is full without five in a row");
        }
        throw new IllegalStateException("the game is not over");
    }

    @Override
    public int ply() {
        return ply;
    }

    @Override
    public String boardText() {
        int labelWidth = Integer.toString(size).length();
        StringBuilder sb = new StringBuilder(" ".repeat(labelWidth));
        for (int col = 0; col < size; col++) {
            sb.append(' ').append((char) ('a' + col));
        }
        sb.append('\n');
        for (int row = 0; row < size; row++) {
            String label = Integer.toString(row + 1);
            sb.append(" ".repeat(labelWidth - label.length())).append(label);
            int idx = index(0, row);
            for (int col = 0; col < size; col++, idx++) {
                sb.append(' ').append(cells[idx] == BLACK ? 'X' : cells[idx] == WHITE ? 'O' : '.');
            }
            sb.append('\n');
        }
        return sb.toString();
    }

    /**
     * {@code size}, {@code black} and {@code white} (stones on the board), {@code lastMove} (absent
     * before the first move), {@code danger} (see {@link DangerAnalysis}: the points where the side
     * that has just moved would make a threat; empty once the game is over) and, after a win,
     * {@code winningLine} (the points of the winning run, in order).
     */
    @Override
    public Map<String, Object> details() {
        Map<String, Object> details = new LinkedHashMap<>();
        details.put("size", size);
        details.put("black", (ply + 1) / 2);
        details.put("white", ply / 2);
        lastMove().ifPresent(point -> details.put("lastMove", point.notation()));
        List<Map<String, Object>> danger = new ArrayList<>();
        if (!isTerminal()) {
            for (Danger d : DangerAnalysis.find(this, sideToMove().other())) {
                Map<String, Object> entry = new LinkedHashMap<>();
                entry.put("point", d.point().notation());
                entry.put("reason", d.threat().label());
                danger.add(Collections.unmodifiableMap(entry));
            }
        }
        details.put("danger", Collections.unmodifiableList(danger));
        if (winStep != 0) {
            details.put("winningLine", winningLine().stream().map(Point::notation).toList());
        }
        return Collections.unmodifiableMap(details);
    }

    /**
     * Perft on a scratch copy of the board, placing and lifting stones instead of creating states;
     * a move that makes five, or fills the board, is a leaf.
     */
    @Override
    public long perft(int depth) {
        if (depth <= 0 || isTerminal()) {
            return 1;
        }
        return perft(cells.clone(), colour(sideToMove()), size * size - ply, depth);
    }

    private long perft(byte[] board, byte colour, int empty, int depth) {
        if (depth == 1) {
            return empty;
        }
        byte other = colour == BLACK ? WHITE : BLACK;
        long leaves = 0;
        for (int idx = width + 1; idx < board.length - width; idx++) {
            if (board[idx] != EMPTY) {
                continue;
            }
            board[idx] = colour;
            if (empty == 1 || makesFive(board, steps, idx, colour)) {
                leaves++;
            } else {
                leaves += perft(board, other, empty - 1, depth - 1);
            }
            board[idx] = EMPTY;
        }
        return leaves;
    }

    /** {@code true} when the stone of {@code colour} at {@code idx} is part of a run of five or more. */
    static boolean makesFive(byte[] board, int[] steps, int idx, byte colour) {
        for (int step : steps) {
            int length = 1;
            for (int i = idx - step; board[i] == colour; i -= step) {
                length++;
            }
            for (int i = idx + step; board[i] == colour; i += step) {
                length++;
            }
            if (length >= 5) {
                return true;
            }
        }
        return false;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof GomokuState other && other.size == size && Arrays.equals(other.cells, cells);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(cells);
    }

    @Override
    public String toString() {
        return boardText();
    }
}
