package org.boardlab.server;

import java.util.function.Consumer;
import java.util.function.Supplier;
import org.boardlab.api.GameState;
import org.boardlab.api.Player;
import org.boardlab.api.Side;
import org.boardlab.api.event.MatchOutcome;

/**
 * A loaded player sitting in the server's lobby under a name, so that networked clients can play
 * against it: it accepts every invitation (and, for protocols that pair players instead, waits to be
 * paired), and its table hands its player to the referee ({@link MemberListener#seatedPlayer}),
 * which asks it for its moves as it asks any loaded player. This is how the workbench offers a side
 * of a match to "a network client on the embedded server", and how seed 001's server plays PvE.
 *
 * <p>A seat holds no thread: its player thinks on the referee's house pool, sized to the cores
 * ({@link org.boardlab.core.Referee#housePlayer}), only while it is its turn (a student's player from
 * the players folder keeps the sandbox's rules: a process of its own, or a thread of its own when it
 * runs inside boardlab), and its answers to invitations run on a small pool shared by all seats.
 */
public final class LobbySeat implements MemberListener, AutoCloseable {

    /**
     * Answers invitations and pairs again after a game, off the lobby's and the tables' threads: one
     * thread for every seat, in order, which ends after 10 s with nothing to do. (A pool with no core
     * thread and an unbounded queue never grows past one thread, so one is what it says.)
     */
    private static final java.util.concurrent.Executor SHARED = shared();

    private static java.util.concurrent.Executor shared() {
        java.util.concurrent.ThreadPoolExecutor pool = new java.util.concurrent.ThreadPoolExecutor(1, 1, 10,
                java.util.concurrent.TimeUnit.SECONDS, new java.util.concurrent.LinkedBlockingQueue<>(), r -> {
                    Thread t = new Thread(r, "boardlab-lobby-seats");
                    t.setDaemon(true);
                    return t;
                });
        pool.allowCoreThreadTimeOut(true);
        return pool;
    }

    private final Lobby lobby;
    private final Supplier<Player> players;
    private final Consumer<Table> onGame;
    private final boolean pairs;
    private volatile Member member;
    private volatile boolean closed;

    private LobbySeat(Lobby lobby, Supplier<Player> players, Consumer<Table> onGame, boolean pairs) {
        this.lobby = lobby;
        this.players = players;
        this.onGame = onGame;
        this.pairs = pairs;
    }

    /**
     * Logs a player into the lobby.
     *
     * @param name       its name in the lobby
     * @param gameId     the game it plays
     * @param protocolId the protocol whose clients may play it
     * @param pairs      {@code true} for protocols that pair waiting players (Gomoku) instead of inviting
     * @param players    gives a fresh player for each game
     * @param onGame     told (on a lobby thread) when a game starts; must not block
     * @throws LobbyException if the name is taken
     */
    public static LobbySeat open(Lobby lobby, String name, String gameId, String protocolId, boolean pairs,
            Supplier<Player> players, Consumer<Table> onGame) throws LobbyException {
        LobbySeat seat = new LobbySeat(lobby, players, onGame, pairs);
        seat.member = lobby.login(name, gameId, protocolId, seat);
        if (pairs) {
            lobby.pair(seat.member);
        }
        return seat;
    }

    /** The seat's member in the lobby. */
    public Member member() {
        return member;
    }

    /** A seat plays whoever invites it or is paired with it: the lobby list is nothing to it. */
    @Override
    public boolean hearsLobby() {
        return false;
    }

    @Override
    public Supplier<Player> seatedPlayer() {
        return players;
    }

    @Override
    public void invited(Member from) {
        SHARED.execute(() -> {
            if (closed) {
                return;
            }
            try {
                lobby.answer(member, from.name(), true);
            } catch (LobbyException e) {
                // the invitation ended meanwhile
            }
        });
    }

    @Override
    public void gameStarted(Table table, Side side) {
        onGame.accept(table);
    }

    /** Never called: the referee asks this seat's player itself ({@link #seatedPlayer}). */
    @Override
    public void yourTurn(Table table, GameState state, long deadlineNanos) {
    }

    @Override
    public void gameEnded(Table table, MatchOutcome outcome) {
        if (pairs) {
            SHARED.execute(() -> {
                if (!closed) {
                    lobby.pair(member);
                }
            });
        }
    }

    /** Leaves the lobby (a game in progress is lost by the seat). */
    @Override
    public void close() {
        closed = true;
        Member m = member;
        if (m != null) {
            Table t = m.table();
            if (t != null) {
                t.forfeit(m, MatchOutcome.Ending.ERROR, m.name() + " left the server");
            }
            lobby.connectionLost(m);
        }
    }
}
