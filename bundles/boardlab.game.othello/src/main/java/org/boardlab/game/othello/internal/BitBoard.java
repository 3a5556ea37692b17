package org.boardlab.game.othello.internal;

/**
 * A board of size 4, 6 or 8 as two {@code long}s, one per colour: bit {@code row * 8 + col}, row 0
 * at the top. Smaller boards sit in the top-left corner of the 8x8 grid; {@link #area} marks their
 * squares, and nothing outside it is ever set.
 *
 * <p>Move generation uses directional shifts: in each of the eight directions, the own discs are
 * shifted over runs of opponent discs, and the empty square just past a run is a move. Shifts that
 * would wrap from one edge column to the other are cut off by masking the opponent discs in the
 * edge columns (they cannot be inside a horizontal or diagonal line). For a smaller board, squares
 * outside the area are never discs and never empty, so every line stops at its edge without extra
 * masks.
 *
 * <p>Flips use precomputed rays: walking from the square played, the first square that is not an
 * opponent disc ends the run, and the run flips when that square holds an own disc.
 */
final class BitBoard extends Board {

    static final int MAX_SIZE = 8;

    /** Opponent discs that can be inside a horizontal or diagonal line: not in column a or h. */
    private static final long INNER_COLUMNS = 0x7E7E7E7E7E7E7E7EL;

    /** Rays in the directions that raise the bit index (E, SW, S, SE), by square. */
    private static final long[] UP = new long[4 * 64];
    /** Rays in the directions that lower the bit index (W, NE, N, NW), by square. */
    private static final long[] DOWN = new long[4 * 64];

    static {
        int[][] up = {{1, 0}, {-1, 1}, {0, 1}, {1, 1}};
        for (int sq = 0; sq < 64; sq++) {
            for (int d = 0; d < 4; d++) {
                UP[d * 64 + sq] = ray(sq, up[d][0], up[d][1]);
                DOWN[d * 64 + sq] = ray(sq, -up[d][0], -up[d][1]);
            }
        }
    }

    private static long ray(int sq, int dc, int dr) {
        long ray = 0;
        int col = sq % 8 + dc;
        int row = sq / 8 + dr;
        while (col >= 0 && col < 8 && row >= 0 && row < 8) {
            ray |= 1L << (row * 8 + col);
            col += dc;
            row += dr;
        }
        return ray;
    }

    private final int size;
    private final long area;
    private final long black;
    private final long white;

    private BitBoard(int size, long area, long black, long white) {
        this.size = size;
        this.area = area;
        this.black = black;
        this.white = white;
    }

    /** The squares of a board of {@code size} in the 8x8 grid. */
    static long area(int size) {
        long rowBits = (1L << size) - 1;
        long area = 0;
        for (int row = 0; row < size; row++) {
            area |= rowBits << (row * 8);
        }
        return area;
    }

    static BitBoard start(int size) {
        int[] cells = new int[size * size];
        for (int row = 0; row < size; row++) {
            for (int col = 0; col < size; col++) {
                cells[row * size + col] = startColour(size, col, row);
            }
        }
        return of(size, cells);
    }

    /** A board from colours by square ({@code row * size + col}; 0 black, 1 white, -1 empty). */
    static BitBoard of(int size, int[] cells) {
        long black = 0;
        long white = 0;
        for (int row = 0; row < size; row++) {
            for (int col = 0; col < size; col++) {
                int colour = cells[row * size + col];
                if (colour == 0) {
                    black |= 1L << (row * 8 + col);
                } else if (colour == 1) {
                    white |= 1L << (row * 8 + col);
                }
            }
        }
        return new BitBoard(size, area(size), black, white);
    }

    /** The black discs, bit {@code row * 8 + col}. */
    long black() {
        return black;
    }

    /** The white discs, bit {@code row * 8 + col}. */
    long white() {
        return white;
    }

    @Override
    int size() {
        return size;
    }

    @Override
    int colourAt(int col, int row) {
        long bit = 1L << (row * 8 + col);
        return (black & bit) != 0 ? 0 : (white & bit) != 0 ? 1 : -1;
    }

    @Override
    int count(int colour) {
        return Long.bitCount(colour == 0 ? black : white);
    }

    @Override
    int[] moves(int colour) {
        long moves = colour == 0 ? moves(black, white, area) : moves(white, black, area);
        int[] squares = new int[Long.bitCount(moves)];
        for (int i = 0; moves != 0; i++) {
            int bit = Long.numberOfTrailingZeros(moves);
            squares[i] = (bit >>> 3) * size + (bit & 7);
            moves &= moves - 1;
        }
        return squares;
    }

    @Override
    int mobility(int colour) {
        return Long.bitCount(colour == 0 ? moves(black, white, area) : moves(white, black, area));
    }

    @Override
    BitBoard play(int colour, int col, int row) {
        int sq = row * 8 + col;
        long bit = 1L << sq;
        if (((black | white) & bit) != 0) {
            return null;
        }
        long own = colour == 0 ? black : white;
        long other = colour == 0 ? white : black;
        long flips = flips(own, other, sq);
        if (flips == 0) {
            return null;
        }
        own |= flips | bit;
        other &= ~flips;
        return colour == 0 ? new BitBoard(size, area, own, other) : new BitBoard(size, area, other, own);
    }

    @Override
    long perft(int colour, int depth) {
        if (depth <= 0) {
            return 1;
        }
        return colour == 0 ? perft(black, white, area, depth) : perft(white, black, area, depth);
    }

    /**
     * The squares where the player with discs {@code own} may play against {@code opp}, within
     * {@code area} (all ones for 8x8).
     */
    static long moves(long own, long opp, long area) {
        long empty = area & ~(own | opp);
        long inner = opp & INNER_COLUMNS;
        long moves;
        long t;
        long pair;
        // Each direction: t collects the opponent discs reachable from an own disc over a run of
        // opponent discs; the shift by two steps at once ("pair": both squares are opponent discs)
        // covers the longest run, six discs, in four rounds instead of six.
        // east (+1) and west (-1)
        pair = inner & (inner << 1);
        t = inner & (own << 1);
        t |= inner & (t << 1);
        t |= pair & (t << 2);
        t |= pair & (t << 2);
        moves = t << 1;
        pair = inner & (inner >>> 1);
        t = inner & (own >>> 1);
        t |= inner & (t >>> 1);
        t |= pair & (t >>> 2);
        t |= pair & (t >>> 2);
        moves |= t >>> 1;
        // south (+8) and north (-8): no wrap, the shift drops off the board
        pair = opp & (opp << 8);
        t = opp & (own << 8);
        t |= opp & (t << 8);
        t |= pair & (t << 16);
        t |= pair & (t << 16);
        moves |= t << 8;
        pair = opp & (opp >>> 8);
        t = opp & (own >>> 8);
        t |= opp & (t >>> 8);
        t |= pair & (t >>> 16);
        t |= pair & (t >>> 16);
        moves |= t >>> 8;
        // south-west (+7) and north-east (-7)
        pair = inner & (inner << 7);
        t = inner & (own << 7);
        t |= inner & (t << 7);
        t |= pair & (t << 14);
        t |= pair & (t << 14);
        moves |= t << 7;
        pair = inner & (inner >>> 7);
        t = inner & (own >>> 7);
        t |= inner & (t >>> 7);
        t |= pair & (t >>> 14);
        t |= pair & (t >>> 14);
        moves |= t >>> 7;
        // south-east (+9) and north-west (-9)
        pair = inner & (inner << 9);
        t = inner & (own << 9);
        t |= inner & (t << 9);
        t |= pair & (t << 18);
        t |= pair & (t << 18);
        moves |= t << 9;
        pair = inner & (inner >>> 9);
        t = inner & (own >>> 9);
        t |= inner & (t >>> 9);
        t |= pair & (t >>> 18);
        t |= pair & (t >>> 18);
        moves |= t >>> 9;
        return moves & empty;
    }

    /** The opponent discs turned over when the player with {@code own} plays on empty square {@code sq}. */
    static long flips(long own, long opp, int sq) {
        long notOpp = ~opp;
        return flipsUp(UP[sq], own, notOpp)
                | flipsUp(UP[64 + sq], own, notOpp)
                | flipsUp(UP[128 + sq], own, notOpp)
                | flipsUp(UP[192 + sq], own, notOpp)
                | flipsDown(DOWN[sq], own, notOpp)
                | flipsDown(DOWN[64 + sq], own, notOpp)
                | flipsDown(DOWN[128 + sq], own, notOpp)
                | flipsDown(DOWN[192 + sq], own, notOpp);
    }

    /** Along a ray of rising bits: the run of opponent discs before the first other square, if that square is own. */
    private static long flipsUp(long ray, long own, long notOpp) {
        long stop = ray & notOpp;
        long first = stop & -stop;
        return (first & own) != 0 ? ray & (first - 1) : 0;
    }

    /** Along a ray of falling bits: the run of opponent discs before the first other square, if that square is own. */
    private static long flipsDown(long ray, long own, long notOpp) {
        long first = Long.highestOneBit(ray & notOpp);
        return (first & own) != 0 ? ray & -(first << 1) : 0;
    }

    /**
     * Perft with bulk counting: at the last ply the moves are counted, not played. A side without a
     * move passes (one ply); when neither side can move the position is one leaf.
     */
    static long perft(long own, long opp, long area, int depth) {
        long moves = moves(own, opp, area);
        if (moves == 0) {
            if (depth == 1 || moves(opp, own, area) == 0) {
                return 1;
            }
            return perft(opp, own, area, depth - 1);
        }
        if (depth == 1) {
            return Long.bitCount(moves);
        }
        long leaves = 0;
        if (depth == 2) {
            while (moves != 0) {
                int sq = Long.numberOfTrailingZeros(moves);
                moves &= moves - 1;
                long flips = flips(own, opp, sq);
                long replies = moves(opp & ~flips, own | flips | (1L << sq), area);
                // no reply: one leaf, either the pass or the end of the game
                leaves += replies == 0 ? 1 : Long.bitCount(replies);
            }
            return leaves;
        }
        while (moves != 0) {
            int sq = Long.numberOfTrailingZeros(moves);
            moves &= moves - 1;
            long flips = flips(own, opp, sq);
            leaves += perft(opp & ~flips, own | flips | (1L << sq), area, depth - 1);
        }
        return leaves;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof BitBoard other && other.size == size && other.black == black && other.white == white;
    }

    @Override
    public int hashCode() {
        return Long.hashCode(black * 31 + white) ^ size;
    }
}
