package org.boardlab.protocol.reversi;

/** Which way bytes go, which decides the message types a reader accepts. */
public enum Direction {
    /** Sent by a player or a Game Controller to the Game Master: Connect, OK/NOK, New Move, Control, Ping. */
    TO_GM,
    /** Sent by the Game Master: Player OK, OK/NOK, Next Turn, Status1, Status2, End, Ping. */
    FROM_GM;

    /** {@code true} if a message of {@code type} may travel this way. */
    public boolean accepts(int type) {
        return switch (type) {
            case 0x03, 0x0A -> true;
            case 0x01, 0x04, 0x08 -> this == TO_GM;
            case 0x02, 0x05, 0x06, 0x07, 0x09 -> this == FROM_GM;
            default -> false;
        };
    }
}
