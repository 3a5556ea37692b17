package org.boardlab.protocol.dots.internal;

import java.util.concurrent.CompletableFuture;
import javax.inject.Named;
import javax.inject.Singleton;
import org.boardlab.api.Side;
import org.boardlab.client.RemotePlay;

/**
 * The workbench as a web player of seed 002's game, on any server of this wire given by address (a
 * team's, or boardlab's own): it logs in (registering a new name), waits in the lobby, accepts the
 * first invitation or invites the name asked for, and plays one game with the workbench's player (a
 * loaded player, or a person at the board), through {@link DotsWebClient}: the moves reach the Match
 * view in turn, whatever order the server's answers arrive in.
 *
 * <p>The Match view's Name is the name, its Password (a field that shows no characters) the
 * password; without a password the password is {@value #DEFAULT_PASSWORD}, so on a shared server give
 * one. A Name with a space and no Password is refused: it is what the Name field held before it had
 * a Password beside it ({@code NAME PASSWORD}), and the password would be registered as part of the
 * name. Every Bayeux message the web player sends and receives (handshake, connect, subscribe, the
 * lobby's and the game's messages, heartbeats) goes to the request's
 * {@link org.boardlab.client.RemotePlay.MessageTap}, so the inspector shows the connection decoded
 * under the match, as it shows Othello's and Gomoku's client connections.
 */
@Named("dots")
@Singleton
public final class DotsRemotePlay implements RemotePlay {

    /** The password of a Name given without one. */
    static final String DEFAULT_PASSWORD = "workbench";

    @Override
    public String protocolId() {
        return "dots";
    }

    @Override
    public String gameId() {
        return "dots";
    }

    @Override
    public String howToMeet() {
        return "invite a name, or wait to be invited; a name the server does not know is registered with the Password";
    }

    @Override
    public Session open(Request request, Events events) {
        if (!request.player().supports(request.game())) {
            throw new IllegalArgumentException("the player cannot play " + request.game().id());
        }
        String name = request.name() == null ? "" : request.name().strip();
        boolean noPassword = request.password() == null || request.password().isEmpty();
        if (noPassword && name.contains(" ")) {
            throw new IllegalArgumentException("the password goes in the Password field, which shows no characters, not after the name");
        }
        String password = noPassword ? DEFAULT_PASSWORD : request.password();
        if (name.isEmpty() || name.length() > org.boardlab.protocol.dots.DotsWire.MAX_NAME) {
            throw new IllegalArgumentException("the name must have 1 to " + org.boardlab.protocol.dots.DotsWire.MAX_NAME + " characters");
        }
        if (password.length() < org.boardlab.protocol.dots.DotsWire.MIN_PASSWORD) {
            throw new IllegalArgumentException("the password must have at least " + org.boardlab.protocol.dots.DotsWire.MIN_PASSWORD + " characters");
        }
        String invite = request.invite() == null || request.invite().isBlank() ? null : request.invite().strip();
        DotsWebClient client = new DotsWebClient(request.host(), request.port(), DotsWebClient.HEARTBEAT, new DotsWebClient.Listener() {
            @Override
            public void said(String text) {
                events.said(text);
            }

            @Override
            public void gameStarted(DotsWebClient.GameView game) {
                events.started(game.me() == 1 ? Side.FIRST : Side.SECOND, game.name(3 - game.me()));
            }

            @Override
            public void moved(DotsWebClient.GameView game, int player, String move) {
                events.moved(player == 1 ? Side.FIRST : Side.SECOND, move);
            }

            @Override
            public void gameEnded(DotsWebClient.GameView game, int winner, int score1, int score2, String reason) {
                events.ended((winner == 0 ? "a draw" : game.name(winner) + " wins") + ", " + score1 + ":" + score2
                        + (reason.isEmpty() ? "" : " (" + reason + ")"));
            }

            @Override
            public void closed(String why) {
                events.closed(why == null ? "closed by the workbench" : why);
            }
        });
        client.tapMessages(request.messages());
        CompletableFuture<Void> connected = new CompletableFuture<>();
        Thread login = new Thread(() -> {
            try {
                DotsWebClient.Answer a = client.login(name, password);
                if (a.status() == 401) {
                    DotsWebClient.Answer r = client.register(name, password);
                    if (!r.ok()) {
                        throw new IllegalStateException(r.status() == 406 && r.body().contains("Already exists")
                                ? "wrong password for " + name : "cannot register " + name + ": " + r.text());
                    }
                    a = client.login(name, password);
                }
                if (!a.ok()) {
                    throw new IllegalStateException("cannot log in as " + name + ": " + a.text());
                }
                client.play(new DotsWebClient.Seat(request.player(), request.timePerMove(), invite, 1, invite == null, System.nanoTime()));
                events.standing("logged in as " + name + (invite == null ? "; waiting for an invitation" : "; inviting " + invite));
                connected.complete(null);
            } catch (RuntimeException e) {
                connected.completeExceptionally(e);
                client.close();
            }
        }, "dots-remote-login");
        login.setDaemon(true);
        login.start();
        return Session.of(connected, client::close);
    }
}
