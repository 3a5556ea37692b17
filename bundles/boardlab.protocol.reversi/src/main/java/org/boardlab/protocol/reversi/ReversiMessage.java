package org.boardlab.protocol.reversi;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Objects;

/**
 * The ten messages of seed 004's Game Master protocol. Each is one type byte and fixed fields;
 * integers of two bytes are big-endian; names are a length byte and the name's bytes (UTF-8).
 *
 * <pre>
 * type  message      from -&gt; to        fields after the type byte
 * 0x01  Connect      player -&gt; GM      name length L, L name bytes
 * 0x02  PlayerOk     GM -&gt; player      colour (1 black, 2 white)
 * 0x03  Ok           both ways         1 OK, 0 NOK
 * 0x04  NewMove      player -&gt; GM      X (column from 0), Y (row from 0)
 * 0x05  NextTurn     GM -&gt; player      last X, last Y, size X, size Y, ceil(X*Y/4) board bytes
 * 0x06  Status1      GM -&gt; GC          as NextTurn
 * 0x07  Status2      GM -&gt; GC          BP points, BP timer (2), BP name (L + bytes), WP points, WP timer (2), WP name
 * 0x08  Control      GC -&gt; GM          new size X, new size Y, mode (0 continuous, 1 step), restart (0 no, 1 yes)
 * 0x09  End          GM -&gt; all         BP score (2), WP score (2)
 * 0x0A  Ping         both ways         (none)
 * </pre>
 */
public sealed interface ReversiMessage {

    /** The coordinate 0xFF of LastMove before the first move of a game. */
    int NO_MOVE = 0xFF;

    /** Colour code of black (the BP port), as in Player OK and in the board cells. */
    int BLACK = 1;
    /** Colour code of white (the WP port). */
    int WHITE = 2;

    /** The message's type byte. */
    int type();

    /** The message's name as in the spec, e.g. {@code NextTurn}. */
    default String typeName() {
        return getClass().getSimpleName();
    }

    /** 0x01: a player gives its name. */
    record Connect(byte[] name) implements ReversiMessage {
        public Connect {
            Objects.requireNonNull(name, "name");
            if (name.length > 255) {
                throw new IllegalArgumentException("a name has at most 255 bytes, not " + name.length);
            }
            name = name.clone();
        }

        /** A Connect with the UTF-8 bytes of {@code name} (cut to 255 bytes). */
        public static Connect of(String name) {
            byte[] b = name.getBytes(StandardCharsets.UTF_8);
            return new Connect(b.length > 255 ? Arrays.copyOf(b, 255) : b);
        }

        public String text() {
            return new String(name, StandardCharsets.UTF_8);
        }

        @Override
        public byte[] name() {
            return name.clone();
        }

        @Override
        public int type() {
            return 0x01;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Connect c && Arrays.equals(name, c.name);
        }

        @Override
        public int hashCode() {
            return Arrays.hashCode(name);
        }

        @Override
        public String toString() {
            return "Connect[" + text() + "]";
        }
    }

    /** 0x02: the GM accepted a player; {@code colour} is {@link #BLACK} or {@link #WHITE}. */
    record PlayerOk(int colour) implements ReversiMessage {
        @Override
        public int type() {
            return 0x02;
        }
    }

    /** 0x03: OK ({@code true}) or NOK. */
    record Ok(boolean ok) implements ReversiMessage {
        public static final Ok OK = new Ok(true);
        public static final Ok NOK = new Ok(false);

        @Override
        public int type() {
            return 0x03;
        }

        @Override
        public String typeName() {
            return ok ? "OK" : "NOK";
        }
    }

    /** 0x04: a player's move: {@code x} the column, {@code y} the row, both from 0. */
    record NewMove(int x, int y) implements ReversiMessage {
        @Override
        public int type() {
            return 0x04;
        }
    }

    /**
     * The board as Next Turn and Status1 carry it: the last move ({@link #NO_MOVE} twice before the
     * first), the size, and the packed cells ({@link Cells}).
     */
    record Board(int lastX, int lastY, int sizeX, int sizeY, byte[] packed) {
        public Board {
            Objects.requireNonNull(packed, "packed");
            if (packed.length != Cells.packedLength(sizeX * sizeY)) {
                throw new IllegalArgumentException(sizeX + "x" + sizeY + " cells take " + Cells.packedLength(sizeX * sizeY)
                        + " bytes, not " + packed.length);
            }
            packed = packed.clone();
        }

        /** A board from cell codes, row by row. */
        public static Board of(int lastX, int lastY, int sizeX, int sizeY, int[] cells) {
            return new Board(lastX, lastY, sizeX, sizeY, Cells.pack(cells));
        }

        @Override
        public byte[] packed() {
            return packed.clone();
        }

        /** The cell codes, row by row. */
        public int[] cells() {
            return Cells.unpack(packed, sizeX * sizeY);
        }

        /** The code of the cell at column {@code x}, row {@code y}. */
        public int cell(int x, int y) {
            int i = y * sizeX + x;
            return (packed[i >> 2] >> (6 - 2 * (i & 3))) & 3;
        }

        /** {@code true} before the first move (LastMove 0xFF 0xFF). */
        public boolean noLastMove() {
            return lastX == NO_MOVE && lastY == NO_MOVE;
        }

        /** How many cells hold {@code code}. */
        public int count(int code) {
            int n = 0;
            for (int c : cells()) {
                if (c == code) {
                    n++;
                }
            }
            return n;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Board b && lastX == b.lastX && lastY == b.lastY && sizeX == b.sizeX && sizeY == b.sizeY
                    && Arrays.equals(packed, b.packed);
        }

        @Override
        public int hashCode() {
            return Objects.hash(lastX, lastY, sizeX, sizeY) * 31 + Arrays.hashCode(packed);
        }

        @Override
        public String toString() {
            return "Board[last " + Cells.square(lastX, lastY) + ", " + sizeX + "x" + sizeY + "]";
        }
    }

    /** 0x05: the GM asks the side to move for its move. */
    record NextTurn(Board board) implements ReversiMessage {
        @Override
        public int type() {
            return 0x05;
        }
    }

    /** 0x06: the board, for the Game Controller. */
    record Status1(Board board) implements ReversiMessage {
        @Override
        public int type() {
            return 0x06;
        }
    }

    /** One player's part of Status2: points (discs), cumulated time in ms (0..65535), name. */
    record PlayerStatus(int points, int timerMillis, byte[] name) {
        public PlayerStatus {
            Objects.requireNonNull(name, "name");
            if (points < 0 || points > 255 || timerMillis < 0 || timerMillis > 0xFFFF || name.length > 255) {
                throw new IllegalArgumentException("points 0..255, timer 0..65535 and names of at most 255 bytes");
            }
            name = name.clone();
        }

        /** A status with the name's UTF-8 bytes (cut to 255), the timer saturated at 65535 ms. */
        public static PlayerStatus of(int points, long millis, String name) {
            byte[] b = name.getBytes(StandardCharsets.UTF_8);
            return new PlayerStatus(Math.min(points, 255), (int) Math.max(0, Math.min(0xFFFF, millis)),
                    b.length > 255 ? Arrays.copyOf(b, 255) : b);
        }

        public String text() {
            return new String(name, StandardCharsets.UTF_8);
        }

        @Override
        public byte[] name() {
            return name.clone();
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof PlayerStatus p && points == p.points && timerMillis == p.timerMillis
                    && Arrays.equals(name, p.name);
        }

        @Override
        public int hashCode() {
            return Objects.hash(points, timerMillis) * 31 + Arrays.hashCode(name);
        }

        @Override
        public String toString() {
            return text() + ": " + points + " points, " + timerMillis + " ms";
        }
    }

    /** 0x07: both players' points, times and names, for the Game Controller. */
    record Status2(PlayerStatus black, PlayerStatus white) implements ReversiMessage {
        @Override
        public int type() {
            return 0x07;
        }
    }

    /**
     * 0x08: the Game Controller's command: a new size for the next (re)start ({@code 0, 0}: keep), the
     * mode ({@code 0} continuous, {@code 1} step by step) and whether to restart now.
     */
    record Control(int sizeX, int sizeY, int mode, int restart) implements ReversiMessage {
        public static final int CONTINUOUS = 0;
        public static final int STEP = 1;

        @Override
        public int type() {
            return 0x08;
        }
    }

    /** 0x09: the game is over, with both scores (seed 004's formula; 0 for a side that forfeited). */
    record End(int blackScore, int whiteScore) implements ReversiMessage {
        @Override
        public int type() {
            return 0x09;
        }
    }

    /** 0x0A: are you there? Answered with OK. */
    record Ping() implements ReversiMessage {
        public static final Ping INSTANCE = new Ping();

        @Override
        public int type() {
            return 0x0A;
        }
    }
}
