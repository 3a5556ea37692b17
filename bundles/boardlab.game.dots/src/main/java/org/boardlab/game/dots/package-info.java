/**
 * Dots ("Tochki") for boardlab: the game {@link org.boardlab.game.dots.Dots} (id {@code dots}),
 * its moves and points {@link org.boardlab.game.dots.Point}, the zones
 * {@link org.boardlab.game.dots.Zone} and the read-only view
 * {@link org.boardlab.game.dots.DotsPosition} that every position of the game implements, for
 * board views, the match controller (ending a game by agreement) and players that want more than
 * the generic {@link org.boardlab.api.GameState}.
 */
@Export
@Version("0.1.0")
package org.boardlab.game.dots;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
