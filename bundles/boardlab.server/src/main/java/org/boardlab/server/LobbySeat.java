package org.boardlab.server;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.boardlab.api.GameState;
import org.boardlab.api.Move;
import org.boardlab.api.MoveRequest;
import org.boardlab.api.Player;
import org.boardlab.api.Side;
import org.boardlab.api.event.MatchOutcome;

/**
 * A loaded player sitting in the server's lobby under a name, so that networked clients can play
 * against it: it accepts every invitation (and, for protocols that pair players instead, waits to be
 * paired), and answers each of its turns with its player's move. This is how the workbench offers a
 * side of a match to "a network client on the embedded server".
 *
 * <p>Moves are chosen on a thread of the seat's own, never on the lobby's or a table's thread.
 */
public final class LobbySeat implements MemberListener, AutoCloseable {

    private final Lobby lobby;
    private final Supplier<Player> players;
    private final Consumer<Table> onGame;
    private final boolean pairs;
    private final ExecutorService thinker;
    private volatile Member member;
    private volatile Player player;

    private LobbySeat(Lobby lobby, Supplier<Player> players, Consumer<Table> onGame, boolean pairs) {
        this.lobby = lobby;
        this.players = players;
        this.onGame = onGame;
        this.pairs = pairs;
        this.thinker = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "boardlab-lobby-seat");
            t.setDaemon(true);
            return t;
        });
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
    public void invited(Member from) {
        thinker.execute(() -> {
            try {
                lobby.answer(member, from.name(), true);
            } catch (LobbyException e) {
                // the invitation ended meanwhile
            }
        });
    }

    @Override
    public void gameStarted(Table table, Side side) {
        player = players.get();
        onGame.accept(table);
    }

    @Override
    public void yourTurn(Table table, GameState state, long deadlineNanos) {
        thinker.execute(() -> {
            Player p = player;
            if (p == null) {
                return;
            }
            try {
                Move move = p.chooseMove(MoveRequest.of(state, java.util.List.of(), deadlineNanos, state.ply(), () -> false));
                if (move != null) {
                    table.move(member, move.notation());
                }
            } catch (Exception e) {
                table.forfeit(member, MatchOutcome.Ending.ERROR, member.name() + " failed: " + e);
            }
        });
    }

    @Override
    public void gameEnded(Table table, MatchOutcome outcome) {
        player = null;
        if (pairs) {
            thinker.execute(() -> lobby.pair(member));
        }
    }

    /** Leaves the lobby (a game in progress is lost by the seat). */
    @Override
    public void close() {
        Member m = member;
        if (m != null) {
            Table t = m.table();
            if (t != null) {
                t.forfeit(m, MatchOutcome.Ending.ERROR, m.name() + " left the server");
            }
            lobby.connectionLost(m);
        }
        thinker.shutdownNow();
    }
}
