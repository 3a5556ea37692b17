/**
 * Seed 004's Reversi Game Master protocol, for Game Masters, players and Game Controllers: the
 * messages ({@link org.boardlab.protocol.reversi.ReversiMessage}), the 2-bit board packing
 * ({@link org.boardlab.protocol.reversi.Cells}) and the Netty codec
 * ({@link org.boardlab.protocol.reversi.ReversiCodec}, {@link org.boardlab.protocol.reversi.ReversiFramer},
 * {@link org.boardlab.protocol.reversi.ReversiDecoder}, {@link org.boardlab.protocol.reversi.ReversiEncoder}).
 *
 * <p>A message is one type byte followed by fixed fields (names are a length byte then the bytes);
 * there is no length prefix and no delimiter. The full specification, with every message as a byte
 * table, the sessions, the forfeits and the score, is the bundle's {@code README.md}.
 */
@Export
@Version("0.1.0")
package org.boardlab.protocol.reversi;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
