/**
 * Othello / Reversi for boardlab: the game {@link org.boardlab.game.othello.Othello} (id
 * {@code othello}), its moves {@link org.boardlab.game.othello.OthelloMove} and the read-only view
 * {@link org.boardlab.game.othello.OthelloPosition} that every position of the game implements, for
 * board views and players that want more than the generic {@link org.boardlab.api.GameState}.
 */
@Export
@Version("0.1.0")
package org.boardlab.game.othello;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
