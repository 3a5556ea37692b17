package org.boardlab.protocol.othello;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The whole 8x8 board as one field of 64 characters, as {@code SMOV} and {@code SRECOV} carry it:
 * row by row from the top (row 1 first), each row from the left (column a first), one character a
 * square: {@code B} a black disc, {@code W} a white disc, {@code .} empty. The character of square
 * (x, y) is at index {@code y * 8 + x}.
 *
 * <pre>
 *   a b c d e f g h          index  0..7  = row 1 = "........"
 * 1 . . . . . . . .                 8..15 = row 2 = "........"
 * 2 . . . . . . . .                16..23 = row 3 = "........"
 * 3 . . . . . . . .                24..31 = row 4 = "...WB..."
 * 4 . . . W B . . .                32..39 = row 5 = "...BW..."
 * 5 . . . B W . . .                ...
 *
 * the start position on the wire:
 * ...........................WB......BW...........................
 * </pre>
 *
 * @param cells the 64 characters; never {@code null}
 */
public record Board(String cells) {

    /** The number of characters of a board field. */
    public static final int CELLS = Square.SIZE * Square.SIZE;

    private static final String START = ".".repeat(27) + "WB" + ".".repeat(6) + "BW" + ".".repeat(27);

    /** @throws IllegalArgumentException unless {@code cells} is 64 characters of {@code B W .} */
    public Board {
        if (cells.length() != CELLS) {
            throw new MalformedMessageException("the board must be 64 characters of B, W and . (got "
                    + cells.length() + ")");
        }
        for (int i = 0; i < CELLS; i++) {
            char c = cells.charAt(i);
            if (c != 'B' && c != 'W' && c != '.') {
                throw new MalformedMessageException("the board may hold only B, W and . (found "
                        + Wire.quote(String.valueOf(c)) + " at index " + i + ")");
            }
        }
    }

    /** The start position: white on d4 and e5, black on e4 and d5. */
    public static Board start() {
        return new Board(START);
    }

    /**
     * The board from its eight rows, top row first, each written as 8 characters of {@code B W .};
     * spaces inside a row are ignored, so {@code ". . . W B . . ."} is fine.
     */
    public static Board ofRows(String... rows) {
        if (rows.length != Square.SIZE) {
            throw new IllegalArgumentException("a board has 8 rows, not " + rows.length);
        }
        StringBuilder b = new StringBuilder(CELLS);
        for (String row : rows) {
            String r = row.replace(" ", "");
            if (r.length() != Square.SIZE) {
                throw new IllegalArgumentException("a row has 8 squares: " + Wire.quote(row));
            }
            b.append(r);
        }
        return new Board(b.toString());
    }

    /** The disc on {@code square}, or empty. */
    public Optional<Colour> at(Square square) {
        char c = cells.charAt(square.index());
        return c == 'B' ? Optional.of(Colour.BLACK) : c == 'W' ? Optional.of(Colour.WHITE) : Optional.empty();
    }

    /** The number of discs of {@code colour}. */
    public int count(Colour colour) {
        char want = colour == Colour.BLACK ? 'B' : 'W';
        int n = 0;
        for (int i = 0; i < CELLS; i++) {
            if (cells.charAt(i) == want) {
                n++;
            }
        }
        return n;
    }

    /** The eight rows, top first, each 8 characters. */
    public List<String> rows() {
        List<String> rows = new ArrayList<>(Square.SIZE);
        for (int y = 0; y < Square.SIZE; y++) {
            rows.add(cells.substring(y * Square.SIZE, (y + 1) * Square.SIZE));
        }
        return rows;
    }

    @Override
    public String toString() {
        return cells;
    }
}
