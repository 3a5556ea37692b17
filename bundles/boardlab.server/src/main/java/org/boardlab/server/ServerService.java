package org.boardlab.server;

import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import javax.inject.Inject;
import javax.inject.Named;
import javax.inject.Singleton;
import org.boardlab.api.Game;
import org.boardlab.core.EventBus;
import org.boardlab.core.Referee;
import org.boardlab.core.Registry;
import org.eclipse.sisu.BeanEntry;
import org.eclipse.sisu.Mediator;
import org.eclipse.sisu.inject.BeanLocator;

import com.google.inject.Key;

/**
 * The embedded server of a running boardlab (the workbench's): follows the protocol bundles as they
 * come and go (a protocol that leaves closes its port), and starts, stops and ends the server.
 */
@Named
@Singleton
public final class ServerService {

    private final Registry registry;
    private final EventBus events;
    private final Referee referee;
    private final org.boardlab.store.Stores stores;
    private final Map<String, ServerProtocol> protocols = new ConcurrentHashMap<>();
    private final List<String> log = new ArrayList<>();
    private final List<Runnable> protocolListeners = new java.util.concurrent.CopyOnWriteArrayList<>();
    private EmbeddedServer server;
    /** Where {@link #startAll} opened every protocol's port: a protocol that arrives afterwards is opened there too. */
    private String allOn;
    /** What {@link #startAll} and the protocols opened after it said, by protocol. */
    private final Map<String, String> started = new java.util.TreeMap<>();

    @Inject
    public ServerService(BeanLocator locator, Registry registry, EventBus events, Referee referee, org.boardlab.store.Stores stores) {
        this.registry = registry;
        this.stores = stores;
        this.referee = referee;
        this.events = events;
        locator.watch(Key.get(ServerProtocol.class, Named.class), new Feed(), this);
    }

    /** Adds and removes protocols as their bundles start and stop. */
    private static final class Feed implements Mediator<Named, ServerProtocol, ServerService> {
        @Override
        public void add(BeanEntry<Named, ServerProtocol> entry, ServerService service) {
            service.added(entry.getValue());
        }

        @Override
        public void remove(BeanEntry<Named, ServerProtocol> entry, ServerService service) {
            service.removed(entry.getValue());
        }
    }

    private void added(ServerProtocol protocol) {
        synchronized (this) {
            protocols.put(protocol.protocol().id(), protocol);
            if (server != null) {
                server.addProtocol(protocol);
                if (allOn != null) {
                    open(server, protocol.protocol().id(), allOn);
                }
            }
        }
        protocolsChanged();
    }

    private void removed(ServerProtocol protocol) {
        synchronized (this) {
            protocols.remove(protocol.protocol().id());
            started.remove(protocol.protocol().id());
            if (server != null) {
                server.removeProtocol(protocol.protocol().id());
            }
        }
        protocolsChanged();
    }

    private void protocolsChanged() {
        for (Runnable listener : protocolListeners) {
            listener.run();
        }
    }

    /**
     * Calls {@code listener} (on the thread that starts or stops the protocol's bundle) each time a
     * protocol arrives or leaves, after the server has taken it in: what is offered on the server, and
     * the protocol's client side, may have changed. The workbench's window opens before the protocols
     * have started, so the Match view learns of them this way.
     */
    public org.boardlab.core.Subscription onProtocolsChanged(Runnable listener) {
        protocolListeners.add(listener);
        return () -> protocolListeners.remove(listener);
    }

    /**
     * The server, created on first use with the default settings ({@code -Dboardlab.server.reconnectAnyAddress=true}
     * gives a dropped player's seat back to any address, see {@link ServerSettings#reconnectAnyAddress()}).
     */
    public synchronized EmbeddedServer server() {
        if (server == null) {
            ServerSettings settings = ServerSettings.defaults()
                    .withReconnectAnyAddress(Boolean.getBoolean("boardlab.server.reconnectAnyAddress"));
            server = new EmbeddedServer(registry::requireGame, events, referee, settings, line -> {
                synchronized (log) {
                    log.add(line);
                    if (log.size() > 1_000) {
                        log.remove(0);
                    }
                }
            });
            server.lobby().reserveNames(name -> org.boardlab.store.Seats.namesAPlayer(registry, name));
            protocols.values().forEach(server::addProtocol);
            if (!"off".equals(System.getProperty("boardlab.server.store"))) {
                // every game of the server's tables is stored (committed before it is reported, with the games that end
                // within Store.SERVER_DELAY); -Dboardlab.server.store=off: not
                server.onRecord((result, journal) -> stores.open().recordLater(journal, "server", registry,
                        org.boardlab.store.Store.SERVER_DELAY));
            }
        }
        return server;
    }

    /**
     * Opens every protocol's default port on {@code bindAddress}; a port that cannot be opened (in
     * use) is reported and skipped.
     *
     * @return one line per protocol: where it listens, or why it does not
     */
    public synchronized List<String> startAll(String bindAddress) {
        EmbeddedServer s = server();
        allOn = bindAddress;
        List<String> lines = new ArrayList<>();
        List<String> listening = s.ports().stream().map(EmbeddedServer.Port::protocolId).toList();
        for (ServerProtocol p : protocols.values()) {
            String id = p.protocol().id();
            if (!listening.contains(id)) {
                lines.add(open(s, id, bindAddress));
            }
        }
        return lines;
    }

    /**
     * What {@link #startAll} said, one line per protocol in the order of their ids, with the protocols
     * that arrived after it (their bundles started later, or were replaced): once the server has been
     * asked to serve every protocol, each protocol that arrives is opened on the same address.
     */
    public synchronized List<String> startedAll() {
        return List.copyOf(started.values());
    }

    private String open(EmbeddedServer s, String id, String bindAddress) {
        String line;
        try {
            InetSocketAddress bound = s.start(id, bindAddress, -1);
            line = id + " on " + bound.getAddress().getHostAddress() + ":" + bound.getPort();
        } catch (RuntimeException e) {
            line = id + " not started: " + e.getMessage();
        }
        started.put(id, line);
        return line;
    }

    /**
     * Offers the loaded player {@code playerId} to the clients of protocol {@code protocolId}: opens the
     * protocol's port if it is closed, and logs the player into the lobby as {@code name}, where it
     * accepts every invitation (or waits to be paired) and plays {@code gameId}. This is the
     * workbench's "a network client" side of a match.
     *
     * @param bindAddress where to open the port if it is closed, e.g. {@code 127.0.0.1}
     * @param onGame      told (on a lobby thread; must not block) when one of its games starts
     * @throws IllegalArgumentException if the protocol or the player is not loaded, the protocol does
     *                                  not play the game or does not {@linkplain ServerProtocol#seatsLoadedPlayers
     *                                  seat loaded players}, or the player cannot play it (the message says which)
     * @throws LobbyException           if {@code name} is taken in the lobby
     * @throws IllegalStateException    if the port cannot be opened
     */
    public synchronized PlayerOffer offer(String name, String playerId, String gameId, String protocolId, String bindAddress,
            Consumer<Table> onGame) throws LobbyException {
        ServerProtocol protocol = protocols.get(protocolId);
        if (protocol == null) {
            throw new IllegalArgumentException("no protocol '" + protocolId + "' is loaded; loaded protocols: "
                    + (protocols.isEmpty() ? "none" : String.join(", ", new java.util.TreeSet<>(protocols.keySet()))));
        }
        if (!protocol.seatsLoadedPlayers()) {
            throw new IllegalArgumentException("the " + protocolId
                    + " protocol's clients do not meet players in the lobby, so a loaded player cannot be offered to them");
        }
        if (!protocol.protocol().gameId().equals(gameId)) {
            throw new IllegalArgumentException("the " + protocolId + " protocol plays " + protocol.protocol().gameId() + ", not " + gameId);
        }
        Game game = registry.requireGame(gameId);
        var player = registry.requirePlayer(playerId);
        if (!player.get().supports(game)) {
            throw new IllegalArgumentException("the player " + playerId + " cannot play " + gameId);
        }
        EmbeddedServer s = server();
        InetSocketAddress bound = s.ports().stream().filter(p -> p.protocolId().equals(protocolId)).findFirst()
                .map(EmbeddedServer.Port::address).orElse(null);
        if (bound == null) {
            bound = s.start(protocolId, bindAddress, -1);
        }
        LobbySeat seat = LobbySeat.open(s.lobby(), name, gameId, protocolId, protocol.pairsPlayers(), player::get, onGame);
        return new PlayerOffer(name, playerId, gameId, protocolId, bound.getAddress().getHostAddress() + ":" + bound.getPort(),
                protocol.pairsPlayers(), seat);
    }

    /** The server's recent log lines, oldest first. */
    public List<String> log() {
        synchronized (log) {
            return List.copyOf(log);
        }
    }

    /** Ends open games (decided by the scores), closes every port and connection. */
    public synchronized void shutdown() {
        allOn = null;
        started.clear();
        if (server != null) {
            server.close();
            server = null;
        }
    }
}
