package org.boardlab.client;

import org.boardlab.api.Game;
import org.boardlab.api.Move;
import org.boardlab.api.Player;
import org.boardlab.api.Side;

/**
 * The smallest protocol seat on {@link ClientSeat}, for its tests: tic-tac-toe over
 * {@link LineClient}. The server sends {@code START X} or {@code START O} (the seat's side),
 * {@code MOVE b2} for every move played (the seat's own included) and {@code END}, or instead of
 * {@code MOVE} a {@code PLAYED X b2} that names the side, which the seat checks
 * ({@link ClientSeat#applyReported}) and reports when it does not follow; the seat sends
 * {@code MOVE b2} on its turns and {@code AGAIN} after a game while it plays on. {@code REFUSED why}
 * refuses the seat's move ({@link ClientSeat#refused}); {@code RETRY} has it asked again
 * ({@link ClientSeat#askAgain}). The protocol
 * carries rows 1 and 2 only, so that a legal move it cannot send exists.
 */
final class LineSeat extends ClientSeat<LineClient, String, String> {

    private LineSeat(LineClient client, Player player, Game game, SeatOptions options, SeatListener listener) {
        super(client, player, game, options, listener);
    }

    static LineSeat start(LineClient client, Player player, Game game, SeatOptions options, SeatListener listener) {
        LineSeat seat = new LineSeat(client, player, game, options, listener);
        seat.start();
        return seat;
    }

    @Override
    protected String wire(Move move) {
        if (move.notation().endsWith("3")) {
            throw new IllegalArgumentException("it carries rows 1 and 2 only");
        }
        return "MOVE " + move.notation();
    }

    @Override
    protected void send(String message) {
        client().send(message);
    }

    @Override
    protected void takeOver() {
    }

    @Override
    protected void heard(String line) {
        if (line.startsWith("START ")) {
            playAs(line.endsWith("X") ? Side.FIRST : Side.SECOND);
            follow(game().newGame());
            ask();
        } else if (line.startsWith("MOVE ") && position() != null) {
            apply(position().parseMove(line.substring(5)));
            ask();
        } else if (line.startsWith("PLAYED ") && position() != null) {
            String why = applyReported(line.charAt(7) == 'X' ? Side.FIRST : Side.SECOND, line.substring(9));
            if (why != null) {
                problem("the server's " + line + " does not follow: " + why);
            }
            ask();
        } else if (line.startsWith("REFUSED ")) {
            refused("the server refused: " + line.substring(8));
        } else if (line.equals("RETRY")) {
            askAgain();
        } else if (line.equals("END") && gameEnded()) {
            client().send("AGAIN");
        }
    }
}
