package org.boardlab.protocol.reversi;

/**
 * Seed 004's board state: each cell on 2 bits ({@code 00} empty, {@code 01} black, {@code 10}
 * white, {@code 11} not used), four cells a byte, the first cell in the two most significant bits,
 * cells scanned row by row from the top, each row from the left. The seed's examples:
 *
 * <pre>
 *  2x2  W B        cells 10 01 01 10             -&gt; 0x96
 *       B W
 *  4x4  W B N N    10 01 00 00                   -&gt; 0x90
 *       N W B N    00 10 01 00                   -&gt; 0x24
 *       N B W N    00 01 10 00                   -&gt; 0x18
 *       N N N N    00 00 00 00                   -&gt; 0x00
 * </pre>
 *
 * <p>A last partial byte is padded with {@code 00} bits (never needed on even boards).
 */
public final class Cells {

    /** An empty cell. */
    public static final int EMPTY = 0;
    /** A black disc. */
    public static final int BLACK = 1;
    /** A white disc. */
    public static final int WHITE = 2;
    /** The code {@code 11}: not used; a board holding it is a protocol violation. */
    public static final int UNUSED = 3;

    private Cells() {
    }

    /** How many bytes {@code cells} cells take: ceil(cells / 4). */
    public static int packedLength(int cells) {
        return (cells + 3) / 4;
    }

    /**
     * Packs cell codes (0..3, row by row) into bytes.
     *
     * @throws IllegalArgumentException if a code is not 0..3
     */
    public static byte[] pack(int[] cells) {
        byte[] packed = new byte[packedLength(cells.length)];
        for (int i = 0; i < cells.length; i++) {
            int code = cells[i];
            if (code < 0 || code > 3) {
                throw new IllegalArgumentException("cell " + i + " has code " + code + "; a cell is coded 0..3");
            }
            packed[i >> 2] |= (byte) (code << (6 - 2 * (i & 3)));
        }
        return packed;
    }

    /**
     * Unpacks {@code count} cell codes from {@code packed}.
     *
     * @throws IllegalArgumentException if {@code packed} is too short
     */
    public static int[] unpack(byte[] packed, int count) {
        if (packed.length < packedLength(count)) {
            throw new IllegalArgumentException(count + " cells need " + packedLength(count) + " bytes, not "
                    + packed.length);
        }
        int[] cells = new int[count];
        for (int i = 0; i < count; i++) {
            cells[i] = (packed[i >> 2] >> (6 - 2 * (i & 3))) & 3;
        }
        return cells;
    }

    /** The index of the first cell coded {@code 11}, or {@code -1}. */
    public static int firstUnused(byte[] packed, int count) {
        for (int i = 0; i < count; i++) {
            if (((packed[i >> 2] >> (6 - 2 * (i & 3))) & 3) == UNUSED) {
                return i;
            }
        }
        return -1;
    }

    /** The letter the seed's ASCII Game Controller draws for a cell: {@code N}, {@code B}, {@code W} ({@code ?} for 11). */
    public static char letter(int code) {
        return switch (code) {
            case EMPTY -> 'N';
            case BLACK -> 'B';
            case WHITE -> 'W';
            default -> '?';
        };
    }

    /** The name of column {@code x} (0-based): {@code A}, {@code B}, ... */
    public static String column(int x) {
        return String.valueOf((char) ('A' + x));
    }

    /** A square as the seed's Game Controller prints it: {@code D3} for x 3, y 2; {@code -} for 0xFF 0xFF. */
    public static String square(int x, int y) {
        if (x == ReversiMessage.NO_MOVE && y == ReversiMessage.NO_MOVE) {
            return "-";
        }
        if (x < 0 || x >= 26 || y < 0) {
            return "(" + x + "," + y + ")";
        }
        return column(x) + (y + 1);
    }

    /**
     * The board drawn as the seed's ASCII Game Controller draws it: a header line of column letters,
     * then one line per row with its number and {@code N}/{@code B}/{@code W} separated by spaces.
     */
    public static String draw(int[] cells, int sizeX, int sizeY) {
        StringBuilder b = new StringBuilder();
        int width = String.valueOf(sizeY).length();
        b.append(" ".repeat(width));
        for (int x = 0; x < sizeX; x++) {
            b.append(' ').append(column(x));
        }
        b.append('\n');
        for (int y = 0; y < sizeY; y++) {
            String n = String.valueOf(y + 1);
            b.append(" ".repeat(width - n.length())).append(n);
            for (int x = 0; x < sizeX; x++) {
                b.append(' ').append(letter(cells[y * sizeX + x]));
            }
            b.append('\n');
        }
        return b.toString();
    }
}
