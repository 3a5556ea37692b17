/**
 * Seed 002's Dots on the web, as the original html5-dots server speaks it: HTTP routes for accounts,
 * the lobby and a game's data, and Bayeux (CometD) channels for the lobby ({@code /game/queue}) and
 * each game ({@code /game/<10 hex digits>}). The exported part is what tools and tests share:
 * the wire's names ({@link org.boardlab.protocol.dots.DotsWire}). The ratings are seed 002's Elo as
 * the store keeps it ({@code org.boardlab.store.rating.SeedElo}).
 *
 * <p>The full specification, with examples and every difference from the original, is the bundle's
 * {@code README.md}.
 */
@Export
@Version("0.2.0")
package org.boardlab.protocol.dots;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
