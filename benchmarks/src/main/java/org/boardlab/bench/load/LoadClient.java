package org.boardlab.bench.load;

import io.netty.channel.EventLoop;
import io.netty.channel.EventLoopGroup;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import org.boardlab.api.Move;
import org.boardlab.api.Side;
import org.boardlab.client.CloseReason;
import org.boardlab.game.othello.Othello;
import org.boardlab.game.othello.OthelloMove;
import org.boardlab.game.othello.OthelloPosition;
import org.boardlab.protocol.othello.Answer;
import org.boardlab.protocol.othello.ClientMessage;
import org.boardlab.protocol.othello.Colour;
import org.boardlab.protocol.othello.EndReason;
import org.boardlab.protocol.othello.OthelloClient;
import org.boardlab.protocol.othello.OthelloCodec;
import org.boardlab.protocol.othello.ProtocolViolation;
import org.boardlab.protocol.othello.ServerMessage;
import org.boardlab.protocol.othello.Square;

/**
 * One simulated player of seed 000's Othello protocol, on the protocol bundle's own
 * {@link OthelloClient}: it logs in, then plays its partner game after game with random legal
 * moves until the run's deadline. It keeps its own game with the rules of the {@code othello}
 * bundle, applies every {@code SMOV} and {@code SPASS} to it, and checks that the server agrees
 * (the square was legal, the board, who moves next, the final scores): any disagreement is
 * counted as a {@code desync} error.
 *
 * <p>Following the spec, it moves when its own game says it is its turn: after the opponent's
 * {@code SMOV}, or after the {@code SPASS} that follows its own {@code SMOV} when the opponent has
 * no move. The inviter (black) invites again after each game, once the partner's
 * {@code SUPS~<partner>~READY} has come.
 *
 * <p>The client's pipeline gets a {@link LobbyLineFilter} after the framer, so the lobby lines of
 * other players never reach the client's decoder and lobby. The client's own pings are off: this
 * class pings every 5 s itself, as the spec asks, to time the round trips.
 *
 * <p>Every listener call runs on the connection's event loop, and so does everything this class
 * schedules, so the fields need no locks; what the two clients of a pair share is in
 * {@link GamePair}.
 */
final class LoadClient implements OthelloClient.Listener {

    private static final long PING_SECONDS = 5;

    private enum State { CONNECTED, LOBBY, INVITING, INVITED, PLAYING }

    private final String name;
    private final GamePair pair;
    private final boolean inviter;
    private final Othello othello;
    private final Stats stats;
    private final Schedule schedule;
    private final int thinkMillis;
    private final int thinkMaxMillis;
    private final SplittableRandom random;
    private final LobbyLineFilter filter;
    private final OthelloClient client;

    /** The connection's event loop, known once the client has made its pipeline. */
    private volatile EventLoop loop;
    private ScheduledFuture<?> pings;
    private State state = State.CONNECTED;
    private OthelloPosition position;
    private Side side;
    /** The opponent has no move after our last move: wait for SPASS. */
    private boolean awaitingPass;
    /** The inviter's game (from its CREQ to its end) is counted in {@link Stats#gamesInProgress}. */
    private boolean underWay;
    /** When the oldest unanswered CPING was sent, or 0. */
    private long pingSentAt;

    LoadClient(String name, GamePair pair, Othello othello, Stats stats, Schedule schedule, EventLoopGroup group,
            int thinkMillis, int thinkMaxMillis, long seed) {
        this.name = name;
        this.pair = pair;
        this.inviter = name.equals(pair.inviter);
        this.othello = othello;
        this.stats = stats;
        this.schedule = schedule;
        this.thinkMillis = thinkMillis;
        this.thinkMaxMillis = thinkMaxMillis;
        this.random = new SplittableRandom(seed);
        this.filter = new LobbyLineFilter(partner());
        this.client = new OthelloClient(this, OthelloClient.defaults().withGroup(group)
                .withKeepAlive(Duration.ZERO)
                .withPipeline(p -> {
                    loop = p.channel().eventLoop();
                    p.addAfter(OthelloCodec.FRAMER, "lobby-filter", filter);
                }));
    }

    /**
     * Connects and, once connected, logs in and starts pinging. The future completes when the
     * connection is open, or fails with the reason; {@code loggedIn} is called once, on
     * {@code SNAMEOK} or when the login failed (the reason is counted by this client).
     */
    CompletableFuture<OthelloClient> connect(InetSocketAddress address, Runnable loggedIn) {
        CompletableFuture<OthelloClient> connected = client.connect(address.getHostString(), address.getPort());
        connected.thenAccept(c -> {
            stats.connected.increment();
            // the connection's event loop is known now; the future may have completed on the caller's thread
            loop.execute(() -> logIn(loggedIn));
        });
        return connected;
    }

    private void logIn(Runnable loggedIn) {
        CompletableFuture<Void> login;
        try {
            login = client.login(name);
        } catch (IllegalStateException closedAlready) { // closed(...) counts the close
            loggedIn.run();
            return;
        }
        pings = loop.scheduleAtFixedRate(this::ping, PING_SECONDS, PING_SECONDS, TimeUnit.SECONDS);
        login.whenComplete((ok, refused) -> {
            if (refused == null) {
                state = State.LOBBY;
                stats.loggedIn.increment();
            } // else SNAMEERR or the close is counted when it arrives
            loggedIn.run();
        });
    }

    /** Starts the first game: the inviter invites its partner. Call on any thread. */
    void startPlaying() {
        EventLoop l = loop;
        if (inviter && l != null) {
            l.execute(this::invite);
        }
    }

    /** Closes the connection ({@code CEXIT}, then the close). */
    void close() {
        client.close();
    }

    /** Lobby lines this client's filter dropped unparsed. */
    long lobbyLinesDropped() {
        return filter.dropped();
    }

    @Override
    public void closed(CloseReason reason) {
        if (pings != null) {
            pings.cancel(false);
        }
        error("unexpected close", name + " lost its connection (state " + state + "): " + reason.detail());
    }

    @Override
    public void malformed(ProtocolViolation violation) {
        error("malformed server line", name + ": " + violation.reason());
    }

    @Override
    public void message(ServerMessage msg) {
        try {
            dispatch(msg);
        } catch (RuntimeException e) {
            error("exception", name + ": " + e);
            client.close();
        }
    }

    private void dispatch(ServerMessage msg) {
        if (msg instanceof ServerMessage.SMov m) {
            moved(m);
        } else if (msg instanceof ServerMessage.SPass p) {
            passed(p);
        } else if (msg instanceof ServerMessage.SPong) {
            stats.pongs.increment();
            if (pingSentAt != 0) {
                stats.pingRoundTrip(System.nanoTime() - pingSentAt);
                pingSentAt = 0;
            }
        } else if (msg instanceof ServerMessage.SNameOk) {
            // counted when the login future completes
        } else if (msg instanceof ServerMessage.SReq req) {
            if (!inviter && req.name().equals(pair.inviter) && state == State.LOBBY) {
                state = State.INVITED;
                send(new ClientMessage.CRes(req.name(), Answer.ACCEPT));
            } else {
                error("unexpected", name + " got " + req.encode() + " in state " + state);
            }
        } else if (msg instanceof ServerMessage.SRes res) {
            if (res.answer() == Answer.DECLINE) {
                // the invitation crossed the end of the last game on the wire: try again shortly
                stats.invitationsDeclined.increment();
                state = State.LOBBY;
                notUnderWay();
                loop.schedule(this::invite, 5, TimeUnit.MILLISECONDS);
            }
        } else if (msg instanceof ServerMessage.SStartG start) {
            started(start);
        } else if (msg instanceof ServerMessage.SEndG end) {
            ended(end);
        } else if (msg instanceof ServerMessage.SMovErr err) {
            pair.moveRefused();
            error("SMOVERR", name + " got " + err.encode());
        } else if (msg instanceof ServerMessage.SErr err) {
            error("SERR", name + " got " + err.encode());
        } else if (msg instanceof ServerMessage.SNameErr err) {
            error("SNAMEERR", name + " got " + err.encode());
        } else if (msg instanceof ServerMessage.SGameEC) {
            error("game cancelled", name + " got SGAMEEC");
            gameOver();
        } else if (msg instanceof ServerMessage.SGameI info) {
            error("SGAMEI", name + " got " + info.encode());
        } else if (msg instanceof ServerMessage.SAddP || msg instanceof ServerMessage.SDelP
                || msg instanceof ServerMessage.SUps) {
            stats.lobbyLines.increment();
        } else {
            error("unexpected", name + " got " + msg.encode() + " in state " + state);
        }
    }

    /** Sends a message; once the connection is closing, nothing is sent (the close is counted). */
    private void send(ClientMessage message) {
        try {
            client.send(message);
        } catch (IllegalStateException closing) {
            // closed(...) counts the close
        }
    }

    /** Sends CPING; times the round trip of the oldest ping not answered yet. */
    private void ping() {
        if (pingSentAt == 0) {
            pingSentAt = System.nanoTime();
        }
        send(new ClientMessage.CPing());
    }

    /** Counts an error, unless the run is shutting down (then the server ends games and closes on purpose). */
    private void error(String kind, String detail) {
        if (!schedule.shuttingDown()) {
            stats.error(kind, detail);
        }
    }

    private String partner() {
        return inviter ? pair.invited : pair.inviter;
    }

    private void invite() {
        if (schedule.noNewGames() || state != State.LOBBY) {
            return;
        }
        state = State.INVITING;
        underWay = true;
        stats.gamesInProgress.incrementAndGet();
        send(new ClientMessage.CReq(pair.invited));
    }

    private void started(ServerMessage.SStartG start) {
        Colour colour = start.colour().orElse(inviter ? Colour.BLACK : Colour.WHITE);
        if (!start.opponent().equals(partner()) || (colour == Colour.BLACK) != inviter) {
            error("unexpected", name + " got " + start.encode());
        }
        state = State.PLAYING;
        side = colour.side();
        position = othello.newGame();
        awaitingPass = false;
        if (inviter) {
            pair.gameStarted();
            stats.gamesStarted.increment();
        }
        if (position.sideToMove() == side) {
            takeTurn(false);
        }
    }

    private void moved(ServerMessage.SMov m) {
        long now = System.nanoTime();
        if (state != State.PLAYING) {
            error("desync", name + " got " + m.encode() + " outside a game");
            return;
        }
        Side mover = m.colour().side();
        if (mover != side) {
            long sentAt = pair.moveSeen();
            stats.movesThrough.increment();
            if (sentAt == -1) {
                error("desync", name + " got " + m.encode() + " but its partner sent no move");
            } else {
                stats.latency(now - sentAt, schedule.inWindow(sentAt));
            }
            if (schedule.inWindow(now)) {
                stats.movesInWindow.increment();
            }
        }
        Square square = m.square();
        OthelloMove move = OthelloMove.at(square.x(), square.y());
        String why = position.sideToMove() != mover ? "it is not " + m.colour().word() + "'s turn"
                : position.whyIllegal(move);
        if (why != null) {
            error("desync", name + " got " + m.encode() + " but " + square + " is illegal here: " + why);
            return;
        }
        position = (OthelloPosition) position.apply(move);
        if (!sameBoard(position, m.board().cells())) {
            error("desync", name + ": the board in " + m.encode() + " differs from the game's");
        }
        List<Move> legal = position.legalMoves();
        boolean pass = !position.isTerminal() && legal.size() == 1 && legal.get(0).equals(OthelloMove.PASS);
        Optional<Colour> expected = position.isTerminal() ? Optional.empty()
                : Optional.of(pass ? m.colour() : Colour.of(position.sideToMove()));
        if (!expected.equals(m.next())) {
            error("desync", name + ": " + m.encode() + " names the wrong next player");
        }
        if (pass) {
            awaitingPass = true;
        } else if (!position.isTerminal() && position.sideToMove() == side) {
            takeTurn(false);
        }
    }

    private void passed(ServerMessage.SPass p) {
        if (state != State.PLAYING || !awaitingPass || Colour.of(position.sideToMove()) != p.colour()) {
            error("desync", name + " got " + p.encode() + " unexpectedly");
            return;
        }
        awaitingPass = false;
        position = (OthelloPosition) position.apply(OthelloMove.PASS);
        if (side != position.sideToMove()) {
            stats.passes.increment(); // counted once, by the side that passed
        }
        if (position.sideToMove() == side) {
            takeTurn(true);
        }
    }

    private void takeTurn(boolean afterPass) {
        if (thinkMaxMillis > 0) {
            int think = thinkMillis + random.nextInt(thinkMaxMillis - thinkMillis + 1);
            loop.schedule(() -> move(afterPass), think, TimeUnit.MILLISECONDS);
        } else {
            move(afterPass);
        }
    }

    private void move(boolean afterPass) {
        if (schedule.halted() || state != State.PLAYING || position.isTerminal() || position.sideToMove() != side) {
            return;
        }
        List<OthelloMove> squares = position.placements();
        OthelloMove move = squares.get(random.nextInt(squares.size()));
        pair.moveSent(name, System.nanoTime(), afterPass);
        stats.movesSent.increment();
        send(new ClientMessage.CMov(new Square(move.col(), move.row())));
    }

    private void ended(ServerMessage.SEndG end) {
        if (state != State.PLAYING) {
            error("desync", name + " got " + end.encode() + " outside a game");
            return;
        }
        if (end.reason() != EndReason.NORMAL) {
            if (inviter) { // one error per game
                boolean afterPass = end.reason() == EndReason.OUTOFTURN && pair.lastMoveAfterPass();
                error("game ended " + end.reason() + (afterPass ? " (the move answered an SPASS)" : ""),
                        name + " got " + end.encode() + (afterPass ? "; the last move was sent right after SPASS" : "")
                        + "; " + pair);
                if (end.reason() == EndReason.OUTOFTURN) {
                    pair.moveRefused(); // the move that forfeited: answered by this SENDG, not lost
                }
            }
        } else if (!position.isTerminal() || end.black() != position.discs(Side.FIRST)
                || end.white() != position.discs(Side.SECOND)) {
            error("desync", name + " got " + end.encode() + " but its game is " + (position.isTerminal()
                    ? "over at " + position.discs(Side.FIRST) + "-" + position.discs(Side.SECOND) : "not over"));
        }
        if (inviter && !schedule.shuttingDown()) { // games the server ends as it shuts down do not count
            pair.gameEnded(end.encode());
            stats.gamesFinished.increment();
            if (end.reason() == EndReason.NORMAL) {
                stats.gamesNormal.increment();
            }
        }
        gameOver();
    }

    private void gameOver() {
        notUnderWay();
        state = State.LOBBY;
        position = null;
        awaitingPass = false;
        if (inviter) {
            // both players are ready again when the game has ended; an invitation that arrives
            // before that is declined and tried again
            invite();
        }
    }

    private void notUnderWay() {
        if (underWay) {
            underWay = false;
            stats.gamesInProgress.decrementAndGet();
        }
    }

    private static boolean sameBoard(OthelloPosition position, String cells) {
        for (int row = 0; row < 8; row++) {
            for (int col = 0; col < 8; col++) {
                Optional<Side> disc = position.disc(col, row);
                char expected = disc.isEmpty() ? '.' : disc.get() == Side.FIRST ? 'B' : 'W';
                if (cells.charAt(row * 8 + col) != expected) {
                    return false;
                }
            }
        }
        return true;
    }
}
