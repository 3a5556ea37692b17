package org.boardlab.protocol.gomoku;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.boardlab.api.Game;
import org.boardlab.api.GameOptions;
import org.boardlab.api.GameState;
import org.boardlab.api.Move;
import org.boardlab.api.Player;
import org.boardlab.api.Side;
import org.boardlab.game.gomoku.GomokuBoard;
import org.boardlab.protocol.gomoku.GomokuMessage.Color;
import org.boardlab.protocol.gomoku.GomokuMessage.FullUpdate;
import org.boardlab.protocol.gomoku.GomokuMessage.Place;
import org.boardlab.protocol.gomoku.GomokuMessage.Refused;
import org.boardlab.protocol.gomoku.GomokuMessage.Update;
import org.boardlab.protocol.gomoku.GomokuMessage.Win;
import org.boardlab.client.ClientSeat;
import org.boardlab.client.SeatListener;
import org.boardlab.client.SeatOptions;

/**
 * A loaded {@link Player} (any AI) playing on a server through a {@link GomokuClient}: on every
 * turn it asks the player for a move, without waiting for it (a blocking player thinks on a worker
 * thread), and sends it as {@code place}. It keeps the position with the rules of the
 * {@code gomoku} game, applying every {@code update}, so the player gets a real {@link GameState}
 * and the moves played so far.
 *
 * <pre>{@code
 * GomokuClient client = new GomokuClient(null);
 * client.connect("127.0.0.1", GomokuWire.DEFAULT_PORT).join();
 * GomokuSeat seat = GomokuSeat.start(client, registry.requirePlayer("alphabeta").get(),
 *         registry.requireGame("gomoku"), SeatOptions.defaults().withGames(3), null);
 * seat.finished().join();   // joined, paired, three rounds played
 * client.close();
 * }</pre>
 *
 * <h2>What it does, message by message</h2>
 * <ul>
 * <li>When it starts on a client that has not joined yet, it sends {@code join}.</li>
 * <li>{@code color}, then the full {@code update} that opens the round: a new position of the
 * board's size; on its turn the player is asked, with {@link SeatOptions#timePerMove()} until the
 * request's deadline, and its move is sent as {@code place}.</li>
 * <li>{@code update}: the stone is applied; on its turn the player is asked.</li>
 * <li>{@code refused} (boardlab's server): told to the listener as a problem; the player is not
 * asked again about the same position.</li>
 * <li>{@code win}: the round is over; a move still being thought about is cancelled and its answer
 * dropped. After {@link SeatOptions#games()} rounds {@link #finished()} completes; before that, with
 * {@link SeatOptions#newGames()} (the default), it sends {@code new} for another round, unless it
 * watches as a spectator ({@code color} {@code V}): the players start the next round.</li>
 * </ul>
 *
 * <p>A player that throws, returns {@code null} or returns an illegal move is reported to the
 * {@link SeatListener} and no stone is placed, so the server's clock decides. The server's board is the
 * authority: a full update that differs from the seat's position replaces it, and the seat says so.
 *
 * <p>Asking the player (an {@link org.boardlab.api.AsyncPlayer} through its future, any other on a
 * worker thread), dropping an answer about a position the game has left, reporting a player's
 * failures, the threads, the seat's colour and a refused stone, and following the connection are
 * the client stack's {@link ClientSeat}; this class adds GMKU: joining, colours, the server's boards
 * and new rounds.
 */
public final class GomokuSeat extends ClientSeat<GomokuClient, GomokuMessage, Place> {

    private GomokuSeat(GomokuClient client, Player player, Game game, SeatOptions options, SeatListener listener) {
        super(client, player, game, options, listener);
    }

    /**
     * Seats {@code player} at {@code client}, which must be connected. If the client has not joined
     * yet, the seat sends {@code join}; if a round is on, it takes it over from the client's board.
     *
     * @param game     the {@code gomoku} game as loaded: its rules track the position
     * @param options  how it plays: the time per move, the rounds, whether to ask for new ones
     * @param listener told what the player does; {@code null} for nobody
     * @throws IllegalArgumentException if the player says it cannot play {@code game}
     * @throws IllegalStateException    if the client is not connected
     */
    public static GomokuSeat start(GomokuClient client, Player player, Game game, SeatOptions options,
            SeatListener listener) {
        Objects.requireNonNull(client, "client");
        if (client.phase() == GomokuClient.Phase.CONNECTING || client.phase() == GomokuClient.Phase.CLOSED) {
            throw new IllegalStateException("connect the client before seating a player");
        }
        return started(GomokuSeat::new, client, player, game, options, listener, true);
    }

    /** Picks up where the client stands: when the seat starts, and after a reconnect (join again). */
    @Override
    protected void takeOver() {
        switch (client().phase()) {
            case CONNECTED -> client().send(GomokuMessage.JOIN);
            case PLAYING -> client().round().filter(r -> !r.over()).ifPresent(r -> {
                playAs(r.colour().map(GomokuSeat::sideOf).orElse(null));
                follow(r.board(), r.turn());
                ask();
            });
            case ROUND_OVER -> {
                playAs(client().round().flatMap(GomokuClient.Round::colour).map(GomokuSeat::sideOf).orElse(null));
                askForNewRound();
            }
            default -> { }
        }
    }

    /** Sends {@code new} while rounds are left, unless the seat only watches (a spectator's {@code new} is not its to send). */
    private void askForNewRound() {
        if (options().newGames() && !done() && side() != null) {
            client().send(GomokuMessage.NEW_ROUND);
        }
    }

    private static Side sideOf(Stone stone) {
        return stone == Stone.BLACK ? Side.FIRST : Side.SECOND;
    }

    /** Takes the server's board as the position: a new game of its size with its stones. */
    private void follow(WireBoard board, Stone turn) {
        follow(rebuild(board, turn));
    }

    /**
     * A position with the board's stones: black and white stones placed in turn (Gomoku has no
     * captures, so the order does not change the position), or {@code null} when that cannot be.
     */
    private GameState rebuild(WireBoard board, Stone turn) {
        if (board.rows() != board.cols()) {
            problem("the server's board is " + board.rows() + "x" + board.cols() + ", not square; the seat waits");
            return null;
        }
        List<Place> black = new ArrayList<>();
        List<Place> white = new ArrayList<>();
        for (int r = 0; r < board.rows(); r++) {
            for (int c = 0; c < board.cols(); c++) {
                Cell cell = board.cell(r, c);
                if (cell == Cell.BLACK) {
                    black.add(new Place(r, c));
                } else if (cell == Cell.WHITE) {
                    white.add(new Place(r, c));
                } else if (cell == Cell.BLOCKED) {
                    problem("the server's board has a blocked point, which the game cannot set up; the seat waits");
                    return null;
                }
            }
        }
        Stone next = black.size() == white.size() ? Stone.BLACK : Stone.WHITE;
        if (black.size() - white.size() > 1 || black.size() < white.size() || next != turn) {
            problem("the server's board (" + black.size() + " black, " + white.size() + " white stones, "
                    + turn.word() + " to move) cannot come from a game; the seat waits");
            return null;
        }
        try {
            GameState s = game().newGame(GameOptions.of(Map.of("size", Integer.toString(board.rows()))));
            for (int i = 0; i < black.size(); i++) {
                s = s.apply(s.parseMove(GomokuWire.point(black.get(i).row(), black.get(i).col())));
                if (i < white.size()) {
                    s = s.apply(s.parseMove(GomokuWire.point(white.get(i).row(), white.get(i).col())));
                }
            }
            return s;
        } catch (IllegalArgumentException e) {
            problem("cannot set up the server's board with the game " + game().id() + ": " + e.getMessage());
            return null;
        }
    }

    private static boolean sameBoard(GameState s, WireBoard board) {
        if (!(s instanceof GomokuBoard b)) {
            return true; // nothing to compare with
        }
        if (b.size() != board.rows() || b.size() != board.cols()) {
            return false;
        }
        for (int r = 0; r < board.rows(); r++) {
            for (int c = 0; c < board.cols(); c++) {
                Side stone = b.stoneAt(c, r);
                Cell cell = board.cell(r, c);
                Cell expected = stone == null ? Cell.EMPTY : stone == Side.FIRST ? Cell.BLACK : Cell.WHITE;
                if (cell != expected) {
                    return false;
                }
            }
        }
        return true;
    }

    private void fullUpdate(FullUpdate f) {
        if (client().round().map(GomokuClient.Round::over).orElse(true)) {
            return;
        }
        GameState state = position();
        boolean opening = f.board().stones() == 0;
        if (state == null || opening && state.ply() > 0 || !sameBoard(state, f.board()) || sideOf(f.turn()) != state.sideToMove()) {
            if (state != null && !opening) {
                problem("the server's board differs from this seat's game; following the server's board");
            }
            follow(f.board(), f.turn());
        }
        ask();
    }

    private void update(Update u) {
        if (position() == null) {
            return;
        }
        String why = applyReported(sideOf(u.placed()), GomokuWire.point(u.row(), u.col()));
        if (why != null) {
            problem("the server's stone on " + GomokuWire.point(u.row(), u.col())
                    + " does not follow from this seat's game (" + why + "); waiting for the server's board");
            follow(null);
            return;
        }
        ask();
    }

    private void roundOver() {
        if (gameEnded()) {
            askForNewRound();
        }
    }

    /** The move as {@code place}: a point in boardlab notation, zero-based on the wire. */
    @Override
    protected Place wire(Move move) {
        return GomokuClient.place(move.notation())
                .orElseThrow(() -> new IllegalArgumentException(move.notation() + " is not a point"));
    }

    @Override
    protected String gamesNoun() {
        return "rounds";
    }

    @Override
    protected String nothingSent() {
        return "no stone placed";
    }

    /** The client's messages, on its event loop. */
    @Override
    protected void heard(GomokuMessage m) {
        if (m instanceof Color c) {
            playAs(c.role().stone().map(GomokuSeat::sideOf).orElse(null));
            follow(null);
        } else if (m instanceof FullUpdate f) {
            fullUpdate(f);
        } else if (m instanceof Update u) {
            update(u);
        } else if (m instanceof Refused r) {
            refused("the server refused the stone on " + GomokuWire.point(r.row(), r.col()) + ": " + r.reason());
        } else if (m instanceof Win) {
            roundOver();
        }
    }
}
