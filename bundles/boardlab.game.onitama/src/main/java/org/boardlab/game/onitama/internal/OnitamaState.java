package org.boardlab.game.onitama.internal;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.boardlab.api.Game;
import org.boardlab.api.IllegalMoveException;
import org.boardlab.api.Move;
import org.boardlab.api.Outcome;
import org.boardlab.api.Side;
import org.boardlab.game.onitama.Card;
import org.boardlab.game.onitama.Onitama;
import org.boardlab.game.onitama.OnitamaMove;
import org.boardlab.game.onitama.OnitamaPosition;
import org.boardlab.game.onitama.Piece;
import org.boardlab.game.onitama.Square;

/**
 * The one implementation of {@link OnitamaPosition}: 25 bytes of board (seed 001's digits, index
 * {@link Square#ordinal()}), five card ordinals (blue's two, red's two, the side card), the side to
 * move, the ply and the draw limit. Immutable; arrays are never changed after construction, so a
 * pass shares its board with the position before it.
 */
public final class OnitamaState implements OnitamaPosition {

    private static final int EMPTY = 0;
    private static final int BLUE_MASTER = 1;
    private static final int RED_MASTER = 3;
    private static final int SIDE_CARD = 4;
    private static final Card[] CARDS = Card.values();

    /** TARGETS[card][side][from]: the target squares of the card's steps, in step order, off-board steps left out. */
    private static final int[][][][] TARGETS = new int[CARDS.length][2][25][];
    /**
     * MOVES[card][side][from][k]: the move to TARGETS[card][side][from][k], made once (a search asks for the
     * legal moves of every position it visits: one new move object each was a fifth of its allocation).
     */
    private static final OnitamaMove[][][][] MOVES = new OnitamaMove[CARDS.length][2][25][];
    /** The piece of each code as {@link #pieceAt} returns it (code 0, empty, is never looked up). */
    @SuppressWarnings("unchecked")
    private static final Optional<Piece>[] PIECE_OF_CODE = new Optional[5];
    /** Each square as {@link #master} returns it. */
    @SuppressWarnings("unchecked")
    private static final Optional<Square>[] SQUARE = new Optional[25];

    static {
        for (Card card : CARDS) {
            for (Side side : Side.values()) {
                for (Square from : Square.values()) {
                    int[] targets = card.targets(side, from).stream().mapToInt(Square::ordinal).toArray();
                    TARGETS[card.ordinal()][side.index()][from.ordinal()] = targets;
                    OnitamaMove[] moves = new OnitamaMove[targets.length];
                    for (int k = 0; k < targets.length; k++) {
                        moves[k] = OnitamaMove.of(card, from, Square.ofIndex(targets[k]));
                    }
                    MOVES[card.ordinal()][side.index()][from.ordinal()] = moves;
                }
            }
        }
        for (int code = 1; code < PIECE_OF_CODE.length; code++) {
            PIECE_OF_CODE[code] = Optional.of(Piece.ofCode(code));
        }
        for (int i = 0; i < SQUARE.length; i++) {
            SQUARE[i] = Optional.of(Square.ofIndex(i));
        }
    }

    private final Onitama game;
    private final byte[] board;
    private final byte[] cards;
    private final Side toMove;
    private final int ply;
    private final int limit;
    /** -1 in play, 0 blue won, 1 red won, 2 drawn by the limit. */
    private final int result;

    private OnitamaState(Onitama game, byte[] board, byte[] cards, Side toMove, int ply, int limit) {
        this.game = game;
        this.board = board;
        this.cards = cards;
        this.toMove = toMove;
        this.ply = ply;
        this.limit = limit;
        boolean blueWon = !has(RED_MASTER) || board[Square.C5.ordinal()] == BLUE_MASTER;
        boolean redWon = !has(BLUE_MASTER) || board[Square.C1.ordinal()] == RED_MASTER;
        this.result = blueWon ? 0 : redWon ? 1 : limit > 0 && ply >= limit ? 2 : -1;
    }

    /** The start position: the masters on their temples, students beside them, cards as {@code deal} lists them. */
    public static OnitamaState start(Onitama game, List<Card> deal, int limit) {
        byte[] board = new byte[25];
        for (int column = 0; column < 5; column++) {
            board[column] = (byte) (column == 2 ? Piece.BLUE_MASTER.code() : Piece.BLUE_STUDENT.code());
            board[20 + column] = (byte) (column == 2 ? Piece.RED_MASTER.code() : Piece.RED_STUDENT.code());
        }
        return new OnitamaState(game, board, cardBytes(deal), Side.FIRST, 0, limit);
    }

    /**
     * Any position that could arise in a game: {@code pieces} by square (missing or {@code null}
     * for an empty square), {@code deal} as blue's two cards, red's two, the side card.
     *
     * @throws IllegalArgumentException if the cards are not five different ones, a side has more
     *         than one master or four students, both sides have won, or a side has won and is still
     *         to move (the winner's move ended the game, so the loser would be to move)
     */
    public static OnitamaState of(Onitama game, Map<Square, Piece> pieces, List<Card> deal, Side toMove, int ply,
            int limit) {
        byte[] board = new byte[25];
        int[] count = new int[5];
        for (Map.Entry<Square, Piece> e : pieces.entrySet()) {
            if (e.getValue() != null) {
                board[e.getKey().ordinal()] = (byte) e.getValue().code();
                count[e.getValue().code()]++;
            }
        }
        for (Side side : Side.values()) {
            String name = game.sideName(side);
            int masters = count[Piece.master(side).code()];
            int students = count[Piece.student(side).code()];
            if (masters > 1 || students > 4) {
                throw new IllegalArgumentException(name + " has " + masters + " master(s) and " + students
                        + " student(s); a side has at most one master and four students");
            }
        }
        OnitamaState state = new OnitamaState(game, board, cardBytes(deal), toMove, ply, limit);
        boolean blueWon = count[BLUE_MASTER] == 0 || board[Square.C5.ordinal()] == BLUE_MASTER;
        boolean redWon = count[RED_MASTER] == 0 || board[Square.C1.ordinal()] == RED_MASTER;
        if (blueWon && redWon) {
            throw new IllegalArgumentException("both sides have won here (a master captured or on the enemy temple);"
                    + " no game reaches this position");
        }
        if (state.result == toMove.index()) {
            throw new IllegalArgumentException(game.sideName(toMove) + " has already won here ("
                    + state.outcome().reason() + "), so " + game.sideName(toMove.other()) + " would be to move");
        }
        return state;
    }

    private static byte[] cardBytes(List<Card> deal) {
        // a mask, not a stream's distinct(): a server deals a new game for every PvE client's game
        int seen = 0;
        byte[] bytes = new byte[5];
        if (deal.size() == 5) {
            for (int i = 0; i < 5; i++) {
                Card card = deal.get(i);
                if (card == null) {
                    break;
                }
                seen |= 1 << card.ordinal();
                bytes[i] = (byte) card.ordinal();
            }
        }
        if (Integer.bitCount(seen) != 5) {
            throw new IllegalArgumentException("a deal is five different cards (blue's two, red's two, the side card),"
                    + " not " + deal);
        }
        return bytes;
    }

    private boolean has(int code) {
        for (byte b : board) {
            if (b == code) {
                return true;
            }
        }
        return false;
    }

    /** 0 for blue, 1 for red, -1 for an empty square. */
    private static int owner(int code) {
        return code == EMPTY ? -1 : (code - 1) >> 1;
    }

    private String name(Side side) {
        return game.sideName(side);
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
    public int ply() {
        return ply;
    }

    @Override
    public int limit() {
        return limit;
    }

    @Override
    public boolean isTerminal() {
        return result >= 0;
    }

    @Override
    public Outcome outcome() {
        switch (result) {
            case 0, 1 -> {
                Side winner = Side.of(result);
                Side loser = winner.other();
                String reason = master(loser).isEmpty()
                        ? name(winner) + " captured " + name(loser) + "'s master"
                        : name(winner) + "'s master reached " + name(loser) + "'s temple "
                                + Square.temple(loser).notation();
                return Outcome.win(winner, reason);
            }
            case 2 -> {
                return Outcome.draw("no winner after " + limit + " plies (option limit)");
            }
            default -> throw new IllegalStateException("the game is not over");
        }
    }

    @Override
    public List<Move> legalMoves() {
        if (result >= 0) {
            return List.of();
        }
        int s = toMove.index();
        List<Move> moves = new ArrayList<>(24);
        for (int slot = 0; slot < 2; slot++) {
            int card = cards[2 * s + slot];
            int[][] targets = TARGETS[card][s];
            OnitamaMove[][] made = MOVES[card][s];
            for (int from = 0; from < 25; from++) {
                if (owner(board[from]) != s) {
                    continue;
                }
                int[] to = targets[from];
                for (int k = 0; k < to.length; k++) {
                    if (owner(board[to[k]]) != s) {
                        moves.add(made[from][k]);
                    }
                }
            }
        }
        if (moves.isEmpty()) {
            moves.add(OnitamaMove.pass(CARDS[cards[2 * s]]));
            moves.add(OnitamaMove.pass(CARDS[cards[2 * s + 1]]));
        }
        return Collections.unmodifiableList(moves);
    }

    /** How many piece moves the side to move has with the card in hand slot {@code slot}. */
    private int countPieceMoves(int slot) {
        int s = toMove.index();
        int[][] targets = TARGETS[cards[2 * s + slot]][s];
        int n = 0;
        for (int from = 0; from < 25; from++) {
            if (owner(board[from]) == s) {
                for (int to : targets[from]) {
                    if (owner(board[to]) != s) {
                        n++;
                    }
                }
            }
        }
        return n;
    }

    private int slotOf(Card card, Side side) {
        for (int slot = 0; slot < 2; slot++) {
            if (cards[2 * side.index() + slot] == card.ordinal()) {
                return slot;
            }
        }
        return -1;
    }

    @Override
    public String whyIllegal(Move move) {
        if (result >= 0) {
            return "the game is over";
        }
        if (!(move instanceof OnitamaMove m)) {
            return "not an Onitama move";
        }
        String me = name(toMove);
        if (slotOf(m.card(), toMove) < 0) {
            String hand = me + " holds " + CARDS[cards[2 * toMove.index()]].id() + " and "
                    + CARDS[cards[2 * toMove.index() + 1]].id();
            return slotOf(m.card(), toMove.other()) >= 0
                    ? m.card().id() + " is " + name(toMove.other()) + "'s card; " + hand
                    : m.card().id() + " is the side card; " + hand;
        }
        if (m.isPass()) {
            return countPieceMoves(0) + countPieceMoves(1) > 0
                    ? "a card may be exchanged without a move only when no piece can move, and " + me + " can move"
                    : null;
        }
        int from = m.from().ordinal();
        int to = m.to().ordinal();
        int owner = owner(board[from]);
        if (owner < 0) {
            return "there is no piece on " + m.from().notation();
        }
        if (owner != toMove.index()) {
            return "the piece on " + m.from().notation() + " is " + name(toMove.other()) + "'s; " + me
                    + " moves only " + me + " pieces";
        }
        if (!steps(TARGETS[m.card().ordinal()][owner][from], to)) {
            return m.card().id() + " has no step from " + m.from().notation() + " to " + m.to().notation()
                    + " for " + me;
        }
        if (owner(board[to]) == owner) {
            return me + "'s own piece stands on " + m.to().notation();
        }
        return null;
    }

    /** Whether {@code targets} holds {@code to}. */
    private static boolean steps(int[] targets, int to) {
        for (int t : targets) {
            if (t == to) {
                return true;
            }
        }
        return false;
    }

    @Override
    public OnitamaState apply(Move move) {
        String why = whyIllegal(move);
        if (why != null) {
            throw new IllegalMoveException(move.notation(), why);
        }
        OnitamaMove m = (OnitamaMove) move;
        byte[] nextBoard = board;
        if (!m.isPass()) {
            nextBoard = board.clone();
            nextBoard[m.to().ordinal()] = board[m.from().ordinal()];
            nextBoard[m.from().ordinal()] = EMPTY;
        }
        return new OnitamaState(game, nextBoard, exchange(slotOf(m.card(), toMove)), toMove.other(), ply + 1, limit);
    }

    /** The cards after the side to move plays the card in {@code slot}: it takes the side card into that slot. */
    private byte[] exchange(int slot) {
        byte[] next = cards.clone();
        int i = 2 * toMove.index() + slot;
        next[i] = cards[SIDE_CARD];
        next[SIDE_CARD] = cards[i];
        return next;
    }

    @Override
    public OnitamaMove parseMove(String notation) {
        return OnitamaMove.parse(notation);
    }

    @Override
    public Optional<Piece> pieceAt(Square square) {
        int code = board[square.ordinal()];
        return code == EMPTY ? Optional.empty() : PIECE_OF_CODE[code];
    }

    @Override
    public List<Card> cards(Side side) {
        return List.of(CARDS[cards[2 * side.index()]], CARDS[cards[2 * side.index() + 1]]);
    }

    @Override
    public Card sideCard() {
        return CARDS[cards[SIDE_CARD]];
    }

    @Override
    public Optional<Square> master(Side side) {
        int code = Piece.master(side).code();
        for (int i = 0; i < 25; i++) {
            if (board[i] == code) {
                return SQUARE[i];
            }
        }
        return Optional.empty();
    }

    @Override
    public int pieces(Side side) {
        int n = 0;
        for (byte b : board) {
            if (owner(b) == side.index()) {
                n++;
            }
        }
        return n;
    }

    @Override
    public int score(Side side) {
        return pieces(side);
    }

    /** Counts leaves without making move objects, and the last ply by counting alone. */
    @Override
    public long perft(int depth) {
        if (depth <= 0 || result >= 0) {
            return 1;
        }
        int n0 = countPieceMoves(0);
        int n1 = countPieceMoves(1);
        if (depth == 1) {
            return n0 + n1 == 0 ? 2 : n0 + n1;
        }
        int s = toMove.index();
        long leaves = 0;
        if (n0 + n1 == 0) {
            for (int slot = 0; slot < 2; slot++) {
                leaves += new OnitamaState(game, board, exchange(slot), toMove.other(), ply + 1, limit).perft(depth - 1);
            }
            return leaves;
        }
        for (int slot = 0; slot < 2; slot++) {
            byte[] nextCards = exchange(slot);
            int[][] targets = TARGETS[cards[2 * s + slot]][s];
            for (int from = 0; from < 25; from++) {
                if (owner(board[from]) != s) {
                    continue;
                }
                for (int to : targets[from]) {
                    if (owner(board[to]) != s) {
                        byte[] next = board.clone();
                        next[to] = board[from];
                        next[from] = EMPTY;
                        leaves += new OnitamaState(game, next, nextCards, toMove.other(), ply + 1, limit).perft(depth - 1);
                    }
                }
            }
        }
        return leaves;
    }

    /**
     * The board with row 5 (red's home row) on top and row 1 (blue's home row) at the bottom, as
     * blue sees it, a header of column letters, then one line per hand: for example
     * <pre>
     *   a b c d e
     * 5 r r R r r
     * ...
     * 1 b b B b b
     * blue: eel cobra
     * red: mantis crane
     * side: monkey
     * </pre>
     */
    @Override
    public String boardText() {
        StringBuilder sb = new StringBuilder("  a b c d e\n");
        for (int row = 5; row >= 1; row--) {
            sb.append(row);
            for (int column = 0; column < 5; column++) {
                int code = board[(row - 1) * 5 + column];
                sb.append(' ').append(code == EMPTY ? '.' : Piece.ofCode(code).symbol());
            }
            sb.append('\n');
        }
        for (Side side : Side.values()) {
            List<Card> hand = cards(side);
            sb.append(name(side)).append(": ").append(hand.get(0).id()).append(' ').append(hand.get(1).id()).append('\n');
        }
        return sb.append("side: ").append(sideCard().id()).append('\n').toString();
    }

    /** {@code blue_cards} and {@code red_cards} (lists of card ids, in hand order) and {@code side_card}. */
    @Override
    public Map<String, Object> details() {
        Map<String, Object> details = new LinkedHashMap<>();
        details.put("blue_cards", cards(Side.FIRST).stream().map(Card::id).toList());
        details.put("red_cards", cards(Side.SECOND).stream().map(Card::id).toList());
        details.put("side_card", sideCard().id());
        return Collections.unmodifiableMap(details);
    }

    /** Equal when the pieces, the cards in every place, the side to move, the ply and the limit are equal. */
    @Override
    public boolean equals(Object o) {
        return o instanceof OnitamaState other && Arrays.equals(board, other.board) && Arrays.equals(cards, other.cards)
                && toMove == other.toMove && ply == other.ply && limit == other.limit;
    }

    @Override
    public int hashCode() {
        return ((Arrays.hashCode(board) * 31 + Arrays.hashCode(cards)) * 31 + toMove.ordinal()) * 31 + ply;
    }

    @Override
    public String toString() {
        return boardText();
    }
}
