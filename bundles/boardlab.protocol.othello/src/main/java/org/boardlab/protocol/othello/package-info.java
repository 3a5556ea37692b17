/**
 * The Othello text protocol of seed 000, for servers and clients: the messages
 * ({@link org.boardlab.protocol.othello.ClientMessage}, {@link org.boardlab.protocol.othello.ServerMessage}),
 * the values they carry ({@link org.boardlab.protocol.othello.Square},
 * {@link org.boardlab.protocol.othello.Board}, ...) and the Netty codec
 * ({@link org.boardlab.protocol.othello.OthelloCodec}, {@link org.boardlab.protocol.othello.OthelloDecoder},
 * {@link org.boardlab.protocol.othello.OthelloEncoder}), and a client to build on:
 * {@link org.boardlab.protocol.othello.OthelloClient} (asynchronous, Netty) and
 * {@link org.boardlab.protocol.othello.OthelloSeat}, which lets any loaded
 * {@link org.boardlab.api.Player} play through it.
 *
 * <p>One message is one line of printable ASCII ended by LF: {@code <prefix><TYPE>~<field>~<field>\n},
 * prefix {@code C} from a client, {@code S} from the server. The full specification, with every
 * message, the session states and the error rules, is the bundle's {@code README.md}.
 */
@Export
@Version("0.2.0")
package org.boardlab.protocol.othello;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
