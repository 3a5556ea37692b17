/**
 * The plumbing that every protocol bundle's client shares, so that a protocol's client class
 * holds only its messages, its state and its rules:
 * <ul>
 * <li>{@link org.boardlab.server.client.NettyClient}: one TCP connection on Netty, for a protocol
 * bundle's client to extend. It connects once (on a shared group of daemon event loops or the
 * caller's), runs every listener call on the connection's event loop, sends the protocol's
 * keep-alive at an interval, lets the user add pipeline handlers, and reports the close once, with
 * who or what closed it ({@link org.boardlab.server.client.CloseKind}).</li>
 * <li>{@link org.boardlab.server.client.ClientSeat}: a loaded {@link org.boardlab.api.Player}
 * playing through such a client: it asks the player on a worker thread with a deadline, drops an
 * answer about a position the game has left, reports what goes wrong to a
 * {@link org.boardlab.server.client.SeatListener}, counts the games and completes
 * {@link org.boardlab.server.client.ClientSeat#finished()}.</li>
 * <li>{@link org.boardlab.server.client.TerminalLoop}: the main loop of a
 * {@link org.boardlab.server.TerminalClient}, which reads what the user types on a thread of its
 * own and hears when the connection ends or the games are played.</li>
 * </ul>
 * Each protocol keeps its own public client types (for example {@code OthelloClient},
 * {@code GomokuSeat}); these classes are what they are built on.
 */
@Export
@Version("0.1.0")
package org.boardlab.server.client;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
