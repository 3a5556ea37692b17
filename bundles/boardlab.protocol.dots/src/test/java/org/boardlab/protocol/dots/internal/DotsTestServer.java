package org.boardlab.protocol.dots.internal;

import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.boardlab.core.EventBus;
import org.boardlab.core.GameResult;
import org.boardlab.game.dots.Dots;
import org.boardlab.protocol.dots.DotsWire;
import org.boardlab.server.EmbeddedServer;
import org.boardlab.server.ServerSettings;

/** A real embedded server with the Dots port on a free loopback port, its accounts in a real store (H2 or PostgreSQL). */
final class DotsTestServer implements AutoCloseable {

    /** Shorter clocks for tests: 3 s of silence, 2 s requests, a look every 100 ms. */
    static final DotsWire.Timers FAST = new DotsWire.Timers(Duration.ofSeconds(3), Duration.ofSeconds(2),
            Duration.ofMillis(100), Duration.ofMinutes(10));

    final EmbeddedServer server;
    final Accounts accounts;
    final String base;
    final List<String> log = new CopyOnWriteArrayList<>();
    final List<GameResult> results = new CopyOnWriteArrayList<>();
    private final DotsServerProtocol protocol;

    DotsTestServer(DotsWire.Timers timers) {
        this(timers, "h2");
    }

    /** A server whose accounts are in a fresh database of {@code kind} ({@code h2} or {@code postgresql}). */
    DotsTestServer(DotsWire.Timers timers, String kind) {
        this(timers, kind, DotsWeb.Options.SERVER);
    }

    /** A server whose port is made as {@code options} say (e.g. another view's size). */
    DotsTestServer(DotsWire.Timers timers, String kind, DotsWeb.Options options) {
        this(timers, kind, options, a -> a);
    }

    /** A server that reaches its accounts through {@code through} (e.g. one that counts the reads). */
    DotsTestServer(DotsWire.Timers timers, String kind, DotsWeb.Options options, java.util.function.UnaryOperator<Accounts> through) {
        this.accounts = TestAccounts.open(kind);
        Accounts seen = through.apply(accounts);
        Dots dots = new Dots();
        server = new EmbeddedServer(id -> dots, new EventBus(), ServerSettings.defaults(), log::add);
        server.onResult(results::add);
        protocol = new DotsServerProtocol(new DotsProtocol(), () -> seen, timers, options);
        server.addProtocol(protocol);
        InetSocketAddress at = server.start("dots", "127.0.0.1", 0);
        base = "http://127.0.0.1:" + at.getPort();
    }

    /** The room of the open port: its lobby, games and extensions. */
    DotsRoom room() {
        return protocol.web().room();
    }

    /** The open port. */
    DotsWeb web() {
        return protocol.web();
    }

    int port() {
        return Integer.parseInt(base.substring(base.lastIndexOf(':') + 1));
    }

    @Override
    public void close() {
        server.close();
        TestAccounts.close(accounts);
    }
}
