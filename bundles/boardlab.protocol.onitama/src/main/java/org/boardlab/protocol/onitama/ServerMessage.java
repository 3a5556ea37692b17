package org.boardlab.protocol.onitama;

import java.util.List;

/**
 * A message from the server, as seed 001's server sends it: ASCII text, then one NUL byte (the
 * NUL is the encoder's; {@link #text()} is without it). Three shapes, told apart by how many
 * numbers they hold:
 *
 * <pre>
 *  one number    Answer   "0"  OK / your move is played     "1"  you sit alone at the table, wait
 *                         "2"  the table is full, the game starts                 (also "1" BYE)
 *                         "24" ERROR  "25" WRONG_TABLE  "26" WRONG_DIFFICULTY
 *                         "27" WRONG_MOVEMENT  "28" WRONG_CARD
 *  five numbers  Moved    "fr fc tr tc id"   the opponent's move (see {@link WireMove})
 *  six numbers   Setup    "C b1 b2 r1 r2 s"  your colour (0 blue, 1 red), blue's two cards,
 *                                            red's two cards, the side card (wire numbers)
 * </pre>
 */
public sealed interface ServerMessage {

    /** OK: the mode, difficulty or move is accepted. */
    int OK = 0;
    /** Sent alone at a PvP table ("wait for a player"); also BYE, the answer to mode 2 (exit) and boardlab's last word before it closes a game that ended without a winning move. */
    int ONE = 1;
    /** The PvP table is full: the game starts. */
    int TWO = 2;
    /** Unknown mode (or, in boardlab, a message that breaks the protocol, just before the server closes). */
    int ERROR = 24;
    /** Table not in -1..4. */
    int WRONG_TABLE = 25;
    /** Difficulty not 0, 1 or 2. */
    int WRONG_DIFFICULTY = 26;
    /** The move is not legal (or not your turn). */
    int WRONG_MOVEMENT = 27;
    /** The card number is not 0..15 (or, in PvP, fewer than five numbers). */
    int WRONG_CARD = 28;

    /** The text without the NUL. */
    String text();

    /** A one-number message. */
    record Answer(int code) implements ServerMessage {
        @Override
        public String text() {
            return Integer.toString(code);
        }

        /** What the code means, in words, for the inspector and the terminal client. */
        public String meaning() {
            return switch (code) {
                case OK -> "OK";
                case ONE -> "one player at the table: wait for another (or BYE)";
                case TWO -> "the table is full: the game starts";
                case ERROR -> "ERROR (unknown mode, or a message that breaks the protocol)";
                case WRONG_TABLE -> "WRONG_TABLE: tables are -1 (any) and 0..4";
                case WRONG_DIFFICULTY -> "WRONG_DIFFICULTY: 1 Normal, 2 Hard (0 is taken as Normal)";
                case WRONG_MOVEMENT -> "WRONG_MOVEMENT: the move is not legal; send another";
                case WRONG_CARD -> "WRONG_CARD: no such card, or not five numbers; send another";
                default -> "unknown code " + code;
            };
        }
    }

    /**
     * The game starts: the receiver's colour and the five cards in slot order.
     *
     * @param colour 0 blue (moves first), 1 red
     * @param cards  five wire card numbers: blue's two, red's two, the side card
     */
    record Setup(int colour, List<Integer> cards) implements ServerMessage {
        public Setup {
            cards = List.copyOf(cards);
            if (cards.size() != 5) {
                throw new IllegalArgumentException("a setup has five cards, not " + cards.size());
            }
        }

        @Override
        public String text() {
            StringBuilder sb = new StringBuilder().append(colour);
            for (int c : cards) {
                sb.append(' ').append(c);
            }
            return sb.toString();
        }
    }

    /** The opponent's move (in PvE, the server's own). */
    record Moved(WireMove move) implements ServerMessage {
        @Override
        public String text() {
            return move.text();
        }
    }

    /**
     * Reads a server message's text (without its NUL).
     *
     * @throws IllegalArgumentException if it is not one, five or six whole numbers separated by single blanks
     */
    static ServerMessage parse(String text) {
        int[] n = WireText.numbers(text);
        if (n == null) {
            throw new IllegalArgumentException("a server message is whole numbers separated by single blanks, not '"
                    + WireText.printable(text, 60) + "'");
        }
        return switch (n.length) {
            case 1 -> new Answer(n[0]);
            case 5 -> new Moved(new WireMove(n[0], n[1], n[2], n[3], n[4]));
            case 6 -> new Setup(n[0], List.of(n[1], n[2], n[3], n[4], n[5]));
            default -> throw new IllegalArgumentException("a server message has 1, 5 or 6 numbers, not " + n.length
                    + ": '" + WireText.printable(text, 60) + "'");
        };
    }
}
