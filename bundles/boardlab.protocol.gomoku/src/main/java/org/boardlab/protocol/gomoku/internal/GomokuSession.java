package org.boardlab.protocol.gomoku.internal;

import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.SimpleChannelInboundHandler;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.boardlab.api.GameState;
import org.boardlab.api.Move;
import org.boardlab.api.Side;
import org.boardlab.api.event.MatchOutcome;
import org.boardlab.api.event.MatchOutcome.Ending;
import org.boardlab.game.gomoku.GomokuBoard;
import org.boardlab.game.gomoku.Point;
import org.boardlab.protocol.gomoku.Cell;
import org.boardlab.protocol.gomoku.GomokuMessage;
import org.boardlab.protocol.gomoku.GomokuMessage.Color;
import org.boardlab.protocol.gomoku.GomokuMessage.FullUpdate;
import org.boardlab.protocol.gomoku.GomokuMessage.Place;
import org.boardlab.protocol.gomoku.GomokuMessage.Refused;
import org.boardlab.protocol.gomoku.GomokuMessage.Update;
import org.boardlab.protocol.gomoku.GomokuMessage.Win;
import org.boardlab.protocol.gomoku.GomokuProtocolException;
import org.boardlab.protocol.gomoku.GomokuWire;
import org.boardlab.protocol.gomoku.ProtocolViolation;
import org.boardlab.protocol.gomoku.Role;
import org.boardlab.protocol.gomoku.Stone;
import org.boardlab.protocol.gomoku.Winner;
import org.boardlab.protocol.gomoku.WireBoard;
import org.boardlab.server.Connection;
import org.boardlab.server.LobbyException;
import org.boardlab.server.Member;
import org.boardlab.server.MemberListener;
import org.boardlab.server.OrderedWrites;
import org.boardlab.server.Table;

/**
 * One client of seed 003's protocol, bound to the shared lobby and to a table (the README's
 * section 10 is the flow in words):
 * <ol>
 *   <li>{@code join} or {@code hello}: logs in as {@code gomoku-<connection id>}, answers
 *       {@code hello} and asks the lobby to pair it with the gomoku client that has waited longest;
 *       the one that waited plays black.</li>
 *   <li>Seated: {@code hello}, {@code color} and a full {@code update} of the empty board.</li>
 *   <li>{@code place}: handed to the table; a played stone reaches both players as an incremental
 *       {@code update}, the end of the round as {@code win}. A {@code place} that is not played
 *       gets {@code refused} and a full {@code update} with the unchanged board, and nothing
 *       else happens (the turn stays).</li>
 *   <li>{@code new} after a round: another round against the same opponent, who is asked through
 *       the lobby and agrees at once; the one who asked plays black. If the opponent has gone,
 *       the client waits to be paired with the next one who comes.</li>
 *   <li>The connection drops during a round: the player loses the round at once.</li>
 * </ol>
 * Everything runs on the connection's I/O thread: the client's messages, and the lobby's and
 * table's calls (the session logs in with its event loop as the member's executor), in the order
 * they were made.
 */
final class GomokuSession extends SimpleChannelInboundHandler<Object> implements MemberListener {

    /** Tries of {@code gomoku-<id>-<n>} when another protocol's player already took the plain name. */
    private static final int NAME_TRIES = 100;

    private final Connection connection;
    private final String gameId;
    private Channel channel;
    /** Every write to this client, in the order made, from any thread (a spectator hears two players' loops). */
    private OrderedWrites writes;
    private volatile Member member;
    /** The round being played, or {@code null}. */
    private volatile Table table;
    /** The round being played or the last one, or {@code null} before the first round. */
    private volatile Table lastTable;
    /** The side played in {@link #lastTable}. */
    private volatile Side side;
    /** The opponent's name in {@link #lastTable}. */
    private volatile String lastOpponent;
    /** Whether the client waits in the lobby's queue to be paired. */
    private volatile boolean waiting;
    /** A {@code new} that came before the lobby released the players from the last table. */
    private final AtomicBoolean newRequested = new AtomicBoolean();
    /**
     * Whether the table accepted this client's stone and its {@code update} has not been sent yet.
     * Only read and written on the channel's event loop, like {@link #held}.
     */
    private boolean stoneInFlight;
    /** Refusals of places that came while {@link #stoneInFlight}: sent right after that stone's update. */
    private final List<Refused> held = new ArrayList<>();
    /** What to do with the answers of places the table refused, decided when they came (event loop only). */
    private final java.util.ArrayDeque<Connection.Refusal> refusedMoves = new java.util.ArrayDeque<>();
    /** The round, ply and turn of the last full update sent after a refusal (event loop only). */
    private Table boardSentFor;
    private int boardSentPly;
    private Stone boardSentTurn;

    GomokuSession(Connection connection, String gameId) {
        this.connection = connection;
        this.gameId = gameId;
    }

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) throws Exception {
        channel = ctx.channel();
        writes = new OrderedWrites(channel.eventLoop());
        connection.state("connected");
        super.handlerAdded(ctx);
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) throws Exception {
        Member m = member;
        if (m != null) {
            Table t = table;
            if (t != null && !t.isOver()) {
                // GMKU has no name to come back with, so waiting for the player is pointless
                t.forfeit(m, Ending.ERROR, m.name() + " lost the connection");
            }
            connection.lobby().connectionLost(m);
        }
        super.channelInactive(ctx);
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        if (cause instanceof GomokuProtocolException e) {
            // fatal: the frame decoder closes the connection; this reports it to the log and the tap
            connection.violation(e.violation().reason());
            return;
        }
        ctx.fireExceptionCaught(cause);
    }

    private void send(GomokuMessage message) {
        writes.run(() -> channel.writeAndFlush(message));
    }

    @Override
    protected void channelRead0(ChannelHandlerContext ctx, Object msg) {
        if (msg instanceof ProtocolViolation v) {
            // not fatal: the frame is skipped, as the original does (the inspector shows the reason)
            if (v.type().equals("place")) {
                refuse(-1, -1, "your place could not be read: " + v.reason());
            } else if (connection.refuse() == Connection.Refusal.CLOSE) {
                connection.violation(Connection.REFUSAL_LIMIT); // counted like a refusal, never answered
            }
            return;
        }
        if (msg instanceof GomokuMessage.Join || msg instanceof GomokuMessage.Hello) {
            join();
        } else if (msg instanceof GomokuMessage.NewRound) {
            newRound();
        } else if (msg instanceof Place place) {
            place(place.row(), place.col());
        }
        // a heartbeat only keeps the connection open: the silence handler has already seen it
    }

    // ---- what the client says

    private void join() {
        if (member != null) {
            return; // already joined: a second join or hello changes nothing
        }
        Member m = null;
        String name = null;
        for (int i = 0; m == null; i++) {
            name = "gomoku-" + connection.id() + (i == 0 ? "" : "-" + i);
            try {
                m = connection.lobby().login(name, gameId, connection.protocolId(), this, channel.eventLoop());
            } catch (LobbyException e) {
                if (i == NAME_TRIES) {
                    throw new IllegalStateException("no free lobby name like gomoku-" + connection.id(), e);
                }
            }
        }
        member = m;
        connection.playerName(name);
        waitForOpponent();
    }

    /**
     * Answers {@code hello} and queues for the next opponent (which may seat the client at once).
     * Runs on the channel's I/O thread, so the {@code hello} is written first but flushed only once
     * the client is in the queue: a client that has its {@code hello} has its place in the queue,
     * and the round's own messages, if the client is seated at once, come after it.
     */
    private void waitForOpponent() {
        waiting = true;
        connection.state("waiting for an opponent");
        channel.write(GomokuMessage.HELLO);
        connection.lobby().pair(member);
        channel.flush();
    }

    private void newRound() {
        Member m = member;
        if (m == null || table != null || lastTable == null || waiting) {
            return; // not joined, a round is on, none was played yet, or already waiting
        }
        newRequested.set(true);
        if (m.table() != null || m.status() != Member.Status.READY) {
            // the lobby has not released the players yet (or the opponent's own new is being set up):
            // statusChanged() goes on once this player is READY; a round that starts meanwhile clears it
            return;
        }
        if (newRequested.compareAndSet(true, false)) {
            startNewRound(m);
        }
    }

    private void startNewRound(Member m) {
        if (m.status() == Member.Status.BUSY || table != null || waiting) {
            return; // the opponent asked at the same moment: that round is being set up
        }
        String name = lastOpponent;
        Member opponent = connection.lobby().member(name);
        if (opponent != null && opponent.isConnected() && opponent.table() == null) {
            try {
                connection.lobby().invite(m, name); // the opponent's session accepts at once
                connection.state("asking " + name + " for another round");
                return;
            } catch (LobbyException e) {
                if (m.status() == Member.Status.BUSY) {
                    return; // the opponent asked at the same moment: its round is being set up
                }
            }
        }
        waitForOpponent();
    }

    private void place(int row, int col) {
        Member m = member;
        Table t = table;
        if (m == null || t == null) {
            refuse(row, col, m == null ? "you are not in a game: send join first"
                    : lastTable == null ? "your first round has not started: you wait for an opponent"
                    : waiting ? "the next round has not started: you wait for an opponent"
                    : "the round is over: send new for another round");
            return;
        }
        GameState state = t.state();
        GomokuBoard board = (GomokuBoard) state;
        boolean onBoard = row >= 0 && col >= 0 && row < board.size() && col < board.size();
        if (!onBoard) {
            refuse(row, col, state.isTerminal() || state.sideToMove() != side ? notYourTurn(state)
                    : GomokuWire.point(row, col) + " is off the " + board.size() + "x" + board.size() + " board");
            return;
        }
        switch (t.move(m, Point.of(col, row).notation())) {
            case ACCEPTED -> {
                stoneInFlight = true; // the update reaches both through moved()
                connection.accepted();
            }
            // counted now, in the order the client sent it (the table's answer comes later, in moveRefused)
            case REFUSED -> refusedMoves.add(connection.refuse());
            case OUT_OF_TURN -> refuse(row, col, notYourTurn(state));
            case GAME_OVER -> refuse(row, col, "the round is over: send new for another round");
        }
    }

    private String notYourTurn(GameState state) {
        if (state.isTerminal()) {
            return "the round is over: send new for another round";
        }
        return "it is not your turn: " + stone(side.other()).word() + " is to move";
    }

    /**
     * Tells the client its {@code place} was not played: {@code refused}, then a full update with the
     * board as it stands. The update's turn is the colour to move, except when it is not this
     * client's turn (or the round is over): then it is the opponent's colour, so that the original
     * client keeps its board locked. Before a client's first round there is no board to send.
     * <p>While the client's own accepted stone has not been announced yet (a client that sends a
     * {@code place} again before the {@code update} of its last one), the answer waits until that
     * update has been sent: answered at once, it would overtake the update, and its board, taken
     * before the table played the stone, would lack the stone and name the client's own colour as
     * turn, which unlocks the original client on a wrong board. Runs on the channel's event loop.
     */
    private void refuse(int row, int col, String reason) {
        switch (connection.refuse()) {
            case ANSWER -> answerRefusal(row, col, reason);
            case QUIET -> {
                // refused too often: the answer is not repeated
            }
            case CLOSE -> connection.violation(Connection.REFUSAL_LIMIT); // GMKU has no error message
        }
    }

    /** Sends the answer to a refused place (or holds it while the client's own stone is in flight). */
    private void answerRefusal(int row, int col, String reason) {
        if (stoneInFlight) {
            held.add(new Refused(row, col, reason));
            return;
        }
        send(new Refused(row, col, reason));
        Table t = lastTable;
        if (t == null) {
            return;
        }
        GameState state = t.state();
        Stone turn = table == t && !state.isTerminal() && state.sideToMove() == side
                ? stone(side) : stone(side.other());
        sendBoardOnce(t, state, turn);
    }

    /**
     * Sends the full update that goes with a refusal, unless this client was already sent the same one
     * (same round, same position, same turn) after an earlier refusal: a client that repeats a refused
     * place gets the short {@code refused} only, so refusals cannot be turned into boards (a 15x15 board
     * is 20 times a {@code place}). Runs on the event loop.
     */
    private void sendBoardOnce(Table t, GameState state, Stone turn) {
        if (boardSentFor == t && boardSentPly == state.ply() && boardSentTurn == turn) {
            return;
        }
        boardSentFor = t;
        boardSentPly = state.ply();
        boardSentTurn = turn;
        send(fullUpdate(state, turn));
    }

    // ---- what the lobby and the table say

    /** GMKU has no lobby list: the lobby tells this session only its own status. */
    @Override
    public boolean hearsLobby() {
        return false;
    }

    @Override
    public void statusChanged(Member other) {
        Member m = member;
        if (other == m && m.status() == Member.Status.READY && newRequested.compareAndSet(true, false)) {
            channel.eventLoop().execute(() -> startNewRound(m)); // released from the last table: go on with new
        }
    }

    @Override
    public void invited(Member from) {
        boolean accept = from.name().equals(lastOpponent) && table == null && !waiting;
        channel.eventLoop().execute(() -> {
            try {
                connection.lobby().answer(member, from.name(), accept);
            } catch (LobbyException e) {
                // the invitation ended meanwhile (the opponent left)
            }
        });
    }

    @Override
    public void invitationAnswered(String to, boolean accepted) {
        if (!accepted) {
            // the opponent left (or was already waiting for somebody new): wait for somebody else
            channel.eventLoop().execute(() -> {
                Member m = member;
                if (m != null && table == null && !waiting && m.status() == Member.Status.READY && channel.isActive()) {
                    waitForOpponent();
                }
            });
        }
    }

    @Override
    public void gameStarted(Table t, Side s) {
        newRequested.set(false); // a round starts: an earlier new is answered
        Member m = member;
        Member opponent = t.opponentOf(m);
        side = s;
        lastOpponent = opponent.name();
        lastTable = t;
        table = t;
        waiting = false;
        connection.matchId(t.id());
        connection.state("playing " + stone(s).word() + " against " + opponent.name());
        send(GomokuMessage.HELLO);
        send(new Color(Role.of(stone(s))));
        // the start, not the position now: stones placed since (the opponent may have been quicker to
        // hear of the round) follow as the updates queued after this call
        GameState start = t.startPosition();
        send(fullUpdate(start, stone(start.sideToMove())));
    }

    @Override
    public void moved(Table t, Side mover, Move move, GameState after) {
        Point p = Point.parse(move.notation());
        Update update = new Update(p.row(), p.col(), stone(mover.other()));
        // on the event loop like every listener call, so a place refused while this stone was in
        // flight is answered after it
        send(update);
        if (mover == side) {
            sendHeld();
        }
    }

    /** Ends {@link #stoneInFlight} and sends the refusals held meanwhile. Runs on the event loop. */
    private void sendHeld() {
        stoneInFlight = false;
        if (held.isEmpty()) {
            return;
        }
        List<Refused> refusals = new ArrayList<>(held);
        held.clear();
        for (Refused r : refusals) {
            answerRefusal(r.row(), r.col(), r.reason()); // counted when they came
        }
    }

    @Override
    public void moveRefused(Table t, String move, String reason) {
        Connection.Refusal decision = refusedMoves.poll();
        switch (decision == null ? connection.refuse() : decision) {
            case ANSWER -> {
                Point p = Point.parse(move);
                send(new Refused(p.row(), p.col(), reason));
                GameState state = t.state();
                sendBoardOnce(t, state, stone(state.sideToMove()));
            }
            case QUIET -> {
                // refused too often: the answer is not repeated
            }
            case CLOSE -> connection.violation(Connection.REFUSAL_LIMIT);
        }
    }

    @Override
    public void gameEnded(Table t, MatchOutcome outcome) {
        if (table == t) {
            table = null;
        }
        connection.matchId(0);
        connection.state("round over");
        Win win = new Win(outcome.winner() == null ? Winner.DRAW : Winner.of(stone(outcome.winner())));
        // after the updates of moved(), in call order on the event loop; a round can also end (a
        // forfeit) with this client's stone accepted but never played: its held refusals go out first
        sendHeld();
        send(win);
    }

    // ---- the board on the wire

    /** Black moves first: {@link Side#FIRST} is black. */
    static Stone stone(Side side) {
        return side == Side.FIRST ? Stone.BLACK : Stone.WHITE;
    }

    /** The full update of a position: every point, the last stone (or -1, -1) and {@code turn}. */
    static FullUpdate fullUpdate(GameState state, Stone turn) {
        GomokuBoard board = (GomokuBoard) state;
        int size = board.size();
        Cell[][] cells = new Cell[size][size];
        for (int row = 0; row < size; row++) {
            for (int col = 0; col < size; col++) {
                Side s = board.stoneAt(col, row);
                cells[row][col] = s == null ? Cell.EMPTY : Cell.of(stone(s));
            }
        }
        Point last = board.lastMove().orElse(null);
        return new FullUpdate(last == null ? -1 : last.row(), last == null ? -1 : last.col(), turn, WireBoard.of(cells));
    }
}
