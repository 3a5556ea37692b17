/**
 * The client stack every protocol's client is built on, so that a protocol's own client code holds
 * only its messages, its state and its rules. It needs the api and Netty only: a client does not
 * pull in the server, the lobby or core.
 * <ul>
 * <li>{@link org.boardlab.client.NettyClient}: one TCP connection on Netty, for a protocol's client
 * to extend. It connects (on a shared group of daemon event loops or the caller's), runs every
 * listener call on the connection's event loop, sends the protocol's keep-alive at an interval,
 * lets the user add pipeline handlers, reconnects when asked, and reports the close once, with who
 * or what closed it ({@link org.boardlab.client.CloseReason}, {@link org.boardlab.client.CloseKind}).
 * How it connects: {@link org.boardlab.client.ClientOptions}; what it tells:
 * {@link org.boardlab.client.ClientListener}.</li>
 * <li>{@link org.boardlab.client.ClientSeat}: a loaded {@link org.boardlab.api.Player} playing
 * through such a client: it asks the player with a deadline and never waits for the answer (an
 * {@link org.boardlab.api.AsyncPlayer} through its future, a blocking player on a worker thread;
 * 0.8.0), drops an answer about a position the game has left, reports what goes wrong to a
 * {@link org.boardlab.client.SeatListener}, counts the games and completes
 * {@link org.boardlab.client.ClientSeat#finished()}. How it plays:
 * {@link org.boardlab.client.SeatOptions}. 0.8.0: {@code ClientSeat<C, M, W>} knows its client's
 * type ({@code client()}), keeps the side it plays ({@code playAs}), a move the server refused
 * ({@code refused}, {@code askAgain}) and applies the moves the rules force
 * ({@code applyForcedMoves}); 0.9.0: {@code ClientSeat.started}, the factory every protocol seat's
 * {@code start} is made of; {@code NettyClient.ping} and {@code pingAnswered} are a keep-alive
 * the server answers; {@code TerminalSession.nameProblem} checks a name before connecting.</li>
 * <li>{@link org.boardlab.client.TerminalClient} (the SPI behind {@code boardlab client PROTOCOL}),
 * {@link org.boardlab.client.TerminalSession} (what every terminal client does) and
 * {@link org.boardlab.client.TerminalLoop} (its main loop). 0.6.0: a session is given its
 * client and its seat's {@link org.boardlab.client.ClientSeat.Starter} in its constructor.</li>
 * <li>{@link org.boardlab.client.RemotePlay}: the SPI by which the workbench's Match view plays on
 * anybody's server by address (a protocol bundle implements it on its client and seat); 0.5.0 adds
 * the request's password and its {@link org.boardlab.client.RemotePlay.MessageTap} for clients that
 * are not on Netty; 0.6.0 adds {@link org.boardlab.client.SeatRemotePlay}, all of it but the
 * protocol's events for a protocol on this stack, and {@code RemotePlay.Session.of}; 0.7.0 adds
 * {@code RemotePlay.Events.standing}, the client's own standing on the server, kept above the news.</li>
 * <li>{@link org.boardlab.client.BoardText} (0.6.0): a board drawn for a terminal.</li>
 * </ul>
 * {@code docs/adding-a-protocol.md} walks through a new protocol's client on these classes.
 */
@Export
@Version("0.9.0")
package org.boardlab.client;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
