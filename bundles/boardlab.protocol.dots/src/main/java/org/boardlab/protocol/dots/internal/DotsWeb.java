package org.boardlab.protocol.dots.internal;

import java.net.InetSocketAddress;
import java.util.Set;
import org.boardlab.api.Game;
import org.boardlab.protocol.dots.DotsWire;
import org.boardlab.server.GroupHost;
import org.boardlab.server.ServerProtocol;
import org.cometd.bayeux.server.BayeuxServer;
import org.cometd.server.BayeuxServerImpl;
import org.cometd.server.ServerSessionImpl;
import org.cometd.server.http.JSONHttpTransport;
import org.cometd.server.http.jakarta.CometDServlet;
import org.eclipse.jetty.ee11.servlet.ServletContextHandler;
import org.eclipse.jetty.ee11.servlet.ServletHolder;
import org.eclipse.jetty.http.pathmap.PathSpec;
import org.eclipse.jetty.server.Context;
import org.eclipse.jetty.server.HttpConfiguration;
import org.eclipse.jetty.server.HttpConnectionFactory;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.server.handler.CrossOriginHandler;
import org.eclipse.jetty.server.handler.PathMappingsHandler;
import org.eclipse.jetty.server.handler.SizeLimitHandler;
import org.eclipse.jetty.util.thread.QueuedThreadPool;
import org.eclipse.jetty.websocket.server.WebSocketUpgradeHandler;

/**
 * One Dots port: a Jetty server whose handlers are, from the outside in,
 * <pre>
 *   SizeLimitHandler      a request body over 64 KiB is refused with 413
 *   CrossOriginHandler    CORS for any origin (the original page is served from elsewhere)
 *   PathMappingsHandler
 *     /game, /game/*      FayeFormBodies        Faye 1.0's cross-origin message=... bodies as JSON, and its
 *                                               callback-polling (JSONP) as POSTs, answered as scripts
 *                         ServletContextHandler "/" (Jetty ee11)
 *                           WebSocketUpgradeHandler   WebSocket upgrades (CometD's websocket transport,
 *                                                     taking Faye 1.0's empty batches: FayeWebSocketTransport)
 *                           CometDServlet             Bayeux long-polling
 *     /                   WebHandler: POST /register, POST /auth, GET /queue, GET /gamedata, the page
 * </pre>
 * and a {@link DotsRoom}, the CometD extension that checks every message and runs the lobby and games.
 * The transports are made here rather than by class name, so that nothing is loaded by reflection
 * across bundles in OSGi.
 */
final class DotsWeb implements ServerProtocol.OwnListener {

    /** The largest request body taken (a Bayeux batch, a form). */
    static final long MAX_BODY = 64 * 1024;

    /**
     * How long a connection may carry nothing either way before the server closes it: an HTTP connection, and a
     * WebSocket too. The server holds a client's {@code /meta/connect} up to 45 s (the seed's Faye timeout) and the
     * client sends nothing meanwhile if it has nothing to say, so anything under 45 s cuts live clients off. Jetty's
     * WebSocket default, 30 s, did: every 45 s cycle a quiet client's socket was closed (1001) 30 s into it, and its
     * client (npm faye, which sends no keep-alive of its own; the seed's bots) opened a new one. A client that is
     * really gone is dropped by CometD 10 s after its held {@code /meta/connect} is answered, which closes its socket.
     */
    static final long IDLE_TIMEOUT_MILLIS = 120_000;

    private final Server server;
    private final DotsRoom room;
    private final WebHandler web;
    private final InetSocketAddress address;
    private final Arrivals arrivals;
    private final BayeuxServerImpl bayeux;

    DotsWeb(GroupHost host, Game game, Accounts accounts, DotsWire.Timers timers, String bindAddress, int port) {
        this(host, game, accounts, timers, bindAddress, port, Options.SERVER, null);
    }

    /**
     * How a port is made: the server's (WebSocket too, nothing around the handlers), or the client kit's
     * ({@link DotsClientKit}: long-polling only, so that every message crosses HTTP, and a handler
     * around all the others that sees each request and answer).
     *
     * @param webSocket offer the WebSocket transport
     * @param outermost wraps the outermost handler (the size limit), or gives it back as it is
     * @param view      how many other waiting users each subscriber of the lobby is shown at most ({@link DotsLobby})
     */
    record Options(boolean webSocket, java.util.function.UnaryOperator<org.eclipse.jetty.server.Handler> outermost, int view) {
        /** The server's: WebSocket offered, nothing around the handlers, views of {@link DotsRoom#VIEW}. */
        static final Options SERVER = new Options(true, h -> h, DotsRoom.VIEW);

        /** These options with views of {@code users}. */
        Options withView(int users) {
            return new Options(webSocket, outermost, users);
        }
    }

    /**
     * @param logins the file the login tokens' hashes are kept in between runs ({@link Tokens}), {@code null}: in
     *               memory only
     * @throws IllegalStateException if the port cannot be opened, or {@code logins} cannot be read
     */
    DotsWeb(GroupHost host, Game game, Accounts accounts, DotsWire.Timers timers, String bindAddress, int port, Options options,
            java.nio.file.Path logins) {
        // nothing holds a thread for long here (long polls and bodies are asynchronous, password hashes have their own
        // pool): a few threads per core carry the messages; 200, Jetty's default, made 200 idle threads after a burst
        // its jobs waiting for a thread hold the time rules' clock (Arrivals: what a WebSocket reads next waits there)
        Arrivals arrivals = new Arrivals();
        QueuedThreadPool threads = arrivals.pool(Math.max(32, 16 * Runtime.getRuntime().availableProcessors()), 8);
        threads.setName("boardlab-dots");
        threads.setDaemon(true);
        server = new Server(threads);
        // every connection's HTTP parser keeps a cache of the header fields it has seen (Jetty's default: 1024 of them,
        // in tries of about 95 KB a connection): 8,300 long-polling clients held 714 MB of the server's 1 GB in them
        // (jcmd GC.class_histogram: 22,515 char[] of 32 KB), the clients' own data a small part of it. Without it
        // each header is parsed anew, a few bytes of work
        HttpConfiguration http = new HttpConfiguration();
        http.setHeaderCacheSize(0);
        ServerConnector connector = new Connector(server, host, bindAddress, arrivals, new HttpConnectionFactory(http));
        connector.setHost(bindAddress);
        connector.setPort(port);
        connector.setAcceptQueueSize(1024);
        connector.setIdleTimeout(IDLE_TIMEOUT_MILLIS);
        server.addConnector(connector);

        ServletContextHandler bayeuxContext = new ServletContextHandler("/");
        if (options.webSocket()) {
            bayeuxContext.insertHandler(WebSocketUpgradeHandler.from(server, bayeuxContext));
        }
        // CometD drops a session whose next /meta/connect has not come maxInterval after its last: counted on the time
        // rules' clock, which stands still while a request waits to be read (it may be that connect: Arrivals)
        BayeuxServerImpl bayeux = new BayeuxServerImpl() {
            @Override
            public ServerSessionImpl newServerSession() {
                return new ServerSessionImpl(this) {
                    @Override
                    protected boolean sweep(long now) {
                        return super.sweep(arrivals.clock(now));
                    }
                };
            }
        };
        bayeux.setOption("ws.cometdURLMapping", DotsWire.BAYEUX_PATH + "/*");
        bayeux.setOption("timeout", 45_000L); // the original's Faye timeout: 45 s long polls
        bayeux.setOption("maxInterval", timers.silence().toMillis()); // a client that stops polling is gone as soon as a silent player
        bayeux.setOption("maxQueue", 2_000);
        bayeux.setOption("maxSessionsPerBrowser", -1);
        // as the original Faye server: a session is found by its clientId alone, without CometD's browser cookie,
        // which cross-origin clients (the original page served elsewhere) and cookie-less bots do not send back;
        // every message still proves its sender with its auth token
        bayeux.setOption("trustClientSession", true);
        bayeux.setOption("ws.maxMessageSize", MAX_BODY);
        bayeux.setOption("ws.idleTimeout", IDLE_TIMEOUT_MILLIS); // not Jetty's 30 s for a WebSocket: see IDLE_TIMEOUT_MILLIS
        // over WebSocket too, what the server sends a client goes in the answer to its held /meta/connect, as the seed's Faye
        // server does (a connection is flushed as soon as a message is queued for it), not beside a connect held 45 s: Faye's
        // clients give up on a message not answered within 1.2 times the advised timeout (54 s; npm faye 1.4.1 then closes
        // the socket), so a connect read more than 9 s late (a WebSocket's next frame is read once the last one's answers
        // are written, and a lobby message waits for the lobby's lock while a class pairs) was given up and its socket
        // closed: 1,910 of 5,000 clients' sockets in session 22's run, 1 with this (the README's "On WebSocket")
        bayeux.setOption("ws.metaConnectDeliverOnly", true);
        bayeux.setOption(Context.class.getName(), bayeuxContext.getContext());
        // CometD hands each delivery to a WebSocket (every message the lobby or a game sends a client on WebSocket, the
        // seed's browsers) to its executor, by default a pool of its own of up to 128 threads: 400 clients on
        // WebSocket kept all 128 alive (a thread dump, session 21), on two cores. A delivery only starts an
        // asynchronous write (no thread waits for the client), so a few threads carry them all. Not the port's pool:
        // while a class pairs, most of its threads wait for the lobby's lock (27-29 of 32 in thread dumps of 3,000
        // clients), and a newgame or a move would wait behind them
        QueuedThreadPool deliveries = new QueuedThreadPool(Math.max(4, 2 * Runtime.getRuntime().availableProcessors()), 0);
        deliveries.setName("boardlab-dots-send");
        deliveries.setDaemon(true);
        deliveries.setReservedThreads(0);
        server.addBean(deliveries, true);
        bayeux.setExecutor(deliveries);
        if (options.webSocket()) {
            bayeux.setTransports(new FayeWebSocketTransport(bayeux), new JSONHttpTransport(bayeux));
        } else {
            bayeux.setTransports(new JSONHttpTransport(bayeux));
        }
        bayeuxContext.setAttribute(BayeuxServer.ATTRIBUTE, bayeux);
        ServletHolder cometd = new ServletHolder("cometd", CometDServlet.class);
        cometd.setInitOrder(1);
        cometd.setAsyncSupported(true);
        bayeuxContext.addServlet(cometd, DotsWire.BAYEUX_PATH);
        bayeuxContext.addServlet(cometd, DotsWire.BAYEUX_PATH + "/*");

        Tokens tokens = new Tokens(timers.tokenLife(), logins);
        WebHandler web = new WebHandler(accounts, tokens);
        PathMappingsHandler paths = new PathMappingsHandler();
        FayeFormBodies bayeuxHandler = new FayeFormBodies(bayeuxContext);
        paths.addMapping(PathSpec.from(DotsWire.BAYEUX_PATH), bayeuxHandler);
        paths.addMapping(PathSpec.from(DotsWire.BAYEUX_PATH + "/*"), bayeuxHandler);
        paths.addMapping(PathSpec.from("/"), web);
        CrossOriginHandler cors = new CrossOriginHandler();
        cors.setAllowedOriginPatterns(Set.of("*"));
        cors.setAllowCredentials(false);
        // the seed's page (Faye 1.0.1) sends Pragma on its cross-origin POSTs; Faye's other versions X-Requested-With
        cors.setAllowedHeaders(Set.of("Content-Type", "Pragma", "X-Requested-With", "Cache-Control"));
        cors.setHandler(paths);
        SizeLimitHandler limit = new SizeLimitHandler(MAX_BODY, -1);
        limit.setHandler(cors);
        server.setHandler(options.outermost().apply(limit));
        DotsRoom opened = new DotsRoom(bayeux, accounts, tokens, host, game, timers, options.view(), arrivals);
        try {
            server.start(); // starts the servlet, which starts CometD
            opened.open();
            web.room(opened);
        } catch (Exception e) {
            try {
                server.stop();
            } catch (Exception ignored) {
                // already failing
            }
            throw new IllegalStateException("cannot listen on " + bindAddress + ":" + port + " for dots: " + e.getMessage(), e);
        }
        room = opened;
        this.bayeux = bayeux;
        this.web = web;
        this.arrivals = arrivals;
        address = new InetSocketAddress(bindAddress, connector.getLocalPort());
    }

    DotsRoom room() {
        return room;
    }

    /**
     * The port's connector (one acceptor thread, one selector): its failed accepts are told as the server's own
     * ports tell theirs ({@link GroupHost#acceptFailed}: one plain line with the limit of open files, then at most
     * one a minute), not as Jetty's warning with a stack trace for each (which the product's logging showed nowhere),
     * and the next accept is tried a second later, as Jetty does and as Netty's ports do: clients that connect
     * meanwhile wait in the port's queue. Its connections are stamped while what they received waits for a thread
     * ({@link Arrivals}: the clock of the time rules).
     */
    private static final class Connector extends ServerConnector {
        private final GroupHost host;
        private final String bindAddress;
        private final Arrivals arrivals;
        private volatile InetSocketAddress at;

        Connector(Server server, GroupHost host, String bindAddress, Arrivals arrivals, HttpConnectionFactory factory) {
            super(server, 1, 1, factory);
            this.host = host;
            this.bindAddress = bindAddress;
            this.arrivals = arrivals;
            arrivals.watch(this);
        }

        @Override
        protected org.eclipse.jetty.io.SocketChannelEndPoint newEndPoint(java.nio.channels.SocketChannel channel,
                org.eclipse.jetty.io.ManagedSelector selector, java.nio.channels.SelectionKey key) {
            return arrivals.endPoint(this, channel, selector, key);
        }

        @Override
        public void accept(int acceptorId) throws java.io.IOException {
            super.accept(acceptorId);
            host.accepted();
        }

        @Override
        protected boolean handleAcceptFailure(Throwable failure) {
            if (!isRunning() || failure instanceof InterruptedException || failure instanceof java.nio.channels.ClosedByInterruptException) {
                return super.handleAcceptFailure(failure); // stopping: Jetty's own (quiet) handling
            }
            InetSocketAddress port = at;
            if (port == null) {
                port = new InetSocketAddress(bindAddress, getLocalPort());
                at = port;
            }
            host.acceptFailed(port, failure);
            try {
                Thread.sleep(1000);
                return true;
            } catch (InterruptedException e) {
                return false; // the port is stopping
            }
        }
    }

    /** The clock of the time rules (tests look at what waits). */
    Arrivals arrivals() {
        return arrivals;
    }

    /** The Bayeux server (tests look at what runs its work). */
    BayeuxServerImpl bayeux() {
        return bayeux;
    }

    /** The Jetty server (tests look at its connections). */
    Server jetty() {
        return server;
    }

    /** The accounts' tokens (the client kit logs its own player in with one). */
    Tokens tokens() {
        return web.tokens();
    }

    @Override
    public InetSocketAddress address() {
        return address;
    }

    @Override
    public void close() {
        room.close();
        web.close();
        try {
            server.stop();
        } catch (Exception e) {
            throw new IllegalStateException("stopping the dots port: " + e.getMessage(), e);
        } finally {
            web.tokens().save();
        }
    }
}
