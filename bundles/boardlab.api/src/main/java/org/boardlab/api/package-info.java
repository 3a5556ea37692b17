/**
 * The boardlab SPI: {@link org.boardlab.api.Game}, {@link org.boardlab.api.GameState},
 * {@link org.boardlab.api.Move}, {@link org.boardlab.api.Player} and
 * {@link org.boardlab.api.Protocol}.
 *
 * <p>0.4.0: {@link org.boardlab.api.AsyncPlayer} (a player that answers through a future and needs
 * no thread while it waits) moved here from {@code org.boardlab.core}.
 *
 * <p>A student's bundle implements {@link org.boardlab.api.Player} in a class annotated with
 * {@code @javax.inject.Named("my-player")}; boardlab finds it when the bundle is dropped into the
 * players folder. Nothing else from the framework is needed.
 */
@Export
@Version("0.4.0")
package org.boardlab.api;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
