package org.boardlab.protocol.reversi.internal;

import org.boardlab.api.Game;
import org.boardlab.api.Move;
import org.boardlab.api.Player;
import org.boardlab.api.Side;
import org.boardlab.client.ClientSeat;
import org.boardlab.client.SeatListener;
import org.boardlab.client.SeatOptions;
import org.boardlab.game.othello.OthelloMove;
import org.boardlab.protocol.reversi.ReversiClient;
import org.boardlab.protocol.reversi.ReversiMessage;
import org.boardlab.protocol.reversi.ReversiPositions;

/**
 * A loaded {@link Player} on a seed 004 Game Master's player port, through a {@link ReversiClient},
 * for {@code boardlab client reversi --player ID}: the client stack's {@link ClientSeat} (as the
 * Othello and Gomoku clients use it) asks the player on every Next Turn, about the board it carries
 * with this client's colour to move (Player OK gives the colour, again at a colour change), and
 * sends its move as New Move. A blocking player thinks on a thread of the seat's own, never on the
 * event loop, with {@link SeatOptions#timePerMove()} until the request's deadline; the request is
 * cancelled (it says so, and the thread is interrupted) as soon as the game ends (End) or the
 * connection closes, and an answer that comes after that is dropped. A player that fails, returns
 * nothing or an illegal move is told to the {@link SeatListener} and nothing is sent: the Game
 * Master's clock decides.
 *
 * <p>The seat does not send Connect: whoever uses the client does ({@link ReversiClient#connectAs}).
 * The protocol has no pass: the Game Master passes for a player without a move and sends it no Next
 * Turn then.
 */
final class ReversiSeat extends ClientSeat<ReversiClient, ReversiMessage, ReversiMessage.NewMove> {

    private ReversiSeat(ReversiClient client, Player player, Game game, SeatOptions options, SeatListener listener) {
        super(client, player, game, options, listener);
    }

    /**
     * Seats {@code player} at the connected {@code client}, before it sends Connect.
     *
     * @param game     the {@code othello} game as loaded (the player must support it)
     * @param listener told what the player does; {@code null} for nobody
     * @throws IllegalArgumentException if the player says it cannot play {@code game}
     */
    static ReversiSeat start(ReversiClient client, Player player, Game game, SeatOptions options, SeatListener listener) {
        return started(ReversiSeat::new, client, player, game, options, listener, false);
    }

    /** Nothing to pick up: Player OK and Next Turn come after the Connect. */
    @Override
    protected void takeOver() {
    }

    @Override
    protected void heard(ReversiMessage m) {
        if (m instanceof ReversiMessage.PlayerOk ok) {
            playAs(ok.colour() == ReversiMessage.BLACK ? Side.FIRST : Side.SECOND);
        } else if (m instanceof ReversiMessage.NextTurn turn) {
            if (side() == null) {
                problem("Next Turn came before Player OK: this seat has no colour to play");
                return;
            }
            try {
                follow(ReversiPositions.position(turn.board(), side()));
            } catch (IllegalArgumentException e) {
                follow(null);
                problem("cannot play this board: " + e.getMessage());
                return;
            }
            ask();
        } else if (m instanceof ReversiMessage.End) {
            gameEnded();
        }
    }

    /** New Move for a placement; the protocol has no pass. */
    @Override
    protected ReversiMessage.NewMove wire(Move move) {
        OthelloMove m = (OthelloMove) move; // legal in the Othello position, so an Othello move
        if (m.isPass()) {
            throw new IllegalArgumentException("seed 004 has no pass: the Game Master passes for a player without a move");
        }
        return new ReversiMessage.NewMove(m.col(), m.row());
    }

    /** Through the client, which expects the Game Master's answer to it. */
    @Override
    protected void send(ReversiMessage.NewMove move) {
        try {
            client().move(move.x(), move.y());
        } catch (IllegalStateException e) {
            problem("the move was not sent: " + e.getMessage());
        }
    }
}
