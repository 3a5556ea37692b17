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
    /** The clocks and how a port is made, asked for when a port opens (a bad system property then stops that port only). */
    private final java.util.function.Supplier<DotsWire.Timers> timers;
    private final java.util.function.Supplier<DotsWeb.Options> options;
    /** The logins file, asked for when the port opens (the store's URL is known by then); {@code null}: none. */
    private final java.util.function.Supplier<java.nio.file.Path> logins;
    private volatile DotsWeb open;

    /** Where a port's accounts come from (boardlab's store in the product; a test's own database in tests). */
    interface AccountsFactory {
        Accounts open();
    }


    /** Where {@code serve} keeps the login tokens' hashes between runs with the default store (beside H2's file). */
    static final java.nio.file.Path LOGINS = java.nio.file.Path.of("data", "dots-logins.txt");

    /**
     * The logins file of the accounts in the database at {@code url}: {@link #LOGINS} for the default H2 file
     * ({@code data/boardlab}, so that a copy of the folder keeps its logins), else
     * {@code data/dots-logins-<12 hex digits of the URL's SHA-256>.txt}: a user id of one database is not the same
     * user in another, so the tokens of one must never open the other.
     */
    static java.nio.file.Path loginsFile(String url) {
        if (url.equals(org.boardlab.store.Stores.h2File(java.nio.file.Path.of("data", "boardlab")))) {
            return LOGINS;
        }
        String hex = java.util.HexFormat.of().formatHex(Tokens.sha256(url));
        return java.nio.file.Path.of("data", "dots-logins-" + hex.substring(0, 12) + ".txt");
    }

    /**
     * The protocol with the seed's clocks; its accounts live in boardlab's default store
     * ({@code --db}/{@code -Dboardlab.db}, else embedded H2 under {@code data/}), its login tokens' hashes in
     * {@link #loginsFile}, so that a restarted server keeps its users logged in.
     */
    @Inject
    public DotsServerProtocol(DotsProtocol protocol, org.boardlab.store.Stores stores) {
        // the properties are read when the port opens: a bad one is then that command's plain error ("boardlab:
        // boardlab.dots.view must be ..."), not a failed injection that every command loading the protocols would meet
        this(protocol, () -> new StoreAccounts(stores.open()), DotsServerProtocol::timers, () -> DotsWeb.Options.SERVER.withView(view()),
                () -> loginsFile(org.boardlab.store.Stores.defaultUrl()));
    }

    /**
     * The seed's clocks, but the silence limit the system property {@code boardlab.dots.silence} gives in seconds
     * (e.g. {@code java -Dboardlab.dots.silence=3 -jar boardlab.jar serve --protocol dots}: a conformance kit's
     * silence scenario with {@code --idle-time 3} then waits 3 s, not the seed's 10), and the time a player has to reach
     * his game that {@code boardlab.dots.reach} gives in seconds (30 s unless set, or the silence limit if that is
     * longer; never less than the silence limit).
     *
     * @throws IllegalArgumentException if a property is not a number of seconds above 0, or the reach time is shorter
     *                                  than the silence limit
     */
    static DotsWire.Timers timers() {
        DotsWire.Timers seed = DotsWire.Timers.SEED;
        Double seconds = property("boardlab.dots.silence", null, Double::valueOf, s -> s > 0 && s <= 86_400,
                "a number of seconds between 0 and 86400");
        Duration silence = seconds == null ? seed.silence() : Duration.ofMillis(Math.round(seconds * 1000));
        Double reach = property("boardlab.dots.reach", null, Double::valueOf,
                s -> Math.round(s * 1000) >= silence.toMillis() && s <= 86_400,
                "a number of seconds from the silence limit (" + silence.toMillis() / 1000.0 + ") to 86400");
        if (seconds == null && reach == null) {
            return seed;
        }
        DotsWire.Timers timers = new DotsWire.Timers(silence, seed.requestLife(), seed.sweepEvery(), seed.tokenLife());
        return reach == null ? timers
                : new DotsWire.Timers(silence, Duration.ofMillis(Math.round(reach * 1000)), seed.requestLife(), seed.sweepEvery(),
                        seed.tokenLife());
    }

    /**
     * How many other waiting users each subscriber of the lobby is shown at most: {@link DotsRoom#VIEW}, or what the
     * system property {@code boardlab.dots.view} gives (e.g. {@code java -Dboardlab.dots.view=100 -jar boardlab.jar
     * serve --protocol dots}: session 18's views, to compare; a small class may like to see everybody).
     *
     * @throws IllegalArgumentException if the property is not a whole number from 1 to {@value #MAX_VIEW}
     */
    static int view() {
        return property("boardlab.dots.view", DotsRoom.VIEW, Integer::valueOf, u -> u >= 1 && u <= MAX_VIEW,
                "a whole number of users from 1 to " + MAX_VIEW);
    }

    /**
     * The system property {@code name} read by {@code parse} (its text trimmed), or {@code unset} when it is not set
     * or blank.
     *
     * @param what what the value must be, for the message ("{@code NAME must be WHAT, not 'TEXT'}")
     * @throws IllegalArgumentException if {@code parse} fails on the text or {@code ok} refuses its value
     */
    private static <T> T property(String name, T unset, java.util.function.Function<String, T> parse,
            java.util.function.Predicate<T> ok, String what) {
        String s = System.getProperty(name);
        if (s == null || s.isBlank()) {
            return unset;
        }
        T value;
        try {
            value = parse.apply(s.trim());
        } catch (NumberFormatException e) {
            value = null;
        }
        if (value == null || !ok.test(value)) {
            throw new IllegalArgumentException(name + " must be " + what + ", not '" + s + "'");
        }
        return value;
    }

    /** The largest view {@code boardlab.dots.view} takes (a view is a list a person reads). */
    static final int MAX_VIEW = 1000;

    DotsServerProtocol(DotsProtocol protocol, AccountsFactory accounts, DotsWire.Timers timers) {
        this(protocol, accounts, timers, DotsWeb.Options.SERVER);
    }

    /** With the ports made as {@code options} say (the client kit's: {@link DotsClientKit}); tokens in memory only. */
    DotsServerProtocol(DotsProtocol protocol, AccountsFactory accounts, DotsWire.Timers timers, DotsWeb.Options options) {
        this(protocol, accounts, timers, options, () -> null);
    }

    /** With the login tokens' hashes kept in the file {@code logins} gives ({@code null}: in memory only). */
    DotsServerProtocol(DotsProtocol protocol, AccountsFactory accounts, DotsWire.Timers timers, DotsWeb.Options options,
            java.util.function.Supplier<java.nio.file.Path> logins) {
        this(protocol, accounts, () -> timers, () -> options, logins);
    }

    private DotsServerProtocol(DotsProtocol protocol, AccountsFactory accounts, java.util.function.Supplier<DotsWire.Timers> timers,
            java.util.function.Supplier<DotsWeb.Options> options, java.util.function.Supplier<java.nio.file.Path> logins) {
        this.protocol = protocol;
        this.accounts = accounts;
        this.timers = timers;
        this.options = options;
        this.logins = logins;
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
        DotsWire.Timers clocks = timers.get(); // first: a bad property stops the port before any store is opened
        DotsWeb.Options made = options.get();
        DotsWeb web = new DotsWeb(host, host.game(protocol.gameId()), accounts.open(), clocks, bindAddress, port, made, logins.get());
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
