package org.boardlab.protocol.reversi.ui;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import org.boardlab.protocol.reversi.Cells;
import org.boardlab.protocol.reversi.ControllerDisplay;
import org.boardlab.protocol.reversi.ReversiClient;
import org.boardlab.protocol.reversi.ReversiMessage;
import org.boardlab.protocol.reversi.ReversiMessage.Control;

/**
 * The graphic Game Controller's model, without any widget: a connection to one Game Master's
 * controller port (boardlab's or a team's), what it has shown ({@link ControllerDisplay}: names, last
 * moves, points, times, board, scores), and the seed's commands. Listeners hear every change on the
 * connection's thread; a view hops to its UI thread itself.
 */
public final class RemoteController {

    /** A snapshot of what to show. */
    public record View(boolean connected, String address, ReversiMessage.Board board, ReversiMessage.Status2 status,
            String blackLastMove, String whiteLastMove, long blackMillis, long whiteMillis, ReversiMessage.End end,
            boolean stepMode, String message) {
    }

    private final CopyOnWriteArrayList<Runnable> listeners = new CopyOnWriteArrayList<>();
    private final ControllerDisplay display = new ControllerDisplay();
    private ReversiClient client;
    private String address = "";
    private boolean stepMode;
    private String message = "not connected";

    public void onChange(Runnable listener) {
        listeners.add(listener);
    }

    private void changed() {
        for (Runnable l : listeners) {
            l.run();
        }
    }

    /** What to show now. */
    public synchronized View view() {
        return new View(client != null, address, display.board(), display.status(), display.lastMove(0),
                display.lastMove(1), display.timeMillis(0), display.timeMillis(1), display.endOrNull(), stepMode, message);
    }

    /** Connects to a Game Master's controller port; completes when connected (or fails). */
    public CompletableFuture<ReversiClient> connect(String host, int port) {
        disconnect();
        ReversiClient c = new ReversiClient(new ReversiClient.Listener() {
            @Override
            public void status(ReversiMessage.Board board, ReversiMessage.Status2 status) {
                synchronized (RemoteController.this) {
                    display.status(board, status);
                    message = board.noLastMove() ? "a game started" : "last move " + Cells.square(board.lastX(), board.lastY());
                }
                changed();
            }

            @Override
            public void end(ReversiMessage.End end) {
                synchronized (RemoteController.this) {
                    display.end(end);
                    message = ControllerDisplay.scores(end);
                }
                changed();
            }

            @Override
            public void controlAnswered(boolean ok) {
                synchronized (RemoteController.this) {
                    message = ok ? "OK" : "NOK: the Game Master refused the command";
                }
                changed();
            }

            @Override
            public void closed(org.boardlab.client.CloseReason reason) {
                synchronized (RemoteController.this) {
                    if (client != null && client.closeFuture().isDone()) {
                        client = null;
                    }
                    message = "disconnected: " + reason.detail();
                }
                changed();
            }
        });
        synchronized (this) {
            client = c;
            address = host + ":" + port;
            message = "connecting to " + address;
        }
        changed();
        return c.connect(host, port).whenComplete((ok, e) -> {
            synchronized (this) {
                if (e != null) {
                    if (client == c) {
                        client = null;
                    }
                    message = "cannot connect to " + address + ": " + (e.getCause() != null ? e.getCause().getMessage() : e.getMessage());
                } else {
                    message = "connected to " + address;
                }
            }
            changed();
        });
    }

    /** Quit: closes the controller's connection (the Game Master keeps running). */
    public void disconnect() {
        ReversiClient c;
        synchronized (this) {
            c = client;
            client = null;
        }
        if (c != null) {
            c.close();
        }
    }

    /** Continuous Mode. */
    public void continuous() {
        synchronized (this) {
            stepMode = false;
        }
        send(new Control(0, 0, Control.CONTINUOUS, 0));
    }

    /** Step by Step Mode: each call is one more move. */
    public void step() {
        synchronized (this) {
            stepMode = true;
        }
        send(new Control(0, 0, Control.STEP, 0));
    }

    /** Board Size: applies at the next (re)start. */
    public void boardSize(int n) {
        send(new Control(n, n, mode(), 0));
    }

    /** (re)Start. */
    public void restart() {
        send(new Control(0, 0, mode(), 1));
    }

    private synchronized int mode() {
        return stepMode ? Control.STEP : Control.CONTINUOUS;
    }

    private void send(Control control) {
        ReversiClient c;
        synchronized (this) {
            c = client;
        }
        if (c == null) {
            synchronized (this) {
                message = "not connected: connect to a Game Master's controller port first";
            }
            changed();
            return;
        }
        c.control(control);
    }
}
