package org.boardlab.protocol.gomoku.internal;

import java.util.concurrent.CompletableFuture;
import javax.inject.Named;
import javax.inject.Singleton;
import org.boardlab.api.Side;
import org.boardlab.client.CloseReason;
import org.boardlab.client.RemotePlay;
import org.boardlab.client.SeatListener;
import org.boardlab.client.SeatOptions;
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
 * player".
 */
@Named("gomoku")
@Singleton
public final class GomokuRemotePlay implements RemotePlay {

    @Override
    public String protocolId() {
        return "gomoku";
    }

    @Override
    public String gameId() {
        return "gomoku";
    }

    @Override
    public Session open(Request request, Events events) {
        boolean[] playing = {false};
        GomokuClient client = new GomokuClient(new GomokuClient.Listener() {
            @Override
            public void message(GomokuMessage m) {
                if (m instanceof GomokuMessage.Hello) {
                    events.said("joined; waiting for the server to pair us with another player");
                } else if (m instanceof GomokuMessage.Color c) {
                    if (c.role() == Role.SPECTATOR) {
                        events.said("the server seated us as a spectator (V): this round is watched, not played");
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
            }

            @Override
            public void malformed(ProtocolViolation violation) {
                events.said("a frame from the server was malformed: " + violation.reason());
            }

            @Override
            public void closed(CloseReason reason) {
                events.closed(reason.detail());
            }
        }, GomokuClient.defaults().withPipeline(request.pipeline()));
        CompletableFuture<Void> connected = new CompletableFuture<>();
        GomokuSeat[] seat = new GomokuSeat[1];
        client.connect(request.host(), request.port()).whenComplete((c, e) -> {
            if (e != null) {
                connected.completeExceptionally(e);
                return;
            }
            try {
                seat[0] = GomokuSeat.start(client, request.player(), request.game(),
                        SeatOptions.defaults().withGames(1).withTimePerMove(request.timePerMove()), new SeatListener() {
                            @Override
                            public void problem(String message) {
                                events.said(message);
                            }
                        });
                connected.complete(null);
            } catch (RuntimeException x) {
                connected.completeExceptionally(x);
                client.close();
            }
        });
        return new Session() {
            @Override
            public CompletableFuture<Void> connected() {
                return connected;
            }

            @Override
            public void close() {
                if (seat[0] != null) {
                    seat[0].close();
                }
                client.close();
            }
        };
    }
}
