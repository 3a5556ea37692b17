/**
 * The workbench's view SPI: a bundle contributes a view to the main window by implementing
 * {@link org.boardlab.workbench.WorkbenchView} in a {@code @javax.inject.Named("<id>")} class, and a
 * game's board by implementing {@link org.boardlab.workbench.BoardRenderer}, whose
 * {@link org.boardlab.workbench.BoardWidget}s usually extend
 * {@link org.boardlab.workbench.BoardCanvas} (with {@link org.boardlab.workbench.BoardGeometry} for
 * square boards). {@link org.boardlab.workbench.Workbench} gives access to the running window (for
 * views and UI tests).
 */
@Export
@Version("0.4.0")
package org.boardlab.workbench;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
