package org.boardlab.protocol.othello.internal;

import io.netty.channel.Channel;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.SimpleChannelInboundHandler;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.boardlab.api.GameState;
import org.boardlab.api.Move;
import org.boardlab.api.Side;
import org.boardlab.api.event.MatchOutcome;
import org.boardlab.api.event.MatchOutcome.Ending;
import org.boardlab.game.othello.OthelloPosition;
import org.boardlab.protocol.othello.Answer;
import org.boardlab.protocol.othello.Board;
import org.boardlab.protocol.othello.ClientMessage;
import org.boardlab.protocol.othello.Colour;
import org.boardlab.protocol.othello.EndReason;
import org.boardlab.protocol.othello.OthelloMessage;
import org.boardlab.protocol.othello.ProtocolViolation;
import org.boardlab.protocol.othello.ServerMessage;
import org.boardlab.protocol.othello.Square;
import org.boardlab.protocol.othello.Status;
import org.boardlab.protocol.othello.Winner;
import org.boardlab.server.Connection;
import org.boardlab.server.LobbyChange;
import org.boardlab.server.LobbyException;
import org.boardlab.server.Member;
import org.boardlab.server.MemberListener;
import org.boardlab.server.OrderedWrites;
import org.boardlab.server.Table;

/**
 * One client of seed 000's protocol: the state machine of the spec's section 4, binding the
 * connection to the lobby and to a table. Everything runs on the connection's I/O thread: the
 * client's messages, and the lobby's and table's calls (the session logs in with its event loop as
 * the member's executor), in the order they were made.
 */
final class OthelloSession extends SimpleChannelInboundHandler<Object> implements MemberListener {

    private enum State { CONNECTED, LOBBY, INVITING, INVITED, IN_GAME }

    private final Connection connection;
    private Channel channel;
    /** Every write to this client, in the order made, from any thread. */
    private OrderedWrites writes;
    private volatile State state = State.CONNECTED;
    private volatile Member member;
    private volatile String invitee;
    private volatile String inviter;
    private volatile Table table;
    /**
     * What this client was told of the lobby: name → status (guarded by itself). It holds the listed
     * players (at most the server's lobby list size, see {@code Lobby}) and an inviter who is not
     * listed, so it grows with the list, never with the lobby.
     */
    private final java.util.Map<String, Member.Status> known = new java.util.HashMap<>();
    /** What to do with the answers of moves the table refused, decided when they came (event loop only). */
    private final java.util.ArrayDeque<Connection.Refusal> refusedMoves = new java.util.ArrayDeque<>();
    /** The client's own status as it was last told (only on the event loop). */
    private Member.Status ownTold = Member.Status.READY;
    /** An inviter who is not on the lobby list, told with SADDP before its SREQ (only on the event loop). */
    private Member outsider;

    OthelloSession(Connection connection) {
        this.connection = connection;
    }

    @Override
    public void channelActive(ChannelHandlerContext ctx) throws Exception {
        channel = ctx.channel();
        writes = new OrderedWrites(channel.eventLoop());
        connection.state("connected");
        super.channelActive(ctx);
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) throws Exception {
        Member m = member;
        if (m != null) {
            connection.lobby().connectionLost(m);
        }
        super.channelInactive(ctx);
    }

    private void send(OthelloMessage message) {
        writes.run(() -> channel.writeAndFlush(message));
    }

    /**
     * Answers a message the server refuses, within the limits every protocol shares
     * ({@link Connection#refuse()}): answered, left unanswered, or (a client that keeps at it) closed
     * with {@code SERR}.
     */
    private void refuse(OthelloMessage answer) {
        answer(answer, connection.refuse());
    }

    private void answer(OthelloMessage answer, Connection.Refusal decision) {
        switch (decision) {
            case ANSWER -> send(answer);
            case QUIET -> {
                // refused too often: the answer is not repeated
            }
            case CLOSE -> violation(Connection.REFUSAL_LIMIT);
        }
    }

    private void violation(String reason) {
        connection.violation(reason);
        writes.run(() -> channel.writeAndFlush(new ServerMessage.SErr(reason)).addListener(ChannelFutureListener.CLOSE));
    }

    @Override
    protected void channelRead0(ChannelHandlerContext ctx, Object msg) {
        if (msg instanceof ProtocolViolation v) {
            violation(v.reason());
            return;
        }
        if (msg instanceof ClientMessage.CPing) {
            send(new ServerMessage.SPong());
            return;
        }
        if (msg instanceof ClientMessage.CExit) {
            ctx.close();
            return;
        }
        if (member == null) {
            if (msg instanceof ClientMessage.CName name) {
                login(name.name());
            } else {
                violation("log in with CNAME first");
            }
            return;
        }
        if (msg instanceof ClientMessage.CName) {
            violation("you are already logged in as " + member.name());
        } else if (msg instanceof ClientMessage.CReq req) {
            invite(req.opponent());
        } else if (msg instanceof ClientMessage.CRes res) {
            answer(res.name(), res.answer() == Answer.ACCEPT);
        } else if (msg instanceof ClientMessage.CReqC reqc) {
            if (state == State.INVITING && reqc.name().equals(invitee)) {
                try {
                    connection.lobby().withdraw(member, reqc.name());
                    state = State.LOBBY;
                    invitee = null;
                } catch (LobbyException e) {
                    // the invitation ended meanwhile: the answer is on its way
                }
            }
        } else if (msg instanceof ClientMessage.CMov mov) {
            move(mov.square());
        } else if (msg instanceof ClientMessage.CEndGame) {
            Table t = table;
            if (state == State.IN_GAME && t != null) {
                t.cancel(member);
            }
        }
    }

    private void login(String name) {
        Member m;
        try {
            // the lobby's calls to this session (the lobby list) run on this thread after this method
            m = connection.lobby().login(name, "othello", connection.protocolId(), this, channel.eventLoop(),
                    connection.remoteHost());
        } catch (LobbyException e) {
            refuse(new ServerMessage.SNameErr(e.getMessage()));
            return;
        }
        member = m;
        connection.accepted();
        connection.playerName(name);
        channel.write(new ServerMessage.SNameOk());
        Table t = m.table();
        ownTold = m.status();
        if (t != null) {
            table = t;
            state = State.IN_GAME;
            connection.matchId(t.id());
            connection.state("in game (back)");
            Side side = t.sideOf(m);
            GameState position = t.state();
            channel.write(new ServerMessage.SRecov(board(position), position.sideToMove() == Side.SECOND,
                    side == Side.FIRST, Optional.of(t.opponentOf(m).name())));
        } else {
            state = State.LOBBY;
            connection.state("lobby");
        }
        channel.flush();
    }

    private void invite(String opponent) {
        if (state != State.LOBBY) {
            refuse(new ServerMessage.SRes(opponent, Answer.DECLINE));
            return;
        }
        try {
            invitee = opponent;
            state = State.INVITING;
            connection.state("inviting " + opponent); // before the invitation: the answer may come at once
            connection.lobby().invite(member, opponent);
            connection.accepted();
        } catch (LobbyException e) {
            invitee = null;
            state = State.LOBBY;
            connection.state("lobby");
            refuse(new ServerMessage.SRes(opponent, Answer.DECLINE));
        }
    }

    private void answer(String from, boolean accept) {
        if (state != State.INVITED || !from.equals(inviter)) {
            return; // crossed on the wire with the end of that invitation
        }
        try {
            inviter = null;
            if (!accept) {
                state = State.LOBBY;
                connection.state("lobby");
            }
            connection.lobby().answer(member, from, accept);
            if (!accept) {
                forgetOutsider(from);
            }
        } catch (LobbyException e) {
            state = State.LOBBY;
        }
    }

    private void move(Square square) {
        Table t = table;
        if (state != State.IN_GAME || t == null) {
            return; // the game ended meanwhile
        }
        switch (t.move(member, square.notation())) {
            case ACCEPTED -> connection.accepted();
            // counted now, in the order the client sent it (the table's answer comes later, in moveRefused)
            case REFUSED -> refusedMoves.add(connection.refuse());
            case OUT_OF_TURN -> t.forfeit(member, Ending.OUT_OF_TURN, member.name() + " moved (" + square.notation()
                    + ") when it was not their turn");
            default -> {
                // game over: ignored
            }
        }
    }

    // ---- what the lobby and the table say

    @Override
    public void memberJoined(Member other) {
        joined(other.name(), other.status());
    }

    /**
     * Tells the client of a player: {@code SADDP} (and {@code SUPS~...~BUSY}) for a name it does not
     * have, only the status for one it has. The login list comes on the background lane, an
     * invitation at once: an inviter told before its turn in the list is not added twice.
     */
    private void joined(String name, Member.Status status) {
        Member.Status told;
        synchronized (known) {
            told = known.put(name, status);
        }
        if (told == null) {
            send(new ServerMessage.SAddP(name));
            if (status == Member.Status.BUSY) {
                send(new ServerMessage.SUps(name, Status.BUSY));
            }
        } else if (told != status) {
            send(new ServerMessage.SUps(name, status == Member.Status.BUSY ? Status.BUSY : Status.READY));
        }
    }

    private void statusOf(String name, Member.Status status) {
        synchronized (known) {
            known.put(name, status);
        }
        send(new ServerMessage.SUps(name, status == Member.Status.BUSY ? Status.BUSY : Status.READY));
    }

    /**
     * Lobby news: compared with what this client was told (it may have been given the lobby since,
     * on coming back from a game), so it hears each change once.
     */
    @Override
    public void lobbyNews(List<LobbyChange> changes) {
        if (state == State.IN_GAME) {
            return; // in a game again before this news came: the client catches up when it ends
        }
        for (LobbyChange change : changes) {
            LobbyChange.Entry now = change.now();
            if (now != null && now.member() == member) {
                if (ownTold != now.status()) {
                    ownTold = now.status();
                    send(new ServerMessage.SUps(change.name(), now.status() == Member.Status.BUSY ? Status.BUSY
                            : Status.READY));
                }
                continue;
            }
            Member.Status told;
            synchronized (known) {
                told = known.get(change.name());
            }
            if (now == null) {
                if (told != null) {
                    memberLeft(change.name());
                }
            } else if (told == null) {
                joined(change.name(), now.status());
            } else if (told != now.status()) {
                statusOf(change.name(), now.status());
            }
        }
    }

    @Override
    public void memberLeft(String name) {
        synchronized (known) {
            known.remove(name);
        }
        send(new ServerMessage.SDelP(name));
    }

    @Override
    public void statusChanged(Member other) {
        if (other != member) {
            synchronized (known) {
                known.put(other.name(), other.status());
            }
        } else {
            ownTold = other.status();
        }
        send(new ServerMessage.SUps(other.name(), other.status() == Member.Status.BUSY ? Status.BUSY : Status.READY));
    }

    /** Back from a game: tells the client what changed in the lobby while it played. */
    @Override
    public void lobbyChanged(List<Member> others) {
        if (state == State.IN_GAME) {
            return; // in a game again already: the client catches up when it ends
        }
        java.util.Map<String, Member> now = new java.util.LinkedHashMap<>();
        for (Member m : others) {
            if (m != member) {
                now.put(m.name(), m);
            }
        }
        List<String> gone = new ArrayList<>();
        List<Member> added = new ArrayList<>();
        List<Member> changed = new ArrayList<>();
        synchronized (known) {
            for (String name : known.keySet()) {
                if (!now.containsKey(name)) {
                    gone.add(name);
                }
            }
            for (Member m : now.values()) {
                Member.Status before = known.get(m.name());
                if (before == null) {
                    added.add(m);
                } else if (before != m.status()) {
                    changed.add(m);
                }
            }
        }
        gone.forEach(this::memberLeft);
        added.forEach(this::memberJoined);
        changed.forEach(this::statusChanged);
    }

    @Override
    public void invited(Member from) {
        boolean unknown;
        synchronized (known) {
            unknown = !known.containsKey(from.name());
        }
        if (unknown) {
            // news of a newcomer may still be on its way, or the inviter is not on the lobby list
            joined(from.name(), from.status());
            outsider = from;
        }
        inviter = from.name();
        state = State.INVITED;
        connection.state("invited by " + from.name());
        send(new ServerMessage.SReq(from.name()));
    }

    @Override
    public void invitationWithdrawn(String from) {
        if (state == State.INVITED && from.equals(inviter)) {
            state = State.LOBBY;
            inviter = null;
            connection.state("lobby");
        }
        send(new ServerMessage.SReqC(from));
        forgetOutsider(from);
    }

    /**
     * The invitation of an inviter who is not on the lobby list is over: it leaves this client's
     * list again (SDELP), which shows listed players only. One who was listed meanwhile stays.
     */
    private void forgetOutsider(String name) {
        Member o = outsider;
        if (o == null || !o.name().equals(name)) {
            return;
        }
        outsider = null;
        boolean told;
        synchronized (known) {
            told = known.containsKey(name);
        }
        if (told && !o.isListed()) {
            memberLeft(name);
        }
    }

    @Override
    public void invitationAnswered(String to, boolean accepted) {
        if (!accepted && state == State.INVITING && to.equals(invitee)) {
            state = State.LOBBY;
            invitee = null;
            connection.state("lobby");
        }
        send(new ServerMessage.SRes(to, accepted ? Answer.ACCEPT : Answer.DECLINE));
    }

    @Override
    public void gameStarted(Table t, Side side) {
        outsider = null; // not listed, it leaves the client's list with the lobby after the game
        table = t;
        state = State.IN_GAME;
        invitee = null;
        inviter = null;
        connection.matchId(t.id());
        connection.state("in game against " + t.opponentOf(member()).name());
        send(new ServerMessage.SStartG(t.opponentOf(member()).name(), Optional.of(Colour.of(side))));
    }

    private Member member() {
        Member m = member;
        if (m == null) {
            throw new IllegalStateException("no member");
        }
        return m;
    }

    @Override
    public void moved(Table t, Side side, Move move, GameState after) {
        if (move.notation().equals("pass")) {
            return; // announced with the SMOV before it
        }
        Square square = Square.of(move.notation());
        Optional<Colour> next;
        boolean opponentPasses = after.forcedMove().isPresent(); // the referee plays that pass next
        if (after.isTerminal()) {
            next = Optional.empty();
        } else if (opponentPasses) {
            next = Optional.of(Colour.of(side));
        } else {
            next = Optional.of(Colour.of(after.sideToMove()));
        }
        send(new ServerMessage.SMov(square, Colour.of(side), next, board(after)));
        if (opponentPasses) {
            send(new ServerMessage.SPass(Colour.of(side.other())));
        }
    }

    @Override
    public void moveRefused(Table t, String move, String reason) {
        Square square;
        try {
            square = Square.of(move);
        } catch (IllegalArgumentException e) {
            return;
        }
        Connection.Refusal decision = refusedMoves.poll();
        answer(new ServerMessage.SMovErr(square, reason.replace('~', '-')), decision == null ? connection.refuse() : decision);
    }

    @Override
    public void opponentAway(Table t, boolean away) {
        String who = t.opponentOf(member()).name();
        send(new ServerMessage.SGameI(away ? who + " lost the connection and has "
                + connection.settings().reconnectWindow().toSeconds() + " s to come back" : who + " is back"));
    }

    @Override
    public void gameEnded(Table t, MatchOutcome outcome) {
        table = null;
        state = State.LOBBY;
        connection.matchId(0);
        connection.state("lobby");
        if (outcome.ending() == Ending.ABORTED) {
            send(new ServerMessage.SGameEC());
            return;
        }
        Winner winner = outcome.winner() == null ? Winner.DRAW : Winner.of(Colour.of(outcome.winner()));
        EndReason reason = switch (outcome.ending()) {
            case TIMEOUT -> EndReason.TIMEOUT;
            case OUT_OF_TURN -> EndReason.OUTOFTURN;
            case NORMAL -> EndReason.NORMAL;
            default -> EndReason.DISCONNECT;
        };
        if (reason == EndReason.DISCONNECT && outcome.detail() != null && !outcome.detail().isBlank()) {
            // DISCONNECT also covers a server that stops: the reason in words first (SENDG has no room for it)
            send(new ServerMessage.SGameI(outcome.detail().replace('~', '-')));
        }
        send(new ServerMessage.SEndG(outcome.scores()[0], outcome.scores()[1], winner, reason));
    }

    /** The wire's 64-character board of a position (made once per position, shared by both players). */
    static Board board(GameState state) {
        return new Board(((OthelloPosition) state).cells());
    }
}
