package org.boardlab.server;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.WriteBufferWaterMark;
import io.netty.channel.nio.NioEventLoopGroup;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.handler.flush.FlushConsolidationHandler;
import io.netty.handler.timeout.IdleStateEvent;
import io.netty.handler.timeout.IdleStateHandler;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import java.util.function.Function;
import org.boardlab.api.Game;
import org.boardlab.api.GameOptions;
import org.boardlab.api.Protocol;
import org.boardlab.core.EventBus;
import org.boardlab.core.GameResult;
import org.boardlab.core.Referee;
import org.boardlab.server.internal.ChannelConnection;

/**
 * The embedded server: one listening port per protocol, the connections on them, the shared lobby,
 * the tables being played, and the wire tap. Students' clients in any language connect to it.
 *
 * <p>Create one per process (the workbench and {@code boardlab serve} each have one), then
 * {@link #start} the ports wanted, and {@link #close} it to end open games (decided by the scores,
 * both clients told) and free the ports.
 */
public final class EmbeddedServer implements AutoCloseable {

    /**
     * The low water mark of every connection's output: a connection that stopped being read from
     * (see {@link #WRITE_BUFFER_HIGH}) is read from again once its waiting output is under it.
     */
    public static final int WRITE_BUFFER_LOW = 32 * 1024;

    /**
     * The high water mark of every connection's output: with more than this waiting for the client
     * to read it, the connection is not writable and the server stops reading from it; it is closed
     * as a slow reader after {@link ServerSettings#maxQueuedTime()} of this, or at once with more than
     * {@link ServerSettings#maxQueuedBytes()} waiting.
     */
    public static final int WRITE_BUFFER_HIGH = 64 * 1024;

    /** The kernel's send buffer of every connection, in bytes (a few seconds of any game's traffic). */
    public static final int SOCKET_SEND_BUFFER = 64 * 1024;

    /**
     * A listening port.
     *
     * @param role the port's role for a protocol with several ports (e.g. {@code black}), else {@code ""}
     * @param group the name of its set of ports (e.g. {@code reversi@14000}), else the protocol id
     */
    public record Port(String protocolId, InetSocketAddress address, String role, String group) {
        public Port(String protocolId, InetSocketAddress address) {
            this(protocolId, address, "", protocolId);
        }
    }

    /** One open set of ports of a protocol with several ports. */
    private record Group(String protocolId, String name, List<Channel> channels, List<String> roles,
            ServerProtocol.PortGroup service) {
    }

    private final Function<String, Game> games;
    private final EventBus events;
    private final ServerSettings settings;
    private final Consumer<String> log;
    private final Referee referee;
    /** {@code true} when the referee is this server's own, closed with it. */
    private final boolean ownReferee;
    private final WireTap tap;
    /**
     * Netty's event loops: the acceptor and the I/O threads of every Netty port, made when the first Netty port
     * opens ({@link #eventLoops()}), not with the server: a server that only opens ports protocols listen on
     * themselves (Dots on Jetty) never pays for them (0.3-0.9 s of a Dots kit's start). Guarded by {@code this}.
     */
    private EventLoops eventLoops;

    /** The acceptor's loop and the I/O loops. */
    private record EventLoops(EventLoopGroup boss, EventLoopGroup workers) {
    }
    private final ScheduledExecutorService timer = newTimer();
    /**
     * Where a recorded game is reported and told to its players ({@link #afterRecord}): one thread at the process's
     * priority, in the order the games were recorded, made when a game is first recorded and let go after a minute
     * without one.
     */
    private final java.util.concurrent.ThreadPoolExecutor results = newResults();
    private final Map<String, ServerProtocol> protocols = new ConcurrentHashMap<>();
    private final Map<String, Channel> listening = new ConcurrentHashMap<>();
    private final Map<String, Group> groups = new ConcurrentHashMap<>();
    /** Ports that protocols listen on themselves ({@link ServerProtocol#ownsListener()}), by protocol id. */
    private final Map<String, ServerProtocol.OwnListener> own = new ConcurrentHashMap<>();
    /** Matches started by port groups and not yet over. */
    private final Map<Long, org.boardlab.core.Match> groupMatches = new ConcurrentHashMap<>();
    private final Map<Long, ChannelConnection> connections = new ConcurrentHashMap<>();
    private final Map<Long, Table> tables = new ConcurrentHashMap<>();
    private final List<Consumer<GameResult>> resultListeners = new CopyOnWriteArrayList<>();
    private final List<Recorder> recorders = new CopyOnWriteArrayList<>();
    private final AtomicLong refused = new AtomicLong();
    private final AtomicLong violations = new AtomicLong();
    private final AtomicLong slowReaders = new AtomicLong();
    private final AtomicLong faultsInjected = new AtomicLong();
    /** Fault profiles of ports, by protocol id (or a port group's name): each new connection there gets it. */
    private final Map<String, org.boardlab.server.faults.FaultProfile> portFaults = new ConcurrentHashMap<>();
    private final Lobby lobby;
    /** The ports' failures to accept (out of file descriptors): told in one line, not one per failed accept. */
    private final org.boardlab.server.internal.AcceptErrors acceptErrors;

    /**
     * @param games    finds a game by id (the registry's)
     * @param events   where match and wire events go
     * @param settings limits and time rules
     * @param log      where the server reports connections, logins, violations and results
     */
    public EmbeddedServer(Function<String, Game> games, EventBus events, ServerSettings settings, Consumer<String> log) {
        this(games, events, null, settings, log);
    }

    /**
     * A server whose games are played by {@code referee}, boardlab's one referee (injected where
     * boardlab runs); {@code null} gives the server a referee of its own (tests, tools outside the
     * framework), closed with the server.
     *
     * @param games    finds a game by id (the registry's)
     * @param events   where match and wire events go
     * @param referee  plays the games, or {@code null}
     * @param settings limits and time rules
     * @param log      where the server reports connections, logins, violations and results
     */
    public EmbeddedServer(Function<String, Game> games, EventBus events, Referee referee, ServerSettings settings,
            Consumer<String> log) {
        this.ownReferee = referee == null;
        this.referee = referee == null ? new Referee() : referee;
        this.games = games;
        this.events = events;
        this.settings = settings;
        this.log = log;
        this.tap = new WireTap(events);
        this.lobby = new Lobby(this::newTable, timer, settings, log);
        // the limits are read now: a process out of file descriptors cannot open /proc/self/limits to read them
        OpenFiles.Limits files = OpenFiles.limits();
        this.acceptErrors = new org.boardlab.server.internal.AcceptErrors(log, System::nanoTime,
                (task, nanos) -> timer.schedule(task, nanos, TimeUnit.NANOSECONDS), files.soft(), files.hard());
    }

    /** Netty ports opened from now on listen but accept nothing until {@link #acceptNow()}; guarded by {@code this}. */
    private boolean holding;

    /**
     * The Netty ports opened from now on ({@link #start}, {@link #startGroup}) are bound and listen, but accept no
     * connection until {@link #acceptNow()}: a client that connects meanwhile waits in its port's queue (the
     * kernel's, up to 1,024 a port). {@code boardlab serve} binds its ports so before it opens the store, which
     * then cannot take one of them first: H2's {@code AUTO_SERVER} listens on a port the system picks among the
     * same ones a large block of Game Masters' ports covers, and a port it held stopped the server at start.
     * Ports a protocol opens itself ({@link ServerProtocol#ownsListener()}) are not held.
     */
    public synchronized void holdAccepting() {
        holding = true;
    }

    /** The held ports ({@link #holdAccepting()}) accept from now on, and the ports opened later at once. */
    public synchronized void acceptNow() {
        holding = false;
        for (Channel c : listening.values()) {
            c.config().setAutoRead(true);
        }
        for (Group g : groups.values()) {
            for (Channel c : g.channels()) {
                c.config().setAutoRead(true);
            }
        }
    }

    /**
     * A port just bound: its failures to accept end at {@link #acceptErrors}, after Netty's acceptor (which turns the
     * port's accepting off for a second and passes the error on); its accepted connections pass
     * {@code acceptErrors.accepts()} first (the bootstrap's handler). Netty adds its acceptor on the port's event
     * loop before the bind, which is queued after it there: once the bind is done, the acceptor is in the pipeline.
     */
    private Channel listen(Channel port) {
        port.pipeline().addLast("accept-errors", acceptErrors);
        return port;
    }

    /** Netty's event loops, made on the first call (the first Netty port). */
    private synchronized EventLoops eventLoops() {
        if (eventLoops == null) {
            eventLoops = new EventLoops(new NioEventLoopGroup(1), new NioEventLoopGroup());
        }
        return eventLoops;
    }

    /** {@code true} once a Netty port has been opened, and so Netty's event loops made (for tests). */
    synchronized boolean hasEventLoops() {
        return eventLoops != null;
    }

    /** The server's timer; a cancelled task (a reconnect window, an invitation) is let go at once. */
    private static ScheduledExecutorService newTimer() {
        java.util.concurrent.ScheduledThreadPoolExecutor timer = new java.util.concurrent.ScheduledThreadPoolExecutor(1, r -> {
            Thread t = new Thread(r, "boardlab-server-timer");
            t.setDaemon(true);
            return t;
        });
        timer.setRemoveOnCancelPolicy(true);
        return timer;
    }

    /** The thread of {@link #results}. */
    private static java.util.concurrent.ThreadPoolExecutor newResults() {
        java.util.concurrent.ThreadPoolExecutor pool = new java.util.concurrent.ThreadPoolExecutor(1, 1, 60, TimeUnit.SECONDS,
                new java.util.concurrent.LinkedBlockingQueue<>(), r -> {
                    Thread t = new Thread(r, "boardlab-server-results");
                    t.setDaemon(true);
                    return t;
                });
        pool.allowCoreThreadTimeOut(true);
        return pool;
    }

    private Table newTable(Member first, Member second, GameOptions options) {
        Game game = games.apply(first.gameId());
        Table[] self = new Table[1];
        Table table = new Table(game, options, first, second, lobby, settings, referee, events, timer, result -> {
            tables.remove(self[0].id()); // a finished game is recorded, not kept: a lab server runs for weeks
            // the table tells the players when this completes: after the commit, and after the log and the listeners
            return afterRecord(record(result, self[0].journal()), () -> reported(result.outcome().finalState().game().id(), result));
        });
        self[0] = table;
        tables.put(table.id(), table);
        return table;
    }

    /** Adds a protocol the server can open a port for (protocol bundles arrive through Sisu). */
    public void addProtocol(ServerProtocol protocol) {
        protocols.put(protocol.protocol().id(), protocol);
    }

    /** Removes a protocol, closing its port if open. */
    public void removeProtocol(String id) {
        protocols.remove(id);
        stop(id);
    }

    /** The protocols the server can open ports for. */
    public Collection<ServerProtocol> protocols() {
        return List.copyOf(protocols.values());
    }

    /**
     * Opens the port of protocol {@code protocolId}.
     *
     * @param bindAddress the address to listen on, e.g. {@code 127.0.0.1} (only this machine) or {@code 0.0.0.0}
     * @param port        the port; {@code 0} picks a free one; {@code -1} takes the system property
     *                    {@code boardlab.server.port.<protocolId>} if set, else the protocol's default
     * @return the address actually bound
     * @throws IllegalArgumentException if the protocol is unknown or already listening
     * @throws IllegalStateException if the port cannot be opened (in use, no permission)
     */
    public synchronized InetSocketAddress start(String protocolId, String bindAddress, int port) {
        ServerProtocol protocol = protocols.get(protocolId);
        if (protocol == null) {
            throw new IllegalArgumentException("no protocol '" + protocolId + "' is loaded; loaded: "
                    + String.join(", ", protocols.keySet()));
        }
        if (listening.containsKey(protocolId)) {
            throw new IllegalArgumentException("protocol " + protocolId + " is already listening on "
                    + listening.get(protocolId).localAddress());
        }
        if (own.containsKey(protocolId)) {
            throw new IllegalArgumentException("protocol " + protocolId + " is already listening on " + own.get(protocolId).address());
        }
        if (!protocol.portRoles().isEmpty()) {
            return startGroup(protocolId, bindAddress, port).get(0);
        }
        int actualPort = port >= 0 ? port : Integer.getInteger("boardlab.server.port." + protocolId,
                protocol.protocol().defaultPort());
        if (protocol.ownsListener()) {
            ServerProtocol.OwnListener listener = protocol.listen(
                    new Host(protocolId, List.of(new InetSocketAddress(bindAddress, actualPort))), bindAddress, actualPort);
            own.put(protocolId, listener);
            InetSocketAddress bound = listener.address();
            log.accept(protocolId + " listening on " + bound.getAddress().getHostAddress() + ":" + bound.getPort());
            return bound;
        }
        ServerBootstrap bootstrap = new ServerBootstrap()
                .group(eventLoops().boss(), eventLoops().workers())
                .channel(NioServerSocketChannel.class)
                .option(ChannelOption.SO_BACKLOG, 1024)
                .option(ChannelOption.AUTO_READ, !holding)
                .handler(acceptErrors.accepts())
                .childOption(ChannelOption.TCP_NODELAY, true)
                .childOption(ChannelOption.WRITE_BUFFER_WATER_MARK, new WriteBufferWaterMark(WRITE_BUFFER_LOW, WRITE_BUFFER_HIGH))
                // the kernel's share of a client's unread output, fixed (Linux doubles it: 128 KiB) rather than
                // auto-tuned up to 4 MiB: what a client does not read piles up where the water marks see it
                .childOption(ChannelOption.SO_SNDBUF, SOCKET_SEND_BUFFER)
                .childHandler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel ch) {
                        accept(ch, protocol);
                    }
                });
        try {
            Channel channel = listen(bootstrap.bind(bindAddress, actualPort).sync().channel());
            listening.put(protocolId, channel);
            InetSocketAddress bound = (InetSocketAddress) channel.localAddress();
            log.accept(protocolId + " listening on " + bound.getAddress().getHostAddress() + ":" + bound.getPort());
            return bound;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while opening port " + actualPort);
        } catch (Exception e) {
            throw new IllegalStateException("cannot listen on " + bindAddress + ":" + actualPort + " for " + protocolId + ": "
                    + e.getMessage(), e);
        }
    }

    /**
     * Opens one set of ports of a protocol with several ports ({@link ServerProtocol#portRoles()}),
     * such as one seed 004 Game Master; call it again for another set (another Game Master).
     *
     * @param ports one port per role, in role order; or one port {@code P} for {@code P, P+1, ...};
     *              {@code 0} picks free ports; {@code -1} takes the system property
     *              {@code boardlab.server.port.<protocolId>} if set, else the protocol's default, as the first
     * @return the addresses bound, in role order
     * @throws IllegalArgumentException if the protocol is unknown, has one port, or the ports are not one per role
     * @throws IllegalStateException if a port cannot be opened (the others of the set are closed again)
     */
    public synchronized List<InetSocketAddress> startGroup(String protocolId, String bindAddress, int... ports) {
        ServerProtocol protocol = protocols.get(protocolId);
        if (protocol == null) {
            throw new IllegalArgumentException("no protocol '" + protocolId + "' is loaded; loaded: "
                    + String.join(", ", protocols.keySet()));
        }
        List<String> roles = protocol.portRoles();
        if (roles.isEmpty()) {
            throw new IllegalArgumentException("protocol " + protocolId + " listens on one port: use start");
        }
        int[] wanted = new int[roles.size()];
        if (ports.length == 1) {
            int first = ports[0] >= 0 ? ports[0] : Integer.getInteger("boardlab.server.port." + protocolId,
                    protocol.protocol().defaultPort());
            for (int i = 0; i < wanted.length; i++) {
                wanted[i] = first == 0 ? 0 : first + i;
            }
        } else if (ports.length == roles.size()) {
            wanted = ports.clone();
        } else {
            throw new IllegalArgumentException("protocol " + protocolId + " opens " + roles.size() + " ports ("
                    + String.join(", ", roles) + "): give one port, or one per role");
        }
        List<Channel> bound = new ArrayList<>();
        ServerProtocol.PortGroup[] service = new ServerProtocol.PortGroup[1];
        try {
            for (int i = 0; i < wanted.length; i++) {
                int role = i;
                ServerBootstrap bootstrap = new ServerBootstrap()
                        .group(eventLoops().boss(), eventLoops().workers())
                        .channel(NioServerSocketChannel.class)
                        .option(ChannelOption.SO_BACKLOG, 1024)
                        .option(ChannelOption.AUTO_READ, !holding)
                        .handler(acceptErrors.accepts())
                        .childOption(ChannelOption.TCP_NODELAY, true)
                        .childOption(ChannelOption.WRITE_BUFFER_WATER_MARK, new WriteBufferWaterMark(WRITE_BUFFER_LOW, WRITE_BUFFER_HIGH))
                        .childOption(ChannelOption.SO_SNDBUF, SOCKET_SEND_BUFFER)
                        .childHandler(new ChannelInitializer<SocketChannel>() {
                            @Override
                            protected void initChannel(SocketChannel ch) {
                                accept(ch, protocol, service[0], role);
                            }
                        });
                try {
                    bound.add(listen(bootstrap.bind(bindAddress, wanted[i]).sync().channel()));
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IllegalStateException("interrupted while opening port " + wanted[i]);
                } catch (Exception e) {
                    throw new IllegalStateException("cannot listen on " + bindAddress + ":" + wanted[i] + " for "
                            + protocolId + " (" + roles.get(i) + "): " + e.getMessage(), e);
                }
            }
        } catch (RuntimeException e) {
            for (Channel c : bound) {
                c.close().syncUninterruptibly();
            }
            throw e;
        }
        List<InetSocketAddress> addresses = bound.stream().map(c -> (InetSocketAddress) c.localAddress()).toList();
        String name = protocolId + "@" + addresses.get(0).getPort();
        service[0] = protocol.openGroup(new Host(name, addresses));
        groups.put(name, new Group(protocolId, name, List.copyOf(bound), roles, service[0]));
        StringBuilder line = new StringBuilder(protocolId + " listening on");
        for (int i = 0; i < addresses.size(); i++) {
            line.append(i == 0 ? " " : ", ").append(roles.get(i)).append(' ')
                    .append(addresses.get(i).getAddress().getHostAddress()).append(':').append(addresses.get(i).getPort());
        }
        log.accept(line.toString());
        return addresses;
    }

    /** What a port group's service gets from the server. */
    private final class Host implements GroupHost {
        private final String name;
        private final List<InetSocketAddress> addresses;

        Host(String name, List<InetSocketAddress> addresses) {
            this.name = name;
            this.addresses = addresses;
        }

        @Override
        public String name() {
            return name;
        }

        @Override
        public List<InetSocketAddress> addresses() {
            return addresses;
        }

        @Override
        public ServerSettings settings() {
            return settings;
        }

        @Override
        public Game game(String id) {
            Game game = games.apply(id);
            if (game == null) {
                throw new IllegalArgumentException("game " + id + " is not loaded");
            }
            return game;
        }

        @Override
        public org.boardlab.core.Match newMatch(Game game, GameOptions options, org.boardlab.core.PlayerSeat first,
                org.boardlab.core.PlayerSeat second, org.boardlab.core.MatchSettings matchSettings) {
            org.boardlab.core.Match match = new org.boardlab.core.Match(referee, game, options, clientSeat(first),
                    clientSeat(second), matchSettings, events);
            groupMatches.put(match.id(), match);
            match.onGameResult(result -> recorded(game.id(), result, match.journal()));
            match.results().whenComplete((r, e) -> groupMatches.remove(match.id()));
            return match;
        }

        @Override
        public ScheduledExecutorService timer() {
            return timer;
        }

        @Override
        public void log(String line) {
            log.accept(line);
        }

        @Override
        public void acceptFailed(InetSocketAddress port, Throwable cause) {
            acceptErrors.failed(port, cause); // the same lines, and the same minute, as the server's own ports
        }

        @Override
        public void accepted() {
            acceptErrors.accepted();
        }

        @Override
        public boolean tapping() {
            return tap.active();
        }

        @Override
        public void tapFrame(long connectionId, String remote, String player, boolean fromClient, byte[] raw, long matchId,
                String violation) {
            ServerProtocol protocol = protocols.get(name.contains("@") ? name.substring(0, name.indexOf('@')) : name);
            if (protocol != null) {
                EmbeddedServer.this.tapFrame(System.currentTimeMillis() * 1000, connectionId, remote, player,
                        protocol.protocol(), fromClient, raw, matchId, violation);
            }
        }
    }

    private void recorded(String gameId, GameResult result, org.boardlab.core.MatchJournal journal) {
        afterRecord(record(result, journal), () -> reported(gameId, result));
    }

    /**
     * Runs {@code report} once {@code recorded} completes, and completes the stage it returns after it: on the calling
     * thread when nothing was to be recorded (no store: it is done already), else on {@link #results}, never on the thread
     * that completed {@code recorded}. That thread is the store's writer, which runs at a lower priority (nice 10,
     * boardlab.store's README); what follows a game's record (its players told how it ended, through their event loops'
     * selectors, and freed in the lobby under the lobby's lock) took locks that the network loops take too, and a writer
     * that lost its core while holding one held up every client of the loop that waited for it.
     */
    private java.util.concurrent.CompletableFuture<Void> afterRecord(java.util.concurrent.CompletableFuture<Void> recorded,
            Runnable report) {
        return recorded.isDone() ? recorded.thenRun(report) : recorded.thenRunAsync(report, this::toResults);
    }

    /** Hands {@code task} to {@link #results}; runs it here once that has shut down (the server is closed). */
    private void toResults(Runnable task) {
        try {
            results.execute(task);
        } catch (java.util.concurrent.RejectedExecutionException e) {
            task.run();
        }
    }

    /** Logs a finished game and hands it to the result listeners (once it is recorded). */
    private void reported(String gameId, GameResult result) {
        log.accept("game over (" + gameId + "): " + result.first() + " vs " + result.second() + ": "
                + (result.winnerName() == null ? "no winner" : result.winnerName() + " wins") + " ("
                + result.outcome().ending().name().toLowerCase() + ", " + result.outcome().detail() + ")");
        for (Consumer<GameResult> listener : resultListeners) {
            try {
                listener.accept(result);
            } catch (RuntimeException e) {
                log.accept("a result listener failed on " + result.first() + " vs " + result.second() + ": " + e);
            }
        }
    }

    private void accept(SocketChannel ch, ServerProtocol protocol) {
        accept(ch, protocol, null, -1);
    }

    private void accept(SocketChannel ch, ServerProtocol protocol, ServerProtocol.PortGroup group, int role) {
        if (connections.size() >= settings.maxClients()) {
            refused.incrementAndGet();
            log.accept("refused " + ch.remoteAddress() + ": the server has its maximum of " + settings.maxClients() + " clients");
            ch.close();
            return;
        }
        ChannelConnection connection = new ChannelConnection(ch, protocol.protocol(), this);
        connections.put(connection.id(), connection);
        org.boardlab.server.faults.FaultProfile faults = portFaults.get(protocol.protocol().id());
        if (faults != null && !faults.none()) {
            connection.faults(faults); // first in the pipeline, next to the socket
        }
        ch.closeFuture().addListener(f -> connections.remove(connection.id()));
        // first: sees every write as the bytes that go out, stops reading while they pile up
        ch.pipeline().addLast("back-pressure", connection.backPressure());
        // many small writes (lobby news, moves) from other threads: one system call per burst, not per line
        ch.pipeline().addLast("flush-consolidation", new FlushConsolidationHandler(256, true));
        long idle = settings.idleTimeout().toMillis();
        if (idle > 0) {
            ch.pipeline().addLast("idle", new IdleStateHandler(idle, 0, 0, TimeUnit.MILLISECONDS));
        }
        if (group != null) {
            group.initChannel(ch.pipeline(), connection, role);
        } else {
            protocol.initChannel(ch.pipeline(), connection);
        }
        ch.pipeline().addLast("idle-close", new ChannelInboundHandlerAdapter() {
            @Override
            public void userEventTriggered(ChannelHandlerContext ctx, Object evt) throws Exception {
                if (evt instanceof IdleStateEvent) {
                    long silent = System.currentTimeMillis() - connection.lastReadMillis();
                    log.accept("closing " + connection.remoteAddress() + ": nothing received for "
                            + String.format(java.util.Locale.ROOT, "%.1f", silent / 1000.0) + " s, over the idle limit");
                    ctx.close();
                    return;
                }
                super.userEventTriggered(ctx, evt);
            }

            @Override
            public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
                log.accept("closing " + connection.remoteAddress() + ": " + cause);
                ctx.close();
            }
        });
    }

    /**
     * A group's seat (a client of seed 004's Game Master, a Dots account) under the name its game is played and stored
     * under: its own, or, when that names a player the server runs ({@link Lobby#isReserved}), the name with
     * {@link Lobby#CLIENT_MARK}. Those protocols cannot refuse a name as the lobby's do (seed 004's Game Master must
     * accept any); stored as sent, the client's games would be the loaded player's, with its bundle and on its ladder.
     */
    private org.boardlab.core.PlayerSeat clientSeat(org.boardlab.core.PlayerSeat seat) {
        return lobby.isReserved(seat.name()) ? new org.boardlab.core.PlayerSeat(seat.name() + Lobby.CLIENT_MARK, seat.players()) : seat;
    }

    /**
     * Closes the port of {@code protocolId}; its connections stay until they end. For a protocol with
     * several ports, {@code protocolId} closes every set of ports of the protocol, and a set's name
     * ({@link Port#group()}, e.g. {@code reversi@14000}) closes that set only; the set's service ends
     * what it runs.
     */
    public synchronized void stop(String protocolId) {
        Channel channel = listening.remove(protocolId);
        if (channel != null) {
            channel.close().syncUninterruptibly();
            log.accept(protocolId + " stopped listening");
        }
        ServerProtocol.OwnListener listener = own.remove(protocolId);
        if (listener != null) {
            try {
                listener.close();
            } catch (RuntimeException e) {
                log.accept(protocolId + ": " + e);
            }
            log.accept(protocolId + " stopped listening");
        }
        int closed = 0;
        String last = null;
        for (Group g : List.copyOf(groups.values())) {
            if (g.name().equals(protocolId) || g.protocolId().equals(protocolId)) {
                groups.remove(g.name());
                for (Channel c : g.channels()) {
                    c.close().syncUninterruptibly();
                }
                try {
                    g.service().close();
                } catch (Exception e) {
                    log.accept(g.name() + ": " + e);
                }
                closed++;
                last = g.name();
            }
        }
        // one line, however many sets of ports the protocol had (3,300 game masters would be 3,300 lines)
        if (closed == 1) {
            log.accept(last + " stopped listening");
        } else if (closed > 1) {
            log.accept(protocolId + " stopped listening (" + closed + " sets of ports)");
        }
    }

    /** The open ports. */
    public List<Port> ports() {
        List<Port> list = new ArrayList<>();
        listening.forEach((id, ch) -> list.add(new Port(id, (InetSocketAddress) ch.localAddress())));
        own.forEach((id, listener) -> list.add(new Port(id, listener.address())));
        for (Group g : groups.values()) {
            for (int i = 0; i < g.channels().size(); i++) {
                list.add(new Port(g.protocolId(), (InetSocketAddress) g.channels().get(i).localAddress(), g.roles().get(i),
                        g.name()));
            }
        }
        return list;
    }

    /** The connections now open. */
    public List<Connection> connections() {
        return List.copyOf(connections.values());
    }

    /** The tables whose games are still being played. */
    public List<Table> tables() {
        tables.values().removeIf(Table::isOver);
        return List.copyOf(tables.values());
    }

    /**
     * The games still being played that protocols with ports of their own play through this server's
     * referee ({@link GroupHost#newMatch}): Dots games on the web, Game Masters' games. The id of each is
     * the match id of its events and wire frames, so the Match view and the inspector find it.
     */
    public List<org.boardlab.core.Match> hostedMatches() {
        List<org.boardlab.core.Match> list = new ArrayList<>(groupMatches.values());
        list.removeIf(m -> m.results().isDone());
        list.sort(java.util.Comparator.comparingLong(org.boardlab.core.Match::id));
        return list;
    }

    public Lobby lobby() {
        return lobby;
    }

    public ServerSettings settings() {
        return settings;
    }

    public WireTap tap() {
        return tap;
    }

    /**
     * Injects {@code profile}'s faults on every connection that comes to the port(s) of {@code protocolId}
     * from now on ({@code boardlab serve --faults}); {@link org.boardlab.server.faults.FaultProfile#NONE}
     * stops it. Connections already open keep theirs (change one with {@link Connection#faults(org.boardlab.server.faults.FaultProfile)}).
     */
    public void portFaults(String protocolId, org.boardlab.server.faults.FaultProfile profile) {
        if (profile.none()) {
            portFaults.remove(protocolId);
        } else {
            portFaults.put(protocolId, profile);
        }
        log.accept(protocolId + ": new connections get the faults " + profile);
    }

    /** The fault profile new connections to the port(s) of {@code protocolId} get; {@code NONE} when none. */
    public org.boardlab.server.faults.FaultProfile portFaults(String protocolId) {
        return portFaults.getOrDefault(protocolId, org.boardlab.server.faults.FaultProfile.NONE);
    }

    /** Faults injected on the server's connections so far (fault profiles). */
    public long faultsInjected() {
        return faultsInjected.get();
    }

    /** Counts one injected fault. */
    public void faultInjected() {
        faultsInjected.incrementAndGet();
    }

    /** Clients turned away because the server was full. */
    public long refusedClients() {
        return refused.get();
    }

    /** Protocol violations seen. */
    public long violations() {
        return violations.get();
    }

    /** Clients closed because they did not read what the server sent them (slow readers). */
    public long slowReaders() {
        return slowReaders.get();
    }

    /** Records a slow reader in the log and its counter (the connection is being closed). */
    public void slowReader(Connection connection, String why) {
        slowReaders.incrementAndGet();
        log.accept("closing " + connection.remoteAddress()
                + (connection.playerName() == null ? "" : " (" + connection.playerName() + ")")
                + ": a slow reader: " + why);
    }

    /**
     * Records a finished game: commits it, or hands it to a writer that commits it later.
     */
    @FunctionalInterface
    public interface Recorder {
        /**
         * Called with every finished game and its journal, on the game's thread; read the journal
         * now. Return at once: the game is reported when the returned stage completes.
         *
         * @return completes once the game is committed (exceptionally if it could not be)
         */
        java.util.concurrent.CompletionStage<?> record(GameResult result, org.boardlab.core.MatchJournal journal);
    }

    /**
     * Calls {@code recorder} with every finished game and its journal, on the game's thread. The
     * game is logged, reported to {@link #onResult} listeners and told to its players only when the
     * stage the recorder returns completes (the store's writer has committed it), so the game's
     * thread never waits for the disk and a crash loses no reported game. A recorder that throws or
     * fails is logged; the game is reported all the same.
     */
    public void onRecord(Recorder recorder) {
        recorders.add(recorder);
    }

    private static final java.util.concurrent.CompletableFuture<Void> RECORDED = java.util.concurrent.CompletableFuture.completedFuture(null);

    /**
     * Hands a finished game to the recorders (the store).
     *
     * @return completes (never exceptionally) when every recorder has recorded it or failed
     */
    private java.util.concurrent.CompletableFuture<Void> record(GameResult result, org.boardlab.core.MatchJournal journal) {
        if (recorders.isEmpty()) {
            return RECORDED;
        }
        List<java.util.concurrent.CompletableFuture<?>> all = new ArrayList<>(recorders.size());
        for (Recorder r : recorders) {
            java.util.concurrent.CompletableFuture<?> done;
            try {
                done = r.record(result, journal).toCompletableFuture();
            } catch (RuntimeException e) {
                done = java.util.concurrent.CompletableFuture.failedFuture(e);
            }
            all.add(done.handle((x, e) -> {
                if (e != null) {
                    Throwable why = e instanceof java.util.concurrent.CompletionException && e.getCause() != null ? e.getCause() : e;
                    log.accept("could not record the game " + result.first() + " vs " + result.second() + ": " + why.getMessage());
                }
                return null;
            }));
        }
        return all.size() == 1 ? all.get(0).thenApply(x -> null)
                : java.util.concurrent.CompletableFuture.allOf(all.toArray(java.util.concurrent.CompletableFuture[]::new));
    }

    /** Calls {@code listener} with every finished game (on the game's thread). */
    public void onResult(Consumer<GameResult> listener) {
        resultListeners.add(listener);
    }

    /** Hands a frame to the tap (only while somebody listens). */
    public void tapFrame(long timeMicros, long connectionId, String remote, String player, Protocol protocol,
            boolean fromClient, byte[] raw, long matchId, String violation) {
        if (tap.active()) {
            tap.offer(new WireTap.Frame(timeMicros, connectionId, remote, player, protocol, fromClient, raw, matchId, violation));
        }
    }

    /** Records a violation in the log. */
    public void violation(Connection connection, String reason) {
        violations.incrementAndGet();
        log.accept("protocol violation by " + connection.remoteAddress()
                + (connection.playerName() == null ? "" : " (" + connection.playerName() + ")") + ": " + reason
                + "; disconnecting it");
    }

    /**
     * Ends every open game (decided by the scores, both clients told), closes every port and
     * connection, and stops the server's threads.
     */
    @Override
    public void close() {
        for (String id : List.copyOf(listening.keySet())) {
            stop(id);
        }
        List<org.boardlab.core.Match> openMatches = List.copyOf(groupMatches.values());
        for (org.boardlab.core.Match match : openMatches) {
            match.adjudicate("the server is shutting down");
        }
        for (String protocol : groups.values().stream().map(Group::protocolId).distinct().toList()) {
            stop(protocol); // all the protocol's sets of ports, in one line
        }
        List<Table> open = tables();
        for (Table table : open) {
            table.adjudicate("the server is shutting down");
        }
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        // until each game has ended and its players have been told how (a table tells them once the game is stored,
        // up to the store's group commit later: closing at "over" lost the reason for one of them now and then)
        while ((open.stream().anyMatch(t -> !t.endTold()) || openMatches.stream().anyMatch(m -> !m.results().isDone()))
                && System.nanoTime() < until) {
            try {
                Thread.sleep(10);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        for (String id : List.copyOf(own.keySet())) {
            stop(id); // after their games ended, so their clients heard how
        }
        for (ChannelConnection c : List.copyOf(connections.values())) {
            c.channel().writeAndFlush(io.netty.buffer.Unpooled.EMPTY_BUFFER).awaitUninterruptibly(1, TimeUnit.SECONDS);
            c.close();
        }
        EventLoops loops;
        synchronized (this) {
            loops = eventLoops;
        }
        if (loops != null) {
            loops.workers().shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
            loops.boss().shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
        }
        timer.shutdownNow();
        results.shutdown(); // what is queued still runs: the results of games recorded before the close
        tap.close();
        if (ownReferee) {
            referee.close();
        }
    }
}
