/**
 * Test kits for plug-in authors: {@link org.boardlab.testkit.GameTestKit} plays random games of a
 * {@link org.boardlab.api.Game} and checks every invariant of the SPI;
 * {@link org.boardlab.testkit.PlayerTestKit} checks that a player answers legally and in time.
 */
@Export
@Version("0.1.0")
package org.boardlab.testkit;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
