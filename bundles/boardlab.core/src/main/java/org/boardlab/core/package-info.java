/**
 * The heart of boardlab: the {@link org.boardlab.core.Registry} of loaded games, players and
 * protocols, the {@link org.boardlab.core.Referee} that runs one game, {@link org.boardlab.core.Match}
 * that controls a series of games (continuous or step by step, pause, restart), the
 * {@link org.boardlab.core.MatchJournal} in which the referee writes each game (its one history:
 * read a snapshot, or follow it from a ply on), {@link org.boardlab.core.GameRecord} (the text
 * format of a game record), and the {@link org.boardlab.core.EventBus} every view listens to.
 */
@Export
@Version("0.1.0")
package org.boardlab.core;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
