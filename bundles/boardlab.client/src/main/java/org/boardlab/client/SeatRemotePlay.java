package org.boardlab.client;

import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import org.osgi.annotation.versioning.ConsumerType;

/**
 * {@link RemotePlay} for a protocol whose client is a {@link NettyClient} and whose seat is a
 * {@link ClientSeat}: the part that is the same for every such protocol. {@link #open} makes the
 * protocol's client with the request's pipeline (the workbench's wire tap), connects, seats the
 * request's player for one game within the request's time per move (inviting the request's name,
 * for protocols with invitations), runs {@link #joined} (for example to log in), and tells what the
 * client hears as {@link RemotePlay.Events}: the subclass turns each server message into events
 * ({@link #teller}), a message that could not be read and the close are told here. Closing the
 * session closes the seat and the client.
 *
 * <pre>{@code
 * @Named("othello") @Singleton
 * public final class OthelloRemotePlay extends SeatRemotePlay<OthelloClient, ServerMessage, ProtocolViolation> {
 *     public OthelloRemotePlay() {
 *         super("othello", "othello", OthelloClient::new, OthelloClient.defaults(), OthelloSeat::start);
 *     }
 *     protected Consumer<ServerMessage> teller(Request request, Events events) { return m -> ... events.moved(...) ...; }
 *     protected String malformed(ProtocolViolation v) { return "a line from the server was malformed: " + v.reason(); }
 * }
 * }</pre>
 *
 * @param <C> the protocol's client
 * @param <M> its messages from the server
 * @param <V> its value for what could not be read as a message
 */
@ConsumerType
public abstract class SeatRemotePlay<C extends NettyClient<C, M, V>, M, V> implements RemotePlay {

    /**
     * How the protocol's client is made: its constructor that takes a listener and options, for
     * example {@code OthelloClient::new}.
     */
    @FunctionalInterface
    public interface Clients<C, M, V> {
        /** A new client, not connected, with its first listener. */
        C make(ClientListener<M, V> listener, ClientOptions options);
    }

    private final String protocolId;
    private final String gameId;
    private final Clients<C, M, V> clients;
    private final ClientOptions options;
    private final ClientSeat.Starter<C, M> seats;

    /**
     * @param protocolId the protocol's id
     * @param gameId     the id of the game played over it
     * @param clients    makes the protocol's client
     * @param options    the client's options (the protocol's defaults); the request's pipeline is added
     * @param seats      starts the protocol's seat
     */
    protected SeatRemotePlay(String protocolId, String gameId, Clients<C, M, V> clients, ClientOptions options,
            ClientSeat.Starter<C, M> seats) {
        this.protocolId = Objects.requireNonNull(protocolId, "protocolId");
        this.gameId = Objects.requireNonNull(gameId, "gameId");
        this.clients = Objects.requireNonNull(clients, "clients");
        this.options = Objects.requireNonNull(options, "options");
        this.seats = Objects.requireNonNull(seats, "seats");
    }

    @Override
    public final String protocolId() {
        return protocolId;
    }

    @Override
    public final String gameId() {
        return gameId;
    }

    /**
     * Connects, seats the request's player for one game and tells what happens. The session's
     * {@link RemotePlay.Session#connected()} fails when the server cannot be reached or the seat
     * cannot start (then the client is closed).
     */
    @Override
    public final Session open(Request request, Events events) {
        Consumer<M> teller = teller(request, events);
        C client = clients.make(new ClientListener<>() {
            @Override
            public void message(M message) {
                teller.accept(message);
            }

            @Override
            public void malformed(V violation) {
                events.said(SeatRemotePlay.this.malformed(violation));
            }

            @Override
            public void closed(CloseReason reason) {
                events.closed(reason.detail());
            }
        }, options.withPipeline(request.pipeline()));
        CompletableFuture<Void> connected = new CompletableFuture<>();
        AtomicReference<ClientSeat<C, M, ?>> seat = new AtomicReference<>();
        client.connect(request.host(), request.port()).whenComplete((c, e) -> {
            if (e != null) {
                connected.completeExceptionally(e);
                return;
            }
            try {
                String invite = request.invite() == null || request.invite().isBlank() ? null : request.invite().trim();
                seat.set(seats.start(client, request.player(), request.game(),
                        SeatOptions.defaults().withGames(1).withTimePerMove(request.timePerMove()).withInvite(invite),
                        new SeatListener() {
                            @Override
                            public void problem(String message) {
                                events.said(message);
                            }
                        }));
                joined(client, request);
                connected.complete(null);
            } catch (RuntimeException x) {
                connected.completeExceptionally(x);
                client.close();
            }
        });
        return Session.of(connected, () -> {
            ClientSeat<C, M, ?> s = seat.get();
            if (s != null) {
                s.close();
            }
            client.close();
        });
    }

    /**
     * What tells one session's messages from the server as events: {@link Events#started},
     * {@link Events#moved} for every move the server announces (both sides'), {@link Events#ended},
     * and {@link Events#said} for what is worth a line. Made once a session, so it may keep the
     * session's state; called on the client's event loop.
     */
    protected abstract Consumer<M> teller(Request request, Events events);

    /** The line told when the server sent something that could not be read, e.g. {@code a line from the server was malformed: ...}. */
    protected abstract String malformed(V violation);

    /**
     * The client is connected and the seat started: what the protocol does next (for example log
     * in with {@link Request#name()}). On the client's event loop. Default: nothing.
     */
    protected void joined(C client, Request request) {
    }
}
