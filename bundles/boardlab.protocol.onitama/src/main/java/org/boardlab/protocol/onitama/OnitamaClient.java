package org.boardlab.protocol.onitama;

import io.netty.channel.ChannelPipeline;
import io.netty.channel.EventLoopGroup;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import org.boardlab.api.GameOptions;
import org.boardlab.api.Side;
import org.boardlab.game.onitama.Card;
import org.boardlab.game.onitama.Onitama;
import org.boardlab.game.onitama.OnitamaMove;
import org.boardlab.game.onitama.OnitamaPosition;
import org.boardlab.client.ClientListener;
import org.boardlab.client.ClientOptions;
import org.boardlab.client.NettyClient;

/**
 * A client of seed 001's protocol over Netty (on the server bundle's {@link NettyClient}): it sends
 * the client's messages, each ended with a NUL (which boardlab's server and the original both
 * read), cuts the server's messages at their NUL, and keeps the game as the messages tell it: the
 * colour and cards of the setup, each move of its own once answered {@code 0}, each move of the
 * opponent. Listeners hear every message after the state was updated.
 *
 * <pre>{@code
 * OnitamaClient c = new OnitamaClient(listener, null);
 * c.connect("127.0.0.1", OnitamaCodec.DEFAULT_PORT).join();
 * c.mode(OnitamaClient.PVE, "ann");   // 0\0, then the server answers 0
 * c.send("1");                        // difficulty Normal: 0, then the setup
 * c.move(move);                       // on our turn; 0, 27 or 28
 * }</pre>
 *
 * Threads: as {@link NettyClient} says, every listener call runs on the connection's event loop.
 * The game ends when a move wins on the client's own board; the server then closes the connection.
 */
public final class OnitamaClient extends NettyClient<OnitamaClient, ServerMessage, ProtocolViolation> {

    /** Mode PvE. */
    public static final int PVE = 0;
    /** Mode PvP. */
    public static final int PVP = 1;

    /**
     * What a client tells the code that uses it (every method has an empty default): each server
     * message after the state was updated ({@code message}), bytes that are not a message of this
     * protocol ({@code malformed}), and the close ({@code closed}).
     */
    public interface Listener extends ClientListener<ServerMessage, ProtocolViolation> {
    }

    private final Onitama onitama = new Onitama();
    private volatile OnitamaPosition position;
    private volatile Side colour;
    private volatile OnitamaMove pending;
    private volatile int setups;

    /**
     * @param listener the first listener, or {@code null}
     * @param group    the event loops to run on, or {@code null} for the shared ones
     */
    public OnitamaClient(Listener listener, EventLoopGroup group) {
        super("onitama", ServerMessage.class, ProtocolViolation.class,
                ClientOptions.keepAliveEvery(Duration.ZERO).withGroup(group), listener);
    }

    /** Sends a mode ({@link #PVE}, {@link #PVP}, 2 to exit), with a name if not {@code null}. */
    public CompletableFuture<Void> mode(int mode, String name) {
        return send(name == null ? Integer.toString(mode) : mode + " " + name);
    }

    /** Sends a message as it is (a difficulty, a table, a move), ended with a NUL. */
    public CompletableFuture<Void> send(String text) {
        return write(new ClientText(Objects.requireNonNull(text, "text")));
    }

    /** Sends a move of the game; it is played on this client's board when the server answers {@code 0}. */
    public CompletableFuture<Void> move(OnitamaMove move) {
        pending = move;
        return send(WireMove.of(move).text());
    }

    /** The game as the server's messages tell it, or {@code null} before the setup. */
    public OnitamaPosition position() {
        return position;
    }

    /** This client's colour in the game, or {@code null} before the setup. */
    public Side colour() {
        return colour;
    }

    /** {@code true} when the game goes on and this client is to move (and has no move waiting for its answer). */
    public boolean myTurn() {
        OnitamaPosition p = position;
        return p != null && !p.isTerminal() && p.sideToMove() == colour && pending == null;
    }

    /** How many setups (games) this client has had. */
    public int games() {
        return setups;
    }

    @Override
    protected void codec(ChannelPipeline pipeline) {
        OnitamaCodec.addClientSide(pipeline);
    }

    /** The state follows each server message before the listeners hear it. */
    @Override
    protected void received(ServerMessage m) {
        if (m instanceof ServerMessage.Setup s) {
            colour = s.colour() == 0 ? Side.FIRST : Side.SECOND;
            position = start(s.cards());
            pending = null;
            setups++;
        } else if (m instanceof ServerMessage.Moved moved && position != null) {
            try {
                OnitamaMove move = moved.move().toMove();
                if (position.whyIllegal(move) == null) {
                    position = position.apply(move);
                } else {
                    reportProtocolError("the server's move " + moved.text() + " is not legal here: " + position.whyIllegal(move));
                }
            } catch (IllegalArgumentException e) {
                reportProtocolError("the server's move " + moved.text() + " is not a move: " + e.getMessage());
            }
        } else if (m instanceof ServerMessage.Answer a && pending != null) {
            OnitamaMove move = pending;
            pending = null;
            if (a.code() == ServerMessage.OK && position != null && position.whyIllegal(move) == null) {
                position = position.apply(move);
            }
        }
    }

    /** The start position of a setup's five cards (no draw limit: the server decides the end). */
    public OnitamaPosition start(List<Integer> cards) {
        StringBuilder deal = new StringBuilder();
        for (int c : cards) {
            Card card = WireCards.card(c);
            deal.append(deal.length() == 0 ? "" : ",").append(card.id());
        }
        return onitama.newGame(GameOptions.of(Map.of("cards", deal.toString(), "limit", "0")));
    }
}
