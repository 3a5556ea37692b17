package org.boardlab.protocol.gomoku;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.Executor;
import org.boardlab.api.Game;
import org.boardlab.api.GameOptions;
import org.boardlab.api.GameState;
import org.boardlab.api.Move;
import org.boardlab.api.Player;
import org.boardlab.api.Side;
import org.boardlab.game.gomoku.api.GomokuBoard;
import org.boardlab.protocol.gomoku.GomokuMessage.Color;
import org.boardlab.protocol.gomoku.GomokuMessage.FullUpdate;
import org.boardlab.protocol.gomoku.GomokuMessage.Place;
import org.boardlab.protocol.gomoku.GomokuMessage.Refused;
import org.boardlab.protocol.gomoku.GomokuMessage.Update;
import org.boardlab.protocol.gomoku.GomokuMessage.Win;
import org.boardlab.server.client.ClientSeat;
import org.boardlab.server.client.SeatListener;

/**
 * A loaded {@link Player} (any AI) playing on a server through a {@link GomokuClient}: on every
 * turn it asks the player for a move, on a worker thread, and sends it as {@code place}. It keeps
 * the position with the rules of the {@code gomoku} game, applying every {@code update}, so the
 * player gets a real {@link GameState} and the moves played so far.
 *
 * <pre>{@code
 * GomokuClient client = new GomokuClient(null);
 * client.connect("127.0.0.1", GomokuWire.DEFAULT_PORT).join();
 * GomokuSeat seat = GomokuSeat.start(client, registry.requirePlayer("alphabeta").get(),
 *         registry.requireGame("gomoku"), GomokuSeat.Options.defaults().withGames(3), null);
 * seat.finished().join();   // joined, paired, three rounds played
 * client.close();
 * }</pre>
 *
 * <h2>What it does, message by message</h2>
 * <ul>
 * <li>When it starts on a client that has not joined yet, it sends {@code join}.</li>
 * <li>{@code color}, then the full {@code update} that opens the round: a new position of the
 * board's size; on its turn the player is asked, with {@link Options#timePerMove()} until the
 * request's deadline, and its move is sent as {@code place}.</li>
 * <li>{@code update}: the stone is applied; on its turn the player is asked.</li>
 * <li>{@code refused} (boardlab's server): told to the listener as a problem; the player is not
 * asked again about the same position.</li>
 * <li>{@code win}: the round is over; a move still being thought about is cancelled and its answer
 * dropped. After {@link Options#games()} rounds {@link #finished()} completes; before that, with
 * {@link Options#newRounds()} (the default), it sends {@code new} for another round.</li>
 * </ul>
 *
 * <p>A player that throws, returns {@code null} or returns an illegal move is reported to the
 * {@link Listener} and no stone is placed, so the server's clock decides. The server's board is the
 * authority: a full update that differs from the seat's position replaces it, and the seat says so.
 *
 * <h2>Threads</h2>
 * The player is asked on the {@linkplain Options#executor() executor} (by default a daemon thread of
 * the seat's own), never on the event loop, one request at a time. Everything else, the
 * {@link Listener} calls included, runs on the client's event loop. Asking the player, dropping an
 * answer about a position the game has left and reporting a player's failures is the server
 * bundle's {@link ClientSeat}, which every protocol's seat is built on; this class adds GMKU:
 * joining, colours, the server's boards and new rounds.
 */
public final class GomokuSeat extends ClientSeat<GomokuClient.Listener, Place> {

    /**
     * How a seat plays.
     *
     * @param timePerMove how long the player may think about a move: the request's deadline is this
     *                    long after the move is asked for (the server's own clock still decides a
     *                    time-out)
     * @param games       how many rounds to play, then stop; 0 for no limit
     * @param newRounds   after a round, ask for another with {@code new} (while rounds are left)
     * @param seed        the seed for the player's randomness; round {@code k} (from 1) gets
     *                    {@code seed + k - 1}
     * @param executor    where the player is asked, or {@code null} for a thread of the seat's own
     */
    public record Options(Duration timePerMove, int games, boolean newRounds, long seed, Executor executor) {

        /** Checks the values. */
        public Options {
            Objects.requireNonNull(timePerMove, "timePerMove");
            if (timePerMove.isNegative() || timePerMove.isZero()) {
                throw new IllegalArgumentException("the time per move must be positive");
            }
            if (games < 0) {
                throw new IllegalArgumentException("the number of rounds may not be negative");
            }
        }

        /** One second a move, no limit, another round after each, seed 1, own thread. */
        public static Options defaults() {
            return new Options(Duration.ofSeconds(1), 0, true, 1, null);
        }

        /** The same options with another time per move. */
        public Options withTimePerMove(Duration d) {
            return new Options(d, games, newRounds, seed, executor);
        }

        /** The same options with another number of rounds (0: no limit). */
        public Options withGames(int n) {
            return new Options(timePerMove, n, newRounds, seed, executor);
        }

        /** The same options, asking for new rounds or not. */
        public Options withNewRounds(boolean ask) {
            return new Options(timePerMove, games, ask, seed, executor);
        }

        /** The same options with another seed. */
        public Options withSeed(long s) {
            return new Options(timePerMove, games, newRounds, s, executor);
        }

        /** The same options with the player asked on {@code e}. */
        public Options withExecutor(Executor e) {
            return new Options(timePerMove, games, newRounds, seed, e);
        }
    }

    /**
     * What a seat tells its user; every method has an empty default. Called on the event loop. The
     * same as the server bundle's {@link SeatListener}, kept under this name for code written
     * against it.
     */
    public interface Listener extends SeatListener {
    }

    private final GomokuClient client;
    private final Options options;

    // used on the client's event loop only
    private Stone mine;
    /** The ply at which the server refused this seat's stone, or -1: not asked again there. */
    private int refusedAt = -1;

    private GomokuSeat(GomokuClient client, Player player, Game game, Options options, SeatListener listener) {
        super(client, player, game, new Plan(options.timePerMove(), options.games(), options.seed(), options.executor()),
                listener, "gomoku-seat");
        this.client = client;
        this.options = options;
    }

    /**
     * Seats {@code player} at {@code client}, which must be connected. If the client has not joined
     * yet, the seat sends {@code join}; if a round is on, it takes it over from the client's board.
     *
     * @param game     the {@code gomoku} game as loaded: its rules track the position
     * @param listener told what the player does (a {@link GomokuSeat.Listener} or any
     *                 {@link SeatListener}); {@code null} for nobody
     * @throws IllegalArgumentException if the player says it cannot play {@code game}
     * @throws IllegalStateException    if the client is not connected
     */
    public static GomokuSeat start(GomokuClient client, Player player, Game game, Options options,
            SeatListener listener) {
        Objects.requireNonNull(client, "client");
        Objects.requireNonNull(options, "options");
        GomokuSeat seat = new GomokuSeat(client, player, game, options, listener);
        if (client.phase() == GomokuClient.Phase.CONNECTING || client.phase() == GomokuClient.Phase.CLOSED
                || !seat.attach(seat.new Feed(), seat::takeOver)) {
            seat.close();
            throw new IllegalStateException("connect the client before seating a player");
        }
        return seat;
    }

    private void takeOver() {
        switch (client.phase()) {
            case CONNECTED -> client.send(GomokuMessage.JOIN);
            case PLAYING -> client.round().filter(r -> !r.over()).ifPresent(r -> {
                mine = r.colour().orElse(null);
                follow(r.board(), r.turn());
                ask();
            });
            case ROUND_OVER -> {
                if (options.newRounds() && !done()) {
                    client.send(GomokuMessage.NEW_ROUND);
                }
            }
            default -> { }
        }
    }

    private static Side side(Stone stone) {
        return stone == Stone.BLACK ? Side.FIRST : Side.SECOND;
    }

    /** Takes the server's board as the position: a new game of its size with its stones. */
    private void follow(WireBoard board, Stone turn) {
        refusedAt = -1;
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
        if (client.round().map(GomokuClient.Round::over).orElse(true)) {
            return;
        }
        GameState state = position();
        boolean opening = f.board().stones() == 0;
        if (state == null || opening && state.ply() > 0 || !sameBoard(state, f.board()) || side(f.turn()) != state.sideToMove()) {
            if (state != null && !opening) {
                problem("the server's board differs from this seat's game; following the server's board");
            }
            follow(f.board(), f.turn());
        }
        ask();
    }

    private void update(Update u) {
        GameState state = position();
        if (state == null) {
            return;
        }
        String why;
        if (state.sideToMove() != side(u.placed())) {
            why = "it was " + (state.sideToMove() == Side.FIRST ? "black" : "white") + "'s turn";
        } else {
            try {
                Move move = state.parseMove(GomokuWire.point(u.row(), u.col()));
                why = state.whyIllegal(move);
                if (why == null) {
                    apply(move);
                }
            } catch (IllegalArgumentException e) {
                why = e.getMessage();
            }
        }
        if (why != null) {
            problem("the server's stone on " + GomokuWire.point(u.row(), u.col())
                    + " does not follow from this seat's game (" + why + "); waiting for the server's board");
            follow(null);
            return;
        }
        ask();
    }

    private void roundOver() {
        if (gameEnded() && options.newRounds()) {
            client.send(GomokuMessage.NEW_ROUND);
        }
    }

    /** This seat's colour is to move, and the server has not refused its stone in this position. */
    @Override
    protected boolean ourTurn(GameState position) {
        return mine != null && position.sideToMove() == side(mine) && position.ply() != refusedAt;
    }

    /** The move as {@code place}: a point in boardlab notation, zero-based on the wire. */
    @Override
    protected Place wire(Move move) {
        return GomokuClient.place(move.notation())
                .orElseThrow(() -> new IllegalArgumentException(move.notation() + " is not a point"));
    }

    @Override
    protected void send(Place message) {
        client.send(message);
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
    private final class Feed implements GomokuClient.Listener {
        @Override
        public void message(GomokuMessage m) {
            if (isClosed()) {
                return;
            }
            if (m instanceof Color c) {
                refusedAt = -1;
                mine = c.role().stone().orElse(null);
                follow(null);
            } else if (m instanceof FullUpdate f) {
                fullUpdate(f);
            } else if (m instanceof Update u) {
                update(u);
            } else if (m instanceof Refused r) {
                if (position() != null) {
                    refusedAt = position().ply();
                }
                problem("the server refused the stone on " + GomokuWire.point(r.row(), r.col()) + ": " + r.reason());
            } else if (m instanceof Win) {
                roundOver();
            }
        }

        @Override
        public void closed(GomokuClient.CloseReason reason) {
            connectionClosed(reason.detail());
        }
    }
}
