package org.boardlab.protocol.onitama.ui;

import java.time.Duration;
import java.util.ArrayList;
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
import org.boardlab.game.onitama.OnitamaMove;
import org.boardlab.game.onitama.OnitamaPosition;
import org.boardlab.protocol.onitama.OnitamaClient;
import org.boardlab.protocol.onitama.ProtocolViolation;
import org.boardlab.protocol.onitama.ServerMessage;

/**
 * One game on a server of seed 001's protocol (boardlab's or a student's), played from the
 * workbench by a person at the board or by a loaded player: it connects, chooses the mode (PvE with
 * a difficulty, or PvP at a table), waits for the setup, and then answers each of its turns. A
 * person's move comes from a click ({@link #play}); a loaded player thinks on a thread of its own,
 * within the time this game gives it. The server closes the connection after the winning move, as
 * the seed's server does; connect again for another game.
 *
 * <p>UI-free and thread-safe: the Onitama online view draws {@link #view()}.
 */
final class RemoteOnitama {

    /** Where the game stands. */
    enum Phase {
        CONNECTING, CHOOSING, WAITING, PLAYING, OVER
    }

    /** What the view shows; {@code position} is {@code null} before the setup. */
    record View(Phase phase, String name, Side colour, OnitamaPosition position, OnitamaMove lastMove, boolean myTurn,
            String message) {
    }

    private final String name;
    private final boolean pvp;
    private final int choice;
    private final Supplier<Player> players;
    private final Duration thinking;
    private final Runnable changed;
    private final ExecutorService thinker;
    private final List<Move> history = new ArrayList<>();
    private OnitamaClient client;
    private Player player;
    private Phase phase = Phase.CONNECTING;
    private OnitamaMove lastMove;
    private String message = "not connected";

    /**
     * @param name     the name sent with the mode
     * @param pvp      {@code true} for PvP at table {@code choice} (-1: the first with a player
     *                 waiting), {@code false} for PvE at difficulty {@code choice} (1 Normal, 2 Hard)
     * @param players  a fresh loaded player for the game, or {@code null} for a person at the board
     * @param thinking how long a loaded player may think about one move
     * @param changed  told (on any thread) whenever {@link #view()} changed
     */
    RemoteOnitama(String name, boolean pvp, int choice, Supplier<Player> players, Duration thinking, Runnable changed) {
        this.name = name;
        this.pvp = pvp;
        this.choice = choice;
        this.players = players;
        this.thinking = thinking;
        this.changed = changed;
        this.thinker = players == null ? null : Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "onitama-online-" + name);
            t.setDaemon(true);
            return t;
        });
    }

    /** {@code true} if a person plays by clicking. */
    boolean person() {
        return players == null;
    }

    synchronized View view() {
        OnitamaClient c = client;
        return new View(phase, name, c == null ? null : c.colour(), c == null ? null : c.position(), lastMove,
                c != null && phase == Phase.PLAYING && c.myTurn(), message);
    }

    /** Connects and chooses the mode; completes when connected (or fails). */
    CompletableFuture<Void> connect(String host, int port) {
        if (players != null) {
            try {
                player = players.get();
            } catch (RuntimeException e) {
                over("cannot create the player: " + e.getMessage());
                return CompletableFuture.failedFuture(e);
            }
        }
        OnitamaClient c = new OnitamaClient(new OnitamaClient.Listener() {
            @Override
            public void message(ServerMessage m) {
                received(m);
            }

            @Override
            public void malformed(ProtocolViolation violation) {
                say("the server sent bytes that are not a message of this protocol: " + violation.reason());
            }

            @Override
            public void closed(CloseReason reason) {
                closedBy(reason);
            }
        }, null);
        synchronized (this) {
            client = c;
            message = "connecting to " + host + ":" + port;
        }
        changed.run();
        return c.connect(host, port).handle((ok, e) -> {
            if (e != null) {
                over("cannot connect to " + host + ":" + port + ": " + (e.getCause() != null ? e.getCause().getMessage() : e.getMessage()));
                return null;
            }
            synchronized (this) {
                phase = Phase.CHOOSING;
            }
            say("connected to " + host + ":" + port + "; " + (pvp ? "PvP" : "PvE") + " as " + name);
            c.mode(pvp ? OnitamaClient.PVP : OnitamaClient.PVE, name);
            return null;
        });
    }

    /** A message of the server, after the client's state followed it; on the connection's event loop. */
    private void received(ServerMessage m) {
        OnitamaClient c = client;
        if (m instanceof ServerMessage.Setup) {
            synchronized (this) {
                phase = Phase.PLAYING;
                history.clear();
                lastMove = null;
            }
            say("the game started: you are " + colourName(c.colour()));
            turn(c);
        } else if (m instanceof ServerMessage.Moved moved) {
            OnitamaMove move = moved.move().toMove();
            synchronized (this) {
                history.add(move);
                lastMove = move;
            }
            OnitamaPosition p = c.position();
            say(p != null && p.isTerminal() ? "the opponent played " + move.notation() + " and won" : "the opponent played " + move.notation());
            turn(c);
        } else if (m instanceof ServerMessage.Answer a) {
            answered(c, a.code());
        }
    }

    private void answered(OnitamaClient c, int code) {
        Phase now;
        synchronized (this) {
            now = phase;
        }
        switch (now) {
            case CHOOSING -> {
                if (code == ServerMessage.OK && !modeAnswered) {
                    modeAnswered = true;
                    c.send(Integer.toString(choice));
                    say(pvp ? "asked for table " + choice : "asked for difficulty " + choice);
                } else if (code == ServerMessage.OK) {
                    say("waiting for the setup");
                } else if (code == ServerMessage.ONE && pvp) {
                    synchronized (this) {
                        phase = Phase.WAITING;
                    }
                    say("waiting at the table for a second player");
                } else if (code == ServerMessage.TWO && pvp) {
                    say("a second player sat down; waiting for the setup");
                } else {
                    over("the server refused (" + code + "): " + refusal(code));
                    c.close();
                }
            }
            case WAITING -> {
                if (code == ServerMessage.TWO) {
                    say("a second player sat down; waiting for the setup");
                } else {
                    say("the server answered " + code + " while waiting at the table");
                }
            }
            case PLAYING -> {
                if (code == ServerMessage.OK) {
                    OnitamaPosition p = c.position();
                    say(p != null && p.isTerminal() ? "your move won the game" : "move accepted; the opponent's turn");
                } else if (code == ServerMessage.ONE) {
                    over("the game ended without a winning move (BYE)");
                } else {
                    synchronized (this) {
                        if (!history.isEmpty()) {
                            history.remove(history.size() - 1); // the refused move was not played
                        }
                        lastMove = history.isEmpty() ? null : (OnitamaMove) history.get(history.size() - 1);
                    }
                    say("move refused (" + code + "): " + refusal(code) + "; play another");
                    turn(c);
                }
            }
            default -> {
                // CONNECTING or OVER: nothing is asked
            }
        }
    }

    private boolean modeAnswered;

    /** If it is this side's turn: a loaded player thinks; a person waits for a click. */
    private void turn(OnitamaClient c) {
        if (!c.myTurn()) {
            return;
        }
        if (players == null) {
            say("your move: choose a card and a piece's step on the board");
            return;
        }
        OnitamaPosition position = c.position();
        List<Move> moves;
        synchronized (this) {
            moves = List.copyOf(history);
        }
        thinker.execute(() -> {
            long start = System.nanoTime();
            try {
                Move move = player.chooseMove(MoveRequest.of(position, moves, start + thinking.toNanos(), moves.size(), () -> false));
                synchronized (this) {
                    history.add(move);
                    lastMove = (OnitamaMove) move;
                }
                say(String.format(java.util.Locale.ROOT, "%s played %s (%.2f s)", name, move.notation(),
                        (System.nanoTime() - start) / 1e9)); // before sending: the answer must not be overwritten
                c.move((OnitamaMove) move);
            } catch (Exception e) {
                say("the player failed: " + e);
            }
        });
    }

    /**
     * A person's move, from the board: sent if it is this side's turn and the rules allow it (the
     * server would answer 27 or 28 to anything else).
     *
     * @return what happened, in words
     */
    String play(Move move) {
        OnitamaClient c;
        synchronized (this) {
            c = client;
        }
        if (players != null || c == null || phase != Phase.PLAYING || !c.myTurn() || !(move instanceof OnitamaMove m)) {
            return "it is not your turn";
        }
        String why = c.position().whyIllegal(m);
        if (why != null) {
            say(m.notation() + " is not a legal move: " + why);
            return why;
        }
        synchronized (this) {
            history.add(m);
            lastMove = m;
        }
        say("move " + m.notation() + " sent"); // before sending, as for a loaded player
        c.move(m);
        return "sent";
    }

    /** Leaves the server (a game in progress is lost, as the seed's server counts a disconnect). */
    void close() {
        OnitamaClient c;
        synchronized (this) {
            c = client;
            if (phase != Phase.OVER) {
                phase = Phase.OVER;
                message = "left the server";
            }
        }
        if (c != null) {
            c.close();
        }
        if (thinker != null) {
            thinker.shutdownNow();
        }
        changed.run();
    }

    private void closedBy(CloseReason reason) {
        OnitamaClient c = client;
        OnitamaPosition p = c == null ? null : c.position();
        synchronized (this) {
            if (phase == Phase.OVER) {
                changed.run();
                return;
            }
        }
        if (p != null && p.isTerminal() && p.outcome() != null) {
            Side winner = p.outcome().winner();
            over("game over: " + (winner == null ? "a draw" : winner == c.colour() ? "you win" : "you lose")
                    + " (the server closed the connection after the last move)");
        } else {
            over("disconnected: " + reason.detail());
        }
        if (thinker != null) {
            thinker.shutdownNow();
        }
    }

    private static String refusal(int code) {
        return switch (code) {
            case ServerMessage.ERROR -> "a bad mode, or the name is taken";
            case ServerMessage.WRONG_TABLE -> "there is no such table";
            case ServerMessage.WRONG_DIFFICULTY -> "there is no such difficulty";
            case ServerMessage.WRONG_MOVEMENT -> "that piece cannot move so";
            case ServerMessage.WRONG_CARD -> "that card is not yours";
            default -> "code " + code;
        };
    }

    private static String colourName(Side side) {
        return side == Side.FIRST ? "blue (you move first)" : "red (blue moves first)";
    }

    private void over(String text) {
        synchronized (this) {
            phase = Phase.OVER;
            message = text;
        }
        changed.run();
    }

    private void say(String text) {
        synchronized (this) {
            message = text;
        }
        changed.run();
    }
}
