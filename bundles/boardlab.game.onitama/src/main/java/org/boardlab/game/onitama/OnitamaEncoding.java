package org.boardlab.game.onitama;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.boardlab.api.IllegalMoveException;
import org.boardlab.api.Side;
import org.boardlab.game.onitama.internal.OnitamaState;

/**
 * Seed 001's text encoding of a position, as its server handed it to the minimax script, and of
 * the script's answer.
 *
 * <p>A position is written {@code <board>;<C1> <C2>;<C3> <C4>;<C5> <player>}, for example the
 * start with the default deal:
 * <pre>
 * 4434400000000000000022122;EEL COBRA;MANTIS CRANE;MONKEY 0
 * </pre>
 * <ul>
 * <li>{@code <board>}: 25 digits, one a square, row 5 (red's home row) first and row 1 (blue's home
 *     row) last, each row from column a to e: the seed's 5x5 matrix, row 0 at the top, read row by
 *     row. Digits: 0 empty, 1 blue master, 2 blue student, 3 red master, 4 red student.</li>
 * <li>{@code C1 C2}: blue's cards, {@code C3 C4}: red's cards, {@code C5}: the side card; names in
 *     upper case as in the seed's example, read in any case.</li>
 * <li>{@code <player>}: the side to move, 0 blue or 1 red, after a blank (on the seed's command
 *     line it was the next argument, followed by the search depth, which is not part of a
 *     position and is not accepted here).</li>
 * </ul>
 * Blanks around {@code ;} are allowed when reading (the seed writes both {@code ;C3} and
 * {@code ; C3}). The encoding has no move count: a position read from it is at ply 0, with the
 * default draw limit counted from there.
 *
 * <p>An answer is {@code <fromRow> <fromCol> <toRow> <toCol> <CARD>}, for example
 * {@code 4 3 3 3 CRANE} for {@code crane:d1-d2}: indices 0..4 into the same matrix (row 0 is row 5
 * of the notation, column 0 is column a). The seed has no answer for a pass; this encoding writes
 * {@code <card>:pass} as {@code -1 -1 -1 -1 <CARD>}.
 */
public final class OnitamaEncoding {

    private static final Onitama DEFAULT_GAME = new Onitama();

    private OnitamaEncoding() {
    }

    /** The position in seed 001's encoding, as described above. */
    public static String format(OnitamaPosition position) {
        StringBuilder sb = new StringBuilder(48);
        for (int row = 5; row >= 1; row--) {
            for (int column = 0; column < 5; column++) {
                sb.append(position.pieceAt(Square.find(column, row).orElseThrow()).map(Piece::code).orElse(0));
            }
        }
        List<Card> blue = position.cards(Side.FIRST);
        List<Card> red = position.cards(Side.SECOND);
        sb.append(';').append(upper(blue.get(0))).append(' ').append(upper(blue.get(1)));
        sb.append(';').append(upper(red.get(0))).append(' ').append(upper(red.get(1)));
        sb.append(';').append(upper(position.sideCard()));
        return sb.append(' ').append(position.sideToMove().index()).toString();
    }

    /**
     * Reads a position written as described above, for a game made by a default {@link Onitama}.
     *
     * @throws IllegalArgumentException saying what is wrong: the layout, a digit, a card, the
     *         player, or a position no game reaches (see {@link #parse(Onitama, String)})
     */
    public static OnitamaPosition parse(String text) {
        return parse(DEFAULT_GAME, text);
    }

    /**
     * Reads a position written as described above, as a position of {@code game}.
     *
     * @throws IllegalArgumentException saying what is wrong: not four {@code ;}-separated parts,
     *         a board that is not 25 digits 0..4, an unknown or repeated card, a player other than
     *         0 or 1, more than one master or four students a side, both sides won, or the winner
     *         to move
     */
    public static OnitamaPosition parse(Onitama game, String text) {
        String[] parts = text.trim().split("\\s*;\\s*", -1);
        if (parts.length != 4) {
            throw new IllegalArgumentException(layout("found " + (parts.length - 1) + " ';' instead of 3"));
        }
        Map<Square, Piece> pieces = board(parts[0]);
        List<Card> deal = new ArrayList<>(5);
        cards(parts[1], 2, "blue's cards", deal);
        cards(parts[2], 2, "red's cards", deal);
        String[] last = parts[3].split("\\s+");
        if (last.length != 2) {
            throw new IllegalArgumentException(layout("after the last ';' come the side card and the player,"
                    + " not '" + parts[3] + "'"));
        }
        cards(last[0], 1, "the side card", deal);
        Side toMove = switch (last[1]) {
            case "0" -> Side.FIRST;
            case "1" -> Side.SECOND;
            default -> throw new IllegalArgumentException("the player is 0 (blue) or 1 (red), not '" + last[1] + "'");
        };
        return OnitamaState.of(game, pieces, deal, toMove, 0, Onitama.DEFAULT_LIMIT);
    }

    /** The move as the seed's AI answered: {@code fromRow fromCol toRow toCol CARD}, see above. */
    public static String formatAnswer(OnitamaMove move) {
        String card = upper(move.card());
        if (move.isPass()) {
            return "-1 -1 -1 -1 " + card;
        }
        return (5 - move.from().row()) + " " + move.from().column() + " " + (5 - move.to().row()) + " "
                + move.to().column() + " " + card;
    }

    /**
     * Reads an answer written as described above.
     *
     * @throws IllegalMoveException if it is not four indices 0..4 (or four -1) and a card name
     */
    public static OnitamaMove parseAnswer(String text) {
        String[] fields = text.trim().split("\\s+");
        String form = "an answer is <fromRow> <fromCol> <toRow> <toCol> <CARD> with indices 0..4, row 0 = row 5,"
                + " or -1 -1 -1 -1 <CARD> for a pass";
        if (fields.length != 5) {
            throw new IllegalMoveException(text, form);
        }
        Card card;
        try {
            card = Card.parse(fields[4]);
        } catch (IllegalArgumentException e) {
            throw new IllegalMoveException(text, e.getMessage());
        }
        if (fields[0].equals("-1") && fields[1].equals("-1") && fields[2].equals("-1") && fields[3].equals("-1")) {
            return OnitamaMove.pass(card);
        }
        int[] n = new int[4];
        for (int i = 0; i < 4; i++) {
            if (!fields[i].matches("[0-4]")) {
                throw new IllegalMoveException(text, form);
            }
            n[i] = fields[i].charAt(0) - '0';
        }
        return OnitamaMove.of(card, Square.find(n[1], 5 - n[0]).orElseThrow(), Square.find(n[3], 5 - n[2]).orElseThrow());
    }

    private static Map<Square, Piece> board(String digits) {
        if (digits.length() != 25) {
            throw new IllegalArgumentException("the board is 25 digits, one a square; this one has " + digits.length()
                    + ": '" + digits + "'");
        }
        Map<Square, Piece> pieces = new EnumMap<>(Square.class);
        for (int i = 0; i < 25; i++) {
            char c = digits.charAt(i);
            if (c < '0' || c > '4') {
                throw new IllegalArgumentException("board digit " + (i + 1) + " is '" + c + "'; the digits are 0 empty,"
                        + " 1 blue master, 2 blue student, 3 red master, 4 red student");
            }
            if (c != '0') {
                pieces.put(Square.find(i % 5, 5 - i / 5).orElseThrow(), Piece.ofCode(c - '0'));
            }
        }
        return pieces;
    }

    private static void cards(String text, int count, String what, List<Card> deal) {
        String[] names = text.trim().split("\\s+");
        if (names.length != count || names[0].isEmpty()) {
            throw new IllegalArgumentException(layout(what + " should be " + count + " card name(s), not '" + text + "'"));
        }
        for (String name : names) {
            Card card = Card.parse(name);
            if (deal.contains(card)) {
                throw new IllegalArgumentException("the card " + upper(card) + " appears twice; the five cards must"
                        + " be different");
            }
            deal.add(card);
        }
    }

    private static String layout(String problem) {
        return "a position is <25 digits>;<card> <card>;<card> <card>;<card> <player>, e.g. "
                + "4434400000000000000022122;EEL COBRA;MANTIS CRANE;MONKEY 0: " + problem;
    }

    private static String upper(Card card) {
        return card.name().toUpperCase(Locale.ROOT);
    }
}
