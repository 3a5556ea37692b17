package org.boardlab.protocol.reversi.internal;

import java.io.BufferedReader;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import javax.inject.Named;
import javax.inject.Singleton;
import org.boardlab.api.Move;
import org.boardlab.api.Side;
import org.boardlab.game.othello.OthelloMove;
import org.boardlab.protocol.reversi.Cells;
import org.boardlab.protocol.reversi.ReversiClient;
import org.boardlab.protocol.reversi.ReversiCodec;
import org.boardlab.protocol.reversi.ReversiMessage;
import org.boardlab.protocol.reversi.ReversiPositions;
import org.boardlab.client.SeatListener;
import org.boardlab.client.TerminalClient;
import org.boardlab.client.TerminalLoop;

/**
 * {@code boardlab client reversi --black|--white HOST:PORT}: a seed 004 player in a terminal. It
 * prints every event on a line of its own, as the seed asks (connection, colour and colour change,
 * Next Turn with the board, its move and the answer, pings, End with the scores, disconnection).
 * A person types a move as the controller prints squares ({@code D3}) or {@code quit}; with
 * {@code --player ID} a loaded player moves (the seed's stupid gamer is {@code first-legal}), asked
 * by a {@link ReversiSeat} (the client stack's {@link org.boardlab.client.ClientSeat}, as the Othello
 * and Gomoku clients use): a slow or stuck player is cancelled when the game ends or the connection
 * closes (the request says so and its thread is interrupted). The Game Master closes the connection
 * after End: the client then stops (exit code 0).
 */
@Named("reversi")
@Singleton
public final class ReversiTerminalClient implements TerminalClient {

    @Override
    public int run(String host, int port, String name, AutoPlay autoPlay, BufferedReader in, PrintWriter out)
            throws Exception {
        int p = port < 0 ? ReversiCodec.DEFAULT_PORT : port;
        String me = name != null ? name : autoPlay != null ? autoPlay.playerId() : "boardlab";
        TerminalLoop loop = new TerminalLoop("reversi-client-keyboard");
        if (autoPlay != null) {
            loop.playOnWhenTypingEnds();
        }
        AtomicReference<Side> side = new AtomicReference<>();
        AtomicReference<ReversiMessage.Board> turn = new AtomicReference<>();
        AtomicBoolean ended = new AtomicBoolean();
        ReversiClient client = new ReversiClient(new ReversiClient.Listener() {
            @Override
            public void playerOk(int colour) {
                Side s = colour == ReversiMessage.BLACK ? Side.FIRST : Side.SECOND;
                Side before = side.getAndSet(s);
                say(out, before == null ? "colour: " + GameMaster.colour(s) + " (Player OK)"
                        : "colour change: " + GameMaster.colour(before) + " -> " + GameMaster.colour(s));
            }

            @Override
            public void connectRefused() {
                say(out, "refused (NOK): the seat of this port is taken");
            }

            @Override
            public void nextTurn(ReversiMessage.Board board) {
                say(out, "next turn: last move " + Cells.square(board.lastX(), board.lastY()) + ", "
                        + board.sizeX() + "x" + board.sizeY() + ", black " + board.count(Cells.BLACK) + ", white "
                        + board.count(Cells.WHITE));
                say(out, Cells.draw(board.cells(), board.sizeX(), board.sizeY()).stripTrailing());
                if (autoPlay == null) {
                    turn.set(board);
                    say(out, "your move (e.g. " + hint(board, side.get()) + "):");
                }
                // a loaded player: its seat asks it (it hears Next Turn after this listener)
            }

            @Override
            public void moveAnswered(boolean ok) {
                say(out, ok ? "move accepted (OK)" : "move refused (NOK)");
            }

            @Override
            public void pinged() {
                say(out, "ping from the Game Master (answered OK)");
            }

            @Override
            public void end(ReversiMessage.End end) {
                ended.set(true);
                say(out, "end: scores black " + end.blackScore() + ", white " + end.whiteScore());
            }

            @Override
            public void closed(org.boardlab.client.CloseReason reason) {
                say(out, "disconnected (" + reason.kind().name().toLowerCase(Locale.ROOT).replace('_', ' ') + ": "
                        + reason.detail() + ")");
                if (ended.get()) {
                    loop.gamesPlayed();
                } else {
                    loop.connectionEnded();
                }
            }
        });
        try {
            client.connect(host, p).get(10, TimeUnit.SECONDS);
        } catch (Exception e) {
            say(out, "cannot connect to " + host + ":" + p + ": " + rootMessage(e));
            client.close();
            return 1;
        }
        say(out, "connected to " + host + ":" + p + " as " + me);
        ReversiSeat seat;
        try {
            seat = autoPlay == null ? null : ReversiSeat.start(client, autoPlay.player(), autoPlay.game(),
                    autoPlay.seatOptions(), report(autoPlay.playerId(), out));
        } catch (IllegalArgumentException e) {
            say(out, e.getMessage());
            client.close();
            return 1;
        }
        client.connectAs(me);
        try {
            return loop.run(in, line -> {
                if (line.isEmpty()) {
                    return false;
                }
                if (line.equalsIgnoreCase("quit") || line.equalsIgnoreCase("q")) {
                    return true;
                }
                ReversiMessage.Board board = turn.getAndSet(null);
                int[] square = parse(line);
                if (square == null) {
                    say(out, "type a square such as D3 (column letter, row number), or quit");
                    if (board != null) {
                        turn.compareAndSet(null, board);
                    }
                    return false;
                }
                if (board == null) {
                    say(out, "it is not your turn: the Game Master would take " + line.toUpperCase(Locale.ROOT)
                            + " as a move out of turn (you would lose); wait for next turn");
                    return false;
                }
                say(out, "move " + Cells.square(square[0], square[1]) + " sent");
                client.move(square[0], square[1]);
                return false;
            }, () -> { }, () -> {
                client.close();
                client.closeFuture().completeOnTimeout(null, 5, TimeUnit.SECONDS).join();
                return 0;
            });
        } finally {
            if (seat != null) {
                seat.close();
            }
            client.close();
        }
    }

    /** What the loaded player does, as lines: its moves as the controller prints squares ({@code D3}). */
    private static SeatListener report(String playerId, PrintWriter out) {
        return new SeatListener() {
            @Override
            public void played(Move move, Duration thought) {
                OthelloMove m = (OthelloMove) move;
                say(out, playerId + " plays " + Cells.square(m.col(), m.row())
                        + String.format(Locale.ROOT, " (%.2f s)", thought.toNanos() / 1e9));
            }

            @Override
            public void problem(String message) {
                say(out, playerId + ": " + message);
            }
        };
    }

    /** {@code D3} -> {3, 2}; {@code null} if it is not a square. */
    static int[] parse(String text) {
        String t = text.trim().toUpperCase(Locale.ROOT);
        if (t.length() < 2 || t.charAt(0) < 'A' || t.charAt(0) > 'Z') {
            return null;
        }
        try {
            int row = Integer.parseInt(t.substring(1));
            if (row < 1 || row > 255) {
                return null;
            }
            return new int[] {t.charAt(0) - 'A', row - 1};
        } catch (NumberFormatException e) {
            return null;
        }
    }

    private static String hint(ReversiMessage.Board board, Side side) {
        try {
            OthelloMove m = ReversiPositions.position(board, side).placements().get(0);
            return Cells.square(m.col(), m.row());
        } catch (RuntimeException e) {
            return "D3";
        }
    }

    private static String rootMessage(Throwable e) {
        Throwable t = e;
        while (t.getCause() != null) {
            t = t.getCause();
        }
        return t.getMessage() == null ? t.toString() : t.getMessage();
    }

    static void say(PrintWriter out, String line) {
        synchronized (out) {
            out.println(line);
            out.flush();
        }
    }
}
