package org.boardlab.protocol.reversi.ui;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Supplier;
import org.boardlab.api.Move;
import org.boardlab.api.MoveRequest;
import org.boardlab.api.Player;
import org.boardlab.api.Side;
import org.boardlab.client.CloseReason;
import org.boardlab.game.othello.OthelloMove;
import org.boardlab.game.othello.OthelloPosition;
import org.boardlab.protocol.reversi.Cells;
import org.boardlab.protocol.reversi.ReversiClient;
import org.boardlab.protocol.reversi.ReversiMessage;
import org.boardlab.protocol.reversi.ReversiPositions;

/**
 * A player of the workbench on a Game Master's black or white port (boardlab's own or a team's),
 * the third of seed 004's components standing in for a team that is missing: a loaded player, or a
 * person who clicks on the Reversi GC view's board. It connects, sends Connect with its name, and
 * answers every Next Turn: a loaded player thinks on a thread of the seat's own, within the time the
 * seat gives it (the GM's limit is 10 s by default); a person's turn waits for a click
 * ({@link #play}). The GM closes the connection after End, and the seat is then over: seat it again
 * for the next game, as the seed's players connect again.
 *
 * <p>UI-free and thread-safe: the Reversi GC view draws {@link #view()}.
 */
final class RemoteSeat {

    /** What the seat shows. {@code turn} is the board of a Next Turn that a person has not answered yet. */
    record View(boolean connected, String name, Side colour, ReversiMessage.Board turn, ReversiMessage.Board lastBoard,
            String message, boolean over) {
    }

    private final String name;
    private final Supplier<Player> players;
    private final Duration thinking;
    private final Runnable changed;
    private final ExecutorService thinker;
    private ReversiClient client;
    private Side colour;
    private ReversiMessage.Board turn;
    private ReversiMessage.Board lastBoard;
    private String message = "not connected";
    private boolean over;
    private Player player;

    /**
     * @param name     the name sent in Connect
     * @param players  a fresh loaded player for the game, or {@code null} for a person at this board
     * @param thinking how long a loaded player may think about one move
     * @param changed  told (on any thread) whenever {@link #view()} changed
     */
    RemoteSeat(String name, Supplier<Player> players, Duration thinking, Runnable changed) {
        this.name = name;
        this.players = players;
        this.thinking = thinking;
        this.changed = changed;
        this.thinker = players == null ? null : Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "reversi-seat-" + name);
            t.setDaemon(true);
            return t;
        });
    }

    /** {@code true} if a person plays this seat by clicking. */
    boolean person() {
        return players == null;
    }

    synchronized View view() {
        return new View(client != null && !over, name, colour, turn, lastBoard, message, over);
    }

    /** Connects to a Game Master's player port and sends Connect; completes when connected (or fails). */
    CompletableFuture<ReversiClient> connect(String host, int port) {
        if (players != null) {
            try {
                player = players.get();
            } catch (RuntimeException e) {
                say("cannot create the player: " + e.getMessage());
                return CompletableFuture.failedFuture(e);
            }
        }
        ReversiClient c = new ReversiClient(new ReversiClient.Listener() {
            @Override
            public void playerOk(int code) {
                Side s = code == ReversiMessage.BLACK ? Side.FIRST : Side.SECOND;
                synchronized (RemoteSeat.this) {
                    colour = s;
                }
                say("seated as " + (s == Side.FIRST ? "black" : "white") + "; waiting for the game to start");
            }

            @Override
            public void connectRefused() {
                synchronized (RemoteSeat.this) {
                    over = true;
                    message = "refused (NOK): the seat of this port is taken";
                }
                changed.run();
            }

            @Override
            public void nextTurn(ReversiMessage.Board board) {
                synchronized (RemoteSeat.this) {
                    lastBoard = board;
                    if (players == null) {
                        // the turn and its words together: a view that has the turn says so, and a click made at once
                        // (its answer, "not a legal move", say) is not overwritten by this message after it
                        turn = board;
                        message = "your move: click a square on the board";
                    }
                }
                if (players == null) {
                    changed.run();
                } else {
                    thinker.execute(() -> think(board));
                }
            }

            @Override
            public void moveAnswered(boolean ok) {
                say(ok ? "move accepted (OK)" : "move refused (NOK)");
            }

            @Override
            public void end(ReversiMessage.End end) {
                synchronized (RemoteSeat.this) {
                    over = true;
                    turn = null;
                    message = "end: scores black " + end.blackScore() + ", white " + end.whiteScore(); // with over, as above
                }
                changed.run();
            }

            @Override
            public void closed(CloseReason reason) {
                synchronized (RemoteSeat.this) {
                    over = true;
                    turn = null;
                    if (!message.startsWith("end:") && !message.startsWith("refused")) {
                        message = "disconnected: " + reason.detail();
                    }
                }
                changed.run();
            }
        });
        synchronized (this) {
            client = c;
            message = "connecting to " + host + ":" + port;
        }
        changed.run();
        return c.connect(host, port).whenComplete((ok, e) -> {
            if (e != null) {
                synchronized (this) {
                    over = true;
                }
                say("cannot connect to " + host + ":" + port + ": "
                        + (e.getCause() != null ? e.getCause().getMessage() : e.getMessage()));
            } else {
                say("connected to " + host + ":" + port + " as " + name);
                c.connectAs(name);
            }
        });
    }

    /**
     * A person's move, from a click on the board: sent if it is this seat's turn. A move the rules
     * refuse is not sent (the GM would end the game for it); the person may click again.
     *
     * @return what happened, in words
     */
    String play(int col, int row) {
        ReversiClient c;
        ReversiMessage.Board board;
        Side side;
        synchronized (this) {
            c = client;
            board = turn;
            side = colour;
            if (c == null || board == null || side == null) {
                return "it is not your turn";
            }
        }
        OthelloPosition position = ReversiPositions.position(board, side);
        String why = position.whyIllegal(OthelloMove.at(col, row));
        if (why != null) {
            say(Cells.square(col, row) + " is not a legal move: " + why);
            return why;
        }
        synchronized (this) {
            if (turn != board) {
                return "it is not your turn";
            }
            turn = null;
        }
        say("move " + Cells.square(col, row) + " sent"); // before sending: the GM's answer (End, say) must not be overwritten
        c.move(col, row);
        return "sent";
    }

    /** Leaves the Game Master (a game in progress is lost, as a disconnect is). */
    void close() {
        ReversiClient c;
        synchronized (this) {
            c = client;
            over = true;
            turn = null;
        }
        if (c != null) {
            c.close();
        }
        if (thinker != null) {
            thinker.shutdownNow();
        }
    }

    private void think(ReversiMessage.Board board) {
        Side side;
        ReversiClient c;
        synchronized (this) {
            side = colour;
            c = client;
        }
        long start = System.nanoTime();
        try {
            OthelloPosition position = ReversiPositions.position(board, side);
            Move move = player.chooseMove(MoveRequest.of(position, List.of(), start + thinking.toNanos(), start, () -> false));
            OthelloMove m = (OthelloMove) move;
            say(String.format(java.util.Locale.ROOT, "played %s (%.2f s)", Cells.square(m.col(), m.row()),
                    (System.nanoTime() - start) / 1e9)); // before sending, as in play()
            c.move(m.col(), m.row());
        } catch (Exception e) {
            say("the player failed: " + e);
        }
    }

    private void say(String text) {
        synchronized (this) {
            message = text;
        }
        changed.run();
    }
}
