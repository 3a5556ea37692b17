/**
 * Fault injection: a {@link org.boardlab.server.faults.FaultProfile} (delay and jitter, bandwidth,
 * drops, 1-byte writes, merged writes, bit flips, a pause; each direction on its own) applied by a
 * {@link org.boardlab.server.faults.FaultLane} per direction, either in a TCP proxy in front of any
 * server ({@link org.boardlab.server.faults.FaultProxy}, {@code boardlab proxy}) or first in an
 * embedded server connection's pipeline ({@link org.boardlab.server.faults.FaultHandler},
 * {@code boardlab serve --faults}, the Server view). Every fault is reported as it is injected, and
 * reaches the inspector as a {@link org.boardlab.api.event.WireEvent} whose
 * {@link org.boardlab.api.event.WireEvent#fault()} names it.
 */
@Export
@Version("0.1.0")
package org.boardlab.server.faults;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
