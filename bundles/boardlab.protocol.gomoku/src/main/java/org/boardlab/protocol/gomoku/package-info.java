/**
 * The Gomoku wire protocol of seed 003 ("GMKU" frames carrying JSON), as the original Qt program
 * twd2/chess speaks it: the messages ({@link org.boardlab.protocol.gomoku.GomokuMessage}), their JSON
 * ({@link org.boardlab.protocol.gomoku.GomokuJson}) and the Netty codec that a server or a client
 * puts in its pipeline.
 *
 * <p>A pipeline reads and writes messages like this:
 * <pre>
 *   bytes ──► GomokuFrameDecoder ──► whole frames (ByteBuf) ──► GomokuMessageDecoder ──► GomokuMessage
 *                                                                                     or ProtocolViolation
 *   bytes ◄── GomokuMessageEncoder ◄── GomokuMessage
 * </pre>
 * A session handler after the decoders gets three kinds of events:
 * <ul>
 *   <li>{@code channelRead(GomokuMessage)}: a well-formed message;</li>
 *   <li>{@code channelRead(ProtocolViolation)}: a frame that was skipped (bad JSON, unknown type,
 *       missing field...); the connection stays open, as in the original server;</li>
 *   <li>{@code exceptionCaught(GomokuProtocolException)}: a broken stream (wrong magic, frame over
 *       10,240 bytes, connection lost in the middle of a frame); the frame decoder has already
 *       closed the connection, the handler only logs {@code violation().reason()}.</li>
 * </ul>
 * To play as a client, use {@link org.boardlab.protocol.gomoku.GomokuClient} (asynchronous, Netty,
 * with this codec inside) and {@link org.boardlab.protocol.gomoku.GomokuSeat}, which lets any loaded
 * {@link org.boardlab.api.Player} place the stones.
 *
 * <p>The full specification, with examples and the differences from the original server, is the
 * bundle's {@code README.md}.
 */
@Export
@Version("0.2.0")
package org.boardlab.protocol.gomoku;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
