package org.boardlab.game.othello.internal;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.boardlab.api.Game;
import org.boardlab.api.GameState;
import org.boardlab.api.IllegalMoveException;
import org.boardlab.api.Move;
import org.boardlab.api.Outcome;
import org.boardlab.api.Side;
import org.boardlab.game.othello.OthelloMove;
import org.boardlab.game.othello.OthelloPosition;
import org.boardlab.game.othello.Scoring;

/**
 * An Othello position: the board, the side to move and how the game got here. Immutable. It keeps
 * only what a game's journal must: a server holds every position of thousands of games at once
 * until each ends (issue 18), so the legal squares are counted when the position is made and listed
 * when asked (from the bitboards, a few nanoseconds).
 *
 * <p>Not part of the exported API: code outside this bundle sees it as an {@link OthelloPosition}.
 */
public final class OthelloState implements OthelloPosition {

    private static final Pattern SQUARE = Pattern.compile("([a-z])([1-9][0-9]?)");

    private final Game game;
    private final Board board;
    /** The board before the last move, or {@code null} at the start: for the flipped squares. */
    private final Board previous;
    private final Scoring scoring;
    private final Side toMove;
    private final int ply;
    private final OthelloMove last;
    /** How many squares the side to move may play on. */
    private final int mobility;
    private final boolean terminal;
    /**
     * {@link #legalMoves()}, made on first use (two threads may both make it: equal lists). Not made
     * with the position: a game's every position stays in its journal until the game ends, and a
     * server with 5,000 games at once keeps the lists nobody asked for (the referee checks a move
     * with {@link #whyIllegal}).
     */
    private List<Move> legal;

    private OthelloState(Game game, Board board, Board previous, Scoring scoring, Side toMove, int ply,
            OthelloMove last) {
        this.game = game;
        this.board = board;
        this.previous = previous;
        this.scoring = scoring;
        this.toMove = toMove;
        this.ply = ply;
        this.last = last;
        this.mobility = board.mobility(toMove.index());
        this.terminal = mobility == 0 && board.mobility(toMove.other().index()) == 0;
    }

    /** The squares the side to move may play on, ascending ({@code row * size + col}). */
    private int[] moves() {
        return board.moves(toMove.index());
    }

    /** The start position of a board of {@code size} (even, 4..16): black to move. */
    public static OthelloState start(Game game, int size, Scoring scoring) {
        return new OthelloState(game, Board.start(size), null, scoring, Side.FIRST, 0, null);
    }

    /**
     * A position set up from a diagram, as at the start of a game (ply 0, no last move): rows top
     * first, {@code B} black, {@code W} white, {@code .} empty, spaces ignored; for example
     * {@code "....\n.WB.\n.BW.\n...."} is the 4x4 start. For tests and exercises.
     *
     * @throws IllegalArgumentException if the diagram is not a square board of an even size 4..16
     */
    public static OthelloState fromDiagram(Game game, String diagram, Side toMove, Scoring scoring) {
        return new OthelloState(game, Board.parse(diagram), null, scoring, toMove, 0, null);
    }

    /** The leaves of a perft {@code depth} plies deep from the start of a board of {@code size}. */
    public static long perftFromStart(int size, int depth) {
        return Board.start(size).perft(0, depth);
    }

    @Override
    public Game game() {
        return game;
    }

    @Override
    public Side sideToMove() {
        return toMove;
    }

    @Override
    public List<Move> legalMoves() {
        List<Move> l = legal;
        if (l == null) {
            if (terminal) {
                l = List.of();
            } else if (mobility == 0) {
                l = List.of(OthelloMove.PASS);
            } else {
                int size = board.size();
                int[] moves = moves();
                Move[] list = new Move[moves.length];
                for (int i = 0; i < moves.length; i++) {
                    list[i] = OthelloMove.at(moves[i] % size, moves[i] / size);
                }
                l = List.of(list);
            }
            legal = l;
        }
        return l;
    }

    /** A side that cannot place a disc passes: the referee plays the pass for it. */
    @Override
    public java.util.Optional<Move> forcedMove() {
        return !terminal && mobility == 0 ? java.util.Optional.of(OthelloMove.PASS) : java.util.Optional.empty();
    }

    @Override
    public String whyIllegal(Move move) {
        if (terminal) {
            return "the game is over";
        }
        if (!(move instanceof OthelloMove m)) {
            return "not an Othello move";
        }
        String side = game.sideName(toMove);
        if (m.isPass()) {
            if (mobility == 0) {
                return null;
            }
            return side + " may pass only when it has no legal move; it can play " + placementList(4);
        }
        int size = board.size();
        if (m.col() >= size || m.row() >= size) {
            return m.notation() + " is off the " + size + "x" + size + " board";
        }
        if (mobility == 0) {
            return side + " has no legal move and must pass";
        }
        if (board.colourAt(m.col(), m.row()) >= 0) {
            return m.notation() + " is taken";
        }
        for (int sq : moves()) {
            if (sq == m.row() * size + m.col()) {
                return null;
            }
        }
        return m.notation() + " flips no disc";
    }

    private String placementList(int max) {
        StringBuilder sb = new StringBuilder();
        int size = board.size();
        int[] moves = moves();
        for (int i = 0; i < moves.length && i < max; i++) {
            sb.append(i == 0 ? "" : ", ").append(OthelloMove.squareName(moves[i] % size, moves[i] / size));
        }
        if (moves.length > max) {
            sb.append(" and ").append(moves.length - max).append(" more");
        }
        return sb.toString();
    }

    @Override
    public OthelloState apply(Move move) {
        if (move instanceof OthelloMove m && !terminal) {
            if (m.isPass()) {
                if (mobility == 0) {
                    return new OthelloState(game, board, board, scoring, toMove.other(), ply + 1, m);
                }
            } else if (m.col() < board.size() && m.row() < board.size()) {
                Board next = board.play(toMove.index(), m.col(), m.row());
                if (next != null) {
                    return new OthelloState(game, next, board, scoring, toMove.other(), ply + 1, m);
                }
            }
        }
        String why = whyIllegal(move);
        throw new IllegalMoveException(move.notation(), why != null ? why : "not a legal move in this position");
    }

    @Override
    public OthelloMove parseMove(String notation) {
        String given = notation == null ? "" : notation;
        String text = given.strip().toLowerCase(Locale.ROOT);
        int size = board.size();
        String columns = "a.." + (char) ('a' + size - 1);
        if (text.isEmpty()) {
            throw new IllegalMoveException(given, "no move given: write a square such as d3, or pass");
        }
        if (text.equals("pass")) {
            return OthelloMove.PASS;
        }
        Matcher matcher = SQUARE.matcher(text);
        if (!matcher.matches()) {
            throw new IllegalMoveException(given, "not a move: write a column letter " + columns
                    + " and a row number 1.." + size + ", such as d3, or write pass");
        }
        int col = matcher.group(1).charAt(0) - 'a';
        int row = Integer.parseInt(matcher.group(2)) - 1;
        if (col >= size) {
            throw new IllegalMoveException(given, "column " + matcher.group(1) + " is off the board: the columns are "
                    + columns);
        }
        if (row >= size) {
            throw new IllegalMoveException(given, "row " + (row + 1) + " is off the board: the rows are 1.." + size);
        }
        return OthelloMove.at(col, row);
    }

    @Override
    public boolean isTerminal() {
        return terminal;
    }

    @Override
    public Outcome outcome() {
        if (!terminal) {
            throw new IllegalStateException("the game is not over");
        }
        int black = board.count(0);
        int white = board.count(1);
        int empty = board.size() * board.size() - black - white;
        String end = empty == 0 ? "the board is full; " : "neither side can move; ";
        Side winner = black > white ? Side.FIRST : white > black ? Side.SECOND : null;
        int high = Math.max(black, white);
        int low = Math.min(black, white);
        String counts = "(" + high + " to " + low + ")";
        if (scoring == Scoring.SEED000 && empty > 0) {
            if (winner == null) {
                return Outcome.draw(end + "equal discs " + counts + "; the " + empty
                        + " empty squares are shared (" + (high + empty / 2) + " to " + (low + empty / 2) + ")");
            }
            return Outcome.win(winner, end + game.sideName(winner) + " has more discs " + counts + " and gets the "
                    + empty + " empty square" + (empty == 1 ? "" : "s") + " (" + (high + empty) + " to " + low + ")");
        }
        if (winner == null) {
            return Outcome.draw(end + "equal discs " + counts);
        }
        return Outcome.win(winner, end + game.sideName(winner) + " has more discs " + counts);
    }

    /**
     * The discs of {@code side}; under {@link Scoring#SEED000} in a finished game with empty squares,
     * the winner's count includes them (half each in a draw).
     */
    @Override
    public int score(Side side) {
        int own = board.count(side.index());
        if (scoring != Scoring.SEED000 || !terminal) {
            return own;
        }
        int opp = board.count(side.other().index());
        int empty = board.size() * board.size() - own - opp;
        return own > opp ? own + empty : own == opp ? own + empty / 2 : own;
    }

    @Override
    public int ply() {
        return ply;
    }

    @Override
    public String boardText() {
        int size = board.size();
        int label = size >= 10 ? 2 : 1;
        StringBuilder sb = new StringBuilder(" ".repeat(label));
        for (int col = 0; col < size; col++) {
            sb.append(' ').append((char) ('a' + col));
        }
        sb.append('\n');
        for (int row = 0; row < size; row++) {
            String number = Integer.toString(row + 1);
            sb.append(" ".repeat(label - number.length())).append(number);
            for (int col = 0; col < size; col++) {
                int colour = board.colourAt(col, row);
                sb.append(' ').append(colour == 0 ? 'B' : colour == 1 ? 'W' : '.');
            }
            sb.append('\n');
        }
        return sb.toString();
    }

    /**
     * {@code size}, {@code black}, {@code white} (discs on the board), {@code passed} (the last move
     * was a pass), {@code lastMove} (its notation, {@code ""} at the start), {@code flipped} (the
     * squares it turned over), {@code legal} (the squares the side to move may play on) and
     * {@code scoring} ({@code plain} or {@code seed000}).
     */
    @Override
    public Map<String, Object> details() {
        Map<String, Object> details = new LinkedHashMap<>();
        details.put("size", board.size());
        details.put("black", board.count(0));
        details.put("white", board.count(1));
        details.put("passed", passed());
        details.put("lastMove", last == null ? "" : last.notation());
        List<String> flipped = new ArrayList<>();
        List<String> placements = new ArrayList<>();
        int size = board.size();
        for (int row = 0; row < size; row++) {
            for (int col = 0; col < size; col++) {
                if (flippedByLastMove(col, row)) {
                    flipped.add(OthelloMove.squareName(col, row));
                }
            }
        }
        for (int sq : moves()) {
            placements.add(OthelloMove.squareName(sq % size, sq / size));
        }
        details.put("flipped", List.copyOf(flipped));
        details.put("legal", List.copyOf(placements));
        details.put("scoring", scoring.optionValue());
        return Collections.unmodifiableMap(details);
    }

    /** Perft on the bitboards (sizes up to 8) or the byte board, with bulk counting at the last ply. */
    @Override
    public long perft(int depth) {
        if (depth <= 0 || terminal) {
            return 1;
        }
        return board.perft(toMove.index(), depth);
    }

    @Override
    public int size() {
        return board.size();
    }

    @Override
    public Optional<Side> disc(int col, int row) {
        checkOnBoard(col, row);
        return Optional.ofNullable(board.sideAt(col, row));
    }

    private void checkOnBoard(int col, int row) {
        int size = board.size();
        if (col < 0 || col >= size || row < 0 || row >= size) {
            throw new IndexOutOfBoundsException("(" + col + ", " + row + ") is not on the " + size + "x" + size
                    + " board");
        }
    }

    @Override
    public String cells() {
        // made anew on each call, not kept: a game's every position stays in its journal until the game
        // ends, and a server with 5,000 games at once kept 60 of these strings a game (issue 18)
        int size = board.size();
        byte[] chars = new byte[size * size];
        for (int row = 0; row < size; row++) {
            for (int col = 0; col < size; col++) {
                int colour = board.colourAt(col, row);
                chars[row * size + col] = (byte) (colour == 0 ? 'B' : colour == 1 ? 'W' : '.');
            }
        }
        return new String(chars, java.nio.charset.StandardCharsets.ISO_8859_1);
    }

    @Override
    public int discs(Side side) {
        return board.count(side.index());
    }

    /** How many squares {@code side} could play on in this position, whoever is to move. */
    public int mobility(Side side) {
        return side == toMove ? mobility : board.mobility(side.index());
    }

    @Override
    public List<OthelloMove> placements() {
        List<OthelloMove> list = new ArrayList<>(mobility);
        for (Move move : legalMoves()) {
            OthelloMove m = (OthelloMove) move;
            if (!m.isPass()) {
                list.add(m);
            }
        }
        return Collections.unmodifiableList(list);
    }

    @Override
    public Optional<OthelloMove> lastMove() {
        return Optional.ofNullable(last);
    }

    @Override
    public boolean flippedByLastMove(int col, int row) {
        checkOnBoard(col, row);
        if (previous == null || last == null || last.isPass()) {
            return false;
        }
        int before = previous.colourAt(col, row);
        return before >= 0 && before != board.colourAt(col, row);
    }

    @Override
    public boolean passed() {
        return last != null && last.isPass();
    }

    @Override
    public Scoring scoring() {
        return scoring;
    }

    /** Same board, same side to move, same scoring: the history does not count. */
    @Override
    public boolean equals(Object o) {
        return o instanceof OthelloState other && other.toMove == toMove && other.scoring == scoring
                && other.board.equals(board);
    }

    @Override
    public int hashCode() {
        return board.hashCode() * 31 + toMove.ordinal(); // not the enum's hashCode: it changes from run to run, and so would a search that hashes positions
    }

    @Override
    public String toString() {
        return boardText() + game.sideName(toMove) + " to move";
    }

    /** For tests in this package: the board. */
    Board board() {
        return board;
    }
}
