package org.boardlab.protocol.onitama.internal;

import io.netty.channel.ChannelPipeline;
import java.util.List;
import java.util.function.Function;
import javax.inject.Inject;
import javax.inject.Named;
import javax.inject.Singleton;
import org.boardlab.api.Player;
import org.boardlab.api.Protocol;
import org.boardlab.core.Registry;
import org.boardlab.protocol.onitama.ClientDecoder;
import org.boardlab.protocol.onitama.ClientFramer;
import org.boardlab.protocol.onitama.OnitamaCodec;
import org.boardlab.protocol.onitama.Pacer;
import org.boardlab.protocol.onitama.ServerEncoder;
import org.boardlab.server.Connection;
import org.boardlab.server.Lobby;
import org.boardlab.server.ServerProtocol;

/**
 * Seed 001's Onitama protocol on the embedded server: per connection the framer, the wire tap, the
 * pacer, the decoder and encoder, and a session. The server's PvE players are
 * {@code onitama-normal} and {@code onitama-hard}, or the players named by the system properties
 * {@code boardlab.onitama.normal} and {@code boardlab.onitama.hard} (any loaded player, such as an
 * external AI through the seed's interface); the pacing gap is {@value Pacer#PROPERTY} (ms).
 */
@Named("onitama")
@Singleton
public final class OnitamaServerProtocol implements ServerProtocol {

    private final OnitamaProtocol protocol;
    private final Function<String, Player> players;
    private final long gapMillis;
    private final String normalId;
    private final String hardId;

    @Inject
    public OnitamaServerProtocol(OnitamaProtocol protocol, Registry registry) {
        this(protocol, id -> registry.player(id).map(c -> c.get()).orElse(null), Pacer.configuredGapMillis(),
                System.getProperty("boardlab.onitama.normal", "onitama-normal"),
                System.getProperty("boardlab.onitama.hard", "onitama-hard"));
    }

    /**
     * @param players   a fresh player for an id, or {@code null} if there is none
     * @param gapMillis the pacer's gap, 0 for no pacing
     * @param normalId  the server's player for difficulty 1 (and 0)
     * @param hardId    the server's player for difficulty 2
     */
    public OnitamaServerProtocol(OnitamaProtocol protocol, Function<String, Player> players, long gapMillis,
            String normalId, String hardId) {
        this.protocol = protocol;
        this.players = players;
        this.gapMillis = gapMillis;
        this.normalId = normalId;
        this.hardId = hardId;
    }

    @Override
    public Protocol protocol() {
        return protocol;
    }

    @Override
    public void initChannel(ChannelPipeline pipeline, Connection connection) {
        ClientFramer framer = new ClientFramer();
        pipeline.addLast(OnitamaCodec.FRAMER, framer)
                .addLast("tap", connection.tap())
                .addLast(OnitamaCodec.PACER, new Pacer(gapMillis))
                .addLast(OnitamaCodec.DECODER, ClientDecoder.INSTANCE)
                .addLast(OnitamaCodec.ENCODER, ServerEncoder.INSTANCE)
                .addLast("onitama-session", new OnitamaSession(connection, framer, players, normalId, hardId));
    }

    /**
     * {@code false}: the seed's clients never invite anyone by name; they sit at one of five tables
     * or ask for a game against the server's own AI (whose players are set by system properties).
     */
    @Override
    public boolean seatsLoadedPlayers() {
        return false;
    }

    /** The five tables' states and the scores (won-lost-drawn by name), for the Server view. */
    @Override
    public List<String> status(Lobby lobby) {
        return tables(lobby);
    }

    /** The five tables' states and the scores of the server whose lobby is {@code lobby}. */
    public static List<String> tables(Lobby lobby) {
        Room room = Room.find(lobby);
        return room == null ? Room.emptyDescription() : room.describe();
    }
}
