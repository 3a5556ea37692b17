/**
 * The heart of boardlab: the {@link org.boardlab.core.Registry} of loaded games, players and
 * protocols, the {@link org.boardlab.core.Referee} that runs one game, {@link org.boardlab.core.Match}
 * that controls a series of games (continuous or step by step, pause, restart), and the
 * {@link org.boardlab.core.EventBus} every view listens to.
 */
@Export
@Version("0.1.0")
package org.boardlab.core;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
