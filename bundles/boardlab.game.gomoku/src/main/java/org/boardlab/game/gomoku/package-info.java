/**
 * Gomoku ({@link org.boardlab.game.gomoku.Gomoku}, the game's bean) and what it offers beyond the
 * game SPI, for views, protocols, the CLI and players: the board of a position
 * ({@link org.boardlab.game.gomoku.GomokuBoard}: size, stones, last move), its points
 * ({@link org.boardlab.game.gomoku.Point}, which are also the moves), and the danger analysis of
 * seed 003 ({@link org.boardlab.game.gomoku.DangerAnalysis}). The rules themselves are in the private
 * package {@code internal}, as in every game bundle.
 *
 * <p>Every Gomoku {@link org.boardlab.api.GameState} is a {@code GomokuBoard}:
 * <pre>{@code
 * if (state instanceof GomokuBoard board) {
 *     List<Danger> warnings = DangerAnalysis.find(board, state.sideToMove().other());
 * }
 * }</pre>
 */
@Export
@Version("0.1.0")
package org.boardlab.game.gomoku;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
