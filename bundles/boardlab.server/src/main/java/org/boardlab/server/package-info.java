/**
 * The embedded server: {@link org.boardlab.server.EmbeddedServer} opens one TCP port per
 * {@link org.boardlab.server.ServerProtocol}; every connection is a
 * {@link org.boardlab.server.Connection} whose protocol session logs into the shared
 * {@link org.boardlab.server.Lobby}, invites and is invited, and plays at a
 * {@link org.boardlab.server.Table} through the core's referee. The {@link org.boardlab.server.WireTap}
 * turns every frame into a {@link org.boardlab.api.event.WireEvent}; a
 * {@link org.boardlab.server.ClientTap} does it for one of boardlab's own client connections (0.5.0:
 * also for a client that is not on Netty, message by message). 0.6.0: {@link org.boardlab.server.WireTap#pending()}.
 * 0.7.0: {@link org.boardlab.server.Connection#anonymousName()}, {@link org.boardlab.server.OpenFiles}.
 * 0.8.0: {@link org.boardlab.server.Lobby#reserveNames}, {@link org.boardlab.server.Lobby#isReserved} and
 * {@link org.boardlab.server.Lobby#CLIENT_MARK}: names no client may log in with, or play a group's game under.
 * 0.9.0: {@link org.boardlab.server.GroupHost#acceptFailed} and {@link org.boardlab.server.GroupHost#accepted}: a
 * protocol's own listener's failed accepts told in the server's one line.
 */
@Export
@Version("0.9.0")
package org.boardlab.server;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
