package org.boardlab.protocol.gomoku;

import java.util.Objects;

/**
 * One message of the Gomoku protocol: a record per JSON {@code type}, plus {@link Heartbeat} for
 * the empty frame. Records are immutable and check their values when built, so a message that
 * exists can always be sent. {@link GomokuJson} turns them into JSON and back.
 *
 * <p>Points are zero-based: {@code row} counts from the top, {@code col} from the left, exactly as
 * {@code board[row][col]}. In boardlab notation the point {@code (row 7, col 7)} is {@code h8}
 * (see {@link GomokuWire#point(int, int)}).
 *
 * <p>Who sends what: {@link Hello} both ways; {@link Join}, {@link NewRound} and {@link Place}
 * only clients; {@link Color}, {@link Update}, {@link FullUpdate}, {@link Win} and
 * {@link Refused} only the server; {@link Heartbeat} both ways.
 */
public sealed interface GomokuMessage {

    /** The two ends of a connection. */
    enum Sender {
        /** A player's or spectator's program. */
        CLIENT,
        /** The game server. */
        SERVER
    }

    /** The shared {@link Hello}. */
    Hello HELLO = new Hello();
    /** The shared {@link Join}. */
    Join JOIN = new Join();
    /** The shared {@link NewRound}. */
    NewRound NEW_ROUND = new NewRound();
    /** The shared {@link Heartbeat}. */
    Heartbeat HEARTBEAT = new Heartbeat();

    /**
     * The JSON {@code type} of the message, e.g. {@code "place"}; {@code "heartbeat"} for the empty
     * frame, which has no JSON at all.
     */
    String type();

    /** Whether this side may send the message. */
    boolean sentBy(Sender sender);

    /**
     * {@code {"type":"hello"}}. From the server: a new round is about to start (the original client
     * then shows "Waiting for start..."). The server also answers a {@link Join} with it. From a
     * client: the older original client's greeting, which a boardlab server takes as a {@link Join}.
     */
    record Hello() implements GomokuMessage {
        @Override
        public String type() {
            return "hello";
        }

        @Override
        public boolean sentBy(Sender sender) {
            return true;
        }
    }

    /**
     * {@code {"type":"join"}}, client only: the newer original client's first message. The client
     * asks to play; when two players are already seated it becomes a spectator.
     */
    record Join() implements GomokuMessage {
        @Override
        public String type() {
            return "join";
        }

        @Override
        public boolean sentBy(Sender sender) {
            return sender == Sender.CLIENT;
        }
    }

    /**
     * {@code {"type":"new"}}, client only: after a round has ended, a player asks for another one.
     * The server ignores it while a round is being played.
     */
    record NewRound() implements GomokuMessage {
        @Override
        public String type() {
            return "new";
        }

        @Override
        public boolean sentBy(Sender sender) {
            return sender == Sender.CLIENT;
        }
    }

    /**
     * {@code {"data":"B","type":"color"}}, server only: what the client is in this round.
     *
     * @param role black, white or spectator; never {@code null}
     */
    record Color(Role role) implements GomokuMessage {
        /** Checks the role. */
        public Color {
            Objects.requireNonNull(role, "role");
        }

        @Override
        public String type() {
            return "color";
        }

        @Override
        public boolean sentBy(Sender sender) {
            return sender == Sender.SERVER;
        }
    }

    /**
     * An incremental update, server only: {@code {"data":{"col":7,"row":7,"turn":"W"},"type":"update"}}.
     * A stone was just placed at {@code (row, col)}; its colour is the one <em>not</em> to move
     * (the original client paints {@code previousColor(turn)} there); {@code turn} moves next.
     *
     * @param row  row of the stone just placed, 0 or more
     * @param col  column of the stone just placed, 0 or more
     * @param turn the colour to move now; never {@code null}
     */
    record Update(int row, int col, Stone turn) implements GomokuMessage {
        /**
         * Checks the values.
         *
         * @throws IllegalArgumentException if {@code row} or {@code col} is negative
         */
        public Update {
            Objects.requireNonNull(turn, "turn");
            if (row < 0 || col < 0) {
                throw new IllegalArgumentException("an update without a board names the stone just"
                        + " placed, so row and col are 0 or more (got row " + row + ", col " + col + ")");
            }
        }

        /** The colour of the stone just placed: the one that is not to move. */
        public Stone placed() {
            return turn.other();
        }

        @Override
        public String type() {
            return "update";
        }

        @Override
        public boolean sentBy(Sender sender) {
            return sender == Sender.SERVER;
        }
    }

    /**
     * A full update, server only: the whole board, the last stone and the colour to move, e.g.
     * {@code {"data":{"board":[[" ",...],...],"col":-1,"row":-1,"turn":"B"},"type":"update"}}. The
     * client replaces its board with this one. Sent at the start of a round, to a spectator who
     * joins, and by boardlab after a refused move.
     *
     * @param row   row of the last stone placed, or -1 when there is none yet
     * @param col   column of the last stone placed, or -1 when there is none yet
     * @param turn  the colour to move now; never {@code null}
     * @param board every point of the board; never {@code null}
     */
    record FullUpdate(int row, int col, Stone turn, WireBoard board) implements GomokuMessage {
        /**
         * Checks the values.
         *
         * @throws IllegalArgumentException unless {@code row} and {@code col} are both -1 or name a
         *                                  point of the board
         */
        public FullUpdate {
            Objects.requireNonNull(turn, "turn");
            Objects.requireNonNull(board, "board");
            if (!(row == -1 && col == -1) && !board.contains(row, col)) {
                throw new IllegalArgumentException("the last stone (row " + row + ", col " + col
                        + ") must be a point of the " + board.rows() + "x" + board.cols()
                        + " board, or row and col both -1 when there is none");
            }
        }

        /** Whether {@code row} and {@code col} name a stone (they are not -1). */
        public boolean hasLastStone() {
            return row >= 0;
        }

        @Override
        public String type() {
            return "update";
        }

        @Override
        public boolean sentBy(Sender sender) {
            return sender == Sender.SERVER;
        }
    }

    /**
     * {@code {"data":{"col":7,"row":7},"type":"place"}}, client only: put a stone of my colour at
     * {@code (row, col)}. Any whole numbers may arrive; the server refuses a point off the board,
     * a taken point and a move out of turn.
     *
     * @param row the row, 0 at the top
     * @param col the column, 0 at the left
     */
    record Place(int row, int col) implements GomokuMessage {
        @Override
        public String type() {
            return "place";
        }

        @Override
        public boolean sentBy(Sender sender) {
            return sender == Sender.CLIENT;
        }
    }

    /**
     * {@code {"data":"B","type":"win"}}, server only: the round is over.
     *
     * @param winner black, white or a draw; never {@code null}
     */
    record Win(Winner winner) implements GomokuMessage {
        /** Checks the winner. */
        public Win {
            Objects.requireNonNull(winner, "winner");
        }

        @Override
        public String type() {
            return "win";
        }

        @Override
        public boolean sentBy(Sender sender) {
            return sender == Sender.SERVER;
        }
    }

    /**
     * {@code {"data":{"col":7,"reason":"h8 is taken by black","row":7},"type":"refused"}}, server
     * only. <strong>A boardlab addition</strong>, not in the original: the server did not play the
     * client's {@code place} and says why. The original client ignores message types it does not
     * know, so this is safe to send to it; boardlab sends a {@link FullUpdate} right after it, which
     * is what makes the original client take the stone off its board and unlock it again.
     *
     * @param row    the row of the refused {@code place}
     * @param col    the column of the refused {@code place}
     * @param reason one sentence for the player; never {@code null}. A lone UTF-16 surrogate
     *               (which UTF-8 cannot carry) is replaced by U+FFFD.
     */
    record Refused(int row, int col, String reason) implements GomokuMessage {
        /** Checks the reason and makes it valid Unicode. */
        public Refused {
            Objects.requireNonNull(reason, "reason");
            reason = wellFormed(reason);
        }

        private static String wellFormed(String s) {
            StringBuilder sb = null;
            for (int i = 0; i < s.length(); i++) {
                char c = s.charAt(i);
                boolean paired = Character.isHighSurrogate(c) && i + 1 < s.length()
                        && Character.isLowSurrogate(s.charAt(i + 1));
                if (paired) {
                    if (sb != null) {
                        sb.append(c).append(s.charAt(i + 1));
                    }
                    i++;
                } else if (Character.isSurrogate(c)) {
                    if (sb == null) {
                        sb = new StringBuilder(s.substring(0, i));
                    }
                    sb.append('\uFFFD');
                } else if (sb != null) {
                    sb.append(c);
                }
            }
            return sb == null ? s : sb.toString();
        }

        @Override
        public String type() {
            return "refused";
        }

        @Override
        public boolean sentBy(Sender sender) {
            return sender == Sender.SERVER;
        }
    }

    /**
     * The empty frame: {@code GMKU} and a length of 0, no JSON. It only says "I am still here".
     * The original client sends one every 40 seconds; the server drops a connection that sent
     * nothing for 45 seconds.
     */
    record Heartbeat() implements GomokuMessage {
        @Override
        public String type() {
            return "heartbeat";
        }

        @Override
        public boolean sentBy(Sender sender) {
            return true;
        }
    }
}
