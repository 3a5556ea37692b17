package org.boardlab.protocol.othello.internal;

import java.util.concurrent.CompletableFuture;
import javax.inject.Named;
import javax.inject.Singleton;
import org.boardlab.api.Side;
import org.boardlab.client.CloseReason;
import org.boardlab.client.RemotePlay;
import org.boardlab.client.SeatListener;
import org.boardlab.client.SeatOptions;
import org.boardlab.protocol.othello.Colour;
import org.boardlab.protocol.othello.OthelloClient;
import org.boardlab.protocol.othello.OthelloSeat;
import org.boardlab.protocol.othello.ProtocolViolation;
import org.boardlab.protocol.othello.ServerMessage;

/**
 * The workbench on anybody's seed 000 Othello server: an {@link OthelloClient} logs in, an
 * {@link OthelloSeat} invites the name given (or accepts the first invitation) and plays one game
 * with the workbench's player, and the server's {@code SSTARTG}, {@code SMOV} and {@code SENDG} are
 * told as {@link RemotePlay.Events}.
 */
@Named("othello")
@Singleton
public final class OthelloRemotePlay implements RemotePlay {

    @Override
    public String protocolId() {
        return "othello";
    }

    @Override
    public String gameId() {
        return "othello";
    }

    @Override
    public String howToMeet() {
        return "invite a name, or leave it empty to accept the first invitation";
    }

    @Override
    public Session open(Request request, Events events) {
        OthelloClient client = new OthelloClient(new OthelloClient.Listener() {
            @Override
            public void message(ServerMessage m) {
                if (m instanceof ServerMessage.SStartG s) {
                    Colour c = s.colour().orElse(Colour.BLACK);
                    events.started(c == Colour.BLACK ? Side.FIRST : Side.SECOND, s.opponent());
                } else if (m instanceof ServerMessage.SMov mov) {
                    events.moved(mov.colour() == Colour.BLACK ? Side.FIRST : Side.SECOND, mov.square().notation());
                } else if (m instanceof ServerMessage.SEndG end) {
                    events.ended(end.summary());
                } else if (m instanceof ServerMessage.SGameEC) {
                    events.ended("the game was ended (SGAMEEC)");
                } else if (m instanceof ServerMessage.SMovErr err) {
                    events.said("the server refused " + err.square().notation() + ": " + err.reason());
                } else if (m instanceof ServerMessage.SNameErr err) {
                    events.said("the server refused the name: " + err.reason());
                } else if (m instanceof ServerMessage.SNameOk) {
                    events.said("logged in as " + request.name()
                            + (blank(request.invite()) ? "; waiting for an invitation" : "; inviting " + request.invite()));
                } else if (m instanceof ServerMessage.SRes res) {
                    events.said(res.name() + " answered the invitation: " + res.answer());
                } else if (m instanceof ServerMessage.SReq req) {
                    events.said(req.name() + " invites you");
                } else if (m instanceof ServerMessage.SErr err) {
                    events.said("the server reports a protocol error: " + err.reason());
                } else if (m instanceof ServerMessage.SGameI info) {
                    events.said("the server says: " + info.text());
                }
            }

            @Override
            public void malformed(ProtocolViolation violation) {
                events.said("a line from the server was malformed: " + violation.reason());
            }

            @Override
            public void closed(CloseReason reason) {
                events.closed(reason.detail());
            }
        }, OthelloClient.defaults().withPipeline(request.pipeline()));
        CompletableFuture<Void> connected = new CompletableFuture<>();
        OthelloSeat[] seat = new OthelloSeat[1];
        client.connect(request.host(), request.port()).whenComplete((c, e) -> {
            if (e != null) {
                connected.completeExceptionally(e);
                return;
            }
            try {
                seat[0] = OthelloSeat.start(client, request.player(), request.game(),
                        SeatOptions.defaults().withGames(1).withTimePerMove(request.timePerMove())
                                .withInvite(blank(request.invite()) ? null : request.invite().trim()),
                        new SeatListener() {
                            @Override
                            public void problem(String message) {
                                events.said(message);
                            }
                        });
                client.login(request.name());
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

    private static boolean blank(String s) {
        return s == null || s.isBlank();
    }
}
