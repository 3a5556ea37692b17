/**
 * Seed 001's Onitama protocol, for servers and clients: the wire's card numbers
 * ({@link org.boardlab.protocol.onitama.WireCards}), moves ({@link org.boardlab.protocol.onitama.WireMove}),
 * the server's messages ({@link org.boardlab.protocol.onitama.ServerMessage}), the framer that cuts a
 * client's unterminated messages by what the session expects ({@link org.boardlab.protocol.onitama.ClientFramer}),
 * the pacing of the server's messages ({@link org.boardlab.protocol.onitama.Pacer}), the codec stages
 * ({@link org.boardlab.protocol.onitama.OnitamaCodec}).
 *
 * <p>A server message is ASCII text and one NUL byte; a client message is ASCII text with no
 * terminator. The full specification, with every message, the table states and the errors, is the
 * bundle's {@code README.md}.
 */
@Export
@Version("0.1.0")
package org.boardlab.protocol.onitama;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
