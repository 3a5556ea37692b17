package org.boardlab.protocol.dots.internal;

import io.netty.channel.ChannelPipeline;
import java.time.Duration;
import java.util.List;
import javax.inject.Inject;
import javax.inject.Named;
import javax.inject.Singleton;
import org.boardlab.api.Protocol;
import org.boardlab.protocol.dots.DotsWire;
import org.boardlab.server.Connection;
import org.boardlab.server.GroupHost;
import org.boardlab.server.Lobby;
import org.boardlab.server.ServerProtocol;

/**
 * Seed 002's Dots on the web on the embedded server: a port of its own (Jetty with CometD), opened
 * by the server like any other protocol's ({@code serve --protocol dots}, the Server view).
 */
@Named("dots")
@Singleton
public final class DotsServerProtocol implements ServerProtocol {

    private final DotsProtocol protocol;
    private final AccountsFactory accounts;
    private final DotsWire.Timers timers;
    private final DotsWeb.Options options;
    private volatile DotsWeb open;

    /** Where a port's accounts come from (boardlab's store in the product; a test's own database in tests). */
    interface AccountsFactory {
        Accounts open();
    }


    /**
     * The protocol with the seed's clocks; its accounts live in boardlab's default store
     * ({@code --db}/{@code -Dboardlab.db}, else embedded H2 under {@code data/}).
     */
    @Inject
    public DotsServerProtocol(DotsProtocol protocol, org.boardlab.store.Stores stores) {
        this(protocol, () -> new StoreAccounts(stores.open()), timers());
    }

    /**
     * The seed's clocks, but the silence limit the system property {@code boardlab.dots.silence} gives in seconds
     * (e.g. {@code java -Dboardlab.dots.silence=3 -jar boardlab.jar serve --protocol dots}: a conformance kit's
     * silence scenario with {@code --idle-time 3} then waits 3 s, not the seed's 10).
     *
     * @throws IllegalArgumentException if the property is not a number of seconds above 0
     */
    static DotsWire.Timers timers() {
        String s = System.getProperty("boardlab.dots.silence");
        if (s == null || s.isBlank()) {
            return DotsWire.Timers.SEED;
        }
        double seconds;
        try {
            seconds = Double.parseDouble(s.trim());
        } catch (NumberFormatException e) {
            seconds = -1;
        }
        if (!(seconds > 0) || seconds > 86_400) {
            throw new IllegalArgumentException("boardlab.dots.silence must be a number of seconds between 0 and 86400, not '" + s + "'");
        }
        DotsWire.Timers seed = DotsWire.Timers.SEED;
        return new DotsWire.Timers(Duration.ofMillis(Math.round(seconds * 1000)), seed.requestLife(), seed.sweepEvery(), seed.tokenLife());
    }

    DotsServerProtocol(DotsProtocol protocol, AccountsFactory accounts, DotsWire.Timers timers) {
        this(protocol, accounts, timers, DotsWeb.Options.SERVER);
    }

    /** With the ports made as {@code options} say (the client kit's: {@link DotsClientKit}). */
    DotsServerProtocol(DotsProtocol protocol, AccountsFactory accounts, DotsWire.Timers timers, DotsWeb.Options options) {
        this.protocol = protocol;
        this.accounts = accounts;
        this.timers = timers;
        this.options = options;
    }

    /** The port opened last, or {@code null}. */
    DotsWeb web() {
        return open;
    }

    @Override
    public Protocol protocol() {
        return protocol;
    }

    @Override
    public boolean ownsListener() {
        return true;
    }

    @Override
    public OwnListener listen(GroupHost host, String bindAddress, int port) {
        DotsWeb web = new DotsWeb(host, host.game(protocol.gameId()), accounts.open(), timers, bindAddress, port, options);
        open = web;
        return web;
    }

    @Override
    public List<String> status(Lobby lobby) {
        DotsWeb web = open;
        if (web == null || web.room() == null) {
            return List.of();
        }
        List<String> lines = new java.util.ArrayList<>();
        lines.add(web.room().waiting() + " in the lobby, " + web.room().games().size() + " games being played, "
                + web.room().gamesPlayed() + " played, at http://" + web.address().getAddress().getHostAddress() + ":"
                + web.address().getPort() + "/");
        for (DotsGame g : web.room().games()) {
            if (lines.size() > 20) {
                lines.add("...");
                break;
            }
            lines.add("game " + g.channel + " (match " + g.matchId() + "): " + g.names[0] + " vs " + g.names[1]);
        }
        return lines;
    }

    @Override
    public void initChannel(ChannelPipeline pipeline, Connection connection) {
        throw new UnsupportedOperationException("dots listens on its own port (Jetty), not through the server's pipeline");
    }
}
