package org.boardlab.game.onitama;

import java.util.List;
import java.util.Locale;
import org.boardlab.api.GameState;
import org.boardlab.api.Move;
import org.boardlab.api.Side;

/** Builds hand-made positions for tests through seed 001's encoding. */
final class Positions {

    private Positions() {
    }

    /**
     * A position from pieces like {@code "B:c3 R:a5 b:a1 r:e4"} (B/b blue master/student, R/r red),
     * five cards like {@code "tiger crab frog horse ox"} (blue's two, red's two, the side card) and
     * the side to move.
     */
    static OnitamaPosition position(String pieces, String cards, Side toMove) {
        char[] digits = "0".repeat(25).toCharArray();
        for (String token : pieces.trim().split("\\s+")) {
            char symbol = token.charAt(0);
            Square square = Square.parse(token.substring(2));
            int code = switch (symbol) {
                case 'B' -> 1;
                case 'b' -> 2;
                case 'R' -> 3;
                case 'r' -> 4;
                default -> throw new IllegalArgumentException(token);
            };
            digits[(5 - square.row()) * 5 + square.column()] = (char) ('0' + code);
        }
        String[] c = cards.toUpperCase(Locale.ROOT).trim().split("\\s+");
        return OnitamaEncoding.parse(new String(digits) + ";" + c[0] + " " + c[1] + ";" + c[2] + " " + c[3] + ";" + c[4]
                + " " + toMove.index());
    }

    /** Plays moves written in notation, separated by blanks. */
    static OnitamaPosition play(OnitamaPosition start, String moves) {
        OnitamaPosition state = start;
        for (String m : moves.trim().split("\\s+")) {
            state = state.apply(state.parseMove(m));
        }
        return state;
    }

    /** The legal moves' notations, in order. */
    static List<String> notations(GameState state) {
        return state.legalMoves().stream().map(Move::notation).toList();
    }
}
