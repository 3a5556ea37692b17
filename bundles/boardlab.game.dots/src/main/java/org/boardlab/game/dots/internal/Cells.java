package org.boardlab.game.dots.internal;

/**
 * The meaning of the bits in one cell (one byte per point of the padded grid).
 *
 * <pre>
 *   bit  7 6 | 5          4          | 3 2         | 1 0
 *        -   | blue house red house  | zone owner  | dot colour
 * </pre>
 * <ul>
 * <li>dot colour: 0 empty, 1 red, 2 blue, 3 padding (off the board);</li>
 * <li>zone owner: 0 in no zone, 1 red, 2 blue: the player whose zone covers the point, its border
 *     included. A dot whose zone owner is the other colour is captured ("dead"): it counts for the
 *     zone's owner and no longer takes part in enclosures;</li>
 * <li>house bits: the point is enclosed by live dots of that player, without being a zone (an
 *     empty enclosure). Only meaningful while the point is free.</li>
 * </ul>
 * A dot is <em>live</em> for its player when its zone owner is 0 or its own colour. Players are
 * numbered 1 (red) and 2 (blue) throughout, so the other player is {@code 3 - p}.
 */
final class Cells {

    static final int EMPTY = 0;
    static final int RED = 1;
    static final int BLUE = 2;
    static final int PAD = 3;

    static final int COLOUR = 0x03;
    static final int OWNER_SHIFT = 2;
    static final int OWNER = 0x0C;
    static final int HOUSE_SHIFT = 3; // house bit of player p is 1 << (HOUSE_SHIFT + p)

    /** What a point is to a flood fill of player p's enclosures, by the low four bits of the cell. */
    static final int OPEN = 0;
    static final int WALL = 1;
    static final int OFF = 2;
    static final int FOE = 3;

    /** {@code KIND[p][cell & 15]}: {@link #OPEN}, {@link #WALL} (a live dot of p), {@link #OFF} or {@link #FOE} (a live dot of the other player). */
    static final byte[][] KIND = new byte[3][16];

    static {
        for (int p = 1; p <= 2; p++) {
            for (int c = 0; c < 16; c++) {
                int colour = c & COLOUR;
                int owner = c >> OWNER_SHIFT;
                byte kind;
                if (colour == PAD) {
                    kind = OFF;
                } else if (colour == p && owner != 3 - p) {
                    kind = WALL;
                } else if (colour == 3 - p && owner != p) {
                    kind = FOE;
                } else {
                    kind = OPEN;
                }
                KIND[p][c] = kind;
            }
        }
    }

    private Cells() {
    }

    static int colour(int cell) {
        return cell & COLOUR;
    }

    static int owner(int cell) {
        return (cell & OWNER) >> OWNER_SHIFT;
    }

    static int houseBit(int player) {
        return 1 << (HOUSE_SHIFT + player);
    }

    /** Empty and in no zone: a dot may go here. */
    static boolean isFree(int cell) {
        return (cell & (COLOUR | OWNER)) == 0;
    }
}
