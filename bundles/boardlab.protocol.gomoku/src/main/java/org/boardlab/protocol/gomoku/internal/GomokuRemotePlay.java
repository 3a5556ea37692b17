package org.boardlab.protocol.gomoku.internal;

import java.util.function.Consumer;
import javax.inject.Named;
import javax.inject.Singleton;
import org.boardlab.api.Side;
import org.boardlab.client.RemotePlay;
import org.boardlab.client.SeatRemotePlay;
import org.boardlab.protocol.gomoku.GomokuClient;
import org.boardlab.protocol.gomoku.GomokuMessage;
import org.boardlab.protocol.gomoku.GomokuSeat;
import org.boardlab.protocol.gomoku.GomokuWire;
import org.boardlab.protocol.gomoku.ProtocolViolation;
import org.boardlab.protocol.gomoku.Role;
import org.boardlab.protocol.gomoku.Stone;
import org.boardlab.protocol.gomoku.Winner;

/**
 * The workbench on anybody's seed 003 GMKU server: a {@link GomokuClient} joins, a {@link GomokuSeat}
 * plays one round with the workbench's player, and the server's {@code color}, {@code update} and
 * {@code win} are told as {@link RemotePlay.Events}. GMKU has no names: the opponent is "the other
 * player". Connecting and seating are the client stack's {@link SeatRemotePlay}.
 */
@Named("gomoku")
@Singleton
public final class GomokuRemotePlay extends SeatRemotePlay<GomokuClient, GomokuMessage, ProtocolViolation> {

    /** The bean Sisu makes. */
    public GomokuRemotePlay() {
        super("gomoku", "gomoku", GomokuClient::new, GomokuClient.defaults(), GomokuSeat::start);
    }

    @Override
    protected String malformed(ProtocolViolation violation) {
        return "a frame from the server was malformed: " + violation.reason();
    }

    /**
     * A round is told from its {@code color} to its {@code win}; a spectator's seat ({@code V}) is
     * said, and the round it watches is not told as played.
     */
    @Override
    protected Consumer<GomokuMessage> teller(Request request, Events events) {
        boolean[] playing = {false};
        return m -> {
            if (m instanceof GomokuMessage.Hello) {
                events.standing("joined; waiting for the server to pair us with another player");
            } else if (m instanceof GomokuMessage.Color c) {
                if (c.role() == Role.SPECTATOR) {
                    events.standing("the server seated us as a spectator (V): this round is watched, not played");
                } else {
                    playing[0] = true;
                    events.started(c.role() == Role.BLACK ? Side.FIRST : Side.SECOND, "the other player");
                }
            } else if (m instanceof GomokuMessage.Update u && playing[0]) {
                events.moved(u.placed() == Stone.BLACK ? Side.FIRST : Side.SECOND, GomokuWire.point(u.row(), u.col()));
            } else if (m instanceof GomokuMessage.Win w && playing[0]) {
                playing[0] = false;
                events.ended(w.winner() == Winner.DRAW ? "a draw" : (w.winner() == Winner.BLACK ? "black" : "white") + " wins");
            } else if (m instanceof GomokuMessage.Refused r) {
                events.said("the server refused " + GomokuWire.point(r.row(), r.col()) + ": " + r.reason());
            }
        };
    }
}
