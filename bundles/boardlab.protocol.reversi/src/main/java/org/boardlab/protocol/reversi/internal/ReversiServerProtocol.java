package org.boardlab.protocol.reversi.internal;

import io.netty.channel.ChannelPipeline;
import java.time.Duration;
import java.util.List;
import javax.inject.Inject;
import javax.inject.Named;
import javax.inject.Singleton;
import org.boardlab.api.Protocol;
import org.boardlab.server.Connection;
import org.boardlab.server.GroupHost;
import org.boardlab.server.ServerProtocol;

/**
 * Seed 004's Game Master on the embedded server: three ports per Game Master (black player, white
 * player, Game Controller), as many Game Masters as sets of ports opened. Time per move: 10 s (the
 * seed), or the system property {@code boardlab.reversi.timePerMove} in seconds.
 */
@Named("reversi")
@Singleton
public final class ReversiServerProtocol implements ServerProtocol {

    /** The roles of the three ports, in port order. */
    static final List<String> ROLES = List.of("black", "white", "controller");

    private final ReversiProtocol protocol;
    private final Duration timePerMove;

    @Inject
    public ReversiServerProtocol(ReversiProtocol protocol) {
        this(protocol, null);
    }

    /** With a time per move of its own (tests); {@code null}: {@link #timePerMove()}. */
    ReversiServerProtocol(ReversiProtocol protocol, Duration timePerMove) {
        this.protocol = protocol;
        this.timePerMove = timePerMove;
    }

    @Override
    public Protocol protocol() {
        return protocol;
    }

    @Override
    public List<String> portRoles() {
        return ROLES;
    }

    @Override
    public PortGroup openGroup(GroupHost host) {
        return new GameMaster(host, host.game(protocol.gameId()), timePerMove != null ? timePerMove : timePerMove());
    }

    /** Seed 004's 10 s, or {@code -Dboardlab.reversi.timePerMove=S}. */
    static Duration timePerMove() {
        String s = System.getProperty("boardlab.reversi.timePerMove");
        if (s == null) {
            return Duration.ofSeconds(10);
        }
        double seconds = Double.parseDouble(s);
        if (!(seconds > 0)) {
            throw new IllegalArgumentException("boardlab.reversi.timePerMove must be a number of seconds over 0: " + s);
        }
        return Duration.ofMillis(Math.round(seconds * 1000));
    }

    /** Not used: the Game Master's {@link PortGroup} sets up each connection. */
    @Override
    public void initChannel(ChannelPipeline pipeline, Connection connection) {
        throw new UnsupportedOperationException("the reversi protocol opens its ports as a group of three");
    }
}
