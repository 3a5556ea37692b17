package org.boardlab.protocol.onitama.internal;

import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.handler.timeout.IdleStateEvent;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import org.boardlab.api.GameOptions;
import org.boardlab.api.GameState;
import org.boardlab.api.Move;
import org.boardlab.api.Player;
import org.boardlab.api.Side;
import org.boardlab.api.event.MatchOutcome;
import org.boardlab.api.event.MatchOutcome.Ending;
import org.boardlab.game.onitama.Card;
import org.boardlab.game.onitama.OnitamaMove;
import org.boardlab.game.onitama.OnitamaPosition;
import org.boardlab.protocol.onitama.ClientFramer;
import org.boardlab.protocol.onitama.ClientFramer.Expect;
import org.boardlab.protocol.onitama.ClientText;
import org.boardlab.protocol.onitama.ProtocolViolation;
import org.boardlab.protocol.onitama.ServerMessage;
import org.boardlab.protocol.onitama.ServerMessage.Answer;
import org.boardlab.protocol.onitama.WireCards;
import org.boardlab.protocol.onitama.WireMove;
import org.boardlab.protocol.onitama.WireText;
import org.boardlab.server.Connection;
import org.boardlab.server.LobbyException;
import org.boardlab.server.LobbySeat;
import org.boardlab.server.Member;
import org.boardlab.server.MemberListener;
import org.boardlab.server.OrderedWrites;
import org.boardlab.server.Table;

/**
 * One client of seed 001's protocol (the README's sections 4 to 7 are this class in words):
 * <ol>
 *   <li>MODE: {@code 0} PvE, {@code 1} PvP, {@code 2} exit (answered {@code 1}, then closed);
 *       anything else {@code 24}. Answered {@code 0}. A name may follow the mode after a blank
 *       (boardlab's addition, which the original reads as the bare mode): the scores are kept
 *       under it.</li>
 *   <li>PvE, DIFFICULTY: {@code 1} Normal or {@code 0} (the newest seed client's byte) and
 *       {@code 2} Hard; answered {@code 0}, and the game starts against the server's player at once,
 *       at no table; anything else {@code 26} (send again).</li>
 *   <li>PvP, TABLE: {@code -1} or {@code 0..4}: {@code 1} (wait), {@code 2} (start), or nothing
 *       while in line for a PLAYING table; anything else {@code 25} and back to MODE.</li>
 *   <li>GAME: each move is answered {@code 0} (played), {@code 27} or {@code 28} (send another);
 *       the opponent's moves come as {@code fr fc tr tc id}. A move out of turn is answered
 *       {@code 27} at once. The game's last message is the winning move; then the server closes.
 *       A game that ends otherwise (the opponent left, time ran out, the draw limit) ends with
 *       {@code 1} (BYE), then the close.</li>
 * </ol>
 * Everything runs on the connection's event loop: the client's messages and the lobby's and
 * table's calls (the session logs in with its event loop as the member's executor).
 */
final class OnitamaSession extends SimpleChannelInboundHandler<Object> implements MemberListener {

    /** Plies after which a game is a draw (the original had no limit; two programs could play forever). */
    static final int PLY_LIMIT = 1000;

    private static final AtomicLong DEALS = new AtomicLong(System.nanoTime());

    /** The session of each client member, to name PvP opponents in the scores. */
    private static final java.util.Map<Member, OnitamaSession> SESSIONS = new java.util.concurrent.ConcurrentHashMap<>();

    private enum Phase { MODE, DIFFICULTY, TABLE, SEATED, PLAYING, OVER }

    private final Connection connection;
    private final ClientFramer framer;
    private final Function<String, Player> players;
    private final String normalId;
    private final String hardId;
    private Channel channel;
    /** Every write to this client, in the order made, from any thread. */
    private OrderedWrites writes;
    private Phase phase = Phase.MODE;
    private String name;
    private boolean pvp;
    private volatile Member member;
    private volatile Table table;
    private volatile Side side;
    private LobbySeat house;
    private int tableNumber = -1;
    /** What the connection's state says while this client plays (made once a game, not at every move). */
    private String playing;

    /**
     * @param players  finds a player by id (a fresh instance each time), or {@code null} if none is loaded
     * @param normalId the player for difficulty 1 (and 0)
     * @param hardId   the player for difficulty 2
     */
    OnitamaSession(Connection connection, ClientFramer framer, Function<String, Player> players, String normalId,
            String hardId) {
        this.connection = connection;
        this.framer = framer;
        this.players = players;
        this.normalId = normalId;
        this.hardId = hardId;
    }

    /** The name the scores are kept under: the one given with the mode, else the client's host. */
    String displayName() {
        if (name != null) {
            return name;
        }
        String remote = connection.remoteAddress();
        int colon = remote.lastIndexOf(':');
        return colon > 0 ? remote.substring(0, colon) : remote;
    }

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) throws Exception {
        channel = ctx.channel();
        writes = new OrderedWrites(channel.eventLoop());
        connection.state("choosing a mode");
        super.handlerAdded(ctx);
    }

    // ---- sending

    private void send(ServerMessage message) {
        writes.run(() -> channel.writeAndFlush(message));
    }

    private void send(int code) {
        send(new Answer(code));
    }

    /** Closes after everything queued has been sent (the pacer keeps the order). */
    private void closeAfterSending() {
        writes.run(() -> channel.writeAndFlush(Unpooled.EMPTY_BUFFER).addListener(ChannelFutureListener.CLOSE));
    }

    private void execute(Runnable task) {
        channel.eventLoop().execute(task);
    }

    // ---- what the client says

    @Override
    protected void channelRead0(ChannelHandlerContext ctx, Object msg) {
        if (msg instanceof ProtocolViolation v) {
            violation(v.reason() + (v.text().isEmpty() ? "" : ": '" + v.text() + "'"));
            return;
        }
        if (!(msg instanceof ClientText text)) {
            return;
        }
        String t = text.text();
        switch (phase) {
            case MODE -> mode(t);
            case DIFFICULTY -> difficulty(t);
            case TABLE -> table(t);
            case SEATED -> {
                connection.state(connection.state());
                refuse(ServerMessage.WRONG_MOVEMENT, "the game has not started: wait for a second player");
            }
            case PLAYING -> move(t);
            case OVER -> {
                // the game is over and the connection closing: nothing more is read
            }
        }
    }

    private void violation(String reason) {
        phase = Phase.OVER;
        send(ServerMessage.ERROR);
        connection.violation(reason); // flushes (behind the 24) and closes; channelInactive forfeits a game
    }

    private void mode(String text) {
        String[] parts = text.split(" ", 2);
        int[] n = WireText.numbers(parts[0]);
        int mode = n == null ? -1 : n[0];
        if (mode == 2) {
            phase = Phase.OVER;
            send(ServerMessage.ONE); // BYE
            closeAfterSending();
            return;
        }
        if (mode != 0 && mode != 1) {
            answerRefusal(ServerMessage.ERROR);
            return;
        }
        if (parts.length == 2) {
            String given = parts[1];
            if (!given.matches("[A-Za-z0-9_.-]{1,32}") || connection.lobby().member(given) != null) {
                answerRefusal(ServerMessage.ERROR); // a name is 1..32 letters, digits, _ . -, and not taken
                return;
            }
            name = given;
            connection.playerName(given);
        }
        pvp = mode == 1;
        phase = pvp ? Phase.TABLE : Phase.DIFFICULTY;
        framer.expect(pvp ? Expect.TABLE : Expect.DIFFICULTY);
        connection.state(pvp ? "choosing a table" : "choosing a difficulty");
        connection.accepted();
        send(ServerMessage.OK);
    }

    private void difficulty(String text) {
        int[] n = WireText.numbers(text);
        String playerId = n == null || n.length != 1 ? null : switch (n[0]) {
            case 0, 1 -> normalId;
            case 2 -> hardId;
            default -> null;
        };
        Player player = playerId == null ? null : players.apply(playerId);
        if (player == null) {
            if (playerId != null) {
                connection.state("choosing a difficulty (player " + playerId + " is not loaded)");
            }
            answerRefusal(ServerMessage.WRONG_DIFFICULTY);
            return;
        }
        if (!login()) {
            return;
        }
        Side mine = java.util.concurrent.ThreadLocalRandom.current().nextBoolean() ? Side.FIRST : Side.SECOND;
        // the registry's player, one connection's instance of it: the store records (and rates) it as playerId
        String houseName = playerId + "#" + connection.id();
        try {
            house = LobbySeat.open(connection.lobby(), houseName, member.gameId(), connection.protocolId(), false,
                    () -> players.apply(playerId), t -> { });
        } catch (LobbyException e) {
            violation("the server could not seat its player: " + e.getMessage());
            return;
        }
        phase = Phase.PLAYING;
        framer.expect(Expect.MOVE);
        connection.accepted();
        send(ServerMessage.OK);
        try {
            Member blue = mine == Side.FIRST ? member : house.member();
            Member red = mine == Side.FIRST ? house.member() : member;
            connection.lobby().play(blue, red, options());
        } catch (LobbyException e) {
            violation("the game could not start: " + e.getMessage());
        }
    }

    private void table(String text) {
        int[] n = WireText.numbers(text);
        if (n == null || n.length != 1 || n[0] < -1 || n[0] > 4) {
            phase = Phase.MODE;
            framer.expect(Expect.MODE);
            connection.state("choosing a mode");
            answerRefusal(ServerMessage.WRONG_TABLE);
            return;
        }
        if (!login()) {
            return;
        }
        connection.accepted();
        phase = Phase.SEATED;
        framer.expect(Expect.MOVE); // the client should say nothing now; whatever it says is a move too early
        seated(Room.of(connection.lobby()).sit(this, n[0]));
    }

    /** Tells this client where it sits. Runs on this session's event loop. */
    private void seated(Room.Seating seating) {
        if (seating instanceof Room.Alone a) {
            tableNumber = a.table();
            connection.state("waiting at table " + a.table());
            send(ServerMessage.ONE);
        } else if (seating instanceof Room.InLine l) {
            tableNumber = l.table();
            connection.state("in line for table " + l.table() + " (PLAYING)");
        } else if (seating instanceof Room.Join j) {
            tableNumber = j.table();
            OnitamaSession first = j.first();
            Member blue = first.member;
            first.execute(first::told2);
            send(ServerMessage.TWO);
            try {
                connection.lobby().play(blue, member, options());
            } catch (LobbyException e) {
                // the waiting player left at this very moment: it is gone; sit down alone instead
                Room room = Room.of(connection.lobby());
                List<Object[]> others = room.abort(j.table());
                seated(room.sit(this, j.table()));
                Room.tell(others);
            }
        }
    }

    /** The player waiting at a table is told that a second one sat down. */
    private void told2() {
        if (phase == Phase.SEATED && channel.isActive()) {
            send(ServerMessage.TWO);
        }
    }

    private boolean login() {
        if (member != null) {
            return true;
        }
        // without a name: onitama#17, a name the store keeps with the game but does not rate
        String base = name != null ? name : connection.anonymousName();
        try {
            member = connection.lobby().login(base, "onitama", connection.protocolId(), this, channel.eventLoop());
            SESSIONS.put(member, this);
            connection.playerName(base);
            return true;
        } catch (LobbyException e) {
            if (name != null) {
                // the name is taken: the client may choose another mode and name
                name = null;
                phase = Phase.MODE;
                framer.expect(Expect.MODE);
                connection.state("choosing a mode (the name was taken)");
                answerRefusal(ServerMessage.ERROR);
                return false;
            }
            violation("no lobby name for this connection: " + e.getMessage());
            return false;
        }
    }

    /** A random deal of five cards (seed 001's server dealt with {@code rand()}), and the draw limit. */
    private static GameOptions options() {
        return GameOptions.of(java.util.Map.of("seed", Long.toString(DEALS.incrementAndGet() * 0x9E3779B97F4A7C15L),
                "limit", Integer.toString(PLY_LIMIT)));
    }

    private void move(String text) {
        Table t = table;
        int[] n = WireText.numbers(text);
        if (n == null || n.length != 5) {
            // the original: fewer than five numbers is WRONG_CARD in PvP, WRONG_MOVEMENT in PvE
            refuse(pvp ? ServerMessage.WRONG_CARD : ServerMessage.WRONG_MOVEMENT,
                    "a move is five numbers: fr fc tr tc id, not '" + WireText.printable(text, 40) + "'");
            return;
        }
        WireMove wire = new WireMove(n[0], n[1], n[2], n[3], n[4]);
        if (!wire.hasCard()) {
            refuse(ServerMessage.WRONG_CARD, "card numbers are 0..15, not " + wire.card());
            return;
        }
        if (!wire.isPass() && !wire.onBoard()) {
            refuse(ServerMessage.WRONG_MOVEMENT, "rows and columns are 0..4: " + wire + " leaves the board");
            return;
        }
        if (t == null) {
            refuse(ServerMessage.WRONG_MOVEMENT, "the game has not started");
            return;
        }
        OnitamaMove move = wire.toMove();
        switch (t.move(member, move.notation())) {
            case ACCEPTED -> {
                // the table checked it with the game's rules and handed it to the referee, which plays it:
                // answered at once, as the original answered once its own check had passed
                connection.state(playing != null ? playing : stateWord());
                connection.accepted();
                send(ServerMessage.OK);
            }
            case REFUSED -> {
                // moveRefused() answers 27
            }
            case OUT_OF_TURN -> refuse(ServerMessage.WRONG_MOVEMENT, "it is not your turn");
            case GAME_OVER -> refuse(ServerMessage.WRONG_MOVEMENT, "the game is over");
        }
    }

    private void refuse(int code, String reason) {
        connection.state(stateWord() + "; last message refused (" + code + "): " + reason);
        answerRefusal(code);
    }

    /**
     * Answers a refused message with {@code code}, within the limits every protocol shares
     * ({@link Connection#refuse()}): answered, left unanswered once the client has been refused too
     * often in a short time, or (a client that keeps at it) closed with {@code 24}.
     */
    private void answerRefusal(int code) {
        switch (connection.refuse()) {
            case ANSWER -> send(code);
            case QUIET -> {
                // refused too often: the answer is not repeated
            }
            case CLOSE -> violation(Connection.REFUSAL_LIMIT);
        }
    }

    private String stateWord() {
        Table t = table;
        if (t == null) {
            return tableNumber >= 0 ? "waiting at table " + tableNumber : "not in a game";
        }
        return "playing " + colour(side) + (pvp ? " at table " + tableNumber : " against the server")
                + " vs " + t.opponentOf(member).name();
    }

    private static String colour(Side s) {
        return s == Side.FIRST ? "blue" : "red";
    }

    // ---- what the lobby and the table say

    /** Seed 001's wire has no lobby list: the lobby spends no work telling this client about others. */
    @Override
    public boolean hearsLobby() {
        return false;
    }

    @Override
    public void gameStarted(Table t, Side s) {
        if (pvp) {
            Room.of(connection.lobby()).started(tableNumber, t);
        }
        table = t;
        side = s;
        phase = Phase.PLAYING;
        framer.expect(Expect.MOVE);
        connection.matchId(t.id());
        playing = stateWord();
        connection.state(playing);
        OnitamaPosition start = (OnitamaPosition) t.startPosition();
        List<Card> blue = start.cards(Side.FIRST);
        List<Card> red = start.cards(Side.SECOND);
        send(new ServerMessage.Setup(s == Side.FIRST ? 0 : 1, List.of(WireCards.number(blue.get(0)),
                WireCards.number(blue.get(1)), WireCards.number(red.get(0)), WireCards.number(red.get(1)),
                WireCards.number(start.sideCard()))));
    }

    @Override
    public void moved(Table t, Side mover, Move move, GameState after) {
        if (t != table) {
            return;
        }
        if (mover != side) { // this client's own move was answered 0 when the table accepted it
            send(new ServerMessage.Moved(WireMove.of((OnitamaMove) move)));
        }
    }

    @Override
    public void moveRefused(Table t, String move, String reason) {
        refuse(ServerMessage.WRONG_MOVEMENT, move + ": " + reason);
    }

    @Override
    public void gameEnded(Table t, MatchOutcome outcome) {
        if (t != table) {
            return;
        }
        phase = Phase.OVER;
        playing = null;
        connection.matchId(0);
        Room room = Room.of(connection.lobby());
        boolean won = outcome.ending() == Ending.NORMAL && outcome.winner() != null;
        String me = displayName();
        String other = opponentName(t);
        if (outcome.winner() == null) {
            room.record(t, me, other, true);
        } else if (outcome.winner() == side) {
            room.record(t, me, other, false);
        } else {
            room.record(t, other, me, false);
        }
        connection.state("game over: " + (outcome.winner() == null ? "no winner" : colour(outcome.winner()) + " won")
                + " (" + outcome.detail() + ")");
        if (!won) {
            send(ServerMessage.ONE); // BYE: the game ended without a winning move
        }
        closeAfterSending();
        if (pvp) {
            Room.tell(room.finished(tableNumber, t));
        }
        if (house != null) {
            LobbySeat h = house;
            house = null;
            h.close();
        }
    }

    /**
     * The opponent's name in the scores: the server's player by its player id (PvE), a PvP opponent
     * by its name or host.
     */
    private String opponentName(Table t) {
        if (!pvp) {
            String n = t.opponentOf(member).name(); // onitama-normal#17
            int hash = n.lastIndexOf('#');
            return hash > 0 ? n.substring(0, hash) : n;
        }
        Member other = t.opponentOf(member);
        OnitamaSession session = SESSIONS.get(other);
        return session != null ? session.displayName() : other.name();
    }

    /** Tells {@code session} where it now sits, on its own event loop. */
    void seatedLater(Room.Seating seating) {
        execute(() -> {
            if (channel.isActive()) {
                seated(seating);
            }
        });
    }

    /**
     * A client that does not read what the server sends is not read either: once the connection's
     * outgoing buffer passes Netty's high-water mark (64 KiB) the server stops reading from it until
     * it drains, so a client that floods and never reads holds up only itself.
     */
    @Override
    public void channelWritabilityChanged(ChannelHandlerContext ctx) throws Exception {
        ctx.channel().config().setAutoRead(ctx.channel().isWritable());
        super.channelWritabilityChanged(ctx);
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object evt) throws Exception {
        if (evt instanceof IdleStateEvent && phase == Phase.SEATED) {
            return; // a client waiting for a second player says nothing, as long as it takes
        }
        super.userEventTriggered(ctx, evt);
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) throws Exception {
        Member m = member;
        Table t = table;
        Room room = Room.of(connection.lobby());
        if (m != null && t != null && !t.isOver()) {
            t.forfeit(m, Ending.ERROR, m.name() + " lost the connection");
            room.record(t, opponentName(t), displayName(), false); // the one who leaves loses
            if (pvp) {
                Room.tell(room.finished(tableNumber, t));
            }
        }
        if (phase == Phase.SEATED) {
            Room.tell(room.leave(this));
        }
        if (m != null) {
            SESSIONS.remove(m);
            connection.lobby().connectionLost(m);
        }
        if (house != null) {
            house.close(); // after the forfeit above, which the referee takes first
            house = null;
        }
        super.channelInactive(ctx);
    }
}
