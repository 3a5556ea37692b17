package org.boardlab.protocol.reversi;


/**
 * What a Game Controller knows of the game, from Status1 and Status2, and the seed's ASCII display
 * of it. The last move of each colour is found from the board: the disc on LastMove is the colour
 * that played it (a disc placed is never turned in the same move). A Game Master whose timer is the
 * last move's time only (it goes down) is summed here. Not thread-safe: one thread updates it.
 */
public final class ControllerDisplay {

    private ReversiMessage.Board board;
    private ReversiMessage.Status2 status;
    private final String[] lastMove = {"-", "-"};
    private final long[] time = new long[2];
    private final int[] rawTimer = new int[2];
    private boolean timerIsPerMove;
    private ReversiMessage.End end;

    /** A Status1/Status2 pair. */
    public void status(ReversiMessage.Board b, ReversiMessage.Status2 s) {
        if (b.noLastMove()) { // a new game
            lastMove[0] = "-";
            lastMove[1] = "-";
            time[0] = 0;
            time[1] = 0;
            rawTimer[0] = 0;
            rawTimer[1] = 0;
            end = null;
        } else if (b.lastX() < b.sizeX() && b.lastY() < b.sizeY()) {
            int c = b.cell(b.lastX(), b.lastY());
            if (c == Cells.BLACK || c == Cells.WHITE) {
                lastMove[c - 1] = Cells.square(b.lastX(), b.lastY());
            }
        }
        int[] timers = {s.black().timerMillis(), s.white().timerMillis()};
        for (int i = 0; i < 2; i++) {
            if (timers[i] < rawTimer[i]) {
                timerIsPerMove = true;
            }
            if (timerIsPerMove) {
                if (timers[i] != rawTimer[i]) {
                    time[i] += timers[i];
                }
            } else {
                time[i] = timers[i];
            }
            rawTimer[i] = timers[i];
        }
        board = b;
        status = s;
    }

    public void end(ReversiMessage.End e) {
        end = e;
    }

    public ReversiMessage.Board board() {
        return board;
    }

    public ReversiMessage.Status2 status() {
        return status;
    }

    /** The last move of black (0) or white (1), {@code D3}, or {@code -}. */
    public String lastMove(int colour) {
        return lastMove[colour];
    }

    /** The cumulated thinking time of black (0) or white (1), in ms. */
    public long timeMillis(int colour) {
        return time[colour];
    }

    public ReversiMessage.End endOrNull() {
        return end;
    }

    /** The seed's ASCII display (L40-78): both players, the board, the commands. */
    public String draw() {
        StringBuilder b = new StringBuilder();
        if (status == null || board == null) {
            b.append("(no game yet: waiting for both players)\n");
        } else {
            b.append("Black Player : ").append(status.black().text()).append('\n');
            b.append("Last Move : ").append(lastMove[0]).append('\n');
            b.append("Points: ").append(status.black().points()).append('\n');
            b.append("Time: ").append(time[0]).append(" ms\n");
            b.append("White Player : ").append(status.white().text()).append('\n');
            b.append("Last Move : ").append(lastMove[1]).append('\n');
            b.append("Points : ").append(status.white().points()).append('\n');
            b.append("Time : ").append(time[1]).append(" ms\n");
            b.append(Cells.draw(board.cells(), board.sizeX(), board.sizeY()));
        }
        b.append("Commands: (s) step by step mode\n(c) Continuous mode\n(ch) : change board size\n(q) : quit\n(r) restart\n");
        return b.toString();
    }

    /** The seed's score line: {@code Scores : White=204 Black=94}. */
    public static String scores(ReversiMessage.End e) {
        return "Scores : White=" + e.whiteScore() + " Black=" + e.blackScore();
    }
}
