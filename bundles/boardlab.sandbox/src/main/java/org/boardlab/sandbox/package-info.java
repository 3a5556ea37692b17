/**
 * Engines as players: an {@link org.boardlab.sandbox.EngineProtocol} (implemented by an adapter
 * bundle such as {@code boardlab.engine.gomocup}) makes the player of an engine described by an
 * {@link org.boardlab.sandbox.EngineDescriptor} file in the players folder; its process is started,
 * confined like a student's player host, by {@link org.boardlab.sandbox.Engines}; a line engine's
 * player extends {@link org.boardlab.sandbox.EnginePlayer}.
 */
@Export
@Version("0.1.0")
package org.boardlab.sandbox;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
