/**
 * Onitama, after seed 001: the {@link org.boardlab.game.onitama.Onitama} game, and what a board
 * view or an AI needs to look inside a position: the {@link org.boardlab.game.onitama.Card}s and
 * their steps, {@link org.boardlab.game.onitama.Square}s and
 * {@link org.boardlab.game.onitama.Piece}s, the
 * {@link org.boardlab.game.onitama.OnitamaPosition} view of a state, the
 * {@link org.boardlab.game.onitama.OnitamaMove} notation, seed 001's heuristic
 * ({@link org.boardlab.game.onitama.OnitamaHeuristic}) and seed 001's board encoding between
 * server and AI ({@link org.boardlab.game.onitama.OnitamaEncoding}).
 */
@Export
@Version("0.1.0")
package org.boardlab.game.onitama;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
