package org.boardlab.bench.load;

import io.netty.channel.EventLoop;
import io.netty.channel.EventLoopGroup;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.boardlab.api.GameState;
import org.boardlab.api.Move;
import org.boardlab.api.Side;
import org.boardlab.client.CloseReason;
import org.boardlab.game.gomoku.Gomoku;
import org.boardlab.game.gomoku.GomokuBoard;
import org.boardlab.game.gomoku.Point;
import org.boardlab.protocol.gomoku.GomokuClient;
import org.boardlab.protocol.gomoku.GomokuMessage;
import org.boardlab.protocol.gomoku.GomokuWire;
import org.boardlab.protocol.gomoku.ProtocolViolation;
import org.boardlab.protocol.gomoku.Role;
import org.boardlab.protocol.gomoku.Stone;
import org.boardlab.protocol.gomoku.Winner;

/**
 * One simulated player of seed 003's Gomoku GMKU protocol, on the protocol bundle's own
 * {@link GomokuClient} (which sends the heartbeat every 40 s). The load generator makes it send
 * {@code join} only after the previous client has its {@code hello} (it is then in the server's
 * queue), so the server pairs client 2k (it waited longest: black) with client 2k+1 (white), the
 * two clients of one {@link GamePair}. The pair's round starts at once ({@code hello},
 * {@code color}, full {@code update}), but nobody places a stone before {@link #startPlaying()}.
 *
 * <p>It keeps its own game with the rules of the {@code gomoku} bundle, applies every incremental
 * {@code update} to it and checks that the server agrees (the stone is legal and of the colour to
 * move, the round's first board is empty with black to move, {@code win} names the winner of its
 * own finished game): any disagreement is counted as a {@code desync} error. When an
 * {@code update}'s {@code turn} is its colour, it answers with a random empty point. After each
 * {@code win}, black sends {@code new} (so it plays black again) until the run's deadline.
 *
 * <p>Every listener call runs on the connection's event loop, and so does everything this class
 * schedules, so the fields need no locks; what the two clients of a pair share is in
 * {@link GamePair}.
 */
final class GomokuLoadClient implements GomokuClient.Listener {

    /** How long black waits for the next round after {@code new} before it asks again. */
    private static final long NEW_RETRY_MILLIS = 2_000;

    private final String name;
    private final GamePair pair;
    private final boolean black;
    private final Gomoku gomoku;
    private final Stats stats;
    private final Schedule schedule;
    private final int thinkMillis;
    private final int thinkMaxMillis;
    private final SplittableRandom random;
    private final GomokuClient client;
    /** Counted down at the first {@code hello}: the client is in the server's queue (or seated). */
    final CountDownLatch joined = new CountDownLatch(1);

    /** The connection's event loop, known once the client has made its pipeline. */
    private volatile EventLoop loop;
    private boolean playing;
    /** The round being played, or {@code null} between rounds. */
    private GameState position;
    private Side side;
    /** The full update that opens a round is still to come after {@code color}. */
    private boolean awaitingBoard;
    /** Black's round (from its start or black's {@code new} to its {@code win}) is counted in {@link Stats#gamesInProgress}. */
    private boolean underWay;
    /** Rounds started, as seen by this client: a {@code new} is retried only if none started since. */
    private int rounds;

    GomokuLoadClient(String name, GamePair pair, Gomoku gomoku, Stats stats, Schedule schedule, EventLoopGroup group,
            int thinkMillis, int thinkMaxMillis, long seed) {
        this.name = name;
        this.pair = pair;
        this.black = name.equals(pair.inviter);
        this.gomoku = gomoku;
        this.stats = stats;
        this.schedule = schedule;
        this.thinkMillis = thinkMillis;
        this.thinkMaxMillis = thinkMaxMillis;
        this.random = new SplittableRandom(seed);
        this.client = new GomokuClient(this, GomokuClient.defaults().withGroup(group)
                .withKeepAlive(GomokuWire.HEARTBEAT_INTERVAL)
                .withPipeline(p -> loop = p.channel().eventLoop()));
    }

    /** Connects; the future completes when the connection is open, or fails with the reason. */
    CompletableFuture<GomokuClient> connect(InetSocketAddress address) {
        CompletableFuture<GomokuClient> connected = client.connect(address.getHostString(), address.getPort());
        connected.thenRun(stats.connected::increment);
        return connected;
    }

    /** Whether the connection is open and not joined yet (it may be joined). */
    boolean connected() {
        return client.phase() == GomokuClient.Phase.CONNECTED;
    }

    /** Sends {@code join}. Call on any thread, once the connection is open. */
    void join() {
        send(GomokuMessage.JOIN);
    }

    /** From now on the client answers its turns; black opens the pair's first round. */
    void startPlaying() {
        EventLoop l = loop;
        if (l != null) {
            l.execute(() -> {
                playing = true;
                if (myTurn()) {
                    takeTurn();
                }
            });
        }
    }

    /** Closes the connection. */
    void close() {
        client.close();
    }

    @Override
    public void closed(CloseReason reason) {
        error("unexpected close", name + " lost its connection (" + (position == null ? "between rounds" : "in a round")
                + "): " + reason.detail());
    }

    @Override
    public void malformed(ProtocolViolation violation) {
        error("malformed server frame", name + ": " + violation.reason());
    }

    @Override
    public void message(GomokuMessage msg) {
        try {
            dispatch(msg);
        } catch (RuntimeException e) {
            error("exception", name + ": " + e);
            client.close();
        }
    }

    private void dispatch(GomokuMessage msg) {
        if (msg instanceof GomokuMessage.Update u) {
            placed(u);
        } else if (msg instanceof GomokuMessage.Hello) {
            if (joined.getCount() > 0) {
                stats.loggedIn.increment();
                joined.countDown();
            }
        } else if (msg instanceof GomokuMessage.Color c) {
            roundStarts(c.role());
        } else if (msg instanceof GomokuMessage.FullUpdate f) {
            fullUpdate(f);
        } else if (msg instanceof GomokuMessage.Win w) {
            won(w.winner());
        } else if (msg instanceof GomokuMessage.Refused r) {
            pair.moveRefused();
            error("refused", name + " got refused " + GomokuWire.point(r.row(), r.col()) + ": " + r.reason());
        } else if (!(msg instanceof GomokuMessage.Heartbeat)) {
            error("unexpected", name + " got " + msg);
        }
    }

    /** Sends a message; once the connection is closing, nothing is sent (the close is counted). */
    private void send(GomokuMessage message) {
        try {
            client.send(message);
        } catch (IllegalStateException closing) {
            // closed(...) counts the close
        }
    }

    /** Counts an error, unless the run is shutting down (then the server ends rounds and closes on purpose). */
    private void error(String kind, String detail) {
        if (!schedule.shuttingDown()) {
            stats.error(kind, detail);
        }
    }

    private void roundStarts(Role role) {
        Role expected = black ? Role.BLACK : Role.WHITE;
        if (role != expected) {
            error("unexpected", name + " got color " + role.letter() + ", expected " + expected.letter()
                    + " (paired with a client other than its partner?)");
        }
        rounds++;
        side = role == Role.WHITE ? Side.SECOND : Side.FIRST;
        position = gomoku.newGame();
        awaitingBoard = true;
        if (black) {
            pair.gameStarted();
            stats.gamesStarted.increment();
            if (!underWay) { // the first round starts at the join; later ones were counted at black's new
                underWay = true;
                stats.gamesInProgress.incrementAndGet();
            }
        }
    }

    private void fullUpdate(GomokuMessage.FullUpdate f) {
        if (!awaitingBoard) {
            return; // sent after a refused place, which is counted already
        }
        awaitingBoard = false;
        if (f.board().stones() != 0 || f.hasLastStone() || f.turn() != Stone.BLACK
                || f.board().rows() != ((GomokuBoard) position).size()) {
            error("desync", name + ": the board that opens a round is not empty with black to move");
        }
        if (myTurn()) {
            takeTurn();
        }
    }

    private void placed(GomokuMessage.Update u) {
        long now = System.nanoTime();
        if (position == null) {
            error("desync", name + " got " + GomokuWire.point(u.row(), u.col()) + " outside a round");
            return;
        }
        Side mover = u.placed() == Stone.BLACK ? Side.FIRST : Side.SECOND;
        if (mover != side) {
            long sentAt = pair.moveSeen();
            stats.movesThrough.increment();
            if (sentAt == -1) {
                error("desync", name + " got " + GomokuWire.point(u.row(), u.col()) + " but its partner sent no move");
            } else {
                stats.latency(now - sentAt, schedule.inWindow(sentAt));
            }
            if (schedule.inWindow(now)) {
                stats.movesInWindow.increment();
            }
        }
        Point point = Point.of(u.col(), u.row());
        String why = position.sideToMove() != mover ? "it is not " + u.placed().word() + "'s turn"
                : position.whyIllegal(point);
        if (why != null) {
            error("desync", name + " got " + u.placed().word() + " " + point.notation() + " but it is illegal here: "
                    + why);
            return;
        }
        position = position.apply(point);
        if (myTurn()) {
            takeTurn();
        }
    }

    private boolean myTurn() {
        return playing && position != null && !awaitingBoard && !position.isTerminal()
                && position.sideToMove() == side;
    }

    private void takeTurn() {
        if (thinkMaxMillis > 0) {
            int think = thinkMillis + random.nextInt(thinkMaxMillis - thinkMillis + 1);
            loop.schedule(this::move, think, TimeUnit.MILLISECONDS);
        } else {
            move();
        }
    }

    private void move() {
        if (schedule.halted() || !myTurn()) {
            return;
        }
        List<Move> points = position.legalMoves();
        Point point = (Point) points.get(random.nextInt(points.size()));
        pair.moveSent(name, System.nanoTime(), false);
        stats.movesSent.increment();
        send(new GomokuMessage.Place(point.row(), point.col()));
    }

    private void won(Winner winner) {
        if (position == null) {
            error("desync", name + " got win " + winner.letter() + " outside a round");
            return;
        }
        Optional<Side> mine = position.isTerminal() ? position.outcome().winnerIfAny() : Optional.empty();
        Winner expected = !position.isTerminal() ? null
                : mine.map(s -> s == Side.FIRST ? Winner.BLACK : Winner.WHITE).orElse(Winner.DRAW);
        boolean normal = expected == winner;
        if (black) { // one error and one count per round
            if (!normal) {
                error(position.isTerminal() ? "desync" : "round ended early", name + " got win " + winner.letter()
                        + " but its game is " + (position.isTerminal() ? "won by " + expected.letter()
                        : "not over") + "; " + pair);
            }
            if (!schedule.shuttingDown()) {
                pair.gameEnded("win " + winner.letter());
                stats.gamesFinished.increment();
                if (normal) {
                    stats.gamesNormal.increment();
                }
            }
            if (underWay) {
                underWay = false;
                stats.gamesInProgress.decrementAndGet();
            }
        }
        position = null;
        if (black) {
            askForNewRound();
        }
    }

    /** Black asks for another round (it plays black again), and asks again if none started in a while. */
    private void askForNewRound() {
        if (schedule.noNewGames() || position != null || client.phase() == GomokuClient.Phase.CLOSED) {
            return;
        }
        if (!underWay) {
            underWay = true;
            stats.gamesInProgress.incrementAndGet();
        }
        int before = rounds;
        send(GomokuMessage.NEW_ROUND);
        loop.schedule(() -> {
            if (rounds == before && position == null && !schedule.halted()) {
                error("new not answered", name + " sent new and no round started in " + NEW_RETRY_MILLIS
                        + " ms; asking again");
                send(GomokuMessage.NEW_ROUND);
            }
        }, NEW_RETRY_MILLIS, TimeUnit.MILLISECONDS);
    }
}
