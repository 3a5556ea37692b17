package org.boardlab.protocol.onitama.internal;

import java.util.HashSet;
import java.util.Set;
import org.boardlab.api.Game;
import org.boardlab.api.GameState;
import org.boardlab.api.Move;
import org.boardlab.api.Player;
import org.boardlab.client.ClientSeat;
import org.boardlab.client.SeatListener;
import org.boardlab.client.SeatOptions;
import org.boardlab.game.onitama.OnitamaMove;
import org.boardlab.protocol.onitama.OnitamaClient;
import org.boardlab.protocol.onitama.ServerMessage;
import org.boardlab.protocol.onitama.WireMove;

/**
 * A loaded {@link Player} playing seed 001's Onitama through an {@link OnitamaClient}, for
 * {@code boardlab client onitama --player ID}: the client stack's {@link ClientSeat} asks the player
 * on the client's turns (a blocking player on a thread of the seat's own, never on the event loop,
 * with {@link SeatOptions#timePerMove()} until the request's deadline), cancels the request (its
 * future, and the interrupt of the thread that runs a blocking player) as soon as the game or the
 * connection is over, and drops an answer that comes too late. A player that ignores the cancel keeps
 * its thread, not the seat: the next game asks on another thread. A player that fails, returns
 * nothing or an illegal move is told to the {@link SeatListener} and nothing is sent (the server's
 * time per move decides).
 *
 * <p>The seat does not choose the mode: whoever uses the client sends it (the terminal client sends
 * {@code pve} or {@code pvp} and the difficulty or table). From the setup on, it follows the game:
 * the setup gives its colour and the position, the opponent's moves are applied to it, and its own
 * move once the server answers {@code 0}. After {@code 27} or {@code 28} for its move (the server's
 * rules disagree with boardlab's), the player is asked again about the same position and a move the
 * server refused there is not sent again: if the player chooses it again, the first legal move not
 * refused is sent instead, and when the server refused every legal move the seat gives up the game
 * (it closes the connection). A {@code 1} in a game (BYE) ends the game.
 *
 * <p>Threads: as {@link ClientSeat}; everything but the player's thinking runs on the client's event
 * loop.
 */
final class OnitamaSeat extends ClientSeat<OnitamaClient, ServerMessage, OnitamaMove> {

    /** The move sent and not yet answered, or {@code null}; on the event loop only. */
    private OnitamaMove sent;
    /** The wire texts of the moves the server refused in the followed position; on the event loop only. */
    private final Set<String> refusedHere = new HashSet<>();
    /** The player's move that {@link #wire} replaced by another, until {@link #send} says so; event loop only. */
    private OnitamaMove replaced;

    private OnitamaSeat(OnitamaClient client, Player player, Game game, SeatOptions options, SeatListener listener) {
        super(client, player, game, options, listener);
    }

    /**
     * Seats {@code player} at {@code client}, connected or not yet; it plays from the next setup (or
     * from the game in progress).
     *
     * @param game     the {@code onitama} game as loaded (the player must support it)
     * @param listener told what the player does; {@code null} for nobody
     * @throws IllegalArgumentException if the player says it cannot play {@code game}
     */
    static OnitamaSeat start(OnitamaClient client, Player player, Game game, SeatOptions options, SeatListener listener) {
        return started(OnitamaSeat::new, client, player, game, options, listener, false);
    }

    /** A game in progress on the client is taken over (the seat started after the setup). */
    @Override
    protected void takeOver() {
        OnitamaClient c = client();
        if (c.position() != null && !c.position().isTerminal() && c.colour() != null) {
            playAs(c.colour());
            followClient();
            ask();
        }
    }

    private void followClient() {
        sent = null;
        refusedHere.clear();
        follow(client().position());
    }

    @Override
    protected void heard(ServerMessage m) {
        OnitamaClient c = client();
        if (m instanceof ServerMessage.Setup) {
            playAs(c.colour());
            followClient();
            ask();
        } else if (m instanceof ServerMessage.Moved moved) {
            if (position() == null) {
                return;
            }
            String why;
            try {
                why = applyReported(c.colour().other(), moved.move().toMove().notation());
            } catch (IllegalArgumentException e) {
                why = e.getMessage();
            }
            if (why != null) {
                problem("the server's move " + moved.text() + " does not follow from this seat's game (" + why
                        + "); following the client's board");
                followClient();
            }
            movedOn();
        } else if (m instanceof ServerMessage.Answer a) {
            answered(a);
        }
    }

    private void answered(ServerMessage.Answer a) {
        if (a.code() == ServerMessage.ONE && position() != null) {
            sent = null;
            gameEnded(); // BYE: the opponent left, time ran out, or the draw limit
            return;
        }
        OnitamaMove mine = sent;
        if (mine == null || position() == null) {
            return; // the answer to the mode, the difficulty or the table: the terminal client's
        }
        sent = null;
        if (a.code() == ServerMessage.OK) {
            if (position().whyIllegal(mine) == null) {
                apply(mine);
            } else {
                followClient();
            }
            movedOn();
            return;
        }
        // 27 or 28 (§7): send another move; the refused one is not sent again in this position
        String text = WireMove.of(mine).text();
        refusedHere.add(text);
        refused("the server answers " + a.code() + " to " + text + " (" + mine.notation() + "): " + a.meaning());
        askAgain();
    }

    /** A move was played: the game may be over, or it may be this seat's turn. */
    private void movedOn() {
        refusedHere.clear();
        GameState p = position();
        if (p != null && p.isTerminal()) {
            gameEnded();
        } else {
            ask();
        }
    }

    /** Not while its own move waits for the server's answer. */
    @Override
    protected boolean ourTurn(GameState position) {
        return sent == null && super.ourTurn(position);
    }

    /**
     * The move itself, unless the server refused it in this position: then the first legal move it
     * did not refuse (said to the listener).
     *
     * @throws IllegalArgumentException if the server refused every legal move (the seat then gives up
     *                                  the game and closes the connection)
     */
    @Override
    protected OnitamaMove wire(Move move) {
        OnitamaMove chosen = (OnitamaMove) move; // legal in the position, so an Onitama move
        if (!refusedHere.contains(WireMove.of(chosen).text())) {
            return chosen;
        }
        OnitamaMove other = position().legalMoves().stream().map(OnitamaMove.class::cast)
                .filter(x -> !refusedHere.contains(WireMove.of(x).text())).findFirst().orElse(null);
        if (other == null) {
            client().close();
            throw new IllegalArgumentException("the server refused every legal move of this position; the seat gives up this game");
        }
        replaced = chosen;
        return other;
    }

    @Override
    protected void send(OnitamaMove move) {
        OnitamaMove chosen = replaced;
        replaced = null;
        if (chosen != null) {
            problem("the player chose the refused move again (" + WireMove.of(chosen).text() + ", " + chosen.notation()
                    + "); the first legal move not refused goes instead: " + WireMove.of(move).text() + " (" + move.notation() + ")");
        }
        sent = move;
        client().move(move);
    }
}
