package org.boardlab.protocol.reversi.internal;

import io.netty.channel.ChannelPipeline;
import io.netty.handler.timeout.IdleStateHandler;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArraySet;
import java.util.concurrent.TimeUnit;
import org.boardlab.api.AsyncPlayer;
import org.boardlab.api.Game;
import org.boardlab.api.GameOptions;
import org.boardlab.api.GameState;
import org.boardlab.api.Move;
import org.boardlab.api.MoveRequest;
import org.boardlab.api.Side;
import org.boardlab.api.event.BoardlabEvent;
import org.boardlab.api.event.MatchEvent;
import org.boardlab.api.event.MatchOutcome;
import org.boardlab.api.event.MatchOutcome.Ending;
import org.boardlab.core.Match;
import org.boardlab.core.MatchSettings;
import org.boardlab.core.PlayerSeat;
import org.boardlab.game.othello.OthelloMove;
import org.boardlab.game.othello.OthelloPosition;
import org.boardlab.protocol.reversi.Cells;
import org.boardlab.protocol.reversi.Direction;
import org.boardlab.protocol.reversi.ReversiCodec;
import org.boardlab.protocol.reversi.ReversiDecoder;
import org.boardlab.protocol.reversi.ReversiEncoder;
import org.boardlab.protocol.reversi.ReversiFramer;
import org.boardlab.protocol.reversi.ReversiMessage;
import org.boardlab.protocol.reversi.ReversiMessage.Board;
import org.boardlab.protocol.reversi.ReversiPositions;
import org.boardlab.server.Connection;
import org.boardlab.server.GroupHost;
import org.boardlab.server.ServerProtocol;

/**
 * One seed 004 Game Master on three ports: black player (BP), white player (WP), Game Controller
 * (GC). It seats one player per player port, starts a game through the server's referee when both
 * seats are taken, sends Next Turn to the side to move, Status1 and Status2 to the controllers after
 * every move, and End to all three; then it closes both players' connections and waits for the next
 * two. Controllers stay connected across games and steer the mode, the size and restarts.
 *
 * <p>Every game is a {@link Match} of the server ({@link GroupHost#newMatch}): the referee checks
 * and applies each move, enforces the time per move and decides forfeits; the Game Master only
 * translates between the wire and the match. The state below is guarded by {@code this}; messages
 * to a connection go out on its own event loop, in the order they were made.
 */
final class GameMaster implements ServerProtocol.PortGroup {

    static final int BP = 0;
    static final int WP = 1;
    static final int GC = 2;

    /** A socket silent this long gets a Ping (seed L148). */
    static final long PING_AFTER_MILLIS = 1000;
    /** A Ping not answered within this long means the peer does not respond. */
    static final long PING_ANSWER_MILLIS = 2000;

    private final GroupHost host;
    private final Game game;
    private final Duration timePerMove;

    private final PlayerSession[] seats = new PlayerSession[2];
    private final Set<ControllerSession> controllers = new CopyOnWriteArraySet<>();
    private int pendingSize = 8;
    private Match.Mode mode = Match.Mode.CONTINUOUS;
    private boolean restartPending;
    private boolean closed;

    /** The game being played, or {@code null}; and what the wire needs of it. */
    private Play current;

    GameMaster(GroupHost host, Game game, Duration timePerMove) {
        this.host = host;
        this.game = game;
        this.timePerMove = timePerMove;
    }

    GroupHost host() {
        return host;
    }

    @Override
    public void initChannel(ChannelPipeline pipeline, Connection connection, int role) {
        pipeline.addLast("reversi-liveness", new IdleStateHandler(PING_AFTER_MILLIS, 0, 0, TimeUnit.MILLISECONDS))
                .addLast(ReversiCodec.FRAMER, new ReversiFramer(Direction.TO_GM))
                .addLast("tap", connection.tap())
                .addLast(ReversiCodec.DECODER, ReversiDecoder.TO_GM)
                .addLast(ReversiCodec.ENCODER, ReversiEncoder.INSTANCE)
                .addLast("reversi-session", role == GC ? new ControllerSession(this, connection)
                        : new PlayerSession(this, connection, role == BP ? Side.FIRST : Side.SECOND));
    }

    @Override
    public void close() {
        Play g;
        synchronized (this) {
            closed = true;
            g = current;
        }
        if (g != null) {
            g.match.adjudicate("the Game Master was stopped");
            g.match.step();
        }
    }

    // ---- players ----

    /**
     * A player sent Connect on its port: seats it, or refuses it (NOK) if the seat is taken. Starts a
     * game when both seats are taken.
     *
     * @return {@code true} if seated
     */
    boolean seat(PlayerSession player) {
        synchronized (this) {
            int i = player.side().index();
            if (closed || seats[i] != null) {
                return false;
            }
            seats[i] = player;
            player.send(new ReversiMessage.PlayerOk(i == 0 ? ReversiMessage.BLACK : ReversiMessage.WHITE));
            if (seats[1 - i] != null && current == null) {
                startGame();
            } else if (current == null) {
                player.state("waiting for an opponent");
            }
        }
        return true;
    }

    /** A seated player left (closed, or was closed): forfeits a game in progress, frees its seat. */
    void left(PlayerSession player, String why) {
        Play g;
        synchronized (this) {
            int i = player.side().index();
            if (seats[i] != player) {
                return;
            }
            g = current;
            if (g == null) {
                seats[i] = null;
                return;
            }
        }
        forfeit(g, player.side(), Ending.ERROR, player.name() + " (" + colour(player.side()) + ") " + why);
    }

    /** A seated player sent what is not a message or not one a player sends: it loses. */
    void garbage(PlayerSession player, String reason) {
        Play g;
        synchronized (this) {
            g = seats[player.side().index()] == player ? current : null;
        }
        if (g != null) {
            forfeit(g, player.side(), Ending.ILLEGAL_MOVE,
                    player.name() + " (" + colour(player.side()) + ") sent bytes that are not a move: " + reason);
        }
    }

    /**
     * A New Move from a seated player. Delivered to the referee when a Next Turn is waiting for it
     * (its OK or NOK comes once the referee has judged it); otherwise it is out of turn: NOK and the
     * player loses.
     */
    void move(PlayerSession player, int x, int y) {
        Play g;
        CompletableFuture<Move> asked;
        if (player.isGameOver()) {
            // the game ended (a time-out, the other side's fault) while this move was on its way: the
            // spec's "a later move is ignored"; End is on its way to it
            host.log(player.name() + " (" + colour(player.side()) + ") moved " + Cells.square(x, y)
                    + " after its game ended: ignored");
            return;
        }
        synchronized (this) {
            g = seats[player.side().index()] == player ? current : null;
            if (g == null) {
                if (seats[player.side().index()] == player) {
                    seats[player.side().index()] = null;
                }
                player.refuseMove();
                player.endAndClose(new ReversiMessage.End(0, 0));
                host.log(player.name() + " (" + colour(player.side()) + ") moved before its game started: NOK, End, closed");
                return;
            }
            asked = g.asked[player.side().index()];
            g.asked[player.side().index()] = null;
        }
        if (asked != null && asked.isDone()) {
            // its time ran out (the referee gave up on this request) and the game's end is on its way
            host.log(player.name() + " (" + colour(player.side()) + ") moved " + Cells.square(x, y)
                    + " after its time ran out: ignored");
            return;
        }
        if (asked == null) {
            player.refuseMove();
            forfeit(g, player.side(), Ending.OUT_OF_TURN, player.name() + " (" + colour(player.side())
                    + ") moved " + Cells.square(x, y) + " when it was not its turn");
            return;
        }
        int size = g.size;
        if (x >= size || y >= size) {
            player.refuseMove();
            forfeit(g, player.side(), Ending.ILLEGAL_MOVE, player.name() + " (" + colour(player.side()) + ") played ("
                    + x + "," + y + "): off the " + size + "x" + size + " board");
            return;
        }
        player.moveSent();
        asked.complete(OthelloMove.at(x, y));
    }

    private void forfeit(Play g, Side side, Ending ending, String detail) {
        g.match.forfeit(side, ending, detail);
        g.match.step(); // a game waiting for a step sees the forfeit at once
    }

    /** Called on the match thread when the referee asks {@code side} for a move. */
    private CompletableFuture<Move> requestMove(Play g, Side side, MoveRequest request) {
        GameState state = request.state();
        List<Move> legal = state.legalMoves();
        if (legal.size() == 1 && ((OthelloMove) legal.get(0)).isPass()) {
            return CompletableFuture.completedFuture(legal.get(0)); // a side with no move passes without a message
        }
        CompletableFuture<Move> future = new CompletableFuture<>();
        PlayerSession player;
        synchronized (this) {
            g.asked[side.index()] = future;
            player = g.players[side.index()];
        }
        player.send(new ReversiMessage.NextTurn(g.board((OthelloPosition) state)));
        return future;
    }

    // ---- controllers ----

    void controllerJoined(ControllerSession gc) {
        Play g;
        synchronized (this) {
            controllers.add(gc);
            g = current;
        }
        if (g != null) {
            gc.watching(g.match.id());
            g.sendStatus(gc);
        }
    }

    void controllerLeft(ControllerSession gc) {
        controllers.remove(gc);
    }

    /**
     * Checks a Control from a Game Controller, before it is answered.
     *
     * @return {@code null} if it can be applied (OK), else why it is refused (NOK)
     */
    String refusal(ReversiMessage.Control c) {
        if (!(c.sizeX() == 0 && c.sizeY() == 0)) {
            if (c.sizeX() != c.sizeY()) {
                return "boardlab's Reversi boards are square: " + c.sizeX() + "x" + c.sizeY();
            }
            if (c.sizeX() < 4 || c.sizeX() > 16 || c.sizeX() % 2 != 0) {
                return "the board size must be even, 4..16: " + c.sizeX();
            }
        }
        if (c.mode() > 1) {
            return "mode " + c.mode() + ": 0 is continuous, 1 step by step";
        }
        if (c.restart() > 1) {
            return "restart " + c.restart() + ": 0 is no, 1 restart";
        }
        return null;
    }

    /**
     * Applies a Control that {@link #refusal} accepted. It is called after the controller has been
     * answered OK, so that the Status messages the Control causes (a step moves the game on at once,
     * on this thread) follow the OK on the wire, in the order the spec gives.
     */
    void apply(ReversiMessage.Control c) {
        Play g;
        Match.Mode newMode = c.mode() == ReversiMessage.Control.STEP ? Match.Mode.STEP : Match.Mode.CONTINUOUS;
        boolean modeChanged;
        boolean restartNow = false;
        synchronized (this) {
            if (c.sizeX() != 0) {
                pendingSize = c.sizeX();
            }
            modeChanged = newMode != mode;
            mode = newMode;
            g = current;
            if (g != null && c.restart() == 1) {
                if (g.asked[0] != null || g.asked[1] != null) {
                    restartPending = true; // after the move being thought about (the next move boundary)
                } else {
                    restartNow = true;
                }
            }
        }
        if (g != null) {
            if (restartNow) {
                restart(g); // before the mode changes, so no move of the old game slips in
            }
            if (modeChanged) {
                g.match.setMode(newMode);
            }
            if (newMode == Match.Mode.STEP && c.restart() == 0) {
                g.match.step();
            }
        }
    }

    private void restart(Play g) {
        int size;
        synchronized (this) {
            restartPending = false;
            g.restarting = true;
            size = pendingSize;
        }
        g.match.restart(GameOptions.of(java.util.Map.of("size", String.valueOf(size))));
    }

    // ---- the game ----

    /** Starts a game between the two seated players (called holding the lock). */
    private void startGame() {
        PlayerSession black = seats[0];
        PlayerSession white = seats[1];
        Play[] self = new Play[1];
        Match match = host.newMatch(game, GameOptions.of(java.util.Map.of("size", String.valueOf(pendingSize))),
                new PlayerSeat(black.name(), () -> new Remote(self[0], Side.FIRST)),
                new PlayerSeat(white.name(), () -> new Remote(self[0], Side.SECOND)),
                MatchSettings.defaults().withTimePerMove(timePerMove).withAlternateSides(false));
        Play g = new Play(match, black, white);
        self[0] = g;
        current = g;
        match.setMode(mode);
        match.onEvent(event -> onEvent(g, event));
        black.inGame(match.id());
        white.inGame(match.id());
        for (ControllerSession gc : controllers) {
            gc.watching(match.id()); // the inspector's match filter shows the controllers' frames too
        }
        match.start();
    }

    private void onEvent(Play g, BoardlabEvent event) {
        if (event instanceof MatchEvent.Started started) {
            g.started((OthelloPosition) started.state());
            g.sendStatus(null);
        } else if (event instanceof MatchEvent.Moved moved) {
            g.moved(moved);
            if (((OthelloMove) moved.move()).isPass()) {
                return; // played by the Game Master for a side with no move: no message, no Status
            }
            g.players[moved.side().index()].moveAccepted();
            g.sendStatus(null);
            boolean restartNow;
            synchronized (this) {
                restartNow = restartPending && !moved.after().isTerminal();
                restartPending = restartNow;
            }
            if (restartNow) {
                restart(g);
            } else if (g.match.mode() == Match.Mode.STEP && !moved.after().isTerminal()) {
                List<Move> next = moved.after().legalMoves();
                if (next.size() == 1 && ((OthelloMove) next.get(0)).isPass()) {
                    g.match.step(); // a pass is not a step: it has no message
                }
            }
        } else if (event instanceof MatchEvent.Ended ended) {
            MatchOutcome outcome = ended.outcome();
            synchronized (this) {
                if (g.restarting && outcome.ending() == Ending.ABORTED) {
                    g.restarting = false;
                    g.asked[0] = null;
                    g.asked[1] = null;
                    return; // a restart: no End, the players stay
                }
            }
            ended(g, outcome);
        }
    }

    private void ended(Play g, MatchOutcome outcome) {
        if (outcome.ending() == Ending.ILLEGAL_MOVE && outcome.loser() != null) {
            g.players[outcome.loser().index()].refuseIfMoveSent();
        }
        int[] scores = outcome.gmScores();
        ReversiMessage.End end = new ReversiMessage.End(scores[0], scores[1]);
        synchronized (this) {
            for (PlayerSession p : g.players) {
                p.gameOver();
            }
            restartPending = false;
            if (current == g) {
                current = null;
            }
            for (int i = 0; i < 2; i++) {
                if (seats[i] == g.players[i]) {
                    seats[i] = null;
                }
            }
        }
        for (PlayerSession p : g.players) {
            p.endAndClose(end);
        }
        for (ControllerSession gc : controllers) {
            gc.send(end);
        }
        synchronized (this) {
            // two players who connected while the game ended
            if (!closed && current == null && seats[0] != null && seats[1] != null) {
                startGame();
            }
        }
    }

    static String colour(Side side) {
        return side == Side.FIRST ? "black" : "white";
    }

    /** The referee's player for one seat of one game: its moves come from the wire. */
    private final class Remote implements AsyncPlayer {
        private final Play g;
        private final Side side;

        Remote(Play g, Side side) {
            this.g = g;
            this.side = side;
        }

        @Override
        public CompletableFuture<Move> requestMove(MoveRequest request) {
            return GameMaster.this.requestMove(g, side, request);
        }

        @Override
        public String description() {
            return "a seed 004 player on the network";
        }
    }

    /** A game being played (restarts included) and what the wire shows of it. */
    final class Play {
        final Match match;
        final PlayerSession[] players;
        /** The open request of each side (guarded by the Game Master). */
        @SuppressWarnings("unchecked")
        final CompletableFuture<Move>[] asked = new CompletableFuture[2];
        /** Whether the Ended event to come is a restart's (guarded by the Game Master). */
        boolean restarting;
        volatile int size;
        private volatile OthelloPosition position;
        private volatile int lastX = ReversiMessage.NO_MOVE;
        private volatile int lastY = ReversiMessage.NO_MOVE;
        private final long[] totalNanos = new long[2];

        Play(Match match, PlayerSession black, PlayerSession white) {
            this.match = match;
            this.players = new PlayerSession[] {black, white};
        }

        void started(OthelloPosition start) {
            synchronized (this) {
                position = start;
                size = start.size();
                lastX = ReversiMessage.NO_MOVE;
                lastY = ReversiMessage.NO_MOVE;
                totalNanos[0] = 0;
                totalNanos[1] = 0;
            }
        }

        void moved(MatchEvent.Moved moved) {
            synchronized (this) {
                position = (OthelloPosition) moved.after();
                OthelloMove m = (OthelloMove) moved.move();
                if (!m.isPass()) {
                    lastX = m.col();
                    lastY = m.row();
                }
                totalNanos[moved.side().index()] = moved.totalNanos();
            }
        }

        Board board(OthelloPosition p) {
            int lx;
            int ly;
            synchronized (this) {
                lx = lastX;
                ly = lastY;
            }
            return ReversiPositions.board(p, lx, ly);
        }

        /**
         * Status1 then Status2 to one controller, or to all ({@code null}). The position, its last move and
         * the times are read together: read apart, a move of the next game could land between them, and a
         * restarted game's first Status1 showed the new empty board with a last move on it.
         */
        void sendStatus(ControllerSession only) {
            OthelloPosition p;
            long[] t;
            Board board;
            synchronized (this) {
                p = position;
                t = totalNanos.clone();
                board = p == null ? null : ReversiPositions.board(p, lastX, lastY);
            }
            if (p == null) {
                return;
            }
            ReversiMessage.Status1 s1 = new ReversiMessage.Status1(board);
            ReversiMessage.Status2 s2 = new ReversiMessage.Status2(
                    ReversiMessage.PlayerStatus.of(p.discs(Side.FIRST), TimeUnit.NANOSECONDS.toMillis(t[0]), players[0].name()),
                    ReversiMessage.PlayerStatus.of(p.discs(Side.SECOND), TimeUnit.NANOSECONDS.toMillis(t[1]), players[1].name()));
            if (only != null) {
                only.send(s1, s2);
            } else {
                for (ControllerSession gc : controllers) {
                    gc.send(s1, s2);
                }
            }
        }
    }
}
