package org.boardlab.server;

import io.netty.channel.ChannelPipeline;
import java.util.List;
import org.boardlab.api.Protocol;
import org.osgi.annotation.versioning.ConsumerType;

/**
 * A protocol the embedded server speaks. Implemented by protocol bundles in a class annotated
 * {@code @javax.inject.Named("<id>")} with the same id as its {@link Protocol}.
 *
 * <p>The server builds each connection's pipeline like this:
 * <pre>
 *   [server: client limit, back-pressure, idle time-out]
 *   then {@link #initChannel}:  framer  →  connection.tap()  →  message codec  →  session
 * </pre>
 * The tap must sit between the framer and the message codec, so it sees each whole frame, in and out.
 * The server's back-pressure comes first and applies to every protocol: while more than
 * {@link EmbeddedServer#WRITE_BUFFER_HIGH} bytes of output wait for the client, nothing more is read
 * from it, and a client that leaves too much output unread for too long is closed as a slow reader
 * ({@link ServerSettings#maxQueuedBytes()}, {@link ServerSettings#maxQueuedTime()}); a protocol needs
 * nothing of its own for it.
 *
 * <p>A protocol whose one service listens on several ports at once (seed 004's Game Master: a port
 * for the black player, one for the white player, one for the Game Controller) names them in
 * {@link #portRoles()}; the server then opens them together, calls {@link #openGroup} once per set of
 * ports, and sets up each connection with {@link PortGroup#initChannel}, which says on which port it
 * came. Several sets of ports of one protocol can be open at once (several Game Masters). The
 * pipeline before the protocol's own handlers is the same as for every other port.
 */
@ConsumerType
public interface ServerProtocol {

    /** The protocol's description, describer and default port. */
    Protocol protocol();

    /**
     * {@code true} for protocols whose clients are paired as they come (Gomoku), {@code false} for
     * those whose clients invite each other by name (Othello).
     */
    default boolean pairsPlayers() {
        return false;
    }

    /**
     * {@code true} if a loaded player logged into the lobby as a name can meet this protocol's
     * clients there (they invite it, or the server pairs them with it): the workbench's "a network
     * client" side of a match and {@link ServerService#offer}. The default: every protocol on one
     * port. A protocol whose clients reach games another way (seed 001's tables, seed 004's Game
     * Master) says {@code false}, and the workbench does not offer a side that would never start.
     */
    default boolean seatsLoadedPlayers() {
        return portRoles().isEmpty();
    }

    /**
     * What the protocol keeps of its own on the server whose lobby is {@code lobby}, one short line
     * each, for the Server view (seed 001's Onitama: its five tables' states and the scores). The
     * default: nothing.
     */
    default java.util.List<String> status(Lobby lobby) {
        return java.util.List.of();
    }

    /**
     * Adds the protocol's handlers to a new connection's pipeline. Called on the connection's I/O
     * thread. Not called for a protocol with {@link #portRoles()}: its {@link PortGroup} does it.
     */
    void initChannel(ChannelPipeline pipeline, Connection connection);

    /**
     * A new framer that cuts one direction of this protocol's byte stream into whole frames exactly as they
     * crossed the wire (line ends and headers kept), for a tap outside the protocol's own pipeline: the
     * fault proxy ({@code boardlab proxy --protocol}) and the workbench's client connections use it to show
     * frames, not reads, in the inspector. One per direction of a connection; it may throw on bytes that
     * are not the protocol's (the tap then shows the rest as they came). The default, {@code null}: the
     * tap shows each read as it came.
     */
    default io.netty.channel.ChannelHandler newTapFramer() {
        return null;
    }

    /**
     * The roles of the ports one service of this protocol opens together, in port order (for example
     * {@code black}, {@code white}, {@code controller}); empty, the default, for a protocol on one port.
     */
    default List<String> portRoles() {
        return List.of();
    }

    /**
     * Starts one service on a set of ports just bound (only for a protocol with {@link #portRoles()}).
     *
     * @param host what the server offers the service: its addresses, settings, matches that are recorded
     * @return what sets up the connections of these ports, and is closed when they close
     */
    default PortGroup openGroup(GroupHost host) {
        throw new UnsupportedOperationException("protocol " + protocol().id() + " listens on one port");
    }

    /** One service of a protocol with several ports ({@link ServerProtocol#portRoles()}). */
    interface PortGroup extends AutoCloseable {

        /**
         * Adds the protocol's handlers to the pipeline of a connection that came in on the port of
         * role {@code role} (an index into {@link ServerProtocol#portRoles()}). Called on the
         * connection's I/O thread.
         */
        void initChannel(ChannelPipeline pipeline, Connection connection, int role);

        /** The server closed these ports: end what is running (the server ends its matches itself). */
        @Override
        default void close() {
        }
    }

    /**
     * {@code true} for a protocol that listens on its port itself, outside the server's Netty
     * pipeline: an HTTP server such as seed 002's Dots on the web (Jetty with CometD). The server
     * then opens it with {@link #listen} instead of binding the port, lists it among its ports, and
     * closes it with the others. The default: {@code false}.
     */
    default boolean ownsListener() {
        return false;
    }

    /**
     * Opens the protocol's own listener (only for a protocol whose {@link #ownsListener()} is {@code true}).
     *
     * @param host        what the server offers: settings, matches played through its referee, its timer,
     *                    its log and its wire tap ({@link GroupHost#addresses()} holds the address asked for)
     * @param bindAddress the address to listen on
     * @param port        the port; {@code 0} picks a free one
     * @return the open listener, closed when the server stops the port
     * @throws IllegalStateException if the port cannot be opened
     */
    default OwnListener listen(GroupHost host, String bindAddress, int port) {
        throw new UnsupportedOperationException("protocol " + protocol().id() + " does not listen by itself");
    }

    /** A listener a protocol opened itself ({@link ServerProtocol#listen}). */
    interface OwnListener extends AutoCloseable {

        /** The address actually bound. */
        java.net.InetSocketAddress address();

        /** Closes the port and ends what is running on it (the server ends its matches itself). */
        @Override
        void close();
    }
}
