/**
 * Events published by boardlab: moves, clocks and results of matches, and bundles arriving and
 * leaving. Everything that shows a match (views, protocols, the store, the CLI) listens to them.
 */
@Export
@Version("0.2.0")
package org.boardlab.api.event;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
