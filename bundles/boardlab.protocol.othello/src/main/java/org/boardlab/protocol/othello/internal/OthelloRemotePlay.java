package org.boardlab.protocol.othello.internal;

import java.util.function.Consumer;
import javax.inject.Named;
import javax.inject.Singleton;
import org.boardlab.client.RemotePlay;
import org.boardlab.client.SeatRemotePlay;
import org.boardlab.protocol.othello.Colour;
import org.boardlab.protocol.othello.OthelloClient;
import org.boardlab.protocol.othello.OthelloSeat;
import org.boardlab.protocol.othello.ProtocolViolation;
import org.boardlab.protocol.othello.ServerMessage;

/**
 * The workbench on anybody's seed 000 Othello server: an {@link OthelloClient} logs in, an
 * {@link OthelloSeat} invites the name given (or accepts the first invitation) and plays one game
 * with the workbench's player, and the server's {@code SSTARTG}, {@code SMOV} and {@code SENDG} are
 * told as {@link RemotePlay.Events}. Connecting and seating are the client stack's
 * {@link SeatRemotePlay}.
 */
@Named("othello")
@Singleton
public final class OthelloRemotePlay extends SeatRemotePlay<OthelloClient, ServerMessage, ProtocolViolation> {

    /** The bean Sisu makes. */
    public OthelloRemotePlay() {
        super("othello", "othello", OthelloClient::new, OthelloClient.defaults(), OthelloSeat::start);
    }

    @Override
    public String howToMeet() {
        return "invite a name, or leave it empty to accept the first invitation";
    }

    /** Logs in with the request's name. */
    @Override
    protected void joined(OthelloClient client, Request request) {
        client.login(request.name());
    }

    @Override
    protected String malformed(ProtocolViolation violation) {
        return "a line from the server was malformed: " + violation.reason();
    }

    @Override
    protected Consumer<ServerMessage> teller(Request request, Events events) {
        return m -> {
            if (m instanceof ServerMessage.SStartG s) {
                events.started(s.colour().orElse(Colour.BLACK).side(), s.opponent());
            } else if (m instanceof ServerMessage.SMov mov) {
                events.moved(mov.colour().side(), mov.square().notation());
            } else if (m instanceof ServerMessage.SEndG end) {
                events.ended(end.summary());
            } else if (m instanceof ServerMessage.SGameEC) {
                events.ended("the game was ended (SGAMEEC)");
            } else if (m instanceof ServerMessage.SMovErr err) {
                events.said("the server refused " + err.square().notation() + ": " + err.reason());
            } else if (m instanceof ServerMessage.SNameErr err) {
                events.said("the server refused the name: " + err.reason());
            } else if (m instanceof ServerMessage.SNameOk) {
                String invite = request.invite();
                events.standing("logged in as " + request.name() + (invite == null || invite.isBlank() ? "; waiting for an invitation"
                        : "; inviting " + request.invite()));
            } else if (m instanceof ServerMessage.SRes res) {
                events.said(res.name() + " answered the invitation: " + res.answer());
            } else if (m instanceof ServerMessage.SReq req) {
                events.said(req.name() + " invites you");
            } else if (m instanceof ServerMessage.SErr err) {
                events.said("the server reports a protocol error: " + err.reason());
            } else if (m instanceof ServerMessage.SGameI info) {
                events.said("the server says: " + info.text());
            }
        };
    }
}
